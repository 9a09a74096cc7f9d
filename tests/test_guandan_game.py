"""掼蛋 deals and matches through the Game protocol: turns, 接风, finishing, tribute, levels, bots."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import PASS, IllegalPlay, Rank, new_deck, parse_cards
from cardkit.bots import choose
from cardkit.variants.guandan import NEXT_DEAL, Game, Give, Match, Rules, new_game, new_match

FULL = Counter(new_deck(2))


def game_with(hands, level="2", first=0, previous=None, **options):
    return Game(Rules(level, **options), [parse_cards(h) for h in hands], first_player=first, previous=previous)


def state(game):
    return (game.zones(), game.current_player, game.phase, len(game.log), list(game.trick), game.top)


def play(game, text):
    game.apply(game.action_for(parse_cards(text)) if text else PASS)


def all_cards(game):
    return Counter(c for cards in game.zones().values() for c in cards)


# --- dealing --------------------------------------------------------------------------------------


def test_two_decks_27_cards_each():
    game = new_game(7)
    assert [len(game.hand(s)) for s in range(4)] == [27] * 4
    assert all_cards(game) == FULL


def test_first_leader_is_whoever_was_dealt_the_turned_card():
    for seed in range(20):
        game = new_game(seed)
        assert game.turned_card in game.hand(game.current_player)
        assert game.phase == "play" and game.trick == []


def test_same_seed_same_deal():
    assert new_game(3).zones() == new_game(3).zones()
    assert new_game(3).zones() != new_game(4).zones()


# --- playing a trick ------------------------------------------------------------------------------


def test_leader_cannot_pass():
    game = game_with(["S3 S4", "S5 S6", "S7 S8", "S9 S10"])
    with pytest.raises(IllegalPlay, match="leads this trick and cannot pass"):
        game.apply(PASS)


def test_illegal_actions_explain_and_change_nothing():
    game = game_with(["S3 D3 S4 H9", "S5 D5 S6", "S7 S8", "S9 S10"])
    before = state(game)
    with pytest.raises(IllegalPlay, match="not a pattern"):
        game.action_for(parse_cards("S3 S4"))
    with pytest.raises(IllegalPlay, match="does not hold ♠A"):
        game.action_for(parse_cards("SA"))
    with pytest.raises(IllegalPlay, match="does not hold"):
        game.apply(Rules().classify(parse_cards("S5 D5")))
    assert state(game) == before
    play(game, "S3 D3")
    before = state(game)
    with pytest.raises(IllegalPlay, match="does not answer"):
        game.action_for(parse_cards("S6"))
    with pytest.raises(IllegalPlay, match="一对|对子"):
        game.apply(Rules().classify(parse_cards("S6")))
    assert state(game) == before


def test_a_play_must_beat_the_one_on_the_table():
    game = game_with(["S9 D9 S3", "S5 D5 SA DA", "S7 S8", "S10 SJ"])
    play(game, "S9 D9")
    with pytest.raises(IllegalPlay, match="does not beat 对子 9"):
        game.action_for(parse_cards("S5 D5"))
    play(game, "SA DA")
    assert game.top[0] == 1


def test_trick_ends_when_everyone_else_passes_and_its_winner_leads():
    game = game_with(["S3 S4", "S5 S6", "S7 S8", "S9 S10"])
    play(game, "S3")
    play(game, "S5")
    play(game, "")
    play(game, "")
    play(game, "")
    assert game.current_player == 1 and game.trick == [] and game.top is None
    assert [a.kind for _, a in game.last_trick] == ["single", "single", "pass", "pass", "pass"]
    assert Counter(game.zones()["played"]) == Counter(parse_cards("S3 S5"))


def test_jiefeng_partner_leads_when_the_trick_ends_on_the_out_players_play():
    game = game_with(["SA", "S5 S6", "S7 S8", "S9 S10"])
    play(game, "SA")
    assert game.finished == [0] and game.current_player == 1
    play(game, "")
    play(game, "")  # North, the partner, may pass too
    play(game, "")
    assert game.current_player == 2  # 接风: the partner leads


def test_without_jiefeng_the_next_player_leads():
    game = game_with(["SA", "S5 S6", "S7 S8", "S9 S10"], jiefeng=False)
    play(game, "SA")
    for _ in range(3):
        play(game, "")
    assert game.current_player == 1


def test_players_who_are_out_are_skipped():
    game = game_with(["SA S3", "S5 S6", "S7 S8 SJ", "S9 S10"])
    play(game, "S3")
    play(game, "S5")
    play(game, "S7")
    play(game, "S9")
    play(game, "SA")
    assert game.finished == [0]
    play(game, "")
    play(game, "")
    play(game, "")
    assert game.current_player == 2
    play(game, "S8")
    assert game.current_player == 3
    play(game, "")
    play(game, "")
    assert game.current_player == 2  # South is out and is never asked again: East's pass ends the trick


def test_deal_ends_with_double_down_when_one_side_goes_out_first_and_second():
    game = game_with(["SA", "S5 S6", "SK", "S9 S10"])
    play(game, "SA")
    play(game, "")
    play(game, "")
    play(game, "")
    play(game, "SK")  # 接风: North leads and goes out
    assert game.is_over and game.current_player is None
    result = game.result()
    assert result["double_down"] and result["levels_up"] == 3 and result["winner"] == 0
    assert result["finish_order"][:2] == [0, 2] and sorted(result["finish_order"][2:]) == [1, 3]
    assert result["places"]["头游"] == "South"


def test_deal_ends_when_three_players_are_out():
    game = game_with(["SA", "SK", "S3 S4", "SQ"])
    play(game, "SA")
    for _ in range(3):
        play(game, "")
    play(game, "S3")  # North leads after 接风
    play(game, "SQ")  # West out
    assert not game.is_over and game.current_player == 1
    play(game, "SK")
    assert game.is_over
    result = game.result()
    assert result["finish_order"] == [0, 3, 1, 2]
    assert result["how"] == "partner_last" and result["levels_up"] == 1


def test_opponent_last_gives_two_levels():
    game = game_with(["SA", "S3 S4", "S2 S5", "SK"])
    play(game, "SA")
    for _ in range(3):
        play(game, "")
    play(game, "S5")
    play(game, "SK")
    play(game, "")
    play(game, "S2")  # the level card beats ♠K
    assert game.result()["finish_order"] == [0, 3, 2, 1]
    assert game.result()["how"] == "opponent_last" and game.result()["levels_up"] == 2


def test_ten_cards_or_fewer_are_announced():
    game = game_with(["S3 S4 S5 S6 S7 S8 S9 S10 SJ SQ SK", "S5", "S7", "S9"])
    assert not game.hand_info(0)["announced"] and game.hand_info(1)["announced"]
    play(game, "S3")
    assert game.hand_info(0) == {"count": 10, "announced": True, "place": None}
    assert "South 10 报牌" in game.status()


def test_wild_stands_for_a_held_card_when_the_player_chooses_it():
    game = game_with(["S5 D5 H2", "S6", "S7", "S9"])
    action = game.action_for(parse_cards("S5 H2"))
    assert action.kind == "pair" and action.rank == 5
    game.apply(action)
    assert game.hand(0) == parse_cards("D5")


def test_action_for_takes_the_strongest_reading_that_is_legal():
    game = game_with(["S5 D5 C5 H2 H2", "S7", "S9", "S3 D3 C3 S4 D4"], first=3)
    play(game, "S3 D3 C3 S4 D4")
    assert game.action_for(parse_cards("S5 D5 C5 H2 H2")).kind == "bomb"
    assert {a.kind for a in game.actions_for(parse_cards("S5 D5 C5 H2 H2"))} == {"bomb", "full_house"}


def test_a_tribute_or_a_foreign_object_is_no_play_and_says_so():
    game = game_with(["S3 D3", "S5", "S7", "S9"])
    with pytest.raises(IllegalPlay, match="^进贡 ♠3 is not a play: South plays a pattern from the hand or passes$"):
        game.apply(Give("tribute", tuple(parse_cards("S3"))))
    with pytest.raises(IllegalPlay, match="read at level 5, but the deal is played at level 2"):
        game.apply(Rules("5").classify(parse_cards("S3 D3")))


def test_result_summary_names_who_went_up_and_why():
    game = game_with(["SA", "SK", "S3 S4", "SQ"])
    play(game, "SA")
    for _ in range(3):
        play(game, "")
    play(game, "S3")
    play(game, "SQ")
    play(game, "SK")
    assert game.result()["summary"] == ("South 头游, West 二游: South–North go up 1 level — "
                                        "South's partner North is 末游")


def test_describe_names_the_pattern_and_the_wilds():
    game = game_with(["S9 H9 D10 CQ SK", "S6", "S7", "S8"], level="9")
    text = game.describe(game.action_for(parse_cards("S9 H9 D10 CQ SK")))
    assert text.startswith("顺子 9–K") and "♥9=J" in text
    assert game.describe(PASS) == "Pass 不出"


# --- tribute --------------------------------------------------------------------------------------

ORDER_SINGLE = {"order": [0, 1, 2, 3], "double_down": False}  # West (3) last pays South (0)


def test_tribute_is_the_highest_card_except_the_heart_level_card():
    game = game_with(["S3 S4", "S5 S6", "S7 S8", "H2 H2 SA S2 C2 D9"], previous=ORDER_SINGLE)
    assert game.phase == "tribute" and game.current_player == 3
    assert {a.cards[0] for a in game.legal_actions()} == set(parse_cards("S2 C2"))  # level 2 beats A; ♥2 is wild
    before = state(game)
    with pytest.raises(IllegalPlay, match="highest card other than ♥2"):
        game.apply(Give("tribute", tuple(parse_cards("SA"))))
    assert state(game) == before


def test_tribute_goes_to_first_and_the_return_is_ten_or_lower_not_a_level_card():
    game = game_with(["S3 S2 SJ", "S5 S6", "S7 S8", "RJ S9"], previous=ORDER_SINGLE)
    game.apply(game.action_for(parse_cards("RJ")))
    assert game.phase == "return" and game.current_player == 0 and parse_cards("RJ")[0] in game.hand(0)
    assert [a.cards[0] for a in game.legal_actions()] == parse_cards("S3")
    with pytest.raises(IllegalPlay, match="10 or lower and not a level card"):
        game.action_for(parse_cards("S2"))
    game.apply(game.action_for(parse_cards("S3")))
    assert game.phase == "play" and game.current_player == 3  # 最末家先发牌
    assert game.hand(3) == parse_cards("S3 S9")
    assert all_cards(game) == Counter(parse_cards("S3 S2 SJ S5 S6 S7 S8 RJ S9"))


def test_return_is_the_smallest_card_when_none_is_ten_or_lower():
    game = game_with(["SA SK SJ DJ S2", "S5", "S7", "RJ S9"], previous=ORDER_SINGLE)
    play(game, "RJ")
    assert {a.cards[0] for a in game.legal_actions()} == set(parse_cards("SJ DJ"))
    with pytest.raises(IllegalPlay, match="no card of 10 or lower except level cards, so you give back your smallest"):
        game.action_for(parse_cards("SA"))


def test_return_any_card_option_follows_the_seed_text():
    game = game_with(["SA S2 S3", "S5", "S7", "RJ S9"], previous=ORDER_SINGLE, return_any=True)
    play(game, "RJ")
    assert len(game.legal_actions()) == 4


def test_anti_tribute_with_both_big_jokers_and_first_place_leads():
    game = game_with(["S3", "S5", "S7", "RJ RJ S9"], previous=ORDER_SINGLE)
    assert game.anti_tribute and game.phase == "play" and game.current_player == 0
    assert "抗贡" in game.status()


def test_double_down_anti_tribute_when_the_two_payers_hold_one_big_joker_each():
    previous = {"order": [0, 2, 1, 3], "double_down": True}
    game = game_with(["S3", "RJ S5", "S7", "RJ S9"], previous=previous)
    assert game.anti_tribute and game.current_player == 0


def test_double_down_anti_tribute_when_one_payer_holds_both_big_jokers():
    # 双下: 每人各有一张大王或者一人有两张大王，可抗贡，但赢家先发牌
    previous = {"order": [0, 2, 1, 3], "double_down": True}
    game = game_with(["S3", "S5", "S7", "RJ RJ S9"], previous=previous)
    assert game.anti_tribute and game.phase == "play" and game.current_player == 0


def test_double_down_with_one_big_joker_pays_tribute():
    previous = {"order": [0, 2, 1, 3], "double_down": True}
    game = game_with(["S3", "RJ S5", "S7", "BJ BJ S9"], previous=previous)
    assert not game.anti_tribute and game.phase == "tribute" and game.current_player == 1


def test_single_tribute_counts_only_the_big_jokers_of_last():
    # 单下: 末家 … 如果有两张大王，可抗贡 -- 三游's 大王 does not help 末游
    game = game_with(["S3", "RJ S5", "S7", "RJ S9"], previous=ORDER_SINGLE)
    assert not game.anti_tribute and game.phase == "tribute" and game.current_player == 3


def test_after_a_one_four_finish_last_pays_first_though_they_are_partners():
    game = game_with(["S3 S4", "S5 S6", "SK S8", "S7 S9"], previous={"order": [0, 1, 3, 2], "double_down": False})
    assert game.tribute_plan == {"payers": [2], "receivers": [0]} and game.current_player == 2
    play(game, "SK")
    play(game, "S3")
    assert game.phase == "play" and game.current_player == 2  # the payer leads


def test_double_tribute_larger_card_to_first_and_its_payer_leads():
    previous = {"order": [2, 0, 1, 3], "double_down": True}
    game = game_with(["S3 S4", "SK S5", "S7 S8", "SA S9"], previous=previous)
    assert game.phase == "tribute"
    play(game, "SK")  # East (1) pays first
    assert game.current_player == 3 and game.zones()["tribute"] == parse_cards("SK")
    play(game, "SA")
    assert game.hand(2) == parse_cards("S7 S8 SA") and game.hand(0) == parse_cards("S3 S4 SK")
    assert game.phase == "return" and game.current_player == 2
    play(game, "S7")
    assert game.hand(3) == parse_cards("S7 S9")  # back to the payer who gave to North
    play(game, "S3")
    assert game.hand(1) == parse_cards("S3 S5")
    assert game.phase == "play" and game.current_player == 3


def test_double_tribute_equal_cards_go_by_seat_order_after_first():
    previous = {"order": [2, 0, 1, 3], "double_down": True}
    game = game_with(["S3 S4", "SA S5", "S7 S8", "DA S9"], previous=previous)
    play(game, "SA")
    play(game, "DA")
    assert parse_cards("DA")[0] in game.hand(2)  # West sits next after North in turn order
    assert game.tribute_log[0] == {"from": 3, "to": 2, "card": "DA"}


def test_tribute_card_may_be_any_of_equal_highest_suits():
    game = game_with(["S3", "S5", "S7", "SA DA S9"], previous=ORDER_SINGLE)
    assert len(game.legal_actions()) == 2
    play(game, "DA")
    assert game.hand(3) == parse_cards("S9 SA")


# --- matches --------------------------------------------------------------------------------------


def finish(match, order, double_down=False):
    """End the current deal of `match` with this finishing order, then start the next one."""
    deal_ = match.deal
    deal_.finished, deal_.double_down, deal_.phase, deal_.current_player = list(order), double_down, "over", None
    assert match.phase in ("deal_over", "over")
    if match.phase == "deal_over":
        assert match.legal_actions() == [NEXT_DEAL] and match.current_player == order[3]
        match.apply(NEXT_DEAL)


def test_match_level_up_by_finish_and_next_deal_at_winners_level():
    match = Match(1)
    finish(match, [0, 2, 1, 3], double_down=True)
    assert [lv.value for lv in match.levels] == ["5", "2"] and match.deal.rules.level is Rank.FIVE
    finish(match, [1, 2, 3, 0])
    assert [lv.value for lv in match.levels] == ["5", "4"] and match.deal.rules.level is Rank.FOUR
    finish(match, [3, 1, 2, 0])  # partner 二游 but East–West are not 双下 … South last: opponent last
    assert [lv.value for lv in match.levels] == ["5", "6"]
    finish(match, [0, 1, 3, 2])  # partner last
    assert [lv.value for lv in match.levels] == ["6", "6"]


def test_next_deal_starts_with_tribute_from_last_to_first():
    match = Match(2)
    finish(match, [0, 1, 2, 3])
    assert not match.deal.anti_tribute  # this seed deals West no two 大王
    assert match.phase == "tribute" and match.current_player == 3
    assert match.deal.tribute_plan["receivers"] == [0]
    assert all_cards(match) == FULL


def test_three_times_first_in_a_row_gives_one_more_level():
    match = Match(3)
    for _ in range(3):
        finish(match, [1, 0, 3, 2])  # East first, North last: +2 each
    assert match.history[2]["first_bonus"] == 1 and match.levels[1] is Rank.NINE  # 2 +2 +2 +2 +1
    finish(match, [1, 0, 3, 2])
    assert match.history[3]["first_bonus"] == 2 and match.levels[1] is Rank.KING  # +2 +2


def test_three_times_last_in_a_row_drops_one_level_and_never_below_two():
    match = Match(4)
    finish(match, [1, 3, 0, 2], double_down=True)  # East–West +3 → 5; North 下 (双下) once
    finish(match, [0, 1, 3, 2])  # South–North +1 → 3; North last: twice
    assert match.history[-1]["drops"] == [0, 0]
    finish(match, [1, 0, 3, 2])  # East–West +2 → 7; North 下 three times in a row
    assert match.history[-1]["drops"] == [1, 0] and [lv.value for lv in match.levels] == ["2", "7"]
    match = Match(5)
    for _ in range(3):
        finish(match, [1, 2, 3, 0])  # South last three times
    assert match.history[-1]["drops"] == [1, 0] and match.levels[0] is Rank.TWO


def test_double_down_counts_for_both_losers_and_only_the_larger_drop_counts():
    match = Match(6)
    finish(match, [1, 3, 0, 2], double_down=True)
    finish(match, [1, 3, 0, 2], double_down=True)
    finish(match, [1, 3, 2, 0], double_down=True)
    assert match.down_count[0] == 3 and match.down_count[2] == 3
    assert match.history[-1]["drops"] == [1, 0]  # 两人同时3下: one level, not two
    finish(match, [3, 1, 2, 0], double_down=True)
    assert match.history[-1]["drops"] == [2, 0]


def test_one_three_times_down_and_one_four_times_down_drop_two_levels():
    # 岐义的统一: 两人一人三下和一人四下，取四下退级，退2级
    match = Match(9)
    finish(match, [1, 2, 3, 0])  # South 末游
    for _ in range(3):
        finish(match, [1, 3, 0, 2], double_down=True)  # South and North both 下
    assert (match.down_count[0], match.down_count[2]) == (4, 3)
    assert [h["drops"] for h in match.history[1:]] == [[0, 0], [1, 0], [2, 0]]


def test_streaks_can_count_over_the_whole_match_or_be_switched_off():
    # "3次头家" does not say "in a row": Match(streaks="total") counts every deal of the match
    total, off = Match(10, streaks="total"), Match(10, streaks=None)
    for order in ([1, 0, 3, 2], [0, 1, 2, 3], [1, 0, 3, 2], [0, 1, 2, 3], [1, 0, 3, 2]):
        finish(total, order)
        finish(off, order)
    assert [h["first_bonus"] for h in total.history] == [0, 0, 0, 0, 1]
    assert [h["first_bonus"] for h in off.history] == [0] * 5


def test_passing_a_needs_a_win_at_a_with_partner_not_last():
    match = Match(7)
    for _ in range(4):
        finish(match, [0, 2, 1, 3], double_down=True)  # 2 → 5 → 8 → J → A (capped)
    assert match.levels[0] is Rank.ACE and match.deal.rules.level is Rank.ACE and not match.is_over
    finish(match, [0, 3, 1, 2])  # partner last: no pass
    assert not match.is_over and match.levels[0] is Rank.ACE
    finish(match, [2, 1, 0, 3])
    assert match.is_over and match.winner == 0 and match.result()["winner"] == 0
    assert match.current_player is None and match.legal_actions() == []


def test_match_rejects_actions_of_a_finished_deal_and_a_level_option():
    match = Match(8)
    with pytest.raises(IllegalPlay, match="still being played"):
        match.next_deal()
    with pytest.raises(ValueError, match="starts at level 2"):
        Match(1, level="5")


# --- random games, clones and bots ----------------------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_random_deals_keep_every_card_and_reject_illegal_actions(seed):
    game = new_game(seed)
    rng = random.Random(seed)
    while not game.is_over:
        if rng.random() < 0.2:
            before = state(game)
            mine = Counter(game.hand(game.current_player))
            foreign = [c for c in new_deck(1) if c not in mine][:1]
            with pytest.raises(IllegalPlay):
                game.action_for(foreign)
            if game.top is None:
                with pytest.raises(IllegalPlay):
                    game.apply(PASS)
            assert state(game) == before
        game.apply(rng.choice(game.legal_actions()))
        assert all_cards(game) == FULL
    assert game.result()["winner"] in (0, 1)


def test_random_matches_keep_every_card():
    for seed in range(2):
        match = new_match(seed, max_deals=4)
        rng = random.Random(seed)
        while not match.is_over:
            match.apply(choose(match, rng) if rng.random() < 0.7 else rng.choice(match.legal_actions()))
            assert all_cards(match) == FULL
        assert match.result()["deals"] <= 4


def test_clone_is_independent():
    game = new_game(11)
    copy = game.clone()
    game.apply(game.legal_actions()[0])
    assert len(copy.log) == 0 and all_cards(copy) == FULL and copy.zones() != game.zones()
    match = new_match(11)
    other = match.clone()
    match.apply(match.legal_actions()[0])
    assert other.log == [] and other.deal is not match.deal


def test_bot_does_not_overtake_a_partner_and_answers_an_opponent_cheaply():
    game = game_with(["S3 S4 SK", "S5 S6", "S7 SA SJ", "S8 S9"])
    play(game, "S3")
    play(game, "")
    play(game, "S7")
    assert choose(game, random.Random(0)).cards == tuple(parse_cards("S8"))  # the weakest single that wins
    play(game, "S8")
    play(game, "SK")
    play(game, "")
    assert choose(game, random.Random(0)) == PASS  # North could beat ♠K with ♠A but leaves it to South


def test_bot_goes_out_when_one_play_holds_the_whole_hand():
    game = game_with(["S3 D3 C3 S4 D4", "S5 S6", "S7 SA", "S8 S9"])
    assert choose(game, random.Random(0)).kind == "full_house"
