"""Exact odds of the 花花兒 patterns in one 54-card hand dealt from 216 cards (four decks).

The patterns, in the seed's words (see docs/rules/huahuar.md for the rules themselves):

- 豹 (bao, "leopard"): N cards of one rank, 三隻 .. 十六隻 ("N of a kind"); 花豹 (huabao) is all four
  copies of one suit-rank, e.g. four ♥5.
- 虎 (hu, "tiger"): jokers. 五虎 .. 八虎 are five to eight jokers; 花虎 (huahu) four jokers mixing
  大王 and 小王; 大青虎 / 小青虎 (qinghu) the four 大王 / the four 小王.
- 龍 (long, "dragon"): 三節 .. 十六節 (jie, "joints") are three consecutive ranks from 3 to A with N
  cards each; 神龍 (shenlong) three consecutive ranks with three cards of one suit each, 青龍
  (qinglong) with all four copies of one suit each. The 2 and the jokers never join a dragon.

Every function takes a `Shoe`, so the same formulas run on a tiny shoe that tests enumerate by hand.
The shoe's ranks are numbered in dragon order: ``0 .. ranks-2`` are 3 .. A, the last one is the 2.
"""

from __future__ import annotations

import dataclasses
from functools import cache

import sympy

from .core import (
    Coeff,
    OddsRow,
    Shoe,
    X,
    avoid_runs,
    binom,
    binomial_poly,
    choose,
    coefficient,
    hypergeometric_tail,
    tmul,
    tpow,
)

__all__ = [
    "HUAHUAR_SHOE",
    "SEED_FIGURES",
    "compute_huahuar_table",
    "huabao_row",
    "huahu_row",
    "huahuar_table",
    "hu_row",
    "jie_row",
    "kind_row",
    "long_row",
    "qinghu_row",
]

HUAHUAR_SHOE = Shoe(decks=4, hand=54)

#: The seed's table of pattern odds (its last section), verbatim, by row id.
SEED_FIGURES: dict[str, str] = {
    "kind8": "≈21.99%",
    "huabao": "≈18.65%",
    "kind9": "≈5.8%",
    "kind10": "≈1.17%",
    "kind11": "≈1.82‰",
    "kind12": "≈0.203‰",
    "kind13": "≈16.51ppm",
    "kind14": "≈0.203ppm",
    "kind15": "≈億分之3",
    "kind16": "≈億分之0.045",
    "huahu": "≈8.48%",
    "qinghu": "≈7.2‰",
    "hu5": "≈2.134%",
    "hu6": "≈3.27‰",
    "hu7": "≈0.278‰",
    "hu8": "≈10.1ppm",
    "jie5": "≈13.86%",
    "jie6": "≈1.53%",
    "shenlong": "≈2.9‰",
    "jie7": "≈0.65‰",
    "jie8": "≈9.9ppm",
    "jie9": "≈億分之5.2",
    "qinglong": "=0.87ppm",
    "jie16": "一億二千萬億億億億分之一",
}

_NUMERALS = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"]
_EN_NUMBERS = ["", "one", "two", "three", "four", "five", "six", "seven", "eight"]


def chinese_number(k: int) -> str:
    """1..99 in Chinese numerals, the way the seed names its patterns (十一, 十六)."""
    tens, units = divmod(k, 10)
    if tens == 0:
        return _NUMERALS[units]
    return ("" if tens == 1 else _NUMERALS[tens]) + "十" + _NUMERALS[units]


def _j() -> sympy.Symbol:
    return sympy.Symbol("j", integer=True, nonnegative=True)


def _gf(m: int, low: int, high: int) -> sympy.Expr:
    """Display form of ``sum_{j=low..high} C(m, j) x^j``."""
    j = _j()
    return sympy.Sum(sympy.binomial(m, j) * X**j, (j, low, high))


def _windows(shoe: Shoe) -> int:
    """Three-rank windows among the dragon ranks 3..A (10 in a real deck)."""
    return max(shoe.ranks - 1 - 2, 0)


def _fraction(count: int, shoe: Shoe) -> sympy.Rational:
    return sympy.Rational(count, shoe.hands)


