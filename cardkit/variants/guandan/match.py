"""A 掼蛋 match: deals chained from level 2 until one side passes A.

`Match` follows the Game protocol too, so a table widget can play a whole match: while a deal is being
played every call goes to that deal; once it is over the match waits for one action, `NEXT_DEAL`
(taken by the 末游, who deals next in the seed), which settles levels, shuffles and deals again, with
tribute (进贡 / 还贡 / 抗贡) first.

Level rules (升级规则 of the seed), held as data in `game.LEVEL_UP` and `STREAK_FROM` below:

- the side of 头游 goes up 3 (双下), 2 (an opponent is 末游) or 1 (the partner is 末游);
- the next deal is played at the level of the side that won the last one;
- a player who is 头游 3 times in a row lifts their side 1 more level, 4 times 2 more, and so on;
- a player who is 下 (末游, or either loser of a 双下) 3 times in a row drops their side 1 level, 4 times
  2, and so on; when both players of a side are due a drop, only the larger one counts (岐义的统一);
- levels stay between 2 and A; a side at A wins the match by winning a deal played at A with the
  partner not 末游.
"""

from __future__ import annotations

import random

from ... import game as protocol
from ...cards import Rank
from ...game import SIDE_NAMES
from .game import Game, deal_hands, new_game
from .rules import LEVELS, Rules

STREAK_FROM = 3
"""头游 or 下 this many times lifts or drops a side: n times → n - 2 levels that deal
("3次升1级, 4次升2级, 以上类推")."""


class Match(protocol.Match):
    """Deals chained into a match. Options: ``streaks="consecutive"`` (the seed's 3-times rules count
    deals in a row), ``"total"`` (count over the whole match) or ``None`` (off); `max_deals` stops a
    match that lasts too long (``None``: play until a side passes A); other keywords go to `Rules`."""

    variant = "guandan"

    def __init__(self, seed: int = 0, *, streaks: str | None = "consecutive", max_deals: int | None = None,
                 **rule_options):
        if streaks not in ("consecutive", "total", None):
            raise ValueError(f"streaks is 'consecutive', 'total' or None, not {streaks!r}")
        if "level" in rule_options:
            raise ValueError("a match always starts at level 2; the level follows the score")
        Rules(**rule_options)  # reject unknown options now, with Rules' own message
        super().__init__(max_deals)
        self.seed = seed
        self.streaks = streaks
        self.rule_options = dict(rule_options)
        self._rng = random.Random(seed)
        self.levels = [Rank.TWO, Rank.TWO]
        self.first_count = [0] * 4
        self.down_count = [0] * 4
        self.deal = new_game(self._rng.getrandbits(32), level="2", **self.rule_options)

    # --- settling a finished deal ------------------------------------------------------------------

    def _record(self, res: dict) -> None:
        order, first = res["finish_order"], res["finish_order"][0]
        side = first % 2
        downs = set(order[2:]) if res["double_down"] else {order[3]}
        for seat in range(4):
            if self.streaks == "consecutive":
                self.first_count[seat] = self.first_count[seat] + 1 if seat == first else 0
                self.down_count[seat] = self.down_count[seat] + 1 if seat in downs else 0
            elif self.streaks == "total":
                self.first_count[seat] += seat == first
                self.down_count[seat] += seat in downs

        def extra(times: int) -> int:
            return times - (STREAK_FROM - 1) if self.streaks and times >= STREAK_FROM else 0

        change = [0, 0]
        change[side] += res["levels_up"]
        bonus = extra(self.first_count[first])
        change[side] += bonus
        drops = [max(extra(self.down_count[s]) for s in (k, k + 2)) for k in (0, 1)]
        for k in (0, 1):
            change[k] -= drops[k]
        before = [lv.value for lv in self.levels]
        played_at = self.deal.rules.level
        passed_a = (played_at is Rank.ACE and self.levels[side] is Rank.ACE and res["how"] != "partner_last")
        if passed_a:
            self.winner = side
        else:
            for k in (0, 1):
                index = LEVELS.index(self.levels[k]) + change[k]
                self.levels[k] = LEVELS[min(max(index, 0), len(LEVELS) - 1)]
        self.history.append({
            "deal": len(self.history) + 1,
            "level": played_at.value,
            "finish_order": list(order),
            "double_down": res["double_down"],
            "winner": side,
            "levels_up": res["levels_up"],
            "first_bonus": bonus,
            "drops": drops,
            "levels_before": before,
            "levels_after": [lv.value for lv in self.levels],
            "passed_a": passed_a,
        })

    def _deal_next(self) -> Game:
        last = self.history[-1]
        rules = Rules(level=self.levels[last["winner"]], **self.rule_options)
        hands, _ = deal_hands(random.Random(self._rng.getrandbits(32)))
        return Game(rules, hands, previous={"order": last["finish_order"], "double_down": last["double_down"]})

    def _next_to_act(self) -> int:
        return self.deal.finished[3]

    # --- the deal's own extras ---------------------------------------------------------------------

    def actions_for(self, cards) -> list:
        return [self.action_for(cards)] if self.deal.is_over else self.deal.actions_for(cards)

    def hand_info(self, seat: int) -> dict:
        return self.deal.hand_info(seat)

    def status(self) -> str:
        levels = f"levels {SIDE_NAMES[0]} {self.levels[0].value}, {SIDE_NAMES[1]} {self.levels[1].value}"
        return f"Deal {self.deals_played} · {levels} · {self.deal.status()}"

    def clone(self) -> Match:
        other = object.__new__(Match)
        other.__dict__.update(self.__dict__)
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other.levels = list(self.levels)
        other.first_count = list(self.first_count)
        other.down_count = list(self.down_count)
        other.history = [dict(h) for h in self.history]
        other.rule_options = dict(self.rule_options)
        other.deal = self.deal.clone()
        return other

    def result(self) -> dict:
        self._settle()
        levels = {SIDE_NAMES[k]: self.levels[k].value for k in (0, 1)}
        if self.winner is not None:
            summary = f"{SIDE_NAMES[self.winner]} passed A and win the match after {len(self.history)} deals"
        elif self.is_over:
            summary = f"stopped after {len(self.history)} deals: levels " + ", ".join(f"{k} {v}" for k, v in
                                                                                    levels.items())
        else:
            summary = "match in progress: levels " + ", ".join(f"{k} {v}" for k, v in levels.items())
        last = self.deal.result()
        return {
            "winner": self.winner,
            "deals": len(self.history),
            "levels": levels,
            "last_deal": last["summary"],
            "history": [dict(h) for h in self.history],
            "summary": summary,
        }


def new_match(seed: int = 0, **options) -> Match:
    """A match from level 2; every deal is shuffled from `random.Random(seed)`."""
    return Match(seed, **options)

