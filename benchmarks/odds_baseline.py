"""Plain-Python exact 花花兒 odds: the benchmark's in-process baseline and an independent cross-check.

Nothing here imports cardkit or sympy: the numbers come from `fractions.Fraction` and integer
convolutions written out by hand, so that `cardkit.odds` can be checked against a second, separate
derivation and timed against it in the same process.

Deal model: 216 cards (four decks: 13 ranks × 4 suits × 4 copies, plus 4 big and 4 small jokers),
one hand of 54 cards, every set of 54 physical cards equally likely.

Run ``python benchmarks/odds_baseline.py`` to time both (cold: sympy's cache cleared before every
cardkit run) and print the ratio.
"""

from __future__ import annotations

import time
from fractions import Fraction
from math import comb

DECKS, HAND = 4, 54
SUITS, RANKS = 4, 13
PER_RANK = SUITS * DECKS  # 16
JOKERS = 2 * DECKS  # 8
SHOE = DECKS * (SUITS * RANKS + 2)  # 216
RUN_RANKS = RANKS - 1  # 3..A; the 2 never joins a dragon
WINDOWS = RUN_RANKS - 2


def _c(n: int, k: int) -> int:
    return comb(n, k) if 0 <= k <= n else 0


def _mul(a: list[int], b: list[int]) -> list[int]:
    """Product of two coefficient lists, degrees above HAND dropped."""
    out = [0] * (HAND + 1)
    for i, ai in enumerate(a):
        if ai:
            for j in range(min(len(b), HAND + 1 - i)):
                out[i + j] += ai * b[j]
    return out


def _pow(a: list[int], e: int) -> list[int]:
    result, base = [1], a
    while e:
        if e & 1:
            result = _mul(result, base)
        e >>= 1
        if e:
            base = _mul(base, base)
    return result


def _add(*polys: list[int]) -> list[int]:
    out = [0] * (HAND + 1)
    for p in polys:
        for i, v in enumerate(p[: HAND + 1]):
            out[i] += v
    return out


def _range_poly(m: int, low: int, high: int) -> list[int]:
    return [_c(m, j) if low <= j <= high else 0 for j in range(m + 1)]


def _no_three_in_a_row(good: list[int], bad: list[int], slots: int) -> list[int]:
    run0, run1, run2 = [1], [0], [0]
    for _ in range(slots):
        run0, run1, run2 = _mul(_add(run0, run1, run2), bad), _mul(run0, good), _mul(run1, good)
    return _add(run0, run1, run2)


TOTAL = comb(SHOE, HAND)


def _p(count: int) -> Fraction:
    return Fraction(count, TOTAL)


def compute_table() -> dict[str, tuple[Fraction, Fraction | None]]:
    """Row id -> (probability, expected), the same definitions as `cardkit.odds.huahuar_table()`."""
    out: dict[str, tuple[Fraction, Fraction | None]] = {}
    jokers = _range_poly(JOKERS, 0, JOKERS)
    for k in range(8, PER_RANK + 1):
        none = _mul(_pow(_range_poly(PER_RANK, 0, k - 1), RANKS), jokers)[HAND]
        out[f"kind{k}"] = (1 - _p(none), RANKS * _p(_c(PER_RANK, k) * _c(SHOE - PER_RANK, HAND - k)))

    faces = SUITS * RANKS
    none = _mul(_pow(_range_poly(DECKS, 0, DECKS - 1), faces), jokers)[HAND]
    out["huabao"] = (1 - _p(none), faces * _p(_c(SHOE - DECKS, HAND - DECKS)))

    def jokers_exactly(big: int, small: int) -> int:
        return _c(DECKS, big) * _c(DECKS, small) * _c(SHOE - JOKERS, HAND - big - small)

    pairs = [(b, s) for b in range(DECKS + 1) for s in range(DECKS + 1)]
    out["huahu"] = (_p(sum(jokers_exactly(b, s) for b, s in pairs if b and s and b + s >= 4)), None)
    out["qinghu"] = (
        _p(sum(jokers_exactly(b, s) for b, s in pairs if b == DECKS or s == DECKS)),
        _p(sum(jokers_exactly(b, s) * ((b == DECKS) + (s == DECKS)) for b, s in pairs)),
    )
    for k in range(5, JOKERS + 1):
        out[f"hu{k}"] = (
            _p(sum(jokers_exactly(b, s) for b, s in pairs if b + s >= k)),
            _p(sum(jokers_exactly(b, s) for b, s in pairs if b + s == k)),
        )

    outside = _range_poly(PER_RANK + JOKERS, 0, PER_RANK + JOKERS)
    for k in range(3, PER_RANK + 1):
        free = _no_three_in_a_row(_range_poly(PER_RANK, k, PER_RANK), _range_poly(PER_RANK, 0, k - 1), RUN_RANKS)
        none = _mul(free, outside)[HAND]
        exact = _c(PER_RANK, k) ** 3 * _c(SHOE - 3 * PER_RANK, HAND - 3 * k)
        out[f"jie{k}"] = (1 - _p(none), WINDOWS * _p(exact))

    for copies, name in ((3, "shenlong"), (4, "qinglong")):
        free = _no_three_in_a_row(_range_poly(DECKS, copies, DECKS), _range_poly(DECKS, 0, copies - 1), RUN_RANKS)
        suit = _mul(free, _range_poly(DECKS, 0, DECKS))
        none = _mul(_pow(suit, SUITS), jokers)[HAND]
        exact = _c(DECKS, copies) ** 3 * _c(SHOE - 3 * DECKS, HAND - 3 * copies)
        out[name] = (1 - _p(none), SUITS * WINDOWS * _p(exact))
    return out


def _best_of(fn, repeats: int, before=None) -> float:
    best = float("inf")
    for _ in range(repeats):
        if before:
            before()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def measure(repeats: int = 5) -> dict[str, float]:
    """Seconds for the baseline and for cardkit's cold table (first run in this process, then best of
    `repeats` with sympy's cache cleared before each), and their ratio."""
    from sympy.core.cache import clear_cache

    from cardkit.odds import compute_huahuar_table

    start = time.perf_counter()
    compute_huahuar_table()
    first = time.perf_counter() - start
    baseline = _best_of(compute_table, repeats)
    cardkit = _best_of(compute_huahuar_table, repeats, before=clear_cache)
    return {
        "baseline_s": baseline,
        "cardkit_cold_s": cardkit,
        "cardkit_first_run_s": first,
        "ratio": cardkit / baseline,
    }


if __name__ == "__main__":
    for key, value in measure().items():
        print(f"{key:>20}: {value:.4f}")
