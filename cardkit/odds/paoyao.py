"""Exact odds for 刨幺 (paoyao) hands: 27 cards each from 108 (two decks).

Terms: 路 (lu, "road") is N cards of one rank, 三路 .. 八路. 幺 (yao, "ace") bombs are fours with an
ace: 小幺 44A, 中幺 444A, 老幺 4444A, 老老幺 five or more 4s and an A. Jokers count as 2.5 (大王) or
1.5 (小王) 路 when played together; four jokers are the head of 八路.
"""

from __future__ import annotations

from functools import cache

import sympy

from .core import Coeff, OddsRow, Shoe, X, binom, binomial_poly, choose, coefficient, hypergeometric_tail, tmul, tpow

__all__ = ["PAOYAO_SHOE", "compute_paoyao_table", "paoyao_table"]

PAOYAO_SHOE = Shoe(decks=2, hand=27)

_YAO = (("xiaoyao", "小幺", 2), ("zhongyao", "中幺", 3), ("laoyao", "老幺", 4), ("laolaoyao", "老老幺", 5))


def _j() -> sympy.Symbol:
    return sympy.Symbol("j", integer=True, nonnegative=True)


def compute_paoyao_table(shoe: Shoe = PAOYAO_SHOE) -> list[OddsRow]:
    """Every paoyao row, from scratch. Ids: xiaoyao, zhongyao, laoyao, laolaoyao, four_jokers,
    three_jokers, lu4..lu8."""
    m, n, N, J = shoe.per_rank, shoe.hand, shoe.size, shoe.jokers
    total = binom(N, n)
    j = _j()
    rows = []
    for ident, zh, fours in _YAO:
        # j fours, and the other n - j cards from the non-4s, not all of them non-aces
        count = sum(choose(m, i) * (choose(N - m, n - i) - choose(N - 2 * m, n - i)) for i in range(fours, m + 1))
        rows.append(
            OddsRow(
                id=ident,
                name_zh=zh,
                name_en=f"yao: {fours} or more 4s and an ace",
                probability=sympy.Rational(count, shoe.hands),
                expected=None,
                seed=None,
                expression=sympy.Sum(
                    sympy.binomial(m, j) * (sympy.binomial(N - m, n - j) - sympy.binomial(N - 2 * m, n - j)),
                    (j, fours, m),
                )
                / total,
                note=f"j >= {fours} of the {m} fours; among the other cards at least one of the {m} aces "
                "(all other hands minus those without an ace).",
            )
        )
    rows.append(
        OddsRow(
            id="four_jokers",
            name_zh="四王",
            name_en="all four jokers",
            probability=sympy.Rational(choose(N - J, n - J), shoe.hands),
            expected=None,
            seed=None,
            expression=binom(N - J, n - J) / total,
            note="All four jokers and any 23 other cards.",
        )
    )
    rows.append(
        OddsRow(
            id="three_jokers",
            name_zh="三王",
            name_en="three or more jokers",
            probability=sympy.Rational(hypergeometric_tail(N, n, J, 3), shoe.hands),
            expected=None,
            seed=None,
            expression=sympy.Sum(sympy.binomial(J, j) * sympy.binomial(N - J, n - j), (j, 3, J)) / total,
            note="Hypergeometric tail of the four jokers.",
        )
    )
    for k in range(4, m + 1):
        none = coefficient(tmul(tpow(binomial_poly(m, 0, k - 1), shoe.ranks, n), binomial_poly(J), n), n)
        rows.append(
            OddsRow(
                id=f"lu{k}",
                name_zh=f"{'四五六七八'[k - 4]}路",
                name_en=f"{k} or more of a rank",
                probability=1 - sympy.Rational(none, shoe.hands),
                expected=shoe.ranks * sympy.Rational(hypergeometric_tail(N, n, m, k), shoe.hands),
                seed=None,
                expression=1
                - Coeff(sympy.Sum(sympy.binomial(m, j) * X**j, (j, 0, k - 1)) ** shoe.ranks * (1 + X) ** J, X, n)
                / total,
                expected_expression=shoe.ranks
                * sympy.Sum(sympy.binomial(m, j) * sympy.binomial(N - m, n - j), (j, k, m))
                / total,
                note=f"Some rank holds at least {k} of its {m} cards (jokers aside). Expected = expected number of "
                f"ranks holding at least {k}.",
            )
        )
    return rows


@cache
def _paoyao_rows() -> tuple[OddsRow, ...]:
    return tuple(compute_paoyao_table())


def paoyao_table() -> list[OddsRow]:
    """The paoyao odds table for a 27-card hand from 108 cards (cached)."""
    return list(_paoyao_rows())
