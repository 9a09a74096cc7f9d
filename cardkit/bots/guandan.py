"""A heuristic 掼蛋 player, through the Game protocol only (its own hand, the trick, the card counts).

- It goes out at once when one legal play holds its whole hand.
- Leading, it sheds its weakest group: low ranks first, longer patterns preferred, without splitting a
  pair, triple or bomb and without spending a wild (逢人配) or a bomb.
- Following an opponent, it plays the weakest answer that wins, again without wilds or broken groups
  where it can; it bombs only when the opponent is close to going out (报牌) or it is itself nearly out.
- It never overtakes its partner.
- Tribute: the highest card (the game allows nothing else); return: a low card whose rank it holds least.
"""

from __future__ import annotations

import random
from collections import Counter

_WILD_COST = 20
_SPLIT_COST = 12
_BOMB_SPLIT_COST = 40
_BOMB_COST = 100
_DANGER = 8  # an opponent with this many cards or fewer is worth a bomb


def _top(game):
    for seat, action in reversed(game.trick):
        if action.kind != "pass":
            return seat, action
    return None


def _cost(play, rules, counts: Counter) -> float:
    """How much a play costs the hand: the strength it gives away, plus penalties for waste."""
    used = Counter(c.rank for c in play.cards if not rules.is_wild(c) and c.suit is not None)
    wilds = sum(1 for c in play.cards if rules.is_wild(c))
    bomb = rules.bomb_tier(play) is not None
    cost = sum(rules.power(c) for c in play.cards) / len(play.cards)
    cost += _WILD_COST * wilds + (_BOMB_COST + 10 * rules.bomb_tier(play) if bomb else 0)
    for rank, k in used.items():
        held = counts[rank]
        if k < held:
            cost += _BOMB_SPLIT_COST if held >= 4 and not bomb else _SPLIT_COST
    return cost - 1.5 * len(play.cards)


def choose(game, rng: random.Random):
    actions = game.legal_actions()
    if len(actions) == 1 or game.phase in ("tribute", "deal_over"):
        return actions[0]
    seat = game.current_player
    rules = game.rules
    hand = game.hand(seat)
    counts = Counter(c.rank for c in hand if c.suit is not None and not rules.is_wild(c))
    if game.phase == "return":
        return min(actions, key=lambda a: (counts[a.cards[0].rank], rules.power(a.cards[0])))
    plays = [a for a in actions if a.kind != "pass"]
    for play in plays:
        if len(play.cards) == len(hand):
            return play
    top = _top(game)
    if top is None:
        return min(plays, key=lambda p: (_cost(p, rules, counts), rules.strength(p)))
    owner, _ = top
    if owner % 2 == seat % 2 or not plays:
        return next(a for a in actions if a.kind == "pass")
    plain = [p for p in plays if rules.bomb_tier(p) is None]
    if plain:
        return min(plain, key=lambda p: (_cost(p, rules, counts), rules.strength(p)))
    owner_left = game.hand_info(owner)["count"]  # public: 报牌 and the cards on the table
    if owner_left <= _DANGER or len(hand) <= 6 or rng.random() < 0.1:
        return min(plays, key=lambda p: (rules.strength(p), _cost(p, rules, counts)))
    return next(a for a in actions if a.kind == "pass")
