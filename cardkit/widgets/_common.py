"""Small pieces the game widgets share: seat names, plays in words, settlements as HTML, click points."""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..cards import Card
from ..drawing import Rect, bounds, card_at
from ..game import SEAT_NAMES, SEAT_NAMES_ZH, SIDE_NAMES, Choice

# How the log says what a seat did, by action kind; every other card action "plays".
VERBS = {"bury": "buries", "declare": "declares", "tribute": "gives", "return": "gives back"}
# Kinds whose cards only their owner sees (the buried kitty).
HIDDEN_KINDS = frozenset({"bury"})


def seat_label(seat: int) -> str:
    """``"East 東"``."""
    return f"{SEAT_NAMES[seat]} {SEAT_NAMES_ZH[seat]}"


def play_name(game, action) -> str:
    """The short name of an action, without its cards: ``"三隻 7"`` from ``"三隻 7 — ♠7 ♥7 ♦7"``."""
    return game.describe(action).split(" — ")[0]


def action_words(game, seat: int, action, viewer: int | None = None) -> str:
    """One log line: ``"East plays 三隻 7 — ♠7 ♥7 ♦7"``.

    Call it before ``game.apply(action)``: some games name a play by what it answers (騎順).
    A buried kitty shows only its size unless ``viewer`` is the seat that buried it.
    """
    name = SEAT_NAMES[seat]
    if isinstance(action, Choice):
        return f"{name}: {game.describe(action)}"
    kind = getattr(action, "kind", "")
    verb = VERBS.get(kind, "plays")
    if kind in HIDDEN_KINDS and seat != viewer:
        return f"{name} {verb} {len(action.cards)} cards"
    return f"{name} {verb} {game.describe(action)}"


def visible_point(rects: Sequence[Rect], i: int, steps: int = 10) -> tuple[float, float]:
    """A point that `card_at` maps to card ``i``: the one nearest its centre among a grid over the card.

    Cards overlap in a hand, so a card's centre is often under its neighbour; a click test needs a
    point on the part that shows.
    """
    rect = rects[i]
    x0, y0, x1, y1 = bounds([rect])
    # Only cards drawn later can cover this one, and only those that reach into its box.
    later = [r for r in rects[i + 1:] if _overlap(bounds([r]), (x0, y0, x1, y1))]
    cx, cy = rect.centre
    best = None
    for a in range(1, steps):
        for b in range(1, steps):
            x, y = rect.x + rect.w * a / steps, rect.y + rect.h * b / steps
            if rect.contains(x, y) and not any(r.contains(x, y) for r in later):
                d = (x - cx) ** 2 + (y - cy) ** 2
                if best is None or d < best[0]:
                    best = (d, x, y)
    if best is None:
        raise ValueError(f"card {i} is entirely covered by the cards drawn after it")
    point = (round(best[1], 1), round(best[2], 1))
    assert card_at(rects, *point) == i
    return point


def _overlap(a: tuple, b: tuple) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def indices_of(shown: Sequence[Card], cards: Sequence[Card]) -> list[int]:
    """Positions in ``shown`` holding ``cards`` (each position used once; equal copies are interchangeable)."""
    used: set[int] = set()
    out = []
    for card in cards:
        i = next((i for i, c in enumerate(shown) if c == card and i not in used), None)
        if i is None:
            raise ValueError(f"{card.symbol} is not in the hand shown")
        used.add(i)
        out.append(i)
    return sorted(out)


def pinyin_for(rows: Sequence[dict], name_zh: str) -> str:
    """The pinyin of the gallery row whose Chinese name starts ``name_zh`` (the longest such), or ``""``."""
    matches = [row for row in rows if row["name_zh"] and name_zh.startswith(row["name_zh"])]
    return max(matches, key=lambda row: len(row["name_zh"]))["pinyin"] if matches else ""


# --- settlements ----------------------------------------------------------------------------

# result() keys across the games, in words; keys not listed are shown with underscores as spaces.
RESULT_LABELS = {
    "winner": "winning side",
    "summary": "summary",
    "score": "score 積分",
    "scores": "score per seat",
    "points": "points per side",
    "reason": "won by",
    "reason_zh": "won by (中文)",
    "xue": "雪牌 played on",
    "xue_answers": "雪 answers",
    "grade": "雪 grade",
    "grade_zh": "雪 grade (中文)",
    "out_order": "order out",
    "finish_order": "order out",
    "places": "places 名次",
    "double_down": "双下 double down",
    "how": "how",
    "levels_up": "levels up 升级",
    "cards_left": "cards left",
    "decided_by": "decided by",
    "shangyou": "上游 first out",
    "xiayou": "下游 last with cards",
    "fanpai": "反牌 cards left over",
    "fanpai_kind": "反牌 kind",
    "shuangqian": "雙欠 cannot pay",
    "side_fang": "方 per side",
    "side_loose": "散張 per side",
    "best_fang": "best player's 方",
    "players": "per player",
    "dealer": "dealer 莊家",
    "dealer_side": "dealer's side",
    "trump": "trump 主",
    "trick_points": "points in tricks",
    "kitty_points": "points in the kitty 底牌",
    "kitty_multiplier": "kitty multiplier 扣底",
    "kitty_bonus": "kitty bonus",
    "throw_penalties": "甩牌 penalties",
    "attacker_points": "attackers' points",
    "level_change": "level change 升級",
    "last_trick_winner": "last trick won by",
    "levels": "levels 級",
    "last_deal": "last deal",
    "history": "deals so far",
    "deals": "deals played",
    "next_dealer": "next dealer",
    "won_cards": "cards won",
    "fang_counted": "方 in the cards won",
    "loose_counted": "散張 in the cards won",
    "reward_cards": "上游 reward cards",
    "penalty_cards": "cards owed",
    "penalty_fang": "方 owed",
    "paid_cards": "cards paid",
    "paid_fang": "方 paid",
    "fang": "方 after paying",
    "loose": "散張 after paying",
    "choice": "answer",
    "deal": "deal",
    "first_bonus": "头游 bonus",
    "drops": "levels dropped",
    "levels_before": "levels before",
    "levels_after": "levels after",
    "passed_a": "passed A 过A",
}
SEAT_KEYS = frozenset({"dealer", "next_dealer", "shangyou", "xiayou", "last_trick_winner", "seat", "from", "to"})
SIDE_KEYS = frozenset({"winner", "dealer_side"})
SEAT_LIST_KEYS = frozenset({"out_order", "finish_order"})
# Engines give some figures as a code plus a ``<key>_zh`` twin; the two are shown in one row.
ZH_SUFFIX = "_zh"
SUIT_WORDS = {"S": "♠ spades 黑桃", "H": "♥ hearts 紅桃", "C": "♣ clubs 梅花", "D": "♦ diamonds 方塊",
              "none": "none: no trump suit 無主"}
