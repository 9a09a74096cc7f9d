"""升級 / 拖拉機 (shengji, "Tractor"), seed 003: two decks, play from 3, 2s permanent trumps.

`rules` holds the pure rules (card order, patterns, following, trick winner, scoring); `game` the deal
as a Game (declaring during the deal, the kitty, tricks, scoring) and a `Match` from 3 to A that follows
the Game protocol too (`new_match`).
"""

from .game import (
    HAND_SIZE,
    KITTY_SIZE,
    LEVELS,
    NEXT_DEAL,
    PASS_DECLARE,
    SIDE_NAMES,
    Game,
    Match,
    after_deal,
    new_game,
    new_match,
    raise_level,
)
from .rules import (
    DECLARATION_FORMS,
    KITTY_MULTIPLIERS,
    POINTS,
    TRUMP,
    WIN_THRESHOLD,
    Declaration,
    Format,
    Play,
    Rules,
    Unit,
    card_points,
)

Combo = Play
"""The engine brief's name for a card action; in 升級 every card action is a `Play`."""

__all__ = [
    "DECLARATION_FORMS",
    "HAND_SIZE",
    "KITTY_MULTIPLIERS",
    "KITTY_SIZE",
    "LEVELS",
    "NEXT_DEAL",
    "PASS_DECLARE",
    "POINTS",
    "SIDE_NAMES",
    "TRUMP",
    "WIN_THRESHOLD",
    "Combo",
    "Declaration",
    "Format",
    "Game",
    "Match",
    "Play",
    "Rules",
    "Unit",
    "after_deal",
    "card_points",
    "new_game",
    "new_match",
    "raise_level",
]
