"""刨幺 (páo yāo, "digging the ace"): a four-player partnership shedding game from north-east China.

Two decks, 108 cards, 27 each; partners sit opposite (seats 0 & 2 against 1 & 3). A trick is led with
any pattern; the others, in turn, play a bigger one of the same shape or a bomb, or pass. When all
the others pass, the last player takes the trick and its points (5 = 5, 10 and K = 10; 200 in all)
and leads again. The side that goes out first and holds 90 points, or reaches 140, or goes out with
both players, wins; a big win may go on as 雪 (xuě, "snow") to punish losers with few points.

Game words used in this module:

- 路 (lù, "road"): N cards of one rank, 三路 … 八路, and more generally the strength of any bomb.
  Jokers count as 路 too: 大王 2.5, 小王 1.5, added up.
- 幺 (yāo, "one" - the ace): some 4s with one A. 44A 小幺, 444A 中幺, 4444A 老幺, 44444A … 老老幺.
- 龍 (lóng, "dragon"): a run. 單龍 three or more ranks in a row, 雙龍 three or more pairs in a row,
  only from 4 to A (3 and 2 never run). 騎順 (qí shùn, "riding run"): a 雙龍 answering a 單龍.
- 扛旗 (káng qí, "carrying the flag"), 雙飛 (shuāng fēi, "both fly"), 雪 / 免雪 / 小雪 / 大雪: see
  `Game` and docs/rules/paoyao.md.

The whole bomb ladder of the seed comes from one rule (`Combo.strength`): a bomb counts its 路
(N of a kind = N; jokers 2.5 + 1.5 …; a 幺 with k fours = 2k + ½, the head of the 2k-路 level);
more 路 wins; at equal 路 jokers beat N of a kind; N of a kind of equal 路 compare by rank.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from ..cards import Card, Joker, Rank, new_deck, parse_cards
from ..game import PASS, SEAT_NAMES, SIDE_NAMES, Choice, IllegalPlay, next_seat, partner

__all__ = [
    "GAME_POINTS",
    "NO_XUE",
    "RANK_ORDER",
    "SCORES",
    "TITLES",
    "XUE",
    "Combo",
    "Game",
    "Rules",
    "card_points",
    "new_game",
    "title_for",
]

# --- the seed's tables --------------------------------------------------------------------------

RANK_ORDER: tuple = (
    Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN,
    Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE, Rank.TWO, Rank.THREE, Joker.SMALL, Joker.BIG,
)
"""Single cards weakest to strongest: 4 < 5 < … < A < 2 < 3 < 小王 < 大王."""

_ORDER = {rank: i for i, rank in enumerate(RANK_ORDER)}
_RUN_TOP = _ORDER[Rank.ACE]  # a 龍 runs 4..A: order values 0.._RUN_TOP
_SUIT_ORDER = {None: 0, "S": 0, "H": 1, "D": 2, "C": 3}

POINT_VALUES = {Rank.FIVE: 5, Rank.TEN: 10, Rank.KING: 10}
"""分數牌: a 5 is worth 5, a 10 or a K 10. Two decks hold 200 points."""

GAME_POINTS = {"kangqi": 90, "win": 140, "all": 200, "xue_below": 20}
"""The seed's thresholds: 扛旗 at 90, a win at 140, all 200 points; 雪 is offered below 20."""

SCORES = {
    "kangqi": 1,     # 扛旗
    "140": 1,        # 140分
    "shuangfei": 1,  # 雙飛
    "200": 4,        # 200分 (the losers count as 大雪)
    "mianxue": 1,    # 免雪
    "xiaoxue": 2,    # 小雪
    "daxue": 4,      # 大雪
}
"""積分規則: the winners get +n each and the losers -n each."""

ESCAPE_PENALTY = 10
"""逃跑玩家扣除10分: a player who leaves the table loses 10 (not modelled: the kit has no quitting)."""

TITLES: tuple = (
    (1, "幺鬼", 0),
    (2, "幺怪", 10),
    (3, "幺精", 25),
    (4, "幺魔", 40),
    (5, "幺魂", 80),
    (6, "人", 140),
    (7, "小幺", 230),
    (8, "中幺", 365),
    (9, "大幺", 500),
    (10, "老幺", 700),
    (11, "幺兵", 1000),  # the seed prints 4000, out of order between 700 and 1500: a misprint
    (12, "幺將", 1500),
    (13, "幺相", 2200),
    (14, "幺侯", 3000),
    (15, "幺王", 4000),
    (16, "幺皇", 5500),
    (17, "幺帝", 7700),
    (18, "幺聖", 10000),
    (19, "幺尊", 14000),
    (20, "地幺", 20000),
    (21, "天幺", 30000),
    (22, "幺仙", 45000),
    (23, "幺神", 70000),
)
"""積分等級: (level, title, the running total of 積分 from which it is held)."""

