"""花花兒 (huahuar): four decks, four players, and every type of play one step on a single ladder.

216 cards, 54 to each player, partners sit opposite (seats 0 & 2, 1 & 3). The rules
follow the seed text shared/seeds/000_a6aa68b578130e51.txt; docs/rules/huahuar.md
records every place where it is silent and what this module chose.

The game's own words, used as names below:

- 豹 (bao, "leopard"): cards of one rank. 單只 a single, 一對 a pair, 三隻 … 十六隻
  three to sixteen of a rank (kind ``kind``, ``size`` = N); 花豹 (huabao, "flower leopard",
  the 花花兒 the game is named after) four identical cards, same suit and rank.
- 虎 (hu, "tiger"): jokers. 單虎 … 八虎 one to eight jokers (kind ``tiger``); four jokers
  are always 花虎 (mixed), 大青虎 (four 大王) or 小青虎 (four 小王).
- 龍 (long, "dragon"): consecutive ranks, the same number of cards each, never a 2 or a
  joker. 連子 three or more singles, 連對 three or more pairs, 三節 … 十六節 (``jie``,
  "joints") exactly three ranks of N each; 神龍 a 三節 in one suit, 青龍 a 四節 in one suit.
- 領牌 (lead card): the highest card of a play; a spade lead card is 帶響 ("with a ring")
  and wins over an equal rank without one.
- 伙 (huo, "team up"): the answer to a single (or 單虎) with a pair of its rank (a 雙虎);
  it ends the trick at once and goes before every ordinary answer.
- 方 (fang): four won cards of one rank; 齊 (qi) sixteen of one rank = 8 方; 14 散張
  (loose cards) = 1 方. 上游 is the first player out, 下游 the one left with cards
  (反牌); 雙欠 a side that cannot pay its penalty.
"""

from .game import Game, new_game
from .rules import (
    NO_HUO,
    RANK_ORDER,
    RUNG,
    TYPE_ORDER,
    TYPES,
    VALUE,
    Combo,
    Huo,
    Rules,
)
from .scoring import SCORE_SCALE

__all__ = [
    "NO_HUO",
    "RANK_ORDER",
    "RUNG",
    "SCORE_SCALE",
    "TYPE_ORDER",
    "TYPES",
    "VALUE",
    "Combo",
    "Game",
    "Huo",
    "Rules",
    "new_game",
]
