"""The seed's table of 花花兒 pattern odds, checked figure by figure against exact values.

The seed prints 23 figures and, on its last line, the odds of 十六節. For each one this module lists
the readings a writer could have meant (at least k or exactly k; some rank or one given rank;
probability or expected number of instances; ...), computes each exactly, and says which reading
reproduces the printed digits. Where none does, the verdict says whether the figure looks like a
misprint (with the reason) or stays unexplained.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import sympy

from .core import Shoe, binomial_poly, choose, coefficient, poly, tmul, tpow
from .huahuar import HUAHUAR_SHOE, SEED_FIGURES, huahuar_table

__all__ = ["Reading", "SeedCheck", "parse_seed_figure", "seed_comparison"]

_UNITS = (
    ("億分之", Fraction(1, 10**8)),
    ("ppm", Fraction(1, 10**6)),
    ("‰", Fraction(1, 1000)),
    ("%", Fraction(1, 100)),
)

#: The seed's last line: "十六節 ... 它的機率是：一億二千萬億億億億分之一".
#: 一億二千萬 = 1.2 × 10^8, each 億 = 10^8, so one in 1.2 × 10^8 × 10^32 = 1.2 × 10^40.
_ONE_IN_TEXT = {"一億二千萬億億億億分之一": (Fraction(12, 10) * 10**40, Fraction(1, 10) * 10**40)}


@dataclass(frozen=True)
class Reading:
    """One way to read a printed figure, with its exact value.

    `seed_way` marks the reading that reproduces the seed's other figures of the same family (for the
    隻 figures: the expected number of ranks holding exactly k), the one to prefer when several match.
    """

    name: str
    value: sympy.Rational
    seed_way: bool = False


@dataclass(frozen=True)
class SeedCheck:
    """One printed figure of the seed against its exact readings.

    `printed` is the seed's text; `printed_value` its number (a probability); `exact` the row's
    probability as this kit defines it; `best` the reading closest to the printed figure and
    `best_value` its exact value (the seed's usual reading for the family where that one reproduces
    the figure, or where nothing does); `matches` every reading that reproduces the printed digits;
    `verdict` one of ``"reproduced"`` (every printed digit), ``"last digit"`` (off by one in the last
    printed digit), ``"misprint"`` or ``"unexplained"``; `comment` says why, in a sentence.
    """

    id: str
    name_zh: str
    printed: str
    printed_value: Fraction
    exact: sympy.Rational
    best: str
    best_value: sympy.Rational
    verdict: str
    comment: str
    readings: tuple[Reading, ...]
    matches: tuple[str, ...]


def parse_seed_figure(text: str) -> tuple[Fraction, Fraction, bool]:
    """The number a seed figure prints: ``(value, unit of the last printed digit, is_one_in)``.

    ``"≈21.99%"`` → (0.2199, 0.0001, False); ``"≈億分之3"`` → (3e-8, 1e-8, False). For "one in N"
    figures the value and unit are N's, and `is_one_in` is True.
    """
    if text in _ONE_IN_TEXT:
        value, unit = _ONE_IN_TEXT[text]
        return value, unit, True
    body = text.lstrip("≈=")
    for name, scale in _UNITS:
        if name in body:
            digits = body.replace(name, "")
            decimals = len(digits.split(".")[1]) if "." in digits else 0
            return Fraction(digits) * scale, scale / 10**decimals, False
    raise ValueError(f"cannot read the seed figure {text!r}: expected %, ‰, ppm or 億分之")


def _p(count: int, shoe: Shoe) -> sympy.Rational:
    return sympy.Rational(count, shoe.hands)


def _some_rank_exactly(k: int, shoe: Shoe) -> sympy.Rational:
    m, n = shoe.per_rank, shoe.hand
    not_k = poly([choose(m, j) if j != k else 0 for j in range(m + 1)])
    none = coefficient(tmul(tpow(not_k, shoe.ranks, n), binomial_poly(shoe.jokers), n), n)
    return 1 - _p(none, shoe)


def _kind_readings(k: int, shoe: Shoe) -> list[Reading]:
    m, n, N = shoe.per_rank, shoe.hand, shoe.size
    one_exact = _p(choose(m, k) * choose(N - m, n - k), shoe)
    one_at_least = _p(sum(choose(m, j) * choose(N - m, n - j) for j in range(k, m + 1)), shoe)
    row = {r.id: r for r in huahuar_table()}[f"kind{k}"]
    return [
        Reading(f"some rank holds at least {k} (this kit's probability)", row.probability),
        Reading(f"some rank holds exactly {k}", _some_rank_exactly(k, shoe)),
        Reading(f"expected number of ranks holding exactly {k}", shoe.ranks * one_exact, seed_way=True),
        Reading(f"expected number of ranks holding at least {k}", shoe.ranks * one_at_least),
        Reading(f"one given rank holds exactly {k}", one_exact),
        Reading(f"one given rank holds at least {k}", one_at_least),
    ]


def _joker_count(shoe: Shoe, test) -> sympy.Rational:
    c, n = shoe.decks, shoe.hand
    rest = shoe.size - shoe.jokers
    return _p(
        sum(
            choose(c, b) * choose(c, s) * choose(rest, n - b - s)
            for b in range(c + 1)
            for s in range(c + 1)
            if test(b, s)
        ),
        shoe,
    )


def _joker_readings(ident: str, shoe: Shoe) -> list[Reading]:
    c = shoe.decks
    if ident == "huahu":
        return [
            Reading(
                "four or more jokers, both colours (this kit's probability)",
                _joker_count(shoe, lambda b, s: b and s and b + s >= 4),
            ),
            Reading("exactly four jokers, both colours", _joker_count(shoe, lambda b, s: b and s and b + s == 4)),
            Reading("exactly four jokers, any colours", _joker_count(shoe, lambda b, s: b + s == 4), seed_way=True),
            Reading("four or more jokers, any colours", _joker_count(shoe, lambda b, s: b + s >= 4)),
        ]
    if ident == "qinghu":
        return [
            Reading(
                "all four 大王 or all four 小王 (this kit's probability)",
                _joker_count(shoe, lambda b, s: b == c or s == c),
                seed_way=True,
            ),
            Reading("expected number of complete colours", _joker_count(shoe, lambda b, s: (b == c) + (s == c))),
            Reading("all four 大王 (大青虎 alone)", _joker_count(shoe, lambda b, s: b == c)),
            Reading(
                "exactly four jokers, all one colour",
                _joker_count(shoe, lambda b, s: b + s == 4 and (b == 4 or s == 4)),
            ),
        ]
    k = int(ident[2:])
    return [
        Reading(f"at least {k} jokers (this kit's probability)", _joker_count(shoe, lambda b, s: b + s >= k)),
        Reading(f"exactly {k} jokers", _joker_count(shoe, lambda b, s: b + s == k), seed_way=True),
    ]


def _window_exact(k: int, windows: int, shoe: Shoe) -> sympy.Rational:
    m = shoe.per_rank
    return windows * _p(choose(m, k) ** 3 * choose(shoe.size - 3 * m, shoe.hand - 3 * k), shoe)


def _window_at_least(k: int, shoe: Shoe) -> sympy.Rational:
    m = shoe.per_rank
    g = binomial_poly(m, k)
    three = tmul(tmul(g, g, shoe.hand), g, shoe.hand)
    return _p(sum(c * choose(shoe.size - 3 * m, shoe.hand - d) for (d,), c in three.items()), shoe)


def _jie_readings(k: int, shoe: Shoe) -> list[Reading]:
    rows = {r.id: r for r in huahuar_table()}
    windows = shoe.ranks - 3
    p = rows[f"jie{k}"].probability
    above = rows[f"jie{k + 1}"].probability if f"jie{k + 1}" in rows else sympy.Integer(0)
    return [
        Reading(f"some three consecutive ranks hold at least {k} each (this kit's probability)", p),
        Reading(
            f"expected number of windows holding exactly {k} of each rank",
            _window_exact(k, windows, shoe),
            seed_way=True,
        ),
        Reading(f"expected number of windows holding at least {k} of each rank", windows * _window_at_least(k, shoe)),
        Reading(f"one given window holds exactly {k} of each rank", _window_exact(k, 1, shoe)),
        Reading(f"the best dragon is exactly {k}節", p - above),
        Reading("as the seed's reading, but 11 windows (2 after A: KA2)", _window_exact(k, windows + 1, shoe)),
    ]


def _long_readings(copies: int, shoe: Shoe) -> list[Reading]:
    c = shoe.decks
    pairs = shoe.suits * (shoe.ranks - 3)
    row = {r.id: r for r in huahuar_table()}["shenlong" if copies == 3 else "qinglong"]
    g = binomial_poly(c, copies)
    three = tmul(tmul(g, g, shoe.hand), g, shoe.hand)
    at_least = _p(sum(v * choose(shoe.size - 3 * c, shoe.hand - d) for (d,), v in three.items()), shoe)
    exact = _p(choose(c, copies) ** 3 * choose(shoe.size - 3 * c, shoe.hand - 3 * copies), shoe)
    return [
        Reading(f"some suit and window with at least {copies} copies each (this kit's probability)", row.probability),
        Reading(
            f"expected number of (suit, window) pairs with exactly {copies} copies each", pairs * exact, seed_way=True
        ),
        Reading(f"expected number of (suit, window) pairs with at least {copies} copies each", pairs * at_least),
        Reading("one given suit and window", exact),
    ]


def _readings(ident: str, shoe: Shoe) -> list[Reading]:
    if ident.startswith("kind"):
        return _kind_readings(int(ident[4:]), shoe)
    if ident == "huabao":
        faces = shoe.suits * shoe.ranks
        one = _p(choose(shoe.size - shoe.decks, shoe.hand - shoe.decks), shoe)
        row = {r.id: r for r in huahuar_table()}["huabao"]
        return [
            Reading("some suit-rank with all four copies (this kit's probability)", row.probability),
            Reading("expected number of complete suit-ranks", faces * one, seed_way=True),
            Reading("one given suit-rank complete", one),
        ]
    if ident.startswith("hu") or ident == "qinghu":
        return _joker_readings(ident, shoe)
    if ident.startswith("jie"):
        return _jie_readings(int(ident[3:]), shoe)
    return _long_readings(3 if ident == "shenlong" else 4, shoe)


#: Judgements where no reading reproduces a figure: why it looks misprinted, or what is known.
_JUDGEMENTS = {
    "kind11": (
        "unexplained",
        "every neighbouring 隻 figure is the expected number of ranks holding exactly k, which gives 1.790‰ "
        "here; no reading gives 1.82‰ (1.7 % off) — probably a slip of the pen",
    ),
    "kind14": (
        "misprint",
        "0.203 repeats the digits of 十二隻 (0.203‰); the seed's own reading gives 0.906ppm",
    ),
    "shenlong": (
        "unexplained",
        "between the expected number of 9-card suit dragons (2.73‰) and the chance of one (3.24‰); no reading "
        "gives 2.9‰",
    ),
}
_JIE_UNEXPLAINED = (
    "no reading gives it: the seed's reading for 九節 and 十六節 (expected number of windows with exactly k of "
    "each rank) gives {best}, the chance of a dragon {exact}; the printed figure lies between them and the gap "
    "shrinks as k grows, as if extra hands had been counted that no definition here matches"
)


def _closeness(value: sympy.Rational, printed: Fraction, unit: Fraction, one_in: bool) -> Fraction:
    """Distance from the printed figure, in units of its last printed digit."""
    exact = Fraction(int(value.p), int(value.q))
    if one_in:
        if exact == 0:
            return Fraction(10**9)
        exact = 1 / exact
    return abs(exact - printed) / unit


def _format(value: sympy.Rational, unit_text: str) -> str:
    for name, scale in _UNITS:
        if name in unit_text:
            return f"{float(value / sympy.Rational(scale.numerator, scale.denominator)):.4g}{name}"
    return f"1 in {float(1 / value):.4g}" if value else "0"


@cache
def _comparison() -> tuple[SeedCheck, ...]:
    shoe = HUAHUAR_SHOE
    rows = {r.id: r for r in huahuar_table()}
    checks = []
    for ident, printed in SEED_FIGURES.items():
        value, unit, one_in = parse_seed_figure(printed)
        if ident == "jie16":
            readings = [
                Reading("some window holds all 48 cards (this kit's probability)", rows["jie16"].probability, True),
                Reading("one given window holds all 48 cards", rows["jie16"].probability / (shoe.ranks - 3)),
            ]
        else:
            readings = _readings(ident, shoe)
        def distance(reading: Reading, value=value, unit=unit, one_in=one_in) -> Fraction:
            return _closeness(reading.value, value, unit, one_in)

        usual = next(r for r in readings if r.seed_way)
        matches = tuple(r.name for r in readings if distance(r) <= Fraction(1, 2))
        if distance(usual) <= Fraction(1, 2) or not matches:
            best = usual
        else:
            best = min(readings, key=distance)
        if matches:
            verdict = "reproduced"
            comment = f"reproduced by: {best.name}" + (
                f" (also by: {'; '.join(m for m in matches if m != best.name)})" if len(matches) > 1 else ""
            )
        elif distance(usual) <= Fraction(3, 2):
            verdict = "last digit"
            comment = f"{usual.name} gives {_format(usual.value, printed)}: the last printed digit is off by one"
        elif ident in _JUDGEMENTS:
            verdict, comment = _JUDGEMENTS[ident]
        else:
            verdict = "unexplained"
            comment = _JIE_UNEXPLAINED.format(
                best=_format(usual.value, printed), exact=_format(rows[ident].probability, printed)
            )
        checks.append(
            SeedCheck(
                id=ident,
                name_zh=rows[ident].name_zh,
                printed=printed,
                printed_value=1 / value if one_in else value,
                exact=rows[ident].probability,
                best=best.name,
                best_value=best.value,
                verdict=verdict,
                comment=comment,
                readings=tuple(readings),
                matches=matches,
            )
        )
    return tuple(checks)


def seed_comparison() -> list[SeedCheck]:
    """Every figure of the seed's 花花兒 odds table (and its last line, 十六節) against exact readings."""
    return list(_comparison())