def kind_row(k: int, shoe: Shoe = HUAHUAR_SHOE) -> OddsRow:
    """N of a kind (k隻): some rank 2..A holds at least `k` of its cards.

    `expected` is the expected number of ranks holding exactly `k`, the reading under which the
    seed's 八隻..十六隻 figures come out (see `seed_comparison`).
    """
    m, n, others = shoe.per_rank, shoe.hand, shoe.jokers
    below = binomial_poly(m, 0, k - 1)
    none = coefficient(tmul(tpow(below, shoe.ranks, n), binomial_poly(others), n), n)
    probability = 1 - _fraction(none, shoe)
    expected = shoe.ranks * _fraction(choose(m, k) * choose(shoe.size - m, n - k), shoe)
    total = binom(shoe.size, n)
    return OddsRow(
        id=f"kind{k}",
        name_zh=f"{chinese_number(k)}隻",
        name_en=f"{k} of a kind",
        probability=probability,
        expected=expected,
        seed=None,
        expression=1 - Coeff(_gf(m, 0, k - 1) ** shoe.ranks * (1 + X) ** others, X, n) / total,
        expected_expression=shoe.ranks * binom(m, k) * binom(shoe.size - m, n - k) / total,
        note=(
            f"Hands where every rank holds fewer than {k} cards: each of the {shoe.ranks} ranks contributes "
            f"sum_(j<{k}) C({m},j) x^j, the {others} jokers (1+x)^{others}; the coefficient of x^{n} counts them "
            f"and the probability is its complement. Expected = expected number of ranks holding exactly {k}: "
            f"{shoe.ranks} C({m},{k}) C({shoe.size - m},{n - k}) / C({shoe.size},{n})."
        ),
    )


def huabao_row(shoe: Shoe = HUAHUAR_SHOE) -> OddsRow:
    """花豹: every copy of one suit-rank (all four ♥5 in four decks)."""
    c, n = shoe.decks, shoe.hand
    faces = shoe.suits * shoe.ranks
    incomplete = binomial_poly(c, 0, c - 1)
    none = coefficient(tmul(tpow(incomplete, faces, n), binomial_poly(shoe.jokers), n), n)
    total = binom(shoe.size, n)
    return OddsRow(
        id="huabao",
        name_zh="花豹",
        name_en="all copies of one suit-rank",
        probability=1 - _fraction(none, shoe),
        expected=faces * _fraction(choose(shoe.size - c, n - c), shoe),
        seed=None,
        expression=1 - Coeff(((1 + X) ** c - X**c) ** faces * (1 + X) ** shoe.jokers, X, n) / total,
        expected_expression=faces * binom(shoe.size - c, n - c) / total,
        note=(
            f"Each of the {faces} suit-ranks has {c} copies; (1+x)^{c} - x^{c} counts holdings that miss at least "
            f"one copy. Expected = expected number of complete suit-ranks, {faces} C({shoe.size - c},{n - c}) / "
            f"C({shoe.size},{n}) (the seed's figure)."
        ),
    )


def huahu_row(shoe: Shoe = HUAHUAR_SHOE) -> OddsRow:
    """花虎: at least four jokers, at least one 大王 and one 小王 among them."""
    c, n, J = shoe.decks, shoe.hand, shoe.jokers
    count = sum((choose(J, j) - 2 * choose(c, j)) * choose(shoe.size - J, n - j) for j in range(4, J + 1))
    j = _j()
    expression = sympy.Sum(
        (sympy.binomial(J, j) - 2 * sympy.binomial(c, j)) * sympy.binomial(shoe.size - J, n - j), (j, 4, J)
    ) / binom(shoe.size, n)
    return OddsRow(
        id="huahu",
        name_zh="花虎",
        name_en="four or more mixed jokers",
        probability=_fraction(count, shoe),
        expected=None,
        seed=None,
        expression=expression,
        note=(
            f"j jokers of {J} that are not all 大王 nor all 小王: C({J},j) - 2 C({c},j) ways, j = 4..{J}. "
            "A larger tiger holding both colours also counts."
        ),
    )


