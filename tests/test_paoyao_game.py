"""刨幺 deals: turns, tricks and points, going out, 扛旗 / 140 / 雙飛 / 200, and 雪牌."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import PASS, IllegalPlay, new_deck, parse_cards
from cardkit.variants.paoyao import NO_XUE, XUE, Game, Rules, card_points, new_game


def deal(h0: str, h1: str, h2: str, h3: str, first: int = 0, won: tuple = ("", "", "", ""), **options) -> Game:
    """A scenario deal: these hands, these won piles (point cards already taken), `first` to lead."""
    game = Game(Rules(**options), [parse_cards(h) for h in (h0, h1, h2, h3)], first)
    for seat, text in enumerate(won):
        game.won[seat].extend(parse_cards(text))
    return game


def play(game: Game, text: str) -> None:
    game.apply(game.action_for(parse_cards(text)))


def passes(game: Game, n: int) -> None:
    for _ in range(n):
        game.apply(PASS)


def snapshot(game: Game):
    return (game.zones(), game.current_player, game.phase, len(game.log), list(game.trick), game.points())


KS = "SK HK DK CK SK HK DK CK"  # 80 points


# --- the deal -----------------------------------------------------------------------------------

def test_two_decks_dealt_27_each_all_108_cards_in_zones():
    game = new_game(7)
    zones = game.zones()
    assert [len(zones[f"hand {s}"]) for s in range(4)] == [27] * 4
    assert Counter(card for cards in zones.values() for card in cards) == Counter(new_deck(2))


def test_the_seed_fixes_the_deal_and_the_first_leader():
    assert new_game(5).hand(0) == new_game(5).hand(0) and new_game(5).current_player == new_game(5).current_player
    assert {new_game(seed).current_player for seed in range(40)} == {0, 1, 2, 3}
    assert new_game(5, first_player=2).current_player == 2


def test_hands_are_sorted_weakest_first():
    hand = new_game(3).hand(0)
    assert hand == sorted(hand, key=Rules.sort_key)


def test_options_are_checked():
    with pytest.raises(ValueError):
        Rules(lead_after_out="left")
    with pytest.raises(ValueError):
        new_game(1, first_player=4)


# --- tricks ---------------------------------------------------------------------------------------

def test_the_leader_must_play_and_cannot_pass():
    game = deal("S4 S5", "S6 S7", "S8 S9", "S10 SJ")
    before = snapshot(game)
    with pytest.raises(IllegalPlay, match="cannot pass"):
        game.apply(PASS)
    assert snapshot(game) == before and PASS not in game.legal_actions()


def test_when_the_others_pass_the_last_player_takes_the_trick_and_its_points_and_leads():
    game = deal("S4 SK", "S5 S6", "S7 S8", "S9 S10")
    play(game, "SK")
    passes(game, 3)
    assert game.won[0] == parse_cards("SK") and game.points() == [10, 0]
    assert game.current_player == 0 and game.trick == [] and game.top is None
    assert [seat for seat, _ in game.last_trick] == [0, 1, 2, 3]


def test_a_follower_must_beat_the_play_on_the_table():
    game = deal("S9 S4", "S5 S6 H6", "S7 S8", "S10 SJ")
    play(game, "S9")
    before = snapshot(game)
    with pytest.raises(IllegalPlay, match="does not beat"):
        play(game, "S5")
    with pytest.raises(IllegalPlay, match="answer a 單張"):
        play(game, "S6 H6")
    assert snapshot(game) == before


def test_illegal_actions_change_nothing():
    game = deal("S4 S5 S6 S9", "S7 S8", "S10 SJ", "SQ SK")
    before = snapshot(game)
    for bad in ("S4 S5", "SA", "S4 S6 S9"):
        with pytest.raises(IllegalPlay):
            play(game, bad)
    with pytest.raises(IllegalPlay):
        game.apply(XUE)
    with pytest.raises(IllegalPlay):
        game.apply("S4")
    foreign = Rules().classify(parse_cards("S7"))
    with pytest.raises(IllegalPlay, match="do not hold"):
        game.apply(foreign)
    assert snapshot(game) == before


def test_action_for_names_the_missing_card_and_a_non_pattern():
    game = deal("S4 S5 S7", "S8", "S9", "S10")
    with pytest.raises(IllegalPlay, match="do not hold ♠A"):
        game.action_for(parse_cards("SA"))
    with pytest.raises(IllegalPlay, match="must follow each other"):
        game.action_for(parse_cards("S4 S5 S7"))


def test_describe_status_and_qi_shun_wording():
    game = deal("S6 S7 S8 S4", "S7 H7 S8 H8 S9 H9 S3", "S10", "SJ")
    play(game, "S6 S7 S8")
    riding = game.action_for(parse_cards("S7 H7 S8 H8 S9 H9"))
    assert game.describe(riding).startswith("騎順 雙龍 7–9")
    assert game.describe(PASS) == "Pass 不出"
    assert game.status().startswith("points: South–North 0 · East–West 0")


# --- going out ------------------------------------------------------------------------------------

def test_players_who_are_out_are_skipped_and_the_trick_needs_only_the_active_players():
    game = deal("S4", "S5 S9", "S6 S9", "S7 S9")
    play(game, "S4")  # South is out
    assert game.out == [0] and game.current_player == 1
    play(game, "S5")
    passes(game, 2)  # North and West; South is not asked
    assert game.current_player == 1 and game.trick == []


def test_a_trick_won_by_a_player_who_is_out_goes_to_the_next_player_still_in():
    game = deal("SK", "S5 S9", "S6 S9", "S7 S9", won=("", "SK H10", "", ""))
    play(game, "SK")
    passes(game, 3)
    assert game.won[0] == parse_cards("SK") and game.current_player == 1


def test_option_partner_takes_the_lead_after_the_out_player_wins_the_trick():
    game = deal("SK", "S5 S9", "S6 S9", "S7 S9", won=("", "SK H10", "", ""), lead_after_out="partner")
    play(game, "SK")
    passes(game, 3)
    assert game.current_player == 2


# --- 勝負: how a side wins --------------------------------------------------------------------------

def test_kang_qi_the_first_player_out_wins_at_once_when_the_side_has_90():
    game = deal("S4", "S5 S9", "S6 S9", "S7 S9", won=(KS + " S10", "SK H10", "", ""))
    play(game, "S4")
    assert game.is_over and game.result()["reason"] == "kangqi" and game.result()["winner"] == 0
    assert game.result()["scores"] == [1, -1, 1, -1]
    assert game.zones()["table"] == [] and parse_cards("S4")[0] in game.won[0]


def test_kang_qi_also_counts_when_the_first_out_side_reaches_90_later():
    game = deal("S4", "S5 S9", "SK S9 S9", "S7 S9", won=(KS, "SK H10 D10", "", ""))
    play(game, "S4")
    assert not game.is_over and game.points() == [80, 30]
    play(game, "S5")
    play(game, "SK")
    passes(game, 2)
    assert game.is_over and game.result()["reason"] == "kangqi" and game.points() == [95, 30]


def test_90_without_being_first_out_is_not_kang_qi():
    game = deal("S4 S9", "S5", "S6 S9", "S7 S9", first=1, won=(KS + " S10", "SK H10", "", ""))
    play(game, "S5")
    assert not game.is_over and game.out == [1]


def test_140_points_win_whoever_is_out():
    game = deal("SK S4", "S5 S6", "S7 S8", "S9 S10", won=(KS + " S10 H10 D10 C10 S5", "SK H10", "", ""))
    assert game.points() == [125, 20]
    play(game, "SK")
    passes(game, 3)
    assert game.points() == [135, 20] and not game.is_over
    game = deal("SK S4", "S5 S6", "S7 S8", "S9 S10", won=(KS + " S10 H10 D10 C10 S5 H5", "SK H10", "", ""))
    play(game, "SK")
    passes(game, 3)
    result = game.result()
    assert (result["winner"], result["reason"], result["score"]) == (0, "140", 1)


def test_shuang_fei_both_players_of_a_side_out_wins_and_the_standing_play_takes_the_table():
    game = deal("S4", "S5 S9", "SA", "S7 S9", won=("", "", "", ""))
    play(game, "S4")
    game.apply(PASS)
    play(game, "SA")
    result = game.result()
    assert (result["winner"], result["reason"], result["score"]) == (0, "shuangfei", 1)
    assert game.phase == "over" and game.zones()["table"] == [] and game.won[2] == parse_cards("S4 SA")


def test_shuang_fei_offers_no_xue_even_when_the_losers_have_nothing():
    game = deal("S4", "S5 S9", "SA", "S7 S9")
    play(game, "S4")
    game.apply(PASS)
    play(game, "SA")
    assert game.is_over and game.result()["grade"] is None


def test_200_points_end_the_deal_with_the_losers_in_da_xue():
    game = deal("SK S4", "S5 S6", "S7 S8", "S9 S10", won=(KS + " S10 H10 D10 C10 S10 H10 D10 C10 S5 H5 D5 C5 "
                                                          "S5 H5", "", "", ""))
    # 190 already (a scenario; a real deal reaches 200 only by taking every point card)
    assert game.points() == [190, 0]
    play(game, "SK")
    passes(game, 3)
    result = game.result()
    assert game.is_over and (result["reason"], result["grade"], result["score"]) == ("200", "daxue", 4)


# --- 雪牌 ----------------------------------------------------------------------------------------

def xue_deal(loser_points: str, seat1_run: str = "S5 S6 S7") -> Game:
    """South/North reach 140 when South takes a K; East/West hold `loser_points`. After that South
    goes out with a pair, East leads `seat1_run` and goes out, and North goes out with ♠8 ♠9 ♠10."""
    return deal("SK S4 H4", seat1_run, "S8 S9 S10", "SJ SQ S3",
                won=(KS + " S10 H10 D10 C10 S5 H5", loser_points, "", ""))


def reach_the_win(game: Game, card: str = "SK") -> None:
    play(game, card)
    passes(game, 3)


def test_losers_under_20_let_the_winners_choose_xue_asking_them_in_turn():
    game = xue_deal("S10")
    reach_the_win(game)
    assert game.phase == "xue" and game.current_player == 0
    assert game.legal_actions() == [XUE, NO_XUE]
    with pytest.raises(IllegalPlay, match="雪牌 or 不雪"):
        game.apply(PASS)
    with pytest.raises(IllegalPlay, match="choosing 雪牌"):
        game.action_for(parse_cards("S4 H4"))


def test_both_winners_say_no_xue_and_the_deal_ends():
    game = xue_deal("S10")
    reach_the_win(game)
    game.apply(NO_XUE)
    assert game.phase == "xue" and game.current_player == 2
    game.apply(NO_XUE)
    result = game.result()
    assert game.is_over and (result["reason"], result["grade"], result["score"], result["xue"]) == ("140", None, 1,
                                                                                                     False)
    assert "不雪" in result["summary"]


def finish_after_xue(game: Game) -> None:
    play(game, "S4 H4")
    passes(game, 3)   # South is out; East leads
    assert game.current_player == 1
    play(game, game.hand(1)[0].code + " " + " ".join(card.code for card in game.hand(1)[1:]))
    passes(game, 2)   # North and West; East is out too, so North leads
    assert game.current_player == 2
    play(game, "S8 S9 S10")  # North out: South/North are both out


def test_one_xue_is_enough_and_play_goes_on_until_a_side_is_out():
    game = xue_deal("S10")
    reach_the_win(game)
    game.apply(XUE)
    assert game.phase == "play" and game.current_player == 0 and len(game.xue_answers) == 1
    finish_after_xue(game)
    result = game.result()
    assert game.is_over and result["winner"] == 0 and result["xue"] is True
    assert game.points()[1] == 15 and (result["grade"], result["score"]) == ("xiaoxue", 2)


@pytest.mark.parametrize("loser_won,run,grade,score", [
    ("S5 H5", "S10 SJ SQ SK", "mianxue", 1),  # 10 at the win, 20 more after: 30 > 20
    ("S10 H5", "S5 S6 S7", "xiaoxue", 2),   # 15 + 5 = exactly 20: 小於等於20
    ("S5", "S5 S6 S7", "xiaoxue", 2),       # 10
    ("", "S6 S7 S8", "daxue", 4),           # 0
])
def test_xue_grades_by_the_losers_points_at_the_end(loser_won, run, grade, score):
    game = xue_deal(loser_won, run)
    reach_the_win(game)
    game.apply(XUE)
    finish_after_xue(game)
    result = game.result()
    assert (result["grade"], result["score"], result["scores"]) == (grade, score, [score, -score, score, -score])


def test_losers_with_exactly_20_at_the_win_get_no_xue_offer():
    game = xue_deal("SK H10")
    reach_the_win(game)
    assert game.is_over and game.result()["score"] == 1


def test_the_second_winner_may_choose_xue_after_the_first_declines():
    game = xue_deal("S10")
    reach_the_win(game)
    game.apply(NO_XUE)
    game.apply(XUE)
    assert game.phase == "play" and game.xue and game.current_player == 0


def test_kang_qi_with_losers_under_20_offers_xue_partner_first():
    game = deal("S4", "S5 S9", "S6 S9", "S7 S9", won=(KS + " S10", "S10", "", ""))
    play(game, "S4")  # South goes out first, South/North hold 90, East/West 10
    assert game.phase == "xue" and game.reason == "kangqi" and game.current_player == 2
    assert "South–North have won by 扛旗: North chooses 雪牌" in game.status()
    game.apply(NO_XUE)
    game.apply(NO_XUE)
    assert game.is_over and game.result()["score"] == 1 and parse_cards("S4")[0] in game.won[0]


def test_when_140_and_kang_qi_come_at_once_the_win_is_named_140():
    game = deal("S4", "S5 S9", "S10 H10 D10 C10 S10 H10 S9", "S7 S9", won=(KS + " S5", "", "", ""))
    play(game, "S4")  # South out first with 85: no 扛旗 yet
    assert not game.is_over
    game.apply(PASS)
    play(game, "S10 H10 D10 C10 S10 H10")
    passes(game, 2)
    assert game.phase == "xue" and game.points() == [145, 0] and game.reason == "140"


def test_after_xue_the_losers_going_out_both_also_end_the_deal_and_the_winner_stays():
    game = deal("SK S4", "S5", "S8 S9 S10", "S7", won=(KS + " S10 H10 D10 C10 S5 H5", "S10", "", ""))
    reach_the_win(game)
    game.apply(XUE)
    play(game, "S4")   # South out
    play(game, "S5")   # East out
    game.apply(PASS)   # North
    play(game, "S7")   # West out: East/West are both out
    result = game.result()
    assert game.is_over and game.hand(2) == parse_cards("S8 S9 S10")
    assert (result["winner"], result["reason"], result["grade"], result["score"]) == (0, "140", "xiaoxue", 2)
    assert game.points() == [140, 15]


def test_after_xue_140_goes_on_but_200_ends_the_deal_in_da_xue():
    tens = "S10 H10 D10 C10 D10 C10"
    game = deal("CK S10 H10 " + many_fives(), "S6", "S7 S8", "S9",
                won=("SK HK DK CK SK HK DK " + tens, "", "", ""))
    reach_the_win(game, "CK")
    game.apply(XUE)
    play(game, many_fives())  # 八路 of 5s: 40 points, 180 in all, and the deal goes on
    passes(game, 3)
    assert not game.is_over and game.points() == [180, 0]
    play(game, "S10 H10")      # South's last cards
    passes(game, 3)
    result = game.result()
    assert game.is_over and game.hand(2) == parse_cards("S7 S8")
    assert (result["reason"], result["xue"], result["grade"], result["score"]) == ("140", True, "daxue", 4)


def test_shuang_fei_whose_last_play_takes_the_points_to_200_is_da_xue():
    game = deal("S6", "S4", "SK HK DK CK SK HK DK", "S5 S9", first=1,
                won=("S10 H10 D10 C10 S10 H10 D10 C10 " + many_fives() + " CK", "", "", ""))
    play(game, "S4")   # East out first, East/West have nothing: no 扛旗
    passes(game, 2)    # North, West
    play(game, "S6")   # South out
    play(game, "SK HK DK CK SK HK DK")  # North out with 七路 K: 雙飛, and the table holds 70
    result = game.result()
    assert game.points() == [200, 0]
    assert (result["reason"], result["grade"], result["score"]) == ("shuangfei", "daxue", 4)


def test_after_a_qi_shun_the_table_is_a_shuang_long_and_san_lu_no_longer_beats_it():
    game = deal("S6 S7 S8 S4", "S7 H7 S8 H8 S9 H9 S3", "S10 H10 D10 S5", "SJ HJ DJ CJ S5")
    play(game, "S6 S7 S8")
    play(game, "S7 H7 S8 H8 S9 H9")  # 騎順
    with pytest.raises(IllegalPlay, match="4 路 or more"):
        play(game, "S10 H10 D10")
    game.apply(PASS)
    assert game.action_for(parse_cards("SJ HJ DJ CJ")).kind == "lu"


def test_messages_after_the_deal_is_over_name_the_result():
    game = deal("S4", "S5 S9", "SA", "S7 S9")
    play(game, "S4")
    game.apply(PASS)
    play(game, "SA")
    with pytest.raises(IllegalPlay, match="the deal is over: South–North win by 雙飛 \\(both partners out\\)"):
        game.apply(PASS)


def many_fives() -> str:
    return "S5 H5 D5 C5 S5 H5 D5 C5"


# --- whole deals ----------------------------------------------------------------------------------

def test_clone_is_independent():
    game = new_game(11)
    twin = game.clone()
    game.apply(game.legal_actions()[0])
    assert len(twin.log) == 0 and sum(map(len, twin.hands)) == 108
    assert twin.current_player == new_game(11).current_player


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_deals_keep_all_108_cards_never_crash_and_refuse_illegal_moves(seed):
    game = new_game(seed)
    rng = random.Random(seed)
    deck = Counter(new_deck(2))
    steps = 0
    while not game.is_over:
        actions = game.legal_actions()
        assert actions and len(actions) == len(set(actions))
        if steps % 7 == 0 and game.phase == "play":
            seat, before = game.current_player, snapshot(game)
            if game.top is None:
                refused = [PASS]
            else:
                refused = [p for p in game.rules.legal_plays(game.hand(seat)) if p not in actions][:2]
            not_held = [card for s in range(4) for card in game.hand(s) if card not in game.hand(seat)]
            refused += [game.rules.classify(not_held[:1])] if not_held else []
            for action in refused:
                with pytest.raises(IllegalPlay):
                    game.apply(action)
                assert snapshot(game) == before
        game.apply(rng.choice(actions))
        steps += 1
        assert Counter(card for cards in game.zones().values() for card in cards) == deck
    result, points, winner = game.result(), game.points(), game.result()["winner"]
    assert result["scores"] == [result["score"] if seat % 2 == winner else -result["score"] for seat in range(4)]
    assert sum(points) + card_points(c for s in range(4) for c in game.hand(s)) == 200
    both_out = [side for side in (0, 1) if side in game.out and side + 2 in game.out]
    if result["reason"] == "kangqi":
        assert game.out[0] % 2 == winner and points[winner] >= 90
    elif result["reason"] == "140":
        assert points[winner] >= 140
    elif result["reason"] == "200":
        assert points == [200 * (1 - winner), 200 * winner] and result["grade"] == "daxue"
    else:
        assert result["reason"] == "shuangfei" and both_out == [winner] and not result["xue_answers"]
    if result["xue"]:
        assert both_out or max(points) == 200
        assert result["grade"] == ("mianxue" if points[1 - winner] > 20 else "xiaoxue" if points[1 - winner] else
                                   "daxue")
    assert game.legal_actions() == [] and game.current_player is None


def test_result_before_the_end_has_no_winner_yet():
    game = new_game(2)
    result = game.result()
    assert result["winner"] is None and result["points"] == [0, 0] and "in progress" in result["summary"]
