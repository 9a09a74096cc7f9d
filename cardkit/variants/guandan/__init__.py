"""掼蛋 (guandan): two decks, four players in two sides, levels 2 … A, wild ♥ level cards.

- `Rules` / `Combo` (rules.py): patterns, 逢人配 wilds, comparison, every legal play of a hand.
- `Game` / `new_game` (game.py): one deal through the Game protocol, with 进贡 / 还贡 / 抗贡.
- `Match` / `new_match` (match.py): deals chained with level-ups until a side passes A.

The rules as implemented, and every decision where the seed is silent: docs/rules/guandan.md.
"""

from ...game import NEXT_DEAL
from .game import LEVEL_UP, PLACE_NAMES, Game, Give, deal_hands, new_game
from .match import Match, new_match
from .rules import BOMB_ORDER, KINDS, LEVELS, Combo, Rules

__all__ = [
    "BOMB_ORDER",
    "KINDS",
    "LEVELS",
    "LEVEL_UP",
    "NEXT_DEAL",
    "PLACE_NAMES",
    "Combo",
    "Game",
    "Give",
    "Match",
    "Rules",
    "deal_hands",
    "new_game",
    "new_match",
]
