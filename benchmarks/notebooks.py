"""Section 5: how long each notebook takes to run top to bottom, headless (nbclient, a fresh kernel).

The time includes starting the kernel and importing the kit: what "Restart and run all" costs a
learner, minus the browser drawing. Notebooks are read from ``notebooks/*.ipynb`` at run time, so
the section grows as notebooks are written.
"""

from __future__ import annotations

import time
from pathlib import Path

from . import Row, Section, Stat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_BUDGET_S = 30.0  # issue 9: each notebook runs headless in ≤ 30 s


def _execute(path: Path, timeout: int) -> float:
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    start = time.perf_counter()
    client.execute()
    return time.perf_counter() - start


def run(quick: bool = False) -> Section:
    start = time.perf_counter()
    repeat = 1 if quick else 3
    section = Section(
        "5. Notebooks: headless execution time",
        intro=f"Each notebook executed {repeat}× with nbclient in a fresh kernel, working directory notebooks/; "
              "spread: the slowest run (max). Always wall time: the kernel is another process.",
    )
    try:
        import nbclient  # noqa: F401
    except ImportError:
        section.notes.append("Skipped: nbclient is not installed (`pip install -e '.[test]'`).")
        return section
    paths = sorted((ROOT / "notebooks").glob("*.ipynb"))
    if not paths:
        section.notes.append("Skipped: no notebook in notebooks/ yet.")
    for path in paths:
        try:
            times = [_execute(path, timeout=300) for _ in range(repeat)]
        except Exception as error:  # noqa: BLE001 - a failing notebook is reported, not fatal
            first_line = str(error).strip().splitlines()[-1] if str(error).strip() else repr(error)
            section.notes.append(f"{path.name} failed to run headless: {first_line[:200]}")
            continue
        stat = Stat.of(times)
        section.rows.append(Row(
            f"notebooks/{path.name}", stat, "s", spread="max", target=("<=", NOTEBOOK_BUDGET_S),
            meaning=f"“Restart and run all” is done in {stat.median:.1f} s"))
    section.notes.append("Budget (issue 9): ≤ 30 s per notebook headless, judged on the median.")
    section.seconds = time.perf_counter() - start
    return section
