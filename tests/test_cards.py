"""The card model and notation of shared/CONTRACT.md."""

import copy
import pickle
import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardkit import BIG_JOKER, SMALL_JOKER, Card, CardParseError, Joker, Rank, Suit, format_cards, new_deck, parse_cards
from cardkit.cards import ALL_FACES


def test_notation_reads_letters_symbols_ten_as_t_and_jokers():
    assert parse_cards("SA H10, DT C2 ♠A ♥10 RJ BJ 大王 小王") == [
        Card(Rank.ACE, Suit.S),
        Card(Rank.TEN, Suit.H),
        Card(Rank.TEN, Suit.D),
        Card(Rank.TWO, Suit.C),
        Card(Rank.ACE, Suit.S),
        Card(Rank.TEN, Suit.H),
        BIG_JOKER,
        SMALL_JOKER,
        BIG_JOKER,
        SMALL_JOKER,
    ]


def test_notation_is_case_insensitive():
    assert parse_cards("sa hq rj bj dt") == parse_cards("SA HQ RJ BJ DT")


def test_empty_text_is_no_cards():
    assert parse_cards("") == [] and parse_cards(" ,, ") == []


def test_cards_from_different_decks_are_equal():
    deck = new_deck(4)
    assert deck.count(Card("H5")) == 4
    assert Counter(deck)[BIG_JOKER] == 4


def test_new_deck_has_54_distinct_faces_per_deck_in_a_fixed_order():
    assert len(new_deck()) == 54 and len(set(new_deck())) == 54
    assert len(new_deck(4)) == 216
    assert new_deck(2) == new_deck(2)
    assert [c.index for c in new_deck()] == list(range(54))


def test_every_card_has_chinese_and_english_names():
    assert Card("HA").name_zh == "紅桃A" and Card("HA").name_en == "ace of hearts"
    assert Card("S10").name_zh == "黑桃10" and Card("S10").name_en == "10 of spades"
    assert BIG_JOKER.name_zh == "大王" and BIG_JOKER.name_en == "big joker"
    assert SMALL_JOKER.name_zh == "小王" and SMALL_JOKER.name_en == "small joker"
    assert {c.suit.name_zh for c in ALL_FACES if c.suit} == {"黑桃", "紅桃", "方塊", "梅花"}


def test_a_joker_stands_where_a_rank_stands():
    assert BIG_JOKER.rank is Joker.BIG and BIG_JOKER.suit is None and BIG_JOKER.is_joker
    assert not Card("SA").is_joker


def test_cards_are_immutable_and_copy_to_themselves():
    card = Card("D7")
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE
    assert copy.deepcopy(card) is card and pickle.loads(pickle.dumps(card)) is card


def test_cards_have_no_global_order():
    with pytest.raises(TypeError):
        sorted([Card("SA"), Card("S2")])


@pytest.mark.parametrize(
    ("text", "position", "token"),
    [("SA X9", 2, "X9"), ("S1", 1, "S1"), ("H", 1, "H"), ("SA HQ SJJ", 3, "SJJ"), ("S11", 1, "S11"), ("大", 1, "大")],
)
def test_malformed_card_names_the_token_and_its_position(text, position, token):
    with pytest.raises(CardParseError) as err:
        parse_cards(text)
    assert f"card {position} {token!r}" in str(err.value)


def test_parse_error_is_a_value_error():
    assert issubclass(CardParseError, ValueError)


@pytest.mark.parametrize("bad", [None, 42, b"SA", ["SA"]])
def test_non_text_input_is_a_parse_error(bad):
    with pytest.raises(CardParseError):
        parse_cards(bad)


@given(st.lists(st.sampled_from(ALL_FACES), max_size=60))
def test_format_then_parse_round_trips(cards):
    assert parse_cards(format_cards(cards)) == cards


@given(st.text())
def test_any_text_either_parses_or_raises_card_parse_error(text):
    try:
        cards = parse_cards(text)
    except CardParseError as err:
        assert "card " in str(err)
    else:
        assert all(isinstance(c, Card) for c in cards)


@given(
    st.lists(st.sampled_from(ALL_FACES), min_size=1, max_size=8),
    st.text(min_size=1, max_size=4).filter(lambda s: re.sub(r"[\s,]", "", s)),
)
def test_one_bad_token_among_good_ones_is_never_skipped(cards, junk):
    text = format_cards(cards) + " " + junk
    try:
        parsed = parse_cards(text)
    except CardParseError:
        return
    assert parsed[: len(cards)] == cards and len(parsed) > len(cards)
