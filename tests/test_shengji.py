"""升級 / 拖拉機 rules (seed 003): trump order, pairs and tractors, following, winning, throws, kitty, levels."""

import pytest

from cardkit import Rank, Suit
from cardkit import parse_cards as c
from cardkit.variants.shengji import KITTY_MULTIPLIERS, TRUMP, Rules


@pytest.fixture
def spades():
    """Level 3, spades trump: the seed's worked example."""
    return Rules(level="3", trump_suit="S")


def order(rules, text):
    return [rules.strength(card) for card in c(text)]


# --- trumps and order --------------------------------------------------------------------------


def test_trump_order_is_the_seeds_line_for_spades_at_level_3(spades):
    # 主牌中黑桃4最小、然後5、6、7、8、9、10、J、Q、K、A、普通的2、主2、普通的3、黑桃主3、小鬼、大鬼
    assert order(spades, "S4 S5 S6 S7 S8 S9 S10 SJ SQ SK SA H2 S2 H3 S3 BJ RJ") == list(range(17))
    assert all(spades.is_trump(card) for card in c("S4 SA H2 D2 C2 S2 H3 D3 C3 S3 BJ RJ"))


def test_spade_trump_makes_42_trumps_22_spades_8_twos_8_threes_4_jokers(spades):
    from cardkit import new_deck

    trumps = [card for card in new_deck(2) if spades.is_trump(card)]
    assert len(trumps) == 42
    plain_spades = [card for card in trumps if card.suit is Suit.S and card.rank not in (Rank.TWO, Rank.THREE)]
    assert len(plain_spades) == 22


def test_side_suit_runs_4_to_a_when_playing_3(spades):
    strengths = order(spades, "H4 H5 H6 H7 H8 H9 H10 HJ HQ HK HA")
    assert strengths == list(range(11))
    assert not any(spades.is_trump(card) for card in c("H4 HA DK C5"))


def test_level_5_order_is_the_seeds_line_3_4_6_to_a_then_2s_5s_jokers():
    # 打5的話，最小3、然後4、6、7、8、9、10、J、Q、K、A、普通的2、主2、普通的5、主5、小鬼、大鬼
    rules = Rules(level="5", trump_suit="H")
    assert order(rules, "H3 H4 H6 H7 H8 H9 H10 HJ HQ HK HA S2 H2 S5 H5 BJ RJ") == list(range(17))
    assert order(rules, "D3 D4 D6 D7 D8 D9 D10 DJ DQ DK DA") == list(range(11))
    assert order(rules, "S2 D2 C2") == [11, 11, 11] and order(rules, "S5 D5 C5") == [13, 13, 13]


def test_off_suit_twos_are_equal_and_off_suit_level_cards_are_equal(spades):
    assert len(set(order(spades, "H2 D2 C2"))) == 1
    assert len(set(order(spades, "H3 D3 C3"))) == 1


def test_a_two_and_a_level_card_belong_to_the_trumps_not_their_printed_suit(spades):
    assert spades.effective_suit(c("H2")[0]) == TRUMP
    assert spades.effective_suit(c("H3")[0]) == TRUMP
    assert spades.effective_suit(c("H4")[0]).value == "H"


def test_no_trump_keeps_only_jokers_twos_and_level_cards_as_trumps():
    rules = Rules(trump_suit=None)
    assert [rules.is_trump(card) for card in c("SA HA S2 H3 BJ")] == [False, False, True, True, True]
    assert rules.strength(c("S2")[0]) == rules.strength(c("H2")[0])
    assert rules.strength(c("S3")[0]) == rules.strength(c("H3")[0])


def test_without_permanent_twos_the_two_is_the_lowest_side_card():
    rules = Rules(level="3", trump_suit="S", permanent_twos=False)
    assert not rules.is_trump(c("H2")[0])
    assert rules.strength(c("H2")[0]) < rules.strength(c("H4")[0])


