"""掼蛋 patterns, wilds and comparison: seed 002, 三、牌型 and 四、牌型的比较, sentence by sentence."""

from collections import Counter
from itertools import product

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cardkit import Card, Joker, Rank, Suit, new_deck, parse_cards
from cardkit.variants.guandan import BOMB_ORDER, Combo, Rules


def read(text, level="2"):
    return Rules(level).classify(parse_cards(text))


def kinds(text, level="2"):
    return [(c.kind, c.rank) for c in Rules(level).readings(parse_cards(text))]


# --- 三、牌型 -------------------------------------------------------------------------------------


def test_single_is_any_one_card():
    for text in ("S3", "HA", "RJ", "BJ", "H2"):
        assert read(text).kind == "single"


def test_straight_is_exactly_five_ranks_in_a_row():
    assert read("S3 D4 C5 S6 D7").kind == "straight"
    assert read("S3 D4 C5 S6 D7 C8") is None  # 只限5张
    assert read("S3 D4 C5 S6") is None


def test_ace_is_only_the_first_or_last_card_of_a_straight():
    assert read("SA D2 C3 S4 D5").rank == 5
    assert read("S10 DJ CQ SK DA").rank == 14
    assert read("SQ DK CA S2 D3") is None
    assert read("SK DA C2 S3 D4") is None


def test_jokers_never_join_a_straight():
    # 顺子 … 不包括双王
    assert read("S3 D4 C5 S6 RJ") is None
    assert read("S3 D4 C5 BJ H2") is None  # the wild may fill a gap, the joker never


def test_straight_flush_never_wraps_around_the_ace():
    assert read("SQ SK SA S2 S3") is None
    assert read("SK SA S2 S3 H2") is None


def test_straight_flush_is_a_straight_of_one_suit():
    combo = read("S9 S10 SJ SQ SK", level="2")
    assert combo.kind == "straight_flush" and combo.suit is Suit.S and combo.rank == 13
    assert kinds("S9 S10 SJ SQ SK") == [("straight_flush", 13)]  # never also a plain 顺子


def test_pair_is_two_cards_of_one_rank_or_two_equal_jokers():
    assert read("S5 D5").kind == "pair"
    assert read("RJ RJ").kind == "pair" and read("RJ RJ").rank == 17
    assert read("BJ BJ").kind == "pair" and read("BJ BJ").rank == 16
    assert read("RJ BJ") is None
    assert read("S5 D6") is None


def test_pair_straight_is_exactly_three_consecutive_pairs():
    assert read("S5 D5 S6 C6 S7 D7").kind == "pair_straight"
    assert read("SA DA S2 C2 S3 D3").rank == 3  # AA2233, the smallest
    assert read("SQ DQ SK CK SA DA").rank == 14  # QQKKAA, the largest
    assert read("SK DK SA CA S2 D2") is None  # no wrap
    assert read("S5 D5 S6 C6 S7 D7 S8 D8") is None  # 只限三对
    assert read("S5 D5 S6 C6") is None


def test_jokers_never_join_a_pair_straight():
    assert read("SQ DQ SK CK BJ BJ") is None
    assert read("SK DK SA CA BJ BJ") is None


def test_triple_is_three_cards_of_one_rank():
    assert read("S8 D8 C8").kind == "triple"
    assert read("S8 D8 C9") is None


def test_plate_is_exactly_two_consecutive_triples():
    assert read("S5 D5 C5 S6 D6 C6").kind == "plate"
    assert read("SA DA CA S2 D2 C2").rank == 2  # AAA222
    assert read("SK DK CK SA DA CA").rank == 14
    assert read("S5 D5 C5 S7 D7 C7") is None
    assert read("S5 D5 C5 S6 D6 C6 S7 D7 C7") is None  # 限定两组


def test_full_house_is_a_triple_plus_a_pair():
    combo = read("S5 D5 C5 S7 D7")
    assert combo.kind == "full_house" and combo.rank == 5
    assert read("S5 D5 C5 S7 D8") is None


def test_joker_pair_may_be_the_pair_of_a_full_house():
    assert read("S5 D5 C5 RJ RJ").kind == "full_house"
    assert read("S5 D5 C5 BJ BJ").kind == "full_house"
    assert read("S5 D5 H2 BJ BJ").kind == "full_house"
    assert read("S5 D5 C5 RJ BJ") is None


