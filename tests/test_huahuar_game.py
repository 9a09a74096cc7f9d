"""花花兒 deals through the Game protocol: turns, passing, 伙, the last hand, 反牌 and the settlement.

Small hand-made deals pin the rules of the seed's 出牌規則 and 勝負判定; seeded random
deals check that nothing crashes and no card is ever lost.
"""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import PASS, IllegalPlay, new_deck, parse_cards
from cardkit.variants.huahuar import NO_HUO, Combo, Game, Huo, Rules, new_game

ALL_CARDS = Counter(new_deck(4))


def deal(*hands: str, first: int = 0, **options) -> Game:
    return Game(Rules(**options), [parse_cards(h) for h in hands], first)


def play(game: Game, text: str):
    action = game.action_for(parse_cards(text))
    game.apply(action)
    return action


def snapshot(game: Game):
    return (game.zones(), game.current_player, game.phase, len(game.log), game.to_beat, list(game.huo_queue))


def assert_refused(game: Game, action, match: str):
    before = snapshot(game)
    with pytest.raises(IllegalPlay, match=match):
        game.apply(action)
    assert snapshot(game) == before


# --- dealing ---------------------------------------------------------------------------


def test_deal_gives_54_cards_to_each_of_four_players_from_four_decks():
    game = new_game(7)
    assert [len(game.hand(s)) for s in range(4)] == [54] * 4
    assert Counter(c for cards in game.zones().values() for c in cards) == ALL_CARDS


