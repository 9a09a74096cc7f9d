"""Section 3: the exact odds tables, cold and warm, and 花花兒's beside a plain-Python baseline.

Cold means a fresh Python process: each run starts ``python -m benchmarks.odds <table>`` which imports
`cardkit.odds` (sympy included; that import is timed on its own), then times the first call of the
table function, then the same call again (warm: what re-running a notebook cell costs).

For 花花兒 the same process also runs `benchmarks.odds_baseline`, an exact computation of the same
numbers in plain Python (integers and ``fractions``, no sympy), cold then warm; which of the two goes
first alternates from run to run. The ratio is the table's cold time over the baseline's cold time in
that process (target ≤ 3×, issue 7), and the baseline's values are checked against the table's.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from . import Row, Section, Stat

ROOT = Path(__file__).resolve().parent.parent
TABLES = ("huahuar", "guandan", "shengji", "paoyao")
RATIO_TARGET = 3.0
ZH = {"huahuar": "花花兒", "guandan": "掼蛋", "shengji": "升級", "paoyao": "刨幺"}
BASELINE_NAMES = ("huahuar_table", "huahuar", "table", "baseline", "compute")


def _ms(fn) -> tuple[float, object]:
    start = time.perf_counter()
    value = fn()
    return (time.perf_counter() - start) * 1000, value


def _baseline_function(module):
    for name in BASELINE_NAMES:
        fn = getattr(module, name, None)
        if callable(fn):
            return fn
    raise AttributeError(f"benchmarks.odds_baseline has none of {', '.join(BASELINE_NAMES)}")


def _probabilities(rows) -> dict:
    """``{id: probability}`` from a table's rows or a baseline's answer (rows, or a dict of ids)."""
    if isinstance(rows, dict):
        return {key: (value["probability"] if isinstance(value, dict) else value) for key, value in rows.items()}
    found = {}
    for row in rows:
        get = row.get if isinstance(row, dict) else lambda key, r=row: getattr(r, key)
        found[get("id")] = get("probability")
    return found


def _agree(table_rows, baseline_rows) -> tuple[int, list[str]]:
    """How many row ids both give, and those whose probabilities differ."""
    from fractions import Fraction

    ours, theirs = _probabilities(table_rows), _probabilities(baseline_rows)
    shared = sorted(set(ours) & set(theirs))
    differ = [key for key in shared if Fraction(str(ours[key])) != Fraction(str(theirs[key]))]
    return len(shared), differ


def worker(table: str, warm: int, baseline_first: bool) -> dict:
    """One fresh-process run (called in the child): timings in ms, as JSON-ready numbers."""
    import_ms, odds = _ms(lambda: __import__("cardkit.odds", fromlist=["x"]))
    fn = getattr(odds, f"{table}_table")
    out: dict = {"import_ms": import_ms}
    baseline = None
    if table == "huahuar":
        try:
            from . import odds_baseline
            baseline = _baseline_function(odds_baseline)
        except (ImportError, AttributeError) as error:
            out["baseline_error"] = str(error)
    if baseline is not None and baseline_first:
        out["baseline_cold_ms"], base_rows = _ms(baseline)
    out["cold_ms"], rows = _ms(fn)
    if baseline is not None and not baseline_first:
        out["baseline_cold_ms"], base_rows = _ms(baseline)
    out["warm_ms"] = [_ms(fn)[0] for _ in range(warm)]
    out["rows"] = len(rows)
    if baseline is not None:
        out["baseline_warm_ms"] = [_ms(baseline)[0] for _ in range(warm)]
        out["compared"], out["differ"] = _agree(rows, base_rows)
    return out


def _spawn(table: str, warm: int, baseline_first: bool) -> dict:
    command = [sys.executable, "-m", "benchmarks.odds", table, str(warm), "1" if baseline_first else "0"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(last)
    return json.loads(done.stdout.strip().splitlines()[-1])


def run(quick: bool = False) -> Section:
    start = time.perf_counter()
    runs = 3 if quick else 7
    warm = 3 if quick else 5
    section = Section(
        "3. Odds tables: cold and warm",
        intro=f"{runs} fresh processes per table; in each, `import cardkit.odds`, the first call (cold) and "
              f"{warm} more calls (warm). Spread: p95 over the runs (cold) or over all warm calls.",
    )
    try:
        import cardkit.odds  # noqa: F401
    except ImportError as error:
        section.notes.append(f"Skipped: `cardkit.odds` is not importable yet ({error}).")
        return section
    imports: list[float] = []
    for table in TABLES:
        try:
            results = [_spawn(table, warm, i % 2 == 0) for i in range(runs)]
        except Exception as error:  # noqa: BLE001 - one broken table must not hide the others
            section.notes.append(f"{table}_table() failed in a fresh process: {error}")
            continue
        imports += [r["import_ms"] for r in results]
        cold = Stat.of([r["cold_ms"] for r in results])
        hot = Stat.of([t for r in results for t in r["warm_ms"]])
        name = f"{ZH[table]} {table}_table()"
        section.rows.append(Row(f"{name}: cold", cold, "ms",
                                meaning=f"the first odds cell shows all {results[0]['rows']} rows "
                                        f"{cold.median:.0f} ms after sympy is loaded"))
        section.rows.append(Row(f"{name}: warm", hot, "ms",
                                meaning=f"re-running the cell costs {hot.median:.2f} ms"))
        if table != "huahuar":
            continue
        if "baseline_cold_ms" not in results[0]:
            section.notes.append("花花兒 baseline skipped: " + results[0].get("baseline_error", "not run") + ".")
            continue
        base = Stat.of([r["baseline_cold_ms"] for r in results])
        ratio = Stat.of([r["cold_ms"] / r["baseline_cold_ms"] for r in results])
        section.rows.append(Row("plain-Python baseline (benchmarks/odds_baseline.py): cold", base, "ms",
                                meaning="the same exact numbers with integers and fractions only"))
        section.rows.append(Row("花花兒 table ÷ baseline, cold, same process", ratio, "x",
                                target=("<=", RATIO_TARGET),
                                meaning=f"sympy's exact table costs {ratio.median:.1f}× the plain-Python sum, "
                                        "and keeps the formula a learner can read"))
        differ = sorted({key for r in results for key in r["differ"]})
        compared = results[0]["compared"]
        section.notes.append(
            f"Baseline check: {compared} row ids in common with `huahuar_table()`, "
            + ("all probabilities equal." if not differ else f"probabilities differ for {', '.join(differ)}."))
    if imports:
        imp = Stat.of(imports)
        section.rows.insert(0, Row("`import cardkit.odds` (sympy included), fresh process", imp, "ms",
                                   meaning=f"the first odds cell first waits {imp.median / 1000:.1f} s for sympy"))
    section.seconds = time.perf_counter() - start
    return section


if __name__ == "__main__":
    name, warm_calls, first = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
    print(json.dumps(worker(name, warm_calls, first)))
