"""The Game protocol of cardkit/game.py, checked the same way for all four games.

Widgets, bots and benchmarks drive every game only through this protocol, so a
game that breaks it breaks them all; the per-game modules test the rules.
"""

import random
from collections import Counter

import pytest

from cardkit import IllegalPlay, new_deck
from cardkit.bots import choose
from cardkit.game import Choice
from cardkit.variants import NAMES, load

DECKS = {"huahuar": 4, "guandan": 2, "shengji": 2, "paoyao": 2}


def all_cards(game) -> Counter:
    return Counter(card for cards in game.zones().values() for card in cards)


def snapshot(game):
    return (
        {zone: Counter(cards) for zone, cards in game.zones().items()},
        game.current_player,
        game.phase,
        len(game.log),
        game.status(),
    )


@pytest.fixture(params=NAMES)
def variant(request):
    return request.param


def test_new_game_names_its_variant_and_deals_every_card(variant):
    game = load(variant).new_game(7)
    assert game.variant == variant
    assert all_cards(game) == Counter(new_deck(DECKS[variant]))
    assert game.current_player in range(4) and not game.is_over


def test_new_game_is_reproducible_from_its_seed(variant):
    a, b = load(variant).new_game(11), load(variant).new_game(11)
    assert [a.hand(s) for s in range(4)] == [b.hand(s) for s in range(4)]


def test_hands_are_shown_in_the_games_order(variant):
    game = load(variant).new_game(3)
    for seat in range(4):
        hand = game.hand(seat)
        assert hand == sorted(hand, key=game.rules.sort_key)


def test_every_action_has_a_kind_cards_and_words(variant):
    game = load(variant).new_game(5)
    for action in game.legal_actions():
        assert isinstance(action.kind, str) and isinstance(action.cards, tuple)
        assert isinstance(game.describe(action), str) and game.describe(action)


def test_an_action_from_nowhere_is_refused_and_changes_nothing(variant):
    game = load(variant).new_game(5)
    before = snapshot(game)
    with pytest.raises(IllegalPlay):
        game.apply(Choice("nonsense", "not an action of any game"))
    assert snapshot(game) == before


def test_cards_the_player_does_not_hold_are_refused_with_a_reason(variant):
    game = load(variant).new_game(5)
    seat = game.current_player
    missing = next(card for card in new_deck() if card not in game.hand(seat))
    before = snapshot(game)
    with pytest.raises(IllegalPlay) as err:
        game.action_for([missing])
    assert str(err.value)
    assert snapshot(game) == before


def test_a_clone_is_independent(variant):
    game = load(variant).new_game(9)
    copy = game.clone()
    before = snapshot(game)
    copy.apply(copy.legal_actions()[0])
    assert snapshot(game) == before and len(copy.log) == 1


@pytest.mark.parametrize("seed", range(6))
def test_random_deals_keep_every_card_and_finish(variant, seed):
    """Random legal actions to the end: every card stays in exactly one zone, each step."""
    game = load(variant).new_game(seed)
    rng = random.Random(seed)
    deck = Counter(new_deck(DECKS[variant]))
    for _ in range(5000):
        if game.is_over:
            break
        actions = game.legal_actions()
        assert actions, f"{variant}: no legal action in phase {game.phase}"
        action = rng.choice(actions)
        card_actions = [a for a in actions if a.cards]
        if card_actions and rng.random() < 0.2:
            probe = rng.choice(card_actions)
            assert Counter(game.action_for(list(probe.cards)).cards) == Counter(probe.cards)
        game.apply(action)
        assert all_cards(game) == deck
    assert game.is_over and game.current_player is None
    result = game.result()
    assert result["winner"] in (0, 1, None) and isinstance(result["summary"], str)


def test_200_bot_only_deals_finish_with_legal_actions_and_every_card_kept(variant):
    """Issue 8: the bots never make an illegal move, over 200 seeded bot-only deals per game."""
    deck = Counter(new_deck(DECKS[variant]))
    for seed in range(200):
        game = load(variant).new_game(seed)
        rng = random.Random(seed)
        for _ in range(5000):
            if game.is_over:
                break
            action = choose(game, rng)
            assert action in game.legal_actions(), f"{variant} seed {seed}: {game.describe(action)}"
            game.apply(action)
        assert game.is_over and all_cards(game) == deck
        assert game.result()["winner"] in (0, 1, None)


@pytest.mark.parametrize("name", ["huahuar", "guandan", "paoyao"])
def test_shedding_rules_explain_refusals_the_same_way(name):
    """`why_not_pattern` and `beat_error` give None where the cards are fine, else a sentence."""
    rules = load(name).Rules()
    hand = load(name).new_game(4).hand(0)
    plays = rules.legal_plays(hand)
    low = plays[0]
    high = next(p for p in plays if rules.beats(p, low))
    assert rules.why_not_pattern(list(low.cards)) is None
    assert rules.beat_error(high, low) is None
    assert isinstance(rules.beat_error(low, high), str) and rules.beat_error(low, high)
    assert isinstance(rules.why_not_pattern([]), str)


@pytest.mark.parametrize("name", ["guandan", "shengji"])
def test_a_match_follows_the_protocol_and_waits_for_next_deal_between_deals(name):
    from cardkit.game import NEXT_DEAL

    match = load(name).new_match(3, max_deals=2)
    rng = random.Random(3)
    waits = 0
    while not match.is_over:
        if match.phase == "deal_over":
            waits += 1
            assert match.legal_actions() == [NEXT_DEAL] and match.current_player in range(4)
            before = snapshot(match)
            with pytest.raises(IllegalPlay):
                match.action_for(new_deck()[:1])
            assert snapshot(match) == before
        match.apply(choose(match, rng))
        assert all_cards(match) == Counter(new_deck(2))
    assert waits == 1 and match.phase == "over" and match.result()["deals"] == 2
    with pytest.raises(IllegalPlay):
        match.apply(NEXT_DEAL)
