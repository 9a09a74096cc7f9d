"""The 花花兒 bot: legal in every position, whole deals finish, and its few habits."""

import random
from collections import Counter

from cardkit import PASS, new_deck, parse_cards
from cardkit.bots.huahuar import choose
from cardkit.variants.huahuar import NO_HUO, Game, Huo, Rules

ALL_CARDS = Counter(new_deck(4))


def deal(*hands: str, first: int = 0) -> Game:
    return Game(Rules(), [parse_cards(h) for h in hands], first)


def test_bot_leads_its_weakest_whole_group():
    game = deal("C3 D3 H9 D9 D9 SK", "C4", "C4", "C4")
    assert str(choose(game, random.Random(0))) == "一對 3"


def test_bot_goes_out_when_one_play_takes_its_whole_hand():
    game = deal("H8 H8 H8", "C9 C9", "C4", "C4", first=1)
    game.apply(game.action_for(parse_cards("C9 C9")))
    game.apply(PASS)
    game.apply(PASS)
    assert game.current_player == 0 and choose(game, random.Random(0)).cards == tuple(parse_cards("H8 H8 H8"))


def test_bot_answers_with_the_weakest_play_that_beats():
    game = deal("C4 C9", "C5 C8 CK CA C9", "C4 C9", "C4 C9")
    game.apply(game.action_for(parse_cards("C4")))
    assert game.phase == "play" and game.current_player == 1  # nobody holds a pair of 4s: no 伙 question
    assert str(choose(game, random.Random(0))) == "單只 5"


def test_bot_does_not_overtake_a_winning_partner():
    game = deal("C9 C3", "C4 C3", "CK C3", "CA C3", first=0)
    game.apply(game.action_for(parse_cards("C9")))
    game.apply(PASS)
    game.apply(game.action_for(parse_cards("CK")))
    assert game.current_player == 3
    game.apply(PASS)
    assert game.current_player == 0 and choose(game, random.Random(0)) == PASS


def test_bot_keeps_a_higher_type_for_a_trick_worth_it():
    # a single on the table is not worth four of a kind (every higher type is a bomb here)
    game = deal("C3 C5 C6 C7 C8 C9 C9 C9", "H5 H5 D5 C5 S10 C10 C10 C10", "C4 C9", "C4 C9")
    game.apply(game.action_for(parse_cards("C3")))
    assert choose(game, random.Random(0)) == PASS


def test_bot_huo_an_opponents_single_but_not_its_partners():
    game = deal("H7 C9", "S7 D7 C9", "C5 C9", "C6 C9")
    game.apply(game.action_for(parse_cards("H7")))
    assert game.phase == "huo" and isinstance(choose(game, random.Random(0)), Huo)
    game = deal("H7 C9", "C5 C9", "S7 D7 C9", "C6 C9")
    game.apply(game.action_for(parse_cards("H7")))
    assert game.current_player == 2 and choose(game, random.Random(0)) == NO_HUO


def test_bot_sheds_the_most_cards_in_the_last_hand():
    game = deal("H3", "S9 D9 C5", "H4", "H6 C8 C9 C10 CJ C2")
    game.apply(game.action_for(parse_cards("H3")))
    game.apply(PASS)
    game.apply(game.action_for(parse_cards("H4")))
    assert game.last_hand_seat == 3
    assert choose(game, random.Random(0)) != PASS  # winning the trick beats passing
    game = deal("H5", "C9 D9", "D5 C5", "C6 C8 C9 C10 CJ C2")
    game.apply(game.action_for(parse_cards("H5")))
    game.apply(game.action_for(parse_cards("D5 C5")))
    assert game.last_hand_seat == 3 and str(choose(game, random.Random(0))) == "連子 8–J"
