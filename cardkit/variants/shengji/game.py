"""One deal of 升級 as a Game (dealing with 搶亮主, the kitty, 25 tricks, scoring) and a `Match` from 3 to A.

Phases (`game.phase`):

- "declare": the deal goes one card at a time from the first drawer. A player is asked (declare or
  pass) whenever the card just received gives a declaration they were not offered before; when all 100
  cards are out, everyone who can still beat the standing declaration is asked in turn until a full
  round passes. Declarations only ever get stronger, so this ends.
- "bury": the dealer (莊家) takes the 8-card kitty (底牌) and buries 8 (埋底).
- "qiangdi": with the 搶底 option, the other side may override after the burial and bury in turn.
- "play": 25 tricks, the dealer leads first. "over": scored.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations, product

from ... import game as protocol
from ...cards import Card, Rank, new_deck
from ...game import NEXT_DEAL, SEAT_NAMES, SEAT_NAMES_ZH, Choice, IllegalPlay, next_seat, partner
from .rules import (
    DECLARATION_FORMS,
    POINTS,
    TRUMP,
    WIN_THRESHOLD,
    Declaration,
    Format,
    Play,
    Rules,
    card_points,
    symbols,
)

HAND_SIZE = 25
KITTY_SIZE = 8
PASS_DECLARE = Choice("pass", "Pass 不亮")

SIDE_NAMES = tuple(f"{en} {zh}" for en, zh in zip(protocol.SIDE_NAMES, protocol.SIDE_NAMES_ZH, strict=True))
"""Seats 0 & 2 and seats 1 & 3, in both languages (seed §2: 東西 against 南北)."""

_PHASE_ASKS = {
    "declare": "declare a trump (亮主) with the buttons, or pass",
    "qiangdi": "override the declaration to take the kitty (搶底), or pass",
    "bury": f"choose the {KITTY_SIZE} cards to bury (埋底)",
    "play": "play cards; in 升級 nobody passes a trick, everyone plays as many cards as the lead",
}

_FILL_ALL = 300      # list every way to make up a follow when there are at most this many
_CORE_LIMIT = 40     # at most this many choices of the tractors/pairs a follow must contain
_FOLLOW_LIMIT = 400  # at most this many follows listed


def _multisets(cards, k: int) -> Iterator[tuple[Card, ...]]:
    """Every distinct k-card multiset of `cards`."""
    faces = sorted(Counter(cards).items(), key=lambda item: item[0].index)

    def pick(i: int, k: int):
        if k == 0:
            yield ()
            return
        if i == len(faces):
            return
        face, n = faces[i]
        for take in range(min(n, k), -1, -1):
            for rest in pick(i + 1, k - take):
                yield (face,) * take + rest

    yield from pick(0, k)


def _count_multisets(cards, k: int) -> int:
    ways = [1] + [0] * k
    for n in Counter(cards).values():
        ways = [sum(ways[j - t] for t in range(min(n, j) + 1)) for j in range(k + 1)]
    return ways[k]


class Game:
    """One deal of 升級 for four players; seats 0 & 2 play against 1 & 3 (see `cardkit.game`)."""

    variant = "shengji"

    def __init__(self, rules: Rules, deck: list[Card], first_drawer: int, dealer: int | None = None):
        if len(deck) != 108:
            raise ValueError(f"升級 is played with 108 cards, not {len(deck)}")
        self.rules = rules.with_trump(None)  # the declaration decides the trump
        self.first_drawer = first_drawer
        self.fixed_dealer = dealer
        self.stock = list(deck[: 4 * HAND_SIZE])
        self.kitty = list(deck[4 * HAND_SIZE:])
        self.hands: list[list[Card]] = [[] for _ in range(4)]
        self.dealt = 0
        self.declaration: tuple[int, Declaration] | None = None
        self._offered: list[set] = [set() for _ in range(4)]
        self._queue: list[int] = []
        self._dealing = True
        self.phase = "declare"
        self.current_player: int | None = None
        self.dealer: int | None = None
        self.burier: int | None = None
        self.trick: list[tuple[int, Play]] = []
        self.last_trick: list[tuple[int, Play]] = []
        self.won: list[list[Card]] = [[] for _ in range(4)]
        self.tricks_done = 0
        self.log: list[tuple[int, object]] = []
        self.notes: list[str] = []
        self.caught: list[tuple[int, Play, Play]] = []
        self.penalty = 0
        self._outcome: dict | None = None
        self._advance_deal()

    # --- the protocol ---------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def hand(self, seat: int) -> list[Card]:
        return sorted(self.hands[seat], key=self.rules.sort_key)

    @property
    def attackers(self) -> int | None:
        """The side (0 or 1) collecting points: the one without the dealer."""
        return None if self.dealer is None else 1 - self.dealer % 2

    @property
    def attacker_points(self) -> int:
        """Points taken in tricks so far, with throw penalties (the kitty counts only at the end)."""
        if self._outcome:
            return self._outcome["attacker_points"]
        if self.attackers is None:
            return 0
        return sum(card_points(self.won[s]) for s in range(4) if s % 2 == self.attackers) + self.penalty

    def zones(self) -> dict[str, list[Card]]:
        zones = {f"hand {s}": list(self.hands[s]) for s in range(4)}
        zones["stock"] = list(self.stock[self.dealt:])
        zones["kitty"] = list(self.kitty)
        zones["table"] = [c for _, play in self.trick for c in play.cards]
        zones.update({f"won {s}": list(self.won[s]) for s in range(4)})
        return zones

    def clone(self) -> Game:
        other = copy.copy(self)
        other.hands = [list(h) for h in self.hands]
        other.won = [list(w) for w in self.won]
        other.kitty = list(self.kitty)
        other._offered = [set(o) for o in self._offered]
        for name in ("_queue", "trick", "last_trick", "log", "notes", "caught"):
            setattr(other, name, list(getattr(self, name)))
        other._outcome = dict(self._outcome) if self._outcome else None
        return other

    def legal_actions(self) -> list:
        """Every declaration and pass; a choice of burials; every lead single, pair and tractor plus the
        top-k throws of each suit; the follows (all of them when few, else one per way of meeting the
        ladder, made up with the weakest, strongest and richest cards). `action_for` accepts any legal set."""
        seat = self.current_player
        if seat is None:
            return []
        if self.phase in ("declare", "qiangdi"):
            return self._declare_options(seat) + [PASS_DECLARE]
        if self.phase == "bury":
            return self._bury_options(seat)
        if not self.trick:
            return self._lead_options(seat)
        return self._follow_options(seat)

    def action_for(self, cards) -> object:
        """The current player's action using exactly these cards, or IllegalPlay saying why not."""
        cards = list(cards)
        seat = self.current_player
        if seat is None:
            raise IllegalPlay("the deal is over")
        hand = self.hands[seat]
        missing = Counter(cards) - Counter(hand)
        if missing:
            raise IllegalPlay(f"{SEAT_NAMES[seat]} does not hold {symbols(missing.elements())}")
        rules = self.rules
        if self.phase in ("declare", "qiangdi"):
            return self._declaration_for(seat, cards)
        if self.phase == "bury":
            if len(cards) != KITTY_SIZE:
                raise IllegalPlay(f"bury exactly {KITTY_SIZE} cards (埋底), not {len(cards)}")
            return Play("bury", rules.sorted_cards(cards))
        if not self.trick:
            reason = rules.lead_error(hand, cards)
            if reason:
                raise IllegalPlay(reason)
            return rules.play(cards, leading=True)
        lead = self.trick[0][1]
        reason = rules.follow_error(hand, lead.cards, cards)
        if reason:
            raise IllegalPlay(reason)
        return rules.play(cards, leading=False)

    def apply(self, action) -> None:
        seat = self.current_player
        if seat is None:
            raise IllegalPlay("the deal is over")
        if isinstance(action, Choice):
            if action not in self.legal_actions():
                raise IllegalPlay(f"{action.label} is not a choice now: {_PHASE_ASKS[self.phase]}")
            checked = action
        else:
            checked = self.action_for(getattr(action, "cards", ()))
            if getattr(action, "kind", None) != checked.kind:
                raise IllegalPlay(f"these cards make a {checked.name_en} now, not a {getattr(action, 'kind', '?')}")
        self.log.append((seat, checked))
        if isinstance(checked, Choice):
            if self._queue and self._queue[0] == seat:
                self._queue.pop(0)
            self._continue_declaring()
        elif isinstance(checked, Declaration):
            self._declare(seat, checked)
        elif checked.kind == "bury":
            self._bury(seat, checked)
        else:
            self._play(seat, checked)

    def describe(self, action) -> str:
        if isinstance(action, Choice):
            return action.label
        text = f"{action.name_zh} {action.name_en}"
        if action.kind == "tractor":
            text += f" ({len(action.cards) // 2} pairs)"
        return f"{text} — {symbols(action.cards)}"

    def status(self) -> str:
        trump = "undecided" if self.dealer is None and self.declaration is None else (
            self.rules.trump.symbol + " " + self.rules.trump.name_zh if self.rules.trump else "no trump 無主")
        parts = [f"Level {self.rules.level}", f"trump {trump}"]
        if self.dealer is not None:
            parts.append(f"dealer {SEAT_NAMES[self.dealer]} {SEAT_NAMES_ZH[self.dealer]}")
            parts.append(f"attackers {SIDE_NAMES[self.attackers]} {self.attacker_points} points")
            if self.phase == "play":
                parts.append(f"trick {self.tricks_done + 1}")
            elif self.is_over:
                parts.append(f"{self.tricks_done} tricks played")
        else:
            parts.append(f"dealt {self.dealt}/100")
        return " · ".join(parts)

    def result(self) -> dict:
        if not self._outcome:
            return {"winner": None, "attacker_points": self.attacker_points,
                    "summary": "the deal is still being played"}
        return dict(self._outcome)

    # --- declaring ------------------------------------------------------------------------------

    def _declare_options(self, seat: int) -> list[Declaration]:
        standing = self.declaration
        if self.phase == "qiangdi" and seat % 2 == self.burier % 2:
            return []
        return [d for d in self.rules.declarations_in(self.hands[seat])
                if Rules.declaration_beats(d, standing and standing[1], standing is not None and standing[0] == seat)]

    def _declaration_for(self, seat: int, cards) -> object:
        if not cards:
            return PASS_DECLARE
        found = self.rules.declaration(cards)
        if found is None:
            level = self.rules.level
            raise IllegalPlay(f"{symbols(cards)} is not a declaration: show a joker with one or two identical {level}s "
                              f"of a suit, or two identical jokers for no trump")
        if self.phase == "qiangdi" and seat % 2 == self.burier % 2:
            raise IllegalPlay("搶底 is for the other side: your side has just buried the kitty")
        standing = self.declaration
        if standing and not Rules.declaration_beats(found, standing[1], standing[0] == seat):
            if standing[0] == seat:
                raise IllegalPlay("you may strengthen your own declaration (one level card → two of the same suit) "
                                  "but not override it")
            raise IllegalPlay(f"{DECLARATION_FORMS[found.form][1]} does not beat the standing "
                              f"{DECLARATION_FORMS[standing[1].form][1]}: only a later form overrides (改) it")
        return found

    def _declare(self, seat: int, declaration: Declaration) -> None:
        self.declaration = (seat, declaration)
        self.rules = self.rules.with_trump(declaration.trump_suit)
        trump = "no trump" if declaration.trump_suit is None else f"{declaration.trump_suit.name_en} trump"
        self.notes.append(f"{SEAT_NAMES[seat]} declares {trump}: {symbols(declaration.cards)}")
        if self.phase == "qiangdi":
            self.hands[seat] += self.kitty
            self.kitty = []
            self.phase, self.burier = "bury", seat
            return
        if not self._dealing:
            self._queue = [(seat + i) % 4 for i in (1, 2, 3, 4)]
        self._continue_declaring()

    def _continue_declaring(self) -> None:
        if self._dealing:
            self._advance_deal()
        else:
            self._ask_next()

    def _advance_deal(self) -> None:
        while self.dealt < len(self.stock):
            seat = (self.first_drawer + self.dealt) % 4
            self.hands[seat].append(self.stock[self.dealt])
            self.dealt += 1
            options = set(self._declare_options(seat))
            if options - self._offered[seat]:
                self._offered[seat] |= options
                self.current_player = seat
                return
        self._dealing = False
        self._queue = [(self.first_drawer + i) % 4 for i in range(4)]
        self._ask_next()

    def _ask_next(self) -> None:
        while self._queue:
            if self._declare_options(self._queue[0]):
                self.current_player = self._queue[0]
                return
            self._queue.pop(0)
        if self.phase == "declare":
            self._take_kitty()
        else:
            self._start_play()

    def _take_kitty(self) -> None:
        if self.declaration is None:
            # Nobody could declare: the first suited card of the kitty names the trump (always terminates).
            suit = next(c.suit for c in self.kitty if c.suit is not None)
            self.rules = self.rules.with_trump(suit)
            self.notes.append(f"nobody declared: the kitty's first suited card makes {suit.name_en} trump")
        if self.fixed_dealer is None:
            self.dealer = self.declaration[0] if self.declaration else self.first_drawer
        else:
            self.dealer = self.fixed_dealer
            if self.rules.dealer_must_declare and self.declaration and not self._side_can_declare(self.dealer):
                declarer = self.declaration[0]
                self.notes.append(f"{SIDE_NAMES[self.dealer % 2]} could not declare (亮不起牌): "
                                  f"{SEAT_NAMES[declarer]}, whose declaration stands, takes the deal")
                self.dealer = declarer
        self.hands[self.dealer] += self.kitty
        self.kitty = []
        self.phase, self.current_player, self.burier = "bury", self.dealer, self.dealer

    def _side_can_declare(self, seat: int) -> bool:
        return any(self.rules.declarations_in(self.hands[s]) for s in (seat, partner(seat)))

    def _bury(self, seat: int, play: Play) -> None:
        hand = Counter(self.hands[seat])
        hand.subtract(play.cards)
        self.hands[seat] = list(hand.elements())
        self.kitty = list(play.cards)
        self.burier = seat
        if self.rules.qiangdi:
            self.phase = "qiangdi"
            self._queue = [(seat + 1) % 4, (seat + 3) % 4]  # 搶底 belongs to the other side
            self._ask_next()
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase, self.current_player = "play", self.dealer

    # --- playing --------------------------------------------------------------------------------

    def _play(self, seat: int, play: Play) -> None:
        if not self.trick and play.kind == "throw":
            others = [self.hands[s] for s in range(4) if s != seat]
            unit = self.rules.caught_unit(play.cards, others)
            if unit is not None:
                forced = self.rules.play(unit.cards, leading=True)
                self.caught.append((seat, play, forced))
                penalty = self.rules.throw_penalty
                self.penalty += -penalty if seat % 2 == self.attackers else penalty
                paid = f"; {SIDE_NAMES[1 - seat % 2]} gain {penalty} points" if penalty else ""
                self.notes.append(f"{SEAT_NAMES[seat]}'s throw {symbols(play.cards)} is caught (被抓): another "
                                  f"hand can beat its {unit.name} {symbols(unit.cards)}, so only that is played{paid}: "
                                  f"{symbols(forced.cards)}")
                play = forced
        hand = Counter(self.hands[seat])
        hand.subtract(play.cards)
        self.hands[seat] = list(hand.elements())
        self.trick.append((seat, play))
        if len(self.trick) < 4:
            self.current_player = next_seat(seat)
            return
        index = self.rules.trick_winner([p.cards for _, p in self.trick])
        winner, winning = self.trick[index]
        self.won[winner] += [c for _, p in self.trick for c in p.cards]
        self.tricks_done += 1
        self.last_trick, self.trick = self.trick, []
        if any(self.hands):
            self.current_player = winner
        else:
            self._finish(winner, winning)

    def _finish(self, winner: int, winning: Play) -> None:
        rules = self.rules
        side = self.attackers
        trick_points = sum(card_points(self.won[s]) for s in range(4) if s % 2 == side)
        kitty_points = card_points(self.kitty)
        multiplier = rules.kitty_multiplier(winning.cards) if winner % 2 == side else 0
        total = max(0, trick_points + kitty_points * multiplier + self.penalty)
        who, levels = rules.level_change(total)
        deal_winner = side if who == "attackers" else 1 - side
        figures = [f"{trick_points} in tricks"]
        if multiplier and kitty_points:
            figures.append(f"kitty {kitty_points} × {multiplier}")
        if self.penalty:
            figures.append(f"throw penalties {self.penalty:+d}")
        took = f"the attackers {SIDE_NAMES[side]} took {total} points ({', '.join(figures)})"
        if who == "attackers":
            gain = (f"and go up {levels} level{'s' * (levels > 1)}" if levels else
                    f"but go up no level (that takes {WIN_THRESHOLD + rules.level_step})")
            summary = f"{took}: {WIN_THRESHOLD} or more, so they take the deal {gain}"
        else:
            summary = (f"{took}: under {WIN_THRESHOLD}, so the dealer's side {SIDE_NAMES[1 - side]} keeps the "
                       f"deal and goes up {levels} level{'s' * (levels > 1)}")
        self._outcome = {
            "winner": deal_winner,
            "dealer": self.dealer,
            "dealer_side": self.dealer % 2,
            "level": rules.level,
            "trump": rules.trump_suit or "none",
            "trick_points": trick_points,
            "kitty_points": kitty_points,
            "kitty_multiplier": multiplier,
            "kitty_bonus": kitty_points * multiplier,
            "throw_penalties": self.penalty,
            "attacker_points": total,
            "level_change": {"side": who, "levels": levels},
            "last_trick_winner": winner,
            "summary": summary,
        }
        self.phase, self.current_player = "over", None

    # --- listing actions ------------------------------------------------------------------------

    def _bury_options(self, seat: int) -> list[Play]:
        rules = self.rules
        hand = self.hands[seat]
        cheap = sorted(hand, key=lambda c: (rules.is_trump(c), c.rank in POINTS, rules.strength(c)))
        choices = [cheap[:KITTY_SIZE], sorted(hand, key=lambda c: (rules.is_trump(c), rules.strength(c)))[:KITTY_SIZE]]
        suits = Counter(rules.effective_suit(c) for c in hand)
        for suit, n in suits.items():
            if suit != TRUMP and n <= KITTY_SIZE:
                void = [c for c in hand if rules.effective_suit(c) == suit]
                choices.append(void + [c for c in cheap if c not in void][: KITTY_SIZE - n])
        plays = {rules.sorted_cards(c): None for c in choices}
        return [Play("bury", cards) for cards in plays]

    def _lead_options(self, seat: int) -> list[Play]:
        rules = self.rules
        hand = self.hands[seat]
        out: dict[tuple, None] = {}
        groups: dict = {}
        for card in hand:
            groups.setdefault(rules.effective_suit(card), []).append(card)
        for effective, cards in groups.items():
            counts = Counter(cards)
            for face, n in counts.items():
                out[(face,)] = None
                if n >= 2:
                    out[(face, face)] = None
            pairs = rules._pairs_by_strength(cards)
            sizes = {s: len(f) for s, f in pairs.items()}
            for length in range(2, len(sizes) + 1):
                for run in rules._intervals(effective, sizes, length):
                    for faces in product(*(sorted(set(pairs[s]), key=rules.sort_key) for s in run)):
                        out[rules.sorted_cards([f for face in faces for f in (face, face)])] = None
            top = sorted(cards, key=rules.sort_key, reverse=True)
            for k in range(2, len(top) + 1):
                if rules.kind_of(top[:k]) == "throw":
                    out[rules.sorted_cards(top[:k])] = None
        return [rules.play(cards, leading=True) for cards in out]

    def _follow_options(self, seat: int) -> list[Play]:
        rules = self.rules
        hand = self.hands[seat]
        lead = self.trick[0][1].cards
        effective = rules.effective_suit(lead[0])
        fmt = rules.format_of(lead)
        in_suit = [c for c in hand if rules.effective_suit(c) == effective]
        rest = [c for c in hand if rules.effective_suit(c) != effective]
        if len(in_suit) > fmt.size:
            sets = self._shaped(in_suit, fmt, effective)
        else:
            sets = [tuple(in_suit) + fill for fill in self._fills(rest, fmt.size - len(in_suit), fmt, not in_suit)]
        unique = {rules.sorted_cards(cards): None for cards in sets}
        return [rules.play(cards, leading=False) for cards in list(unique)[:_FOLLOW_LIMIT]]

    def _fills(self, cards, k: int, fmt: Format, ruffing: bool) -> list[tuple[Card, ...]]:
        """Ways to make up `k` cards from `cards`: all of them when few, else representatives (the weakest,
        the strongest, the richest in points, and trumps in the lead's shape when `ruffing`)."""
        if k == 0:
            return [()]
        if _count_multisets(cards, k) <= _FILL_ALL:
            return list(_multisets(cards, k))
        rules = self.rules
        fills = [
            tuple(sorted(cards, key=lambda c: (rules.is_trump(c), c.rank in POINTS, rules.strength(c)))[:k]),
            tuple(sorted(cards, key=lambda c: (rules.is_trump(c), rules.strength(c)), reverse=True)[:k]),
            tuple(sorted(cards, key=lambda c: (-POINTS.get(c.rank, 0), rules.is_trump(c), rules.strength(c)))[:k]),
        ]
        trumps = [c for c in cards if rules.is_trump(c)]
        if ruffing and len(trumps) >= k:
            fills += self._shaped(trumps, fmt, TRUMP)
        return fills

    def _shaped(self, cards, fmt: Format, effective) -> list[tuple[Card, ...]]:
        """Sets of `fmt.size` cards from `cards` (one effective suit) that meet the follow ladder: the lead's
        tractors where these cards can form them, then as many pairs as possible, then any fill."""
        rules = self.rules
        pairs = rules._pairs_by_strength(cards)
        counts = {s: len(f) for s, f in pairs.items()}
        target = rules._tractor_fit(effective, counts, fmt.tractors)
        need_pairs = min(fmt.pairs, sum(counts.values()))
        out: list[tuple[Card, ...]] = []
        for core in self._placements(effective, pairs, fmt.tractors, target):
            spare = Counter(face for faces in pairs.values() for face in faces)
            spare.subtract(core)
            spare_faces = sorted(spare.elements(), key=rules.sort_key)
            extra = need_pairs - len(core)
            for added in list(dict.fromkeys(combinations(spare_faces, extra)))[:_CORE_LIMIT]:
                chosen = [f for face in core + list(added) for f in (face, face)]
                left = Counter(cards)
                left.subtract(chosen)
                fill = self._fills(list(left.elements()), fmt.size - len(chosen), fmt, False)
                out += [tuple(chosen) + f for f in fill]
                if len(out) >= _FOLLOW_LIMIT:
                    return out
        return out

    def _placements(self, effective, pairs, lengths, target, counts=None) -> Iterator[list[Card]]:
        """Pair faces of disjoint tractors realising `target` (from `Rules._tractor_fit`), at most _CORE_LIMIT."""
        rules = self.rules
        counts = counts if counts is not None else {s: len(f) for s, f in pairs.items()}
        found = 0

        def place(i: int, counts: dict, used: Counter):
            if i == len(lengths):
                yield []
                return
            if not target[i]:
                yield from place(i + 1, counts, used)
                return
            for run in rules._intervals(effective, counts, lengths[i]):
                options = [sorted(set(f for f in pairs[s] if used[f] < pairs[s].count(f)), key=rules.sort_key)
                           for s in run]
                for faces in product(*options):
                    rest = dict(counts)
                    now = used.copy()
                    for s, face in zip(run, faces, strict=True):
                        rest[s] -= 1
                        now[face] += 1
                    for tail in place(i + 1, rest, now):
                        yield list(faces) + tail

        for core in place(0, counts, Counter()):
            yield core
            found += 1
            if found >= _CORE_LIMIT:
                return


