"""Helpers for the teaching notebooks, so that every notebook cell stays one or two lines.

The notebooks tell the story; this module holds what would otherwise be long cells:

- **Card pictures** on an ipycanvas canvas, through `cardkit.drawing`: `cards_picture` (one row of
  cards, equal cards grouped), `tiles_picture` (several captioned plays, optionally joined by ``<`` or
  ``>`` as a ladder) and `plays_table` (one row per play: its cards, and a line of HTML about it).
  Every canvas redraws itself when a fresh page shows it (Voilà, a reloaded tab).
- **Rules made visible**: `patterns_in_deal` (every pattern, found in a real deal), `units_view`,
  `compare_view` (does this beat that, and why not), `follow_view` and `trick_view` for 升級, and the
  order of each game as a picture (`huahuar_ladder`, `guandan_ladder`, `paoyao_ladder`,
  `shengji_order`). Every verdict comes from the variant's own `Rules`; nothing here decides a rule.
- **Odds**: `odds_table` (exact value, decimal, the seed's printed figure), `formula` (a row's
  sympy expression as LaTeX), `seed_table` (花花兒's printed figures explained), `monte_carlo`
  (the engine counts patterns in random hands) and `mc_plot` (those estimates against exact values).
- **Exercises**: `check`, `check_play`, `check_follow`: an HTML line with ✓ or ✗. They never raise,
  whatever the learner typed.
- **The deal**: `seats_table`, `hand_census`, `advance`.
"""

from __future__ import annotations

import html
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import ipywidgets as widgets
from ipycanvas import Canvas

from .cards import Card, Joker, Suit, parse_cards
from .drawing import CardStyle, Rect, draw_cards, held, on_page_ready
from .game import SEAT_NAMES, SEAT_NAMES_ZH, SIDE_NAMES, SIDE_NAMES_ZH

__all__ = [
    "SMALL_CARDS",
    "Tile",
    "Verdict",
    "advance",
    "cards_picture",
    "check",
    "check_follow",
    "check_play",
    "compare",
    "compare_view",
    "flow_layout",
    "follow_view",
    "formula",
    "guandan_ladder",
    "hand_census",
    "huahuar_ladder",
    "in_seed_unit",
    "mc_geometry",
    "mc_plot",
    "monte_carlo",
    "odds_table",
    "paoyao_ladder",
    "paoyao_scores",
    "find_patterns",
    "patterns_in_deal",
    "plays_table",
    "reading_order",
    "row_rects",
    "seed_table",
    "seats_table",
    "shengji_order",
    "table",
    "text_width",
    "tiles_picture",
    "trick_view",
    "units_view",
]

SMALL_CARDS = CardStyle(width=48, height=68)
"""The card size of every teaching picture: small enough for a ladder of twenty plays."""

_MARGIN = 6
_FONT = "sans-serif"
_INK = "#222222"
_GREY = "#666666"
_OK, _WRONG = "#1b7d2f", "#c8102e"


# --- card pictures -----------------------------------------------------------------------------------


def _cards(cards) -> list[Card]:
    """Cards from a list or from text in the kit's notation ("SA SA HK")."""
    return parse_cards(cards) if isinstance(cards, str) else list(getattr(cards, "cards", cards))


def row_rects(keys: Sequence[object], *, card_w: float, card_h: float, step: float, gap: float = 0,
              x: float = _MARGIN, y: float = _MARGIN) -> list[Rect]:
    """Rects for one overlapping row of cards, left to right, ``step`` apart.

    Neighbours whose ``keys`` differ are ``step + gap`` apart, so cards of equal key (equal strength)
    read as one group.
    """
    rects = []
    for i, key in enumerate(keys):
        if i:
            x += step + (gap if key != keys[i - 1] else 0)
        rects.append(Rect(x, y, card_w, card_h))
    return rects


def text_width(text: str, size: float) -> float:
    """Roughly how wide ``text`` is in a ``size`` px sans-serif font (Chinese characters are square)."""
    return sum(size if ord(ch) >= 0x2E80 else 0.58 * size for ch in text)


def flow_layout(sizes: Sequence[tuple[float, float]], width: float, *, gap: float = 16,
                margin: float = _MARGIN) -> list[tuple[float, float]]:
    """Top-left corners for boxes of ``sizes`` (w, h) placed left to right, wrapping at ``width``."""
    out, x, y, line = [], margin, margin, 0.0
    for w, h in sizes:
        if x > margin and x + w > width - margin:
            x, y, line = margin, y + line + gap, 0.0
        out.append((x, y))
        x += w + gap
        line = max(line, h)
    return out


def _picture(width: float, height: float, paint: Callable[[Canvas, bool], None]) -> Canvas:
    """A canvas of this size painted now, and again on every fresh page (with the card faces)."""
    canvas = Canvas(width=math.ceil(width), height=math.ceil(height))
    canvas.layout.width = f"{canvas.width}px"
    canvas.layout.height = f"{canvas.height}px"
    paint(canvas, False)
    on_page_ready(canvas, lambda: paint(canvas, True))
    return canvas


def _step(style: CardStyle) -> float:
    return round(style.width * 0.46)


