"""Exact odds of 掼蛋 (guandan) patterns in one 27-card hand dealt from 108 cards (two decks).

Terms: 炸弹 (bomb) is four or more cards of one rank; 天王炸 the four jokers; 同花顺 a straight flush
of five consecutive cards of one suit, the ace low (A2345) or high (10JQKA). The rank being played
is the level (主牌); its two heart cards are 逢人配 ("match anyone"), wild cards that stand for any
card but a joker. A wild may also stand for itself, so a heart level card is never worse than wild.
"""

from __future__ import annotations

from functools import cache

import sympy

from .core import (
    Coeff,
    OddsRow,
    Shoe,
    X,
    avoid_runs,
    avoid_windows,
    binom,
    binomial_poly,
    choose,
    coefficient,
    hypergeometric_tail,
    poly,
    tmul,
    tpow,
)

__all__ = ["GUANDAN_SHOE", "LEVELS", "compute_guandan_table", "guandan_table", "straight_flush_slots"]

GUANDAN_SHOE = Shoe(decks=2, hand=27)
LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_HEARTS = 1  # suits in cardkit order ♠ ♥ ♦ ♣
_ACE = 12  # ranks in natural order 2..A
_STRAIGHT = (_ACE, *range(12), _ACE)  # A 2 3 .. K A: the ace may start or end a straight


def _level_index(level: str) -> int:
    if level not in LEVELS:
        raise ValueError(f"the level must be one of {', '.join(LEVELS)} (got {level!r})")
    return LEVELS.index(level)


def _fraction(count: int, shoe: Shoe) -> sympy.Rational:
    return sympy.Rational(count, shoe.hands)


def _j() -> sympy.Symbol:
    return sympy.Symbol("j", integer=True, nonnegative=True)


def _bomb_row(k: int, shoe: Shoe) -> OddsRow:
    m, n = shoe.per_rank, shoe.hand
    j = _j()
    none = coefficient(tmul(tpow(binomial_poly(m, 0, k - 1), shoe.ranks, n), binomial_poly(shoe.jokers), n), n)
    total = binom(shoe.size, n)
    one_rank = hypergeometric_tail(shoe.size, n, m, k)
    return OddsRow(
        id=f"bomb{k}",
        name_zh=f"{k}张炸弹",
        name_en=f"bomb of {k} or more natural cards",
        probability=1 - _fraction(none, shoe),
        expected=shoe.ranks * _fraction(one_rank, shoe),
        seed=None,
        expression=1
        - Coeff(sympy.Sum(sympy.binomial(m, j) * X**j, (j, 0, k - 1)) ** shoe.ranks * (1 + X) ** shoe.jokers, X, n)
        / total,
        expected_expression=shoe.ranks
        * sympy.Sum(sympy.binomial(m, j) * sympy.binomial(shoe.size - m, n - j), (j, k, m))
        / total,
        note=(
            f"Some rank holds at least {k} of its {m} cards, wild cards not used as stand-ins (a heart level card "
            f"counts as its own rank). Expected = expected number of ranks holding at least {k}."
        ),
    )


def _wild_bomb_row(level: int, shoe: Shoe) -> OddsRow:
    m, n, c = shoe.per_rank, shoe.hand, shoe.decks
    none = 0
    terms = []
    for w in range(c + 1):
        need = 4 - w  # the wilds make up the rest of a four-card bomb
        factor = tpow(binomial_poly(m, 0, need - 1), shoe.ranks - 1, n - w)
        factor = tmul(factor, binomial_poly(m - c, 0, need - 1), n - w)  # level rank without its wilds
        none += choose(c, w) * coefficient(tmul(factor, binomial_poly(shoe.jokers), n - w), n - w)
        gf = sympy.Sum(sympy.binomial(m, _j()) * X ** _j(), (_j(), 0, need - 1))
        gf_level = sympy.Sum(sympy.binomial(m - c, _j()) * X ** _j(), (_j(), 0, need - 1))
        terms.append(binom(c, w) * Coeff(gf ** (shoe.ranks - 1) * gf_level * (1 + X) ** shoe.jokers, X, n - w))
    return OddsRow(
        id="bomb4_wild",
        name_zh="炸弹（含逢人配）",
        name_en="a bomb of four, wild cards allowed",
        probability=1 - _fraction(none, shoe),
        expected=None,
        seed=None,
        expression=1 - sympy.Add(*terms, evaluate=False) / binom(shoe.size, n),
        note=(
            "Split by w, the number of wild cards held: then no bomb means every rank holds fewer than 4 - w "
            f"natural cards (the level rank has {m - c} besides its wilds)."
        ),
    )


