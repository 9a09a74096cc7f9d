"""The speed of the kit, measured the way a classroom feels it: `make bench` writes BENCHMARKS.md.

Every figure is the median of repeated runs on fixed seeded deals, with its spread (p95 or the
inter-quartile range), so two runs on the same machine can be compared. Nothing here is a test:
speed is never asserted, only reported beside the targets of issue 11.

One module per section, each a function ``run(quick) -> Section`` that never raises for a subject
not written yet (it returns a section holding a note instead):

1. `benchmarks.plays` -- ``legal_plays`` lead and answer lists per game;
2. `benchmarks.bots` -- bot move time and bot-only deals per second;
3. `benchmarks.odds` -- the odds tables cold and warm, 花花兒 against a plain-Python baseline;
4. `benchmarks.drawing` -- bytes, messages and Python time per redraw;
5. `benchmarks.notebooks` -- headless execution time of each notebook;
6. `benchmarks.peer` -- random-play deals per second beside RLCard's Dou Dizhu.

Times are taken with `clock()`: wall time, or the process's CPU time (``--clock cpu``, chosen
automatically when the machine is busier than its cores) so that other programs on a shared machine
do not inflate them. `benchmarks.report` turns the sections into markdown; ``python -m benchmarks --help``
lists the options.
"""

from __future__ import annotations

import gc
import os
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
CLOCK_ENV = "CARDKIT_BENCH_CLOCK"


def clock_name() -> str:
    """"wall" (default: what a learner waits) or "cpu" (this process's CPU time: steadier on a shared machine)."""
    return os.environ.get(CLOCK_ENV, "wall")


def use_clock(name: str) -> None:
    """Time everything from now on with `name`; the environment carries it to the odds' child processes."""
    if name not in CLOCKS:
        raise ValueError(f"unknown clock {name!r}: choose one of {', '.join(CLOCKS)}")
    os.environ[CLOCK_ENV] = name


def clock() -> float:
    """Seconds on the chosen clock (`use_clock`); only differences mean anything."""
    return CLOCKS[clock_name()]()


@dataclass(frozen=True)
class Stat:
    """A set of samples summed up: median, quartiles, p95 and max, in the samples' own unit."""

    median: float
    q1: float
    q3: float
    p95: float
    max: float
    n: int

    @classmethod
    def of(cls, samples) -> Stat:
        values = sorted(samples)
        if not values:
            raise ValueError("a statistic needs at least one sample")
        if len(values) == 1:
            v = values[0]
            return cls(v, v, v, v, v, 1)
        quartiles = statistics.quantiles(values, n=4, method="inclusive")
        p95 = statistics.quantiles(values, n=20, method="inclusive")[18]
        return cls(statistics.median(values), quartiles[0], quartiles[2], p95, values[-1], len(values))


@dataclass
class Row:
    """One figure of the report.

    `stat` holds the samples' summary; `unit` says how to print it ("ms", "/s", "B", "x", "s", "n");
    `spread` which spread goes beside the median ("p95" or "iqr"); `target` the issue's bound, as
    ``("<=", 5.0)`` in the row's unit, or None; `meaning` the line a learner reads.
    """

    label: str
    stat: Stat | None
    unit: str
    spread: str = "p95"
    target: tuple[str, float] | None = None
    meaning: str = ""
    note: str = ""

    @property
    def verdict(self) -> str:
        if self.target is None or self.stat is None:
            return ""
        op, bound = self.target
        ok = self.stat.median <= bound if op == "<=" else self.stat.median >= bound
        return "pass" if ok else "FAIL"


@dataclass
class Section:
    """A titled group of rows, with notes (how it was measured, what was skipped and why)."""

    title: str
    intro: str = ""
    rows: list[Row] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0


def fmt(value: float, unit: str) -> str:
    """A figure in its unit, with as many digits as its size deserves: 0.043 ms, 3.51 ms, 12.3 ms, 140 ms."""
    if unit == "ms" and value < 0.01:
        return f"{value * 1000:.1f} µs"
    if unit == "ms":
        digits = 0 if value >= 100 else 1 if value >= 10 else 2 if value >= 1 else 3
        return f"{value:.{digits}f} ms"
    if unit == "s":
        return f"{value:.1f} s"
    if unit == "/s":
        return f"{value:.1f}/s" if value < 100 else f"{value:.0f}/s"
    if unit == "B":
        return f"{value:,.0f} B"
    if unit == "x":
        return f"{value:.2f}×"
    return f"{value:g}"


def time_call(fn: Callable[[], object], repeat: int) -> list[float]:
    """`repeat` wall-clock timings of ``fn()``, in milliseconds, after one untimed warm-up call."""
    fn()
    gc.collect()
    samples = []
    for _ in range(repeat):
        start = clock()
        fn()
        samples.append((clock() - start) * 1000)
    return samples


def skipped(title: str, why: str) -> Section:
    """A section whose subject does not exist yet (or cannot run here): a note, never a crash."""
    return Section(title, notes=[f"Skipped: {why}"])