def test_bomb_is_four_or_more_cards_of_one_rank_up_to_ten():
    for n in range(4, 9):
        combo = read(" ".join(["S6"] * n))
        assert combo.kind == "bomb" and combo.size == n
    ten = parse_cards(" ".join(["S6", "D6", "C6", "H6"] * 2) + " H2 H2")
    assert Rules("2").classify(ten).kind == "bomb" and len(ten) == 10
    assert Rules("2").classify(ten + parse_cards("S6")) is None


def test_joker_bomb_is_both_big_and_both_small_jokers():
    assert read("RJ RJ BJ BJ").kind == "joker_bomb"
    assert read("RJ RJ BJ") is None


def test_level_cards_are_the_rank_being_played():
    rules = Rules("9")
    assert rules.power(Card("S9")) == 15 > rules.power(Card("SA")) == 14


def test_heart_level_cards_are_wild():
    rules = Rules("9")
    assert rules.is_wild(Card("H9")) and not rules.is_wild(Card("S9")) and not rules.is_wild(Card("H8"))


def test_seed_example_910JQK_with_a_wild_at_level_9():
    # 本局主牌为9，则黑桃9，红桃9，10，Q，K，组成910JQK
    combo = read("S9 H9 D10 CQ SK", level="9")
    assert combo.kind == "straight" and combo.rank == 13
    assert combo.wild_as == (Rank.JACK,)
    assert str(combo) == "顺子 9–K"


def test_seed_example_556677_with_a_wild_at_level_9():
    # 5，5，6，7，7，红桃9，组成556677
    combo = read("S5 D5 C6 S7 D7 H9", level="9")
    assert combo.kind == "pair_straight" and combo.rank == 7 and combo.wild_as == (Rank.SIX,)


def test_seed_example_level_10_wild_makes_23456():
    # 打10, 2,3,4,红桃10,6 可组成2,3,4,5,6
    combo = read("S2 D3 C4 H10 S6", level="10")
    assert combo.kind == "straight" and combo.rank == 6


def test_wild_makes_bombs_and_straight_flushes():
    assert read("S7 D7 C7 H2").kind == "bomb"
    assert read("S3 S4 S5 S6 H2").kind == "straight_flush"
    assert read("S3 S4 S5 S6 H2").rank == 7  # the wild as ♠7 beats the wild as ♠2


def test_wild_never_stands_for_a_joker():
    assert read("RJ H2") is None
    assert read("RJ RJ BJ H2") is None
    assert read("RJ RJ BJ BJ").kind == "joker_bomb"


def test_wilds_alone_are_level_cards():
    assert read("H7", level="7").rank == 15
    assert (read("H7 H7", level="7").kind, read("H7 H7", level="7").rank) == ("pair", 15)


def test_readings_lists_every_reading_and_classify_the_strongest():
    assert kinds("S5 D5 C5 H2 H2") == [("bomb", 5), ("full_house", 5)]
    assert read("S5 D5 C5 H2 H2").kind == "bomb"
    assert set(kinds("S5 D5 S6 D6 H2 H2")) == {("plate", 6), ("pair_straight", 7), ("pair_straight", 6)}
    assert kinds("S4 D5 C6 S7 H2") == [("straight", 8), ("straight", 7)]


def test_wild_may_stand_for_a_card_the_player_holds_anyway():
    assert read("S5 H2").kind == "pair"  # legal even when ♦5 stays in hand: nothing forbids it


# --- 四、牌型的比较 -------------------------------------------------------------------------------


def test_single_order_of_the_seed_with_level_10():
    # 以打10为例, 牌从大至小依次为：大王,小王,10,A,K,Q,J,9,8,7,6,5,4,3(,2)
    rules = Rules("10")
    order = parse_cards("RJ BJ S10 SA SK SQ SJ S9 S8 S7 S6 S5 S4 S3 S2")
    singles = [rules.classify([c]) for c in order]
    for higher, lower in zip(singles, singles[1:], strict=False):
        assert rules.beats(higher, lower) and not rules.beats(lower, higher)


