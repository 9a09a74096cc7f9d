"""Drawing cards on an `ipycanvas.Canvas`: pure layout and hit-testing, a card-face atlas, batched redraws.

Three layers, each usable on its own:

- **Layout** (pure, no widgets): `layout_hand` places ``n`` cards in one row, a fan, or several
  overlapping rows, returning one `Rect` per card; `lifted` raises the selected ones; `card_at`
  answers "which card is under (x, y)?" with the topmost (last drawn) card winning.
- **Atlas**: `atlas_for(style)` draws the 54 faces and a back once per `CardStyle` onto small
  off-screen canvases. Every later redraw only copies them with ``draw_image``, so a 54-card hand
  costs one short command per card instead of re-stroking pips and text.
- **Drawing**: `draw_cards` copies faces into the rects in one batched message (`held`).

The module knows nothing about any game: where order matters it takes a ``sort_key``
(`natural_order` is a game-free default: 2 … A, jokers last).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace

import numpy as np
from ipycanvas import Canvas
from ipycanvas.canvas import _CANVAS_MANAGER

from .cards import ALL_FACES, Card, Joker, Rank, Suit

__all__ = [
    "ARRANGEMENTS",
    "CardAtlas",
    "CardStyle",
    "Rect",
    "atlas_for",
    "bounds",
    "card_at",
    "draw_cards",
    "held",
    "layout_hand",
    "lifted",
    "natural_order",
    "on_page_ready",
    "sort_cards",
]

ARRANGEMENTS = ("rows", "row", "fan")

# --- ordering ----------------------------------------------------------------

_SUIT_ORDER = {Suit.S: 0, Suit.H: 1, Suit.C: 2, Suit.D: 3}


def natural_order(card: Card) -> tuple[int, int]:
    """A game-free sort key: rank 2 < 3 < … < A < 小王 < 大王, then ♠ ♥ ♣ ♦ (alternating colours).

    Games rank cards their own way; this order is only for showing a hand before a variant's own
    ``sort_key`` is available.
    """
    return (card.rank.number, _SUIT_ORDER[card.suit] if card.suit is not None else 0)


def sort_cards(cards: Iterable[Card], sort_key: Callable[[Card], object] | None = None) -> list[Card]:
    """The cards as a new list, sorted by ``sort_key`` (kept as given when it is ``None``)."""
    cards = list(cards)
    return cards if sort_key is None else sorted(cards, key=sort_key)


# --- layout (pure) -------------------------------------------------------------


@dataclass(frozen=True)
class Rect:
    """Where one card is drawn: top-left ``(x, y)`` and size before rotation.

    ``angle`` (radians, clockwise on screen) turns the card about its centre; only fans use it.
    """

    x: float
    y: float
    w: float
    h: float
    angle: float = 0.0

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def contains(self, px: float, py: float) -> bool:
        """True where the point lies on the card (edges included)."""
        if not self.angle:
            return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h
        cx, cy = self.centre
        cos, sin = math.cos(self.angle), math.sin(self.angle)
        dx, dy = px - cx, py - cy
        # Undo the card's rotation, then test against the upright rectangle.
        lx, ly = dx * cos + dy * sin, -dx * sin + dy * cos
        return abs(lx) <= self.w / 2 and abs(ly) <= self.h / 2

    def corners(self) -> list[tuple[float, float]]:
        """The four corners on screen, rotation applied."""
        cx, cy = self.centre
        cos, sin = math.cos(self.angle), math.sin(self.angle)
        return [
            (cx + dx * cos - dy * sin, cy + dx * sin + dy * cos)
            for dx, dy in ((-self.w / 2, -self.h / 2), (self.w / 2, -self.h / 2),
                           (self.w / 2, self.h / 2), (-self.w / 2, self.h / 2))
        ]

    def moved(self, dx: float, dy: float) -> Rect:
        return replace(self, x=self.x + dx, y=self.y + dy)


def layout_hand(
    n: int,
    width: float,
    *,
    card_w: float = 64,
    card_h: float = 90,
    arrangement: str = "rows",
    min_step: float = 26,
    gap: float = 6,
    margin: float = 8,
    lift: float = 14,
    row_peek: float | None = None,
) -> list[Rect]:
    """Rects for ``n`` cards on a canvas ``width`` pixels wide, in drawing order (later cards on top).

    Arrangements:

    - ``"rows"`` (default): as few rows as keep at least ``min_step`` pixels of every card visible
      (its rank and suit index), each row centred; a lower row covers all of the row above except
      its top ``row_peek`` pixels (default: half a card). 54 cards fit two rows on a 900 px canvas.
    - ``"row"``: one row, overlapping as much as the width requires (it may get illegible).
    - ``"fan"``: one arc of cards turned about a point below the hand, flatter for longer hands, at
      most 100° wide; it closes up (below ``min_step``) only where the canvas is too narrow.

    Cards never overlap when there is room: the step is at most ``card_w + gap``. The top ``lift``
    pixels stay free so raised (selected) cards stay on the canvas; see `lifted`.
    """
    if arrangement not in ARRANGEMENTS:
        raise ValueError(f"arrangement must be one of {', '.join(ARRANGEMENTS)} (got {arrangement!r})")
    if n < 0:
        raise ValueError(f"a hand cannot have {n} cards")
    usable = width - 2 * margin
    if usable < card_w:
        raise ValueError(f"a canvas {width} px wide cannot hold a card {card_w} px wide with {margin} px margins")
    if n == 0:
        return []
    top = margin + lift
    if arrangement == "fan":
        return _fan(n, width, card_w, card_h, margin, top, min_step)
    if arrangement == "row":
        rows = 1
    else:
        rows = next(r for r in range(1, n + 1) if _step(math.ceil(n / r), usable, card_w, gap) >= min_step)
    per_row = math.ceil(n / rows)
    step = _step(per_row, usable, card_w, gap)
    peek = card_h / 2 if row_peek is None else row_peek
    rects: list[Rect] = []
    for r in range(rows):
        count = n // rows + (1 if r < n % rows else 0)
        left = margin + (usable - (card_w + step * (count - 1))) / 2
        rects.extend(Rect(left + i * step, top + r * peek, card_w, card_h) for i in range(count))
    return rects


def _step(count: int, usable: float, card_w: float, gap: float) -> float:
    if count <= 1:
        return card_w + gap
    return min(card_w + gap, (usable - card_w) / (count - 1))


def _fan(n: int, width: float, card_w: float, card_h: float, margin: float, top: float, min_step: float) -> list[Rect]:
    widest = math.radians(100)
    # A flatter arc (larger radius) for long hands, so neighbours stay min_step apart within 100°.
    radius = max(3 * card_h, min_step / (2 * math.sin(widest / max(n - 1, 1) / 2)))
    spread = min(0.6 * card_w / radius, widest / max(n - 1, 1))
    pivot_x, pivot_y = width / 2, top + card_h / 2 + radius
    while True:
        rects = []
        for i in range(n):
            angle = (i - (n - 1) / 2) * spread
            cx, cy = pivot_x + radius * math.sin(angle), pivot_y - radius * math.cos(angle)
            rects.append(Rect(cx - card_w / 2, cy - card_h / 2, card_w, card_h, angle))
        x0, _, x1, _ = bounds(rects)
        if (x0 >= margin and x1 <= width - margin) or spread < 1e-4:
            return rects
        spread *= 0.95


def bounds(rects: Sequence[Rect]) -> tuple[float, float, float, float]:
    """``(left, top, right, bottom)`` around every card, rotation included; zeros for no cards."""
    if not rects:
        return (0.0, 0.0, 0.0, 0.0)
    points = [corner for rect in rects for corner in rect.corners()]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return (min(xs), min(ys), max(xs), max(ys))


def lifted(rects: Sequence[Rect], selected: Iterable[int], amount: float = 14) -> list[Rect]:
    """The rects with the ``selected`` indices raised ``amount`` pixels towards the card's own top."""
    chosen = set(selected)
    return [
        rect.moved(amount * math.sin(rect.angle), -amount * math.cos(rect.angle)) if i in chosen else rect
        for i, rect in enumerate(rects)
    ]