def test_level_2_is_refused_while_twos_are_permanent_trumps():
    with pytest.raises(ValueError, match="3 to A"):
        Rules(level="2")


def test_sort_key_puts_side_suits_first_and_trumps_last_weakest_first(spades):
    hand = sorted(c("RJ S4 H4 HA S3 H2"), key=spades.sort_key)
    assert [card.code for card in hand] == ["H4", "HA", "S4", "H2", "S3", "RJ"]


# --- pairs and tractors ------------------------------------------------------------------------


def test_a_pair_is_two_identical_cards(spades):
    assert spades.kind_of(c("H8 H8")) == "pair"
    assert spades.kind_of(c("H3 D3")) == "throw"  # equal strength, but not identical


def test_a_tractor_is_consecutive_pairs(spades):
    assert spades.is_tractor(c("H7 H7 H8 H8"))
    assert spades.is_tractor(c("H7 H7 H8 H8 H9 H9"))
    assert not spades.is_tractor(c("H7 H7 H9 H9"))


def test_tractor_bridges_the_removed_level_rank_level_5_4466():
    rules = Rules(level="5", trump_suit="S")
    assert rules.is_tractor(c("H4 H4 H6 H6"))
    assert Rules(level="3", trump_suit="S").kind_of(c("H4 H4 H6 H6")) == "throw"


def test_chain_tractor_runs_trump_aa_side_22_trump_22_side_33_trump_33_jokers(spades):
    assert spades.is_tractor(c("SA SA H2 H2 S2 S2 H3 H3 S3 S3 BJ BJ RJ RJ"))
    for link in ("SA SA D2 D2", "C2 C2 S2 S2", "S2 S2 D3 D3", "H3 H3 S3 S3", "S3 S3 BJ BJ", "BJ BJ RJ RJ"):
        assert spades.is_tractor(c(link)), link


def test_two_different_off_suit_level_pairs_are_never_a_tractor(spades):
    assert not spades.is_tractor(c("H3 H3 D3 D3"))
    assert not spades.is_tractor(c("H2 H2 D2 D2"))


def test_trump_aa_and_trump_22_skip_the_side_22_so_are_no_tractor(spades):
    assert not spades.is_tractor(c("SA SA S2 S2"))


def test_ace_of_a_side_suit_does_not_run_into_its_two(spades):
    assert spades.kind_of(c("HA HA H2 H2")) is None  # ♥2 is a trump: the lead mixes suits


def test_tractor_bridges_the_removed_level_rank_in_the_trump_suit_too():
    rules = Rules(level="5", trump_suit="S")
    assert rules.is_tractor(c("S4 S4 S6 S6"))
    assert rules.is_tractor(c("SK SK SA SA H2 H2"))


def test_jokers_in_tractors_can_be_switched_off():
    rules = Rules(jokers_in_tractors=False)
    assert not rules.is_tractor(c("BJ BJ RJ RJ"))
    assert not rules.is_tractor(c("S3 S3 BJ BJ"))
    assert rules.is_tractor(c("H3 H3 S3 S3"))


def test_no_trump_chain_runs_twos_levels_jokers():
    rules = Rules(trump_suit=None)
    assert rules.is_tractor(c("H2 H2 S3 S3 BJ BJ"))


def test_a_throw_reads_as_tractors_then_pairs_then_singles(spades):
    units = spades.units(c("HA HK HK HQ HQ H9 H9 H5"))
    assert [u.pairs for u in units] == [2, 1, 0, 0]
    assert [card.code for card in units[0].cards] == ["HQ", "HQ", "HK", "HK"]


def test_a_throw_with_two_readings_takes_the_longest_tractor(spades):
    units = spades.units(c("SA SA H2 H2 D2 D2 S2 S2"))
    assert [u.pairs for u in units] == [3, 1]


# --- leading -----------------------------------------------------------------------------------