def test_first_player_is_chosen_at_random_from_the_seed():
    firsts = {new_game(seed).current_player for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert new_game(3).current_player == new_game(3).current_player


def test_hands_are_sorted_for_display():
    game = new_game(1)
    hand = game.hand(0)
    assert hand == sorted(hand, key=game.rules.sort_key)


# --- 出牌規則 1-2: turns, beating, passing ---------------------------------------------------


def test_turns_go_counter_clockwise_seat_by_seat():
    game = deal("C3 C9", "C4 C9", "C5 C9", "C6 C9")
    play(game, "C3")
    assert game.current_player == 1
    play(game, "C4")
    assert game.current_player == 2


def test_the_leader_may_play_any_pattern_but_not_pass():
    game = deal("C3 D3 C4 D4 C5 D5 C6 D6 C9", "C9", "C9", "C9")
    assert all(isinstance(a, Combo) for a in game.legal_actions())
    assert_refused(game, PASS, "you lead")
    play(game, "C3 D3 C4 D4 C5 D5 C6 D6")
    assert game.to_beat.kind == "pair_straight" and game.to_beat.length == 4


def test_an_answer_must_beat_the_last_play():
    game = deal("C8 C9", "C4 H9 D9", "C5", "C6")
    play(game, "C8")
    with pytest.raises(IllegalPlay, match="does not beat"):
        game.action_for(parse_cards("C4"))
    with pytest.raises(IllegalPlay, match="cannot answer"):
        game.action_for(parse_cards("H9 D9"))
    assert_refused(game, game.rules.classify(parse_cards("C4")), "does not beat")


def test_pass_only_gives_up_this_turn_not_the_trick():
    game = deal("C3 CK", "C4 CA", "C5 CQ", "C6 CJ")
    play(game, "C3")
    game.apply(PASS)  # East passes ...
    play(game, "C5")
    play(game, "C6")
    play(game, "CK")
    play(game, "CA")  # ... and may still beat later in the same trick
    assert game.trick[-1][0] == 1


def test_three_passes_in_a_row_end_the_trick_the_last_player_takes_every_card_and_leads():
    game = deal("C3 C10", "C4 C10", "C5 C10", "C6 C10")
    play(game, "C3")
    play(game, "C4")
    game.apply(PASS)
    game.apply(PASS)
    assert game.current_player == 0 and game.to_beat is not None
    game.apply(PASS)
    assert game.won[1] == parse_cards("C3 C4") and game.table == []
    assert game.current_player == 1 and game.to_beat is None
    assert [seat for seat, _ in game.last_trick] == [0, 1, 2, 3, 0]


def test_a_trick_won_by_a_player_who_went_out_is_led_by_the_next_player():
    game = deal("CK", "C4 C9", "C5 C9", "C6 C9", first=1)
    play(game, "C4")
    game.apply(PASS)
    game.apply(PASS)
    play(game, "CK")  # South goes out; North still holds cards, so the deal goes on
    assert game.out_order == [0] and not game.is_over
    for _ in range(3):
        game.apply(PASS)
    assert Counter(game.won[0]) == Counter(parse_cards("C4 CK")) and game.current_player == 1


# --- 伙 ------------------------------------------------------------------------------------


def test_huo_after_a_single_a_player_with_a_pair_of_its_rank_is_asked_first():
    game = deal("H7 C9", "C4 C9", "S7 D7 C9", "C6 C9")
    play(game, "H7")
    assert game.phase == "huo" and game.current_player == 2
    assert game.legal_actions() == [Huo(game.rules.classify(parse_cards("S7 D7"))), NO_HUO]


def test_huo_ends_the_trick_the_huo_player_wins_it_and_leads():
    game = deal("H7 C9", "C4 C9", "S7 D7 C9", "C6 C9")
    play(game, "H7")
    action = play(game, "S7 D7")
    assert isinstance(action, Huo) and game.describe(action) == "伙 一對 7 帶響 — ♦7 ♠7"
    assert Counter(game.won[2]) == Counter(parse_cards("H7 S7 D7"))
    assert game.phase == "play" and game.current_player == 2 and game.to_beat is None


def test_huo_goes_before_da_all_three_asked_in_turn_then_the_next_player_answers():
    game = deal("H7 C9", "C7 D7 C9", "S7 D7 C9", "H7 S7 C9")
    play(game, "H7")
    asked = []
    while game.phase == "huo":
        asked.append(game.current_player)
        game.apply(NO_HUO)
    assert asked == [1, 2, 3]
    assert game.phase == "play" and game.current_player == 1 and game.to_beat.kind == "single"


def test_huo_later_player_may_huo_after_an_earlier_one_declines():
    game = deal("H7 C9", "C7 D7 C9", "S7 D7 C9", "C5 C9")
    play(game, "H7")
    game.apply(NO_HUO)
    play(game, "S7 D7")
    assert game.won[2] and game.current_player == 2


def test_huo_also_answers_a_single_played_as_an_answer():
    game = deal("H5 C9", "H7 C9", "C8 C9", "S7 D7 C9")
    play(game, "H5")
    play(game, "H7")
    assert game.phase == "huo" and game.current_player == 3


def test_huo_a_single_tiger_only_with_a_double_tiger():
    game = deal("BJ C9", "S2 H2 C9", "RJ BJ C9", "C6 C9")
    play(game, "BJ")
    assert game.phase == "huo" and game.current_player == 2  # East's pair of 2s cannot 伙 a joker
    with pytest.raises(IllegalPlay, match="雙虎"):
        game.action_for(parse_cards("C9"))
    play(game, "RJ BJ")
    assert len(game.won[2]) == 3


def test_huo_players_who_cannot_huo_are_not_asked_unless_the_option_says_so():
    game = deal("H7 C9", "C4 C9", "C5 C9", "C6 C9")
    play(game, "H7")
    assert game.phase == "play" and game.current_player == 1
    game = deal("H7 C9", "C4 C9", "C5 C9", "C6 C9", ask_all_huo=True)
    play(game, "H7")
    assert game.phase == "huo" and game.legal_actions() == [NO_HUO]


def test_during_huo_ordinary_plays_and_passes_are_refused():
    game = deal("H7 C9", "C4 C9", "S7 D7 C9 CA", "C6 C9")
    play(game, "H7")
    assert_refused(game, PASS, "伙")
    assert_refused(game, game.rules.classify(parse_cards("CA")), "伙")
    with pytest.raises(IllegalPlay, match="pair of 7"):
        game.action_for(parse_cards("CA"))


def test_pair_of_the_singles_rank_after_everyone_declined_is_told_the_huo_moment_passed():
    game = deal("H7 C9", "C4 C9", "S7 D7 C9", "C6 C9")
    play(game, "H7")
    game.apply(NO_HUO)
    assert game.phase == "play" and game.current_player == 1
    game.apply(PASS)
    with pytest.raises(IllegalPlay, match="伙 with it was possible only right after the 單只 7"):
        game.action_for(parse_cards("S7 D7"))
    assert_refused(game, game.rules.classify(parse_cards("S7 D7")), "possible only right after")


def test_huo_outside_a_huo_question_is_refused():
    game = deal("H7 D7 C9", "C4 C9", "C5 C9", "C6 C9")
    pair = game.rules.classify(parse_cards("H7 D7"))
    assert_refused(game, Huo(pair), "伙")
    assert_refused(game, NO_HUO, "不伙")


# --- 出牌規則 3: the last hand and 反牌 -------------------------------------------------------


def test_when_both_opponents_are_out_one_remaining_player_plays_one_last_hand():
    game = deal("H3", "S9 D9 C5", "H4", "H6 C8")
    play(game, "H3")
    game.apply(PASS)
    play(game, "H4")  # South and North are both out
    assert game.last_hand_seat == 3 and game.current_player == 3
    assert game.status().endswith("| 上游 South | one side is out: West plays the last hand")
    assert PASS in game.legal_actions()
    play(game, "C8")
    assert game.is_over and game.current_player is None and game.legal_actions() == []
    assert Counter(game.won[3]) == Counter(parse_cards("H3 H4 C8"))
    result = game.result()
    assert result["fanpai"] == [0, 3, 0, 1] and result["fanpai_kind"] == "雙反"
    assert game.status().endswith("| 反牌 (cards left): East 3 · West 1")
    assert result["shangyou"] == 0 and result["xiayou"] == [1, 3]


def test_last_hand_pass_leaves_the_trick_to_its_last_player():
    game = deal("H3", "S9 D9 C5", "H4", "H6 C8")
    play(game, "H3")
    game.apply(PASS)
    play(game, "H4")
    game.apply(PASS)
    assert game.is_over and Counter(game.won[2]) == Counter(parse_cards("H3 H4"))


def test_danyan_only_one_player_left_with_cards():
    game = deal("H3", "S9 D9 C5", "H4", "C8")
    play(game, "H3")
    game.apply(PASS)
    play(game, "H4")
    play(game, "C8")
    result = game.result()
    assert result["fanpai_kind"] == "單眼" and result["xiayou"] == [1] and result["out_order"] == [0, 2, 3]


def test_last_hand_after_a_huo_that_empties_a_side_is_a_free_lead():
    game = deal("H5", "C9 D9", "D5 C5", "C6 C8", first=0)
    play(game, "H5")
    assert game.current_player == 2
    play(game, "D5 C5")
    assert game.last_hand_seat == 3 and game.to_beat is None
    assert PASS in game.legal_actions()
    play(game, "C6")
    assert game.is_over and game.won[3] == parse_cards("C6") and game.result()["fanpai"] == [0, 2, 0, 1]


def test_last_hand_may_huo_a_single():
    game = deal("H3", "C9 D9", "H5", "S5 D5 C8")
    play(game, "H3")
    game.apply(PASS)
    play(game, "H5")
    huo = [a for a in game.legal_actions() if isinstance(a, Huo)]
    assert len(huo) == 1
    game.apply(huo[0])
    assert game.is_over and len(game.won[3]) == 4


def test_last_hand_huo_on_a_pair_is_refused_huo_answers_only_a_single():
    game = deal("H3 D3", "C9 D9", "H4 D4", "S4 D4 S9")
    play(game, "H3 D3")
    game.apply(PASS)
    play(game, "H4 D4")
    assert game.last_hand_seat == 3 and game.to_beat.kind == "pair"
    assert not any(isinstance(a, Huo) for a in game.legal_actions())
    assert_refused(game, Huo(game.rules.classify(parse_cards("S4 D4"))), "伙 answers only a single")


def test_deal_over_refuses_every_action():
    game = deal("H3", "S9 D9 C5", "H4", "C8")
    play(game, "H3")
    game.apply(PASS)
    play(game, "H4")
    game.apply(PASS)
    assert_refused(game, PASS, "over")


# --- 勝負判定 --------------------------------------------------------------------------------


def pile(**counts) -> list:
    """Won cards: `fang` groups of four (each of a different rank) and `loose` unmatched cards."""
    ranks = "3 4 5 6 7 8 9 10 J Q K A 2".split()
    cards = []
    for i in range(counts.get("fang", 0)):
        cards += parse_cards(" ".join(f"{s}{ranks[i % 13]}" for s in "CDHS"))
    for i in range(counts.get("loose", 0)):
        cards += parse_cards(f"H{ranks[i % 13]}")
    return cards


def of_rank(rank: str, n: int) -> str:
    """n cards of one rank, suits round-robin."""
    return " ".join(f"{'CDHS'[i % 4]}{rank}" for i in range(n))


def test_step1_count_fang_per_player():
    result = R.settle([pile(fang=3, loose=2), pile(), pile(fang=1), pile()], [[], [], [], []], [0, 1, 2, 3])
    assert [p["fang_counted"] for p in result["players"]] == [3, 0, 1, 0]
    assert [p["loose_counted"] for p in result["players"]] == [2, 0, 0, 0]


R = Rules()
HAND4 = parse_cards("C3 C4 C5 C6")


def test_step2_shangyou_is_rewarded_ten_cards():
    result = R.settle([pile(loose=4), pile(fang=5), pile(), pile(loose=10)], [[], [], [], []], [0, 1, 2, 3])
    assert result["players"][0]["reward_cards"] == 10
    assert (result["players"][0]["fang"], result["players"][0]["loose"]) == (1, 0)  # 4 + 10 = 14 散張 = 1 方


def test_step3_xiayou_without_fanpai_is_the_last_out_and_pays_ten_cards():
    result = R.settle([pile(), pile(fang=5), pile(), pile(fang=3)], [[], [], [], []], [0, 1, 2, 3])
    assert result["xiayou"] == [3]
    three = result["players"][3]
    assert (three["penalty_cards"], three["penalty_fang"], three["paid_cards"]) == (10, 0, 10)
    assert (three["fang"], three["loose"]) == (0, 2)  # three 方 broken into 12 cards, 10 paid


def test_step3_fanpai_cost_one_fang_per_four_rounded_up():
    result = R.settle([pile(), pile(fang=5, loose=10), pile(), pile()],
                      [[], parse_cards("C3 C4 C5 C6 C7"), [], []], [0, 2])
    one = result["players"][1]
    assert (one["penalty_cards"], one["penalty_fang"], one["fanpai"]) == (10, 2, 5)
    assert (one["fang"], one["loose"]) == (3, 0)


@pytest.mark.parametrize(("fanpai", "fang"), [(1, 1), (3, 1), (4, 1), (5, 2), (8, 2), (9, 3), (13, 4)])
def test_step3_every_four_fanpai_cost_one_fang_fewer_than_four_count_as_four(fanpai, fang):
    leftovers = [[], parse_cards(" ".join(["C3"] * fanpai)), [], []]
    one = R.settle([pile(), pile(fang=6, loose=10), pile(), pile()], leftovers, [0, 2])["players"][1]
    assert (one["penalty_fang"], one["paid_fang"], one["fang"]) == (fang, fang, 6 - fang)


def test_step3_a_qi_broken_to_pay_is_no_longer_eight_fang():
    # sixteen 7s are 齊 = 8 方; paying 10 of them leaves six 7s: 1 方 and 2 散張, not 5 方
    qi = parse_cards(of_rank("7", 16))
    assert R.count_fang(qi) == (8, 0)
    three = R.settle([pile(), pile(), pile(), qi], [[], [], [], []], [0, 1, 2, 3])["players"][3]
    assert (three["paid_cards"], three["fang"], three["loose"]) == (10, 1, 2)


def test_step3_a_qi_is_broken_only_when_no_plain_fang_is_left():
    won = parse_cards(of_rank("7", 16)) + pile(fang=3)
    three = R.settle([pile(), pile(), pile(), won], [[], [], [], []], [0, 1, 2, 3])["players"][3]
    assert (three["fang_counted"], three["fang"], three["loose"]) == (11, 8, 2)


def test_step3_partner_pays_what_the_xiayou_cannot():
    result = R.settle([pile(), pile(loose=4), pile(), pile(fang=3)], [[], HAND4, [], []], [0, 2])
    one, three = result["players"][1], result["players"][3]
    assert (one["paid_cards"], three["paid_cards"], three["paid_fang"]) == (4, 6, 1)
    assert (three["fang"], three["loose"]) == (0, 2)
    assert result["shuangqian"] == [False, False]


def test_step3_shuangqian_when_both_partners_cannot_pay_adds_a_point_for_the_winner():
    result = R.settle([pile(fang=2), pile(loose=2), pile(), pile(loose=3)], [[], HAND4[:3], [], []], [0, 2])
    assert result["shuangqian"] == [False, True]
    assert result["winner"] == 0 and result["score"] == 2
    assert result["summary"].endswith("(+1: East–West are 雙欠, short of their penalty)")


def test_reward_source_xiayou_the_shangyou_gets_what_the_xiayou_paid():
    won = [pile(), pile(loose=3), pile(), pile()]
    assert R.settle(won, [[], HAND4, [], []], [0, 2])["players"][0]["reward_cards"] == 3
    assert Rules(reward_source="bank").settle(won, [[], HAND4, [], []], [0, 2])["players"][0]["reward_cards"] == 10


def test_step4_the_side_with_more_fang_wins():
    result = R.settle([pile(fang=3), pile(fang=2), pile(fang=3), pile(fang=5)], [[], [], [], []], [0, 1, 2, 3])
    assert result["side_fang"] == [6, 4] and result["winner"] == 0 and result["decided_by"] == "方"


def test_step4_equal_fang_more_loose_cards_win():
    result = R.settle([pile(fang=2), pile(fang=2, loose=13), pile(), pile(loose=10)], [[], [], [], []],
                      [0, 1, 2, 3])
    # South: 2 方 + 10 reward; East 2 方 13; West pays 10 and is left with nothing
    assert result["side_fang"] == [2, 2] and result["side_loose"] == [10, 13]
    assert result["winner"] == 1 and result["decided_by"] == "散張"
    assert result["summary"].startswith("East–West win on 散張: 方 equal at 2, 散張 13 to 10;")


def test_step4_equal_fang_and_loose_the_side_without_fanpai_wins():
    # 上游 South's partner North is left with 反牌: the tie goes against them despite the 上游
    won = [pile(fang=2), pile(fang=2, loose=10), pile(fang=1, loose=10), pile()]
    result = R.settle(won, [[], [], HAND4, []], [0, 1, 3])
    assert result["side_fang"] == [2, 2] and result["side_loose"] == [10, 10]
    assert result["winner"] == 1 and result["decided_by"] == "反牌"
    assert "only South–North hold 反牌" in result["summary"]


def test_step4_all_equal_and_no_fanpai_the_shangyou_side_wins():
    # East goes out first (上游) and receives the 10 cards West pays as the last out (下游)
    won = [pile(fang=2, loose=10), pile(fang=2), pile(), pile(loose=10)]
    result = R.settle(won, [[], [], [], []], [1, 0, 2, 3])
    assert result["side_fang"] == [2, 2] and result["side_loose"] == [10, 10]
    assert result["winner"] == 1 and result["decided_by"] == "上游"
    assert "nobody holds 反牌, and East went out first (上游)" in result["summary"]


def test_step5_only_the_losers_shuangqian_adds_a_point():
    # East (上游) gets 10 cards from the bank, West owes and nobody on East/West can pay: 雙欠, yet they win
    result = Rules(reward_source="bank").settle([[], [], [], []], [[], [], [], HAND4], [1, 0, 2])
    assert result["shuangqian"] == [False, True] and result["winner"] == 1 and result["decided_by"] == "散張"
    assert result["score"] == 1 and "雙欠" not in result["summary"]


def test_step5_score_from_the_winning_sides_best_player():
    result = R.settle([pile(fang=20), pile(), pile(fang=17), pile(loose=10)], [[], [], [], []], [0, 1, 2, 3])
    assert result["best_fang"] == 20 and result["score"] == 2 and result["shuangqian"] == [False, False]
    assert result["summary"] == "South–North win on 方, 37 to 0; South's 20 方 score 2 points"


def test_result_of_an_unfinished_deal_has_no_winner():
    assert new_game(1).result()["winner"] is None


# --- illegal actions, cards, clones ---------------------------------------------------------


def test_action_for_explains_why_cards_are_no_pattern():
    game = deal("S7 H7 D8 C9", "C9", "C9", "C9")
    with pytest.raises(IllegalPlay, match="♥7 ♠7 ♦8 is not a pattern"):
        game.action_for(parse_cards("S7 H7 D8"))


def test_action_for_cards_not_held_and_wrong_seat():
    game = deal("S7 H7", "C9", "C9", "C9")
    with pytest.raises(IllegalPlay, match="you do not hold ♠9"):
        game.action_for(parse_cards("S9"))
    with pytest.raises(IllegalPlay, match="South's turn, not East's"):
        game.action_for(parse_cards("C9"), seat=1)


def test_a_play_whose_cards_are_not_held_is_refused_unchanged():
    game = deal("S7 H7", "C9", "C9", "C9")
    assert_refused(game, Rules().classify(parse_cards("SA")), "does not hold ♠A")


def test_a_forged_combo_is_refused_unchanged():
    game = deal("S7 H7", "C9", "C9", "C9")
    forged = Combo("pair", 2, 7, 1, False, tuple(parse_cards("S7 H7")))
    assert_refused(game, forged, "make 一對 7 帶響")
    assert_refused(game, "S7", "not an action")


def test_clone_is_independent():
    game = new_game(5)
    copy = game.clone()
    copy.apply(copy.legal_actions()[0])
    assert len(game.log) == 0 and len(copy.log) == 1
    assert game.zones() != copy.zones()


def test_describe_and_status_read_as_words():
    game = deal("S7 H7 D7", "C9", "C9", "C9")
    action = play(game, "S7 H7 D7")
    assert game.describe(action) == "三隻 7 帶響 — ♦7 ♥7 ♠7"
    assert game.describe(PASS) == "Pass 不出"
    assert "South 0" in game.status()


def random_game(seed: int, pick, **options) -> Game:
    """Play one whole deal choosing with `pick(game, rng)`, checking the invariants at each step."""
    game = new_game(seed, **options)
    rng = random.Random(seed)
    while not game.is_over:
        actions = game.legal_actions()
        assert actions, "a player to act always has an action"
        action = pick(game, rng)
        assert action in actions
        if rng.random() < 0.05:
            illegal = PASS if game.phase == "huo" or game.to_beat is None else game.rules.classify(parse_cards("SA"))
            if illegal not in actions:
                before = snapshot(game)
                with pytest.raises(IllegalPlay):
                    game.apply(illegal)
                assert snapshot(game) == before
        game.apply(action)
        assert Counter(c for cards in game.zones().values() for c in cards) == ALL_CARDS
    return game


OPTIONS = st.fixed_dictionaries({}, optional={
    "loud": st.sampled_from(["any", "all", "off"]),
    "joker_fang": st.sampled_from(["by_rank", "together", "never"]),
    "reward_source": st.sampled_from(["xiayou", "bank"]),
    "huo_tiger": st.sampled_from(["any", "same"]),
    "ask_all_huo": st.booleans(),
})


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), OPTIONS)
def test_random_deals_never_crash_and_keep_all_216_cards(seed, options):
    game = random_game(seed, lambda g, rng: rng.choice(g.legal_actions()), **options)
    result = game.result()
    assert result["winner"] in (0, 1) and result["score"] >= 1
    assert len(result["out_order"]) >= 2
    assert result["summary"].startswith(("South–North", "East–West")[result["winner"]] + " win")
    assert game.status()
