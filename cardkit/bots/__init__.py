"""Heuristic bots, one module per game, each a plain function ``choose(game, rng) -> action``.

They see only what a player at the table sees through the Game protocol
(`cardkit.game`): their own hand, the trick, the log and the scores.
"""

from __future__ import annotations

import importlib
import random


def choose(game, rng: random.Random | None = None):
    """The bot's action for the player to act in `game` (always one of ``game.legal_actions()``)."""
    module = importlib.import_module(f"{__name__}.{game.variant}")
    return module.choose(game, rng or random.Random())
