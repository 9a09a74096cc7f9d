"""`PatternGallery`: every pattern of a game drawn with its Chinese name, pinyin and English, weakest first."""

from __future__ import annotations

import html

import ipywidgets as widgets
from ipycanvas import Canvas

from ..drawing import atlas_for, draw_cards, held, layout_hand, on_page_ready
from ..variants import load
from .table import TRICK_STYLE

__all__ = ["PatternGallery"]

WIDTH = 900
ROW_HEIGHT = 86
CARDS_LEFT, CARDS_WIDTH = 44, 360
TEXT_LEFT = 424
NOTE_CHARS = 62  # a note wraps after about this many characters (two lines at most)

TITLES = {
    "huahuar": "花花兒 huāhuār",
    "guandan": "掼蛋 guàndàn",
    "shengji": "升級 shēngjí / 拖拉機 tuōlājī",
    "paoyao": "刨幺 páoyāo",
}


class PatternGallery(widgets.VBox):
    """Every pattern of ``rules.gallery()`` for ``variant``, one row each from the weakest to the strongest:
    a real example of the cards, the Chinese name, its pinyin, the English name and the rule's note.

    Keywords are rule options (``PatternGallery("guandan", level="5")`` shows level 5's wild cards).
    `rows` holds the gallery's dicts; `canvas` the drawing (one message per `redraw`).
    """

    def __init__(self, variant: str, **options):
        self.variant = variant
        self.rules = load(variant).Rules(**options)
        self.rows: list[dict] = list(self.rules.gallery())
        atlas_for(TRICK_STYLE)
        height = ROW_HEIGHT * len(self.rows) + 16
        self.canvas = Canvas(width=WIDTH, height=height)
        self.canvas.layout.width, self.canvas.layout.height = f"{WIDTH}px", f"{height}px"
        self.canvas.add_class("cardkit-gallery-canvas")
        title = widgets.HTML(
            f"<b>{html.escape(TITLES.get(variant, variant))}</b>: every pattern, weakest first "
            f"(1) to strongest last ({len(self.rows)}) — 牌型由小到大"
        )
        super().__init__(children=[title, self.canvas])
        self.add_class("cardkit-gallery")
        on_page_ready(self.canvas, lambda: self.redraw(refresh=True))
        self.redraw()

    def redraw(self, refresh: bool = False) -> None:
        """Draw every row as one canvas message; ``refresh`` first redraws the card faces (a fresh page)."""
        c = self.canvas
        with held(c):
            if refresh:
                atlas_for(TRICK_STYLE).draw([card for row in self.rows for card in row["cards"]])
            c.clear()
            for i, row in enumerate(self.rows):
                self._draw_row(c, i, row)

    def _draw_row(self, c: Canvas, i: int, row: dict) -> None:
        top = 8 + i * ROW_HEIGHT
        c.fill_style = "#f3f6f3" if i % 2 == 0 else "#ffffff"
        c.fill_rect(0, top, WIDTH, ROW_HEIGHT)
        c.text_baseline = "middle"
        c.text_align = "right"
        c.fill_style = "#777777"
        c.font = "bold 16px sans-serif"
        c.fill_text(str(i + 1), CARDS_LEFT - 10, top + ROW_HEIGHT / 2)
        cards = list(row["cards"])
        rects = layout_hand(len(cards), CARDS_WIDTH, card_w=TRICK_STYLE.width, card_h=TRICK_STYLE.height,
                            arrangement="row", min_step=14, gap=4, margin=0, lift=0)
        spread = rects[-1].x + rects[-1].w if rects else 0
        rects = [r.moved(CARDS_LEFT + (CARDS_WIDTH - spread) / 2, top + (ROW_HEIGHT - TRICK_STYLE.height) / 2 - 8)
                 for r in rects]
        draw_cards(c, cards, rects, style=TRICK_STYLE, clear=False)
        c.text_baseline = "top"
        c.text_align = "left"
        c.fill_style = "#111111"
        c.font = "bold 20px sans-serif"
        c.fill_text(row["name_zh"], TEXT_LEFT, top + 6)
        # Chinese glyphs are about as wide as the font is tall; the pinyin follows the name.
        c.font = "italic 15px sans-serif"
        c.fill_style = "#8a1c1c"
        c.fill_text(row["pinyin"], TEXT_LEFT + 21 * len(row["name_zh"]) + 10, top + 9)
        c.font = "15px sans-serif"
        c.fill_style = "#1d3f6e"
        c.fill_text(row["name_en"], TEXT_LEFT, top + 32)
        c.font = "13px sans-serif"
        c.fill_style = "#555555"
        for k, line in enumerate(_wrap(row.get("note", ""), NOTE_CHARS)[:2]):
            c.fill_text(line, TEXT_LEFT, top + 52 + 15 * k)


def _wrap(text: str, width: int) -> list[str]:
    """``text`` broken at spaces into lines of at most about ``width`` characters."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
        if len(lines[1]) > width:
            lines[1] = lines[1][: width - 1] + "…"
    return lines if lines else []

