"""One 掼蛋 deal through the Game protocol (see `cardkit.game`): tribute, return, then play to the finish.

Terms, each explained once:

- 头游 / 二游 / 三游 / 末游: first, second, third and last player to go out.
- 双下 (double down): both players of one side finish third and last; the deal ends as soon as the
  other side has gone out first and second.
- 进贡 (tribute): before a deal, the loser(s) of the previous deal give their highest card (the ♥ level
  cards excepted) to the winner(s). 还贡 (return): each receiver gives one card back. 抗贡 (refusing
  tribute): the paying side holds both 大王 between them, so no tribute is paid.
- 接风 (taking the wind): when a trick ends on the play of a player who has just gone out, their partner
  leads the next trick.
- 报牌 (announcing): a player holding 10 cards or fewer shows the count.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from ...cards import Card, Joker, new_deck
from ...game import PASS, SEAT_NAMES, SIDE_NAMES, IllegalPlay, partner, same_side
from .rules import Combo, Rules

PLACE_NAMES = ("头游", "二游", "三游", "末游")

LEVEL_UP = {
    # 升级规则 of the seed: levels gained by the side of 头游, by where its partner finished.
    "double_down": 3,  # partner 二游 (双下 of the other side)
    "opponent_last": 2,  # partner 三游: an opponent is 末游
    "partner_last": 1,  # partner 末游
}


@dataclass(frozen=True)
class Give:
    """A card handed over before play: `kind` "tribute" (进贡) or "return" (还贡)."""

    kind: str
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return ("进贡 " if self.kind == "tribute" else "还贡 ") + self.cards[0].symbol


def _seat(seat: int) -> str:
    return SEAT_NAMES[seat]


def _take(hand: list[Card], cards) -> list[Card] | None:
    """`hand` without `cards` (a multiset), or ``None`` when the hand lacks one of them."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return rest