def qinghu_row(shoe: Shoe = HUAHUAR_SHOE) -> OddsRow:
    """青虎: every 大王 (大青虎) or every 小王 (小青虎) of the shoe, four of each in four decks."""
    c, n = shoe.decks, shoe.hand
    one = choose(shoe.size - c, n - c)
    both = choose(shoe.size - 2 * c, n - 2 * c)
    total = binom(shoe.size, n)
    return OddsRow(
        id="qinghu",
        name_zh="青虎",
        name_en="all big or all small jokers",
        probability=_fraction(2 * one - both, shoe),
        expected=_fraction(2 * one, shoe),
        seed=None,
        expression=(2 * binom(shoe.size - c, n - c) - binom(shoe.size - 2 * c, n - 2 * c)) / total,
        expected_expression=2 * binom(shoe.size - c, n - c) / total,
        note=(
            "Inclusion-exclusion: all big jokers, plus all small jokers, minus both. "
            "Expected = expected number of complete joker colours (0, 1 or 2)."
        ),
    )


def hu_row(k: int, shoe: Shoe = HUAHUAR_SHOE) -> OddsRow:
    """k虎: at least `k` jokers of either colour. `expected` is the chance of exactly `k` (the seed's reading)."""
    n, J = shoe.hand, shoe.jokers
    rest = shoe.size - J
    j = _j()
    total = binom(shoe.size, n)
    return OddsRow(
        id=f"hu{k}",
        name_zh=f"{chinese_number(k)}虎",
        name_en=f"{k} or more jokers",
        probability=_fraction(hypergeometric_tail(shoe.size, n, J, k), shoe),
        expected=_fraction(choose(J, k) * choose(rest, n - k), shoe),
        seed=None,
        expression=sympy.Sum(sympy.binomial(J, j) * sympy.binomial(rest, n - j), (j, k, J)) / total,
        expected_expression=binom(J, k) * binom(rest, n - k) / total,
        note=(
            f"Hypergeometric tail: j of the {J} jokers and {n}-j of the other {rest} cards, j >= {k}. "
            f"Expected = the chance of exactly {k} jokers."
        ),
    )


def _transfer_matrix(good: sympy.Expr, bad: sympy.Expr) -> sympy.ImmutableMatrix:
    """States = length of the good run ending here (0, 1, 2); a run of three is dropped."""
    return sympy.ImmutableMatrix([[bad, bad, bad], [good, 0, 0], [0, good, 0]])


def _run_count(good: sympy.Expr, bad: sympy.Expr, length: int, factor: sympy.Expr) -> sympy.MatrixExpr:
    """``factor · (1 1 1) M^length (1 0 0)^T``, kept unevaluated (multiplying it out would take minutes)."""
    ones = sympy.ImmutableMatrix([[1, 1, 1]])
    start = sympy.ImmutableMatrix([[1], [0], [0]])
    return sympy.MatMul(factor, ones, sympy.MatPow(_transfer_matrix(good, bad), length), start)


def jie_row(k: int, shoe: Shoe = HUAHUAR_SHOE) -> OddsRow:
    """k節: three consecutive ranks from 3 to A, each holding at least `k` cards.

    `expected` is the expected number of three-rank windows whose ranks hold exactly `k` each (for
    十六節: all 48 cards), the reading under which the seed's 九節 and 十六節 figures come out.
    """
    m, n = shoe.per_rank, shoe.hand
    runs = shoe.ranks - 1
    good, bad = binomial_poly(m, k), binomial_poly(m, 0, k - 1)
    outside = m + shoe.jokers  # the 2s and the jokers never join a dragon
    none = coefficient(tmul(avoid_runs([(good, bad)] * runs, 3, n), binomial_poly(outside), n), n)
    windows = _windows(shoe)
    total = binom(shoe.size, n)
    chain = _run_count(_gf(m, k, m), _gf(m, 0, k - 1), runs, (1 + X) ** outside)
    return OddsRow(
        id=f"jie{k}",
        name_zh=f"{chinese_number(k)}節",
        name_en=f"three consecutive ranks with {k} or more each",
        probability=1 - _fraction(none, shoe),
        expected=windows * _fraction(choose(m, k) ** 3 * choose(shoe.size - 3 * m, n - 3 * k), shoe),
        seed=None,
        expression=1 - Coeff(chain, X, n) / total,
        expected_expression=windows * binom(m, k) ** 3 * binom(shoe.size - 3 * m, n - 3 * k) / total,
        note=(
            f"Transfer matrix over the {runs} ranks 3..A: the state is how many ranks in a row so far hold "
            f">= {k} cards (G(x) = sum_(j>={k}) C({m},j) x^j) and a third one in a row is forbidden; ranks "
            f"with fewer count with B(x) = sum_(j<{k}) C({m},j) x^j. The 2s and jokers add (1+x)^{outside}. "
            f"The coefficient of x^{n} counts hands with no dragon; the probability is its complement. "
            f"Expected = expected number of the {windows} windows holding exactly {k} of each rank."
        ),
    )


