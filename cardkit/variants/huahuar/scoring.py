"""花花兒 settlement: 清方數, 獎上游, 罰反牌, 定成敗, 計分值 -- the seed's five steps."""

from __future__ import annotations

import math

from ...game import SEAT_NAMES, partner

SCORE_SCALE: tuple[tuple[int, int], ...] = (
    (16, 1), (20, 2), (24, 3), (27, 4), (29, 5), (31, 6), (33, 7), (35, 8), (37, 9), (39, 10), (40, 11),
)
"""計分值: (most 方 of the winning side's best player, up to and including, → points).
Above 40 方 every further 方 adds a point; a loser in 雙欠 gives one more."""


def settle(rules, won: list, leftovers: list, out_order: list[int]) -> dict:
    """清方數, 獎上游, 罰反牌, 定成敗, 計分值 -- the seed's five steps, in order.

    Work is in counts: each player holds `fang` groups of four (齊 = 8) and `loose`
    cards. Cards are paid from loose cards first, then by breaking a 方 into four
    cards; a 方 is paid from 方 first, then with 14 loose cards. What a player cannot
    pay the partner pays; what neither can is 雙欠. 14 散張 become 1 方 at the end.
    """
    groups = [rules._groups_of(pile) for pile in won]
    fang, loose = [f for f, _ in groups], [lo for _, lo in groups]
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

    def pay_cards(seat: int, n: int) -> int:
        take = min(loose[seat], n)
        loose[seat] -= take
        n -= take
        while n and fang[seat]:
            fang[seat] -= 1
            loose[seat] += 4
            take2 = min(loose[seat], n)
            loose[seat] -= take2
            n -= take2
            take += take2
        paid_cards[seat] += take
        return n

    def pay_fang(seat: int, n: int) -> int:
        take = min(fang[seat], n)
        fang[seat] -= take
        n -= take
        while n and loose[seat] >= 14:
            loose[seat] -= 14
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

    final = [(fang[s] + loose[s] // 14, loose[s] % 14) for s in range(4)]
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
    names = " & ".join(SEAT_NAMES[s] for s in (winner, winner + 2))
    summary = (f"{names} win by {decided_by}: {side_fang[winner]} 方 to {side_fang[1 - winner]}; "
               f"best player {best} 方 → {score} point{'s' if score != 1 else ''}"
               + (" (+1 雙欠)" if shuangqian[1 - winner] else ""))
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