def test_a_lead_is_all_of_one_suit_or_all_trumps(spades):
    assert spades.lead_error(c("HA SK"), c("HA SK")).endswith("a lead is all of one suit, or all trumps")
    assert spades.lead_error(c("S4 H2 BJ"), c("S4 H2 BJ")) is None
    assert spades.kind_of(c("HA HK")) == "throw"


# --- following ---------------------------------------------------------------------------------


def test_follow_with_as_many_cards_as_the_lead(spades):
    assert spades.follow_error(c("H5 H6 H7"), c("H9 H9"), c("H5")) == "the lead has 2 cards: play 2, not 1"


def test_follow_suit_while_you_hold_it(spades):
    error = spades.follow_error(c("H5 C9"), c("HA"), c("C9"))
    assert error.startswith("you still hold ♥5: follow hearts")
    assert spades.follow_error(c("H5 C9"), c("HA"), c("H5")) is None


def test_a_two_cannot_follow_hearts(spades):
    error = spades.follow_error(c("H2 H5"), c("HA"), c("H2"))
    assert "♥2 is a trump 主, not one of the hearts" in error
    assert spades.follow_error(c("H2 C4"), c("HA"), c("H2")) is None
    assert spades.trick_winner([c("HA"), c("H2")]) == 1  # it ruffs instead


def test_a_level_card_cannot_follow_its_printed_suit(spades):
    error = spades.follow_error(c("H3 H5"), c("HA"), c("H3"))
    assert error == ("you still hold ♥5: follow hearts 紅桃 before playing anything else "
                     "(♥3 is a trump 主, not one of the hearts)")
    assert spades.follow_error(c("H3 C5"), c("HA"), c("H3")) is None


def test_level_cards_and_twos_follow_a_trump_lead(spades):
    assert spades.follow_error(c("H3 H5"), c("S4"), c("H5")).startswith("you still hold ♥3: follow trumps")
    assert spades.follow_error(c("D2 H5"), c("BJ"), c("D2")) is None


def test_short_of_the_suit_play_all_of_it_then_anything(spades):
    assert spades.follow_error(c("H8 C4 C5"), c("H9 H9"), c("C4 C5")).startswith("you still hold ♥8")
    assert spades.follow_error(c("H8 C4 C5"), c("H9 H9"), c("H8 C4")) is None
    assert spades.follow_error(c("C4 S5 D6"), c("H9 H9"), c("S5 D6")) is None


def test_a_pair_must_follow_a_pair(spades):
    error = spades.follow_error(c("H8 H8 H5"), c("H9 H9"), c("H8 H5"))
    assert error == "you still hold a pair of hearts 紅桃 (♥8 ♥8): a pair must follow a pair"
    assert spades.follow_error(c("H8 H8 H5"), c("H9 H9"), c("H8 H8")) is None


def test_without_a_pair_singles_follow_a_pair(spades):
    assert spades.follow_error(c("H8 H5 C4"), c("H9 H9"), c("H8 H5")) is None


def test_a_tractor_must_follow_a_tractor(spades):
    hand = c("H5 H5 H6 H6 H8 H8 HQ")
    error = spades.follow_error(hand, c("H9 H9 H10 H10"), c("H5 H5 H8 H8"))
    assert error == "you still hold a tractor of hearts 紅桃 (♥5 ♥5 ♥6 ♥6): a tractor must follow a tractor"
    assert spades.follow_error(hand, c("H9 H9 H10 H10"), c("H5 H5 H6 H6")) is None


def test_without_a_tractor_pairs_must_follow_a_tractor(spades):
    hand = c("H5 H5 H8 H8 HQ HK")
    error = spades.follow_error(hand, c("H9 H9 H10 H10"), c("H5 H5 HQ HK"))
    assert error.startswith("you still hold a pair of hearts 紅桃 (♥8 ♥8): the lead has 2 pairs")
    assert spades.follow_error(hand, c("H9 H9 H10 H10"), c("H5 H5 H8 H8")) is None
    assert spades.follow_error(c("H5 H5 H8 HQ HK"), c("H9 H9 H10 H10"), c("H5 H5 HQ HK")) is None