def test_level_rank_ranks_above_ace_for_pairs_triples_full_houses_and_bombs():
    rules = Rules("9")
    for level_text, ace_text in (("S9 D9", "SA DA"), ("S9 D9 C9", "SA DA CA"), ("S9 D9 C9 S3 D3", "SA DA CA SK DK"),
                                 ("S9 D9 C9 S9", "SA DA CA SA")):
        level, ace = rules.classify(parse_cards(level_text)), rules.classify(parse_cards(ace_text))
        assert rules.beats(level, ace) and not rules.beats(ace, level)


def test_level_rank_keeps_its_natural_place_in_sequences():
    rules = Rules("5")
    low = rules.classify(parse_cards("S3 D4 C5 S6 D7"))
    high = rules.classify(parse_cards("S4 D5 C6 S7 D8"))
    assert rules.beats(high, low)
    kkkaaa, plate_5 = rules.classify(parse_cards("SK DK CK SA DA CA")), rules.classify(parse_cards("S5 D5 C5 S6 D6 C6"))
    assert rules.beats(kkkaaa, plate_5)


def test_ace_counts_lowest_when_joined_to_two():
    # A在顺子、同花顺、连对和三顺中，如果和2相连，则此时A点数算最小
    rules = Rules("9")
    for low, next_up in (("SA D2 C3 S4 D5", "S2 D3 C4 S5 D6"), ("SA S2 S3 S4 S5", "D2 D3 D4 D5 D6"),
                         ("SA DA S2 D2 S3 D3", "S2 D2 S3 D3 S4 D4"), ("SA DA CA S2 D2 C2", "S2 D2 C2 S3 D3 C3")):
        low_combo, next_combo = rules.classify(parse_cards(low)), rules.classify(parse_cards(next_up))
        assert rules.beats(next_combo, low_combo) and not rules.beats(low_combo, next_combo), low


def test_ace_on_top_is_the_highest_sequence():
    rules = Rules("9")
    assert rules.beats(read("S10 DJ CQ SK DA", "9"), read("S9 D10 CJ SQ DK", "9"))
    assert rules.beats(read("SQ DQ SK DK SA DA", "9"), read("SJ DJ SQ DQ SK DK", "9"))
    assert rules.beats(read("SK DK CK SA DA CA", "9"), read("SQ DQ CQ SK DK CK", "9"))


def test_other_types_compare_only_with_same_type_and_size():
    rules = Rules()
    pair, triple = read("S9 D9"), read("S3 D3 C3")
    assert not rules.beats(triple, pair) and not rules.beats(pair, triple)
    straight, full = read("S3 D4 C5 S6 D7"), read("S3 D3 C3 S4 D4")
    assert not rules.beats(straight, full) and not rules.beats(full, straight)
    assert not rules.beats(read("S3 D3 C3 S4 D4 C4"), read("S3 D3 S4 D4 S5 D5"))


def test_full_house_compares_by_the_triple_only():
    rules = Rules()
    assert rules.beats(read("S4 D4 C4 S3 D3"), read("S3 D3 C3 SA DA"))


def test_bomb_order_of_the_seed():
    # 四张王 > 十个头 … 六个头 > 同花顺 > 五个头 > 四个头
    rules = Rules("2")
    threes = "S3 D3 C3 H3 S3 D3 C3 H3"
    ladder = [read("SA DA CA HA"), read("S3 D3 C3 H3 S3"), read("S9 S10 SJ SQ SK"),
              read("S3 D3 C3 H3 S3 D3"), read("S3 D3 C3 H3 S3 D3 C3"), read(threes), read(threes + " H2"),
              read(threes + " H2 H2"), read("RJ RJ BJ BJ")]
    assert [(c.kind, c.size) for c in ladder] == list(BOMB_ORDER)
    for i, weaker in enumerate(ladder):
        for stronger in ladder[i + 1:]:
            assert rules.beats(stronger, weaker) and not rules.beats(weaker, stronger), (stronger, weaker)


def test_six_card_bomb_beats_a_straight_flush_and_a_five_card_bomb_does_not():
    sf = read("S10 SJ SQ SK SA")
    assert Rules().beats(read("S3 D3 C3 H3 S3 D3"), sf)
    assert not Rules().beats(read("SA DA CA HA SA"), sf)


