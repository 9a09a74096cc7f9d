"""``python -m benchmarks [--quick] [--only plays,bots,...] [--out BENCHMARKS.md]``: run and write the report."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
import traceback
from pathlib import Path

from . import Section
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer deals and repeats: a pass in about a minute")
    parser.add_argument("--only", default=",".join(SECTIONS),
                        help=f"comma-separated sections to run, of {', '.join(SECTIONS)} (default: all)")
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
    text = markdown(sections, load, time.perf_counter() - start, args.quick)
    print(text)
    if out is not None:
        out.write_text(text, encoding="utf-8")
        print(f"[bench] wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