REASONS_ZH = {"kangqi": "扛旗", "140": "140分", "shuangfei": "雙飛", "200": "200分"}
REASONS_EN = {"kangqi": "first out, with 90 points or more", "140": "140 points or more",
              "shuangfei": "both partners out", "200": "all 200 points"}
GRADES_ZH = {"mianxue": "免雪", "xiaoxue": "小雪", "daxue": "大雪"}
GRADES_EN = {"mianxue": "the losers have over 20 points", "xiaoxue": "the losers have 1 to 20 points",
             "daxue": "the losers have no points"}
_LU_ZH = {3: "三路", 4: "四路", 5: "五路", 6: "六路", 7: "七路", 8: "八路"}
_YAO_ZH = {2: "小幺", 3: "中幺", 4: "老幺"}
_YAO_EN = {2: "small yao", 3: "middle yao", 4: "old yao"}
_JOKERS_ZH = {
    (0, 2): "兩小王", (1, 1): "壹大王壹小王", (2, 0): "大王對",
    (1, 2): "壹大王兩小王", (2, 1): "兩大王壹小王", (2, 2): "四張王",
}

XUE = Choice("xue", "雪牌 Xue: play on")
NO_XUE = Choice("no_xue", "不雪 No xue: end the deal")


def title_for(total: int) -> tuple[int, str]:
    """(level, title) of a player whose running 積分 total is `total` (below 10 is 幺鬼)."""
    level, title = TITLES[0][:2]
    for lvl, name, threshold in TITLES:
        if total >= threshold:
            level, title = lvl, name
    return level, title


def card_points(cards) -> int:
    """The points among `cards`: 5s count 5, 10s and Ks 10."""
    return sum(POINT_VALUES.get(card.rank, 0) for card in cards)


def _rank_text(rank) -> str:
    if isinstance(rank, Joker):
        return "大王" if rank is Joker.BIG else "小王"
    return rank.value


def _lu_text(lu: Fraction) -> str:
    return str(lu.numerator) if lu.denominator == 1 else f"{float(lu):g}"


def _symbols(cards) -> str:
    return " ".join(card.symbol for card in cards)


def _sort_key(card: Card) -> tuple[int, int]:
    return _ORDER[card.rank], _SUIT_ORDER[card.suit.value if card.suit else None]


# --- patterns -----------------------------------------------------------------------------------

BOMB_KINDS = ("lu", "yao", "jokers")


@dataclass(frozen=True)
class Combo:
    """One play. `kind` is one of single, pair, straight (單龍), pair_straight (雙龍), lu (三路..八路),
    yao (幺) or jokers (two or more jokers together).

    `size`: the cards of a single/pair/lu, the ranks of a 龍, the 4s of a 幺, the jokers of a jokers play.
    `rank`: the order value (`RANK_ORDER` index) of the rank that decides - the rank of a single, pair or
    路, the lowest rank of a 龍, 0 (the 4) for a 幺; for jokers the number of 大王 among them.
    Suits never matter, so plays that differ only in suits are equal; `cards` rides along uncompared.
    """

    kind: str
    size: int
    rank: int
    cards: tuple = field(compare=False)
    name_zh: str = field(compare=False)
    name_en: str = field(compare=False)

    @property
    def is_bomb(self) -> bool:
        return self.kind in BOMB_KINDS

    @property
    def lu(self) -> Fraction | None:
        """The 路 count of a bomb (N of a kind N, 大王 2.5 + 小王 1.5 …, a 幺 with k fours 2k + ½), else None."""
        if self.kind == "lu":
            return Fraction(self.size)
        if self.kind == "yao":
            return Fraction(4 * self.size + 1, 2)
        if self.kind == "jokers":
            big, small = self.rank, self.size - self.rank
            return Fraction(5 * big + 3 * small, 2)
        return None

    @property
    def strength(self) -> tuple | None:
        """The bomb's place on the ladder: more 路 first, then jokers over N of a kind, then the rank."""
        if not self.is_bomb:
            return None
        return self.lu, self.kind == "jokers", self.rank if self.kind == "lu" else 0

    def __str__(self) -> str:
        return self.name_zh