def new_game(seed: int, dealer: int | None = None, **options) -> Game:
    """A shuffled deal (`random.Random(seed)`). The first drawer (seed §3: "任意從壹位玩家開始") is drawn from
    the same generator, unless `dealer` is fixed (a later deal of a match), who then draws first."""
    rules = Rules(**options)
    rng = random.Random(seed)
    deck = new_deck(2)
    rng.shuffle(deck)
    first = rng.randrange(4) if dealer is None else dealer
    return Game(rules, deck, first, dealer)


# --- a match from 3 to A --------------------------------------------------------------------------

LEVELS = tuple(r.value for r in Rank if r is not Rank.TWO)
"""The levels of seed 003: from 3 up to A (2s are permanent trumps, never a level)."""


def raise_level(level: str, steps: int) -> str:
    """`level` moved up `steps`, stopping at A (A must be played and won)."""
    return LEVELS[min(LEVELS.index(level) + steps, len(LEVELS) - 1)]


def after_deal(levels: tuple[str, str], dealer: int, attacker_points: int, rules: Rules):
    """(new levels per side, next dealer, match winner side or None) after a deal scored `attacker_points`.

    The dealer side keeping the deal passes it to the dealer's partner (做莊 in turn within the side); a
    side taking over deals from the seat after the old dealer. The match is won by dealing at A and
    keeping the deal.
    """
    who, steps = rules.level_change(attacker_points)
    dealer_side = dealer % 2
    levels = list(levels)
    if who == "dealer":
        if levels[dealer_side] == LEVELS[-1]:
            return tuple(levels), partner(dealer), dealer_side
        levels[dealer_side] = raise_level(levels[dealer_side], steps)
        return tuple(levels), partner(dealer), None
    levels[1 - dealer_side] = raise_level(levels[1 - dealer_side], steps)
    return tuple(levels), next_seat(dealer), None


