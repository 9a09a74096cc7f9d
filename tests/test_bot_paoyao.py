"""The 刨幺 bot: only legal moves, whole deals to the end, and the habits it promises."""

from __future__ import annotations

import random
from collections import Counter

from cardkit import PASS, parse_cards
from cardkit.bots import choose
from cardkit.variants.paoyao import XUE, Game, Rules, new_game


def deal(h0: str, h1: str, h2: str, h3: str, first: int = 0) -> Game:
    return Game(Rules(), [parse_cards(h) for h in (h0, h1, h2, h3)], first)


def test_bot_deals_end_in_each_way_the_seed_names():
    """Legality and card keeping over 200 bot deals: tests/test_protocol.py. Here: the bots reach 扛旗,
    雙飛 and 140 alike, so every ending is exercised."""
    reasons = Counter()
    for seed in range(60):
        game = new_game(seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(choose(game, rng))
        reasons[game.result()["reason"]] += 1
    assert set(reasons) >= {"kangqi", "shuangfei", "140"}


def test_bot_goes_out_when_its_hand_is_one_play():
    game = deal("S9 S10 SJ", "S4 H4", "S5", "S6")
    assert choose(game).cards == tuple(parse_cards("S9 S10 SJ"))


def test_bot_does_not_overtake_its_partner():
    game = deal("S9 S4", "S5 S8", "SA S3 H3 S6", "S7 S8")
    game.apply(game.action_for(parse_cards("S9")))
    game.apply(PASS)
    assert choose(game) == PASS


def test_bot_beats_an_opponent_with_the_weakest_winning_single():
    game = deal("S9 S4 H6", "S10 SA SQ S6 H4", "S5 S6", "S7 S8")
    game.apply(game.action_for(parse_cards("S9")))
    assert choose(game).cards == tuple(parse_cards("S10"))


def test_bot_leads_its_weakest_group():
    game = deal("S5 S6 S7 SQ SQ S3 S2", "S4 H4", "S5", "S6")
    assert choose(game).cards == tuple(parse_cards("S5 S6 S7"))


FILLER = "S4 H5 D6 C7 S8 H9 D10 CJ SQ"  # keeps every hand long, so nobody is about to go out


def test_bot_keeps_its_bomb_unless_the_trick_carries_points():
    game = deal("S9 H9 " + FILLER, "S6 H6 D6 " + FILLER, FILLER, FILLER)
    game.apply(game.action_for(parse_cards("S9 H9")))
    assert choose(game) == PASS
    game = deal("SK HK " + FILLER, "S6 H6 D6 " + FILLER, FILLER, FILLER)
    game.apply(game.action_for(parse_cards("SK HK")))
    assert choose(game).kind == "lu"


def test_bot_always_chooses_xue_since_it_never_costs_the_winners():
    game = Game(Rules(), [parse_cards(h) for h in ("SK S4 H4", "S5 S6 S7", "S8 S9 S10", "SJ SQ S3")], 0)
    game.won[0].extend(parse_cards("SK HK DK CK SK HK DK CK S10 H10 D10 C10 S5 H5"))
    game.apply(game.action_for(parse_cards("SK")))
    for _ in range(3):
        game.apply(PASS)
    assert game.phase == "xue" and choose(game) == XUE
