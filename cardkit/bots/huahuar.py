"""A cheap heuristic player for 花花兒 (huahuar), through the Game protocol only.

It leads its weakest whole group, answers with the weakest play of the same type
that beats the table, lets a winning partner be, and spends a higher type (every
higher type is a bomb in this game) only when the trick is worth it or an opponent
is close to going out. It answers an opponent's single by 伙 (a pair of its rank
wins the trick at once) unless that would break a group of four or five. In the
last hand of a deal it sheds as many cards as it can.
"""

from __future__ import annotations

import random
from collections import Counter

from cardkit.game import PASS, same_side
from cardkit.variants.huahuar import NO_HUO, Combo, Huo, Rules

BIG_TRICK = 6  # cards on the table that make a bomb worth spending
DANGER = 6  # an opponent with this few cards left is stopped at any price


def choose(game, rng: random.Random | None = None):
    """The bot's action for the current player (always one of ``game.legal_actions()``)."""
    seat = game.current_player
    actions = game.legal_actions()
    counts = Counter(Rules.value(c) for c in game.hand(seat))
    if game.phase == "huo":
        return _huo_answer(game, seat, actions, counts)
    plays = [a for a in actions if isinstance(a, Combo)]
    hand_size = sum(counts.values())
    going_out = [p for p in plays if len(p.cards) == hand_size]
    if going_out:
        return going_out[0]
    huo = [a for a in actions if isinstance(a, Huo)]
    if game.last_hand_seat == seat:
        # the deal ends after this play: every card still held is 反牌, so shed the most
        return max(plays + huo, key=lambda p: len(p.cards), default=PASS)
    if game.to_beat is None:
        return min(plays, key=lambda p: _lead_key(p, counts)) if plays else PASS
    if same_side(game.last_player, seat):
        return PASS
    if huo:
        return huo[0]
    return _answer(game, plays, counts)


def _breaks(play: Combo, counts: Counter) -> int:
    """How many cards the play leaves behind in the ranks it touches (0 = it plays whole groups)."""
    used = Counter(Rules.value(c) for c in play.cards)
    return sum(counts[v] - n for v, n in used.items())


def _lead_key(play: Combo, counts: Counter):
    low = min(Rules.value(c) for c in play.cards)
    return (_breaks(play, counts) > 0, play.rung > 1, low, -len(play.cards), play.loud)


def _answer(game, plays: list[Combo], counts: Counter):
    rung = game.to_beat.rung
    table = len(game.table)
    threat = len(game.hand(game.last_player)) <= DANGER or game.last_hand_seat is not None
    same = [p for p in plays if p.rung == rung]
    if same:
        best = min(same, key=lambda p: (_breaks(p, counts) > 0, p.value, p.loud))
        if not _breaks(best, counts) or table >= 4 or threat:
            return best
    if table >= BIG_TRICK or threat:
        higher = [p for p in plays if p.rung > rung]
        if higher:
            return min(higher, key=lambda p: (p.rung, _breaks(p, counts) > 0, p.value, p.loud))
    return PASS


def _huo_answer(game, seat: int, actions: list, counts: Counter):
    huo = [a for a in actions if isinstance(a, Huo)]
    if not huo or same_side(game.last_player, seat):
        return NO_HUO
    single = game.to_beat
    held = counts[single.value] if single.kind == "single" else counts[16] + counts[17]
    if single.kind == "single" and held in (4, 5):
        return NO_HUO
    if single.kind != "single" and held > 3:
        return NO_HUO
    return min(huo, key=lambda h: h.combo.value)
