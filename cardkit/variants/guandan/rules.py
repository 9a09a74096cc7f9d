"""掼蛋 (guandan) patterns: what a set of cards is, what beats what, and every play a hand holds.

Terms used below, each explained once:

- 级牌 / 主牌 (level card): the rank being played this deal (`Rules(level="2")`). As a single, pair,
  triple, 三带二 or bomb it ranks above A and below the jokers; inside a sequence (顺子, 连对, 钢板,
  同花顺) it keeps its natural place.
- 逢人配 (wild): the two ♥ level cards. Played together with other cards, each stands for any card but a
  joker, in every pattern except the four-joker bomb. Played on their own (a single ♥L, a pair ♥L ♥L)
  they are plain level cards.
- power: the strength of a rank for singles, pairs, triples, 三带二 and bombs:
  2 < 3 < … < K < A < level < 小王 < 大王 (the level rank is taken out of its natural place).
- top: the strength of a sequence, its highest card in natural order (A2345 tops at 5, 10JQKA at A).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ...cards import ALL_FACES, Card, Joker, Rank, Suit

# --- the seed's tables ---------------------------------------------------------------------------

KINDS = {
    # kind id: (中文, English, cards) -- 三、牌型 of the seed
    "single": ("单张", "single", "any one card"),
    "pair": ("对子", "pair", "two cards of one rank; 大王+大王 or 小王+小王, never 大王+小王"),
    "triple": ("三张", "triple", "three cards of one rank"),
    "full_house": ("三带二", "full house", "a triple plus a pair, compared by the triple"),
    "straight": ("顺子", "straight", "exactly five ranks in a row: A2345 up to 10JQKA, no wrap"),
    "pair_straight": ("连对", "three pairs in a row", "exactly three consecutive pairs: AA2233 up to QQKKAA"),
    "plate": ("钢板", "steel plate (two triples in a row)", "exactly two consecutive triples: AAA222 up to KKKAAA"),
    "bomb": ("炸弹", "bomb", "four to ten cards of one rank"),
    "straight_flush": ("同花顺", "straight flush", "a 顺子 all of one suit"),
    "joker_bomb": ("天王炸弹", "four-joker bomb", "both 大王 and both 小王"),
}

BOMB_ORDER = (
    # 四、4: 天王炸弹 > 十个头 … 六个头 > 同花顺 > 五个头 > 四个头 (weakest first).
    ("bomb", 4),
    ("bomb", 5),
    ("straight_flush", 5),
    ("bomb", 6),
    ("bomb", 7),
    ("bomb", 8),
    ("bomb", 9),
    ("bomb", 10),
    ("joker_bomb", 4),
)
_BOMB_TIER = {key: tier for tier, key in enumerate(BOMB_ORDER)}

# Among the readings of one set of cards, `classify` prefers a bomb; between other patterns (only
# 连对 / 钢板 from the same six cards can clash, e.g. 5566 ♥L♥L) it prefers the later one here.
_KIND_PREFERENCE = ("single", "pair", "triple", "straight", "full_house", "pair_straight", "plate")

BOMB_HEADS = {4: "四个头", 5: "五个头", 6: "六个头", 7: "七个头", 8: "八个头", 9: "九个头", 10: "十个头"}

SEQUENCES = {
    # kind: (ranks in a row, cards per rank, lowest top, highest top); tops are natural, A low = 1.
    "straight": (5, 1, 5, 14),
    "pair_straight": (3, 2, 3, 14),
    "plate": (2, 3, 2, 14),
}

LEVELS = tuple(Rank)  # 2 … A, the order in which a side climbs
_SUIT_ORDER = {Suit.S: 0, Suit.H: 1, Suit.C: 2, Suit.D: 3}
_RANK_OF_NUMBER = {rank.number: rank for rank in Rank}
_RANK_OF_NUMBER[1] = Rank.ACE


def _natural(number: int) -> int:
    """Sequences count A as 1 when it sits below 2; the card is still an ace (14)."""
    return 14 if number == 1 else number


def _label(number: int) -> str:
    return _RANK_OF_NUMBER[number].value


# --- Combo ---------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Combo:
    """One play: a pattern (`kind`), the exact cards, and what the comparison needs.

    `rank` is the power of the pattern's main rank (single, pair, triple, 三带二, bomb: 2..14 for 2..A,
    15 for the level rank, 16 小王, 17 大王) or the natural top of a sequence (5 for A2345, 14 for
    10JQKA). `suit` is the suit of a 同花顺, otherwise ``None``. `wild_as` says, card by card, which
    rank each 逢人配 wild stands for. Two combos are equal when they differ only in suits no rule looks
    at: same kind, rank, suit, printed ranks and number of wilds.
    """

    kind: str
    cards: tuple[Card, ...]
    rank: int
    suit: Suit | None = None
    wild_as: tuple[Rank, ...] = ()
    level: Rank = Rank.TWO

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def name_zh(self) -> str:
        if self.kind == "bomb":
            return BOMB_HEADS[len(self.cards)] + "炸弹"
        return KINDS[self.kind][0]

    @property
    def name_en(self) -> str:
        if self.kind == "bomb":
            return f"{len(self.cards)}-card bomb"
        return KINDS[self.kind][1]

    @property
    def is_bomb(self) -> bool:
        return self.kind in ("bomb", "straight_flush", "joker_bomb")

    @property
    def key(self) -> tuple:
        return (self.kind, self.rank, self.suit, len(self.wild_as), tuple(card.rank for card in self.cards))

    def __eq__(self, other) -> bool:
        return isinstance(other, Combo) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def rank_text(self) -> str:
        """The pattern's rank in words: ``7``, ``9–K``, ``A–5``, ``大王``."""
        kind, rank = self.kind, self.rank
        if kind == "joker_bomb":
            return ""
        if kind in SEQUENCES or kind == "straight_flush":
            length = SEQUENCES.get(kind, SEQUENCES["straight"])[0]
            low = _label(rank - length + 1)
            text = f"{low}–{_label(rank)}"
            return self.suit.symbol + text if self.suit else text
        if rank == 17:
            return "大王"
        if rank == 16:
            return "小王"
        if rank == 15:
            return self.level.value
        return _label(rank)

    def __str__(self) -> str:
        text = self.rank_text()
        return f"{self.name_zh} {text}" if text else self.name_zh

    def reading(self) -> list[tuple[Card, Rank]]:
        """(card, the rank it stands for) in the order a player reads the pattern: a sequence from its
        low end (♠9 ♠10 ♥9-as-J ♣Q ♦K; ♠A ♦2 ♣3 ♠4 ♦5), a 三带二 triple first; a wild stands for the
        rank it fills."""
        wilds = iter(self.wild_as)
        parts = []
        for card in self.cards:
            if card.suit is Suit.H and card.rank is self.level:
                parts.append((card, next(wilds, self.level)))
            else:
                parts.append((card, card.rank))
        if self.kind in SEQUENCES or self.kind == "straight_flush":
            length = SEQUENCES.get(self.kind, SEQUENCES["straight"])[0]
            run = [_RANK_OF_NUMBER[x] for x in range(self.rank - length + 1, self.rank + 1)]
            parts.sort(key=lambda part: run.index(part[1]))
        elif self.kind == "full_house":
            triple = self.level if self.rank == 15 else _RANK_OF_NUMBER.get(self.rank)
            parts.sort(key=lambda part: part[1] is not triple)
        return parts

    def cards_text(self) -> str:
        """The cards in `reading` order with what each wild stands for: ``♠9 ♠10 ♥9=J ♣Q ♦K``."""
        return " ".join(card.symbol if stands is card.rank else f"{card.symbol}={stands.value}"
                        for card, stands in self.reading())