# What a value means where the key alone does not say it.
NONE_WORDS = {"winner": "not decided yet"}


def _scalar(value) -> bool:
    return value is None or isinstance(value, (str, int, float, bool, Card)) or hasattr(value, "value")


def _label(key: str) -> str:
    return RESULT_LABELS.get(key, key.replace("_", " "))


def _text(key: str, value) -> str:
    if value is None:
        return NONE_WORDS.get(key, "—")
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) and key in SEAT_KEYS and 0 <= value < 4:
        return SEAT_NAMES[value]
    if isinstance(value, int) and key in SIDE_KEYS and 0 <= value < 2:
        return SIDE_NAMES[value]
    if isinstance(value, str) and key == "trump":
        return SUIT_WORDS.get(value, value)
    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, dict):
        return ", ".join(f"{_label(k)} {_text(k, v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        if key in SEAT_LIST_KEYS:
            return " → ".join(SEAT_NAMES[s] for s in value)
        if key in SEAT_KEYS and all(isinstance(v, int) and 0 <= v < 4 for v in value):
            return ", ".join(SEAT_NAMES[s] for s in value) if value else "—"
        if not value:
            return "—"
        if all(isinstance(v, Card) for v in value):
            return " ".join(c.symbol for c in value)
        if all(_scalar(v) for v in value):
            if len(value) == 4:
                return " · ".join(f"{SEAT_NAMES[s]} {_text(key, v)}" for s, v in enumerate(value))
            if len(value) == 2:
                return " · ".join(f"{SIDE_NAMES[s]} {_text(key, v)}" for s, v in enumerate(value))
        return ", ".join(_text(key, v) for v in value)
    if not isinstance(value, (str, int, float)) and hasattr(value, "value"):
        return str(value.value)
    if isinstance(value, str) and "_" in value and value.isascii():
        return value.replace("_", " ")  # a code such as "opponent_last"
    return str(value)


def _with_zh(key: str, value, record: dict) -> str:
    """A figure in words, its Chinese twin (``<key>_zh``) first where the record has one."""
    text = _text(key, value)
    zh = record.get(key + ZH_SUFFIX)
    return f"{zh} {text}" if zh and zh != text else text


def _figures(record: dict) -> list[str]:
    return [k for k in record if not (k.endswith(ZH_SUFFIX) and k[:-len(ZH_SUFFIX)] in record)]


def _sub_table(rows: list[dict]) -> str:
    """Records as a table: one column per seat when there is one record per seat (figures down the
    side, so a dozen figures stay readable), else one row per record (deals so far)."""
    keys = list(dict.fromkeys(k for row in rows for k in _figures(row)))
    if len(rows) == 4 and [row.get("seat") for row in rows] == [0, 1, 2, 3]:
        head = "<th></th>" + "".join(f"<th>{html.escape(SEAT_NAMES[s])}</th>" for s in range(4))
        body = "".join(
            f"<tr><th style='text-align:left'>{html.escape(_label(k))}</th>"
            + "".join(f"<td>{html.escape(_with_zh(k, row.get(k), row))}</td>" for row in rows) + "</tr>"
            for k in keys if k != "seat"
        )
        return f"<table class='cardkit-per-seat'><tr>{head}</tr>{body}</table>"
    head = "".join(f"<th>{html.escape(_label(k))}</th>" for k in keys)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(_with_zh(k, row.get(k), row))}</td>" for k in keys) + "</tr>"
        for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def settlement_html(result: dict, title: str = "Settlement 結算") -> str:
    """A deal's ``result()`` as a small HTML table: the summary as caption, one row per figure.

    Seats and sides are named (South, East–West), per-seat and per-side lists spelled out, and a list of
    records (per player, per deal) becomes a table of its own.
    """
    rows = []
    for key in _figures(result):
        if key == "summary":
            continue
        value = result[key]
        label = html.escape(_label(key))
        if isinstance(value, (list, tuple)) and value and all(isinstance(v, dict) for v in value):
            cell = _sub_table(list(value))
        else:
            cell = html.escape(_with_zh(key, value, result))
        rows.append(f"<tr><th style='text-align:left;padding-right:1em'>{label}</th><td>{cell}</td></tr>")
    summary = html.escape(str(result.get("summary", "")))
    return (f"<div><b>{html.escape(title)}</b>: {summary}</div>"
            f"<table class='cardkit-settlement'>{''.join(rows)}</table>")
