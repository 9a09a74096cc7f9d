"""``python -m benchmarks [--quick] [--only plays,bots,...] [--clock auto|wall|cpu] [--out FILE]``: run and report.

Without ``--only`` and ``--out`` the report goes to BENCHMARKS.md at the repository root (and stdout)."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
import traceback
from pathlib import Path

from . import Section, use_clock
from .report import ROOT, markdown

SECTIONS = ("plays", "bots", "odds", "drawing", "notebooks", "peer")
TITLES = {
    "plays": "1. Legal plays: lead and answer lists",
    "bots": "2. Bots: move time and bot-only deals per second",
    "odds": "3. Odds tables: cold and warm",
    "drawing": "4. Drawing: what one redraw costs",
    "notebooks": "5. Notebooks: headless execution time",
    "peer": "6. A peer: random-play deals per second beside RLCard's Dou Dizhu",
}


def _auto_clock(load) -> str:
    """Wall time unless the machine is busier than its cores: then CPU time, which other programs do not inflate."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return "cpu" if load is not None and load[0] > cores else "wall"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer deals and repeats: a pass in about a minute")
    parser.add_argument("--only", default=",".join(SECTIONS),
                        help=f"comma-separated sections to run, of {', '.join(SECTIONS)} (default: all)")
    parser.add_argument("--clock", choices=("auto", "wall", "cpu"), default="auto",
                        help="wall: elapsed time, what a learner waits; cpu: the measuring process's CPU time, "
                             "steadier when other programs share the machine; auto (default): wall, or cpu when "
                             "the load average exceeds the usable cores (notebooks are always wall time)")
    parser.add_argument("--out", type=Path, default=None,
                        help="where to write the report (default: BENCHMARKS.md at the repository root when "
                             "every section runs; otherwise the report is only printed)")
    args = parser.parse_args(argv)
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in SECTIONS]
    if unknown:
        parser.error(f"unknown section(s) {', '.join(unknown)}: choose from {', '.join(SECTIONS)}")
    out = args.out or (ROOT / "BENCHMARKS.md" if set(chosen) == set(SECTIONS) else None)

    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    use_clock(_auto_clock(load) if args.clock == "auto" else args.clock)
    start = time.perf_counter()
    sections: list[Section] = []
    for name in SECTIONS:
        if name not in chosen:
            continue
        print(f"[bench] {TITLES[name]} ...", file=sys.stderr, flush=True)
        try:
            section = importlib.import_module(f"{__package__}.{name}").run(quick=args.quick)
        except Exception as error:  # noqa: BLE001 - one broken section is reported; the rest still run
            traceback.print_exc()
            section = Section(TITLES[name], notes=[f"Failed: {error!r} (see the traceback of the run)."])
        print(f"[bench]   {section.seconds:.0f} s", file=sys.stderr, flush=True)
        sections.append(section)
    end_load = os.getloadavg() if hasattr(os, "getloadavg") else None
    text = markdown(sections, (load, end_load), time.perf_counter() - start, args.quick)
    print(text)
    if out is not None:
        out.write_text(text, encoding="utf-8")
        print(f"[bench] wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