def cards_picture(cards, sort_key: Callable | None = None, *, group_key: Callable | None = None,
                  style: CardStyle = SMALL_CARDS, step: float | None = None, gap: float | None = None) -> Canvas:
    """One row of cards on a canvas just wide enough for them, sorted by ``sort_key``.

    With ``group_key``, neighbours of equal key (say, equal strength) stay close and a gap separates
    different keys: the picture of an order where some cards tie.
    """
    cards = _cards(cards)
    if sort_key is not None:
        cards = sorted(cards, key=sort_key)
    step = _step(style) if step is None else step
    gap = (step * 0.6 if group_key else 0) if gap is None else gap
    keys = [group_key(c) for c in cards] if group_key else list(range(len(cards)))
    rects = row_rects(keys, card_w=style.width, card_h=style.height, step=step, gap=gap)
    right = rects[-1].x + style.width if rects else style.width

    def paint(canvas: Canvas, fresh: bool) -> None:
        draw_cards(canvas, cards, rects, style=style, refresh_faces=fresh)

    return _picture(right + _MARGIN, style.height + 2 * _MARGIN, paint)


@dataclass(frozen=True)
class Tile:
    """One captioned play in a `tiles_picture`: its cards and a few short lines of caption under them."""

    cards: tuple[Card, ...]
    lines: tuple[str, ...] = ()
    colour: str = _INK


def _tile_size(tile: Tile, style: CardStyle, step: float, font: float) -> tuple[float, float]:
    cards_w = style.width + step * max(len(tile.cards) - 1, 0) if tile.cards else 0
    text_w = max((text_width(line, font) for line in tile.lines), default=0)
    return max(cards_w, text_w), style.height + 4 + len(tile.lines) * (font + 4)


def tiles_picture(tiles: Sequence[Tile], sort_key: Callable | None = None, *, width: int = 880,
                  style: CardStyle = SMALL_CARDS, joiner: str = "", font: int = 13) -> Canvas:
    """Captioned plays flowing left to right on one canvas; ``joiner`` (say ``">"``) is written
    between neighbours on a line, so a list ordered strongest first reads as a ladder."""
    step = round(style.width * 0.38)
    tiles = [Tile(tuple(sorted(t.cards, key=sort_key) if sort_key else t.cards), t.lines, t.colour)
             for t in tiles]
    sizes = [_tile_size(t, style, step, font) for t in tiles]
    gap = 30 if joiner else 18
    corners = flow_layout(sizes, width, gap=gap)
    cards, rects, texts = [], [], []
    for i, (tile, (w, _h), (x, y)) in enumerate(zip(tiles, sizes, corners, strict=True)):
        cards_w = style.width + step * max(len(tile.cards) - 1, 0)
        left = x + (w - cards_w) / 2
        for j, card in enumerate(tile.cards):
            cards.append(card)
            rects.append(Rect(left + j * step, y, style.width, style.height))
        for k, line in enumerate(tile.lines):
            texts.append((x + w / 2, y + style.height + 4 + k * (font + 4), line, tile.colour))
        if joiner and i + 1 < len(tiles) and corners[i + 1][1] == y:
            texts.append((x + w + gap / 2, y + style.height / 2 - font / 2, joiner, _GREY))
    bottom = max((y + h for (_x, y), (_w, h) in zip(corners, sizes, strict=True)), default=0)

    def paint(canvas: Canvas, fresh: bool) -> None:
        with held(canvas):
            draw_cards(canvas, cards, rects, style=style, refresh_faces=fresh)
            canvas.font = f"{font}px {_FONT}"
            canvas.text_align = "center"
            canvas.text_baseline = "top"
            for x, y, text, colour in texts:
                canvas.fill_style = colour
                canvas.fill_text(text, x, y)

    return _picture(width, bottom + _MARGIN, paint)


def plays_table(rows: Sequence[tuple[object, str]], sort_key: Callable | None = None, *,
                style: CardStyle = SMALL_CARDS) -> widgets.VBox:
    """One line per play: its cards drawn on the left, a line of HTML on the right.

    ``rows`` holds ``(cards, html_text)``; the card column is as wide as the longest play.
    """
    step = _step(style)
    rows = [(_cards(cards), text) for cards, text in rows]
    widest = max((len(cards) for cards, _ in rows), default=1)
    column = style.width + step * (widest - 1) + 2 * _MARGIN
    lines = []
    for cards, text in rows:
        picture = cards_picture(cards, sort_key, style=style, step=step)
        holder = widgets.Box([picture], layout=widgets.Layout(width=f"{column}px", min_width=f"{column}px"))
        lines.append(widgets.HBox([holder, widgets.HTML(text, layout=widgets.Layout(margin="0 0 0 12px"))],
                                  layout=widgets.Layout(align_items="center")))
    return widgets.VBox(lines)


# --- patterns and comparisons ------------------------------------------------------------------------


def _pattern_name(combo) -> str:
    """The pattern's name without its rank: "三隻" from "三隻 7", "老老幺" from "老老幺 44444A"."""
    return combo.name_zh.split(" ")[0]


def _uses_wild(combo) -> bool:
    return any(rank is not combo.level for rank in getattr(combo, "wild_as", ()))


def find_patterns(rules, hands: Sequence[Sequence[Card]]) -> list[tuple[dict, int | None, object]]:
    """For each row of the variant's `gallery()`: ``(row, seat, play)`` with a play of that pattern found
    in the dealt ``hands`` (the first seat holding one), or ``(row, None, None)`` where no hand holds it."""
    plays = [rules.legal_plays(list(hand)) for hand in hands]
    out = []
    for row in rules.gallery():
        example = rules.classify(row["cards"])
        wanted = _pattern_name(example)
        found = (None, None)
        for seat, listed in enumerate(plays):
            match = next((p for p in listed if _pattern_name(p) == wanted and _uses_wild(p) == _uses_wild(example)),
                         None)
            if match is not None:
                found = (seat, match)
                break
        out.append((row, *found))
    return out