def test_the_trump_chain_tractor_must_follow_a_trump_tractor(spades):
    hand = c("SA SA H2 H2 S6 S6 S9")
    error = spades.follow_error(hand, c("S4 S4 S5 S5"), c("S6 S6 SA SA"))
    assert "a tractor must follow a tractor" in error
    assert spades.follow_error(hand, c("S4 S4 S5 S5"), c("SA SA H2 H2")) is None


def test_a_throw_asks_for_its_pairs(spades):
    error = spades.follow_error(c("H5 H5 H7 H8"), c("HA HK HK"), c("H5 H7 H8"))
    assert "a pair must follow a pair" in error
    assert spades.follow_error(c("H5 H5 H7 H8"), c("HA HK HK"), c("H5 H5 H8")) is None


def test_a_follow_uses_only_cards_in_hand(spades):
    assert spades.follow_error(c("H5"), c("HA"), c("H6")) == "you do not hold ♥6"


# --- winning a trick ---------------------------------------------------------------------------


def test_the_highest_card_of_the_led_suit_wins(spades):
    assert spades.trick_winner([c("H9"), c("HK"), c("H4"), c("CA")]) == 1


def test_an_off_suit_card_never_wins_however_high(spades):
    assert spades.trick_winner([c("H4"), c("CA"), c("DA"), c("H5")]) == 3


def test_equal_cards_go_to_the_earlier_play(spades):
    assert spades.trick_winner([c("HA"), c("HA")]) == 0
    assert spades.trick_winner([c("S4"), c("H3"), c("D3"), c("C3")]) == 1


def test_a_trump_ruffs_and_a_higher_trump_overruffs(spades):
    assert spades.trick_winner([c("HA"), c("S4"), c("H2"), c("H5")]) == 2


def test_ruffing_a_pair_needs_a_trump_pair(spades):
    assert spades.trick_winner([c("HK HK"), c("S4 S5"), c("H5 H6")]) == 0
    assert spades.trick_winner([c("HK HK"), c("S4 S4"), c("H5 H6")]) == 1
    assert spades.trick_winner([c("HK HK"), c("S4 S4"), c("S6 S6")]) == 2


def test_ruffing_a_tractor_needs_a_trump_tractor(spades):
    assert spades.trick_winner([c("H7 H7 H8 H8"), c("S9 S9 SJ SJ")]) == 0
    assert spades.trick_winner([c("H7 H7 H8 H8"), c("S9 S9 S10 S10")]) == 1


def test_half_trump_half_side_cards_cannot_win(spades):
    assert spades.trick_winner([c("HA HK"), c("S4 C5")]) == 0
    assert spades.trick_winner([c("HA HK"), c("S4 S6")]) == 1


def test_ruffed_throws_compare_their_highest_pair(spades):
    lead = c("HA HK HK")
    assert spades.trick_winner([lead, c("S5 S5 S4"), c("S6 S6 S4"), c("S5 S5 RJ")]) == 2


def test_a_discarded_big_joker_counts_as_the_smallest_card(spades):
    # 墊的話就算最小的牌，就算妳墊上的是最大的鬼牌
    assert spades.trick_winner([c("HK HQ"), c("H4 RJ"), c("H5 H6")]) == 0
    assert spades.trick_winner([c("H9 H9"), c("BJ BJ"), c("C4 RJ")]) == 1


def test_ruffing_a_throw_needs_its_pairs_in_trumps(spades):
    assert spades.trick_winner([c("HA HK HK"), c("S4 S5 S6")]) == 0
    assert spades.trick_winner([c("HA HK HK"), c("S4 S5 S6"), c("S4 S4 S5")]) == 2