def test_same_size_bombs_go_by_rank_level_above_ace():
    rules = Rules("7")
    assert rules.beats(read("S7 D7 C7 S7", "7"), read("SA DA CA HA", "7"))
    assert rules.beats(read("SA DA CA HA", "7"), read("SK DK CK HK", "7"))
    assert rules.beats(read("S3 D3 C3 H3", "7"), read("S2 D2 C2 H2", "7"))


def test_straight_flushes_compare_by_top_card():
    rules = Rules()
    assert rules.beats(read("D10 DJ DQ DK DA"), read("S9 S10 SJ SQ SK"))
    assert not rules.beats(read("D9 D10 DJ DQ DK"), read("S9 S10 SJ SQ SK"))
    assert read("SA S2 S3 S4 S5").rank == 5  # 最小的为A-2-3-4-5


def test_bombs_beat_every_other_pattern():
    rules = Rules()
    bomb = read("S3 D3 C3 H3")
    for text in ("RJ", "RJ RJ", "SA DA CA", "S10 DJ CQ SK DA", "SQ DQ SK DK SA DA", "SK DK CK SA DA CA",
                 "SA DA CA SK DK"):
        assert rules.beats(bomb, read(text)) and not rules.beats(read(text), bomb)


def test_a_higher_pattern_of_the_same_type_beats_and_an_equal_one_does_not():
    rules = Rules()
    assert rules.beats(read("S9 D9"), read("S8 D8"))
    assert not rules.beats(read("C9 H9"), read("S9 D9"))


def test_combos_differing_only_in_irrelevant_suits_are_equal():
    assert read("S9 D9") == read("C9 H9") and hash(read("S9 D9")) == hash(read("C9 H9"))
    assert read("S5 H2") != read("S5 D5")  # one spends a wild, the other does not
    assert read("S9 S10 SJ SQ SK") != read("D9 D10 DJ DQ DK")  # the suit of a 同花顺 matters


def test_gallery_lists_every_pattern_weakest_to_strongest():
    rules = Rules("2")
    gallery = rules.gallery()
    ids = [g["id"] for g in gallery]
    assert {"single", "pair", "triple", "full_house", "straight", "pair_straight", "plate", "straight_flush",
            "joker_bomb", "wild", "bomb_4"} <= set(ids)
    bombs = [rules.classify(g["cards"]) for g in gallery if g["id"].startswith(("bomb", "straight_flush", "joker"))]
    for weaker, stronger in zip(bombs, bombs[1:], strict=False):
        assert rules.beats(stronger, weaker)
    for level in "3456789TJQKA":
        assert len(Rules(level).gallery()) == len(gallery)


def test_unknown_level_is_refused_in_words():
    with pytest.raises(ValueError, match="level is a rank"):
        Rules("1")


def test_why_not_pattern_explains():
    assert "三张 needs three cards of one rank" in Rules().why_not_pattern(parse_cards("S7 H7 D8"))
    assert Rules().why_not_pattern(parse_cards("S7 H7")) is None
    assert "大王 with 小王 is not a pair" in Rules().why_not_pattern(parse_cards("RJ BJ"))
    assert "大王" not in Rules().why_not_pattern(parse_cards("S3 S4"))
    assert "♥2 is wild" in Rules().why_not_pattern(parse_cards("S3 D3 S4 H2"))


# --- legal_plays ----------------------------------------------------------------------------------


def test_legal_plays_lists_each_pattern_once_with_wilds_filling_gaps():
    rules = Rules("2")
    hand = parse_cards("S5 D5 C6 S7 D7 H2")
    plays = rules.legal_plays(hand)
    assert rules.classify(parse_cards("S5 D5 C6 S7 D7 H2")) in plays
    assert len(plays) == len(set(plays))
    pairs = [p for p in plays if p.kind == "pair"]
    assert sorted(p.rank for p in pairs) == [5, 6, 7]  # 6 needs the wild; 5 and 7 are natural


def test_legal_plays_to_beat_keeps_only_winners():
    rules = Rules("2")
    hand = parse_cards("S5 D5 S9 D9 C9 S3 D3 C3 H3")
    plays = rules.legal_plays(hand, read("S8 D8"))
    assert {(p.kind, p.rank) for p in plays} == {("pair", 9), ("bomb", 3)}