def patterns_in_deal(rules, hands: Sequence[Sequence[Card]]) -> widgets.VBox:
    """Every pattern of the seed, each drawn from real cards of this deal where some hand holds one
    (the engine's gallery example where none does), with 中文, pinyin, English and what it is."""
    rows = []
    sort_key = getattr(rules, "sort_key", None)
    for row, seat, play in find_patterns(rules, hands):
        note = row["note"]
        if play is None:
            cards, where = row["cards"], "no hand of this deal holds one; an example"
        else:
            cards, where = play.cards, f"from {SEAT_NAMES[seat]}'s hand: {play}"
            if hasattr(play, "reading"):
                # The engine's note describes its own example; the picture shows the deal's play.
                example = rules.classify(row["cards"])
                note = note.replace(f"{example} ({example.cards_text()})", f"{play} ({play.cards_text()})")
        text = (f"<b>{html.escape(row['name_zh'])}</b> <i>{html.escape(row['pinyin'])}</i> — "
                f"{html.escape(row['name_en'])} <span style='color:{_GREY}'>({html.escape(where)})</span><br>"
                f"<span style='color:{_GREY}'>{html.escape(note)}</span>")
        if hasattr(play, "reading"):  # this play's own reading, which may not be classify's strongest
            shown = [card for card, _ in play.reading()]
        else:
            shown = reading_order(rules, cards, sort_key)
        rows.append((shown, text))
    return plays_table(rows)


def units_view(rules, hand) -> widgets.VBox:
    """升級: a hand read the way the rules read a play, suit by suit (trumps last): its tractors, pairs and
    singles, each drawn from the real cards."""
    groups: dict[object, list[Card]] = {}
    for card in sorted(_cards(hand), key=rules.sort_key):
        groups.setdefault(rules.effective_suit(card), []).append(card)
    rows = []
    for suit, cards in groups.items():
        for unit in rules.units(cards):
            if unit.pairs:
                rows.append((unit.cards, f"<b>{html.escape(rules.suit_name(suit))}</b>: {unit.name} "
                                         f"{'拖拉機 tuōlājī' if unit.pairs > 1 else '對子 duìzi'}"))
        singles = [u.cards[0] for u in rules.units(cards) if not u.pairs]
        if singles:
            rows.append((singles, f"<b>{html.escape(rules.suit_name(suit))}</b>: singles 單張 dānzhāng"))
    return plays_table(rows, rules.sort_key)


@dataclass(frozen=True)
class Verdict:
    """An answer from the rules: ``ok`` and the sentence that says why."""

    ok: bool
    text: str

    def html(self) -> str:
        mark, colour = ("✓", _OK) if self.ok else ("✗", _WRONG)
        return f"<span style='color:{colour};font-weight:bold'>{mark}</span> {html.escape(self.text)}"


def compare(rules, a, b, *, huo: bool = False) -> Verdict:
    """May play ``a`` go on play ``b``? (Cards or text.) With ``huo``, the 花花兒 伙 answer instead."""
    a_cards, b_cards = _cards(a), _cards(b)
    combos = []
    for cards in (a_cards, b_cards):
        combo = rules.classify(cards)
        if combo is None:
            return Verdict(False, rules.why_not_pattern(cards))
        combos.append(combo)
    first, second = combos
    if huo:
        if rules.can_huo(first, second):
            return Verdict(True, f"{first} 伙 {second}: it takes the trick at once, before anyone else may answer")
        return Verdict(False, f"{first} cannot 伙 {second}: 伙 answers a single with a pair of its rank "
                              "(a 單虎 with a 雙虎)")
    reason = rules.beat_error(first, second)
    return Verdict(True, f"{first} beats {second}") if reason is None else Verdict(False, reason)


def compare_view(rules, a, b, *, huo: bool = False, sort_key: Callable | None = None) -> widgets.VBox:
    """The two plays drawn (the one on the table first) and the rules' verdict under them."""
    sort_key = sort_key or getattr(rules, "sort_key", None)
    verdict = compare(rules, a, b, huo=huo)
    names = [rules.classify(_cards(x)) for x in (b, a)]
    tiles = [Tile(tuple(reading_order(rules, b, sort_key)), ("on the table", str(names[0] or "no pattern"))),
             Tile(tuple(reading_order(rules, a, sort_key)), ("answer", str(names[1] or "no pattern")),
                  _OK if verdict.ok else _WRONG)]
    return widgets.VBox([tiles_picture(tiles, width=640, joiner="←"), widgets.HTML(verdict.html())])


def reading_order(rules, cards, sort_key: Callable | None = None) -> list[Card]:
    """The cards in the order a player reads their pattern where the engine says it (掼蛋's
    `Combo.reading`: a run from its low end, a level card or a wild in the place it fills, a 三带二's
    triple first); otherwise sorted by ``sort_key`` (the hand's order, weakest first)."""
    cards = _cards(cards)
    classify = getattr(rules, "classify", None)
    combo = classify(cards) if classify and cards else None
    if combo is not None and hasattr(combo, "reading"):
        return [card for card, _ in combo.reading()]
    return sorted(cards, key=sort_key) if sort_key else cards