class Game:
    """One deal. Phases: "tribute" → "return" → "play" → "over" (the first deal of a match starts at "play").

    `previous` is how the last deal ended (``{"order": [4 seats], "double_down": bool}``); it decides
    tribute and who leads. Without it, `first_player` leads (the first deal).
    """

    variant = "guandan"

    def __init__(self, rules: Rules, hands, first_player: int = 0, previous: dict | None = None):
        self.rules = rules
        self.hands: list[list[Card]] = [list(h) for h in hands]
        self.phase = "play"
        self.current_player: int | None = first_player
        self.trick: list[tuple[int, object]] = []
        self.last_trick: list[tuple[int, object]] = []
        self.played: list[Card] = []
        self.log: list[tuple[int, object]] = []
        self.finished: list[int] = []
        self.top: tuple[int, Combo] | None = None
        self.passes = 0
        self.previous = previous
        self.tribute_plan: dict = {}
        self.pending_tribute: list[tuple[int, Card]] = []
        self.returns_due: list[tuple[int, int]] = []  # (receiver, payer) still to return
        self.anti_tribute = False
        self.double_down = False
        self.turned_card: Card | None = None
        self.tribute_log: list[dict] = []
        if previous is not None:
            self._start_tribute(previous)

    # --- tribute -----------------------------------------------------------------------------------

    def _start_tribute(self, previous: dict) -> None:
        order = list(previous["order"])
        first = order[0]
        if previous.get("double_down"):
            payers = list(order[2:])
            receivers = [order[0], order[1]]
        else:
            payers = [order[3]]
            receivers = [first]
        big_jokers = sum(1 for s in payers for c in self.hands[s] if c.rank is Joker.BIG)
        self.tribute_plan = {"payers": payers, "receivers": receivers}
        if big_jokers >= 2:
            self.anti_tribute = True
            self.phase = "play"
            self.current_player = first
            return
        self.phase = "tribute"
        self.current_player = payers[0]

    def tribute_choices(self, seat: int) -> list[Card]:
        """The cards `seat` may pay: its highest cards, the ♥ level cards (wilds) excepted."""
        rules = self.rules
        cards = [c for c in self.hands[seat] if not rules.is_wild(c)]
        best = max(rules.power(c) for c in cards)
        return sorted({c for c in cards if rules.power(c) == best}, key=rules.sort_key)

    def return_choices(self, seat: int) -> list[Card]:
        """The cards `seat` may give back: any card ≤ 10 that is not a level card (or, having none,
        its smallest cards); any card at all with ``Rules(return_any=True)``."""
        rules = self.rules
        hand = self.hands[seat]
        if rules.return_any:
            allowed = set(hand)
        else:
            allowed = {c for c in hand if self._is_low(c)}
            if not allowed:
                least = min(rules.power(c) for c in hand)
                allowed = {c for c in hand if rules.power(c) == least}
        return sorted(allowed, key=rules.sort_key)

    def _is_low(self, card: Card) -> bool:
        return card.suit is not None and card.rank is not self.rules.level and card.rank.number <= 10

    def _has_low_card(self, seat: int) -> bool:
        return any(self._is_low(c) for c in self.hands[seat])

    def _pay(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        self.pending_tribute.append((seat, card))
        payers = self.tribute_plan["payers"]
        if len(self.pending_tribute) < len(payers):
            self.current_player = payers[len(self.pending_tribute)]
            return
        receivers = self.tribute_plan["receivers"]
        first = receivers[0]
        paid = list(self.pending_tribute)
        if len(paid) == 2:
            # The larger tribute goes to 头游; equal cards: the payer sitting next after 头游 gives to 头游.
            def order(item):
                payer, c = item
                return (-self.rules.power(c), (payer - first) % 4)
            paid.sort(key=order)
        for (payer, c), receiver in zip(paid, receivers, strict=True):
            self.hands[receiver].append(c)
            self.returns_due.append((receiver, payer))
            self.tribute_log.append({"from": payer, "to": receiver, "card": c.code})
        self.pending_tribute = []
        # Who leads: a single tribute → its payer (最末家先发牌); a double → the payer whose card went to 头游.
        self.tribute_plan["leader"] = paid[0][0]
        self.phase = "return"
        self.current_player = self.returns_due[0][0]

    def _give_back(self, seat: int, card: Card) -> None:
        receiver, payer = self.returns_due.pop(0)
        self.hands[seat].remove(card)
        self.hands[payer].append(card)
        self.tribute_log.append({"from": seat, "to": payer, "card": card.code, "return": True})
        if self.returns_due:
            self.current_player = self.returns_due[0][0]
        else:
            self.phase = "play"
            self.current_player = self.tribute_plan["leader"]

    # --- protocol ----------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def hand(self, seat: int) -> list[Card]:
        return sorted(self.hands[seat], key=self.rules.sort_key)

    def to_beat(self) -> Combo | None:
        """The play the current player must beat, or ``None`` when they lead."""
        return None if self.top is None else self.top[1]

    def legal_actions(self) -> list:
        seat = self.current_player
        if seat is None:
            return []
        if self.phase == "tribute":
            return [Give("tribute", (c,)) for c in self.tribute_choices(seat)]
        if self.phase == "return":
            return [Give("return", (c,)) for c in self.return_choices(seat)]
        if self.top is None:
            return list(self.rules.legal_plays(self.hands[seat]))
        return self.rules.legal_plays(self.hands[seat], self.top[1]) + [PASS]

    def _check(self, action) -> None:
        """Raise `IllegalPlay` unless the current player may take `action` now; changes nothing."""
        seat = self.current_player
        if seat is None:
            raise IllegalPlay("the deal is over: nobody is to play")
        name = _seat(seat)
        kind = getattr(action, "kind", None)
        if self.phase in ("tribute", "return"):
            what = "进贡 (tribute)" if self.phase == "tribute" else "还贡 (return a card)"
            if not isinstance(action, Give) or action.kind != self.phase:
                raise IllegalPlay(f"{name} must {what} first: choose one card")
            card = action.cards[0] if len(action.cards) == 1 else None
            if card is None:
                raise IllegalPlay(f"{what} is exactly one card")
            allowed = self.tribute_choices(seat) if self.phase == "tribute" else self.return_choices(seat)
            if card not in self.hands[seat]:
                raise IllegalPlay(f"{name} does not hold {card.symbol}")
            if card not in allowed:
                shown = " ".join(c.symbol for c in allowed)
                if self.phase == "tribute":
                    why = f"the tribute is your highest card other than {self.rules.wild.symbol}: give {shown}"
                elif self._has_low_card(seat):
                    why = "the card given back must be 10 or lower and not a level card: choose one of " + shown
                else:
                    why = f"you hold no card of 10 or lower except level cards, so you give back your smallest: {shown}"
                raise IllegalPlay(f"{card.symbol} cannot be given: {why}")
            return
        if kind == "pass":
            if self.top is None:
                raise IllegalPlay(f"{name} leads this trick and cannot pass: play any pattern")
            return
        if not isinstance(action, Combo):
            shown = str(action) if isinstance(action, Give) else repr(action)
            raise IllegalPlay(f"{shown} is not a play: {name} plays a pattern from the hand or passes")
        if _take(self.hands[seat], action.cards) is None:
            missing = Counter(action.cards) - Counter(self.hands[seat])
            raise IllegalPlay(f"{name} does not hold {' '.join(c.symbol for c in missing.elements())}")
        if action.level is not self.rules.level:
            raise IllegalPlay(f"this {action.name_zh} was read at level {action.level.value}, but the deal is played "
                              f"at level {self.rules.level.value}: read the cards with this deal's rules (action_for)")
        if action not in self.rules.readings(action.cards):
            raise IllegalPlay(f"{action.cards_text()} is not a {action.name_zh} at level {self.rules.level.value}")
        if self.top is not None:
            why = self.rules.beat_error(action, self.top[1])
            if why:
                raise IllegalPlay(why)

    def apply(self, action) -> None:
        self._check(action)
        seat = self.current_player
        self.log.append((seat, action))
        if self.phase == "tribute":
            self._pay(seat, action.cards[0])
            return
        if self.phase == "return":
            self._give_back(seat, action.cards[0])
            return
        if action.kind == "pass":
            self.trick.append((seat, PASS))
            self.passes += 1
            self._after_pass()
            return
        self.hands[seat] = _take(self.hands[seat], action.cards)
        self.trick.append((seat, action))
        self.top = (seat, action)
        self.passes = 0
        if not self.hands[seat]:
            self.finished.append(seat)
            if self._deal_ended():
                return
        self.current_player = self._next_active(seat)

    def _active(self) -> list[int]:
        return [s for s in range(4) if self.hands[s]]

    def _next_active(self, seat: int) -> int:
        for step in range(1, 5):
            s = (seat + step) % 4
            if self.hands[s]:
                return s
        raise AssertionError("nobody holds cards")

    def _after_pass(self) -> None:
        owner = self.top[0]
        active = len(self._active())
        owner_in = bool(self.hands[owner])
        if self.passes < (active - 1 if owner_in else active):
            self.current_player = self._next_active(self.current_player)
            return
        self.last_trick = self.trick
        self.played.extend(c for _, a in self.trick for c in a.cards)
        self.trick = []
        self.top = None
        self.passes = 0
        if owner_in:
            self.current_player = owner
        elif self.rules.jiefeng and self.hands[partner(owner)]:
            self.current_player = partner(owner)  # 接风
        else:
            self.current_player = self._next_active(owner)

    def _deal_ended(self) -> bool:
        done = self.finished
        if len(done) == 2 and same_side(done[0], done[1]):
            rest = [s for s in ((done[0] + i) % 4 for i in range(1, 4)) if s not in done]
            self.finished = done + rest
            self.double_down = True
        elif len(done) == 3:
            self.finished = done + [s for s in range(4) if s not in done]
            self.double_down = False
        else:
            return False
        self.phase = "over"
        self.current_player = None
        return True

    # --- reading the table -------------------------------------------------------------------------

    def zones(self) -> dict[str, list[Card]]:
        out = {f"hand {s}": self.hand(s) for s in range(4)}
        out["table"] = [c for _, a in self.trick for c in a.cards]
        out["played"] = list(self.played)
        out["tribute"] = [c for _, c in self.pending_tribute]
        return out

    def clone(self) -> Game:
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.hands = [list(h) for h in self.hands]
        other.trick = list(self.trick)
        other.last_trick = list(self.last_trick)
        other.played = list(self.played)
        other.log = list(self.log)
        other.finished = list(self.finished)
        other.tribute_plan = dict(self.tribute_plan)
        other.pending_tribute = list(self.pending_tribute)
        other.returns_due = list(self.returns_due)
        other.tribute_log = list(self.tribute_log)
        return other

    def announced(self, seat: int) -> bool:
        """报牌: True when `seat` still holds cards, and no more than `rules.announce_at` of them."""
        return 0 < len(self.hands[seat]) <= self.rules.announce_at

    def hand_info(self, seat: int) -> dict:
        """What everyone at the table may know about a seat: card count, 报牌 flag, finishing place."""
        place = self.finished.index(seat) if seat in self.finished and (
            self.is_over or not self.hands[seat]) else None
        return {"count": len(self.hands[seat]), "announced": self.announced(seat),
                "place": PLACE_NAMES[place] if place is not None else None}

    def describe(self, action) -> str:
        if isinstance(action, Combo):
            return f"{action} — {action.cards_text()}"
        if isinstance(action, Give):
            return f"{'进贡 tribute' if action.kind == 'tribute' else '还贡 return'} — {action.cards[0].symbol}"
        return str(action)

    def status(self) -> str:
        parts = [f"Level {self.rules.level.value}"]
        for s in range(4):
            info = self.hand_info(s)
            if info["place"]:
                parts.append(f"{_seat(s)} {info['place']}")
            else:
                parts.append(f"{_seat(s)} {info['count']}" + (" 报牌" if info["announced"] else ""))
        if self.phase in ("tribute", "return"):
            parts.append("进贡" if self.phase == "tribute" else "还贡")
        elif self.anti_tribute and not self.log:
            parts.append("抗贡")
        return " · ".join(parts)

    def actions_for(self, cards) -> list:
        """Every legal action of the current player playing exactly `cards`, strongest first
        (a set with wilds may be read several ways, e.g. 5566 ♥L♥L as 钢板 or 连对)."""
        seat = self.current_player
        if seat is None:
            raise IllegalPlay("the deal is over")
        cards = list(cards)
        name = _seat(seat)
        if self.phase in ("tribute", "return"):
            if len(cards) != 1:
                verb = "give" if self.phase == "tribute" else "return"
                raise IllegalPlay(f"{name}: choose exactly one card to {verb}")
            action = Give(self.phase, (cards[0],))
            self._check(action)
            return [action]
        if not cards:
            self._check(PASS)
            return [PASS]
        if _take(self.hands[seat], cards) is None:
            missing = Counter(cards) - Counter(self.hands[seat])
            raise IllegalPlay(f"{name} does not hold {' '.join(c.symbol for c in missing.elements())}")
        readings = self.rules.readings(cards)
        if not readings:
            raise IllegalPlay(self.rules.why_not_pattern(cards))
        if self.top is None:
            return readings
        good = [r for r in readings if self.rules.beats(r, self.top[1])]
        if not good:
            same = [r for r in readings if r.kind == self.top[1].kind] or readings
            raise IllegalPlay(self.rules.beat_error(same[0], self.top[1]))
        return good

    def action_for(self, cards):
        """The current player's strongest legal action playing exactly `cards` (``[]`` = pass)."""
        return self.actions_for(cards)[0]

    def result(self) -> dict:
        level = self.rules.level.value
        counts = [len(h) for h in self.hands]
        if not self.is_over:
            return {"winner": None, "level": level, "finish_order": list(self.finished), "cards_left": counts,
                    "summary": "the deal is still being played"}
        order = self.finished
        first = order[0]
        if self.double_down:
            how, up = "double_down", LEVEL_UP["double_down"]
        elif order[3] == partner(first):
            how, up = "partner_last", LEVEL_UP["partner_last"]
        else:
            how, up = "opponent_last", LEVEL_UP["opponent_last"]
        places = {PLACE_NAMES[i]: _seat(s) for i, s in enumerate(order)}
        side = first % 2
        last = _seat(order[3])
        detail = {"double_down": f"双下: {SIDE_NAMES[1 - side]} are the last two",
                  "opponent_last": f"an opponent, {last}, is 末游",
                  "partner_last": f"{_seat(first)}'s partner {last} is 末游"}[how]
        return {
            "winner": side,
            "level": level,
            "finish_order": list(order),
            "places": places,
            "double_down": self.double_down,
            "how": how,
            "levels_up": up,
            "cards_left": counts,
            "summary": f"{_seat(first)} 头游, {_seat(order[1])} 二游: {SIDE_NAMES[side]} go up {up} "
                       f"level{'s' if up > 1 else ''} — {detail}",
        }


def deal_hands(rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle two decks with `rng` and deal them one by one, seat 0 first: (four hands, the deck)."""
    deck = new_deck(2)
    rng.shuffle(deck)
    return [deck[s::4] for s in range(4)], deck


def new_game(seed: int = 0, **options) -> Game:
    """The first deal of a match: shuffle with `random.Random(seed)`, deal 27 each, and turn up one card
    of the deck at a random position (also drawn from the seed): whoever was dealt it leads (翻牌定先)."""
    rules = Rules(**options)
    rng = random.Random(seed)
    hands, deck = deal_hands(rng)
    turned = rng.randrange(len(deck))
    game = Game(rules, hands, first_player=turned % 4)
    game.turned_card = deck[turned]
    return game

