"""A heuristic 刨幺 player that sees only its own hand, the table, the log and the card counts.

It sees its hand as groups (幺 and 路 first, then 龍, pairs, singles; `_groups`). It goes out when its
whole hand is one play, never overtakes a partner who holds the trick, leads the play that leaves the
fewest groups (lowest first), answers with the weakest play that does not break a group unless the
trick carries points, spends a bomb only for a trick worth 15 points or when someone is about to go
out, and always says 雪牌 when it has won (雪 never costs the winners anything: 免雪 scores what 不雪
scores).
"""

from __future__ import annotations

import random
from collections import Counter

from ..cards import Joker, Rank
from ..game import PASS, same_side
from ..variants.paoyao import RANK_ORDER, XUE, Combo, card_points

_BOMB_WORTH_POINTS = 15  # a trick carrying this many points is worth a bomb
_DANGER_CARDS = 5        # an opponent holding this few cards may go out soon
_RUN = RANK_ORDER[:RANK_ORDER.index(Rank.ACE) + 1]


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


def _groups(counts: Counter) -> int:
    """A rough count of the plays needed to shed these cards: bombs, then runs, then pairs, then singles."""
    left = Counter(counts)
    groups = 0
    if left[Rank.ACE] and left[Rank.FOUR] >= 2:
        groups += 1
        left[Rank.ACE] -= 1
        left[Rank.FOUR] = 0
    for rank in list(left):
        if left[rank] >= 3 and not isinstance(rank, Joker):
            groups += 1
            left[rank] = 0
    if left[Joker.BIG] + left[Joker.SMALL] >= 2:
        groups += 1
        left[Joker.BIG] = left[Joker.SMALL] = 0
    for width in (2, 1):
        start = 0
        while start < len(_RUN):
            end = start
            while end < len(_RUN) and left[_RUN[end]] >= width:
                end += 1
            if end - start >= 3:
                groups += 1
                for rank in _RUN[start:end]:
                    left[rank] -= width
            start = max(end, start + 1)
    return groups + sum((n + 1) // 2 for n in left.values() if n > 0)


def _after(play: Combo, counts: Counter) -> int:
    return _groups(counts - Counter(card.rank for card in play.cards))


def _height(play: Combo) -> int:
    return play.rank + (play.size - 1 if play.kind in ("straight", "pair_straight") else 0)


def _lead(plays: list[Combo], counts: Counter) -> Combo:
    plain = [play for play in plays if not play.is_bomb]
    if not plain:
        return min(plays, key=lambda play: play.strength)
    return min(plain, key=lambda play: (_after(play, counts), _height(play), -len(play.cards)))


def _follow(game, seat: int, top, plays: list[Combo], counts: Counter):
    top_seat, _ = top
    if same_side(top_seat, seat):
        return PASS
    plain = [play for play in plays if not play.is_bomb]
    if plain:
        best = min(plain, key=lambda play: (_after(play, counts), _height(play)))
        spoils = _after(best, counts) > _groups(counts) - 1
        if not spoils or _trick_points(game) >= 10 or _pressed(game, seat):
            return best
    bombs = [play for play in plays if play.is_bomb]
    if bombs and (_trick_points(game) >= _BOMB_WORTH_POINTS or _pressed(game, seat)):
        return min(bombs, key=lambda play: play.strength)
    return PASS


def _trick_points(game) -> int:
    return sum(card_points(action.cards) for _, action in game.trick)


def _pressed(game, seat: int) -> bool:
    """An opponent is about to go out, or this player is."""
    sizes = game.hand_sizes()
    opponent_close = any(0 < sizes[other] <= _DANGER_CARDS for other in range(4) if not same_side(other, seat))
    return opponent_close or sizes[seat] <= _DANGER_CARDS