def _combo(kind: str, cards, size: int, rank: int) -> Combo:
    cards = tuple(sorted(cards, key=_sort_key))
    low = _rank_text(RANK_ORDER[rank]) if kind != "jokers" else ""
    if kind == "single":
        zh, en = f"單張 {low}", f"single {low}"
    elif kind == "pair":
        zh, en = f"對子 {low}", f"pair of {low}"
    elif kind in ("straight", "pair_straight"):
        high = _rank_text(RANK_ORDER[rank + size - 1])
        word_zh, word_en = ("單龍", "run") if kind == "straight" else ("雙龍", "run of pairs")
        zh, en = f"{word_zh} {low}–{high}", f"{word_en} {low}–{high}"
    elif kind == "lu":
        zh = f"{_LU_ZH.get(size, f'{size}路')} {low}"
        en = f"{size} of a kind, {low}"
    elif kind == "yao":
        zh = _YAO_ZH.get(size, "老老幺 " + "4" * size + "A")
        en = _YAO_EN.get(size, f"old-old yao ({size} fours)")
    else:
        big, small = rank, size - rank
        zh = _JOKERS_ZH.get((big, small), f"{big}大王{small}小王")
        en = f"{size} jokers ({big} big, {small} small)"
    return Combo(kind, size, rank, cards, zh, en)


