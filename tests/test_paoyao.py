"""刨幺 patterns and their order, line by line from the seed (shared/seeds/004_6c5e74d6dccdc805.txt)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import new_deck, parse_cards
from cardkit.variants.paoyao import RANK_ORDER, SCORES, TITLES, Combo, Rules, card_points, title_for

R = Rules()
SUITS = "SHDC"


def c(text: str) -> Combo:
    """The combo these cards form (the test fails loudly if they form none)."""
    combo = R.classify(parse_cards(text))
    assert combo is not None, R.why_not_pattern(parse_cards(text))
    return combo


def many(rank: str, n: int) -> str:
    """n cards of one rank, suits cycling (two decks hold at most 8)."""
    return " ".join(SUITS[i % 4] + rank for i in range(n))


def yao(fours: int) -> str:
    return many("4", fours) + " SA"


def beats(a: str, b: str) -> bool:
    return R.beats(c(a), c(b))


# --- 牌型: the patterns ------------------------------------------------------------------------

def test_single_is_any_one_card():
    for text in ("S4", "HA", "C3", "BJ", "RJ"):
        assert c(text).kind == "single"


def test_pair_is_two_cards_of_one_rank_suits_free():
    assert c("S9 H9").kind == "pair"
    assert c("S9 S9").kind == "pair"  # two decks: the same face twice


def test_two_jokers_are_never_a_pair_but_a_jokers_play():
    assert c("BJ BJ").kind == "jokers"
    assert c("RJ RJ").kind == "jokers"
    assert c("RJ BJ").kind == "jokers"


@pytest.mark.parametrize("text", ["S4 H5 D6", "S8 H9 D10 CJ", "S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA"])
def test_dan_long_is_three_or_more_ranks_in_a_row_from_4_to_a(text):
    combo = c(text)
    assert combo.kind == "straight" and combo.size == len(text.split())


@pytest.mark.parametrize("text", ["S5 H5 S6 H6 S7 H7", "S6 H6 S7 H7 S8 H8 S9 H9"])
def test_shuang_long_is_three_or_more_pairs_in_a_row(text):
    combo = c(text)
    assert combo.kind == "pair_straight" and combo.size == len(text.split()) // 2


@pytest.mark.parametrize("text", ["SK SA S2", "SA S2 S3", "S2 S3 S4", "SQ SK SA S2",
                                  "SA HA S2 H2 S3 H3", "S2 H2 S3 H3 S4 H4"])
def test_3_and_2_never_appear_in_a_long(text):
    assert R.classify(parse_cards(text)) is None
    assert "3 and 2 never go in a 龍" in R.why_not_pattern(parse_cards(text))


@pytest.mark.parametrize("text,why", [
    ("S4 S5", "at least three ranks"),
    ("S4 H4 S5 H5", "at least three pairs"),
    ("S4 S5 S7", "must follow each other"),
    ("S4 H4 S5 S6", "one of each rank"),
    ("S7 RJ", "jokers are played alone"),
    ("S4 SA", "exactly one A"),
    ("S4 H4 SA HA", "exactly one A"),
])
def test_non_patterns_are_refused_with_a_reason(text, why):
    assert R.classify(parse_cards(text)) is None
    assert why in R.why_not_pattern(parse_cards(text))


LU_EXAMPLES = [  # the seed's own examples: 666、777 / 7777、AAAA / 88888、KKKKK / … / 88888888、AAAAAAAA
    (3, "三路", ["6", "7"]), (4, "四路", ["7", "A"]), (5, "五路", ["8", "K"]),
    (6, "六路", ["9", "A"]), (7, "七路", ["5", "A"]), (8, "八路", ["8", "A"]),
]


@pytest.mark.parametrize("n,name,ranks", LU_EXAMPLES)
def test_san_lu_to_ba_lu_are_n_cards_of_one_rank(n, name, ranks):
    for rank in ranks:
        combo = c(many(rank, n))
        assert (combo.kind, combo.size, combo.lu) == ("lu", n, n)
        assert combo.name_zh.startswith(name)


@pytest.mark.parametrize("fours,name", [(2, "小幺"), (3, "中幺"), (4, "老幺"), (5, "老老幺"), (6, "老老幺"),
                                        (7, "老老幺"), (8, "老老幺")])
def test_yao_is_fours_with_one_ace(fours, name):
    combo = c(yao(fours))
    assert (combo.kind, combo.size) == ("yao", fours)
    assert combo.name_zh.startswith(name)


def test_jokers_count_as_lu_big_two_and_a_half_small_one_and_a_half():
    assert c("RJ RJ").lu == 5 and c("BJ BJ").lu == 3 and c("RJ BJ").lu == 4
    assert c("RJ BJ BJ").lu == Fraction(11, 2) and c("RJ RJ BJ").lu == Fraction(13, 2)
    assert c("RJ RJ BJ BJ").lu == 8


def test_two_decks_hold_at_most_four_jokers():
    deck = Counter(card.rank for card in new_deck(2))
    assert deck[RANK_ORDER[-1]] + deck[RANK_ORDER[-2]] == 4


# --- 牌型比較: singles, pairs, runs --------------------------------------------------------------

SINGLE_LINE = ["RJ", "BJ", "S3", "S2", "SA", "SK", "SQ", "SJ", "S10", "S9", "S8", "S7", "S6", "S5", "S4"]
PAIR_LINE = ["3", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4"]


@pytest.mark.parametrize("high,low", list(itertools.pairwise(SINGLE_LINE)))
def test_single_order_big_joker_small_joker_3_2_a_down_to_4(high, low):
    assert beats(high.replace("S", "H"), low) and not beats(low, high)


@pytest.mark.parametrize("high,low", list(itertools.pairwise(PAIR_LINE)))
def test_pair_order_33_22_aa_down_to_44(high, low):
    assert beats(many(high, 2), many(low, 2)) and not beats(many(low, 2), many(high, 2))


def test_equal_singles_and_pairs_do_not_beat_each_other():
    assert not beats("S7", "H7") and not beats("S7 H7", "D7 C7")


def test_a_single_joker_beats_singles_only():
    assert beats("RJ", "S3") and beats("BJ", "S3")
    assert not beats("RJ", "S4 H4") and not beats("RJ", "S4 S5 S6")


def test_runs_of_equal_length_compare_by_lowest_card_789_beats_678():
    assert beats("S7 S8 S9", "S6 S7 S8") and not beats("S6 S7 S8", "S7 S8 S9")
    assert beats("S6 H6 S7 H7 S8 H8", "S5 H5 S6 H6 S7 H7")


def test_runs_of_different_length_do_not_meet():
    assert not beats("S7 S8 S9 S10", "S6 S7 S8") and not beats("S7 S8 S9", "S4 S5 S6 S7")
    assert not beats("S7 H7 S8 H8 S9 H9 S10 H10", "S5 H5 S6 H6 S7 H7")


def test_qi_shun_a_shuang_long_of_as_many_pairs_and_higher_lowest_card_beats_a_dan_long():
    assert beats("S7 H7 S8 H8 S9 H9", "S6 S7 S8")  # the seed's example: 678 < 778899
    assert beats("SQ HQ SK HK SA HA", "S6 S7 S8")


def test_qi_shun_needs_a_higher_lowest_card_and_the_same_count():
    assert not beats("S6 H6 S7 H7 S8 H8", "S6 S7 S8")
    assert not beats("S5 H5 S6 H6 S7 H7", "S6 S7 S8")
    assert not beats("S7 H7 S8 H8 S9 H9 S10 H10", "S6 S7 S8")
    assert "as many pairs" in R.beat_error(c("S7 H7 S8 H8 S9 H9 S10 H10"), c("S6 S7 S8"))


def test_runs_meet_only_in_the_same_shape_even_with_as_many_cards():
    # "張數相同的順牌": a 6-card 單龍 and a 3-pair 雙龍 have as many cards, yet only 騎順 crosses shapes
    assert not beats("S5 S6 S7 S8 S9 S10", "S4 H4 S5 H5 S6 H6")
    assert not beats("S5 H5 S6 H6 S7 H7", "S4 S5 S6 S7 S8 S9")


def test_the_longest_runs_go_from_4_to_a():
    assert c("S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA").size == 11
    pairs = c(" ".join(f"S{r} H{r}" for r in ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")))
    assert (pairs.kind, pairs.size) == ("pair_straight", 11)


def test_a_dan_long_never_beats_a_shuang_long():
    assert not beats("S10 SJ SQ SK SA", "S4 H4 S5 H5 S6 H6")


def test_different_plain_shapes_do_not_beat_each_other():
    assert not beats("S3 H3", "S4") and not beats("S3", "S4 H4")
    assert "answer a 對子" in R.beat_error(c("S3"), c("S4 H4"))


# --- 三路至八路 ---------------------------------------------------------------------------------

def test_lu_same_count_higher_rank_wins_666_beats_555():
    assert beats("S6 H6 D6", "S5 H5 D5") and not beats("S5 H5 D5", "S6 H6 D6")
    assert beats(many("3", 4), many("2", 4)) and beats(many("2", 4), many("A", 4))


def test_lu_more_cards_wins_whatever_the_rank_8888_beats_888():
    assert beats("S8 H8 D8 C8", "S8 H8 D8") and beats(many("4", 5), many("3", 4))


# --- 幺牌 line: 44444444A>4444444A>444444A>44444A>4444A>八路>七路>444A>六路>五路>44A>四路 -----------

YAO_LINE = [
    ("44444444A", yao(8), yao(8)),
    ("4444444A", yao(7), yao(7)),
    ("444444A", yao(6), yao(6)),
    ("44444A", yao(5), yao(5)),
    ("4444A", yao(4), yao(4)),
    ("八路", many("4", 8), many("3", 8)),
    ("七路", many("4", 7), many("3", 7)),
    ("444A", yao(3), yao(3)),
    ("六路", many("4", 6), many("3", 6)),
    ("五路", many("4", 5), many("3", 5)),
    ("44A", yao(2), yao(2)),
    ("四路", many("4", 4), many("3", 4)),
]


@pytest.mark.parametrize("upper,lower", list(itertools.pairwise(YAO_LINE)),
                         ids=[f"{a[0]}>{b[0]}" for a, b in itertools.pairwise(YAO_LINE)])
def test_yao_line_of_the_seed(upper, lower):
    _, upper_weakest, _ = upper
    _, _, lower_strongest = lower
    assert beats(upper_weakest, lower_strongest)
    assert not beats(lower_strongest, upper_weakest)


# --- 牌型順序排列: the full order line ----------------------------------------------------------
# 老老幺>老幺>四張王>八路>七路>兩大王壹小王>中幺>六路>壹大王兩小王>大王對>五路>小幺>壹大王壹小王>四路>
# 兩小王>三路>單張、對子、單龍；三路或以上>單龍；4路或以上>雙龍。
# Each entry: (name, its weakest example, its strongest example).

ORDER_LINE = [
    ("老老幺", yao(5), yao(8)),
    ("老幺", yao(4), yao(4)),
    ("四張王", "RJ RJ BJ BJ", "RJ RJ BJ BJ"),
    ("八路", many("4", 8), many("3", 8)),
    ("七路", many("4", 7), many("3", 7)),
    ("兩大王壹小王", "RJ RJ BJ", "RJ RJ BJ"),
    ("中幺", yao(3), yao(3)),
    ("六路", many("4", 6), many("3", 6)),
    ("壹大王兩小王", "RJ BJ BJ", "RJ BJ BJ"),
    ("大王對", "RJ RJ", "RJ RJ"),
    ("五路", many("4", 5), many("3", 5)),
    ("小幺", yao(2), yao(2)),
    ("壹大王壹小王", "RJ BJ", "RJ BJ"),
    ("四路", many("4", 4), many("3", 4)),
    ("兩小王", "BJ BJ", "BJ BJ"),
    ("三路", many("4", 3), many("3", 3)),
]
BELOW_SAN_LU = [("單張", "RJ"), ("對子", "S3 H3"), ("單龍", "S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA")]


@pytest.mark.parametrize("upper,lower", list(itertools.pairwise(ORDER_LINE)),
                         ids=[f"{a[0]}>{b[0]}" for a, b in itertools.pairwise(ORDER_LINE)])
def test_order_line_of_the_seed(upper, lower):
    _, upper_weakest, _ = upper
    _, _, lower_strongest = lower
    assert beats(upper_weakest, lower_strongest)
    assert not beats(lower_strongest, upper_weakest)


def test_order_line_is_one_total_order_every_higher_item_beats_every_lower_one():
    for (i, (_, weakest, _)), (j, (_, _, strongest)) in itertools.product(enumerate(ORDER_LINE), repeat=2):
        assert beats(weakest, strongest) == (i < j), (ORDER_LINE[i][0], ORDER_LINE[j][0])


def test_lao_lao_yao_more_fours_wins():
    for shorter, longer in itertools.pairwise(range(5, 9)):
        assert beats(yao(longer), yao(shorter)) and not beats(yao(shorter), yao(longer))


@pytest.mark.parametrize("name,text", BELOW_SAN_LU)
def test_san_lu_beats_single_pair_and_dan_long(name, text):
    assert beats(many("4", 3), text) and not beats(text, many("4", 3))


@pytest.mark.parametrize("name,weakest,strongest", ORDER_LINE)
def test_san_lu_or_more_beats_dan_long(name, weakest, strongest):
    assert beats(weakest, "S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA")


@pytest.mark.parametrize("name,weakest,strongest", ORDER_LINE)
def test_si_lu_or_more_beats_shuang_long_and_less_does_not(name, weakest, strongest):
    longest = " ".join(f"S{r} H{r}" for r in ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))
    below_si_lu = name in ("三路", "兩小王")  # the only entries of the order line under 四路
    assert beats(weakest, longest) == (not below_si_lu)
    assert beats(weakest, "S4 H4 S5 H5 S6 H6") == (not below_si_lu)
    assert beats(strongest, "S4 H4 S5 H5 S6 H6") == (not below_si_lu)


def test_bomb_refusals_say_how_many_lu_and_why():
    assert "(4 路) does not beat 小幺 (4.5 路): a bomb needs more 路" in R.beat_error(c("RJ BJ"), c(yao(2)))
    assert "at equal 路 jokers win" in R.beat_error(c(many("3", 4)), c("RJ BJ"))
    assert "at equal 路 jokers win" in R.beat_error(c(yao(3)), c("RJ RJ BJ"))
    assert "higher rank" in R.beat_error(c("S6 H6 D6"), c("S7 H7 D7"))
    assert "they are equal" in R.beat_error(c("S7 H7 D7"), c("C7 D7 S7"))
    assert "4 路 or more" in R.beat_error(c("BJ BJ"), c("S5 H5 S6 H6 S7 H7"))
    assert "only a higher bomb" in R.beat_error(c("S3 H3"), c("S4 H4 D4"))


# --- 王牌 items of the seed ---------------------------------------------------------------------

def test_single_big_joker_is_the_top_single():
    assert beats("RJ", "BJ") and all(beats("RJ", s) for s in SINGLE_LINE[1:])


def test_two_small_jokers_beat_single_pair_dan_long_and_san_lu_the_head_of_san_lu():
    for text in ("RJ", "S3 H3", "S10 SJ SQ SK SA", many("3", 3)):
        assert beats("BJ BJ", text)
    assert not beats("BJ BJ", many("4", 4))


def test_big_and_small_joker_sit_just_below_44a():
    assert beats(yao(2), "RJ BJ") and not beats("RJ BJ", yao(2))
    assert beats("RJ BJ", many("3", 4))
    # "僅小於44A" read literally would put it above 五路; the order line says 五路 > it.
    assert beats(many("4", 5), "RJ BJ")


def test_two_big_jokers_are_below_liu_lu_and_the_head_of_wu_lu():
    assert beats(many("4", 6), "RJ RJ") and beats("RJ RJ", many("3", 5))


def test_two_small_and_one_big_joker_are_below_zhong_yao_and_liu_lu_above_wu_lu():
    assert beats(yao(3), "RJ BJ BJ") and beats(many("4", 6), "RJ BJ BJ")
    assert beats("RJ BJ BJ", many("3", 5)) and beats("RJ BJ BJ", "RJ RJ")


def test_two_big_and_one_small_joker_are_below_qi_lu_above_zhong_yao():
    assert beats(many("4", 7), "RJ RJ BJ") and beats("RJ RJ BJ", yao(3))


def test_four_jokers_are_below_lao_yao_and_the_head_of_ba_lu():
    assert beats(yao(4), "RJ RJ BJ BJ") and beats("RJ RJ BJ BJ", many("3", 8))


def test_a_single_joker_is_not_a_bomb():
    assert not beats("RJ", "S4 H4") and beats(many("4", 3), "RJ")


# --- 分數牌, scores, titles --------------------------------------------------------------------

def test_points_5_is_5_10_and_k_are_10_and_two_decks_hold_200():
    assert card_points(parse_cards("S5 H10 DK SQ RJ")) == 25
    assert card_points(new_deck(2)) == 200


def test_score_table_of_the_seed():
    assert SCORES == {"kangqi": 1, "140": 1, "shuangfei": 1, "200": 4, "mianxue": 1, "xiaoxue": 2, "daxue": 4}


def test_rank_titles_are_increasing_with_the_4000_misprint_of_yao_bing_read_as_1000():
    thresholds = [threshold for _, _, threshold in TITLES]
    assert thresholds == sorted(thresholds) and len(set(thresholds)) == len(thresholds) == 23
    assert TITLES[10] == (11, "幺兵", 1000)
    assert title_for(0) == (1, "幺鬼") and title_for(9) == (1, "幺鬼") and title_for(10) == (2, "幺怪")
    assert title_for(999) == (10, "老幺") and title_for(1000) == (11, "幺兵") and title_for(4000) == (15, "幺王")
    assert title_for(70000) == (23, "幺神")


# --- legal_plays, classify, beats as properties ---------------------------------------------------

hands = st.lists(st.sampled_from(new_deck(2)), min_size=0, max_size=27)


@settings(max_examples=60, deadline=None)
@given(hands, st.data())
def test_legal_plays_are_distinct_held_classified_as_themselves_and_beat(hand, data):
    plays = R.legal_plays(hand)
    assert len(plays) == len(set(plays))
    held = Counter(hand)
    for play in plays:
        assert not Counter(play.cards) - held
        assert R.classify(play.cards) == play
    if plays:
        target = data.draw(st.sampled_from(plays))
        answers = R.legal_plays(hand, target)
        assert all(R.beats(a, target) for a in answers)
        assert answers == [p for p in plays if R.beats(p, target)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(new_deck(2)), min_size=1, max_size=9))
def test_legal_plays_list_every_pattern_in_the_hand(hand):
    found = set()
    counts = Counter(hand)
    faces = list(counts)
    for choice in itertools.product(*(range(counts[f] + 1) for f in faces)):
        cards = [f for f, n in zip(faces, choice, strict=True) for _ in range(n)]
        combo = R.classify(cards)
        if combo is not None:
            found.add(combo)
    assert found == set(R.legal_plays(hand))


@settings(max_examples=60, deadline=None)
@given(hands)
def test_beats_is_irreflexive_and_never_both_ways(hand):
    plays = R.legal_plays(hand)
    for a in plays:
        assert not R.beats(a, a)
    for a, b in itertools.combinations(plays, 2):
        assert not (R.beats(a, b) and R.beats(b, a))


def test_plays_differing_only_in_suits_are_equal():
    assert c("S7 H7 D7") == c("C7 C7 S7") and hash(c("S7 H7 D7")) == hash(c("C7 C7 S7"))
    assert c("S4 H4 SA") == c("D4 C4 HA")
    assert c("S7 H7 D7") != c("S7 H7 D7 C7")


def test_gallery_runs_weakest_to_strongest_with_real_examples():
    rows = R.gallery()
    combos = [R.classify(row["cards"]) for row in rows]
    assert all(combos) and len({row["id"] for row in rows}) == len(rows)
    bombs = [combo for combo in combos if combo.is_bomb]
    assert all(R.beats(b, a) for a, b in itertools.pairwise(bombs))
    assert {combo.kind for combo in combos} == {"single", "pair", "straight", "pair_straight", "lu", "yao", "jokers"}


def test_sort_key_orders_a_hand_4_up_to_big_joker():
    hand = sorted(parse_cards("RJ S3 S2 SA S4 BJ SK"), key=R.sort_key)
    assert [card.code for card in hand] == ["S4", "SK", "SA", "S2", "S3", "BJ", "RJ"]


def test_str_of_a_combo_reads_in_chinese():
    assert str(c("S7 H7 D7")) == "三路 7"
    assert str(c("S4 S5 S6")) == "單龍 4–6"
    assert str(c("S4 H4 SA")) == "小幺"
    assert str(c("RJ RJ")) == "大王對"