def follow_view(rules, hand, lead, play) -> widgets.VBox:
    """升級: a follower's hand, the lead and the answer tried, with `follow_error`'s verdict."""
    error = rules.follow_error(_cards(hand), _cards(lead), _cards(play))
    verdict = Verdict(error is None, error or "a legal follow")
    colour = _OK if error is None else _WRONG
    tiles = [Tile(tuple(_cards(lead)), ("lead",)), Tile(tuple(_cards(play)), ("answer",), colour)]
    return widgets.VBox([
        widgets.HTML("<b>hand</b>"), cards_picture(hand, rules.sort_key),
        tiles_picture(tiles, rules.sort_key, width=640), widgets.HTML(verdict.html()),
    ])


def trick_view(rules, plays: Sequence, seats: Sequence[int] | None = None) -> widgets.VBox:
    """升級: a whole trick (the lead first) with the winner from `trick_winner` marked."""
    plays = [_cards(p) for p in plays]
    seats = list(seats) if seats is not None else list(range(len(plays)))
    winner = rules.trick_winner(plays)
    tiles = [Tile(tuple(p), (SEAT_NAMES[s] + (" leads" if i == 0 else ""), "wins ★" if i == winner else ""),
                  _OK if i == winner else _INK)
             for i, (p, s) in enumerate(zip(plays, seats, strict=True))]
    text = f"{SEAT_NAMES[seats[winner]]} wins the trick with {' '.join(c.symbol for c in plays[winner])}"
    return widgets.VBox([tiles_picture(tiles, rules.sort_key, width=880), widgets.HTML(html.escape(text))])


# --- the order of each game as a picture -----------------------------------------------------------

_FAMILY_COLOURS = {"豹": ("#dbe8f7", "#1d4f91"), "虎": ("#f9dede", "#a4161a"), "龍": ("#dcf0de", "#1b6b2a")}


def _family(kind: str) -> str:
    if kind in ("tiger", "huahu", "big_qinghu", "small_qinghu"):
        return "虎"
    if kind in ("straight", "pair_straight", "jie", "shenlong", "qinglong"):
        return "龍"
    return "豹"


def huahuar_ladder() -> widgets.HTML:
    """花花兒's order of types (the seed's 牌型大小) as a ladder of coloured steps, weakest first:
    豹 (groups of a rank) blue, 虎 (jokers) red, 龍 (runs) green. Data: `huahuar.TYPE_ORDER`."""
    from .variants.huahuar import TYPE_ORDER, TYPES

    steps = []
    for i, names in enumerate(TYPE_ORDER):
        boxes = []
        for name in names:
            back, ink = _FAMILY_COLOURS[_family(TYPES[name][0])]
            boxes.append(f"<span title='{html.escape(TYPES[name][2])}' style='background:{back};color:{ink};"
                         f"padding:2px 5px;border-radius:4px;border:1px solid {ink};white-space:nowrap'>"
                         f"{html.escape(name)}</span>")
        inner = " ".join(boxes) if len(boxes) == 1 else "(" + " ".join(boxes) + ")"
        steps.append(f"<span style='display:inline-block;margin:3px 0'><sub style='color:{_GREY}'>{i}</sub>"
                     f"{inner}</span>")
    legend = " ".join(f"<span style='background:{b};color:{k};padding:1px 5px;border-radius:4px'>{f}</span>"
                      for f, (b, k) in _FAMILY_COLOURS.items())
    return widgets.HTML(f"<div style='line-height:2'>{' &lt; '.join(steps)}</div>"
                        f"<div>{legend} — 豹 bào groups of one rank · 虎 hǔ jokers · 龍 lóng runs;"
                        " the small number is the step (0 = lowest).</div>")


def guandan_ladder(rules) -> widgets.VBox:
    """掼蛋: the single-card order (level cards above A, the ♥ level cards wild) and the bomb order,
    strongest bomb first, from the engine's `gallery()` and `strength`."""
    from .cards import BIG_JOKER, SMALL_JOKER, Rank, Suit

    level = rules.level
    faces = [Card(r, Suit.S) for r in Rank if r is not level]
    faces += [Card(level, s) for s in (Suit.S, Suit.C, Suit.D, Suit.H)] + [SMALL_JOKER, BIG_JOKER]
    bombs = [row for row in rules.gallery() if rules.classify(row["cards"]).is_bomb]
    bombs.sort(key=lambda row: rules.strength(rules.classify(row["cards"])), reverse=True)
    tiles = [Tile(tuple(row["cards"]), (row["name_zh"], row["name_en"])) for row in bombs]
    return widgets.VBox([
        widgets.HTML(f"<b>Single cards, weakest → strongest</b> (level {level.value}: its four cards rank "
                     f"above A; {rules.wild.symbol} is the wild 逢人配)"),
        cards_picture(faces, rules.sort_key, group_key=rules.power),
        widgets.HTML("<b>Bombs 炸弹, strongest first</b> — every bomb beats every non-bomb"),
        tiles_picture(tiles, None, joiner=">"),
    ])


def paoyao_ladder(rules) -> widgets.VBox:
    """刨幺: the ladder of 路, 幺 and 王 (every bomb), strongest first, each with its 路 count."""
    rows = [(row, rules.classify(row["cards"])) for row in rules.gallery()]
    bombs = sorted([(row, c) for row, c in rows if c.is_bomb], key=lambda rc: rc[1].strength, reverse=True)
    tiles = [Tile(tuple(row["cards"]), (row["name_zh"], f"{_lu_text(combo.lu)} 路"),
                  "#a4161a" if combo.kind == "jokers" else "#1d4f91" if combo.kind == "yao" else _INK)
             for row, combo in bombs]
    return widgets.VBox([
        tiles_picture(tiles, rules.sort_key, joiner=">"),
        widgets.HTML("black: N of a kind (路) · <span style='color:#1d4f91'>blue: 幺 (4s with one A)</span> · "
                     "<span style='color:#a4161a'>red: jokers (大王 2.5 路, 小王 1.5 路)</span>"),
    ])