class Rules:
    """The rules of 刨幺 as the seed gives them. Options (defaults = the seed):

    - ``lead_after_out="next"``: who leads when the trick is won by a player who has gone out -
      ``"next"`` the next player still in, in turn order; ``"partner"`` that player's partner if still in
      (接風, as in 掼蛋), else the next one. The seed is silent.
    - ``kangqi_points=90``, ``win_points=140``, ``xue_below=20``: the seed's thresholds, for experiments.
    """

    decks = 2
    hand_size = 27

    def __init__(self, lead_after_out: str = "next", kangqi_points: int = 90, win_points: int = 140,
                 xue_below: int = 20):
        if lead_after_out not in ("next", "partner"):
            raise ValueError(f"lead_after_out is 'next' or 'partner', not {lead_after_out!r}")
        self.lead_after_out = lead_after_out
        self.kangqi_points = kangqi_points
        self.win_points = win_points
        self.xue_below = xue_below

    def __repr__(self) -> str:
        return (f"Rules(lead_after_out={self.lead_after_out!r}, kangqi_points={self.kangqi_points}, "
                f"win_points={self.win_points}, xue_below={self.xue_below})")

    # --- order -----------------------------------------------------------------------------------

    @staticmethod
    def sort_key(card: Card) -> tuple[int, int]:
        """Display order of a hand, weakest first: 4 … A, 2, 3, 小王, 大王 (suits ♠ ♥ ♦ ♣ within a rank)."""
        return _sort_key(card)

    @staticmethod
    def rank_order(card: Card) -> int:
        """0 for a 4 up to 14 for 大王: the order of single cards."""
        return _ORDER[card.rank]

    # --- classify --------------------------------------------------------------------------------

    def classify(self, cards) -> Combo | None:
        """The pattern these exact cards form, or None (`explain` says why)."""
        cards = list(cards)
        if not cards:
            return None
        counts = Counter(card.rank for card in cards)
        jokers = counts[Joker.BIG] + counts[Joker.SMALL]
        if jokers:
            if jokers != len(cards):
                return None
            if jokers == 1:
                return _combo("single", cards, 1, _ORDER[cards[0].rank])
            return _combo("jokers", cards, jokers, counts[Joker.BIG])
        if len(counts) == 1:
            (rank, n), = counts.items()
            kind = {1: "single", 2: "pair"}.get(n, "lu")
            return _combo(kind, cards, n, _ORDER[rank])
        if set(counts) == {Rank.FOUR, Rank.ACE} and counts[Rank.ACE] == 1 and counts[Rank.FOUR] >= 2:
            return _combo("yao", cards, counts[Rank.FOUR], 0)
        per_rank = set(counts.values())
        orders = sorted(_ORDER[rank] for rank in counts)
        if (len(per_rank) == 1 and per_rank <= {1, 2} and len(orders) >= 3 and orders[-1] <= _RUN_TOP
                and orders == list(range(orders[0], orders[0] + len(orders)))):
            kind = "straight" if per_rank == {1} else "pair_straight"
            return _combo(kind, cards, len(orders), orders[0])
        return None

    def why_not_pattern(self, cards) -> str | None:
        """Why `cards` form no pattern, in a learner's words (``None`` when they do)."""
        cards = sorted(cards, key=_sort_key)
        if not cards:
            return "no cards: choose some cards, or pass"
        if self.classify(cards) is not None:
            return None
        shown = _symbols(cards)
        counts = Counter(card.rank for card in cards)
        ranks = [rank for rank in counts if not isinstance(rank, Joker)]
        if len(ranks) < len(counts):
            return f"{shown} is not a pattern: jokers are played alone or only with other jokers"
        if set(counts) == {Rank.FOUR, Rank.ACE}:
            return (f"{shown} is not a pattern: a 幺 is two or more 4s with exactly one A "
                    f"(44A 小幺, 444A 中幺, 4444A 老幺 …)")
        per_rank = set(counts.values())
        if len(per_rank) > 1 or not per_rank <= {1, 2}:
            return (f"{shown} is not a pattern: cards of several ranks make a 單龍 (one of each rank) "
                    f"or a 雙龍 (two of each rank)")
        what = "單龍" if per_rank == {1} else "雙龍"
        unit = "ranks" if per_rank == {1} else "pairs"
        if Rank.TWO in counts or Rank.THREE in counts:
            return f"{shown} is not a pattern: 3 and 2 never go in a 龍 (runs go from 4 to A)"
        if len(counts) < 3:
            return f"{shown} is not a pattern: a {what} needs at least three {unit} in a row"
        return f"{shown} is not a pattern: the ranks of a {what} must follow each other (4 5 6 …)"

    # --- compare ---------------------------------------------------------------------------------

    def beats(self, a: Combo, b: Combo) -> bool:
        """True where `a` may be played on `b`."""
        return self.beat_error(a, b) is None

    def beat_error(self, a: Combo, b: Combo) -> str | None:
        """``None`` when `a` beats `b`; otherwise the reason, in a learner's words."""
        if a.is_bomb and b.is_bomb:
            if a.strength > b.strength:
                return None
            if a.lu != b.lu:
                return (f"your {a} ({_lu_text(a.lu)} 路) does not beat {b} ({_lu_text(b.lu)} 路): "
                        f"a bomb needs more 路")
            if b.kind == "jokers" and a.kind != "jokers":
                return f"your {a} does not beat {b}: both count {_lu_text(a.lu)} 路, and at equal 路 jokers win"
            if a.kind == b.kind == "lu" and a.rank < b.rank:
                return f"your {a} does not beat {b}: the same 路 goes to the higher rank (3 > 2 > A > … > 4)"
            return f"your {a} does not beat {b}: they are equal, and a play must be higher to beat"
        if a.is_bomb:
            need = 4 if b.kind == "pair_straight" else 3
            if a.lu >= need:
                return None
            return (f"your {a} ({_lu_text(a.lu)} 路) does not beat {b}: a 雙龍 falls only to a higher 雙龍 "
                    f"of its length or to a bomb of 4 路 or more (四路, 壹大王壹小王, 小幺 …)")
        if b.is_bomb:
            return f"your {a} does not beat {b}: {b} is a bomb (路, 幺 or 王), and only a higher bomb beats it"
        if a.kind == b.kind or (a.kind == "pair_straight" and b.kind == "straight"):
            if a.size != b.size:
                cards = "cards" if b.kind == "straight" else "pairs"
                if a.kind != b.kind:
                    return (f"your {a} does not beat {b}: a 騎順 needs as many pairs as the 單龍 has cards "
                            f"({b.size} pairs)")
                return f"your {a} does not beat {b}: it must have the same length ({b.size} {cards})"
            if a.rank > b.rank:
                return None
            if a.kind != b.kind:
                return f"your {a} does not beat {b}: a 騎順 must start higher than the 單龍"
            return f"your {a} does not beat {b}: {_HIGHER[b.kind]}"
        bombs = "a bomb of 4 路 or more (四路 and up)" if b.kind == "pair_straight" else "a bomb (三路 and up)"
        same = {"straight": " of the same length, with a 騎順 (雙龍)", "pair_straight": " of the same length"}
        return (f"your {a} does not beat {b}: answer a {_KIND_ZH[b.kind]} with a higher one{same.get(b.kind, '')} "
                f"or with {bombs}")

    # --- enumerate -------------------------------------------------------------------------------

    def legal_plays(self, hand, to_beat: Combo | None = None) -> list[Combo]:
        """Every distinct play from `hand` (suits ignored), or only those that beat `to_beat`."""
        by_rank: dict = {}
        for card in sorted(hand, key=_sort_key):
            by_rank.setdefault(card.rank, []).append(card)
        plays: list[Combo] = []
        for rank, cards in by_rank.items():
            plays.append(_combo("single", cards[:1], 1, _ORDER[rank]))
            if isinstance(rank, Joker):
                continue
            if len(cards) >= 2:
                plays.append(_combo("pair", cards[:2], 2, _ORDER[rank]))
            for n in range(3, len(cards) + 1):
                plays.append(_combo("lu", cards[:n], n, _ORDER[rank]))
        fours, aces = by_rank.get(Rank.FOUR, []), by_rank.get(Rank.ACE, [])
        if aces:
            for k in range(2, len(fours) + 1):
                plays.append(_combo("yao", fours[:k] + aces[:1], k, 0))
        bigs, smalls = by_rank.get(Joker.BIG, []), by_rank.get(Joker.SMALL, [])
        for big in range(len(bigs) + 1):
            for small in range(len(smalls) + 1):
                if big + small >= 2:
                    plays.append(_combo("jokers", bigs[:big] + smalls[:small], big + small, big))
        for width, kind in ((1, "straight"), (2, "pair_straight")):
            ok = [len(by_rank.get(RANK_ORDER[i], [])) >= width for i in range(_RUN_TOP + 1)]
            for start in range(_RUN_TOP + 1):
                end = start
                while end <= _RUN_TOP and ok[end]:
                    end += 1
                    if end - start >= 3:
                        cards = [c for i in range(start, end) for c in by_rank[RANK_ORDER[i]][:width]]
                        plays.append(_combo(kind, cards, end - start, start))
        if to_beat is not None:
            plays = [play for play in plays if self.beats(play, to_beat)]
        return plays

    # --- teaching --------------------------------------------------------------------------------

    def gallery(self) -> list[dict]:
        """One example of every pattern of the seed, weakest to strongest."""
        rows = [
            ("single", "單張", "dān zhāng", "single", "S3", "3 is the top plain single: 3 > 2 > A > … > 4"),
            ("pair", "對子", "duì zi", "pair", "S3 H3", "33 > 22 > AA > … > 44; two jokers are not a 對子"),
            ("straight", "單龍", "dān lóng", "run", "S4 H5 D6",
             "3+ ranks in a row from 4 to A; same length, higher lowest card wins"),
            ("pair_straight", "雙龍", "shuāng lóng", "run of pairs", "S7 H7 S8 H8 S9 H9",
             "3+ pairs in a row; also beats a 單龍 of as many cards starting lower (騎順)"),
            ("lu3", "三路", "sān lù", "three of a kind", "S6 H6 D6", "beats singles, pairs and 單龍"),
            ("jokers2", "兩小王", "liǎng xiǎo wáng", "two small jokers", "BJ BJ", "3 路: head of the 三路"),
            ("lu4", "四路", "sì lù", "four of a kind", "S7 H7 D7 C7", "4 路 and up also beat 雙龍"),
            ("jokers11", "壹大王壹小王", "yī dà wáng yī xiǎo wáng", "big and small joker", "RJ BJ",
             "4 路: above every 四路, just below 小幺"),
            ("yao2", "小幺", "xiǎo yāo", "small yao", "S4 H4 SA", "44A: the top of 四路"),
            ("lu5", "五路", "wǔ lù", "five of a kind", "S8 H8 D8 C8 S8",
             "5 路: above 小幺; more 路 beats fewer, then rank"),
            ("jokers20", "大王對", "dà wáng duì", "two big jokers", "RJ RJ", "5 路: head of the 五路"),
            ("jokers12", "壹大王兩小王", "yī dà wáng liǎng xiǎo wáng", "big and two small jokers", "RJ BJ BJ",
             "5.5 路: above 五路, below 六路"),
            ("lu6", "六路", "liù lù", "six of a kind", "S9 H9 D9 C9 S9 H9",
             "6 路: above every joker play of 5.5 路 or less"),
            ("yao3", "中幺", "zhōng yāo", "middle yao", "S4 H4 D4 SA", "444A: the top of 六路"),
            ("jokers21", "兩大王壹小王", "liǎng dà wáng yī xiǎo wáng", "two big and a small joker",
             "RJ RJ BJ", "6.5 路: above 中幺, below 七路"),
            ("lu7", "七路", "qī lù", "seven of a kind", "SA HA DA CA SA HA DA", "7 路: above 兩大王壹小王 and 中幺"),
            ("lu8", "八路", "bā lù", "eight of a kind", "S3 H3 D3 C3 S3 H3 D3 C3",
             "8 路: the most of one rank two decks hold"),
            ("jokers22", "四張王", "sì zhāng wáng", "all four jokers", "RJ RJ BJ BJ", "8 路: head of the 八路"),
            ("yao4", "老幺", "lǎo yāo", "old yao", "S4 H4 D4 C4 SA", "4444A: above 四張王"),
            ("yao5", "老老幺", "lǎo lǎo yāo", "old-old yao", "S4 H4 D4 C4 S4 SA",
             "44444A … 44444444A: above everything, more 4s higher"),
        ]
        return [
            {"id": rid, "name_zh": zh, "pinyin": py, "name_en": en, "cards": parse_cards(text), "note": note}
            for rid, zh, py, en, text, note in rows
        ]