def test_legal_plays_straight_flush_needs_its_suit():
    rules = Rules("2")
    plays = rules.legal_plays(parse_cards("S3 S4 S5 S6 D7"))
    assert {p.kind for p in plays if p.size == 5} == {"straight"}
    plays = rules.legal_plays(parse_cards("S3 S4 S5 S6 D7 H2"))
    assert ("straight_flush", 7) in {(p.kind, p.rank) for p in plays}


def test_legal_plays_never_list_a_same_suit_run_as_a_plain_straight():
    rules = Rules("2")
    plays = rules.legal_plays(parse_cards("S3 S4 S5 S6 S7"))
    assert [p.kind for p in plays if p.size == 5] == ["straight_flush"]


def _sub_multisets(hand):
    counts = Counter(hand)
    faces = list(counts)
    for take in product(*(range(counts[f] + 1) for f in faces)):
        cards = [f for f, k in zip(faces, take, strict=True) for _ in range(k)]
        if cards:
            yield cards


_DECK = new_deck(2)


@st.composite
def small_hands(draw):
    level = draw(st.sampled_from(list(Rank)))
    wild = Card(level, Suit.H)
    wilds = draw(st.integers(0, 2))
    others = [c for c in _DECK if c is not wild]
    if draw(st.booleans()):  # crowd a few neighbouring ranks so that sequences and bombs turn up
        low = draw(st.integers(1, 11))
        window = {14 if n == 1 else n for n in range(low, low + 4)}
        others = [c for c in others if c.suit is None or c.rank.number in window]
    picks = draw(st.lists(st.integers(0, len(others) - 1), min_size=4, max_size=9, unique=True))
    hand = [others[i] for i in picks] + [wild] * wilds
    return level, hand


def _count_wilds(rules, combo):
    return sum(1 for c in combo.cards if rules.is_wild(c))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_hands())