def card_at(rects: Sequence[Rect], x: float, y: float) -> int | None:
    """Index of the card drawn at ``(x, y)``: the topmost, i.e. the last in drawing order; ``None`` on no card."""
    for i in range(len(rects) - 1, -1, -1):
        if rects[i].contains(x, y):
            return i
    return None


# --- batching ------------------------------------------------------------------


@contextmanager
def held(canvas: Canvas | None = None) -> Iterator[None]:
    """Like ``ipycanvas.hold_canvas()``: every command in the block goes out as one message at its end.

    Unlike it, an exception inside the block cannot leave the canvas manager queueing forever (which
    would silently swallow every later drawing): the half-drawn batch is dropped, the manager is
    restored, and the exception propagates. Blocks nest; only the outermost one sends.
    """
    manager = canvas._canvas_manager if canvas is not None else _CANVAS_MANAGER
    outermost = not manager._caching
    manager._caching = True
    try:
        yield
    except BaseException:
        if outermost:
            manager._commands_cache = []
            manager._buffers_cache = []
            # The dropped batch may have held the switch to another canvas: forget which one is current.
            manager._current_canvas = None
            manager._caching = False
        raise
    if outermost:
        try:
            manager.flush()
        finally:
            manager._caching = False


# --- card faces ------------------------------------------------------------------

