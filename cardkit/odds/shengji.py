"""Exact odds for 升級 / 拖拉機 (shengji) hands: 25 cards each from 108 (two decks), 8 left as the kitty.

Terms: the level (当打, "the rank being played") starts at 3 in the seed, whose 2s are permanent
trumps (常主). 亮主 (declaring trump) needs a joker (鬼) and a level card; 改 (overturning a
declaration) needs a joker and two identical level cards, or two identical jokers for no trump.
Trumps (主) are the jokers, the 2s, the level cards and every card of the trump suit.
"""

from __future__ import annotations

from functools import cache

import sympy

from .core import Coeff, OddsRow, Shoe, X, binom, choose, hypergeometric_tail

__all__ = ["SHENGJI_SHOE", "compute_shengji_table", "shengji_table", "trump_distribution", "trumps_in_shoe"]

SHENGJI_SHOE = Shoe(decks=2, hand=25)


def trumps_in_shoe(level: str = "3", trump_suit: str | None = "S", shoe: Shoe = SHENGJI_SHOE) -> int:
    """How many of the shoe's cards are trumps: 42 with a trump suit (level 3, 2s permanent), 20 without."""
    c = shoe.decks
    fixed = shoe.jokers + c * shoe.suits * (1 if level == "2" else 2)  # jokers, 2s, level cards
    if trump_suit is None:
        return fixed
    return fixed + c * (shoe.ranks - (1 if level == "2" else 2))


def trump_distribution(level: str = "3", trump_suit: str | None = "S") -> list[sympy.Rational]:
    """P(a hand holds exactly t trumps) for t = 0..25: a hypergeometric distribution."""
    shoe = SHENGJI_SHOE
    T = trumps_in_shoe(level, trump_suit)
    return [
        sympy.Rational(choose(T, t) * choose(shoe.size - T, shoe.hand - t), shoe.hands) for t in range(shoe.hand + 1)
    ]


def compute_shengji_table(level: str = "3", trump_suit: str | None = "S", shoe: Shoe = SHENGJI_SHOE) -> list[OddsRow]:
    """Every shengji row, from scratch. Ids: can_declare, can_overturn, joker_pair, trumps0..trumps25."""
    c, n, N, J = shoe.decks, shoe.hand, shoe.size, shoe.jokers
    L = c * shoe.suits  # level cards
    total = binom(N, n)
    declare = choose(N, n) - choose(N - J, n) - choose(N - L, n) + choose(N - J - L, n)
    # a joker, and in some suit both copies of its level card: jokers (1+x)^4 - 1 (not none), level
    # cards (1+x)^8 - (1+2x)^4 (not "at most one per suit")
    overturn_gf = ((1 + X) ** J - 1) * ((1 + X) ** L - (1 + 2 * X) ** shoe.suits) * (1 + X) ** (N - J - L)
    overturn = sum(
        choose(J, a) * (choose(L, b) - choose(shoe.suits, b) * 2**b) * choose(N - J - L, n - a - b)
        for a in range(1, J + 1)
        for b in range(L + 1)
    )
    pair = 2 * choose(N - c, n - c) - choose(N - 2 * c, n - 2 * c)
    rows = [
        OddsRow(
            id="can_declare",
            name_zh="能亮主",
            name_en=f"can declare: a joker and a {level}",
            probability=sympy.Rational(declare, shoe.hands),
            expected=None,
            seed=None,
            expression=(total - binom(N - J, n) - binom(N - L, n) + binom(N - J - L, n)) / total,
            note=f"Inclusion-exclusion: every hand, minus those with no joker, minus those with no {level}, plus "
            "those with neither.",
        ),
        OddsRow(
            id="can_overturn",
            name_zh="能改主",
            name_en=f"can overturn: a joker and two identical {level}s",
            probability=sympy.Rational(overturn, shoe.hands),
            expected=None,
            seed=None,
            expression=Coeff(overturn_gf, X, n) / total,
            note=f"Generating function: jokers (1+x)^{J} - 1, level cards (1+x)^{L} - (1+2x)^{shoe.suits} (some suit "
            "holds both copies), the rest free.",
        ),
        OddsRow(
            id="joker_pair",
            name_zh="对鬼",
            name_en="two identical jokers",
            probability=sympy.Rational(pair, shoe.hands),
            expected=None,
            seed=None,
            expression=(2 * binom(N - c, n - c) - binom(N - 2 * c, n - 2 * c)) / total,
            note="Both 大王 or both 小王 (for a no-trump overturn): inclusion-exclusion.",
        ),
    ]
    T = trumps_in_shoe(level, trump_suit, shoe)
    t = sympy.Symbol("t", integer=True, nonnegative=True)
    where = f"trump suit {trump_suit}" if trump_suit else "no trump suit"
    for k in range(n + 1):
        rows.append(
            OddsRow(
                id=f"trumps{k}",
                name_zh=f"{k}张以上主牌",
                name_en=f"{k} or more trumps",
                probability=sympy.Rational(hypergeometric_tail(N, n, T, k), shoe.hands),
                expected=sympy.Rational(choose(T, k) * choose(N - T, n - k), shoe.hands),
                seed=None,
                expression=sympy.Sum(sympy.binomial(T, t) * sympy.binomial(N - T, n - t), (t, k, n)) / total,
                expected_expression=binom(T, k) * binom(N - T, n - k) / total,
                note=f"{T} trumps in the shoe (level {level}, {where}, 2s permanent). Probability = at least {k}; "
                f"expected = the chance of exactly {k}, so the expected column is the whole distribution.",
            )
        )
    return rows


@cache
def _shengji_rows(level: str, trump_suit: str | None) -> tuple[OddsRow, ...]:
    return tuple(compute_shengji_table(level, trump_suit))


def shengji_table(level: str = "3", trump_suit: str | None = "S") -> list[OddsRow]:
    """The shengji odds table for a 25-card hand from 108 cards (cached)."""
    return list(_shengji_rows(level, trump_suit))