def long_row(copies: int, shoe: Shoe = HUAHUAR_SHOE) -> OddsRow:
    """神龍 (`copies` = 3) or 青龍 (`copies` = 4): one suit, three consecutive ranks 3..A, that many copies each.

    `expected` is the expected number of (suit, window) pairs holding exactly `copies` of each of the
    three suit-ranks (for 青龍: all twelve cards).
    """
    c, n = shoe.decks, shoe.hand
    runs = shoe.ranks - 1
    good, bad = binomial_poly(c, copies), binomial_poly(c, 0, copies - 1)
    one_suit = tmul(avoid_runs([(good, bad)] * runs, 3, n), binomial_poly(c), n)  # the suit's 2 sits outside
    none = coefficient(tmul(tpow(one_suit, shoe.suits, n), binomial_poly(shoe.jokers), n), n)
    pairs = shoe.suits * _windows(shoe)
    total = binom(shoe.size, n)
    chain = _run_count(_gf(c, copies, c), _gf(c, 0, copies - 1), runs, (1 + X) ** c)
    ident, zh, en = ("shenlong", "神龍", "three-suited dragon") if copies == 3 else ("qinglong", "青龍", "full dragon")
    return OddsRow(
        id=ident,
        name_zh=zh,
        name_en=f"{en}: {_EN_NUMBERS[copies]} copies of three consecutive suit-ranks",
        probability=1 - _fraction(none, shoe),
        expected=pairs * _fraction(choose(c, copies) ** 3 * choose(shoe.size - 3 * c, n - 3 * copies), shoe),
        seed=None,
        expression=1 - Coeff(sympy.MatMul((1 + X) ** shoe.jokers, sympy.MatPow(chain, shoe.suits)), X, n) / total,
        expected_expression=pairs * binom(c, copies) ** 3 * binom(shoe.size - 3 * c, n - 3 * copies) / total,
        note=(
            f"Within one suit, the same transfer matrix as for 節 over the {runs} suit-ranks 3..A, with "
            f"G(x) = sum_(j>={copies}) C({c},j) x^j per suit-rank; the suit's 2 adds (1+x)^{c}. The {shoe.suits} "
            f"suits multiply, the jokers add (1+x)^{shoe.jokers}. Expected = expected number of the {pairs} "
            f"(suit, window) pairs holding exactly {copies} copies of each of the three suit-ranks."
        ),
    )


def compute_huahuar_table(shoe: Shoe = HUAHUAR_SHOE) -> list[OddsRow]:
    """Every 花花兒 row, computed from scratch (no cache): the benchmark's cold run.

    For the real shoe the rows carry the seed's printed figures in `seed`.
    """
    m, J = shoe.per_rank, shoe.jokers
    rows = [kind_row(k, shoe) for k in range(8, m + 1)]
    rows += [huabao_row(shoe), huahu_row(shoe), qinghu_row(shoe)]
    rows += [hu_row(k, shoe) for k in range(5, J + 1)]
    rows += [jie_row(k, shoe) for k in range(3, m + 1)]
    rows += [long_row(3, shoe), long_row(4, shoe)]
    if shoe == HUAHUAR_SHOE:
        rows = [dataclasses.replace(row, seed=SEED_FIGURES.get(row.id)) for row in rows]
    return rows


@cache
def _huahuar_rows() -> tuple[OddsRow, ...]:
    return tuple(compute_huahuar_table())


def huahuar_table() -> list[OddsRow]:
    """The 花花兒 odds table for a 54-card hand from 216 cards (cached; see `compute_huahuar_table`).

    Ids: kind8..kind16, huabao, huahu, qinghu, hu5..hu8, jie3..jie16, shenlong, qinglong.
    """
    return list(_huahuar_rows())