def test_a_trump_lead_is_beaten_by_a_higher_trump_in_shape(spades):
    assert spades.trick_winner([c("H3 H3"), c("S3 S3"), c("RJ BJ")]) == 1


# --- throws ------------------------------------------------------------------------------------


def test_a_throw_stands_when_no_other_hand_beats_a_part(spades):
    others = [c("HQ HQ H4"), c("HK C5"), c("S3 S3 BJ")]
    assert spades.caught_unit(c("HA HK HK"), others) is None


def test_a_throw_is_caught_by_a_higher_single(spades):
    unit = spades.caught_unit(c("HA HQ"), [c("HK"), c("C4"), c("D4")])
    assert [card.code for card in unit.cards] == ["HQ"]


def test_a_throw_is_caught_by_a_higher_pair_and_only_the_pair_is_played(spades):
    unit = spades.caught_unit(c("HA HQ HQ"), [c("HK HK"), c("C4"), c("D4")])
    assert [card.code for card in unit.cards] == ["HQ", "HQ"]


def test_a_caught_throw_plays_its_smallest_failing_part(spades):
    unit = spades.caught_unit(c("HA HQ HQ H5"), [c("HK HK"), c("H6"), c("D4")])
    assert [card.code for card in unit.cards] == ["H5"]


def test_a_tractor_in_a_throw_is_caught_only_by_a_higher_tractor(spades):
    throw = c("HA H9 H9 H10 H10")
    assert spades.caught_unit(throw, [c("HQ HQ HK HK"), c("C4"), c("D4")]).pairs == 2
    assert spades.caught_unit(throw, [c("HQ HQ HA"), c("C4"), c("D4")]) is None


def test_a_throw_j987_stands_only_while_no_other_hand_holds_a_card_above_its_7(spades):
    # 甚至妳可以出J987這樣的牌，只要其他玩家手上沒有比妳7大的牌就可以了，反之就被抓
    throw = c("HJ H9 H8 H7")
    assert spades.caught_unit(throw, [c("H6 H5 H4"), c("C4"), c("D4 H4")]) is None
    for higher in ("H8", "H10", "HA"):
        unit = spades.caught_unit(throw, [c("H6"), c(higher), c("D4")])
        assert [card.code for card in unit.cards] == ["H7"], higher


def test_trumping_in_does_not_stop_a_throw(spades):
    assert spades.caught_unit(c("HA HK"), [c("S4 S5 RJ"), c("C4"), c("D4")]) is None


def test_the_second_copy_of_an_ace_does_not_catch_a_throw_of_the_first(spades):
    assert spades.caught_unit(c("HA HA HK"), [c("HQ"), c("C4"), c("D4")]) is None
    assert spades.caught_unit(c("HA HK"), [c("HA"), c("C4"), c("D4")]) is not None


# --- kitty and points --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "winning, multiplier",
    [
        ("HA", 1),
        ("HA HA", 1),
        ("S4", 2),
        ("RJ", 2),
        ("S4 S4", 4),
        ("SA SA S9", 4),
        ("S4 S4 S5 S5", 8),
        ("S4 S4 S5 S5 S6 S6", 16),
        ("S4 S4 S5 S5 S6 S6 S7 S7", 32),
        ("SA SA H2 H2 S2 S2", 16),
    ],
)
def test_kitty_multiplier(spades, winning, multiplier):
    assert spades.kitty_multiplier(c(winning)) == multiplier


def test_kitty_multiplier_table_is_the_seeds():
    assert [row[2] for row in KITTY_MULTIPLIERS] == [1, 2, 4, 8, 16]


def test_two_decks_hold_200_points():
    from cardkit import new_deck
    from cardkit.variants.shengji import card_points

    assert card_points(new_deck(2)) == 200


