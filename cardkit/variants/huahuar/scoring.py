"""花花兒 settlement: 清方數, 獎上游, 罰反牌, 定成敗, 計分值 -- the seed's five steps."""

from __future__ import annotations

import math

from ...game import SEAT_NAMES, SIDE_NAMES, partner

SCORE_SCALE: tuple[tuple[int, int], ...] = (
    (16, 1), (20, 2), (24, 3), (27, 4), (29, 5), (31, 6), (33, 7), (35, 8), (37, 9), (39, 10), (40, 11),
)
"""計分值: (most 方 of the winning side's best player, up to and including, → points).
Above 40 方 every further 方 adds a point; a loser in 雙欠 gives one more."""


def settle(rules, won: list, leftovers: list, out_order: list[int]) -> dict:
    """清方數, 獎上游, 罰反牌, 定成敗, 計分值 -- the seed's five steps, in order.

    Work is in counts: each player holds `qi` sets of sixteen (8 方 each), `fang` other
    groups of four and `loose` cards. Cards are paid from loose cards first, then by
    breaking a 方 into four cards, a 齊 last (broken, its sixteen cards are 4 方); a 方 is
    paid from 方 first, then with 14 loose cards, then out of a 齊. What a player cannot
    pay the partner pays; what neither can is 雙欠. 14 散張 become 1 方 at the end.
    """
    groups = [rules._groups_of(pile) for pile in won]
    qi, fang, loose = [g[0] for g in groups], [g[1] for g in groups], [g[2] for g in groups]
    counted = [rules.count_fang(pile) for pile in won]
    fanpai = [len(h) for h in leftovers]
    shangyou = out_order[0]
    xiayou = [s for s in range(4) if fanpai[s]] or [out_order[-1]]
    reward = [0] * 4
    paid_cards = [0] * 4
    paid_fang = [0] * 4
    owed_cards = [0] * 4
    owed_fang = [0] * 4
    shuangqian = [False, False]

    def break_one(seat: int) -> bool:
        """Break a 方 (or, when no plain 方 is left, a 齊) of `seat`; False if there is none."""
        if fang[seat]:
            fang[seat] -= 1
            loose[seat] += 4
        elif qi[seat]:
            qi[seat] -= 1
            fang[seat] += 4
        else:
            return False
        return True

    def pay_cards(seat: int, n: int) -> int:
        take = 0
        while True:
            step = min(loose[seat], n)
            loose[seat] -= step
            n -= step
            take += step
            if not n or not break_one(seat):
                break
        paid_cards[seat] += take
        return n

    def pay_fang(seat: int, n: int) -> int:
        take = 0
        while n:
            if fang[seat]:
                fang[seat] -= 1
            elif loose[seat] >= 14:
                loose[seat] -= 14
            elif qi[seat]:
                qi[seat] -= 1
                fang[seat] += 4
                continue
            else:
                break
            n -= 1
            take += 1
        paid_fang[seat] += take
        return n

    handed_over = 0
    for seat in sorted(xiayou, key=lambda s: (s - shangyou) % 4):
        owed_cards[seat] = 10
        owed_fang[seat] = math.ceil(fanpai[seat] / 4)
        before = paid_cards[seat] + paid_cards[partner(seat)]
        left = pay_cards(partner(seat), pay_cards(seat, 10))
        handed_over += paid_cards[seat] + paid_cards[partner(seat)] - before
        left_fang = pay_fang(partner(seat), pay_fang(seat, owed_fang[seat]))
        if left or left_fang:
            shuangqian[seat % 2] = True
    reward[shangyou] = 10 if rules.reward_source == "bank" else min(10, handed_over)
    loose[shangyou] += reward[shangyou]

    final = [(8 * qi[s] + fang[s] + loose[s] // 14, loose[s] % 14) for s in range(4)]
    side_fang = [final[s][0] + final[s + 2][0] for s in (0, 1)]
    side_loose = [final[s][1] + final[s + 2][1] for s in (0, 1)]
    side_fanpai = [fanpai[s] + fanpai[s + 2] > 0 for s in (0, 1)]
    if side_fang[0] != side_fang[1]:
        winner, decided_by = (0 if side_fang[0] > side_fang[1] else 1), "方"
    elif side_loose[0] != side_loose[1]:
        winner, decided_by = (0 if side_loose[0] > side_loose[1] else 1), "散張"
    elif side_fanpai[0] != side_fanpai[1]:
        winner, decided_by = (1 if side_fanpai[0] else 0), "反牌"
    else:
        winner, decided_by = shangyou % 2, "上游"
    best = max(final[winner][0], final[winner + 2][0])
    score = rules.score_for(best) + (1 if shuangqian[1 - winner] else 0)
    leftover_kind = None
    if any(fanpai):
        leftover_kind = "雙反" if sum(1 for f in fanpai if f) == 2 else "單眼"
    won_fang, won_loose = side_fang[winner], side_loose[winner]
    headline = {
        "方": f"win on 方, {won_fang} to {side_fang[1 - winner]}",
        "散張": f"win on 散張: 方 equal at {won_fang}, 散張 {won_loose} to {side_loose[1 - winner]}",
        "反牌": f"win: 方 ({won_fang}) and 散張 ({won_loose}) equal, and only {SIDE_NAMES[1 - winner]} hold 反牌",
        "上游": (f"win: 方 ({won_fang}) and 散張 ({won_loose}) equal, nobody holds 反牌, "
               f"and {SEAT_NAMES[shangyou]} went out first (上游)"),
    }[decided_by]
    best_seat = winner if final[winner][0] >= final[winner + 2][0] else winner + 2
    summary = (f"{SIDE_NAMES[winner]} {headline}; {SEAT_NAMES[best_seat]}'s {best} 方 score "
               f"{score} point{'s' if score != 1 else ''}"
               + (f" (+1: {SIDE_NAMES[1 - winner]} are 雙欠, short of their penalty)"
                  if shuangqian[1 - winner] else ""))
    return {
        "winner": winner,
        "score": score,
        "decided_by": decided_by,
        "summary": summary,
        "shangyou": shangyou,
        "xiayou": xiayou,
        "out_order": list(out_order),
        "fanpai": fanpai,
        "fanpai_kind": leftover_kind,
        "shuangqian": shuangqian,
        "side_fang": side_fang,
        "side_loose": side_loose,
        "best_fang": best,
        "players": [
            {
                "seat": s,
                "won_cards": len(won[s]),
                "fang_counted": counted[s][0],
                "loose_counted": counted[s][1],
                "reward_cards": reward[s],
                "penalty_cards": owed_cards[s],
                "penalty_fang": owed_fang[s],
                "paid_cards": paid_cards[s],
                "paid_fang": paid_fang[s],
                "fang": final[s][0],
                "loose": final[s][1],
                "fanpai": fanpai[s],
            }
            for s in range(4)
        ],
    }
