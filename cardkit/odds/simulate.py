"""A seeded Monte-Carlo check of the odds tables: deal real hands, count the same patterns.

The exact tables count hands with generating functions; here each pattern is a plain test on the
cards of one dealt hand, written independently of those formulas, so that agreement means something.
The same tests run on every hand of a tiny shoe in the unit tests (brute-force enumeration).

A hand is seen as counts: ``grid[suit][rank]`` (how many copies of each suit-rank), plus the big and
small jokers. 花花兒 numbers its ranks in dragon order (3 .. A, then 2); the other games in natural
order (2 .. A).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from ..cards import Joker, Rank, new_deck
from .core import Shoe
from .guandan import GUANDAN_SHOE, LEVELS
from .huahuar import HUAHUAR_SHOE
from .paoyao import PAOYAO_SHOE
from .shengji import SHENGJI_SHOE

__all__ = ["Counts", "SampledRow", "events", "simulate"]

_DRAGON_ORDER = [*list(Rank)[1:], Rank.TWO]  # 3 .. A, 2
_NATURAL_ORDER = list(Rank)  # 2 .. A
_STRAIGHT = (12, *range(12), 12)  # A 2 .. K A in natural positions
_SUIT_LETTERS = "SHDC"


@dataclass(frozen=True)
class Counts:
    """One hand as counts: `grid[suit][rank]` copies of each suit-rank, `big` 大王, `small` 小王."""

    grid: tuple[tuple[int, ...], ...]
    big: int
    small: int


@dataclass(frozen=True)
class SampledRow:
    """How often a pattern showed up in `deals` simulated hands.

    `hits`: hands holding the pattern; `instances`: the total of the instances the row's `expected`
    counts (``None`` where the row has no expected value).
    """

    id: str
    hits: int
    instances: int | None
    deals: int

    @property
    def frequency(self) -> float:
        return self.hits / self.deals

    def sigmas_from(self, probability) -> float:
        """How many standard deviations the sampled frequency lies from the exact `probability`."""
        p = float(probability)
        spread = math.sqrt(p * (1 - p) / self.deals)
        if spread == 0:
            return 0.0 if self.frequency == p else math.inf
        return abs(self.frequency - p) / spread


Event = Callable[[dict], tuple[bool, int | None]]


def _huahuar_stats(hand: Counts, shoe: Shoe) -> dict:
    grid = hand.grid
    totals = [sum(row[r] for row in grid) for r in range(shoe.ranks)]
    starts = range(shoe.ranks - 3)  # windows of three among the ranks 3..A
    return {
        "totals": totals,
        "starts": starts,
        "jie_best": max((min(totals[i : i + 3]) for i in starts), default=0),
        "long_best": max((min(row[i : i + 3]) for row in grid for i in starts), default=0),
        "complete": sum(v == shoe.decks for row in grid for v in row),
        "big": hand.big,
        "small": hand.small,
        "grid": grid,
    }


def _huahuar_events(shoe: Shoe) -> dict[str, Event]:
    c = shoe.decks
    out: dict[str, Event] = {}
    # every size, not only the seed's: tiny test shoes use the small ones; `simulate` keeps the table's rows
    for k in range(1, shoe.per_rank + 1):
        out[f"kind{k}"] = lambda s, k=k: (max(s["totals"]) >= k, s["totals"].count(k))
    out["huabao"] = lambda s: (s["complete"] > 0, s["complete"])
    out["huahu"] = lambda s: (s["big"] >= 1 and s["small"] >= 1 and s["big"] + s["small"] >= 4, None)
    out["qinghu"] = lambda s: (s["big"] == c or s["small"] == c, (s["big"] == c) + (s["small"] == c))
    for k in range(1, shoe.jokers + 1):
        out[f"hu{k}"] = lambda s, k=k: (s["big"] + s["small"] >= k, int(s["big"] + s["small"] == k))

    def exact_windows(values, k, starts):
        return sum(values[i] == values[i + 1] == values[i + 2] == k for i in starts)

    for k in range(1, shoe.per_rank + 1):
        out[f"jie{k}"] = lambda s, k=k: (s["jie_best"] >= k, exact_windows(s["totals"], k, s["starts"]))
    for ident, copies in (("shenlong", 3), ("qinglong", 4)):
        out[ident] = lambda s, t=copies: (
            s["long_best"] >= t,
            sum(exact_windows(row, t, s["starts"]) for row in s["grid"]),
        )
    return out


def _natural_stats(hand: Counts, shoe: Shoe) -> dict:
    totals = [sum(row[r] for row in hand.grid) for r in range(shoe.ranks)]
    return {"totals": totals, "grid": hand.grid, "big": hand.big, "small": hand.small}


def _guandan_events(shoe: Shoe, level: str = "2") -> dict[str, Event]:
    c, L, hearts = shoe.decks, LEVELS.index(level), 1

    def wild(s):
        return s["grid"][hearts][L]

    def straight_flushes(s, allowance):
        found = 0
        for suit, row in enumerate(s["grid"]):
            for i in range(len(_STRAIGHT) - 4):
                gaps = sum(row[r] == 0 or (suit == hearts and r == L) for r in _STRAIGHT[i : i + 5])
                natural_gaps = sum(row[r] == 0 for r in _STRAIGHT[i : i + 5])
                found += natural_gaps == 0 if allowance is None else gaps <= allowance
        return found

    out: dict[str, Event] = {"joker_bomb": lambda s: (s["big"] == c and s["small"] == c, None)}
    for k in range(4, shoe.per_rank + 1):
        out[f"bomb{k}"] = lambda s, k=k: (max(s["totals"]) >= k, sum(t >= k for t in s["totals"]))
    out["bomb4_wild"] = lambda s: (
        any(t + (wild(s) if r != L else 0) >= 4 for r, t in enumerate(s["totals"])),
        None,
    )
    out["both_wilds"] = lambda s: (wild(s) == c, None)
    out["any_wild"] = lambda s: (wild(s) >= 1, wild(s))
    out["straight_flush"] = lambda s: ((n := straight_flushes(s, None)) > 0, n)
    out["straight_flush_wild"] = lambda s: (straight_flushes(s, wild(s)) > 0, None)
    return out


def _shengji_events(shoe: Shoe, level: str = "3", trump_suit: str | None = "S") -> dict[str, Event]:
    c, L = shoe.decks, LEVELS.index(level)
    T = None if trump_suit is None else _SUIT_LETTERS.index(trump_suit)

    def trumps(s):
        count = s["big"] + s["small"] + s["totals"][0] + (s["totals"][L] if L != 0 else 0)
        if T is not None:
            count += sum(v for r, v in enumerate(s["grid"][T]) if r not in (0, L))
        return count

    jokers = lambda s: s["big"] + s["small"]  # noqa: E731
    out: dict[str, Event] = {
        "can_declare": lambda s: (jokers(s) >= 1 and s["totals"][L] >= 1, None),
        "can_overturn": lambda s: (jokers(s) >= 1 and any(row[L] == c for row in s["grid"]), None),
        "joker_pair": lambda s: (s["big"] >= 2 or s["small"] >= 2, None),
    }
    for k in range(shoe.hand + 1):
        out[f"trumps{k}"] = lambda s, k=k: ((t := trumps(s)) >= k, int(t == k))
    return out


def _paoyao_events(shoe: Shoe) -> dict[str, Event]:
    c, fours, aces = shoe.decks, 2, 12
    out: dict[str, Event] = {}
    for ident, need in (("xiaoyao", 2), ("zhongyao", 3), ("laoyao", 4), ("laolaoyao", 5)):
        out[ident] = lambda s, need=need: (s["totals"][fours] >= need and s["totals"][aces] >= 1, None)
    out["four_jokers"] = lambda s: (s["big"] == c and s["small"] == c, None)
    out["three_jokers"] = lambda s: (s["big"] + s["small"] >= 3, None)
    for k in range(4, shoe.per_rank + 1):
        out[f"lu{k}"] = lambda s, k=k: (max(s["totals"]) >= k, sum(t >= k for t in s["totals"]))
    return out


_GAMES = {
    "huahuar": (HUAHUAR_SHOE, _DRAGON_ORDER, _huahuar_stats, _huahuar_events),
    "guandan": (GUANDAN_SHOE, _NATURAL_ORDER, _natural_stats, _guandan_events),
    "shengji": (SHENGJI_SHOE, _NATURAL_ORDER, _natural_stats, _shengji_events),
    "paoyao": (PAOYAO_SHOE, _NATURAL_ORDER, _natural_stats, _paoyao_events),
}


def events(table: str, shoe: Shoe | None = None, **options) -> tuple[Callable[[Counts, Shoe], dict], dict[str, Event]]:
    """``(stats, tests)`` for a table: ``stats(counts, shoe)`` summarises a hand once, and each
    ``tests[id](summary)`` says whether the hand holds the pattern and how many instances it holds."""
    if table not in _GAMES:
        raise ValueError(f"no odds table called {table!r}: choose one of {', '.join(_GAMES)}")
    default, _order, stats, make = _GAMES[table]
    return stats, make(shoe or default, **options)


def simulate(table: str, deals: int, seed: int = 0, **options) -> list[SampledRow]:
    """Deal `deals` random hands from real cards (``random.Random(seed)``) and count every row's pattern.

    `table` is ``"huahuar"``, ``"guandan"``, ``"shengji"`` or ``"paoyao"``; `options` are the table's
    own (``level=``, ``trump_suit=``). The same seed gives the same counts.
    """
    shoe, order, stats, make = _GAMES[table] if table in _GAMES else (None,) * 4
    if shoe is None:
        raise ValueError(f"no odds table called {table!r}: choose one of {', '.join(_GAMES)}")
    from . import table as odds_table  # the package imports this module first

    wanted = [row.id for row in odds_table(table, **options)]
    every = make(shoe, **options)
    tests = {ident: every[ident] for ident in wanted}
    position = {rank: i for i, rank in enumerate(order)}
    suits = list(dict.fromkeys(card.suit for card in new_deck() if card.suit is not None))
    # a card's place in the counts: suit * ranks + rank position; the jokers after the suits
    place = {}
    for card in new_deck():
        if card.rank is Joker.BIG:
            place[card] = shoe.suits * shoe.ranks
        elif card.rank is Joker.SMALL:
            place[card] = shoe.suits * shoe.ranks + 1
        else:
            place[card] = suits.index(card.suit) * shoe.ranks + position[card.rank]
    deck = [place[card] for card in new_deck(shoe.decks)]
    rng = random.Random(seed)
    hits = dict.fromkeys(tests, 0)
    instances: dict[str, int | None] = dict.fromkeys(tests, 0)
    width = shoe.suits * shoe.ranks + 2
    for _ in range(deals):
        flat = [0] * width
        for i in rng.sample(deck, shoe.hand):
            flat[i] += 1
        grid = tuple(tuple(flat[s * shoe.ranks : (s + 1) * shoe.ranks]) for s in range(shoe.suits))
        summary = stats(Counts(grid, flat[-2], flat[-1]), shoe)
        for ident, test in tests.items():
            hit, count = test(summary)
            hits[ident] += hit
            instances[ident] = None if count is None else instances[ident] + count
    return [SampledRow(ident, hits[ident], instances[ident], deals) for ident in tests]