def _lu_text(lu: Fraction) -> str:
    return str(int(lu)) if lu.denominator == 1 else f"{float(lu):g}"


def shengji_order(rules) -> widgets.VBox:
    """升級: a side suit and the trumps (主), weakest → strongest; cards of equal strength stand together."""
    from .cards import ALL_FACES

    side = next(s for s in ("H", "D", "C", "S") if s != rules.trump_suit)
    side_cards = [c for c in ALL_FACES if c.suit is not None and c.suit.value == side and not rules.is_trump(c)]
    trumps = [c for c in ALL_FACES if rules.is_trump(c)]
    trump_name = "no trump suit 無主" if rules.trump is None else f"{rules.trump.symbol} {rules.trump.name_zh} trump"
    return widgets.VBox([
        widgets.HTML(f"<b>A side suit 副 ({side_cards[0].suit.symbol})</b>: level {rules.level}"
                     + (" and the 2s are" if rules.permanent_twos else " is") + " taken out"),
        cards_picture(side_cards, rules.sort_key),
        widgets.HTML(f"<b>The trumps 主</b> ({trump_name}, level {rules.level}); cards that stand together are equal:"
                     " the first one played wins"),
        cards_picture(trumps, rules.sort_key, group_key=lambda c: rules.strength(c)),
    ])


# --- odds ----------------------------------------------------------------------------------------

_UNITS = (("億分之", 10**8), ("ppm", 10**6), ("‰", 10**3), ("%", 10**2))


def in_seed_unit(value, seed: str | None) -> str:
    """``value`` (a probability) written in the unit of the seed's figure: 21.99 %, 1.82 ‰, 16.51 ppm, 億分之3.

    Without a recognisable unit: a percentage for large values, "1 in N" for tiny ones.
    """
    x = float(value)
    for unit, scale in _UNITS:
        if seed and unit in seed and "萬" not in seed:
            shown = f"{x * scale:.4g}"
            return f"億分之{shown}" if unit == "億分之" else f"{shown} {unit}"
    if x >= 1e-4:
        return f"{x * 100:.4g} %"
    return _one_in(1 / x) if x else "0"


_SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def _one_in(n: float) -> str:
    """"1 in 12,200" to three figures; "1 in 1.24 × 10⁴⁰" once the digits stop meaning anything."""
    exponent = math.floor(math.log10(n))
    if exponent < 9:
        return f"1 in {round(n, 2 - exponent):,.0f}"
    return f"1 in {n / 10 ** exponent:.3g} × 10{str(exponent).translate(_SUPERSCRIPT)}"


def _exact_text(value) -> str:
    fraction = Fraction(int(value.p), int(value.q)) if hasattr(value, "p") else Fraction(value)
    text = f"{fraction.numerator}/{fraction.denominator}" if fraction.denominator != 1 else str(fraction.numerator)
    if len(text) <= 24:
        return html.escape(text)
    # The decimal stands in the next column; a 20-digit fraction in a table cell is a wall of digits.
    digits = len(str(fraction.denominator))
    return (f"<span title='{text}' style='color:{_GREY};border-bottom:1px dotted {_GREY};cursor:help'>"
            f"a fraction with a {digits}-digit denominator (hover to see it)</span>")


def odds_table(rows: Sequence, *, ids: Sequence[str] | None = None, notes: dict[str, str] | None = None,
               expected: bool = False) -> widgets.HTML:
    """An odds table as HTML: pattern, exact probability, its decimal (in the seed's unit where the seed
    prints one), the seed's figure; ``expected`` adds the expected count, ``notes`` a column by row id."""
    chosen = [r for r in rows if ids is None or r.id in ids]
    if ids is not None:
        chosen.sort(key=lambda r: list(ids).index(r.id))
    head = ["pattern", "exact", "≈", "seed prints"] + (["expected number"] if expected else []) + \
        (["what the seed's figure is"] if notes else [])
    lines = []
    for r in chosen:
        cells = [f"<b>{html.escape(r.name_zh)}</b> {html.escape(r.name_en)}", _exact_text(r.probability),
                 html.escape(in_seed_unit(r.probability, r.seed)), html.escape(r.seed or "—")]
        if expected:
            cells.append("—" if r.expected is None else f"{float(r.expected):.4g}")
        if notes:
            cells.append(html.escape(notes.get(r.id, "")))
        lines.append("<tr>" + "".join(f"<td style='padding:2px 8px'>{c}</td>" for c in cells) + "</tr>")
    header = "".join(f"<th style='padding:2px 8px;text-align:left'>{h}</th>" for h in head)
    return widgets.HTML(f"<table><tr>{header}</tr>{''.join(lines)}</table>")


def formula(row, *, expected: bool = False):
    """The row's derivation as display maths: P(pattern) = its sympy expression ≈ its value."""
    import sympy
    from IPython.display import Math

    expr = row.expected_expression if expected and row.expected_expression is not None else row.expression
    value = row.expected if expected and row.expected is not None else row.probability
    name = row.name_en.replace("{", "").replace("}", "")
    lhs = (r"E[\#\ \text{" if expected else r"P(\text{") + name + ("}]" if expected else "})")
    # order="none" keeps the terms as built: "1 - ..." and "(1 + x)", not sympy's "- ... + 1".
    return Math(f"{lhs} = {sympy.latex(expr, order='none')} \\approx {float(value):.6g}")