_HIGHER = {
    "single": "play a higher single (大王 > 小王 > 3 > 2 > A > K > … > 4)",
    "pair": "play a higher pair (33 > 22 > AA > KK > … > 44)",
    "straight": "a 單龍 of the same length must start on a higher card",
    "pair_straight": "a 雙龍 of the same length must start on a higher card",
}

_KIND_ZH = {"single": "單張", "pair": "對子", "straight": "單龍", "pair_straight": "雙龍"}


# --- the game -----------------------------------------------------------------------------------


class Game:
    """One deal of 刨幺 for four players, driven through the Game protocol of `cardkit.game`.

    Phases: "play" (a trick is being played), "xue" (the winners decide 雪 or 不雪), "over".
    The win is checked after every trick and whenever a player goes out, on the points already
    won (cards on the table belong to nobody yet): 200 points, then 140, then 扛旗 (the side of the
    first player out holds 90 or more, at that moment or any later one), then 雙飛 (both players of
    a side are out). After a win by 扛旗 or 140 with the losers under 20, the winners are asked in
    turn order; one 雪 is enough, and play goes on until a side is out with both players.
    When the deal ends with cards on the table, the standing play takes that trick.
    """

    variant = "paoyao"

    def __init__(self, rules: Rules, hands, first_player: int):
        self.rules = rules
        self.hands: list[list[Card]] = [sorted(hand, key=_sort_key) for hand in hands]
        self.won: list[list[Card]] = [[] for _ in range(4)]
        self.trick: list[tuple[int, object]] = []
        self.last_trick: list[tuple[int, object]] = []
        self.log: list[tuple[int, object]] = []
        self.out: list[int] = []
        self.first_player = first_player
        self.current_player: int | None = first_player
        self.phase = "play"
        self._top: tuple[int, Combo] | None = None
        self._passes = 0
        self._resume: int | None = None
        self._xue_queue: list[int] = []
        self.xue = False              # 雪牌 chosen: play goes on until a side is out
        self.xue_answers: list[tuple[int, str]] = []
        self.winner: int | None = None
        self.reason: str | None = None

    # --- protocol: reading -----------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def hand(self, seat: int) -> list[Card]:
        return list(self.hands[seat])

    def hand_sizes(self) -> list[int]:
        """How many cards each seat holds (public at the table)."""
        return [len(hand) for hand in self.hands]

    def points(self) -> list[int]:
        """Points won so far by side 0 (seats 0 & 2) and side 1 (seats 1 & 3)."""
        return [card_points(self.won[side]) + card_points(self.won[side + 2]) for side in (0, 1)]

    @property
    def top(self) -> tuple[int, Combo] | None:
        """(seat, play) that currently leads the trick, or None when a new trick is to be led."""
        return self._top

    def zones(self) -> dict[str, list[Card]]:
        zones = {f"hand {seat}": list(self.hands[seat]) for seat in range(4)}
        zones["table"] = [card for _, action in self.trick for card in action.cards]
        zones.update({f"won {seat}": list(self.won[seat]) for seat in range(4)})
        return zones

    def clone(self) -> Game:
        twin = object.__new__(Game)
        twin.__dict__.update(self.__dict__)
        twin.hands = [list(hand) for hand in self.hands]
        twin.won = [list(pile) for pile in self.won]
        for name in ("trick", "last_trick", "log", "out", "_xue_queue", "xue_answers"):
            setattr(twin, name, list(getattr(self, name)))
        return twin

    def legal_actions(self) -> list:
        if self.phase == "xue":
            return [XUE, NO_XUE]
        if self.phase != "play":
            return []
        hand = self.hands[self.current_player]
        if self._top is None:
            return self.rules.legal_plays(hand)
        return [PASS, *self.rules.legal_plays(hand, self._top[1])]

    def describe(self, action) -> str:
        if isinstance(action, Combo):
            riding = (action.kind == "pair_straight" and self._top is not None
                      and self._top[1].kind == "straight" and self.phase == "play")
            return f"{'騎順 ' if riding else ''}{action.name_zh} — {_symbols(action.cards)}"
        return str(action)

    def status(self) -> str:
        p0, p1 = self.points()
        text = f"points: {SIDE_NAMES[0]} {p0} · {SIDE_NAMES[1]} {p1}"
        if self.out:
            text += " · out: " + ", ".join(SEAT_NAMES[seat] for seat in self.out)
        if self.phase == "xue":
            text += (f" · {SIDE_NAMES[self.winner]} have won by {REASONS_ZH[self.reason]}: "
                     f"{SEAT_NAMES[self.current_player]} chooses 雪牌 (play on) or 不雪 (stop)")
        if self.xue and not self.is_over:
            text += " · 雪牌: playing on"
        if self.is_over:
            text += " · " + self.result()["summary"]
        return text

    # --- protocol: acting ------------------------------------------------------------------------

    def action_for(self, cards) -> object:
        """The current player's legal action playing exactly `cards` (PASS for none), or IllegalPlay."""
        if self.phase == "over":
            raise IllegalPlay(f"the deal is over: {self.result()['summary']}")
        if self.phase == "xue":
            raise IllegalPlay("the winners are choosing 雪牌 or 不雪 now: no card can be played")
        cards = sorted(cards, key=_sort_key)
        if not cards:
            if self._top is None:
                raise IllegalPlay("you lead this trick: you must play something, you cannot pass")
            return PASS
        missing = Counter(cards) - Counter(self.hands[self.current_player])
        if missing:
            raise IllegalPlay(f"you do not hold {_symbols(sorted(missing.elements(), key=_sort_key))}")
        combo = self.rules.classify(cards)
        if combo is None:
            raise IllegalPlay(self.rules.why_not_pattern(cards))
        if self._top is not None:
            reason = self.rules.beat_error(combo, self._top[1])
            if reason:
                raise IllegalPlay(reason)
        return combo

    def apply(self, action) -> None:
        """Perform `action` for the current player; an illegal one raises IllegalPlay and changes nothing."""
        seat = self.current_player
        if self.phase == "over":
            raise IllegalPlay(f"the deal is over: {self.result()['summary']}")
        if self.phase == "xue":
            if not isinstance(action, Choice) or action.kind not in ("xue", "no_xue"):
                raise IllegalPlay(f"{SEAT_NAMES[seat]} must choose 雪牌 or 不雪 now")
            self.log.append((seat, action))
            self._answer_xue(seat, action.kind)
            return
        if isinstance(action, Choice):
            if action.kind != "pass":
                raise IllegalPlay(f"«{action}» is not a move now: {SEAT_NAMES[seat]} plays cards or passes")
            self.action_for([])
            self.log.append((seat, PASS))
            self._pass(seat)
            return
        if not isinstance(action, Combo):
            raise IllegalPlay(f"{action!r} is not a 刨幺 action: play a Combo from legal_actions() or PASS")
        combo = self.action_for(action.cards)
        if combo != action:
            raise IllegalPlay(f"{_symbols(action.cards)} is a {combo}, not a {action}")
        self.log.append((seat, combo))
        self._play(seat, combo)

    # --- flow --------------------------------------------------------------------------------------

    def _active(self, seat: int) -> bool:
        return seat not in self.out

    def _next_active(self, seat: int) -> int:
        seat = next_seat(seat)
        while not self._active(seat):
            seat = next_seat(seat)
        return seat

    def _play(self, seat: int, combo: Combo) -> None:
        hand = self.hands[seat]
        for card in combo.cards:
            hand.remove(card)
        self.trick.append((seat, combo))
        self._top = (seat, combo)
        self._passes = 0
        following = self._next_active(seat)
        if not hand:
            self.out.append(seat)
            if self._check_end(seat, following):
                return
        self.current_player = following

    def _pass(self, seat: int) -> None:
        self.trick.append((seat, PASS))
        self._passes += 1
        top_seat = self._top[0]
        others = sum(1 for s in range(4) if self._active(s) and s != top_seat)
        if self._passes < others:
            self.current_player = self._next_active(seat)
            return
        self._take_trick()
        if self._active(top_seat):
            leader = top_seat
        elif self.rules.lead_after_out == "partner" and self._active(partner(top_seat)):
            leader = partner(top_seat)
        else:
            leader = self._next_active(top_seat)
        if not self._check_end(seat, leader):
            self.current_player = leader

    def _take_trick(self) -> None:
        if self._top is not None:
            taker = self._top[0]
            self.won[taker].extend(card for _, action in self.trick for card in action.cards)
        self.last_trick, self.trick = self.trick, []
        self._top, self._passes = None, 0

    def _both_out(self) -> int | None:
        for side in (0, 1):
            if side in self.out and side + 2 in self.out:
                return side
        return None

    def _check_end(self, actor: int, following: int | None) -> bool:
        """After a trick or a player going out: end the deal or ask for 雪 if a side has won."""
        points = self.points()
        if self.xue:
            if max(points) >= GAME_POINTS["all"] or self._both_out() is not None:
                self._finish()
                return True
            return False
        reason = winner = None
        if max(points) >= GAME_POINTS["all"]:
            reason, winner = "200", points.index(max(points))
        elif max(points) >= self.rules.win_points:
            reason, winner = "140", points.index(max(points))
        elif self.out and points[self.out[0] % 2] >= self.rules.kangqi_points:
            reason, winner = "kangqi", self.out[0] % 2
        elif self._both_out() is not None:
            reason, winner = "shuangfei", self._both_out()
        if reason is None:
            return False
        self.winner, self.reason = winner, reason
        if reason in ("kangqi", "140") and points[1 - winner] < self.rules.xue_below:
            seats = [(actor + step) % 4 for step in range(1, 5)]
            self._xue_queue = [s for s in seats if s % 2 == winner]
            self._resume = following
            self.phase = "xue"
            self.current_player = self._xue_queue[0]
        else:
            self._finish()
        return True

    def _answer_xue(self, seat: int, kind: str) -> None:
        self.xue_answers.append((seat, kind))
        self._xue_queue.pop(0)
        if kind == "xue":
            self.xue = True
            self.phase = "play"
            self.current_player = self._resume
        elif self._xue_queue:
            self.current_player = self._xue_queue[0]
        else:
            self._finish()

    def _finish(self) -> None:
        if self.trick:
            self._take_trick()
        self.phase = "over"
        self.current_player = None

    # --- outcome -----------------------------------------------------------------------------------

    def grade(self) -> str | None:
        """The losers' 雪 grade once the deal is over: 大雪 (0 points) whenever the winners hold all 200;
        after 雪牌 免雪 (> 20), 小雪 (1..20) or 大雪 (0); None for a plain win."""
        if not self.is_over:
            return None
        loser_points = self.points()[1 - self.winner]
        if self.reason == "200" or (loser_points == 0 and self.points()[self.winner] >= GAME_POINTS["all"]):
            return "daxue"
        if not self.xue:
            return None
        if loser_points > GAME_POINTS["xue_below"]:
            return "mianxue"
        return "xiaoxue" if loser_points > 0 else "daxue"

    def result(self) -> dict:
        points = self.points()
        if not self.is_over:
            return {"winner": None, "points": points, "out_order": list(self.out),
                    "summary": f"deal in progress: {SIDE_NAMES[0]} {points[0]}, {SIDE_NAMES[1]} {points[1]}"}
        grade = self.grade()
        score = SCORES[grade] if grade else SCORES[self.reason]
        scores = [score if seat % 2 == self.winner else -score for seat in range(4)]
        how = f"{REASONS_ZH[self.reason]} ({REASONS_EN[self.reason]})"
        if grade:
            how += f", {'played on (雪牌) to ' if self.xue else ''}{GRADES_ZH[grade]} ({GRADES_EN[grade]})"
        elif self.xue_answers:
            how += ", 不雪 (no 雪: they stopped there)"
        summary = (f"{SIDE_NAMES[self.winner]} win by {how}: {points[self.winner]} to {points[1 - self.winner]} "
                   f"points, {score:+d} each")
        return {
            "winner": self.winner,
            "reason": self.reason,
            "reason_zh": REASONS_ZH[self.reason],
            "xue": self.xue,
            "xue_answers": [{"seat": seat, "choice": kind} for seat, kind in self.xue_answers],
            "grade": grade,
            "grade_zh": GRADES_ZH.get(grade),
            "points": points,
            "score": score,
            "scores": scores,
            "out_order": list(self.out),
            "summary": summary,
        }


def new_game(seed: int, first_player: int | None = None, **options) -> Game:
    """Shuffle two decks with `random.Random(seed)`, deal 27 each, and let the same generator pick
    the first leader (the seed text does not say who leads), unless `first_player` is given."""
    rules = Rules(**options)
    rng = random.Random(seed)
    deck = new_deck(Rules.decks)
    rng.shuffle(deck)
    hands = [deck[seat * Rules.hand_size:(seat + 1) * Rules.hand_size] for seat in range(4)]
    leader = rng.randrange(4) if first_player is None else first_player
    if leader not in range(4):
        raise ValueError(f"first_player is a seat 0..3, not {first_player!r}")
    return Game(rules, hands, leader)

