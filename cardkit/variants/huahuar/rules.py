"""花花兒 patterns, the seed's order of types, 帶響, 伙 and the list of legal plays.

The words of the game (豹, 虎, 龍, 領牌, 帶響, 伙, 方 …) are explained in the package
docstring, `cardkit.variants.huahuar`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...cards import ALL_FACES, Card, Joker, Rank, Suit, parse_cards
from ...game import Choice
from .scoring import SCORE_SCALE, settle

# --- ranks ---------------------------------------------------------------------

# 3 < 4 < … < A < 2 < 小王 < 大王: the value of a rank is its place on this scale.
RANK_ORDER: tuple[Rank | Joker, ...] = (
    Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN,
    Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE, Rank.TWO, Joker.SMALL, Joker.BIG,
)
VALUE = {rank: i + 3 for i, rank in enumerate(RANK_ORDER)}
RANK_OF_VALUE = {v: rank for rank, v in VALUE.items()}
ACE, TWO, SMALL, BIG = 14, 15, 16, 17  # values; dragons use 3..ACE only

_SUIT_ORDER = {Suit.C: 0, Suit.D: 1, Suit.H: 2, Suit.S: 3}  # spades last: a spade is the 帶響 card
_CARD_VALUE = {card: VALUE[card.rank] for card in ALL_FACES}
_SORT_KEY = {card: VALUE[card.rank] * 4 + (0 if card.suit is None else _SUIT_ORDER[card.suit]) for card in ALL_FACES}


def _rank_text(value: int) -> str:
    rank = RANK_OF_VALUE[value]
    return ("小王" if rank is Joker.SMALL else "大王") if isinstance(rank, Joker) else rank.value


# --- the patterns and the seed's order of types ------------------------------------------

_ZH_NUMBER = {3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八", 9: "九", 10: "十",
              11: "十一", 12: "十二", 13: "十三", 14: "十四", 15: "十五", 16: "十六"}

TYPES: dict[str, tuple[str, int, str]] = {
    "單只": ("single", 1, "single"),
    "連子": ("straight", 1, "straight"),
    "一對": ("pair", 2, "pair"),
    "連對": ("pair_straight", 2, "pair straight"),
    "花豹": ("huabao", 4, "flower leopard (four identical cards)"),
    "單虎": ("tiger", 1, "one tiger (a joker)"),
    "雙虎": ("tiger", 2, "two tigers"),
    "三虎": ("tiger", 3, "three tigers"),
    "花虎": ("huahu", 4, "flower tiger (four mixed jokers)"),
    "小青虎": ("small_qinghu", 4, "small green tiger (four small jokers)"),
    "大青虎": ("big_qinghu", 4, "big green tiger (four big jokers)"),
    **{f"{_ZH_NUMBER[n]}虎": ("tiger", n, f"{n} tigers") for n in range(5, 9)},
    **{f"{_ZH_NUMBER[n]}隻": ("kind", n, f"{n} of a kind") for n in range(3, 17)},
    **{f"{_ZH_NUMBER[n]}節": ("jie", n, f"jie of {n}s (three ranks in a row, {n} cards each)") for n in range(3, 17)},
    "神龍": ("shenlong", 3, "divine dragon (三節 in one suit)"),
    "青龍": ("qinglong", 4, "green dragon (四節 in one suit)"),
}
"""Every type of the seed by its Chinese name: (kind id, size, English name)."""

TYPE_ORDER: tuple[tuple[str, ...], ...] = (
    ("單只", "連子", "一對", "單虎"),
    ("三隻",), ("連對",), ("四隻",), ("雙虎",), ("五隻",), ("六隻",), ("三虎",), ("三節",), ("七隻",),
    ("四節",), ("八隻",), ("花豹",), ("花虎",), ("五節",), ("小青虎",), ("大青虎",), ("九隻",), ("六節",),
    ("十隻",), ("五虎",), ("神龍",), ("七節",), ("十一隻",), ("八節",), ("十二隻",), ("六虎",), ("九節",),
    ("十三隻",), ("十節",), ("十四隻",), ("七虎",), ("青龍",), ("十一節",), ("十五隻",), ("十二節",),
    ("十六隻",), ("八虎",), ("十三節",), ("十四節",), ("十五節",), ("十六節",),
)
"""The seed's 牌型大小, weakest first: 單只（連子、一對、單虎）<三隻<連對<四隻<雙虎<…<十六節.

