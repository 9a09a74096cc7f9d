"""Cards, decks and the card notation shared by every game in the kit.

A `Card` is one of the 54 faces of a standard deck: a suit and a rank, or one of
the two jokers, 大王 (the big, red joker) and 小王 (the small, black joker).
Multi-deck games hold several copies of a face; the copies are equal and
interchangeable, so a hand is simply a list of cards (a multiset).

Cards have no global order: each game ranks them its own way (see its `Rules`).

Notation (see shared/CONTRACT.md): suit first, then rank -- ``SA``, ``H10``,
``DT`` (T = 10), ``C2``, or with symbols ``♠A ♥10``; ``RJ`` / ``大王`` is the big
joker and ``BJ`` / ``小王`` the small one. Tokens are separated by spaces or
commas and read case-insensitively.
"""

from __future__ import annotations

import re
from enum import Enum

__all__ = [
    "BIG_JOKER",
    "SMALL_JOKER",
    "Card",
    "CardParseError",
    "Joker",
    "Rank",
    "Suit",
    "format_cards",
    "new_deck",
    "parse_cards",
]


class Suit(Enum):
    """The four suits; the value is the ASCII letter used in card notation."""

    S = "S"
    H = "H"
    D = "D"
    C = "C"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def name_zh(self) -> str:
        return _SUIT_ZH[self]

    @property
    def name_en(self) -> str:
        return _SUIT_EN[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.H, Suit.D)


_SUIT_SYMBOL = {Suit.S: "♠", Suit.H: "♥", Suit.D: "♦", Suit.C: "♣"}
_SUIT_ZH = {Suit.S: "黑桃", Suit.H: "紅桃", Suit.D: "方塊", Suit.C: "梅花"}
_SUIT_EN = {Suit.S: "spades", Suit.H: "hearts", Suit.D: "diamonds", Suit.C: "clubs"}


class Rank(Enum):
    """The thirteen ranks; the value is the notation, `number` the natural 2..14."""

    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def number(self) -> int:
        """2 for a two up to 14 for an ace (the ace is high in natural order)."""
        return _RANK_NUMBER[self]

    @property
    def name_en(self) -> str:
        return _RANK_EN[self]


_RANK_NUMBER = {rank: i + 2 for i, rank in enumerate(Rank)}
_RANK_EN = {
    **{rank: rank.value for rank in Rank},
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
    Rank.ACE: "ace",
}


class Joker(Enum):
    """The two jokers: 小王 (small, black, ``BJ``) and 大王 (big, red, ``RJ``).

    A joker stands where a rank stands (`Card.rank`), so counting cards by
    rank treats each joker as a rank of its own.
    """

    SMALL = "BJ"
    BIG = "RJ"

    @property
    def number(self) -> int:
        return 15 if self is Joker.SMALL else 16

    @property
    def name_en(self) -> str:
        return "small joker" if self is Joker.SMALL else "big joker"


class CardParseError(ValueError):
    """Card notation that cannot be read; the message names the token and its position."""


class Card:
    """One card face. Equal faces are the same object, so copies from different decks compare equal.

    Build cards with ``Card("SA")``, ``Card(Rank.ACE, Suit.S)``, ``Card(Joker.BIG)``
    or `parse_cards`. Attributes: `rank` (a `Rank`, or a `Joker` for jokers),
    `suit` (a `Suit`, ``None`` for jokers), `index` (0..53, the position in a
    fresh `new_deck()`), `code` (canonical notation).
    """

    __slots__ = ("rank", "suit", "index", "code", "__weakref__")

    rank: Rank | Joker
    suit: Suit | None
    index: int
    code: str

    def __new__(cls, rank: str | Rank | Joker, suit: Suit | None = None) -> Card:
        if isinstance(rank, str) and suit is None:
            return _parse_token(rank, 1)
        if isinstance(rank, Joker):
            if suit is not None:
                raise CardParseError(f"a joker has no suit (got {rank.value} with {suit})")
            key: tuple = (rank, None)
        else:
            if isinstance(rank, str):
                rank = _RANK_BY_TEXT[rank.upper()] if rank.upper() in _RANK_BY_TEXT else rank
            if not isinstance(rank, Rank) or not isinstance(suit, Suit):
                raise CardParseError(f"not a card: rank {rank!r}, suit {suit!r}")
            key = (rank, suit)
        return _FACES[key]

    @classmethod
    def _make(cls, rank: Rank | Joker, suit: Suit | None, index: int) -> Card:
        card = object.__new__(cls)
        for name, value in (
            ("rank", rank),
            ("suit", suit),
            ("code", rank.value if suit is None else suit.value + rank.value),
            ("index", index),
        ):
            object.__setattr__(card, name, value)
        return card

    def __reduce__(self):
        return (Card, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo) -> Card:
        return self

    def __setattr__(self, name, value):
        if hasattr(self, "index"):
            raise AttributeError("cards are immutable")
        object.__setattr__(self, name, value)

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.symbol

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def symbol(self) -> str:
        """``♠A``, ``♥10``; a joker is 大王 or 小王."""
        if self.suit is None:
            return self.name_zh
        return self.suit.symbol + self.rank.value

    @property
    def name_zh(self) -> str:
        """紅桃A, 黑桃10, 大王, 小王."""
        if self.suit is None:
            return "大王" if self.rank is Joker.BIG else "小王"
        return self.suit.name_zh + self.rank.value

    @property
    def name_en(self) -> str:
        """ace of hearts, 10 of spades, big joker."""
        if self.suit is None:
            return self.rank.name_en
        return f"{self.rank.name_en} of {self.suit.name_en}"

    @property
    def is_red(self) -> bool:
        return self.rank is Joker.BIG if self.suit is None else self.suit.is_red