def test_legal_plays_property_sound_complete_and_without_duplicates(case):
    level, hand = case
    rules = Rules(level)
    plays = rules.legal_plays(hand)
    assert len(plays) == len(set(plays))
    listed = {}
    for play in plays:
        assert not (Counter(play.cards) - Counter(hand)), play
        assert play in rules.readings(play.cards), play
        key = (play.kind, play.rank, play.suit, play.size)
        listed[key] = min(listed.get(key, 9), _count_wilds(rules, play))
    # Complete: every reading of every part of the hand is listed, with no more wilds than it spends.
    for cards in _sub_multisets(hand):
        for reading in rules.readings(cards):
            key = (reading.kind, reading.rank, reading.suit, reading.size)
            assert key in listed and listed[key] <= _count_wilds(rules, reading), (reading, cards)
    # With something to beat: exactly the listed plays that beat it.
    for target in plays[:: max(1, len(plays) // 6)]:
        answers = rules.legal_plays(hand, target)
        assert set(answers) == {p for p in plays if rules.beats(p, target)}


def test_combo_prints_with_what_the_wild_stands_for_in_the_order_of_the_pattern():
    combo = read("S9 H9 D10 CQ SK", level="9")
    assert combo.cards_text() == "♠9 ♦10 ♥9=J ♣Q ♠K"
    assert isinstance(combo, Combo) and combo.name_zh == "顺子" and combo.name_en == "straight"
    assert read("S5 D4 C3 S2 DA", level="5").cards_text() == "♦A ♠2 ♣3 ♦4 ♠5"  # A low, level 5 in place
    assert read("S4 D4 S2 D2 C2").cards_text() == "♠2 ♣2 ♦2 ♠4 ♦4"  # 三带二: the triple first


# --- every reading, checked against the seed's words card by card ------------------------------


def _seed_patterns(cards, level):
    """(kind, rank, suit) of wild-free cards, written from the seed's 三、牌型 without the engine."""
    def power(card):
        if card.suit is None:
            return 16 if card.rank is Joker.SMALL else 17
        return 15 if card.rank is level else card.rank.number

    n, found = len(cards), set()
    by_rank = Counter(card.rank for card in cards)
    jokers = [card for card in cards if card.suit is None]
    if n == 1:
        found.add(("single", power(cards[0]), None))
    if len(by_rank) == 1 and not (jokers and n > 2):
        kind = {1: None, 2: "pair", 3: "triple"}.get(n, "bomb")
        if kind:
            found.add((kind, power(cards[0]), None))
    if n == 4 and by_rank[Joker.SMALL] == 2 and by_rank[Joker.BIG] == 2:
        found.add(("joker_bomb", 17, None))
    if n == 5 and sorted(by_rank.values()) == [2, 3]:
        triple = next(card for card in cards if by_rank[card.rank] == 3)
        if triple.suit is not None:
            found.add(("full_house", power(triple), None))
    numbers = Counter(card.rank.number for card in cards if card.suit is not None)
    for kind, length, per in (("straight", 5, 1), ("pair_straight", 3, 2), ("plate", 2, 3)):
        if n != length * per or jokers:
            continue
        for low in range(1, 16 - length):
            if numbers == Counter({14 if x == 1 else x: per for x in range(low, low + length)}):
                top, suits = low + length - 1, {card.suit for card in cards}
                found.add(("straight_flush", top, suits.pop()) if kind == "straight" and len(suits) == 1
                          else (kind, top, None))
    return found


_FACES = [Card(rank, suit) for rank in Rank for suit in Suit]


def _seed_readings(cards, level):
    """Every wild (♥ level card) replaced by every non-joker card in turn; wilds alone are level cards."""
    wild = Card(level, Suit.H)
    naturals = [card for card in cards if card is not wild]
    wilds = len(cards) - len(naturals)
    if not naturals or not wilds:
        return _seed_patterns(cards, level)
    found = set()
    for stand_ins in product(_FACES, repeat=wilds):
        found |= _seed_patterns(naturals + list(stand_ins), level)
    if len({card.suit for card in naturals}) == 1:  # our documented choice: a same-suit run is only a 同花顺
        found = {p for p in found if p[0] != "straight"}
    return found


@st.composite
def played_sets(draw):
    """A few cards of a few neighbouring ranks (all of one suit, sometimes), jokers now and then, 0-2 wilds."""
    level = draw(st.sampled_from(list(Rank)))
    wild = Card(level, Suit.H)
    length = draw(st.sampled_from([1, 2, 3, 5]))
    low = draw(st.integers(1, 15 - length))
    suit = draw(st.sampled_from([None, *Suit]))
    cards = []
    for n in range(low, low + length):
        same = [c for c in _DECK if c.suit is not None and c is not wild and c.rank.number == (14 if n == 1 else n)
                and suit in (None, c.suit)]
        k = draw(st.sampled_from({1: [1, 2, 3, 3, 3, 4, 5, 6, 7, 8], 2: [3, 3, 3, 2, 1], 3: [2, 2, 2, 1, 0],
                                  5: [1, 1, 1, 1, 0]}[length]))
        cards += draw(st.permutations(same))[:k]
    cards += parse_cards(draw(st.sampled_from(["", "", "", "BJ", "RJ RJ", "BJ BJ", "RJ BJ", "RJ RJ BJ BJ"])))
    cards += [wild] * draw(st.integers(0, 2))
    assume(1 <= len(cards) <= 10)
    return level, cards


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_sets())
def test_readings_match_the_seed_with_every_wild_tried_as_every_card(case):
    level, cards = case
    assert {(c.kind, c.rank, c.suit) for c in Rules(level).readings(cards)} == _seed_readings(cards, level)


def test_a_play_reads_from_the_low_end_with_the_wild_in_the_place_it_fills():
    """A2345 is shown A first (A counts low there); a wild ♥9 in 9 10 _ Q K stands where the J goes."""
    low = Rules(level="2").classify(parse_cards("S2 D3 C4 S5 HA"))
    assert [card.code for card, _ in low.reading()] == ["HA", "S2", "D3", "C4", "S5"]
    wild = Rules(level="9").classify(parse_cards("S9 H9 D10 SQ SK"))
    assert [(card.code, stands.value) for card, stands in wild.reading()] == [
        ("S9", "9"), ("D10", "10"), ("H9", "J"), ("SQ", "Q"), ("SK", "K")]
    assert wild.cards_text() == "♠9 ♦10 ♥9=J ♠Q ♠K"
    gallery = {row["id"]: row["cards"] for row in Rules().gallery()}
    assert gallery["straight"][0].rank.value == "A"
