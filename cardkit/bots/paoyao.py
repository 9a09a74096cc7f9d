"""A heuristic 刨幺 player that sees only its own hand, the table, the log and the card counts.

It goes out when its whole hand is one play, never overtakes a partner who holds the trick, answers
with the weakest play that wins, keeps 4s and an A together for a 幺 and N of a kind whole for a 路,
spends a bomb only when the trick carries points or an opponent is about to go out, and always says
雪牌 when it has won (雪 never costs the winners anything: 免雪 scores what 不雪 scores).
"""

from __future__ import annotations

import random
from collections import Counter

from ..cards import Rank
from ..game import PASS, same_side
from ..variants.paoyao import XUE, Combo, card_points

_BOMB_WORTH_POINTS = 15  # a trick carrying this many points is worth a bomb
_DANGER_CARDS = 5        # an opponent holding this few cards may go out soon


def choose(game, rng: random.Random | None = None):
    """The bot's action for the player to act (always one of ``game.legal_actions()``)."""
    actions = game.legal_actions()
    if game.phase == "xue":
        return XUE
    seat = game.current_player
    hand = game.hand(seat)
    plays = [action for action in actions if isinstance(action, Combo)]
    for play in plays:
        if len(play.cards) == len(hand):
            return play
    counts = Counter(card.rank for card in hand)
    top = game.top
    if top is None:
        return _lead(plays, counts)
    return _follow(game, seat, top, plays, counts)


def _cost(play: Combo, counts: Counter) -> int:
    """How much a play spoils the rest of the hand: broken 路, a broken 幺, point cards given up."""
    used = Counter(card.rank for card in play.cards)
    cost = 0
    for rank, n in used.items():
        left = counts[rank] - n
        if counts[rank] >= 3 and 0 < left and play.kind != "lu":
            cost += 3
        if rank in (Rank.FOUR, Rank.ACE) and counts[Rank.ACE] and counts[Rank.FOUR] >= 2 and play.kind != "yao":
            cost += 4
    cost += card_points(play.cards) // 5
    return cost


def _height(play: Combo) -> int:
    return play.rank + (play.size - 1 if play.kind in ("straight", "pair_straight") else 0)


def _lead(plays: list[Combo], counts: Counter) -> Combo:
    plain = [play for play in plays if not play.is_bomb]
    if not plain:
        return min(plays, key=lambda play: play.strength)
    return min(plain, key=lambda play: (2 * _cost(play, counts) + _height(play) - len(play.cards), play.rank))


def _follow(game, seat: int, top, plays: list[Combo], counts: Counter):
    top_seat, _ = top
    if same_side(top_seat, seat):
        return PASS
    plain = [play for play in plays if not play.is_bomb]
    if plain:
        best = min(plain, key=lambda play: (_cost(play, counts), play.rank))
        if _cost(best, counts) <= 2 or _trick_points(game) >= 10:
            return best
    bombs = [play for play in plays if play.is_bomb]
    if bombs and _bomb_worthwhile(game, seat):
        return min(bombs, key=lambda play: play.strength)
    return PASS


def _trick_points(game) -> int:
    return sum(card_points(action.cards) for _, action in game.trick)


def _bomb_worthwhile(game, seat: int) -> bool:
    sizes = game.hand_sizes()
    opponent_close = any(0 < sizes[other] <= _DANGER_CARDS for other in range(4) if not same_side(other, seat))
    return _trick_points(game) >= _BOMB_WORTH_POINTS or opponent_close or sizes[seat] <= _DANGER_CARDS