_DECK_ORDER = [(rank, suit) for suit in Suit for rank in Rank] + [(Joker.SMALL, None), (Joker.BIG, None)]
_FACES: dict[tuple, Card] = {key: Card._make(*key, i) for i, key in enumerate(_DECK_ORDER)}
ALL_FACES: tuple[Card, ...] = tuple(_FACES.values())
"""The 54 faces in deck order (``Card.index`` is the position here)."""
SMALL_JOKER = _FACES[(Joker.SMALL, None)]
BIG_JOKER = _FACES[(Joker.BIG, None)]


def new_deck(decks: int = 1) -> list[Card]:
    """`decks` × 54 cards in a fixed order: deck by deck, ♠ ♥ ♦ ♣ each 2..A, then 小王, 大王."""
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 0:
        raise ValueError(f"decks must be a whole number of decks, 0 or more (got {decks!r})")
    return list(ALL_FACES) * decks


# --- notation ---------------------------------------------------------------

_SUIT_BY_TEXT = {
    **{s.value: s for s in Suit},
    "♠": Suit.S, "♤": Suit.S, "♥": Suit.H, "♡": Suit.H,
    "♦": Suit.D, "♢": Suit.D, "♣": Suit.C, "♧": Suit.C,
}
_RANK_BY_TEXT = {**{r.value: r for r in Rank}, "T": Rank.TEN}
_JOKER_BY_TEXT = {"RJ": BIG_JOKER, "大王": BIG_JOKER, "BJ": SMALL_JOKER, "小王": SMALL_JOKER}
_SEPARATORS = re.compile(r"[\s,]+")


def _parse_token(token: str, position: int) -> Card:
    text = token.upper()
    if text in _JOKER_BY_TEXT:
        return _JOKER_BY_TEXT[text]
    where = f"card {position} {token!r}"
    if not text:
        raise CardParseError(f"{where}: empty card")
    suit = _SUIT_BY_TEXT.get(text[0])
    if suit is None:
        raise CardParseError(
            f"{where}: a card starts with its suit (S, H, D, C or ♠ ♥ ♦ ♣), "
            f"or is a joker (RJ/大王, BJ/小王); {token[0]!r} is not a suit"
        )
    rank = _RANK_BY_TEXT.get(text[1:])
    if rank is None:
        problem = f"{token[1:]!r} is not a rank" if token[1:] else "the rank is missing"
        raise CardParseError(f"{where}: after the suit comes a rank (2-10, T, J, Q, K, A); {problem}")
    return _FACES[(rank, suit)]


def parse_cards(text: str) -> list[Card]:
    """Read cards in the kit's notation: ``parse_cards("SA H10, DT RJ 小王")``.

    Raises `CardParseError`, naming the token and its position (1 = first
    card), for anything that is not a card; nothing is skipped silently.
    """
    if not isinstance(text, str):
        raise CardParseError(f"cards are written as text such as 'SA H10 RJ', not {type(text).__name__}")
    tokens = [t for t in _SEPARATORS.split(text) if t]
    return [_parse_token(token, i) for i, token in enumerate(tokens, 1)]


def format_cards(cards) -> str:
    """Canonical ASCII notation, space separated: ``format_cards(parse_cards(s))`` round-trips."""
    return " ".join(card.code for card in cards)