Each step is one rung. A play beats every play on a lower rung, whatever its rank or
size. On its own rung a play beats only its own type (the first rung holds four
types that never meet: a pair cannot answer a single), by a higher 領牌 or, at equal
rank, by 帶響. 單只 and 單虎 are one type there: a joker is simply the highest single.
"""

RUNG: dict[tuple[str, int], int] = {TYPES[name][:2]: i for i, step in enumerate(TYPE_ORDER) for name in step}
NAME_OF: dict[tuple[str, int], tuple[str, str]] = {(k, n): (zh, en) for zh, (k, n, en) in TYPES.items()}


@dataclass(frozen=True)
class Combo:
    """One play: the pattern these cards make.

    `kind` and `size` name the type (see `TYPES`), `value` is the 領牌's place in the
    rank order (3..17, 大王 = 17), `length` the number of ranks of a dragon (1 otherwise),
    `loud` whether it is 帶響. Two plays with equal type, 領牌, length and 帶響 are the
    same play: equality and hashing ignore which copies of the cards are used.
    """

    kind: str
    size: int
    value: int
    length: int
    loud: bool
    cards: tuple[Card, ...] = field(compare=False)

    @property
    def rank(self) -> Rank | Joker:
        """The 領牌's rank."""
        return RANK_OF_VALUE[self.value]

    @property
    def name_zh(self) -> str:
        return NAME_OF[(self.kind, self.size)][0]

    @property
    def name_en(self) -> str:
        return NAME_OF[(self.kind, self.size)][1]

    @property
    def rung(self) -> int:
        """This type's step in `TYPE_ORDER` (0 = the 單只 tier)."""
        return RUNG[(self.kind, self.size)]

    def __str__(self) -> str:
        if self.kind in ("straight", "pair_straight"):
            text = f"{self.name_zh} {_rank_text(self.value - self.length + 1)}–{_rank_text(self.value)}"
        elif self.kind in ("huahu", "big_qinghu", "small_qinghu"):
            text = self.name_zh
        else:
            text = f"{self.name_zh} {_rank_text(self.value)}"
        return text + (" 帶響" if self.loud else "")


@dataclass(frozen=True)
class Huo:
    """伙: a pair (or 雙虎) answering a single (or 單虎) of its rank; it wins the trick at once."""

    combo: Combo
    kind: str = field(default="huo", init=False)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.combo.cards

    def __str__(self) -> str:
        return f"伙 {self.combo}"


NO_HUO = Choice("no_huo", "No 伙 不伙")

_LOUD_RULES = ("any", "all", "off")
_JOKER_FANG = ("by_rank", "together", "never")
_REWARD_SOURCES = ("xiayou", "bank")
_HUO_TIGER = ("any", "same")


def _family(combo: Combo) -> tuple:
    """What a play must share with another of its rung to be compared at all."""
    if combo.kind == "single" or (combo.kind == "tiger" and combo.size == 1):
        return ("one",)
    return (combo.kind, combo.size, combo.length)


def _is_one_card(combo) -> bool:
    return isinstance(combo, Combo) and len(combo.cards) == 1


class _Groups:
    """A hand counted by rank, with the cards of each rank ready to hand out.

    For each value: the non-spade cards (faces with fewer copies first, so a 花豹 is
    broken last), the spades, and all of them non-spades first.
    """

    __slots__ = ("count", "plain", "spade", "every", "faces")

    def __init__(self, hand):
        by_value: dict[int, list[Card]] = {}
        for card in hand:
            v = _CARD_VALUE[card]
            if v in by_value:
                by_value[v].append(card)
            else:
                by_value[v] = [card]
        self.count = [0] * 18
        self.plain: dict[int, list[Card]] = {}
        self.spade: dict[int, list[Card]] = {}
        self.every: dict[int, list[Card]] = {}
        self.faces: dict[int, Counter] = {}
        for v, cards in by_value.items():
            self.count[v] = len(cards)
            faces = Counter(cards)
            self.faces[v] = faces
            if v >= SMALL:
                self.plain[v], self.spade[v], self.every[v] = cards, [], cards
                continue
            plain = [c for c in cards if c.suit is not Suit.S]
            if len(faces) > 1:
                plain.sort(key=faces.__getitem__)
            spade = [c for c in cards if c.suit is Suit.S]
            self.plain[v], self.spade[v], self.every[v] = plain, spade, plain + spade