_TWO_COLOURS = {Suit.S: "#111111", Suit.H: "#c8102e", Suit.D: "#c8102e", Suit.C: "#111111"}
_FOUR_COLOURS = {Suit.S: "#111111", Suit.H: "#c8102e", Suit.D: "#1560bd", Suit.C: "#1b7d2f"}
_BIG_JOKER_COLOUR = "#c8102e"
_SMALL_JOKER_COLOUR = "#111111"


@dataclass(frozen=True)
class CardStyle:
    """How faces look. ``four_colour`` draws ♦ blue and ♣ green, so all four suits differ at a glance."""

    width: int = 64
    height: int = 90
    four_colour: bool = False
    back_colour: str = "#1d4f91"
    font: str = "sans-serif"

    def suit_colour(self, suit: Suit) -> str:
        return (_FOUR_COLOURS if self.four_colour else _TWO_COLOURS)[suit]


class CardAtlas:
    """The 54 faces and one back of a `CardStyle`, each on its own small off-screen canvas.

    A canvas is never displayed; `draw_cards` copies from it with ``draw_image`` (which cannot crop,
    hence one canvas per face rather than one sheet). Get atlases through `atlas_for`, which
    draws each style once per kernel. `passes` counts how often the faces were (re)drawn.
    """

    def __init__(self, style: CardStyle):
        self.style = style
        size = {"width": style.width, "height": style.height}
        self.faces: tuple[Canvas, ...] = tuple(Canvas(**size) for _ in ALL_FACES)
        self.back = Canvas(**size)
        self.passes = 0
        self.draw()

    def image(self, card: Card | None) -> Canvas:
        """The canvas holding this card's face; the back for ``None``."""
        return self.back if card is None else self.faces[card.index]

    def draw(self, cards: Iterable[Card] | None = None) -> None:
        """(Re)draw the faces of ``cards`` (default: all 54) and the back, in one message.

        A fresh browser page starts with blank atlas canvases: widgets call this again from
        ``on_client_ready`` before copying faces.
        """
        faces = ALL_FACES if cards is None else sorted(set(cards), key=lambda card: card.index)
        with held(self.back):
            for card in faces:
                _draw_face(self.faces[card.index], card, self.style)
            _draw_back(self.back, self.style)
        self.passes += 1


_ATLASES: dict[CardStyle, CardAtlas] = {}


