"""cardkit: a Jupyter teaching kit for four Chinese multi-deck card games.

花花兒 (huahuar), 掼蛋 (guandan), 升級 / 拖拉機 (shengji) and 刨幺 (paoyao): rules
engines in `cardkit.variants`, exact odds in `cardkit.odds`, drawing and
widgets for notebooks. The public names are fixed in shared/CONTRACT.md.
"""

from .cards import BIG_JOKER, SMALL_JOKER, Card, CardParseError, Joker, Rank, Suit, format_cards, new_deck, parse_cards
from .game import PASS, IllegalPlay

__all__ = [
    "BIG_JOKER",
    "PASS",
    "SMALL_JOKER",
    "Card",
    "CardParseError",
    "IllegalPlay",
    "Joker",
    "Rank",
    "Suit",
    "format_cards",
    "new_deck",
    "parse_cards",
]

__version__ = "0.1.0"
