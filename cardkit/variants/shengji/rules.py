"""升級 / 拖拉機 rules with no game state: card order, patterns, following, trick winner, scoring.

Vocabulary (seed 003):

- 主 *zhu*, trump: the 4 jokers, the 8 twos (常主, permanent trumps in this seed), the 8 cards of the
  level rank (當打之主, the rank being played, 3 in the first deal) and every card of the declared suit.
  副 *fu*: every other card. A level card or a 2 belongs to the trumps, never to its printed suit.
- *effective suit*: a suit for 副 cards, `TRUMP` for every trump. Following, pairs and tractors all
  look at effective suits only.
- *strength*: a card's place inside its effective suit, weakest 0. Off-suit 2s share one strength, and
  so do off-suit level cards: between equal cards the first one played wins.
- 對子 pair: two identical cards. 拖拉機 tractor: two or more pairs of consecutive strength in one
  effective suit; the removed level rank leaves no gap (level 5: ♥4♥4♥6♥6) and the trump chain runs
  主AA → 副22 → 主22 → 副33 → 主33 → 小王小王 → 大王大王.
- 甩牌 throw: a lead of several cards of one effective suit that is not one single, pair or tractor.
  It stands only when none of its parts (`Unit`) can be beaten by another hand in that suit.
- A play is read as `Unit`s: tractors (longest first), then pairs, then singles.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from ...cards import BIG_JOKER, SMALL_JOKER, Card, Rank, Suit, parse_cards

TRUMP = "trump"
"""The effective suit of every trump card (主)."""

POINTS = {Rank.FIVE: 5, Rank.TEN: 10, Rank.KING: 10}
"""分牌 point cards (seed §8): 5 counts 5, 10 and K count 10. Two decks hold 200 points."""

WIN_THRESHOLD = 80
"""The attackers need this many points to take over the deal (seed §9)."""

KITTY_MULTIPLIERS = (
    # (what wins the last trick, 中文, multiplier) -- seed §9; each further trump pair doubles again
    ("off-suit (副牌) winner", "副牌勝出", 1),
    ("trump single", "主牌單張", 2),
    ("trump with a pair", "主牌含對子", 4),
    ("two-pair trump tractor", "兩對主拖拉機", 8),
    ("three-pair trump tractor", "三對主拖拉機", 16),
)

DECLARATION_FORMS = (
    # (id, 中文, English) weakest first -- seed §5: a later form overrides (改) an earlier one
    ("joker_one", "一鬼一張", "a joker and one level card: that suit is trump"),
    ("joker_two", "一鬼兩張", "a joker and two identical level cards: that suit is trump"),
    ("small_jokers", "兩小王", "two small jokers: no trump suit"),
    ("big_jokers", "兩大王", "two big jokers: no trump suit"),
)

KINDS = {
    # kind: (中文, English)
    "single": ("單張", "single"),
    "pair": ("對子", "pair"),
    "tractor": ("拖拉機", "tractor"),
    "throw": ("甩牌", "throw"),
    "follow": ("跟牌", "follow"),
    "mixed": ("墊牌", "mixed cards"),
    "bury": ("埋底", "bury the kitty"),
    "declare": ("亮主", "declare trump"),
}

_NATURAL = tuple(Rank)  # 2, 3, ..., A
_SUIT_SHOW_ORDER = (Suit.S, Suit.H, Suit.C, Suit.D)  # alternate colours in a sorted hand


def card_points(cards) -> int:
    """The points (5/10/K) in `cards`."""
    return sum(POINTS.get(card.rank, 0) for card in cards)


def symbols(cards) -> str:
    return " ".join(card.symbol for card in cards)


def _cards_of(x) -> list[Card]:
    if isinstance(x, str):
        return parse_cards(x)
    return list(getattr(x, "cards", x))


@dataclass(frozen=True)
class Unit:
    """One part of a play: a single (`pairs` 0), a pair (1) or a tractor (`pairs` ≥ 2); `top` its highest strength."""

    cards: tuple[Card, ...]
    pairs: int
    top: int

    @property
    def name(self) -> str:
        if self.pairs == 0:
            return "single"
        return "pair" if self.pairs == 1 else f"{self.pairs}-pair tractor"


@dataclass(frozen=True)
class Play:
    """A card action: a lead or follow (`single`, `pair`, `tractor`, `throw`, `follow`, `mixed`) or a burial
    (`bury`)."""

    kind: str
    cards: tuple[Card, ...]

    @property
    def name_zh(self) -> str:
        return KINDS[self.kind][0]

    @property
    def name_en(self) -> str:
        return KINDS[self.kind][1]

    def __str__(self) -> str:
        return f"{self.name_zh} {symbols(self.cards)}"


@dataclass(frozen=True)
class Declaration:
    """亮主: cards shown to name the trump. `form` indexes `DECLARATION_FORMS`; `trump_suit` None = no trump."""

    cards: tuple[Card, ...]
    form: int
    trump_suit: Suit | None
    kind: str = "declare"

    @property
    def name_zh(self) -> str:
        return "亮" + ("無主" if self.trump_suit is None else self.trump_suit.name_zh)

    @property
    def name_en(self) -> str:
        return "declare " + ("no trump" if self.trump_suit is None else f"{self.trump_suit.name_en} trump")

    def __str__(self) -> str:
        return f"{self.name_zh} {symbols(self.cards)}"


@dataclass(frozen=True)
class Format:
    """What a lead asks of the followers: its tractor lengths (longest first), its pairs (in all), its size."""

    tractors: tuple[int, ...]
    pairs: int
    size: int


@dataclass(frozen=True)
class Rules:
    """The rules of one deal of 升級. Defaults are seed 003.

    Options:
    - `level` ("3"): the rank being played (當打); with permanent 2s it runs "3" .. "A".
    - `trump_suit` ("S"): "S", "H", "D", "C" (or a `Suit`), None for no trump (無主).
    - `permanent_twos` (True): 2s are always trump (常主); False plays 2 as the lowest plain rank.
    - `jokers_in_tractors` (True): the chain continues 主33 → 小王小王 → 大王大王 (the seed's list ends
      with 主33 "等"); False stops tractors at the trump level pair.
    - `level_step` (40): points per level (the seed: "有的約定是20分").
    - `throw_penalty` (10): points a failed throw (被抓) gives the other side; 0 for none.
    - `qiangdi` (False): 搶底, overriding the declaration after the kitty is buried to take the kitty.
    - `dealer_must_declare` (False): the seed's 第二局 rule ("除非做莊的壹方亮不起牌"): in a deal with a
      dealer fixed by the match, a dealer side neither of whose players holds a declaration loses the deal
      to the player whose declaration stands. Off: the dealer keeps the deal and a declaration only
      chooses the trump.
    """

    level: str = "3"
    trump_suit: str | Suit | None = "S"
    permanent_twos: bool = True
    jokers_in_tractors: bool = True
    level_step: int = 40
    throw_penalty: int = 10
    qiangdi: bool = False
    dealer_must_declare: bool = False
    _order: dict = field(init=False, repr=False, compare=False)
    _no_link_into: frozenset = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        text = self.level.value if isinstance(self.level, Rank) else str(self.level).upper()
        level = {"T": Rank.TEN, **{r.value: r for r in Rank}}.get(text)
        if level is None:
            raise ValueError(f"level must be a rank 2..A, not {self.level!r}")
        if self.permanent_twos and level is Rank.TWO:
            raise ValueError("with permanent 2s (常主) the levels run from 3 to A")
        trump = self.trump_suit
        if isinstance(trump, str):
            if trump.upper() not in Suit.__members__:
                raise ValueError(f"trump_suit must be S, H, D, C or None, not {trump!r}")
            trump = Suit[trump.upper()]
        if not (trump is None or isinstance(trump, Suit)):
            raise ValueError(f"trump_suit must be S, H, D, C or None, not {trump!r}")
        if not isinstance(self.level_step, int) or self.level_step <= 0:
            raise ValueError(f"level_step must be a positive number of points, not {self.level_step!r}")
        object.__setattr__(self, "level", level.value)
        object.__setattr__(self, "trump_suit", trump.value if trump else None)
        order = self._build_order(level, trump)
        object.__setattr__(self, "_order", order)
        joker_strengths = frozenset() if self.jokers_in_tractors else {order[SMALL_JOKER][1], order[BIG_JOKER][1]}
        object.__setattr__(self, "_no_link_into", frozenset(joker_strengths))

    def _build_order(self, level: Rank, trump: Suit | None) -> dict[Card, tuple]:
        """(effective suit, strength) of every face, from the trump once (seed §4-5)."""
        plain = [r for r in _NATURAL if r is not level and not (self.permanent_twos and r is Rank.TWO)]
        order = {}
        for suit in Suit:
            effective = TRUMP if suit is trump else suit
            for strength, rank in enumerate(plain):
                order[Card(rank, suit)] = (effective, strength)
        strength = len(plain)
        tiers = ([Rank.TWO] if self.permanent_twos else []) + [level]
        for rank in tiers:
            for suit in Suit:
                if suit is not trump:
                    order[Card(rank, suit)] = (TRUMP, strength)
            if trump is not None:
                strength += 1
                order[Card(rank, trump)] = (TRUMP, strength)
            strength += 1
        order[SMALL_JOKER] = (TRUMP, strength)
        order[BIG_JOKER] = (TRUMP, strength + 1)
        return order

    # --- card order ---------------------------------------------------------------------------

    @property
    def level_rank(self) -> Rank:
        return Rank(self.level)

    @property
    def trump(self) -> Suit | None:
        return Suit(self.trump_suit) if self.trump_suit else None

    def with_trump(self, suit: Suit | str | None) -> Rules:
        """These rules with another trump suit (after a declaration)."""
        return replace(self, trump_suit=suit.value if isinstance(suit, Suit) else suit)

    def is_trump(self, card: Card) -> bool:
        return self._order[card][0] == TRUMP

    def effective_suit(self, card: Card):
        """`TRUMP` for a trump, else the card's suit."""
        return self._order[card][0]

    def strength(self, card: Card) -> int:
        """The card's place in its effective suit, weakest 0; equal for off-suit 2s and off-suit level cards."""
        return self._order[card][1]

    def sort_key(self, card: Card) -> tuple[int, int, int]:
        """Display order of a hand, weakest first: the side suits (♠ ♥ ♣ ♦), then the trumps."""
        effective, strength = self._order[card]
        group = 4 if effective == TRUMP else _SUIT_SHOW_ORDER.index(effective)
        return group, strength, _SUIT_SHOW_ORDER.index(card.suit) if card.suit else 0

    def suit_name(self, effective) -> str:
        return "trumps 主" if effective == TRUMP else f"{effective.name_en} {effective.name_zh}"

    # --- pairs, tractors and units ------------------------------------------------------------

    def _linked(self, effective, low: int, high: int) -> bool:
        return high == low + 1 and not (effective == TRUMP and high in self._no_link_into)

    def _pairs_by_strength(self, cards) -> dict[int, list[Card]]:
        """Each pair (two identical cards) once per copy, grouped by strength."""
        out: dict[int, list[Card]] = {}
        for card, n in Counter(cards).items():
            out.setdefault(self.strength(card), []).extend([card] * (n // 2))
        return {s: faces for s, faces in out.items() if faces}

    def _intervals(self, effective, counts, length: int) -> list[tuple[int, ...]]:
        """Every run of `length` linked strengths where each strength still has a pair."""
        out = []
        for start in sorted(s for s, n in counts.items() if n):
            run = [start]
            while len(run) < length and counts.get(run[-1] + 1) and self._linked(effective, run[-1], run[-1] + 1):
                run.append(run[-1] + 1)
            if len(run) == length:
                out.append(tuple(run))
        return out

    def _tractor_fit(self, effective, counts: dict[int, int], lengths) -> tuple[int, ...]:
        """The best (lexicographic) way to find tractors of `lengths` in disjoint pairs: 1 = found."""
        if not lengths:
            return ()
        best = (0,) + self._tractor_fit(effective, counts, lengths[1:])
        for run in self._intervals(effective, counts, lengths[0]):
            rest = dict(counts)
            for s in run:
                rest[s] -= 1
            found = (1,) + self._tractor_fit(effective, rest, lengths[1:])
            best = max(best, found)
            if all(found):
                break
        return best

    def units(self, cards) -> list[Unit]:
        """The cards (of one effective suit) read as tractors (longest first), then pairs, then singles."""
        cards = _cards_of(cards)
        effective = self.effective_suit(cards[0]) if cards else None
        pairs = self._pairs_by_strength(cards)
        left = Counter(cards)
        units = []
        while pairs:
            runs, run = [], []
            for s in sorted(pairs):
                if run and not self._linked(effective, run[-1], s):
                    runs.append(run)
                    run = []
                run.append(s)
            runs.append(run)
            longest = max(runs, key=lambda r: (len(r), r[-1]))
            faces = [pairs[s].pop(0) for s in longest]
            for face in faces:
                left[face] -= 2
            pairs = {s: f for s, f in pairs.items() if f}
            doubled = [f for face in faces for f in (face, face)]
            units.append(Unit(self.sorted_cards(doubled), len(longest), longest[-1]))
        singles = sorted(left.elements(), key=self.sort_key, reverse=True)
        units += [Unit((card,), 0, self.strength(card)) for card in singles]
        return units

    def format_of(self, lead) -> Format:
        units = self.units(lead)
        return Format(
            tractors=tuple(u.pairs for u in units if u.pairs >= 2),
            pairs=sum(u.pairs for u in units),
            size=len(_cards_of(lead)),
        )

    def sorted_cards(self, cards) -> tuple[Card, ...]:
        """`cards` in `sort_key` order, as the tuple a `Play` holds."""
        return tuple(sorted(cards, key=self.sort_key))

    def kind_of(self, cards, leading: bool = True) -> str | None:
        """single / pair / tractor / throw for a lead (None if it mixes effective suits). A follow that is not
        one single, pair or tractor is `follow` (跟牌) in one effective suit, else `mixed` (墊牌: cards from
        other suits)."""
        cards = _cards_of(cards)
        if not cards:
            return None
        one_suit = len({self.effective_suit(c) for c in cards}) == 1
        if one_suit:
            units = self.units(cards)
            if len(units) == 1:
                return ("single", "pair")[units[0].pairs] if units[0].pairs < 2 else "tractor"
            return "throw" if leading else "follow"
        return None if leading else "mixed"

    def is_tractor(self, cards) -> bool:
        return self.kind_of(cards) == "tractor"

    def play(self, cards, leading: bool) -> Play:
        """The Play these cards make as a lead or a follow (the kind only; legality is checked elsewhere)."""
        kind = self.kind_of(cards, leading)
        if kind is None:
            raise ValueError(f"{symbols(_cards_of(cards))} mixes suits: a lead is all of one suit or all trumps")
        return Play(kind, self.sorted_cards(_cards_of(cards)))

    # --- leading and throwing -----------------------------------------------------------------

    def lead_error(self, hand, cards) -> str | None:
        """None where `cards` (from `hand`) may be led, else why not. A throw may still be caught later."""
        cards = _cards_of(cards)
        if not cards:
            return "choose the cards to lead"
        missing = Counter(cards) - Counter(hand)
        if missing:
            return f"you do not hold {symbols(missing.elements())}"
        suits = {self.effective_suit(c) for c in cards}
        if len(suits) > 1:
            names = " and ".join(sorted(self.suit_name(s) for s in suits))
            return f"{symbols(cards)} mixes {names}: a lead is all of one suit, or all trumps"
        return None

    def unit_beaten_by(self, unit: Unit, effective, cards) -> bool:
        """True where `cards` hold a unit of `unit`'s shape in `effective` suit that beats it (only that
        suit can stop a throw: trumping in does not)."""
        own = [c for c in cards if self.effective_suit(c) == effective]
        if unit.pairs == 0:
            return any(self.strength(c) > unit.top for c in own)
        counts = {s: len(f) for s, f in self._pairs_by_strength(own).items()}
        return any(run[-1] > unit.top for run in self._intervals(effective, counts, unit.pairs))

    def caught_unit(self, cards, other_hands) -> Unit | None:
        """For a throw: None where it stands; else the part the thrower must play instead (被抓) -- the
        smallest part someone can beat: fewest cards first, then the weakest."""
        cards = _cards_of(cards)
        effective = self.effective_suit(cards[0])
        units = self.units(cards)
        if len(units) < 2:
            return None
        failing = [u for u in units if any(self.unit_beaten_by(u, effective, hand) for hand in other_hands)]
        if not failing:
            return None
        return min(failing, key=lambda u: (len(u.cards), u.top))

    # --- following ----------------------------------------------------------------------------

    def follow_error(self, hand, lead, play) -> str | None:
        """None where `play` (from `hand`) legally answers `lead`; else the reason in a learner's words.

        The ladder: as many cards as the lead; the led suit while you hold it; then the lead's tractors
        where your cards in that suit can still form them; then as many pairs as the lead has, while you
        hold pairs in that suit. Short of the suit, anything makes up the number.
        """
        hand, lead, play = _cards_of(hand), _cards_of(lead), _cards_of(play)
        missing = Counter(play) - Counter(hand)
        if missing:
            return f"you do not hold {symbols(missing.elements())}"
        n = len(lead)
        if len(play) != n:
            return f"the lead has {n} card{'s' * (n > 1)}: play {n}, not {len(play)}"
        effective = self.effective_suit(lead[0])
        name = self.suit_name(effective)
        in_suit = [c for c in hand if self.effective_suit(c) == effective]
        played = [c for c in play if self.effective_suit(c) == effective]
        if len(played) < min(n, len(in_suit)):
            left = self.sorted_cards((Counter(in_suit) - Counter(played)).elements())
            reason = f"you still hold {symbols(left)}: follow {name} before playing anything else"
            strays = [c for c in play if c.suit is not None and c.suit == effective and self.is_trump(c)]
            if strays:
                reason += f" ({strays[0].symbol} is a trump 主, not one of the {effective.name_en})"
            return reason
        fmt = self.format_of(lead)
        if fmt.tractors:
            have_counts = {s: len(f) for s, f in self._pairs_by_strength(in_suit).items()}
            got_counts = {s: len(f) for s, f in self._pairs_by_strength(played).items()}
            have = self._tractor_fit(effective, have_counts, fmt.tractors)
            got = self._tractor_fit(effective, got_counts, fmt.tractors)
            if got < have:
                length = fmt.tractors[next(i for i, (h, g) in enumerate(zip(have, got, strict=True)) if h and not g)]
                run = self._intervals(effective, have_counts, length)[-1]
                pairs = self._pairs_by_strength(in_suit)
                example = symbols(self.sorted_cards([pairs[s][0] for s in run for _ in (0, 1)]))
                return f"you still hold a tractor of {name} ({example}): a tractor must follow a tractor"
        have_pairs = sum(len(f) for f in self._pairs_by_strength(in_suit).values())
        got_pairs = sum(len(f) for f in self._pairs_by_strength(played).values())
        if got_pairs < min(fmt.pairs, have_pairs):
            played_count = Counter(played)
            unused = [c for c, k in Counter(in_suit).items() if k >= 2 and played_count[c] < 2]
            face = max(unused, key=self.strength)
            rule = "a pair must follow a pair" if fmt.pairs == 1 else (
                f"the lead has {fmt.pairs} pairs: follow with pairs while you hold them")
            return f"you still hold a pair of {name} ({face.symbol} {face.symbol}): {rule}"
        return None

    # --- winning a trick ----------------------------------------------------------------------

    def _contender(self, cards, lead_suit, fmt: Format) -> tuple[int, int] | None:
        """(1 for a trump ruff else 0, strength of the deciding part) where `cards` can win against a lead of
        `lead_suit` shaped `fmt`; None where they cannot (mixed suits, off-suit, or another shape)."""
        suits = {self.effective_suit(c) for c in cards}
        if len(suits) != 1:
            return None
        effective = suits.pop()
        if effective != lead_suit and effective != TRUMP:
            return None
        counts = {s: len(f) for s, f in self._pairs_by_strength(cards).items()}
        if sum(counts.values()) < fmt.pairs:
            return None
        if fmt.tractors:
            if not all(self._tractor_fit(effective, counts, fmt.tractors)):
                return None
            key = max(run[-1] for run in self._intervals(effective, counts, fmt.tractors[0]))
        elif fmt.pairs:
            key = max(s for s, n in counts.items() if n)
        else:
            key = max(self.strength(c) for c in cards)
        return (int(effective != lead_suit), key)

    def trick_winner(self, plays) -> int:
        """Index of the winning play; `plays[0]` is the lead. Only the lead's suit or trumps in the lead's
        shape can win; between equal plays the earlier one wins. A throw is decided by its longest tractor,
        else its highest pair, else its highest card."""
        plays = [_cards_of(p) for p in plays]
        lead_suit = self.effective_suit(plays[0][0])
        fmt = self.format_of(plays[0])
        best, best_key = 0, self._contender(plays[0], lead_suit, fmt)
        for i, cards in enumerate(plays[1:], 1):
            key = self._contender(cards, lead_suit, fmt)
            if key is not None and key > best_key:
                best, best_key = i, key
        return best

    # --- scoring ------------------------------------------------------------------------------

    def kitty_multiplier(self, play) -> int:
        """扣底: ×1 for an off-suit winner, ×2 a trump single, ×4 trumps with a pair, ×8 a two-pair trump
        tractor, ×16 three pairs, doubling for each further pair."""
        cards = _cards_of(play)
        if not cards or not all(self.is_trump(c) for c in cards):
            return KITTY_MULTIPLIERS[0][2]
        longest = max(u.pairs for u in self.units(cards))
        if longest + 1 < len(KITTY_MULTIPLIERS):
            return KITTY_MULTIPLIERS[longest + 1][2]
        return KITTY_MULTIPLIERS[-1][2] * 2 ** (longest + 2 - len(KITTY_MULTIPLIERS))

    def level_change(self, attacker_points: int) -> tuple[str, int]:
        """("attackers", levels) at 80 or more: they take the deal, +1 per full step above 80; else ("dealer",
        levels): +1 below 80, +2 below 40, +3 at 0 (with the default 40-point step)."""
        step = self.level_step
        if attacker_points >= WIN_THRESHOLD:
            return "attackers", (attacker_points - WIN_THRESHOLD) // step
        if attacker_points <= 0:
            return "dealer", WIN_THRESHOLD // step + 1
        return "dealer", 1 + (WIN_THRESHOLD - 1 - attacker_points) // step

    # --- declaring ----------------------------------------------------------------------------

    def declaration(self, cards) -> Declaration | None:
        """The declaration these cards make (seed §5), or None."""
        cards = self.sorted_cards(_cards_of(cards))
        jokers = [c for c in cards if c.is_joker]
        others = [c for c in cards if not c.is_joker]
        if len(cards) == 2 and len(jokers) == 2 and jokers[0] is jokers[1]:
            return Declaration(cards, 2 if jokers[0] is SMALL_JOKER else 3, None)
        if len(jokers) != 1 or not 1 <= len(others) <= 2 or len(set(others)) != 1:
            return None
        card = others[0]
        if card.rank is not self.level_rank:
            return None
        return Declaration(cards, len(others) - 1, card.suit)

    def declarations_in(self, hand) -> list[Declaration]:
        """Every distinct declaration a hand can show (a small joker is shown where either would do)."""
        counts = Counter(hand)
        joker = SMALL_JOKER if counts[SMALL_JOKER] else BIG_JOKER if counts[BIG_JOKER] else None
        out = []
        if joker:
            for suit in Suit:
                card = Card(self.level_rank, suit)
                for n in range(1, min(counts[card], 2) + 1):
                    out.append(Declaration(self.sorted_cards([joker] + [card] * n), n - 1, suit))
        for j, form in ((SMALL_JOKER, 2), (BIG_JOKER, 3)):
            if counts[j] >= 2:
                out.append(Declaration((j, j), form, None))
        return out

    @staticmethod
    def declaration_beats(new: Declaration, standing: Declaration | None, same_player: bool) -> bool:
        """A later form overrides (改) an earlier one; the standing declarer may only strengthen one level
        card to two of the same suit, never override himself."""
        if standing is None:
            return True
        if same_player:
            return standing.form == 0 and new.form == 1 and new.trump_suit == standing.trump_suit
        return new.form > standing.form

    # --- teaching -----------------------------------------------------------------------------

    def gallery(self) -> list[dict]:
        """One example per pattern of the seed, weakest first, at these rules' level and trump."""
        level = self.level_rank
        suit = self.trump or Suit.S
        side = next(s for s in (Suit.H, Suit.D, Suit.C, Suit.S) if s is not self.trump)
        plain = [r for r in _NATURAL if r is not level and not (self.permanent_twos and r is Rank.TWO)]
        low = [Card(r, side) for r in plain[:2]]
        gap = next((i for i in range(len(plain) - 1) if plain[i + 1].number - plain[i].number > 1), None)
        ace = Card(Rank.ACE, suit)
        other_two = Card(Rank.TWO, side)
        rows = [
            ("single", "單張", "dān zhāng", "single", [Card(Rank.ACE, side)], "one card; the first played wins ties"),
            ("pair", "對子", "duìzi", "pair", [Card(Rank.KING, side)] * 2, "two identical cards (two decks)"),
            ("tractor", "拖拉機", "tuōlājī", "tractor", [low[0], low[0], low[1], low[1]],
             "consecutive pairs of one suit"),
        ]
        if gap is not None:
            a, b = Card(plain[gap], side), Card(plain[gap + 1], side)
            rows.append(("gap_tractor", "隔級拖拉機", "tuōlājī", "tractor over the level rank", [a, a, b, b],
                         f"the level rank {level.value} is trump, so its neighbours are consecutive"))
        if self.permanent_twos and self.trump:
            rows.append(("trump_tractor", "主拖拉機", "zhǔ tuōlājī", "trump chain tractor",
                         [ace, ace, other_two, other_two, Card(Rank.TWO, suit), Card(Rank.TWO, suit)],
                         "主AA → 副22 → 主22: the chain runs on through 副33, 主33 and the jokers"))
        rows.append(("throw", "甩牌", "shuǎi pái", "throw", [Card(Rank.ACE, side), Card(Rank.KING, side),
                                                            Card(Rank.KING, side)],
                     "several top cards of one suit; caught (被抓) if another hand beats a part"))
        return [dict(zip(("id", "name_zh", "pinyin", "name_en", "cards", "note"), row, strict=True)) for row in rows]