def atlas_for(style: CardStyle | None = None) -> CardAtlas:
    """The atlas of ``style`` (default `CardStyle()`), drawn on first use and shared afterwards."""
    style = style or CardStyle()
    if style not in _ATLASES:
        _ATLASES[style] = CardAtlas(style)
    return _ATLASES[style]


def _rounded_rect(c: Canvas, x: float, y: float, w: float, h: float, r: float) -> None:
    c.begin_path()
    c.move_to(x + r, y)
    c.arc_to(x + w, y, x + w, y + h, r)
    c.arc_to(x + w, y + h, x, y + h, r)
    c.arc_to(x, y + h, x, y, r)
    c.arc_to(x, y, x + w, y, r)
    c.close_path()


def _card_outline(c: Canvas, style: CardStyle, fill: str, border: str) -> None:
    w, h = style.width, style.height
    c.clear()
    _rounded_rect(c, 0.5, 0.5, w - 1, h - 1, round(w / 10))
    c.fill_style = fill
    c.fill()
    c.stroke_style = border
    c.line_width = 1
    c.stroke()


def _draw_face(c: Canvas, card: Card, style: CardStyle) -> None:
    w, h, s, font = style.width, style.height, style.width / 64, style.font
    _card_outline(c, style, "#ffffff", "#8a8a8a")
    c.text_baseline = "top"
    if card.suit is None:
        _draw_joker(c, card, style)
        return
    colour = style.suit_colour(card.suit)
    c.fill_style = colour
    # The index (rank over suit) sits in the top-left corner: it is all that shows of a covered card.
    corner = [
        (card.rank.value, f"bold {round(17 * s)}px {font}", 4 * s),
        (card.suit.symbol, f"{round(16 * s)}px {font}", 22 * s),
    ]
    for turned in (False, True):
        if turned:
            c.save()
            c.translate(w, h)
            c.rotate(math.pi)
        c.text_align = "left"
        for text, face, y in corner:
            c.font = face
            c.fill_text(text, 4 * s, y)
        if turned:
            c.restore()
    c.text_align = "center"
    c.text_baseline = "middle"
    if card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
        c.font = f"bold {round(30 * s)}px {font}"
        c.fill_text(card.rank.value, w / 2 + 4 * s, h / 2 - 6 * s)
        c.font = f"{round(18 * s)}px {font}"
        c.fill_text(card.suit.symbol, w / 2 + 4 * s, h / 2 + 18 * s)
    else:
        c.font = f"{round(36 * s)}px {font}"
        c.fill_text(card.suit.symbol, w / 2 + 4 * s, h / 2 + 4 * s)


def _draw_joker(c: Canvas, card: Card, style: CardStyle) -> None:
    """大王 is red with a solid star, 小王 black with a hollow one; the corner reads 大/王 or 小/王."""
    w, h, s, font = style.width, style.height, style.width / 64, style.font
    big = card.rank is Joker.BIG
    c.fill_style = _BIG_JOKER_COLOUR if big else _SMALL_JOKER_COLOUR
    c.text_align = "left"
    c.font = f"bold {round(16 * s)}px {font}"
    c.fill_text("大" if big else "小", 4 * s, 4 * s)
    c.fill_text("王", 4 * s, 22 * s)
    c.text_align = "center"
    c.font = f"{round(30 * s)}px {font}"
    c.fill_text("★" if big else "☆", w / 2 + 6 * s, h / 2 - 8 * s)
    c.font = f"bold {round(11 * s)}px {font}"
    c.fill_text("JOKER", w / 2 + 2 * s, h - 24 * s)


