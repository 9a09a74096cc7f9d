"""Section 4: what one redraw costs — messages and bytes sent to the browser, and Python time.

ipycanvas keeps no picture in Python: each redraw is a stream of commands that one module-level
manager sends to the front end. Headless, the benchmark stands at that boundary (as tests/conftest.py
does): ``_CANVAS_MANAGER._send_custom`` is replaced by a recorder that serializes each message exactly
as ipycanvas would (``commands_to_buffer``) and counts its bytes, without a kernel to send it to. The
Python time therefore includes building and serializing the commands, not the network.

Figures: a 54-card 花花兒 hand in `HandView` redrawn as is, with half its cards selected, and for a
fresh page (faces atlas included); then a full `GameTable` redraw per game, once that widget exists.
"""

from __future__ import annotations

import inspect
import json
import time
from contextlib import contextmanager

from . import Row, Section, Stat, fmt, time_call

ZH = {"huahuar": "花花兒", "guandan": "掼蛋", "shengji": "升級", "paoyao": "刨幺"}


class Recorder:
    """Stands in for ipycanvas's sender: counts messages and their serialized bytes."""

    def __init__(self):
        self.messages: list[int] = []

    def __call__(self, command, buffers=()) -> None:
        from ipycanvas.utils import commands_to_buffer

        metadata, command_buffer = commands_to_buffer(command)
        self.messages.append(len(json.dumps(metadata)) + command_buffer.nbytes + sum(len(bytes(b)) for b in buffers))

    def clear(self) -> None:
        self.messages.clear()


@contextmanager
def recording():
    """Record what ipycanvas sends inside the block; the manager is reset before and after."""
    from ipycanvas.canvas import _CANVAS_MANAGER

    def reset():
        _CANVAS_MANAGER._caching = False
        _CANVAS_MANAGER._commands_cache = []
        _CANVAS_MANAGER._buffers_cache = []
        _CANVAS_MANAGER._current_canvas = None

    reset()
    recorder = Recorder()
    saved = _CANVAS_MANAGER.__dict__.get("_send_custom")
    _CANVAS_MANAGER._send_custom = recorder
    try:
        yield recorder
    finally:
        if saved is None:
            del _CANVAS_MANAGER._send_custom
        else:
            _CANVAS_MANAGER._send_custom = saved
        reset()


def _redraw_rows(label: str, redraw, recorder: Recorder, repeat: int, meaning: str) -> list[Row]:
    recorder.clear()
    redraw()
    sizes = list(recorder.messages)
    times = time_call(redraw, repeat)
    ms = Stat.of(times)
    total = sum(sizes)
    return [
        Row(f"{label}: bytes per redraw", Stat.of([total]), "B", spread="",
            meaning=meaning.format(kb=total / 1000)),
        Row(f"{label}: messages per redraw", Stat.of([len(sizes)]), "n", spread="",
            meaning="one message: the browser paints it at once, no flicker, one trip over the network"
            if len(sizes) == 1 else f"{len(sizes)} messages: each is a trip over the network"),
        Row(f"{label}: Python time per redraw", ms, "ms",
            meaning=f"the kernel spends {fmt(ms.median, 'ms')} building and packing the picture"),
    ]


def _hand_rows(repeat: int) -> list[Row]:
    from cardkit.variants import load
    from cardkit.widgets.hand import HandView

    game = load("huahuar").new_game(0)
    hand = game.hand(0)
    rows = []
    with recording() as recorder:
        view = HandView(hand, sort_key=game.rules.sort_key)
        rows += _redraw_rows("54-card hand (HandView)", view.redraw, recorder, repeat,
                             "a 54-card hand reaches the browser as {kb:.1f} kB")
        view.selected = list(range(0, len(hand), 2))
        rows += _redraw_rows("54-card hand, 27 selected", view.redraw, recorder, repeat,
                             "a click that raises cards sends {kb:.1f} kB")
        rows += _redraw_rows("54-card hand, fresh page (faces too)", lambda: view.redraw(refresh_faces=True),
                             recorder, repeat, "a page opening (or reconnecting) receives {kb:.1f} kB: the 55 "
                                               "card pictures, then the hand")
    return rows


def _table_redraw(table):
    """The GameTable's own full-redraw method, or None where it has none we can name."""
    for name in ("redraw", "draw", "refresh", "_redraw"):
        method = getattr(table, name, None)
        if callable(method):
            required = [p for p in inspect.signature(method).parameters.values()
                        if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
            if not required:
                return method
    return None


def _table_rows(repeat: int, notes: list[str]) -> list[Row]:
    try:
        from cardkit.widgets.table import GameTable
    except ImportError as error:
        notes.append(f"GameTable skipped: `cardkit.widgets.table.GameTable` is not importable yet ({error}).")
        return []
    rows = []
    for game in ("huahuar", "guandan", "shengji", "paoyao"):
        with recording() as recorder:
            try:
                table = GameTable(game, seed=0, human_seat=0)
            except Exception as error:  # noqa: BLE001 - one broken game must not hide the others
                notes.append(f"GameTable({game!r}) failed to build: {error!r}.")
                continue
            redraw = _table_redraw(table)
            if redraw is None:
                notes.append("GameTable skipped: it has no argument-free `redraw()` to time.")
                return rows
            rows += _redraw_rows(f"{ZH[game]} GameTable, full redraw", redraw, recorder, repeat,
                                 "a whole table (four seats, the trick, the status) is {kb:.1f} kB")
    return rows


def run(quick: bool = False) -> Section:
    start = time.perf_counter()
    repeat = 10 if quick else 40
    section = Section(
        "4. Drawing: what one redraw costs",
        intro=f"Bytes and messages of one redraw as ipycanvas serializes them (headless recorder); Python "
              f"time over {repeat} redraws after a warm-up, spread: p95. On Binder every byte crosses the network.",
    )
    try:
        section.rows += _hand_rows(repeat)
    except ImportError as error:
        section.notes.append(f"HandView skipped: {error}.")
    section.rows += _table_rows(repeat, section.notes)
    section.seconds = time.perf_counter() - start
    return section
