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

Games played over several deals (掼蛋 and 升級 levels) chain them in a `Match`,
which follows the same protocol: between deals it waits for `NEXT_DEAL`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card

SEAT_NAMES = ("South", "East", "North", "West")
SEAT_NAMES_ZH = ("南", "東", "北", "西")
SIDE_NAMES = ("South–North", "East–West")
"""The two sides: seats 0 & 2 and seats 1 & 3."""
SIDE_NAMES_ZH = ("南北", "東西")


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


NEXT_DEAL = Choice("next_deal", "Next deal 下一局")


class Match:
    """Deals chained into a match that follows the Game protocol itself, so a table can play it whole.

    While a deal is being played every call goes to that deal (`deal`). Once it is over the match
    settles it (`_record`), then is in phase "deal_over" and waits for one action, `NEXT_DEAL`, taken
    by the player who deals next (`_next_to_act`); it starts the next deal (`_deal_next`). Phase "over"
    once a side has won the match (`winner`) or after `max_deals` deals, where given.

    A variant's match sets `deal` in its ``__init__`` and supplies those three methods, `status`,
    `result` and `clone`.
    """

    def __init__(self, max_deals: int | None = None):
        self.max_deals = max_deals
        self.history: list[dict] = []
        self.winner: int | None = None
        self._settled = False

    def _record(self, result: dict) -> None:
        """Take a finished deal's result into the match: levels, history, `winner`."""
        raise NotImplementedError

    def _deal_next(self):
        """The next deal's Game."""
        raise NotImplementedError

    def _next_to_act(self) -> int:
        """The seat that starts the next deal (it takes `NEXT_DEAL`)."""
        raise NotImplementedError

    def _settle(self) -> None:
        if self._settled or not self.deal.is_over:
            return
        self._settled = True
        self._record(self.deal.result())

    def next_deal(self):
        """Settle the finished deal and start the next one. Raises `IllegalPlay` while the deal is
        still being played or once the match is over."""
        if not self.deal.is_over:
            raise IllegalPlay("the deal is still being played: finish it first")
        if self.is_over:
            raise IllegalPlay("the match is over")
        self.deal = self._deal_next()
        self._settled = False
        return self.deal

    @property
    def deals_played(self) -> int:
        """Deals finished or under way."""
        return len(self.history) + (0 if self._settled else 1)

    @property
    def is_over(self) -> bool:
        if not self.deal.is_over:
            return False
        self._settle()
        return self.winner is not None or (self.max_deals is not None and len(self.history) >= self.max_deals)

    @property
    def phase(self) -> str:
        if not self.deal.is_over:
            return self.deal.phase
        return "over" if self.is_over else "deal_over"

    @property
    def current_player(self) -> int | None:
        if not self.deal.is_over:
            return self.deal.current_player
        return None if self.is_over else self._next_to_act()

    @property
    def rules(self):
        return self.deal.rules

    def legal_actions(self) -> list:
        if not self.deal.is_over:
            return self.deal.legal_actions()
        return [] if self.is_over else [NEXT_DEAL]

    def apply(self, action) -> None:
        if not self.deal.is_over:
            self.deal.apply(action)
            self._settle()
            return
        if self.is_over:
            raise IllegalPlay(f"the match is over: {self.result()['summary']}")
        if getattr(action, "kind", None) != NEXT_DEAL.kind:
            raise IllegalPlay("the deal is over: the only action now is the next deal (下一局)")
        self.next_deal()

    def action_for(self, cards):
        if not self.deal.is_over:
            return self.deal.action_for(cards)
        if self.is_over:
            raise IllegalPlay("the match is over")
        if list(cards):
            raise IllegalPlay("the deal is over: no cards are played until the next deal (下一局)")
        return NEXT_DEAL

    def hand(self, seat: int) -> list[Card]:
        return self.deal.hand(seat)

    @property
    def trick(self):
        return self.deal.trick

    @property
    def last_trick(self):
        return self.deal.last_trick

    @property
    def log(self):
        return self.deal.log

    def zones(self) -> dict[str, list[Card]]:
        return self.deal.zones()

    def describe(self, action) -> str:
        return self.deal.describe(action)
