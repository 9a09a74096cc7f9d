"""Notebook widgets: `HandView` (a clickable hand), `GameTable` (play a deal against three bots),
`PatternGallery` (every pattern of a game, weakest first) and `CompareQuiz` (which play wins?)."""

from .gallery import PatternGallery
from .hand import HandView
from .quiz import CompareQuiz
from .table import GameTable

__all__ = ["CompareQuiz", "GameTable", "HandView", "PatternGallery"]