# --- levels ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "points, change",
    [
        (0, ("dealer", 3)),
        (5, ("dealer", 2)),
        (35, ("dealer", 2)),
        (40, ("dealer", 1)),
        (75, ("dealer", 1)),
        (80, ("attackers", 0)),
        (115, ("attackers", 0)),
        (120, ("attackers", 1)),
        (155, ("attackers", 1)),
        (160, ("attackers", 2)),
        (200, ("attackers", 3)),
    ],
)
def test_level_change(spades, points, change):
    assert spades.level_change(points) == change


def test_level_change_with_a_20_point_step():
    rules = Rules(level_step=20)
    assert rules.level_change(100) == ("attackers", 1)
    assert rules.level_change(60) == ("dealer", 1)
    assert rules.level_change(59) == ("dealer", 2)


# --- declaring ---------------------------------------------------------------------------------


def test_declaration_forms(spades):
    assert spades.declaration(c("BJ H3")).form == 0
    assert spades.declaration(c("RJ H3 H3")).form == 1
    assert spades.declaration(c("RJ H3 H3")).trump_suit.value == "H"
    assert spades.declaration(c("BJ BJ")).form == 2
    assert spades.declaration(c("RJ RJ")).trump_suit is None
    for not_one in ("BJ RJ", "BJ H4", "BJ H3 D3", "H3 H3", "BJ RJ H3"):
        assert spades.declaration(c(not_one)) is None, not_one


def test_a_later_form_overrides_an_earlier_one_but_not_the_same_form(spades):
    one, two = spades.declaration(c("BJ H3")), spades.declaration(c("RJ D3 D3"))
    assert Rules.declaration_beats(two, one, same_player=False)
    assert not Rules.declaration_beats(spades.declaration(c("BJ C3")), one, same_player=False)
    assert Rules.declaration_beats(spades.declaration(c("RJ RJ")), spades.declaration(c("BJ BJ")), False)


def test_a_declarer_may_strengthen_but_not_override_his_own(spades):
    one = spades.declaration(c("BJ H3"))
    assert Rules.declaration_beats(spades.declaration(c("BJ H3 H3")), one, same_player=True)
    assert not Rules.declaration_beats(spades.declaration(c("BJ D3 D3")), one, same_player=True)
    assert not Rules.declaration_beats(spades.declaration(c("BJ BJ")), one, same_player=True)


def test_overridden_by_a_joker_and_two_level_cards_only_two_jokers_take_it_back(spades):
    # 如果之前有其他的玩家已經用壹鬼加兩3亮牌方式搶妳的“主”，妳就只能用後面的兩鬼反搶方式了
    standing = spades.declaration(c("RJ D3 D3"))
    assert not Rules.declaration_beats(spades.declaration(c("BJ H3 H3")), standing, same_player=False)
    assert Rules.declaration_beats(spades.declaration(c("BJ BJ")), standing, same_player=False)
    assert not Rules.declaration_beats(spades.declaration(c("BJ BJ")), spades.declaration(c("RJ RJ")), False)


def test_gallery_examples_are_what_they_claim(spades):
    rows = {row["id"]: row for row in Rules(level="5", trump_suit="S").gallery()}
    assert Rules(level="5", trump_suit="S").is_tractor(rows["gap_tractor"]["cards"])
    rows = {row["id"]: row for row in spades.gallery()}
    assert spades.kind_of(rows["pair"]["cards"]) == "pair"
    assert spades.is_tractor(rows["trump_tractor"]["cards"])
    assert spades.kind_of(rows["throw"]["cards"]) == "throw"


def test_a_follow_in_the_led_suit_that_is_not_one_unit_is_a_follow_not_a_discard():
    """墊牌 means cards from another suit; ♠4 ♠4 ♠6 on a spade throw is a 跟牌 (follow)."""
    rules = Rules(level="3", trump_suit="H")
    assert rules.kind_of(c("S4 S4 S6"), leading=False) == "follow"
    assert rules.kind_of(c("S4 S4 D6"), leading=False) == "mixed"
