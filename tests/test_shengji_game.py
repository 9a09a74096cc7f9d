"""升級 as a Game: dealing with 搶亮主, the kitty, 搶底, throws at the table, scoring, the match, the bot."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit import IllegalPlay, Rank, new_deck
from cardkit import parse_cards as c
from cardkit.bots import choose
from cardkit.game import Choice
from cardkit.variants.shengji import (
    LEVELS,
    NEXT_DEAL,
    PASS_DECLARE,
    Game,
    Match,
    Play,
    Rules,
    after_deal,
    new_game,
    new_match,
)
from cardkit.variants.shengji.game import _multisets

DECK = Counter(new_deck(2))


def stacked(first=0, dealt=None, kitty=""):
    """A 108-card deck where seat s is dealt `dealt[s]` first, in order, and the kitty starts with `kitty`.
    Jokers and 3s not placed come last, so they raise no declaration early."""
    deck = [None] * 108
    pool = Counter(DECK)
    for seat, text in (dealt or {}).items():
        for j, card in enumerate(c(text)):
            deck[4 * j + (seat - first) % 4] = card
            pool[card] -= 1
    for i, card in enumerate(c(kitty)):
        deck[100 + i] = card
        pool[card] -= 1
    rest = iter(sorted(pool.elements(), key=lambda card: (card.is_joker or card.rank is Rank.THREE, card.index)))
    return [card if card is not None else next(rest) for card in deck]


def pass_until(game, done):
    while not done(game):
        assert game.phase in ("declare", "qiangdi"), game.phase
        game.apply(PASS_DECLARE)


def snapshot(game):
    return (game.zones(), game.current_player, game.phase, len(game.log), game.declaration, game.rules)


def assert_all_cards(game):
    zones = game.zones()
    assert Counter(card for cards in zones.values() for card in cards) == DECK


# --- dealing and declaring ---------------------------------------------------------------------


def test_deal_gives_25_each_and_leaves_8_in_the_kitty():
    game = Game(Rules(), stacked(kitty="BJ BJ RJ RJ H7"), 0)  # nobody can declare: no prompt at all
    assert game.phase == "bury"
    assert sorted(len(game.hand(s)) for s in range(4)) == [25, 25, 25, 33]
    assert_all_cards(game)


def test_a_joker_and_a_level_card_let_a_player_declare_during_the_deal():
    game = Game(Rules(), stacked(dealt={0: "BJ H3", 1: "RJ S3 S4 S3"}), 0)
    assert (game.phase, game.current_player, game.dealt) == ("declare", 0, 5)
    assert game.legal_actions() == [Rules().declaration(c("BJ H3")), PASS_DECLARE]
    game.apply(game.action_for(c("BJ H3")))
    assert game.rules.trump_suit == "H"
    # ♠3 with a joker does not beat ♥3 with a joker: East is asked only once he holds two ♠3
    assert (game.current_player, game.dealt) == (1, 14)


def test_a_same_form_does_not_override_and_a_later_form_does():
    game = Game(Rules(), stacked(dealt={0: "BJ H3", 1: "RJ S3 S4 S3"}), 0)
    game.apply(game.action_for(c("BJ H3")))
    before = snapshot(game)
    with pytest.raises(IllegalPlay, match="does not beat the standing 一鬼一張"):
        game.action_for(c("RJ S3"))
    with pytest.raises(IllegalPlay, match="not a declaration"):
        game.apply(Play("declare", tuple(c("RJ S4"))))
    assert snapshot(game) == before
    game.apply(game.action_for(c("RJ S3 S3")))
    assert game.rules.trump_suit == "S"
    pass_until(game, lambda g: g.phase == "bury")
    assert game.dealer == 1 and len(game.hand(1)) == 33


def test_the_declarer_may_strengthen_but_not_override_himself():
    game = Game(Rules(), stacked(dealt={0: "BJ H3 D3 D3 H3"}), 0)
    game.apply(game.action_for(c("BJ H3")))
    assert (game.current_player, game.dealt) == (0, 17)  # only the second ♥3 offers something new
    with pytest.raises(IllegalPlay, match="strengthen your own declaration"):
        game.action_for(c("BJ D3 D3"))
    game.apply(game.action_for(c("BJ H3 H3")))
    assert game.declaration[1].form == 1


def test_nobody_declaring_lets_the_kittys_first_suited_card_name_trump():
    game = Game(Rules(), stacked(first=2, kitty="BJ BJ RJ C7 RJ"), 2)
    assert game.rules.trump_suit == "C"
    assert game.dealer == 2 and game.phase == "bury" and game.current_player == 2


def test_a_fixed_dealer_takes_the_kitty_whoever_declares():
    game = Game(Rules(), stacked(dealt={1: "BJ H3"}), 0, dealer=0)
    game.apply(game.action_for(c("BJ H3")))
    pass_until(game, lambda g: g.phase == "bury")
    assert game.dealer == 0 and game.rules.trump_suit == "H"


def test_declaring_prompts_are_few():
    prompts = 0
    for seed in range(10):
        game = new_game(seed)
        while game.phase == "declare":
            prompts += 1
            game.apply(PASS_DECLARE)
    assert prompts < 10 * 20


def test_a_deal_needs_the_108_cards_of_two_decks():
    with pytest.raises(ValueError, match="108 cards, not 54"):
        Game(Rules(), new_deck(1), 0)


def test_a_pass_outside_declaring_says_what_the_phase_asks():
    game = Game(Rules(), stacked(kitty="BJ BJ RJ RJ H7"), 0)
    with pytest.raises(IllegalPlay, match="not a choice now: choose the 8 cards to bury"):
        game.apply(PASS_DECLARE)
    game.apply(game.action_for(game.hand(0)[:8]))
    with pytest.raises(IllegalPlay, match="nobody passes a trick"):
        game.apply(PASS_DECLARE)
    assert game.attackers == 1  # seats 1 & 3 play against the dealer's side 0 & 2


# --- kitty and 搶底 ------------------------------------------------------------------------------


def test_the_dealer_buries_exactly_8_cards():
    game = Game(Rules(), stacked(kitty="BJ BJ RJ RJ H7"), 0)
    before = snapshot(game)
    with pytest.raises(IllegalPlay, match="bury exactly 8"):
        game.action_for(game.hand(0)[:7])
    with pytest.raises(IllegalPlay, match="does not hold"):
        game.action_for(game.hand(1)[:8])
    assert snapshot(game) == before
    burial = game.action_for(game.hand(0)[:8])
    game.apply(burial)
    assert Counter(game.kitty) == Counter(burial.cards) and game.phase == "play" and game.current_player == 0
    assert_all_cards(game)


def test_qiangdi_lets_the_other_side_override_after_the_burial_and_bury_again():
    game = Game(Rules(qiangdi=True), stacked(dealt={0: "BJ H3", 1: "RJ RJ"}), 0)
    game.apply(game.action_for(c("BJ H3")))
    pass_until(game, lambda g: g.phase == "bury")
    game.apply(game.action_for(game.hand(0)[:8]))
    pass_until(game, lambda g: g.phase != "qiangdi" or g.current_player == 1)
    assert game.phase == "qiangdi"
    game.apply(game.action_for(c("RJ RJ")))
    assert (game.phase, game.current_player, len(game.hand(1))) == ("bury", 1, 33)
    assert game.rules.trump_suit is None
    game.apply(game.action_for(game.hand(1)[:8]))
    pass_until(game, lambda g: g.phase == "play")
    assert game.current_player == 0 and game.dealer == 0  # the dealer leads whoever 搶底
    assert_all_cards(game)


def test_qiangdi_can_be_answered_by_the_side_that_buried_first():
    # 被搶底的壹方也可以等搶底方“埋完底”再反搶
    game = Game(Rules(qiangdi=True), stacked(dealt={0: "RJ H3", 1: "RJ D3 D3", 2: "BJ BJ C3"}), 0)
    game.apply(game.action_for(c("RJ H3")))
    pass_until(game, lambda g: g.phase == "bury")
    game.apply(game.action_for(game.hand(0)[:8]))
    assert (game.phase, game.current_player) == ("qiangdi", 1)
    game.apply(game.action_for(c("RJ D3 D3")))
    game.apply(game.action_for(game.hand(1)[:8]))
    assert (game.phase, game.current_player) == ("qiangdi", 2)
    with pytest.raises(IllegalPlay, match="does not beat the standing 一鬼兩張"):
        game.action_for(c("BJ C3"))
    game.apply(game.action_for(c("BJ BJ")))
    assert (game.phase, game.current_player, len(game.hand(2)), game.rules.trump_suit) == ("bury", 2, 33, None)
    game.apply(game.action_for(game.hand(2)[:8]))
    pass_until(game, lambda g: g.phase == "play")
    assert game.current_player == 0 and [len(game.hand(s)) for s in range(4)] == [25] * 4
    assert_all_cards(game)


def test_qiangdi_is_off_by_default():
    game = Game(Rules(), stacked(dealt={0: "BJ H3", 1: "RJ RJ"}), 0)
    game.apply(game.action_for(c("BJ H3")))
    pass_until(game, lambda g: g.phase == "bury")
    game.apply(game.action_for(game.hand(0)[:8]))
    assert game.phase == "play"


# --- throws at the table -----------------------------------------------------------------------


def to_play(dealt, **options):
    """Seat 0 declares ♠ and deals; the burial keeps every heart."""
    game = Game(Rules(**options), stacked(dealt={0: "BJ S3 " + dealt.get(0, ""), **{k: v for k, v in dealt.items()
                                                                                 if k}}), 0, dealer=0)
    game.apply(game.action_for(c("BJ S3")))
    pass_until(game, lambda g: g.phase == "bury")
    game.apply(game.action_for([card for card in game.hand(0) if card.suit and card.suit.value != "H"
                                and not game.rules.is_trump(card)][:8]))
    return game


def test_a_caught_throw_plays_its_failing_part_and_pays_the_penalty():
    game = to_play({0: "HA HQ", 1: "HK"})
    throw = game.action_for(c("HA HQ"))
    assert throw.kind == "throw"
    game.apply(throw)
    assert [card.code for card in game.trick[0][1].cards] == ["HQ"]
    assert c("HA")[0] in game.hand(0)
    assert game.caught and game.attacker_points == 10  # the dealer's side threw: the attackers gain 10
    assert_all_cards(game)


def test_a_throw_that_nobody_can_beat_is_played_whole():
    game = to_play({0: "HA HA HK"})
    game.apply(game.action_for(c("HA HA HK")))
    assert len(game.trick[0][1].cards) == 3 and not game.caught


def test_no_throw_penalty_when_the_option_is_zero():
    game = to_play({0: "HA HQ", 1: "HK"}, throw_penalty=0)
    game.apply(game.action_for(c("HA HQ")))
    assert game.caught and game.attacker_points == 0


def test_following_explains_itself_at_the_table():
    game = to_play({0: "HA", 1: "H5"})
    game.apply(game.action_for(c("HA")))
    other = next(card for card in game.hand(1) if not card.suit or card.suit.value != "H")
    with pytest.raises(IllegalPlay, match="you still hold"):
        game.action_for([other])


# --- scoring ------------------------------------------------------------------------------------


def last_trick(leads, kitty="SK S10 H5 D5 C4 C6 C7 C8"):
    """A game at its last trick: seat 1 (an attacker; seat 0 deals) leads; hands are `leads` per seat."""
    game = to_play({})
    game.hands = [c(text) for text in leads]
    game.won = [[] for _ in range(4)]
    game.kitty = c(kitty)
    game.current_player = 1
    return game


def play_out(game):
    while not game.is_over:
        game.apply(game.legal_actions()[0])


def test_attackers_winning_the_last_trick_with_a_trump_single_double_the_kitty():
    game = last_trick(["H7", "S4", "H4", "H6"])
    play_out(game)
    result = game.result()
    assert (result["kitty_points"], result["kitty_multiplier"], result["kitty_bonus"]) == (30, 2, 60)
    assert result["attacker_points"] == 60 + 0 and result["level_change"] == {"side": "dealer", "levels": 1}


def test_a_trump_pair_quadruples_the_kitty_and_the_attackers_take_over():
    game = last_trick(["H7 H8", "S4 S4", "H4 H9", "H6 HJ"])
    game.apply(game.action_for(c("S4 S4")))
    play_out(game)
    result = game.result()
    assert result["kitty_multiplier"] == 4 and result["attacker_points"] == 120
    assert result["winner"] == 1 and result["level_change"] == {"side": "attackers", "levels": 1}
    assert result["summary"] == ("the attackers East–West 東西 took 120 points (0 in tricks, kitty 30 × 4): "
                                 "80 or more, so they take the deal and go up 1 level")


def test_the_dealer_side_winning_the_last_trick_keeps_the_kitty():
    game = last_trick(["S4", "H7", "H4", "H6"])
    play_out(game)
    assert game.result()["kitty_bonus"] == 0 and game.result()["winner"] == 0
    assert game.result()["summary"] == ("the attackers East–West 東西 took 0 points (0 in tricks): under 80, so "
                                        "the dealer's side South–North 南北 keeps the deal and goes up 3 levels")


def test_the_trick_winner_leads_the_next_trick():
    game = last_trick(["H7 C4", "S4 C5", "H4 C6", "H6 C7"])
    for seat, card in ((1, "C5"), (2, "C6"), (3, "C7"), (0, "C4")):
        assert game.current_player == seat
        game.apply(game.action_for(c(card)))
    assert game.current_player == 3 and game.won[3] and not game.trick


def test_points_5_10_k_in_won_tricks_count_for_the_attackers():
    game = last_trick(["H7", "HK", "H5", "H10"], kitty="C4 C4 C6 C6 C7 C7 C8 C8")
    play_out(game)
    assert game.result()["trick_points"] == 25


# --- the match ----------------------------------------------------------------------------------


def test_dealer_side_keeping_the_deal_goes_up_and_the_partner_deals():
    assert after_deal(("3", "3"), 0, 35, Rules()) == (("5", "3"), 2, None)


def test_attackers_taking_over_go_up_from_their_own_level_and_the_next_seat_deals():
    assert after_deal(("8", "10"), 0, 130, Rules()) == (("8", "J"), 1, None)


def test_levels_stop_at_a_and_a_must_be_won():
    assert after_deal(("K", "3"), 0, 0, Rules()) == (("A", "3"), 2, None)
    assert after_deal(("A", "3"), 2, 60, Rules()) == (("A", "3"), 0, 0)
    assert after_deal(("A", "Q"), 2, 200, Rules()) == (("A", "A"), 3, None)
    assert LEVELS[0] == "3" and LEVELS[-1] == "A"


def play_deal(match, rng):
    while match.phase not in ("deal_over", "over"):
        match.apply(choose(match, rng))


def test_a_match_waits_between_deals_for_the_next_dealer_to_press_next_deal():
    match = new_match(2)
    rng = random.Random(2)
    play_deal(match, rng)
    assert match.phase == "deal_over" and not match.is_over
    assert match.legal_actions() == [NEXT_DEAL] and match.current_player == match.dealer
    assert match.result()["next_dealer"] == match.dealer and "deals next" in match.result()["summary"]
    before = (match.status(), match.zones(), len(match.history))
    with pytest.raises(IllegalPlay, match="the only action now is the next deal"):
        match.apply(PASS_DECLARE)
    with pytest.raises(IllegalPlay, match="no cards are played"):
        match.action_for(c("HA"))
    assert (match.status(), match.zones(), len(match.history)) == before
    assert match.action_for([]) == NEXT_DEAL
    match.apply(NEXT_DEAL)
    assert match.phase in ("declare", "bury") and len(match.history) == 1
    assert match.deal.fixed_dealer == match.dealer
    assert match.rules.level == match.levels[match.dealer % 2]
    assert_all_cards(match)


def test_a_match_plays_deals_at_the_dealer_sides_level_until_someone_wins_at_a():
    match = Match(seed=5)
    rng = random.Random(5)
    while not match.is_over and len(match.history) < 80:
        if match.phase == "deal_over":
            assert match.deal.rules.level == match.history[-1]["level"]
            match.apply(choose(match, rng))
            assert match.rules.level == match.levels[match.dealer % 2]
        play_deal(match, rng)
    assert match.is_over and match.phase == "over" and match.current_player is None
    assert match.levels[match.winner] == "A" and match.history[-1]["level"] == "A"
    assert match.history[-1]["dealer"] % 2 == match.winner and match.legal_actions() == []
    assert "win the match" in match.result()["summary"]
    with pytest.raises(IllegalPlay, match="the match is over"):
        match.apply(NEXT_DEAL)


def test_a_match_clone_is_independent_and_notes_only_grow():
    match = new_match(4)
    rng = random.Random(4)
    play_deal(match, rng)
    notes = list(match.notes)
    assert notes[-1].startswith("deal 1: the attackers")
    other = match.clone()
    other.apply(NEXT_DEAL)
    assert match.phase == "deal_over" and len(other.history) == 1 and other.phase != "deal_over"
    match.apply(NEXT_DEAL)
    play_deal(match, rng)
    assert match.notes[: len(notes)] == notes and len(match.notes) > len(notes)


def test_a_match_sets_the_level_itself():
    with pytest.raises(ValueError, match="level of each deal follows the score"):
        new_match(1, level="5")
    assert new_match(1, qiangdi=True).rules.qiangdi


# --- 第二局: a dealer side that cannot declare ----------------------------------------------------------


def test_by_default_a_dealer_side_that_cannot_declare_keeps_the_deal():
    game = Game(Rules(), stacked(dealt={1: "BJ H3"}), 0, dealer=0)
    game.apply(game.action_for(c("BJ H3")))
    pass_until(game, lambda g: g.phase == "bury")
    assert game.dealer == 0


def test_with_dealer_must_declare_the_standing_declarer_takes_the_deal_from_a_side_that_cannot_declare():
    game = Game(Rules(dealer_must_declare=True), stacked(dealt={1: "BJ H3"}), 0, dealer=0)
    assert not game.rules.declarations_in(game.hands[0] + game.hands[2] + game.stock[game.dealt:])
    game.apply(game.action_for(c("BJ H3")))
    pass_until(game, lambda g: g.phase == "bury")
    assert game.dealer == 1 and game.current_player == 1 and len(game.hand(1)) == 33
    assert "could not declare (亮不起牌)" in game.notes[-1]


def test_with_dealer_must_declare_a_side_that_could_declare_keeps_the_deal():
    game = Game(Rules(dealer_must_declare=True), stacked(dealt={1: "BJ H3", 2: "RJ D3"}), 0, dealer=0)
    game.apply(game.action_for(c("BJ H3")))
    pass_until(game, lambda g: g.phase == "bury")
    assert game.dealer == 0 and game.rules.trump_suit == "H"


# --- protocol -----------------------------------------------------------------------------------


def test_describe_status_and_result_read_in_words():
    game = to_play({0: "HA HA HK"})
    play = game.action_for(c("HA HA"))
    assert game.describe(play) == "對子 pair — ♥A ♥A"
    assert game.describe(PASS_DECLARE) == "Pass 不亮"
    assert game.status() == "Level 3 · trump ♠ 黑桃 · dealer South 南 · attackers East–West 東西 0 points · trick 1"
    assert game.result()["winner"] is None


def test_clone_is_independent():
    game = new_game(3)
    copy = game.clone()
    copy.apply(copy.legal_actions()[0])
    assert snapshot(game) != snapshot(copy)
    assert len(game.log) == 0


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), qiangdi=st.booleans(), level=st.sampled_from(["3", "5", "10", "A"]))
def test_random_games_keep_all_108_cards_and_refuse_illegal_actions_unchanged(seed, qiangdi, level):
    game = new_game(seed, qiangdi=qiangdi, level=level)
    rng = random.Random(seed)
    while not game.is_over:
        assert_all_cards(game)
        actions = game.legal_actions()
        assert actions and len(set(actions)) == len(actions)
        seat = game.current_player
        if game.phase == "play" and rng.random() < 0.3:
            hand = game.hand(seat)
            size = len(game.trick[0][1].cards) if game.trick else rng.randint(1, 3)
            cards = rng.sample(hand, min(size, len(hand)))
            before = snapshot(game)
            try:
                action = game.action_for(cards)
            except IllegalPlay as error:
                assert str(error)
                with pytest.raises(IllegalPlay):
                    game.apply(Play("single", tuple(cards)))
                assert snapshot(game) == before
            else:
                if game.trick:
                    assert game.rules.follow_error(hand, game.trick[0][1].cards, cards) is None
                game.apply(action)
                continue
        game.apply(rng.choice(actions))
    assert_all_cards(game)
    result = game.result()
    assert result["winner"] in (0, 1) and result["summary"]


def test_every_listed_follow_is_legal_and_small_hands_list_every_legal_follow():
    checked = 0
    for seed in range(8):
        game = new_game(seed)
        rng = random.Random(seed)
        while not game.is_over:
            actions = game.legal_actions()
            if game.phase == "play" and game.trick:
                hand, lead = game.hand(game.current_player), game.trick[0][1].cards
                assert all(game.rules.follow_error(hand, lead, a.cards) is None for a in actions)
                if len(hand) <= 12:
                    legal = {game.rules.sorted_cards(m) for m in _multisets(hand, len(lead))
                             if game.rules.follow_error(hand, lead, m) is None}
                    assert legal == {a.cards for a in actions}
                    checked += 1
            game.apply(rng.choice(actions))
    assert checked > 50


def test_choices_are_choice_objects_and_card_actions_carry_kind_and_cards():
    game = new_game(1)
    while not game.is_over:
        for action in game.legal_actions():
            assert isinstance(action, Choice) or (action.kind and action.cards)
        game.apply(choose(game, random.Random(0)))