# --- Rules ---------------------------------------------------------------------------------------


class Rules:
    """The rules of one 掼蛋 deal.

    Options (defaults = seed 002, completed by the 2022 competition rules where it is silent):

    - ``level="2"``: the rank being played (级牌), "2" … "A".
    - ``return_any=False``: 还贡 (the card given back for a tribute) must be ≤ 10 and not a level card
      (competition rule, asked for by the issue); ``True`` allows any card, as the seed's text says.
    - ``announce_at=10``: a player holding this many cards or fewer has them announced (报牌).
    - ``jiefeng=True``: 接风 -- when a trick ends on the play of a player who has gone out, their
      partner leads the next trick (competition rule); ``False`` gives the lead to the next player
      still holding cards.
    """

    def __init__(self, level: str | Rank = "2", *, return_any: bool = False, announce_at: int = 10,
                 jiefeng: bool = True):
        if isinstance(level, Rank):
            level_rank = level
        else:
            text = str(level).upper()
            text = "10" if text == "T" else text
            try:
                level_rank = Rank(text)
            except ValueError:
                raise ValueError(f"the level is a rank from 2 to A, not {level!r}") from None
        self.level = level_rank
        self.return_any = bool(return_any)
        self.announce_at = int(announce_at)
        self.jiefeng = bool(jiefeng)
        self.wild = Card(level_rank, Suit.H)
        self.level_number = level_rank.number
        self._power = {}
        self._position = {}
        for card in ALL_FACES:
            self._power[card] = self._power_of(card)
        order = sorted(ALL_FACES, key=self._sort_tuple)
        self._position = {card: i for i, card in enumerate(order)}

    def __repr__(self) -> str:
        return f"Rules(level={self.level.value!r})"

    def options(self) -> dict:
        return {"level": self.level.value, "return_any": self.return_any, "announce_at": self.announce_at,
                "jiefeng": self.jiefeng}

    # --- card order ---

    def _power_of(self, card: Card) -> int:
        if card.suit is None:
            return card.rank.number + 1  # 小王 16, 大王 17
        if card.rank is self.level:
            return 15
        return card.rank.number

    def _sort_tuple(self, card: Card) -> tuple:
        return (self._power_of(card), card is self.wild, _SUIT_ORDER.get(card.suit, 0))

    def power(self, card: Card) -> int:
        """Strength of a card alone: 2..14 for 2..A, 15 for a level card, 16 小王, 17 大王."""
        return self._power[card]

    def sort_key(self, card: Card) -> int:
        """Display order of a hand, weakest first; the two wilds sit just after the other level cards."""
        return self._position[card]

    def is_wild(self, card: Card) -> bool:
        """True for ♥ of the level rank (逢人配)."""
        return card is self.wild

    # --- comparison ---

    @staticmethod
    def bomb_tier(combo: Combo) -> int | None:
        """Position of a bomb in `BOMB_ORDER` (0 = 四个头), ``None`` for a pattern that is no bomb."""
        if combo.kind == "bomb":
            return _BOMB_TIER[("bomb", len(combo.cards))]
        if combo.kind in ("straight_flush", "joker_bomb"):
            return _BOMB_TIER[(combo.kind, len(combo.cards))]
        return None

    def beats(self, a: Combo, b: Combo) -> bool:
        """True where `a` may be played on `b`: a bomb beats every other pattern and weaker bombs;
        other patterns beat only the same pattern of the same size with a higher rank."""
        tier_a, tier_b = self.bomb_tier(a), self.bomb_tier(b)
        if tier_a is not None or tier_b is not None:
            if tier_b is None:
                return True
            if tier_a is None:
                return False
            return (tier_a, a.rank) > (tier_b, b.rank)
        return a.kind == b.kind and len(a.cards) == len(b.cards) and a.rank > b.rank

    def beat_error(self, a: Combo, b: Combo) -> str | None:
        """``None`` where `a` beats `b`, otherwise the reason in words."""
        if self.beats(a, b):
            return None
        tier_a, tier_b = self.bomb_tier(a), self.bomb_tier(b)
        if tier_a is not None and tier_b is not None:
            return f"your {a} does not beat {b}: bombs rank 天王炸弹 > 六…十个头 > 同花顺 > 五个头 > 四个头, " \
                   "then by rank"
        if tier_b is not None:
            return f"{b} is a bomb: only a bigger bomb beats it"
        if a.kind != b.kind:
            return f"a {a.name_zh} ({a.name_en}) does not answer a {b.name_zh}: play a higher {b.name_zh} or a bomb, " \
                   "or pass"
        return f"your {a} does not beat {b}"

    def strength(self, combo: Combo) -> tuple:
        """Sort key: non-bombs by pattern then rank, below every bomb in bomb order."""
        tier = self.bomb_tier(combo)
        if tier is not None:
            return (1, tier, combo.rank)
        return (0, _KIND_PREFERENCE.index(combo.kind), combo.rank)

    # --- reading a set of cards ---

    def _combo(self, kind: str, cards, rank: int, suit: Suit | None = None, wild_as=()) -> Combo:
        return Combo(kind, tuple(sorted(cards, key=self._position.__getitem__)), rank, suit, tuple(wild_as),
                     self.level)

    def readings(self, cards) -> list[Combo]:
        """Every pattern these exact cards can form, strongest first (empty when none).

        Wilds stand for any non-joker card. Wilds played without other cards are level cards. A
        same-suit run is read as a 同花顺 only (never also as a plain 顺子).
        """
        cards = list(cards)
        n = len(cards)
        if n == 0 or n > 10:
            return []
        wild = self.wild
        wilds = sum(1 for c in cards if c is wild)
        jokers = [c for c in cards if c.suit is None]
        naturals = [c for c in cards if c.suit is not None and c is not wild]
        counts = Counter(c.rank.number for c in naturals)
        level_number = self.level_number
        out: list[Combo] = []

        def power(number: int) -> int:
            return 15 if number == level_number else number

        if n == 1:
            out.append(self._combo("single", cards, self._power[cards[0]], wild_as=(self.level,) * wilds))
        if jokers:
            small = sum(1 for c in jokers if c.rank is Joker.SMALL)
            big = len(jokers) - small
            if n == 2 and (small == 2 or big == 2):
                out.append(self._combo("pair", cards, 17 if big else 16))
            if n == 4 and small == 2 and big == 2:
                out.append(self._combo("joker_bomb", cards, 17))
            if n == 5 and (small == 2 or big == 2) and len(jokers) == 2 and len(counts) <= 1:
                number = next(iter(counts)) if counts else level_number
                if counts and counts[number] + wilds == 3:
                    out.append(self._combo("full_house", cards, power(number),
                                           wild_as=(_RANK_OF_NUMBER[number],) * wilds))
            return sorted(set(out), key=self.strength, reverse=True)

        if n >= 2:
            if len(counts) <= 1:
                number = next(iter(counts)) if counts else level_number
                kind = {2: "pair", 3: "triple"}.get(n, "bomb")
                out.append(self._combo(kind, cards, power(number), wild_as=(_RANK_OF_NUMBER[number],) * wilds))
        if n == 5:
            self._read_full_house(cards, counts, wilds, out)
        if n in (5, 6):
            for kind, (length, per, low_top, high_top) in SEQUENCES.items():
                if length * per != n:
                    continue
                for top in range(low_top, high_top + 1):
                    numbers = [_natural(x) for x in range(top - length + 1, top + 1)]
                    if any(counts[x] > per for x in numbers) or any(x not in numbers for x in counts):
                        continue
                    gaps = [x for x in numbers for _ in range(per - counts[x])]
                    if len(gaps) != wilds:
                        continue
                    wild_as = tuple(_RANK_OF_NUMBER[x] for x in gaps)
                    suits = {c.suit for c in naturals}
                    if kind == "straight" and len(suits) == 1:
                        out.append(self._combo("straight_flush", cards, top, suits.pop(), wild_as))
                    else:
                        out.append(self._combo(kind, cards, top, None, wild_as))
        return sorted(set(out), key=self.strength, reverse=True)

    def _read_full_house(self, cards, counts, wilds, out) -> None:
        ranks = list(counts)
        options = []
        if len(ranks) == 2:
            options = [(ranks[0], ranks[1]), (ranks[1], ranks[0])]
        elif len(ranks) == 1 and counts[ranks[0]] == 3 and wilds == 2:
            triple = ranks[0]
            options = [(triple, self.level_number if triple != self.level_number else 14)]
        for triple, pair in options:
            if counts[triple] <= 3 and counts[pair] <= 2 and (3 - counts[triple]) + (2 - counts[pair]) == wilds:
                wild_as = [_RANK_OF_NUMBER[triple]] * (3 - counts[triple])
                wild_as += [_RANK_OF_NUMBER[pair]] * (2 - counts[pair])
                rank = 15 if triple == self.level_number else triple
                out.append(self._combo("full_house", cards, rank, None, wild_as))

    def classify(self, cards) -> Combo | None:
        """The strongest reading of these exact cards, or ``None`` when they form no pattern."""
        found = self.readings(cards)
        return found[0] if found else None

    def why_not_pattern(self, cards) -> str | None:
        """Why these cards form no pattern, in a learner's words (``None`` if they do)."""
        cards = list(cards)
        if cards and self.classify(cards) is not None:
            return None
        shown = " ".join(c.symbol for c in cards)
        n = len(cards)
        wild_note = f" ({self.wild.symbol} is wild and stands for any card but a joker)"
        reason = {
            0: "no cards selected",
            2: "a 对子 needs two cards of one rank" + (" (大王 with 小王 is not a pair)"
                                                   if all(c.suit is None for c in cards) else ""),
            3: "a 三张 needs three cards of one rank",
            4: "four cards play only as a bomb: four of one rank, or the four jokers",
            5: "five cards make a 顺子 (five ranks in a row, A2345 … 10JQKA), a 三带二 (a triple plus a pair) "
               "or a five-card bomb",
            6: "six cards make a 连对 (three pairs in a row), a 钢板 (two triples in a row) or a six-card bomb",
        }.get(n, "seven to ten cards play only as a bomb of one rank" if 7 <= n <= 10
              else "no pattern has more than ten cards")
        if any(c.suit is None for c in cards) and n > 2 and n != 4:
            reason += "; jokers play only alone, as a pair, as the pair of a 三带二 or as the four-joker bomb"
        if any(c is self.wild for c in cards) and n > 1:
            reason += wild_note
        return f"{shown} is not a pattern: {reason}" if cards else reason

    # --- every play from a hand ---

    def legal_plays(self, hand, to_beat: Combo | None = None) -> list[Combo]:
        """Every distinct play from `hand` (beating `to_beat` when given).

        Plays that differ only in suits no rule looks at are listed once (with one representative choice
        of suits; any equal choice is accepted by the game). Wilds fill the gaps a play needs: a wild
        standing in for a card the hand holds anyway is a legal play too, but it is never better than
        the listed one (the wild stays in hand and can still be that card), so it is not listed.
        """
        if to_beat is None:
            families = None
        elif self.bomb_tier(to_beat) is not None:
            families = ("bomb",)
        else:
            families = (to_beat.kind, "bomb")
        plays = self._generate(hand, families, to_beat)
        if to_beat is not None:
            beats = self.beats
            plays = [p for p in plays if beats(p, to_beat)]
        return plays

    def _generate(self, hand, families, to_beat) -> list[Combo]:
        wild = self.wild
        level_number = self.level_number
        position = self._position.__getitem__
        level = self.level
        have = [0] * 15
        by_number: list[list[Card]] = [[] for _ in range(15)]
        by_suit: dict[tuple[int, Suit], Card] = {}
        faces: list[dict[Suit, Card]] = [{} for _ in range(15)]
        wild_cards: list[Card] = []
        small: list[Card] = []
        big: list[Card] = []
        for card in hand:
            if card is wild:
                wild_cards.append(card)
            elif card.suit is None:
                (small if card.rank is Joker.SMALL else big).append(card)
            else:
                number = card.rank.number
                have[number] += 1
                by_number[number].append(card)
                faces[number].setdefault(card.suit, card)
                by_suit[(number, card.suit)] = card
        for group in by_number:
            group.sort(key=position)
        w = len(wild_cards)
        out: list[Combo] = []
        add = out.append
        new = Combo
        rank_of = _RANK_OF_NUMBER

        def power(number: int) -> int:
            return 15 if number == level_number else number

        def want(name: str) -> bool:
            return families is None or name in families

        # Cheap bound: with a plain pattern to beat only higher ranks are worth building.
        floor = to_beat.rank if to_beat is not None and families and families[0] != "bomb" else -1

        if want("single"):
            for number in range(2, 15):
                if have[number] and power(number) > floor:
                    add(new("single", (by_number[number][0],), power(number), None, (), level))
            if w and not have[level_number] and 15 > floor:
                add(new("single", (wild,), 15, None, (level,), level))
            if small and 16 > floor:
                add(new("single", (small[0],), 16, None, (), level))
            if big and 17 > floor:
                add(new("single", (big[0],), 17, None, (), level))

        for kind, size in (("pair", 2), ("triple", 3)):
            if not want(kind):
                continue
            for number in range(2, 15):
                n = have[number]
                if not n or n + w < size or power(number) <= floor:
                    continue
                take = min(n, size)
                gap = size - take
                cards = by_number[number][:take] + [wild] * gap
                add(new(kind, tuple(cards), power(number), None, (rank_of[number],) * gap, level))
            if kind == "pair":
                if w == 2 and not have[level_number] and 15 > floor:
                    add(new("pair", (wild, wild), 15, None, (level, level), level))
                if len(small) == 2 and 16 > floor:
                    add(new("pair", tuple(small), 16, None, (), level))
                if len(big) == 2 and 17 > floor:
                    add(new("pair", tuple(big), 17, None, (), level))

        if want("full_house"):
            triples = []
            pairs = []
            for number in range(2, 15):
                n = have[number]
                if n:
                    if n + w >= 3:
                        take = min(n, 3)
                        triples.append((number, by_number[number][:take], 3 - take))
                    take = min(n, 2)
                    if 2 - take <= w:
                        pairs.append((number, by_number[number][:take], 2 - take))
            if len(small) == 2:
                pairs.append((16, small, 0))
            if len(big) == 2:
                pairs.append((17, big, 0))
            if w == 2:
                pairs.append((0, [], 2))
            for t_number, t_cards, t_gap in triples:
                rank = power(t_number)
                if rank <= floor:
                    continue
                t_wild = (rank_of[t_number],) * t_gap
                for p_number, p_cards, p_gap in pairs:
                    if p_number == t_number or t_gap + p_gap > w:
                        continue
                    if p_number == 0:
                        stands = level_number if t_number != level_number else 14
                        p_wild = (rank_of[stands],) * 2
                    else:
                        p_wild = (rank_of[p_number],) * p_gap if p_gap else ()
                    cards = t_cards + p_cards + [wild] * (t_gap + p_gap)
                    cards.sort(key=position)
                    add(new("full_house", tuple(cards), rank, None, t_wild + p_wild, level))

        for kind, (length, per, low_top, high_top) in SEQUENCES.items():
            if not want(kind):
                continue
            for top in range(max(low_top, floor + 1), high_top + 1):
                numbers = [14 if x == 1 else x for x in range(top - length + 1, top + 1)]
                gap = 0
                for x in numbers:
                    if have[x] < per:
                        gap += per - have[x]
                if gap > w:
                    continue
                cards = []
                wild_as = []
                if kind == "straight":
                    present = [x for x in numbers if have[x]]
                    suits = set()
                    for x in present:
                        suits.update(faces[x])
                    if len(suits) == 1:
                        continue  # every card of one suit: the same cards are a 同花顺, listed below
                    picked = [by_number[x][0] for x in present]
                    if len({c.suit for c in picked}) == 1:
                        for i, x in enumerate(present):
                            other = next((c for s, c in faces[x].items() if s is not picked[0].suit), None)
                            if other is not None:
                                picked[i] = other
                                break
                    cards = picked
                    wild_as = [rank_of[x] for x in numbers if not have[x]]
                else:
                    for x in numbers:
                        take = min(have[x], per)
                        cards += by_number[x][:take]
                        wild_as += [rank_of[x]] * (per - take)
                cards += [wild] * len(wild_as)
                cards.sort(key=position)
                add(new(kind, tuple(cards), top, None, tuple(wild_as), level))

        if want("bomb"):
            bomb_floor = None
            if to_beat is not None and self.bomb_tier(to_beat) is not None:
                bomb_floor = self.bomb_tier(to_beat)
            for number in range(2, 15):
                n = have[number]
                if not n or n + w < 4:
                    continue
                for size in range(4, min(n + w, 10) + 1):
                    if bomb_floor is not None and _BOMB_TIER[("bomb", size)] < bomb_floor:
                        continue
                    take = min(n, size)
                    gap = size - take
                    add(new("bomb", tuple(by_number[number][:take]) + (wild,) * gap, power(number), None,
                            (rank_of[number],) * gap, level))
            if bomb_floor is None or bomb_floor <= _BOMB_TIER[("straight_flush", 5)]:
                for suit in Suit:
                    for top in range(5, 15):
                        numbers = [14 if x == 1 else x for x in range(top - 4, top + 1)]
                        missing = [x for x in numbers if (x, suit) not in by_suit]
                        if len(missing) > w:
                            continue
                        cards = [by_suit[(x, suit)] for x in numbers if (x, suit) in by_suit] + [wild] * len(missing)
                        cards.sort(key=position)
                        add(new("straight_flush", tuple(cards), top, suit, tuple(rank_of[x] for x in missing),
                                level))
            if len(small) == 2 and len(big) == 2:
                add(new("joker_bomb", tuple(small + big), 17, None, (), level))
        return out

    # --- teaching material ---

    def gallery(self) -> list[dict]:
        """One example of every pattern of the seed, weakest to strongest (bombs last, in bomb order)."""
        start = next(i for i in range(1, 10) if self.level not in LEVELS[i:i + 3])
        a, b, c = LEVELS[start:start + 3]  # three ranks in a row, none of them the level rank

        def cards(*items):
            return [Card(rank, suit) for rank, suit in items]

        S, H, D, C = Suit.S, Suit.H, Suit.D, Suit.C
        run = list(LEVELS[7:12])  # 9 10 J Q K
        examples = [
            ("single", cards((a, S)), "any card; order 2 < … < A < level < 小王 < 大王"),
            ("pair", cards((a, S), (a, D)), "大王+大王 and 小王+小王 are pairs too"),
            ("triple", cards((a, S), (a, H), (a, C)), ""),
            ("full_house", cards((a, S), (a, H), (a, C), (c, D), (c, C)), "compared by the triple only"),
            ("straight", cards((Rank.ACE, S), (Rank.TWO, D), (Rank.THREE, C), (Rank.FOUR, D), (Rank.FIVE, S)),
             "A2345 is the lowest, 10JQKA the highest; exactly five cards"),
            ("pair_straight", cards((a, S), (a, D), (b, H), (b, C), (c, S), (c, D)), "exactly three pairs"),
            ("plate", cards((a, S), (a, D), (a, C), (b, H), (b, C), (b, S)), "exactly two triples"),
            ("bomb", cards((b, S), (b, H), (b, D), (b, C)), "四个头: the smallest bomb"),
            ("bomb", cards((b, S), (b, H), (b, D), (b, C), (b, S)), "五个头"),
            ("straight_flush", [Card(r, S) for r in run], "beats 五个头, loses to 六个头"),
            ("bomb", cards((b, S), (b, H), (b, D), (b, C), (b, S), (b, D)), "六个头 and more, up to 十个头"),
            ("joker_bomb", [Card(Joker.SMALL), Card(Joker.SMALL), Card(Joker.BIG), Card(Joker.BIG)],
             "beats everything"),
        ]
        out = []
        for kind, example, note in examples:
            combo = self.classify(example)
            assert combo is not None and combo.kind == kind, (kind, example)
            name_zh = combo.name_zh
            out.append({
                "id": kind if kind != "bomb" else f"bomb_{len(example)}",
                "name_zh": name_zh,
                "pinyin": _PINYIN.get(kind, "zhàdàn"),
                "name_en": combo.name_en,
                "cards": [card for card, _ in combo.reading()],
                "note": note,
            })
        wild_example = [Card(run[0], S), self.wild, Card(run[1], D), Card(run[3], C), Card(run[4], C)]
        combo = self.classify(wild_example)
        if combo is not None:
            out.insert(5, {
                "id": "wild", "name_zh": "逢人配", "pinyin": "féng rén pèi", "name_en": "wild level heart",
                "cards": [card for card, _ in combo.reading()],
                "note": f"{self.wild.symbol} stands for any card but a joker: here {combo} ({combo.cards_text()})",
            })
        return out


_PINYIN = {
    "single": "dānzhāng", "pair": "duìzi", "triple": "sānzhāng", "full_house": "sān dài èr",
    "straight": "shùnzi", "pair_straight": "liánduì", "plate": "gāngbǎn", "bomb": "zhàdàn",
    "straight_flush": "tónghuāshùn", "joker_bomb": "tiānwáng zhàdàn",
}