# --- a Monte-Carlo check on a canvas ----------------------------------------------------------------


def _interval(estimate: float, trials: int) -> tuple[float, float]:
    """A 95 % interval around a sampled frequency (normal approximation, clipped to 0..1)."""
    half = 1.96 * math.sqrt(max(estimate * (1 - estimate), 1e-12) / max(trials, 1))
    return max(0.0, estimate - half), min(1.0, estimate + half)


def mc_geometry(points: Sequence[tuple[str, float, float, int]], *, width: int = 640, row: int = 26,
                label_w: int = 120) -> dict:
    """Where everything of `mc_plot` goes, in pixels: for each ``(label, exact, estimate, trials)`` a bar
    as long as the exact value and a dot at the estimate with its 95 % whisker, on a common scale."""
    top = max([max(exact, _interval(est, n)[1]) for _label, exact, est, n in points] + [1e-12])
    scale = (width - label_w - 70) / top
    rows = []
    for i, (label, exact, est, n) in enumerate(points):
        y = 28 + i * row
        low, high = _interval(est, n)
        rows.append({"label": label, "y": y, "bar": exact * scale, "dot": label_w + est * scale,
                     "whisker": (label_w + low * scale, label_w + high * scale),
                     "inside": low <= exact <= high, "exact": exact, "estimate": est})
    return {"width": width, "height": 28 + len(points) * row + 10, "x0": label_w, "scale": scale, "rows": rows}


def mc_plot(points: Sequence[tuple[str, float, float, int]], *, width: int = 640) -> Canvas:
    """Exact probabilities (bars) against Monte-Carlo frequencies (dots with 95 % whiskers) on a canvas.

    ``points`` holds ``(label, exact, estimate, trials)``. A whisker crossing the end of its bar means
    the sample agrees with the formula.
    """
    g = mc_geometry(points, width=width)
    x0 = g["x0"]

    def paint(canvas: Canvas, fresh: bool) -> None:
        with held(canvas):
            canvas.clear()
            canvas.fill_style = "#ffffff"
            canvas.fill_rect(0, 0, g["width"], g["height"])
            canvas.font = f"12px {_FONT}"
            canvas.text_baseline = "middle"
            canvas.fill_style = _GREY
            canvas.text_align = "left"
            canvas.fill_text("bar: exact   ● sampled, with its 95 % interval", x0, 12)
            for r in g["rows"]:
                y = r["y"]
                canvas.fill_style = "#9cc3e6"
                canvas.fill_rect(x0, y - 8, max(r["bar"], 1), 16)
                canvas.stroke_style = _INK
                canvas.line_width = 2
                canvas.stroke_line(r["whisker"][0], y, r["whisker"][1], y)
                canvas.fill_style = _INK if r["inside"] else _WRONG
                canvas.fill_circle(r["dot"], y, 4)
                canvas.text_align = "right"
                canvas.fill_style = _INK
                canvas.fill_text(r["label"], x0 - 8, y)
                canvas.text_align = "left"
                canvas.fill_style = _GREY
                canvas.fill_text(f"{r['exact']:.3%}", x0 + max(r["bar"], r["whisker"][1] - x0) + 8, y)

    return _picture(g["width"], g["height"], paint)


# --- the Monte-Carlo check: the engine looks for each pattern in random hands ---------------------------


def _as_printed(play) -> bool:
    """掼蛋: every wild in the play stands for itself (♥2 as the ♥2 of a heart run at level 2)."""
    return all(rank is play.level and play.suit in (None, Suit.H) for rank in getattr(play, "wild_as", ()))


def _has(kind: str, least: int = 0, *, natural: bool = False) -> Callable:
    """A test on a hand's legal plays: some play of ``kind`` with ``size`` at least ``least`` (with
    ``natural``, one where no wild card stands for another card)."""
    def test(plays) -> bool:
        return any(p.kind == kind and p.size >= least and (not natural or _as_printed(p)) for p in plays)
    return test


def _jokers(least: int, *, mixed: bool = False) -> Callable:
    def test(hand) -> bool:
        small = sum(1 for c in hand if c.rank is Joker.SMALL)
        big = sum(1 for c in hand if c.is_joker) - small
        return small + big >= least and (not mixed or (small and big))
    return test


def _of_a_rank(least: int) -> Callable:
    """Some rank has ``least`` cards in the hand, wild or not (a bomb of natural cards)."""
    def test(hand) -> bool:
        return max(Counter(c.rank for c in hand if not c.is_joker).values(), default=0) >= least
    return test


_DEALS = {"huahuar": (4, 54), "guandan": (2, 27), "shengji": (2, 25), "paoyao": (2, 27)}