def straight_flush_slots(ace_held: bool, present, absent, missing_ranks=()) -> list:
    """The 14 slots A 2 .. K A of one suit for the transfer matrix, the ace's state fixed.

    The ace occurs twice in the row but is one holding, so its state is chosen once (`ace_held`) and
    both ace slots carry weight 1; the caller multiplies by the ace's own generating function.
    Ranks in `missing_ranks` are forced absent (the heart level card, which only a wild can fill).
    """
    one, zero = poly([1]), poly([])
    ace = (one, zero) if ace_held and _ACE not in missing_ranks else (zero, one)
    slots = []
    for rank in _STRAIGHT:
        if rank == _ACE:
            slots.append(ace)
        elif rank in missing_ranks:
            slots.append((zero, one))
        else:
            slots.append((present, absent))
    return slots


def _suit_count(ace_weight, n: int, count_free):
    """One suit's holdings with no straight flush, summed over the ace's two states.

    `ace_weight` is the generating function of holding the ace, or ``None`` where the ace is out of
    the suit (the heart ace at level A is a wild card).
    """
    total = count_free(False)
    if ace_weight is not None:
        total += tmul(ace_weight, count_free(True), n)
    return total


def _straight_flush_row(shoe: Shoe) -> OddsRow:
    c, n = shoe.decks, shoe.hand
    present, absent = binomial_poly(c, 1), poly([1])
    suit = _suit_count(present, n, lambda held: avoid_runs(straight_flush_slots(held, present, absent), 5, n))
    none = coefficient(tmul(tpow(suit, shoe.suits, n), binomial_poly(shoe.jokers), n), n)
    all_five = sum((-1) ** i * choose(5, i) * choose(shoe.size - c * i, n) for i in range(6))
    windows = shoe.suits * (len(_STRAIGHT) - 4)
    # the per-suit transfer-matrix count, written out: run length 0..4 as the state
    g = (1 + X) ** c - 1
    M = sympy.ImmutableMatrix(5, 5, lambda r, s: 1 if r == 0 else (g if r == s + 1 else 0))
    shift = sympy.ImmutableMatrix(5, 5, lambda r, s: 1 if r == s + 1 else 0)
    reset = sympy.ImmutableMatrix(5, 5, lambda r, s: 1 if r == 0 else 0)
    ones = sympy.ImmutableMatrix([[1] * 5])
    e0 = sympy.ImmutableMatrix([1, 0, 0, 0, 0])
    e1 = sympy.ImmutableMatrix([0, 1, 0, 0, 0])
    per_suit = sympy.MatAdd(
        sympy.MatMul(g, ones, shift, sympy.MatPow(M, 12), e1), sympy.MatMul(ones, reset, sympy.MatPow(M, 12), e0)
    )
    i = _j()
    return OddsRow(
        id="straight_flush",
        name_zh="同花顺",
        name_en="straight flush (natural cards)",
        probability=1 - _fraction(none, shoe),
        expected=windows * _fraction(all_five, shoe),
        seed=None,
        expression=1
        - Coeff(sympy.MatMul((1 + X) ** shoe.jokers, sympy.MatPow(per_suit, shoe.suits)), X, n) / binom(shoe.size, n),
        expected_expression=windows
        * sympy.Sum((-1) ** i * sympy.binomial(5, i) * sympy.binomial(shoe.size - c * i, n), (i, 0, 5))
        / binom(shoe.size, n),
        note=(
            "Per suit, a transfer matrix over A 2 .. K A whose state is the run of held ranks (0..4; a fifth is "
            "forbidden); the ace, met twice, is either held at both ends (first term) or at neither (second). "
            f"Expected = expected number of the {windows} (suit, five ranks) straight flushes, by "
            "inclusion-exclusion over missing ranks."
        ),
    )


