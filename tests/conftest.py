"""Shared fixtures. `canvas_messages` records what ipycanvas would send to the browser.

ipycanvas keeps no picture in Python: every drawing is a command that one module-level manager
sends to the front end. Headless there is nothing to read back, so tests check that boundary:
how many messages a redraw sends, how big they are, which commands reach which canvas.
Both hooks are private to ipycanvas (pinned to 0.14.*): ``_CANVAS_MANAGER._send_custom`` and,
for clicks, ``canvas._handle_custom_msg({"event": "mouse_down", "x": .., "y": ..}, [])``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest
from ipycanvas.canvas import _CANVAS_MANAGER, COMMANDS, Canvas
from ipycanvas.utils import commands_to_buffer

COMMAND_NAMES = {number: name for name, number in COMMANDS.items()}
ATTRIBUTE_NAMES = {number: name for name, number in Canvas.ATTRS.items()}


@dataclass
class CanvasMessage:
    """One message to the front end: a batch of commands (from a held block) or a single one."""

    commands: list
    buffers: list[bytes]
    nbytes: int

    @property
    def batched(self) -> bool:
        return bool(self.commands) and isinstance(self.commands[0], list)

    def command_list(self) -> list:
        return self.commands if self.batched else [self.commands]

    def names(self) -> list[str]:
        """The command names in order: 'switchCanvas', 'drawImage', 'fillText', ..."""
        return [COMMAND_NAMES[command[0]] for command in self.command_list()]


@dataclass
class CanvasRecorder:
    messages: list[CanvasMessage] = field(default_factory=list)
    # The canvas the manager was drawing on when recording (re)started: commands go there until a switch.
    start_canvas: str | None = None

    def clear(self) -> None:
        """Forget what was sent so far (a test measures only what follows)."""
        self.messages.clear()
        current = _CANVAS_MANAGER._current_canvas
        self.start_canvas = None if current is None else f"IPY_MODEL_{current.model_id}"

    def names(self) -> list[str]:
        """Every command name sent so far, across messages."""
        return [name for message in self.messages for name in message.names()]

    def commands_for(self, canvas) -> list[tuple[str, list]]:
        """``(name, args)`` of each command that reached ``canvas``, following the manager's canvas switches.

        Attribute changes arrive as ``("set", [attribute name, value])``, e.g. ``("set", ["fill_style", "red"])``.
        """
        target = f"IPY_MODEL_{canvas.model_id}"
        current, found = self.start_canvas, []
        for message in self.messages:
            for command in message.command_list():
                name, args = COMMAND_NAMES[command[0]], command[1] if len(command) > 1 else []
                if name == "switchCanvas":
                    current = args[0]
                elif current == target:
                    if name == "set":
                        args = [ATTRIBUTE_NAMES[args[0]], args[1]]
                    found.append((name, args))
        return found

    def names_for(self, canvas) -> list[str]:
        """The command names that reached ``canvas``."""
        return [name for name, _ in self.commands_for(canvas)]

    def _record(self, command, buffers=()) -> None:
        metadata, command_buffer = commands_to_buffer(command)
        extra = [bytes(buffer) for buffer in buffers]
        nbytes = len(json.dumps(metadata)) + command_buffer.nbytes + sum(len(b) for b in extra)
        self.messages.append(CanvasMessage(command, extra, nbytes))


def _reset_manager() -> None:
    _CANVAS_MANAGER._caching = False
    _CANVAS_MANAGER._commands_cache = []
    _CANVAS_MANAGER._buffers_cache = []
    _CANVAS_MANAGER._current_canvas = None


@pytest.fixture
def canvas_messages(monkeypatch) -> CanvasRecorder:
    """Record every message ipycanvas sends from now on (nothing reaches a front end)."""
    _reset_manager()
    recorder = CanvasRecorder()
    monkeypatch.setattr(_CANVAS_MANAGER, "_send_custom", recorder._record)
    yield recorder
    _reset_manager()