def _make(kind: str, size: int, value: int, length: int, loud: bool, cards) -> Combo:
    return Combo(kind, size, value, length, loud, tuple(sorted(cards, key=_SORT_KEY.__getitem__)))


@dataclass(frozen=True)
class Rules:
    """The rules of one 花花兒 table. Defaults are the seed text.

    Options (docs/rules/huahuar.md explains each):

    - ``loud`` -- when a play with several cards of its top rank is 帶響: ``"any"`` (a
      spade among them can be shown as the 領牌; default), ``"all"`` (every card of the
      top rank is a spade) or ``"off"`` (no 帶響 at all; equal plays never beat each other).
    - ``joker_fang`` -- do jokers make 方? ``"by_rank"`` (four 大王 or four 小王 are a
      方; default), ``"together"`` (any four jokers), ``"never"`` (jokers stay 散張).
    - ``reward_source`` -- where the 上游's 10 cards come from: ``"xiayou"`` (they are
      the 10 cards the 下游 pays; default) or ``"bank"`` (the 上游 gains 10 whatever
      the 下游 could pay).
    - ``huo_tiger`` -- which 雙虎 may 伙 a 單虎: ``"any"`` (default) or ``"same"`` (two
      小王 on a 小王, two 大王 on a 大王).
    - ``ask_all_huo`` -- ask every other player about 伙 after a single, even those who
      hold no pair of its rank (default False: they decline without being asked).
    """

    loud: str = "any"
    joker_fang: str = "by_rank"
    reward_source: str = "xiayou"
    huo_tiger: str = "any"
    ask_all_huo: bool = False

    def __post_init__(self):
        for name, allowed in (("loud", _LOUD_RULES), ("joker_fang", _JOKER_FANG),
                              ("reward_source", _REWARD_SOURCES), ("huo_tiger", _HUO_TIGER)):
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(map(repr, allowed))}, not {getattr(self, name)!r}")

    # --- order and display ------------------------------------------------------

    @staticmethod
    def sort_key(card: Card) -> int:
        """Display order, weakest first: by rank 3 … A, 2, 小王, 大王, then ♣ ♦ ♥ ♠."""
        return _SORT_KEY[card]

    @staticmethod
    def value(card: Card) -> int:
        """The card's place in 3 < … < A < 2 < 小王 < 大王, as 3 … 17."""
        return _CARD_VALUE[card]

    # --- classify ---------------------------------------------------------------

    def _is_loud(self, top_cards) -> bool:
        if self.loud == "off":
            return False
        spades = [c.suit is Suit.S for c in top_cards]
        return any(spades) if self.loud == "any" else all(spades)

    def classify(self, cards) -> Combo | None:
        """The pattern these exact cards form, or None. Four identical cards read as 花豹,
        a one-suit 三節 as 神龍 and a one-suit 四節 as 青龍 (each outranks the plain reading)."""
        cards = list(cards)
        if not cards:
            return None
        counts = Counter(_CARD_VALUE[c] for c in cards)
        if any(v >= SMALL for v in counts):
            if len(counts) != sum(1 for v in counts if v >= SMALL):
                return None
            n = len(cards)
            if n > 8:
                return None
            top = BIG if BIG in counts else SMALL
            if n == 4:
                kind = "huahu" if len(counts) == 2 else ("big_qinghu" if top == BIG else "small_qinghu")
                return _make(kind, 4, top, 1, False, cards)
            return _make("tiger", n, top, 1, False, cards)
        values = sorted(counts)
        top = values[-1]
        top_cards = [c for c in cards if _CARD_VALUE[c] == top]
        loud = self._is_loud(top_cards)
        one_suit = len({c.suit for c in cards}) == 1
        if len(values) == 1:
            n = len(cards)
            if n == 1:
                return _make("single", 1, top, 1, loud, cards)
            if n == 2:
                return _make("pair", 2, top, 1, loud, cards)
            if n == 4 and len(set(cards)) == 1:
                return _make("huabao", 4, top, 1, loud, cards)
            return _make("kind", n, top, 1, loud, cards) if n <= 16 else None
        each = set(counts.values())
        if len(each) != 1 or top > ACE or values != list(range(values[0], top + 1)):
            return None
        n, length = each.pop(), len(values)
        if length < 3:
            return None
        if n == 1:
            return _make("straight", 1, top, length, loud, cards)
        if n == 2:
            return _make("pair_straight", 2, top, length, loud, cards)
        if length != 3 or n > 16:
            return None
        if one_suit and n in (3, 4):
            return _make("shenlong" if n == 3 else "qinglong", n, top, 3, loud, cards)
        return _make("jie", n, top, 3, loud, cards)

    def why_not_pattern(self, cards) -> str | None:
        """Why these cards form no pattern, in a learner's words (``None`` if they do)."""
        cards = list(cards)
        if not cards:
            return "no cards chosen"
        if self.classify(cards) is not None:
            return None
        shown = " ".join(c.symbol for c in sorted(cards, key=_SORT_KEY.__getitem__))
        counts = Counter(_CARD_VALUE[c] for c in cards)
        values = sorted(counts)
        jokers = sum(counts[v] for v in values if v >= SMALL)
        if jokers and jokers < len(cards):
            why = "jokers (虎) only combine with jokers"
        elif jokers:
            why = "at most eight jokers make a 虎"
        elif len(values) == 1:
            why = "no more than sixteen cards of a rank exist"
        elif TWO in counts:
            why = "a 2 never joins a 龍 (run)"
        elif values != list(range(values[0], values[-1] + 1)):
            why = "the ranks of a 龍 (run) must be consecutive"
        elif len(set(counts.values())) != 1:
            why = "every rank of a 龍 (run) needs the same number of cards"
        elif len(values) < 3:
            why = "a 龍 (run) needs at least three ranks: 連子, 連對 or a 節"
        else:
            n = next(iter(counts.values()))
            why = f"a 節 (jie) is exactly three ranks of {n}; longer runs exist only of singles (連子) and pairs (連對)"
        return f"{shown} is not a pattern: {why}"

    # --- comparing ----------------------------------------------------------------

    def beats(self, a: Combo, b: Combo) -> bool:
        """True where `a` may be played on `b` (伙 aside: see `can_huo`)."""
        return self.beat_error(a, b) is None

    def beat_error(self, a: Combo, b: Combo) -> str | None:
        """Why `a` may not be played on `b`, in words; ``None`` where it may."""
        if a.kind == "pair_straight" and a.length >= 4:
            return f"a 連對 of {a.length} pairs may only open a trick, never answer one"
        ra, rb = a.rung, b.rung
        if ra != rb:
            return None if ra > rb else f"{a.name_zh} is below {b.name_zh} in the order of types: it cannot beat {b}"
        if _family(a) != _family(b):
            if a.kind == b.kind:
                return f"{a} has {a.length} ranks and {b} has {b.length}: a {a.name_zh} must match the length"
            return f"a {a.name_zh} cannot answer a {b.name_zh}: on the lowest rung each type only beats its own"
        if (a.value, a.loud) > (b.value, b.loud):
            return None
        if a.value == b.value and self.loud != "off":
            if b.loud:
                return f"your {a} does not beat {b}: its spade 領牌 (帶響) wins the tie"
            return f"your {a} does not beat {b}: on equal rank only a spade 領牌 (帶響) wins"
        return f"your {a} does not beat {b}"

    def can_huo(self, pair, single) -> bool:
        """伙: may `pair` answer `single` by 伙? A pair of the single's rank; for a 單虎 a 雙虎
        (of the same joker when ``huo_tiger="same"``). Takes Combos or lists of cards."""
        pair = pair if isinstance(pair, Combo) else self.classify(pair)
        single = single if isinstance(single, Combo) else self.classify(single)
        if pair is None or single is None:
            return False
        if single.kind == "single" and pair.kind == "pair":
            return pair.value == single.value
        if single.kind == "tiger" and single.size == 1 and pair.kind == "tiger" and pair.size == 2:
            if self.huo_tiger == "any":
                return True
            return all(_CARD_VALUE[c] == single.value for c in pair.cards)
        return False

    def huo_plays(self, hand, single: Combo) -> list[Combo]:
        """Every 伙 the hand can make on `single` (one per distinct pair)."""
        if not _is_one_card(single):
            return []
        g = _Groups(hand)
        if single.kind == "single":
            cards = g.every.get(single.value, [])
            return [_make("pair", 2, single.value, 1, self._is_loud(cards[:2]), cards[:2])] if len(cards) >= 2 else []
        out = []
        small, big = g.every.get(SMALL, []), g.every.get(BIG, [])
        choices = [(small[:2], SMALL), (big[:2], BIG)]
        if self.huo_tiger == "any":
            choices.append((big[:1] + small[:1], BIG))
        for cards, top in choices:
            if len(cards) == 2 and (self.huo_tiger == "any" or top == single.value):
                combo = _make("tiger", 2, top, 1, False, cards)
                if combo not in out:
                    out.append(combo)
        return out

    # --- listing plays ------------------------------------------------------------

    def _top(self, g: _Groups, v: int, k: int):
        """The ways to give k cards of value v as the 領牌 group: [(loud, cards)], one per 帶響 state."""
        plain, spade = g.plain[v], g.spade[v]
        if self.loud == "off" or v >= SMALL:
            return [(False, g.every[v][:k])]
        out = []
        if self.loud == "any":
            if len(plain) >= k:
                out.append((False, plain[:k]))
            if spade:
                out.append((True, spade[:1] + (plain + spade[1:])[: k - 1]))
        else:
            if plain:
                out.append((False, g.every[v][:k]))
            if len(spade) >= k:
                out.append((True, spade[:k]))
        return out

    def legal_plays(self, hand, to_beat: Combo | None = None) -> list[Combo]:
        """Every distinct play from `hand`; with `to_beat`, only those that beat it.

        One play per (type, 領牌, length, 帶響): copies that differ only in suits no rule
        looks at are listed once, with the cards chosen to keep spades and 花豹 sets.
        """
        g = _Groups(hand)
        count = g.count
        out: list[Combo] = []
        add = out.append
        top = self._top
        if to_beat is None:
            floor, family = 0, None
        else:
            floor, family = to_beat.rung, _family(to_beat)

        def wanted(kind: str, size: int, length: int = 1) -> bool:
            rung = RUNG[(kind, size)]
            if rung != floor:
                return rung > floor
            if family is None:
                return True
            if kind == "single" or (kind == "tiger" and size == 1):
                return family == ("one",)
            return family == (kind, size, length)

        # 豹: singles, pairs, three … sixteen of a kind, 花豹
        want_single, want_pair = wanted("single", 1), wanted("pair", 2)
        for v in range(3, SMALL):
            c = count[v]
            if not c:
                continue
            if want_single:
                for loud, cards in top(g, v, 1):
                    add(Combo("single", 1, v, 1, loud, tuple(cards)))
            if c >= 2 and want_pair:
                for loud, cards in top(g, v, 2):
                    add(_make("pair", 2, v, 1, loud, cards))
            for n in range(3, c + 1):
                if RUNG[("kind", n)] >= floor:
                    for loud, cards in top(g, v, n):
                        if n == 4:
                            cards = self._unflush(g, cards, v, loud)
                        if cards:
                            add(_make("kind", n, v, 1, loud, cards))
            if c >= 4 and RUNG[("huabao", 4)] >= floor:
                plain_done = False
                for face, k in g.faces[v].items():
                    if k == 4:
                        loud = face.suit is Suit.S and self.loud != "off"
                        if not loud and plain_done:
                            continue
                        plain_done = plain_done or not loud
                        add(Combo("huabao", 4, v, 1, loud, (face,) * 4))

        # 虎: jokers
        smalls, bigs = g.every.get(SMALL, []), g.every.get(BIG, [])
        ns, nb = len(smalls), len(bigs)
        for n in range(1, min(8, ns + nb) + 1):
            if n == 4:
                if ns >= 4 and RUNG[("small_qinghu", 4)] >= floor:
                    add(Combo("small_qinghu", 4, SMALL, 1, False, tuple(smalls[:4])))
                if nb >= 4 and RUNG[("big_qinghu", 4)] >= floor:
                    add(Combo("big_qinghu", 4, BIG, 1, False, tuple(bigs[:4])))
                b = max(1, 4 - ns)
                if ns and b <= min(3, nb) and RUNG[("huahu", 4)] >= floor:
                    add(_make("huahu", 4, BIG, 1, False, bigs[:b] + smalls[: 4 - b]))
                continue
            if not wanted("tiger", n):
                continue
            if ns >= n:
                add(Combo("tiger", n, SMALL, 1, False, tuple(smalls[:n])))
            b = max(1, n - ns)
            if b <= nb:
                add(_make("tiger", n, BIG, 1, False, bigs[:b] + smalls[: n - b]))

        # 龍: 連子, 連對, 三節 … 十六節, 神龍, 青龍 -- ranks 3..A only
        want_straight = to_beat is None or family[0] == "straight"
        want_pairs = RUNG[("pair_straight", 2)] > floor or (family is not None and family[0] == "pair_straight")
        every = g.every
        for t in range(5, ACE + 1):
            if not count[t]:
                continue
            # the longest run of ranks ending at t, and of pairs
            run = 1
            while t - run >= 3 and count[t - run]:
                run += 1
            if want_straight and run >= 3:
                tops = top(g, t, 1)
                lengths = range(3, run + 1) if to_beat is None else [to_beat.length] if to_beat.length <= run else []
                for length in lengths:
                    below = [every[v][0] for v in range(t - length + 1, t)]
                    for loud, cards in tops:
                        add(_make("straight", 1, t, length, loud, below + cards))
            if want_pairs and count[t] >= 2:
                prun = 1
                while t - prun >= 3 and count[t - prun] >= 2:
                    prun += 1
                if prun >= 3:
                    lengths = range(3, prun + 1) if to_beat is None else [3]
                    tops = top(g, t, 2)
                    for length in lengths:
                        below = [c for v in range(t - length + 1, t) for c in every[v][:2]]
                        for loud, cards in tops:
                            add(_make("pair_straight", 2, t, length, loud, below + cards))
            if run >= 3:
                m = min(count[t], count[t - 1], count[t - 2])
                for n in range(3, m + 1):
                    if RUNG[("jie", n)] < floor:
                        continue
                    below = every[t - 2][:n] + every[t - 1][:n]
                    for loud, cards in top(g, t, n):
                        cards = below + cards
                        if n <= 4:
                            cards = self._unflush(g, cards, t, loud)
                        if cards:
                            add(_make("jie", n, t, 3, loud, cards))
                if m >= 3:
                    self._flush_dragons(g, t, floor, add)
        if to_beat is not None:
            out = [p for p in out if self.beats(p, to_beat)]
        return out

    def _unflush(self, g: _Groups, cards: list[Card], top: int, loud: bool) -> list[Card] | None:
        """Cards all of one suit would read as 花豹 / 神龍 / 青龍, not as the 四隻 or 節 wanted:
        swap one card for another suit of its rank, keeping the 帶響 state; None if impossible."""
        suit = cards[0].suit
        if any(c.suit is not suit for c in cards):
            return cards
        for v in sorted({_CARD_VALUE[c] for c in cards}):
            old = Card(RANK_OF_VALUE[v], suit)
            for other in g.every[v]:
                if other.suit is suit:
                    continue
                new = list(cards)
                new.remove(old)
                new.append(other)
                if v == top and self._is_loud([c for c in new if _CARD_VALUE[c] == top]) != loud:
                    continue
                return new
        return None

    def _flush_dragons(self, g: _Groups, t: int, floor: int, add) -> None:
        """神龍 (one-suit 三節) and 青龍 (one-suit 四節) topped by rank t."""
        plain_done = {3: False, 4: False}
        for suit in (Suit.S, Suit.H, Suit.D, Suit.C):
            faces = [Card(RANK_OF_VALUE[v], suit) for v in (t - 2, t - 1, t)]
            least = min(g.faces[v][f] for v, f in zip((t - 2, t - 1, t), faces, strict=True))
            for n, kind in ((3, "shenlong"), (4, "qinglong")):
                if least < n or RUNG[(kind, n)] < floor:
                    continue
                loud = suit is Suit.S and self.loud != "off"
                if not loud:
                    if plain_done[n]:
                        continue
                    plain_done[n] = True
                add(Combo(kind, n, t, 3, loud, tuple(f for f in faces for _ in range(n))))

    # --- scoring ------------------------------------------------------------------

    def _groups_of(self, won_cards) -> tuple[int, int, int]:
        """(齊, 方 outside a 齊, cards left loose) -- before 14 散張 = 1 方.

        A 齊 is kept apart because it is worth 8 方 only while its sixteen cards stay
        together: paying one card out of it leaves 3 方 and 3 散張."""
        counts = Counter(_CARD_VALUE[c] for c in won_cards)
        if self.joker_fang == "together":
            counts[SMALL] += counts.pop(BIG, 0)
        qi = fang = loose = 0
        for v, c in counts.items():
            if v >= SMALL and self.joker_fang == "never":
                loose += c
            elif c == 16 and v < SMALL:
                qi += 1
            else:
                fang += c // 4
                loose += c % 4
        return qi, fang, loose

    def count_fang(self, won_cards) -> tuple[int, int]:
        """清方數: (方, 散張 left over) for a pile of won cards. Four of a rank are 1 方,
        sixteen of a rank (jokers excepted) are 齊 = 8 方, and every 14 散張 make 1 more 方."""
        qi, fang, loose = self._groups_of(won_cards)
        return 8 * qi + fang + loose // 14, loose % 14

    @staticmethod
    def score_for(fang: int) -> int:
        """計分值 for the winning side's best player's 方 (before the 雙欠 point)."""
        for most, points in SCORE_SCALE:
            if fang <= most:
                return points
        return SCORE_SCALE[-1][1] + fang - SCORE_SCALE[-1][0]

    def settle(self, won: list, leftovers: list, out_order: list[int]) -> dict:
        """The seed's five steps on a finished deal; see `Game.result` for the figures."""
        return settle(self, won, leftovers, out_order)

    # --- gallery --------------------------------------------------------------------

    def gallery(self) -> list[dict]:
        """One real example of each pattern of the seed, weakest first."""
        rows = [
            ("single", "單只", "dān zhī", "5", "any one card; 單虎 (a joker) is the highest single"),
            ("straight", "連子", "lián zǐ", "C6 H7 D8 S9", "three or more consecutive singles, no 2s or jokers"),
            ("pair", "一對", "yí duì", "H9 D9", "two of a rank; answers only a pair"),
            ("tiger_1", "單虎", "dān hǔ", "BJ", "one joker: the top of the single tier"),
            ("kind_3", "三隻", "sān zhī", "SJ HJ CJ", "three of a rank beats the whole first tier"),
            ("pair_straight", "連對", "lián duì", "H6 C6 D7 S7 H8 C8",
             "three or more consecutive pairs; four or more only open a trick"),
            ("kind_4", "四隻", "sì zhī", "S4 H4 D4 C4", "四隻 … 十六隻: each size is a rung of its own"),
            ("tiger_2", "雙虎", "shuāng hǔ", "BJ RJ", "two jokers beat four of a kind: 雙豹不敵一個虎"),
            ("tiger_3", "三虎", "sān hǔ", "BJ BJ RJ", "three jokers beat six of a kind"),
            ("jie_3", "三節", "sān jié", "S9 H9 D9 C10 H10 D10 SJ HJ CJ", "three consecutive triples; 七隻 beats it"),
            ("huabao", "花豹", "huā bào", "H5 H5 H5 H5", "four identical cards: the 花花兒 itself"),
            ("huahu", "花虎", "huā hǔ", "BJ BJ RJ RJ", "four mixed jokers: 花虎打花豹"),
            ("small_qinghu", "小青虎", "xiǎo qīng hǔ", "BJ BJ BJ BJ", "four small jokers: 青虎打五套"),
            ("big_qinghu", "大青虎", "dà qīng hǔ", "RJ RJ RJ RJ", "four big jokers"),
            ("shenlong", "神龍", "shén lóng", "S3 S3 S3 S4 S4 S4 S5 S5 S5", "a 三節 in one suit: 神龍打五虎"),
            ("qinglong", "青龍", "qīng lóng", "SQ SQ SQ SQ SK SK SK SK SA SA SA SA", "a 四節 in one suit"),
        ]
        out = []
        for gid, zh, pinyin, text, note in rows:
            cards = sorted(parse_cards(text if text != "5" else "H5"), key=_SORT_KEY.__getitem__)
            combo = self.classify(cards)
            out.append({"id": gid, "name_zh": zh, "pinyin": pinyin, "name_en": combo.name_en,
                        "cards": cards, "note": note})
        return out