class Match(protocol.Match):
    """升級 from 3 to A, following the Game protocol so a table can play a whole match.

    While a deal is being played every call goes to that deal (`deal`); once it is over the match is in
    phase "deal_over" and waits for one action, `NEXT_DEAL`, taken by the next dealer: it shuffles and
    deals again at the new dealer side's level. Phase "over" once a side has won a deal it dealt at A
    (or after `max_deals` deals, where given). Other keywords (and `options`) are rule options; the level
    is the match's to set.
    """

    variant = "shengji"

    def __init__(self, seed: int = 0, options: dict | None = None, *, max_deals: int | None = None,
                 **rule_options):
        options = {**(options or {}), **rule_options}
        if "level" in options:
            raise ValueError("a match starts both sides at level 3; the level of each deal follows the score")
        Rules(**options)  # refuse unknown options now, with Rules' own message
        super().__init__(max_deals)
        self.seed = seed
        self.options = options
        self.levels: tuple[str, str] = (LEVELS[0], LEVELS[0])
        self.dealer: int | None = None
        """The dealer of the deal being played, then of the next one; None before the first declaration."""
        self._notes: list[str] = []
        self.deal = self._deal_next()

    def _deal_next(self) -> Game:
        level = self.levels[self.dealer % 2] if self.dealer is not None else LEVELS[0]
        return new_game(self.seed + len(self.history), dealer=self.dealer, **self.options, level=level)

    def _record(self, result: dict) -> None:
        self.levels, self.dealer, self.winner = after_deal(self.levels, self.deal.dealer, result["attacker_points"],
                                                           self.deal.rules)
        self.history.append({
            "deal": len(self.history) + 1,
            "dealer": result["dealer"],
            "level": result["level"],
            "trump": result["trump"],
            "attacker_points": result["attacker_points"],
            "winner": result["winner"],
            "levels": list(self.levels),
        })
        self._notes += self.deal.notes + [f"deal {len(self.history)}: {result['summary']}"]

    def _next_to_act(self) -> int:
        return self.dealer

    @property
    def notes(self) -> list[str]:
        """Every deal's notes, each finished deal closed by its result (only ever grows)."""
        return self._notes + ([] if self._settled else self.deal.notes)

    def _levels_text(self) -> str:
        return ", ".join(f"{SIDE_NAMES[k]} {self.levels[k]}" for k in (0, 1))

    def status(self) -> str:
        return f"Deal {self.deals_played} · levels {self._levels_text()} · {self.deal.status()}"

    def result(self) -> dict:
        self._settle()
        deals = len(self.history)
        if self.winner is not None:
            summary = f"{SIDE_NAMES[self.winner]} won a deal they dealt at A: they win the match after {deals} deals"
        elif self.is_over:
            summary = f"stopped after {deals} deals; levels {self._levels_text()}"
        elif self._settled:
            summary = (f"deal {deals}: {self.deal.result()['summary']}. Levels now {self._levels_text()}; "
                       f"{SEAT_NAMES[self.dealer]} deals next, at {self.levels[self.dealer % 2]}")
        else:
            summary = f"deal {deals + 1} is being played at {self.deal.rules.level}; levels {self._levels_text()}"
        return {
            "winner": self.winner,
            "deals": deals,
            "levels": list(self.levels),
            "next_dealer": self.dealer if self._settled and not self.is_over else None,
            "last_deal": self.deal.result()["summary"],
            "history": [dict(row, levels=list(row["levels"])) for row in self.history],
            "summary": summary,
        }

    def clone(self) -> Match:
        other = copy.copy(self)
        other.options = dict(self.options)
        other.history = [dict(row, levels=list(row["levels"])) for row in self.history]
        other._notes = list(self._notes)
        other.deal = self.deal.clone()
        return other


def new_match(seed: int = 0, **options) -> Match:
    """A match from level 3 for both sides; deal n is shuffled with `random.Random(seed + n)`."""
    return Match(seed, **options)


__all__ = ["HAND_SIZE", "KITTY_SIZE", "LEVELS", "NEXT_DEAL", "PASS_DECLARE", "SIDE_NAMES", "WIN_THRESHOLD", "Game",
           "Match", "after_deal", "new_game", "new_match", "raise_level"]