def _wild_straight_flush_row(level: int, shoe: Shoe) -> OddsRow:
    c, n = shoe.decks, shoe.hand
    present, absent = binomial_poly(c, 1), poly([1])
    none = 0
    terms = []
    for w in range(c + 1):
        size = n - w

        def forms(bits, w=w):
            return bits.count(False) <= w

        def free(held, missing=(), forms=forms, size=size):
            return avoid_windows(straight_flush_slots(held, present, absent, missing), 5, forms, size)

        other = _suit_count(present, size, free)
        hearts = _suit_count(None if level == _ACE else present, size, lambda held: free(held, (level,)))
        rest = tmul(tmul(tpow(other, shoe.suits - 1, size), hearts, size), binomial_poly(shoe.jokers), size)
        none += choose(c, w) * coefficient(rest, size)
        S, H = sympy.Function(f"S_{w}"), sympy.Function(f"H_{w}")
        terms.append(binom(c, w) * Coeff(S(X) ** (shoe.suits - 1) * H(X) * (1 + X) ** shoe.jokers, X, size))
    return OddsRow(
        id="straight_flush_wild",
        name_zh="同花顺（含逢人配）",
        name_en="straight flush, wild cards allowed",
        probability=1 - _fraction(none, shoe),
        expected=None,
        seed=None,
        expression=1 - sympy.Add(*terms, evaluate=False) / binom(shoe.size, n),
        note=(
            "Split by w, the wild cards held. S_w(x) counts one suit's holdings where no five consecutive ranks "
            "miss more than w of them: a transfer matrix whose state is which of the last four ranks are held "
            "(16 states). H_w(x) is the same for hearts with the level rank always missing, since its two "
            "cards are the wilds. Not shown expanded: the matrices are 16 × 16."
        ),
    )


def compute_guandan_table(level: str = "2", shoe: Shoe = GUANDAN_SHOE) -> list[OddsRow]:
    """Every guandan row, from scratch. Ids: joker_bomb, bomb4..bomb8, bomb4_wild, both_wilds, any_wild,
    straight_flush, straight_flush_wild."""
    L = _level_index(level)
    c, n, J = shoe.decks, shoe.hand, shoe.jokers
    total = binom(shoe.size, n)
    rows = [
        OddsRow(
            id="joker_bomb",
            name_zh="天王炸",
            name_en="all four jokers",
            probability=_fraction(choose(shoe.size - J, n - J), shoe),
            expected=None,
            seed=None,
            expression=binom(shoe.size - J, n - J) / total,
            note="All four jokers, and any other 23 cards.",
        )
    ]
    rows += [_bomb_row(k, shoe) for k in range(4, shoe.per_rank + 1)]
    rows.append(_wild_bomb_row(L, shoe))
    rows += [
        OddsRow(
            id="both_wilds",
            name_zh="双逢人配",
            name_en=f"both wild cards (♥{level})",
            probability=_fraction(choose(shoe.size - c, n - c), shoe),
            expected=None,
            seed=None,
            expression=binom(shoe.size - c, n - c) / total,
            note=f"Both copies of ♥{level}, the wild cards at level {level}.",
        ),
        OddsRow(
            id="any_wild",
            name_zh="逢人配",
            name_en=f"at least one wild card (♥{level})",
            probability=1 - _fraction(choose(shoe.size - c, n), shoe),
            expected=sympy.Rational(c * n, shoe.size),
            seed=None,
            expression=1 - binom(shoe.size - c, n) / total,
            expected_expression=sympy.Rational(c, 1) * n / shoe.size,
            note=f"Complement of holding no ♥{level}. Expected = expected number of wild cards held, "
            f"{c}·{n}/{shoe.size}.",
        ),
        _straight_flush_row(shoe),
        _wild_straight_flush_row(L, shoe),
    ]
    return rows


@cache
def _guandan_rows(level: str) -> tuple[OddsRow, ...]:
    return tuple(compute_guandan_table(level))


def guandan_table(level: str = "2") -> list[OddsRow]:
    """The guandan odds table for a 27-card hand from 108 cards, wild cards ♥`level` (cached)."""
    return list(_guandan_rows(level))
