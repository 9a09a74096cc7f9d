"""Exact odds of the patterns in a freshly dealt hand, derived with sympy, and the seed's figures checked.

A hand is a set of cards drawn without replacement from the shoe, every set equally likely:

- 花花兒: 54 cards from 216 (four decks) — `huahuar_table()`;
- 掼蛋: 27 from 108 — `guandan_table(level="2")`;
- 升級: 25 from 108 — `shengji_table(level="3", trump_suit="S")`;
- 刨幺: 27 from 108 — `paoyao_table()`.

Each table is a list of `OddsRow` (id, name_zh, name_en, probability, expected, seed, expression,
expected_expression, note): the numbers are exact sympy Rationals, the expressions the formulas they
come from, for `sympy.latex`. Tables are cached; `compute_huahuar_table()` (and the other
``compute_*``) compute from scratch. `seed_comparison()` holds the seed's 花花兒 table against every
reading of it; `simulate()` deals random hands to check any table by sampling.
"""

from .core import Coeff, OddsRow, Shoe
from .guandan import GUANDAN_SHOE, compute_guandan_table, guandan_table
from .huahuar import HUAHUAR_SHOE, SEED_FIGURES, compute_huahuar_table, huahuar_table
from .paoyao import PAOYAO_SHOE, compute_paoyao_table, paoyao_table
from .seed import Reading, SeedCheck, parse_seed_figure, seed_comparison
from .shengji import SHENGJI_SHOE, compute_shengji_table, shengji_table, trump_distribution
from .simulate import Counts, SampledRow, simulate

__all__ = [
    "GUANDAN_SHOE",
    "HUAHUAR_SHOE",
    "PAOYAO_SHOE",
    "SEED_FIGURES",
    "SHENGJI_SHOE",
    "Coeff",
    "Counts",
    "OddsRow",
    "Reading",
    "SampledRow",
    "SeedCheck",
    "Shoe",
    "compute_guandan_table",
    "compute_huahuar_table",
    "compute_paoyao_table",
    "compute_shengji_table",
    "guandan_table",
    "huahuar_table",
    "paoyao_table",
    "parse_seed_figure",
    "seed_comparison",
    "shengji_table",
    "simulate",
    "table",
    "trump_distribution",
]


def table(name: str, **options) -> list[OddsRow]:
    """The cached table of game `name` ("huahuar", "guandan", "shengji", "paoyao")."""
    tables = {"huahuar": huahuar_table, "guandan": guandan_table, "shengji": shengji_table, "paoyao": paoyao_table}
    if name not in tables:
        raise ValueError(f"no odds table called {name!r}: choose one of {', '.join(tables)}")
    return tables[name](**options)