# How the engine recognises each odds row in a hand: ("plays", test on legal_plays) or ("hand", test on the cards).
_MC_TESTS: dict[str, dict[str, tuple[str, Callable]]] = {
    "huahuar": {
        **{f"kind{k}": ("plays", _has("kind", k)) for k in range(8, 17)},
        **{f"hu{k}": ("hand", _jokers(k)) for k in range(5, 9)},
        **{f"jie{k}": ("plays", _has("jie", k)) for k in range(3, 17)},
        "huabao": ("plays", _has("huabao")), "huahu": ("hand", _jokers(4, mixed=True)),
        "shenlong": ("plays", _has("shenlong")), "qinglong": ("plays", _has("qinglong")),
    },
    "guandan": {
        **{f"bomb{k}": ("hand", _of_a_rank(k)) for k in range(4, 9)},
        "bomb4_wild": ("plays", _has("bomb", 4)), "joker_bomb": ("plays", _has("joker_bomb")),
        "straight_flush": ("plays", _has("straight_flush", natural=True)),
        "straight_flush_wild": ("plays", _has("straight_flush")),
    },
    "paoyao": {
        **{f"lu{k}": ("plays", _has("lu", k)) for k in range(4, 9)},
        "xiaoyao": ("plays", _has("yao", 2)), "zhongyao": ("plays", _has("yao", 3)),
        "laoyao": ("plays", _has("yao", 4)), "laolaoyao": ("plays", _has("yao", 5)),
        "three_jokers": ("hand", _jokers(3)), "four_jokers": ("hand", _jokers(4)),
    },
}


def _shengji_test(row_id: str, rules) -> Callable | None:
    if row_id.startswith("trumps"):
        least = int(row_id[len("trumps"):])
        return lambda hand: sum(rules.is_trump(c) for c in hand) >= least
    forms = {"can_declare": (0, 1), "can_overturn": (1,), "joker_pair": (2, 3)}.get(row_id)
    if forms is None:
        return None
    return lambda hand: any(d.form in forms for d in rules.declarations_in(hand))


def monte_carlo(variant: str, rows: Sequence, ids: Sequence[str], *, trials: int = 1000, seed: int = 0,
                **options) -> list[tuple[str, float, float, int]]:
    """Deal ``trials`` random hands of ``variant`` and count how often the *engine* finds each pattern
    (in `legal_plays`, or in the cards), beside the exact value of each odds row: points for `mc_plot`.

    An independent check: the formulas never look at the engine, and the engine never at the formulas.
    """
    from .cards import new_deck
    from .variants import load

    rules = load(variant).Rules(**options)
    decks, size = _DEALS[variant]
    by_id = {r.id: r for r in rows}
    tests = {}
    for row_id in ids:
        if variant == "shengji":
            tests[row_id] = ("hand", _shengji_test(row_id, rules))
        else:
            tests[row_id] = _MC_TESTS[variant][row_id]
    hits = Counter()
    deck, rng = new_deck(decks), random.Random(seed)
    for _ in range(trials):
        rng.shuffle(deck)
        hand = deck[:size]
        plays = rules.legal_plays(hand) if any(kind == "plays" for kind, _ in tests.values()) else []
        for row_id, (kind, test) in tests.items():
            hits[row_id] += bool(test(plays if kind == "plays" else hand))
    return [(by_id[i].name_zh, float(by_id[i].probability), hits[i] / trials, trials) for i in ids]


def seed_table(checks: Sequence) -> widgets.HTML:
    """花花兒: the seed's printed odds beside the exact values, and what each printed figure really is
    (rows of `cardkit.odds.seed.seed_comparison()`)."""
    marks = {"reproduced": ("✓", _OK), "last digit": ("≈", "#b26a00"), "misprint": ("✗", _WRONG),
             "unexplained": ("?", _GREY)}
    lines = []
    for c in checks:
        mark, colour = marks.get(c.verdict, ("?", _GREY))
        cells = [f"<b>{html.escape(c.name_zh)}</b>", html.escape(c.printed),
                 html.escape(in_seed_unit(c.exact, c.printed)),
                 f"{html.escape(c.best)}: {html.escape(in_seed_unit(c.best_value, c.printed))}",
                 f"<span style='color:{colour};font-weight:bold'>{mark}</span> {html.escape(c.comment)}"]
        lines.append("<tr>" + "".join(f"<td style='padding:2px 8px;vertical-align:top'>{x}</td>" for x in cells)
                     + "</tr>")
    head = "".join(f"<th style='padding:2px 8px;text-align:left'>{h}</th>" for h in
                   ("pattern", "seed prints", "chance a hand holds it", "what the printed figure matches", "verdict"))
    return widgets.HTML(f"<table><tr>{head}</tr>{''.join(lines)}</table>")


# --- exercises ------------------------------------------------------------------------------------


def _same(given, expected) -> bool:
    if isinstance(expected, Card) or (isinstance(expected, list) and expected and isinstance(expected[0], Card)):
        wanted = [expected] if isinstance(expected, Card) else expected
        return Counter(_cards(given)) == Counter(wanted)
    if isinstance(expected, float) or isinstance(given, float):
        try:
            return math.isclose(float(given), float(expected), rel_tol=1e-9, abs_tol=1e-12)
        except (TypeError, ValueError):
            return False
    if isinstance(expected, str) and isinstance(given, str):
        return given.strip().lower() == expected.strip().lower()
    return given == expected


def check(given, expected, *, explain: str = "") -> widgets.HTML:
    """✓ when ``given`` equals ``expected``, else ✗ (the expected answer is not shown); ``explain`` is
    shown either way. Strings ignore case and spaces around them, numbers compare to 1e-9, and where
    ``expected`` is cards, ``given`` may be text in any card notation ("♠7", "S7") in any order."""
    try:
        ok = _same(given, expected)
    except Exception:  # a learner's answer of any type is an answer, never a crash
        ok = False
    text = "right" if ok else f"not yet: you answered {given!r}"
    return widgets.HTML(Verdict(ok, text + (f" — {explain}" if explain else "")).html())


