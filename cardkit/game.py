"""What every game in the kit shares: the Game protocol, its errors and its plain actions.

Every variant's `Game` is a small state machine in the style of OpenSpiel:

- ``current_player`` -- seat 0..3 to act, ``None`` once the deal is over.
  Seats 0 & 2 and 1 & 3 are partners; turns go 0 → 1 → 2 → 3 (counter-clockwise
  when seat 0 is South: South, East, North, West).
- ``legal_actions()`` -- every legal action of the current player.
- ``apply(action)`` -- performs it; an illegal one raises `IllegalPlay` with a
  reason a learner can read, and leaves the state exactly as it was.
- ``is_over`` / ``result()`` -- the outcome with every figure the scoring defines.
- ``zones()`` -- every card of the deal in exactly one named zone.
- ``clone()`` -- an independent copy.

Widgets and bots also rely on these, which every variant provides:

- ``phase`` -- a short id of what is being decided now ("play", "declare",
  "bury", "tribute", "return", "xue", "over", ...).
- ``hand(seat)`` -- the cards a seat holds, sorted by the game's order.
- ``trick`` -- the plays of the trick on the table, as ``(seat, action)`` pairs.
- ``action_for(cards)`` -- the current player's legal action that plays exactly
  these cards (a play, a burial, a tribute ...), or `IllegalPlay` saying why not.
- ``describe(action)`` -- the action in words ("三隻 7 — ♠7 ♥7 ♦7").
- ``status()`` -- a one-line summary of the score so far, for the table.
- ``log`` -- every action so far, as ``(seat, action)`` pairs.

Every action has ``kind`` (a short ASCII id) and ``cards`` (a tuple, empty for
a pass or a choice); plays in the shedding games are their `Combo` objects.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card

SEAT_NAMES = ("South", "East", "North", "West")
SEAT_NAMES_ZH = ("南", "東", "北", "西")


class IllegalPlay(ValueError):
    """An action the rules do not allow now; the message says why, in a learner's words."""


@dataclass(frozen=True)
class Choice:
    """An action that plays no card: a pass, a bid, a yes/no decision.

    `kind` is its id ("pass", "xue", "no_xue", ...), `label` what a button shows.
    """

    kind: str
    label: str
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        return self.label


PASS = Choice("pass", "Pass 不出")


def partner(seat: int) -> int:
    return (seat + 2) % 4


def same_side(a: int, b: int) -> bool:
    return a % 2 == b % 2


def next_seat(seat: int) -> int:
    return (seat + 1) % 4
