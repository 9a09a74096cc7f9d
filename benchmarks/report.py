"""BENCHMARKS.md from the sections: a machine line, the targets at a glance, then one table per section."""

from __future__ import annotations

import datetime
import os
import platform
import subprocess
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from . import Row, Section, clock_name, fmt

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("cardkit", "sympy", "ipycanvas", "ipywidgets", "nbclient", "numpy", "rlcard")


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _package(name: str) -> str:
    try:
        return f"{name} {version(name)}"
    except PackageNotFoundError:
        return f"{name} not installed"


def _commit() -> str:
    try:
        done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
        return done.stdout.strip() or "unknown"
    except OSError:
        return "unknown"


def machine_line(loads) -> str:
    """CPU model, cores, Python, package versions, date, commit, and the load when the run started and ended."""
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    parts = [
        f"CPU: {_cpu_model()}",
        f"cores: {os.cpu_count()} ({usable} usable)",
        f"Python {platform.python_version()} ({platform.python_implementation()}, {platform.system()})",
        ", ".join(_package(p) for p in PACKAGES),
        f"date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC",
        f"commit {_commit()}",
    ]
    start, end = loads
    if start is not None and end is not None:
        parts.append(f"load average (1 min) {start[0]:.2f} at the start, {end[0]:.2f} at the end")
    return "**Machine:** " + "; ".join(parts) + "."


def _spread(row: Row) -> str:
    s = row.stat
    if s is None or s.n == 1 or not row.spread:
        return "—"
    if row.spread == "iqr":
        return f"IQR {fmt(s.q1, row.unit)} – {fmt(s.q3, row.unit)}"
    if row.spread == "max":
        return f"max {fmt(s.max, row.unit)}"
    return f"p95 {fmt(s.p95, row.unit)}"


def _target(row: Row) -> str:
    if row.target is None:
        return ""
    op, bound = row.target
    return f"{'≤' if op == '<=' else '≥'} {fmt(bound, row.unit)}"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def section_markdown(section: Section) -> str:
    lines = [f"## {section.title}", ""]
    if section.intro:
        lines += [section.intro, ""]
    if section.rows:
        lines += ["| Figure | Median | Spread | n | Target | Verdict | What it means for a learner |",
                  "| --- | ---: | --- | ---: | --- | --- | --- |"]
        for row in section.rows:
            median = fmt(row.stat.median, row.unit) if row.stat else "—"
            n = str(row.stat.n) if row.stat else ""
            meaning = row.meaning + (f" ({row.note})" if row.note and row.note not in row.meaning else "")
            lines.append(f"| {_cell(row.label)} | {median} | {_spread(row)} | {n} | {_target(row)} | "
                         f"{row.verdict} | {_cell(meaning)} |")
        lines.append("")
    for note in section.notes:
        lines.append(f"- {note}")
    if section.notes:
        lines.append("")
    if section.seconds:
        lines += [f"_Section time: {section.seconds:.0f} s._", ""]
    return "\n".join(lines)


def targets_markdown(sections: list[Section]) -> str:
    judged = [(s, r) for s in sections for r in s.rows if r.target is not None and r.stat is not None]
    if not judged:
        return ""
    lines = ["## Targets at a glance", "", "| Figure | Median | Target | Verdict |", "| --- | ---: | --- | --- |"]
    for _, row in judged:
        lines.append(f"| {_cell(row.label)} | {fmt(row.stat.median, row.unit)} | {_target(row)} | {row.verdict} |")
    return "\n".join(lines) + "\n"


def markdown(sections: list[Section], loads, total_seconds: float, quick: bool) -> str:
    head = [
        "# Benchmarks",
        "",
        "Written by `make bench` (`python -m benchmarks`); do not edit by hand. Every figure is the median of "
        "repeated runs on fixed seeded deals, with its spread; timings use the clock named on the Run line; "
        "compare runs on the same machine only. Targets come from issues 7, 8, 9 and 11 and are "
        "judged on the median.",
        "",
        machine_line(loads),
        "",
        f"Run: {'quick pass (`--quick`: fewer deals and repeats)' if quick else 'full'}; clock: "
        + ("wall time (what a learner waits)" if clock_name() == "wall" else
           "CPU time of the measuring process, which other programs sharing the machine do not inflate "
           "(`--clock cpu`, chosen by `--clock auto` when the load exceeds the cores; on an idle machine it is "
           "what a learner waits; notebooks are always wall time)")
        + f"; {total_seconds:.0f} s in all.",
        "",
    ]
    body = [targets_markdown(sections)] + [section_markdown(s) for s in sections]
    return "\n".join(head) + "\n" + "\n".join(part for part in body if part)