def check_play(rules, given, to_beat=None, *, hand=None) -> widgets.HTML:
    """✓ when ``given`` (cards or text) is a pattern, taken from ``hand`` (if any), that beats ``to_beat``
    (if any); else ✗ and the rules' reason. Never raises: a typo in the cards is a ✗ too."""
    try:
        cards = _cards(given)
        missing = Counter(cards) - Counter(_cards(hand)) if hand is not None else Counter()
        if missing:
            verdict = Verdict(False, f"the hand holds no {' '.join(c.symbol for c in missing.elements())}")
        elif to_beat is None:
            combo = rules.classify(cards)
            verdict = Verdict(True, f"{combo}") if combo is not None else Verdict(False, rules.why_not_pattern(cards))
        else:
            verdict = compare(rules, cards, to_beat)
    except Exception as error:  # noqa: BLE001 -- show whatever went wrong as the ✗ line
        verdict = Verdict(False, str(error))
    return widgets.HTML(verdict.html())


def check_follow(rules, hand, lead, given) -> widgets.HTML:
    """升級: ✓ when ``given`` is a legal follow to ``lead`` from ``hand``; else ✗ with `follow_error`."""
    try:
        error = rules.follow_error(_cards(hand), _cards(lead), _cards(given))
        verdict = Verdict(error is None, error or "a legal follow")
    except Exception as error:  # noqa: BLE001
        verdict = Verdict(False, str(error))
    return widgets.HTML(verdict.html())


# --- the deal ------------------------------------------------------------------------------------


def advance(game, until: Callable[[object], bool], seed: int = 0, limit: int = 10_000):
    """Let the kit's bots act for every seat until ``until(game)`` holds (or the deal is over); returns game."""
    from .bots import choose

    rng = random.Random(seed)
    for _ in range(limit):
        if game.is_over or until(game):
            break
        game.apply(choose(game, rng))
    return game


def seats_table(game, hand_of: Callable[[int], Iterable[Card]] | None = None) -> widgets.HTML:
    """Who sits where: seat, 中文, partner, side, cards held (and who acts first)."""
    hand_of = hand_of or game.hand
    lines = []
    for seat in range(4):
        first = " ← acts first" if game.current_player == seat else ""
        cells = [str(seat), f"{SEAT_NAMES[seat]} {SEAT_NAMES_ZH[seat]}", f"{SEAT_NAMES[(seat + 2) % 4]}",
                 f"{SIDE_NAMES[seat % 2]} {SIDE_NAMES_ZH[seat % 2]}", str(len(list(hand_of(seat)))) + first]
        lines.append("<tr>" + "".join(f"<td style='padding:2px 10px'>{html.escape(c)}</td>" for c in cells) + "</tr>")
    head = "".join(f"<th style='padding:2px 10px;text-align:left'>{h}</th>"
                   for h in ("seat", "name", "partner", "side", "cards"))
    return widgets.HTML(f"<table><tr>{head}</tr>{''.join(lines)}</table>")


def hand_census(rules, hand) -> widgets.HTML:
    """How many distinct plays of each pattern a hand holds, by the engine's `legal_plays`, strongest last."""
    plays = rules.legal_plays(list(hand))
    counts = Counter(p.name_zh.split(" ")[0] for p in plays)
    english: dict[str, set] = {}
    for p in plays:
        english.setdefault(p.name_zh.split(" ")[0], set()).add((p.name_en, p.kind))
    gallery = {row["name_zh"]: row["name_en"] for row in rules.gallery()} if hasattr(rules, "gallery") else {}
    # The gallery's name first: a play's own name_en can carry its ranks ("run of pairs 9–J").
    names = {zh: gallery.get(zh) or (next(iter(seen))[0] if len(seen) == 1 else next(iter(seen))[1])
             for zh, seen in english.items()}
    items = " · ".join(f"<b>{html.escape(zh)}</b> {html.escape(names[zh])}: {n}" for zh, n in counts.items())
    return widgets.HTML(f"{len(plays)} different plays in this hand — {items}")


def table(head: Sequence[str], rows: Iterable[Sequence[object]]) -> widgets.HTML:
    """A small HTML table with the header ``head`` and one line per row: what a raw tuple or dict
    from the engine (a score scale, a points table) looks like when a learner should read it."""
    cells = "".join(f"<th style='padding:2px 10px;text-align:left'>{html.escape(str(h))}</th>" for h in head)
    lines = ["<tr>" + "".join(f"<td style='padding:2px 10px'>{html.escape(str(c))}</td>" for c in row) + "</tr>"
             for row in rows]
    return widgets.HTML(f"<table><tr>{cells}</tr>{''.join(lines)}</table>")


def paoyao_scores() -> widgets.HTML:
    """刨幺's 積分 table (`paoyao.SCORES`) by how the deal ended, each named in 中文 and English."""
    from .variants import paoyao

    names = {**{k: (paoyao.REASONS_ZH[k], paoyao.REASONS_EN[k]) for k in paoyao.REASONS_ZH},
             **{k: ("雪牌 → " + paoyao.GRADES_ZH[k], paoyao.GRADES_EN[k]) for k in paoyao.GRADES_ZH}}
    return table(("the deal ends by", "that is", "each winner", "each loser"),
                 [(*names[key], f"+{n}", f"−{n}") for key, n in paoyao.SCORES.items()])
