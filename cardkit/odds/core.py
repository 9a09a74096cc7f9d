"""The counting machinery behind every odds table: deal models, truncated generating functions, rows.

A hand of `n` cards dealt from a shoe of `N` cards is one of ``C(N, n)`` equally likely sets. Cards of
one kind (say the 16 sevens of four decks) contribute a factor ``sum_j C(16, j) x^j`` to a generating
function; multiplying the factors of every kind and reading the coefficient of ``x^n`` counts the
hands. Restricting a factor (only ``j < k`` sevens) counts the hands that avoid a pattern.

The numbers come from sympy's sparse polynomial rings (`sympy.polys.rings`) with truncated
multiplication (`sympy.polys.ring_series.rs_mul`): every degree above `n` is dropped as soon as it
appears, which is what keeps a 216-card shoe fast. The readable formula of each row is a separate,
unevaluated sympy expression (`OddsRow.expression`) built from `binomial`, `Sum`, `Coeff` and
matrices, for a notebook to show with `sympy.latex`.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import sympy
import sympy.tensor.tensor  # noqa: F401  (see below)
from sympy.polys.domains import ZZ
from sympy.polys.ring_series import rs_mul, rs_pow
from sympy.polys.rings import PolyElement, ring

# sympy's `Add` imports its tensor module (and combinatorics with it, some 30 ms) the first time it
# flattens a sum. Importing it above puts that one-time cost in `import cardkit.odds`, where every
# other sympy import is paid, instead of inside whichever table is computed first.

__all__ = [
    "Coeff",
    "OddsRow",
    "Shoe",
    "X",
    "avoid_runs",
    "avoid_windows",
    "binom",
    "binomial_poly",
    "choose",
    "coefficient",
    "hypergeometric_tail",
    "poly",
    "tmul",
    "tpow",
]

_RING, _x = ring("x", ZZ)

#: The variable of every generating function, as a sympy Symbol for display.
X = sympy.Symbol("x")


@dataclass(frozen=True)
class Shoe:
    """A deal model: `decks` full decks shuffled together, one hand of `hand` cards dealt without replacement.

    Each deck has `suits` × `ranks` suited cards and two jokers (大王 big, 小王 small). A real game uses
    ``suits=4, ranks=13``; smaller shoes exist so that tests can enumerate every hand by brute force
    and check the same formulas.
    """

    decks: int
    hand: int
    suits: int = 4
    ranks: int = 13

    @property
    def size(self) -> int:
        """Cards in the shoe."""
        return self.decks * (self.suits * self.ranks + 2)

    @property
    def per_rank(self) -> int:
        """Cards of one rank: every suit, every deck."""
        return self.decks * self.suits

    @property
    def jokers(self) -> int:
        """Jokers in the shoe, big and small together."""
        return 2 * self.decks

    @property
    def hands(self) -> int:
        """How many different hands (sets of physical cards) can be dealt."""
        return comb(self.size, self.hand)


@dataclass(frozen=True)
class OddsRow:
    """One pattern of an odds table.

    `probability`: the exact chance (sympy ``Rational``) that a freshly dealt hand holds the pattern.
    `expected`: the expected number of instances counted the way the `note` says, or ``None``.
    `seed`: the figure the seed rule text prints for this pattern, verbatim, or ``None``.
    `expression` / `expected_expression`: unevaluated sympy expressions of the two numbers, the
    derivation a notebook shows with ``sympy.latex``; ``.doit()`` on them gives the numbers back
    (slowly for a big shoe: the tables compute the same coefficients with truncation).
    """

    id: str
    name_zh: str
    name_en: str
    probability: sympy.Rational
    expected: sympy.Rational | None
    seed: str | None
    expression: sympy.Expr
    note: str
    expected_expression: sympy.Expr | None = None

    def __float__(self) -> float:
        return float(self.probability)


class Coeff(sympy.Function):
    """``[x^n] f(x)``, the coefficient of ``x**n`` in `f`: stays unevaluated until ``.doit()``.

    Generating-function texts write coefficient extraction this way; sympy has no such operator.
    `f` may be a 1×1 matrix expression (a transfer-matrix product), whose single entry is meant.
    """

    nargs = 3

    @classmethod
    def eval(cls, f, x, n):
        return None

    def doit(self, **hints):
        f, x, n = self.args
        f = f.doit(**hints)
        if getattr(f, "is_Matrix", False):
            f = f.as_explicit()[0, 0]
        return sympy.Poly(sympy.expand(f), x).coeff_monomial(x**n)

    def _latex(self, printer, exp=None):
        f, x, n = self.args
        body = _latex_product(f, printer)
        if not isinstance(f, sympy.MatrixExpr):
            body = r"\left(" + body + r"\right)"
        text = rf"\left[{printer._print(x)}^{{{printer._print(n)}}}\right] {body}"
        return text if exp is None else rf"\left({text}\right)^{{{exp}}}"


def _latex_product(f, printer) -> str:
    """LaTeX of a product of matrices and scalars, written factor by factor.

    sympy's own MatMul printer asks whether the product could be negated, which multiplies the
    matrices out: minutes for a 12th power of a matrix of polynomials.
    """
    if isinstance(f, sympy.MatMul):
        parts = []
        for factor in f.args:
            text = _latex_product(factor, printer)
            parts.append(r"\left(" + text + r"\right)" if isinstance(factor, (sympy.Add, sympy.MatAdd)) else text)
        return " ".join(parts)
    if isinstance(f, sympy.MatPow):
        base, power = f.args
        text = _latex_product(base, printer)
        if not isinstance(base, sympy.MatrixBase):
            text = r"\left(" + text + r"\right)"
        return rf"{text}^{{{printer._print(power)}}}"
    if isinstance(f, sympy.MatAdd):
        return " + ".join(_latex_product(term, printer) for term in f.args)
    return printer._print(f)


def choose(n: int, k: int) -> int:
    """``C(n, k)``, and 0 where k is negative or above n (no such hand), unlike `math.comb`."""
    return comb(n, k) if 0 <= k <= n else 0


def binom(n: int, k: int) -> sympy.Expr:
    """``C(n, k)`` as an unevaluated sympy binomial, so a formula shows ``\\binom{216}{54}``, not its digits."""
    return sympy.binomial(n, k, evaluate=False)


def poly(coefficients) -> PolyElement:
    """The polynomial ``sum c_j x^j`` for `coefficients` ``[c_0, c_1, ...]``."""
    return _RING({(j,): c for j, c in enumerate(coefficients) if c})


def binomial_poly(m: int, low: int = 0, high: int | None = None) -> PolyElement:
    """``sum_{j=low..high} C(m, j) x^j``: ways to hold j of m interchangeable-looking cards, j in range."""
    high = m if high is None else min(high, m)
    return _RING({(j,): comb(m, j) for j in range(max(low, 0), high + 1)})


def tmul(a: PolyElement, b: PolyElement, n: int) -> PolyElement:
    """The product `a` × `b` with every degree above `n` dropped."""
    return rs_mul(a, b, _x, n + 1)


def tpow(a: PolyElement, e: int, n: int) -> PolyElement:
    """`a` to the power `e`, truncated above degree `n`."""
    if e == 0:
        return _RING.one
    return rs_pow(a, e, _x, n + 1)


def coefficient(a: PolyElement, n: int) -> int:
    """The coefficient of ``x^n`` in `a`."""
    return int(a.get((n,), 0))


def avoid_runs(slots: list[tuple[PolyElement, PolyElement]], length: int, n: int) -> PolyElement:
    """Weighted count of ways to fill `slots` in a row with no `length` consecutive "good" slots.

    Each slot is ``(good, bad)``: the generating functions of its cards when the slot counts as good
    (say, a rank holding at least k cards) or bad. The state is the length of the good run that ends
    at the current slot (0 .. length-1); a good slot lengthens it, a bad one resets it, and a run
    reaching `length` is dropped. This is the transfer-matrix method, applied one slot at a time.
    """
    runs = [_RING.one] + [_RING.zero] * (length - 1)
    for good, bad in slots:
        total = sum(runs, _RING.zero)
        runs = [tmul(total, bad, n)] + [tmul(runs[s - 1], good, n) for s in range(1, length)]
    return sum(runs, _RING.zero)


def avoid_windows(slots: list[tuple[PolyElement, PolyElement]], length: int, forms, n: int) -> PolyElement:
    """Weighted count of ways to fill `slots` so that no `length` consecutive slots satisfy `forms`.

    Like `avoid_runs`, but the state remembers which of the last ``length - 1`` slots were good, so
    `forms(bits)` may be any test on the good/bad pattern of a window (for instance "at most two
    slots missing", when wild cards can fill the gaps).
    """
    states: dict[tuple[bool, ...], PolyElement] = {(): _RING.one}
    for good, bad in slots:
        following: dict[tuple[bool, ...], PolyElement] = {}
        for bits, weight in states.items():
            for is_good, factor in ((True, good), (False, bad)):
                if not factor:
                    continue
                window = bits + (is_good,)
                if len(window) == length and forms(window):
                    continue
                key = window[-(length - 1):] if length > 1 else ()
                term = tmul(weight, factor, n)
                following[key] = following[key] + term if key in following else term
        states = following
    return sum(states.values(), _RING.zero)


def hypergeometric_tail(shoe_size: int, hand: int, special: int, low: int, high: int | None = None) -> int:
    """Hands holding between `low` and `high` of `special` marked cards (inclusive)."""
    high = special if high is None else high
    return sum(choose(special, j) * choose(shoe_size - special, hand - j) for j in range(low, high + 1))
