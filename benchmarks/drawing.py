"""Section 4: what one redraw costs — messages and bytes sent to the browser, and Python time.

ipycanvas keeps no picture in Python: each redraw is a stream of commands that one module-level
manager sends to the front end. Headless, the benchmark stands at that boundary (as tests/conftest.py
does): ``_CANVAS_MANAGER._send_custom`` is replaced by a recorder that serializes each message exactly
as ipycanvas would (``commands_to_buffer``) and counts its bytes, without a kernel to send it to. The
Python time therefore includes building and serializing the commands, not the network.

Figures: a 54-card 花花兒 hand in `HandView` redrawn as is, with half its cards selected, and for a
fresh page (faces atlas included). Then per game a `GameTable`: a full redraw, a fresh page, and one
learner move (``table.choose`` with the bot's choice for the learner's seat, through whole seeded deals),
which sends the learner's play and the bots' answers, animated, in one held message.
"""

from __future__ import annotations

import json
import time
from contextlib import contextmanager

from . import Row, Section, Stat, clock, fmt, time_call

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
    messages = "one message: painted at once, one trip over the network" if len(sizes) == 1 else \
        f"{len(sizes)} messages, each a trip over the network"
    return [
        Row(f"{label}: bytes per redraw, in {len(sizes)} message{'s' if len(sizes) != 1 else ''}",
            Stat.of([total]), "B", spread="", meaning=meaning.format(kb=total / 1000) + f" in {messages}"),
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
                                               "card pictures and the hand")
    return rows


def _click_samples(table, recorder: Recorder, rng) -> tuple[list[int], list[int], list[float]]:
    """Play the learner's seat by the bot's choice, click by click, to the end of the deal: for each click
    the canvas bytes and messages it sent and its Python time (the bots' answers included)."""
    from cardkit.bots import choose

    nbytes, counts, times = [], [], []
    while not table.game.is_over and table.my_turn:
        action = choose(table.game.clone(), rng)
        recorder.clear()
        start = clock()
        table.choose(action)
        times.append((clock() - start) * 1000)
        nbytes.append(sum(recorder.messages))
        counts.append(len(recorder.messages))
    return nbytes, counts, times


def _table_rows(repeat: int, deals: int, notes: list[str]) -> list[Row]:
    try:
        from cardkit.widgets.table import GameTable
    except ImportError as error:
        notes.append(f"GameTable skipped: `cardkit.widgets.table.GameTable` is not importable yet ({error}).")
        return []
    import random

    rows = []
    for game in ("huahuar", "guandan", "shengji", "paoyao"):
        label = f"{ZH[game]} GameTable"
        with recording() as recorder:
            try:
                table = GameTable(game, seed=0, human_seat=0)
                rows += _redraw_rows(f"{label}, full redraw", table.redraw, recorder, repeat,
                                     "the whole table (felt, four seats, the trick, the status, the hand) is "
                                     "{kb:.1f} kB")
                fresh = Stat.of([_bytes_of(lambda t=table: t.redraw(refresh=True), recorder)])
                rows.append(Row(f"{label}, fresh page: bytes", fresh, "B", spread="",
                                meaning=f"a page opening on a table receives {fresh.median / 1000:.0f} kB "
                                        "(every card face of both sizes, then the table)"))
                nbytes, counts, times = [], [], []
                for seed in range(deals):
                    table = GameTable(game, seed=seed, human_seat=0)
                    b, c, t = _click_samples(table, recorder, random.Random(seed))
                    nbytes, counts, times = nbytes + b, counts + c, times + t
            except Exception as error:  # noqa: BLE001 - one broken game must not hide the others
                notes.append(f"GameTable({game!r}) failed: {error!r}.")
                continue
        size, click = Stat.of(nbytes), Stat.of(times)
        rows += [
            Row(f"{label}, one learner move: bytes", size, "B",
                meaning=f"a click (the learner's play, then the three bots' moves animated) sends "
                        f"{size.median / 1000:.1f} kB in "
                        + ("one message every time" if max(counts) == 1 else
                           f"{Stat.of(counts).median:.0f} message(s), at most {max(counts)}")),
            Row(f"{label}, one learner move: Python time", click, "ms",
                meaning=f"the kernel answers a click in {fmt(click.median, 'ms')} (bots' thinking included)"),
        ]
    return rows


def _bytes_of(fn, recorder: Recorder) -> int:
    recorder.clear()
    fn()
    return sum(recorder.messages)


def run(quick: bool = False) -> Section:
    start = time.perf_counter()
    repeat = 10 if quick else 40
    section = Section(
        "4. Drawing: what one redraw costs",
        intro=f"Bytes and messages of one redraw as ipycanvas serializes them (headless recorder): exact, the same "
              f"every run. Python time over {repeat} redraws after a warm-up, spread: p95. On Binder every byte "
              "crosses the network.",
    )
    try:
        section.rows += _hand_rows(repeat)
    except ImportError as error:
        section.notes.append(f"HandView skipped: {error}.")
    section.rows += _table_rows(repeat, 1 if quick else 3, section.notes)
    section.notes.append("Only canvas messages are counted: the log, buttons and message line are ipywidgets "
                         "trait updates, small JSON messages of their own.")
    section.seconds = time.perf_counter() - start
    return section