def _draw_back(c: Canvas, style: CardStyle) -> None:
    w, h, s = style.width, style.height, style.width / 64
    _card_outline(c, style, style.back_colour, "#0d2a52")
    inset = 4 * s
    c.save()
    _rounded_rect(c, inset, inset, w - 2 * inset, h - 2 * inset, round(w / 16))
    c.clip()
    step = 8 * s
    # A lattice of diagonals, sent as one command: segments (x, h)-(x + h, 0) and (x, 0)-(x + h, h).
    x = np.arange(-h, w + h, step, dtype=float)
    low, high = np.full_like(x, h), np.zeros_like(x)
    rising = np.stack([np.stack([x, low], 1), np.stack([x + h, high], 1)], 1)
    falling = np.stack([np.stack([x, high], 1), np.stack([x + h, low], 1)], 1)
    c.stroke_style = "#4f7fc0"
    c.line_width = max(1, s)
    c.stroke_line_segments(np.concatenate([rising, falling]))
    c.restore()
    c.stroke_style = "#ffffff"
    c.line_width = 2 * s
    _rounded_rect(c, inset, inset, w - 2 * inset, h - 2 * inset, round(w / 16))
    c.stroke()


# --- drawing a hand ----------------------------------------------------------------

OUTLINE_COLOUR = "#ff9800"


def draw_cards(
    canvas: Canvas,
    cards: Sequence[Card | None],
    rects: Sequence[Rect],
    *,
    selected: Iterable[int] = (),
    face_down: bool = False,
    style: CardStyle | None = None,
    clear: bool = True,
    refresh_faces: bool = False,
) -> None:
    """Copy the faces of ``cards`` into ``rects`` (same length, drawing order) as one message.

    ``selected`` indices get an outline (raise them with `lifted` before calling). ``face_down``
    shows backs only; a ``None`` card is always a back (a hand whose faces are hidden). ``clear``
    wipes the canvas first. Faces come from `atlas_for` ``(style)``: nothing is re-stroked, except
    with ``refresh_faces``, which first redraws the whole atlas for a fresh page (see `on_page_ready`),
    in the same message: every face, since cards that join the hand later are copied from it too.
    """
    if len(cards) != len(rects):
        raise ValueError(f"{len(cards)} cards need {len(cards)} places, got {len(rects)}")
    atlas = atlas_for(style)
    w, h = atlas.style.width, atlas.style.height
    chosen = set(selected)
    with held(canvas):
        if refresh_faces:
            atlas.draw()
        if clear:
            canvas.clear()
        if chosen:
            canvas.stroke_style = OUTLINE_COLOUR
            canvas.line_width = 3
            canvas.line_join = "round"
        turned = False
        for i, (card, rect) in enumerate(zip(cards, rects, strict=True)):
            image = atlas.back if face_down or card is None else atlas.faces[card.index]
            if rect.angle:
                cos, sin = math.cos(rect.angle), math.sin(rect.angle)
                cx, cy = rect.centre
                a, b = round(cos, 4), round(sin, 4)
                canvas.set_transform(a, b, -b, a, round(cx, 1), round(cy, 1))
                x, y = -rect.w / 2, -rect.h / 2
                turned = True
            elif turned:
                canvas.reset_transform()
                x, y = rect.x, rect.y
                turned = False
            else:
                x, y = rect.x, rect.y
            x, y = round(x), round(y)
            if rect.w == w and rect.h == h:
                canvas.draw_image(image, x, y)
            else:
                canvas.draw_image(image, x, y, round(rect.w), round(rect.h))
            if i in chosen:
                canvas.stroke_rect(x - 1.5, y - 1.5, round(rect.w) + 3, round(rect.h) + 3)
        if turned:
            canvas.reset_transform()


def on_page_ready(canvas: Canvas, redraw: Callable[[], None]) -> None:
    """Call ``redraw()`` each time a browser page shows ``canvas`` afresh (Voila, a reloaded tab).

    Such a page starts with every canvas blank, the atlas included, so ``redraw`` should pass
    ``refresh_faces=True`` to `draw_cards`. Before calling it, the canvas manager forgets which canvas
    it last drew on: otherwise it would not repeat the switch to this canvas, which the new page never saw.
    """

    def ready() -> None:
        canvas._canvas_manager._current_canvas = None
        redraw()

    canvas.on_client_ready(ready)
