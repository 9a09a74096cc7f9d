"""Section 2: how long a bot thinks, and how many bot-only deals a second each game plays.

Each deal is ``new_game(seed)`` played to the end by `cardkit.bots.choose` at every seat, with
``random.Random(seed)``: the same deals every run. A move's time is the ``choose`` call alone; a
deal's time is everything (choosing, applying, scoring).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from cardkit.bots import choose
from cardkit.variants import NAMES, load

from . import Row, Section, Stat, clock, fmt

BOT_MOVE_TARGET_MS = 50.0
ZH = {"huahuar": "花花兒", "guandan": "掼蛋", "shengji": "升級", "paoyao": "刨幺"}


def random_policy(game, rng: random.Random):
    """A random legal action: the peer comparison's player (section 6)."""
    return rng.choice(game.legal_actions())


def play_deals(game: str, seeds, policy: Callable, move_times: list[float] | None = None,
               turns: list[int] | None = None) -> list[float]:
    """Play each seeded deal of `game` to the end with `policy`; the seconds each deal took.

    With `move_times`, each policy call's milliseconds are appended to it; with `turns`, each deal's
    number of actions.
    """
    module = load(game)
    deal_seconds = []
    for seed in seeds:
        rng = random.Random(seed)
        start = clock()
        g = module.new_game(seed)
        while not g.is_over:
            if move_times is None:
                action = policy(g, rng)
            else:
                t = clock()
                action = policy(g, rng)
                move_times.append((clock() - t) * 1000)
            g.apply(action)
        g.result()
        deal_seconds.append(clock() - start)
        if turns is not None:
            turns.append(len(g.log))
    return deal_seconds


def run(quick: bool = False) -> Section:
    start = time.perf_counter()
    deals = 4 if quick else 24
    section = Section(
        "2. Bots: move time and bot-only deals per second",
        intro=f"{deals} seeded deals per game, four bots (`cardkit.bots.choose`). Move time: every decision "
              "of every deal (spread: p95, and the slowest move in the note). Deals per second: one figure "
              "per deal (1 / its seconds), spread: inter-quartile range.",
    )
    for game in NAMES:
        moves: list[float] = []
        seconds = play_deals(game, range(deals), choose, moves)
        move = Stat.of(moves)
        rate = Stat.of([1 / s for s in seconds])
        section.rows.append(Row(
            f"{ZH[game]} {game}: bot move", move, "ms", target=("<=", BOT_MOVE_TARGET_MS),
            meaning=f"a bot answers in {fmt(move.median, 'ms')}; 1 move in 20 takes over {fmt(move.p95, 'ms')}",
            note=f"{move.n} moves, slowest {move.max:.0f} ms"))
        section.rows.append(Row(
            f"{ZH[game]} {game}: bot-only deals", rate, "/s", spread="iqr",
            meaning=f"a whole deal among four bots takes {fmt(1000 / rate.median, 'ms')}: a notebook can "
                    f"simulate {rate.median * 60:,.0f} deals a minute for a statistics exercise"))
    section.notes.append("Target (issue 8): a bot move ≤ 50 ms, judged on the median; the p95 is shown beside it.")
    section.seconds = time.perf_counter() - start
    return section
