"""One deal of 花花兒 through the Game protocol of `cardkit.game`."""

from __future__ import annotations

import random
from collections import Counter

from ...cards import Card, new_deck
from ...game import PASS, SEAT_NAMES, SIDE_NAMES, Choice, IllegalPlay, next_seat
from .rules import _SORT_KEY, NO_HUO, Combo, Huo, Rules, _is_one_card, _rank_text


def _huo_need(single: Combo) -> str:
    """What may 伙 `single`, in words."""
    return "a 雙虎 (two jokers)" if single.kind == "tiger" else f"a pair of {_rank_text(single.value)}s"


def _missing(hand, cards) -> str:
    """The cards of `cards` that `hand` does not hold, as symbols ("" if it holds them all)."""
    short = Counter(cards) - Counter(hand)
    return " ".join(c.symbol for c in sorted(short.elements(), key=_SORT_KEY.__getitem__))


class Game:
    """One deal of 花花兒 through the Game protocol of `cardkit.game`.

    Phases: ``"play"`` (lead, answer or pass), ``"huo"`` (after a single or 單虎 the other
    players are asked in turn whether they 伙; their actions are `Huo` plays and `NO_HUO`)
    and ``"over"``. Turns go counter-clockwise, seat 0 → 1 → 2 → 3. When both players of
    one side are out, the next player still holding cards plays one last hand (or passes)
    and the deal ends; the cards still held are 反牌.
    """

    variant = "huahuar"

    def __init__(self, rules: Rules, hands: list[list[Card]], first: int):
        self.rules = rules
        self.hands = [sorted(h, key=_SORT_KEY.__getitem__) for h in hands]
        self.won: list[list[Card]] = [[], [], [], []]
        self.table: list[Card] = []
        self.trick: list[tuple[int, object]] = []
        self.last_trick: list[tuple[int, object]] = []
        self.log: list[tuple[int, object]] = []
        self.phase = "play"
        self.current_player: int | None = first
        self.first_player = first
        self.to_beat: Combo | None = None
        self.last_player: int | None = None
        self.passes = 0
        self.huo_queue: list[int] = []
        self.out_order: list[int] = []
        self.last_hand_seat: int | None = None
        self._legal: list | None = None
        self._result: dict | None = None

    # --- reading the state -----------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def hand(self, seat: int) -> list[Card]:
        return list(self.hands[seat])

    def zones(self) -> dict[str, list[Card]]:
        zones = {f"hand {s}": list(self.hands[s]) for s in range(4)}
        zones["table"] = list(self.table)
        zones.update({f"won {s}": list(self.won[s]) for s in range(4)})
        return zones

    def clone(self) -> Game:
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        for name in ("table", "trick", "last_trick", "log", "huo_queue", "out_order"):
            setattr(other, name, list(getattr(self, name)))
        other.hands = [list(h) for h in self.hands]
        other.won = [list(w) for w in self.won]
        other._legal = None if self._legal is None else list(self._legal)
        return other

    def legal_actions(self) -> list:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list:
        if self.is_over:
            return []
        hand, rules = self.hands[self.current_player], self.rules
        if self.phase == "huo":
            return [Huo(c) for c in rules.huo_plays(hand, self.to_beat)] + [NO_HUO]
        if self.to_beat is None:
            plays = rules.legal_plays(hand)
            return plays + [PASS] if self.last_hand_seat is not None else plays
        huo = [Huo(c) for c in rules.huo_plays(hand, self.to_beat)] if self.last_hand_seat is not None else []
        return [PASS] + huo + rules.legal_plays(hand, self.to_beat)

    def describe(self, action) -> str:
        if isinstance(action, (Combo, Huo)):
            return f"{action} — {' '.join(c.symbol for c in action.cards)}"
        return str(action)

    def status(self) -> str:
        held = " · ".join(f"{SEAT_NAMES[s]} {len(self.hands[s])}" for s in range(4))
        sides = []
        for side in (0, 1):
            pile = self.won[side] + self.won[side + 2]
            fang = sum(self.rules.count_fang(self.won[s])[0] for s in (side, side + 2))
            sides.append(f"{SIDE_NAMES[side]} {len(pile)} cards ({fang} 方)")
        text = f"in hand: {held} | won: {' · '.join(sides)}"
        if self.out_order:
            text += f" | 上游 {SEAT_NAMES[self.out_order[0]]}"
        if self.last_hand_seat is not None and not self.is_over:
            text += f" | one side is out: {SEAT_NAMES[self.last_hand_seat]} plays the last hand"
        elif self.is_over:
            left = [f"{SEAT_NAMES[s]} {len(self.hands[s])}" for s in range(4) if self.hands[s]]
            text += f" | 反牌 (cards left): {' · '.join(left)}" if left else " | no 反牌"
        return text

    def result(self) -> dict:
        """The settlement, once the deal is over (before that: winner None).

        Keys: winner (side 0 = seats 0 & 2, side 1 = seats 1 & 3), score, decided_by (方, 散張,
        反牌 or 上游), summary, shangyou, xiayou (seats), out_order, fanpai (per seat),
        fanpai_kind (單眼 / 雙反 / None), shuangqian (per side), side_fang, side_loose,
        best_fang, and players: per seat the won cards, 方/散張 counted, reward, penalties
        owed and paid, and the final 方/散張.
        """
        if not self.is_over:
            return {"winner": None, "summary": "the deal is still being played", "out_order": list(self.out_order)}
        if self._result is None:
            self._result = self.rules.settle(self.won, self.hands, self.out_order)
        return dict(self._result)

    # --- choosing an action from cards ------------------------------------------------

    def action_for(self, cards, seat: int | None = None):
        """The current player's legal action playing exactly `cards`; IllegalPlay saying why not."""
        if self.is_over:
            raise IllegalPlay("the deal is over: no more plays")
        if seat is not None and seat != self.current_player:
            raise IllegalPlay(f"it is {SEAT_NAMES[self.current_player]}'s turn, not {SEAT_NAMES[seat]}'s")
        cards = list(cards)
        hand = self.hands[self.current_player]
        missing = _missing(hand, cards)
        if missing:
            raise IllegalPlay(f"you do not hold {missing}")
        rules = self.rules
        combo = rules.classify(cards)
        if self.phase == "huo":
            if combo is not None and rules.can_huo(combo, self.to_beat):
                return Huo(combo)
            raise IllegalPlay(f"now each player says whether to 伙 the {self.to_beat}: only "
                              f"{_huo_need(self.to_beat)} may 伙; otherwise choose 不伙")
        if combo is None:
            raise IllegalPlay(rules.why_not_pattern(cards))
        if self.to_beat is None:
            return combo
        if self.last_hand_seat is not None and rules.can_huo(combo, self.to_beat):
            return Huo(combo)
        why = self._beat_error(combo)
        if why:
            raise IllegalPlay(why)
        return combo

    def _beat_error(self, combo: Combo) -> str | None:
        """`Rules.beat_error` on the table, saying so when the pair could have been a 伙 earlier."""
        why = self.rules.beat_error(combo, self.to_beat)
        if why and self.rules.can_huo(combo, self.to_beat):
            if self.last_hand_seat is not None:
                return why + " (play it as 伙 instead)"
            why += (f" (a 伙 with it was possible only right after the {self.to_beat} was played, "
                    "before anyone answered)")
        return why

    # --- applying an action ------------------------------------------------------------

    def apply(self, action) -> None:
        """Perform `action` for the current player; an illegal one raises IllegalPlay and changes nothing."""
        self._check(action)
        seat = self.current_player
        self._legal = None
        if action == NO_HUO:
            self._no_huo(seat)
        elif action == PASS:
            self._pass(seat)
        elif isinstance(action, Huo):
            self._huo(seat, action)
        else:
            self._play(seat, action)

    def _check(self, action) -> None:
        if self.is_over:
            raise IllegalPlay("the deal is over: no more plays")
        if isinstance(action, Choice):
            if action == NO_HUO and self.phase != "huo":
                raise IllegalPlay("不伙 answers a 伙 question, and nobody is asked one now")
            if action == PASS:
                if self.phase == "huo":
                    raise IllegalPlay(f"first say whether you 伙 the {self.to_beat} (伙 or 不伙)")
                if self.to_beat is None and self.last_hand_seat is None:
                    raise IllegalPlay("you lead this trick: play any pattern (only an answer may pass)")
            if action not in (PASS, NO_HUO):
                raise IllegalPlay(f"{action} is not an action of 花花兒")
            return
        if not isinstance(action, (Combo, Huo)):
            raise IllegalPlay(f"{action!r} is not an action of 花花兒: play a pattern, pass, or answer 伙")
        combo = action.combo if isinstance(action, Huo) else action
        real = self.rules.classify(combo.cards)
        if real is None:
            raise IllegalPlay(self.rules.why_not_pattern(combo.cards))
        if real != combo:
            raise IllegalPlay(f"{' '.join(c.symbol for c in combo.cards)} make {real}, not {combo}")
        missing = _missing(self.hands[self.current_player], combo.cards)
        if missing:
            raise IllegalPlay(f"{SEAT_NAMES[self.current_player]} does not hold {missing}")
        if isinstance(action, Huo):
            if self.phase != "huo" and not (self.last_hand_seat is not None and self.to_beat is not None):
                raise IllegalPlay("伙 answers a single (or 單虎) the moment it is played")
            if not _is_one_card(self.to_beat):
                raise IllegalPlay(f"伙 answers only a single (or 單虎), and the table holds {self.to_beat}")
            if not self.rules.can_huo(combo, self.to_beat):
                raise IllegalPlay(f"only {_huo_need(self.to_beat)} may 伙 the {self.to_beat}")
            return
        if self.phase == "huo":
            raise IllegalPlay(f"first say whether you 伙 the {self.to_beat} (伙 or 不伙); ordinary answers come after")
        if self.to_beat is not None:
            why = self._beat_error(combo)
            if why:
                raise IllegalPlay(why)

    def _active(self, seat: int) -> bool:
        return bool(self.hands[seat])

    def _next_active(self, seat: int) -> int:
        for _ in range(4):
            seat = next_seat(seat)
            if self.hands[seat]:
                return seat
        raise AssertionError("nobody holds cards")

    def _side_out(self) -> bool:
        return any(not self.hands[s] and not self.hands[s + 2] for s in (0, 1))

    def _take_cards(self, seat: int, cards) -> None:
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        self.table.extend(cards)
        if not hand:
            self.out_order.append(seat)

    def _close_trick(self, winner: int) -> None:
        self.won[winner].extend(self.table)
        self.table = []
        self.last_trick = self.trick
        self.trick = []
        self.to_beat = None
        self.last_player = None
        self.passes = 0

    def _end(self) -> None:
        if self.table:
            self._close_trick(self.last_player)
        self.phase = "over"
        self.current_player = None
        self.huo_queue = []

    def _after_trick_or_out(self, seat: int) -> bool:
        """Start the last hand when one side is out; True if the deal moved on that way."""
        if self.last_hand_seat is not None:
            self._end()
            return True
        if self._side_out():
            self.last_hand_seat = self.current_player = self._next_active(seat)
            self.phase = "play"
            return True
        return False

    def _play(self, seat: int, combo: Combo) -> None:
        self._take_cards(seat, combo.cards)
        self.trick.append((seat, combo))
        self.log.append((seat, combo))
        self.to_beat, self.last_player, self.passes = combo, seat, 0
        if self._after_trick_or_out(seat):
            return
        if _is_one_card(combo):
            asked = []
            for s in (seat + 1, seat + 2, seat + 3):
                s %= 4
                if self.hands[s] and (self.rules.ask_all_huo or self.rules.huo_plays(self.hands[s], combo)):
                    asked.append(s)
            if asked:
                self.huo_queue = asked
                self.phase = "huo"
                self.current_player = asked[0]
                return
        self.current_player = self._next_active(seat)

    def _huo(self, seat: int, huo: Huo) -> None:
        self._take_cards(seat, huo.cards)
        self.trick.append((seat, huo))
        self.log.append((seat, huo))
        self.last_player = seat
        self._close_trick(seat)
        self.phase, self.huo_queue = "play", []
        if self._after_trick_or_out(seat):
            return
        self.current_player = seat if self.hands[seat] else self._next_active(seat)

    def _no_huo(self, seat: int) -> None:
        self.log.append((seat, NO_HUO))
        self.huo_queue.pop(0)
        if self.huo_queue:
            self.current_player = self.huo_queue[0]
        else:
            self.phase = "play"
            self.current_player = self._next_active(self.last_player)

    def _pass(self, seat: int) -> None:
        self.trick.append((seat, PASS))
        self.log.append((seat, PASS))
        if self.last_hand_seat is not None:
            self._end()
            return
        self.passes += 1
        others = sum(1 for s in range(4) if s != self.last_player and self.hands[s])
        if self.passes >= others:
            winner = self.last_player
            self._close_trick(winner)
            self.current_player = winner if self.hands[winner] else self._next_active(winner)
        else:
            self.current_player = self._next_active(seat)


def new_game(seed: int, **options) -> Game:
    """Shuffle four decks with ``random.Random(seed)``, deal 54 cards to each seat, and pick
    the first player (隨機確定最先出牌的玩家) with the same generator, after the shuffle."""
    rules = Rules(**options)
    rng = random.Random(seed)
    deck = new_deck(4)
    rng.shuffle(deck)
    hands = [deck[i * 54:(i + 1) * 54] for i in range(4)]
    return Game(rules, hands, rng.randrange(4))
