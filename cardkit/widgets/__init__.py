"""Notebook widgets: `HandView` (a clickable hand), `GameTable` (play against three bots),
`PatternGallery` and `CompareQuiz`."""
