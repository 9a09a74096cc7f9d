"""A heuristic 升級 player. It sees its own hand, the table, the finished tricks and the declarations.

It declares a suit it is long in and never overrides its partner; buries cheap side cards, voiding a
short suit and keeping points out of the kitty; leads cards no unseen card can beat (a pair, tractor
or throw of them if it can), else a low card of its longest side suit; follows with the cheapest play
that takes the trick when the trick is worth it, feeds points to a partner who holds the trick, and
otherwise gives away its weakest cards.
"""

from __future__ import annotations

import random
from collections import Counter

from ..cards import new_deck
from ..game import Choice, same_side
from ..variants.shengji import POINTS, TRUMP, Declaration, Play

_DECLARE_SHARE = 0.4  # declare a suit once this share of the hand would be trump
_FULL_DECK = Counter(new_deck(2))


def choose(game, rng: random.Random | None = None):
    """The bot's action for the player to act (always one of ``game.legal_actions()``)."""
    actions = game.legal_actions()
    if len(actions) == 1:  # a forced move, or a match's next deal
        return actions[0]
    game = getattr(game, "deal", game)  # a Match: the deal being played
    seat = game.current_player
    if game.phase in ("declare", "qiangdi"):
        return _declare(game, seat, actions)
    if game.phase == "bury":
        return min(actions, key=lambda play: _burial_cost(game, seat, play))
    plays = [a for a in actions if isinstance(a, Play)]
    if not game.trick:
        return _lead(game, seat, plays)
    return _follow(game, seat, plays)


def _cost(rules, card) -> float:
    """How much giving a card away hurts: trumps most, then high cards, points a little extra."""
    return (20 if rules.is_trump(card) else 0) + rules.strength(card) + POINTS.get(card.rank, 0) * 0.6


def _declare(game, seat: int, actions):
    declarations = [a for a in actions if isinstance(a, Declaration)]
    standing = game.declaration
    passing = next(a for a in actions if isinstance(a, Choice))
    if not declarations or (standing and standing[0] != seat and same_side(standing[0], seat)):
        return passing
    hand = game.hand(seat)

    def share(d: Declaration) -> float:
        rules = game.rules.with_trump(d.trump_suit)
        return sum(rules.is_trump(c) for c in hand) / len(hand)

    best = max(declarations, key=lambda d: (share(d), d.form))
    enough = len(hand) >= 8 or game.phase == "qiangdi" or game.dealt == len(game.stock)
    return best if enough and share(best) >= _DECLARE_SHARE else passing


def _burial_cost(game, seat: int, play: Play) -> float:
    rules = game.rules
    left = Counter(game.hand(seat))
    left.subtract(play.cards)
    voids = {rules.effective_suit(c) for c in play.cards} - {rules.effective_suit(c) for c in left.elements()}
    return sum(_cost(rules, c) + 3 * POINTS.get(c.rank, 0) for c in play.cards) - 6 * len(voids - {TRUMP})


def _unseen(game, seat: int) -> list:
    seen = Counter(game.hand(seat))
    for pile in game.won:
        seen.update(pile)
    for _, play in game.trick:
        seen.update(play.cards)
    if seat == game.burier:
        seen.update(game.kitty)
    return list((_FULL_DECK - seen).elements())


def _sure(game, play: Play, unseen) -> bool:
    rules = game.rules
    effective = rules.effective_suit(play.cards[0])
    return not any(rules.unit_beaten_by(unit, effective, unseen) for unit in rules.units(play.cards))


def _lead(game, seat: int, plays: list[Play]) -> Play:
    rules = game.rules
    unseen = _unseen(game, seat)
    sure = [p for p in plays if _sure(game, p, unseen)]
    if sure:
        return max(sure, key=lambda p: (len(p.cards), not rules.is_trump(p.cards[0]),
                                        sum(POINTS.get(c.rank, 0) for c in p.cards)))
    lengths = Counter(rules.effective_suit(c) for c in game.hand(seat))
    small = [p for p in plays if p.kind in ("single", "pair")]
    return min(small, key=lambda p: (rules.is_trump(p.cards[0]), p.kind != "pair",
                                      -lengths[rules.effective_suit(p.cards[0])],
                                      sum(_cost(rules, c) for c in p.cards)))


def _follow(game, seat: int, plays: list[Play]) -> Play:
    rules = game.rules
    trick = [p.cards for _, p in game.trick]
    winner_seat = game.trick[rules.trick_winner(trick)][0]
    points = sum(POINTS.get(c.rank, 0) for cards in trick for c in cards)
    last = len(trick) == 3

    def cost(p: Play) -> float:
        return sum(_cost(rules, c) for c in p.cards)

    if same_side(winner_seat, seat):
        lead = game.trick[0][1]
        safe = last or _sure(game, lead, _unseen(game, seat)) and winner_seat == game.trick[0][0]
        if safe:
            return max(plays, key=lambda p: (sum(POINTS.get(c.rank, 0) for c in p.cards), -cost(p)))
        return min(plays, key=cost)
    winning = [p for p in plays if rules.trick_winner(trick + [p.cards]) == len(trick)]
    if winning:
        best = min(winning, key=cost)
        if points >= 10 or last or cost(best) < 25 * len(best.cards):
            return best
    return min(plays, key=cost)
