"""`HandView`: a hand of cards on a canvas; tap or click a card to select or deselect it."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import ipywidgets as widgets
import traitlets
from ipycanvas import Canvas

from ..cards import Card
from ..drawing import (
    CardStyle,
    Rect,
    atlas_for,
    bounds,
    card_at,
    draw_cards,
    layout_hand,
    lifted,
    on_page_ready,
    sort_cards,
)

__all__ = ["HandView"]


class HandView(widgets.VBox):
    """A hand drawn on a canvas, sorted by ``sort_key``; clicking (or tapping) a card toggles it.

    ``selected`` is a sorted list of **indices into** `cards` (the hand as shown, after sorting),
    not of cards: a multi-deck hand holds equal copies, and an index says which copy was picked.
    `selected_cards` gives the cards. Observe it like any trait::

        view = HandView(hand, sort_key=rules.sort_key)
        view.observe(lambda change: print(view.selected_cards), "selected")

    Selected cards are raised and outlined. Setting ``selected`` from Python redraws too.
    ``selectable=False`` ignores clicks (an opponent's hand); ``face_down=True`` shows backs only.
    ``arrangement`` is ``"rows"`` (default; 54 cards fit two rows at the default width), ``"row"``
    or ``"fan"`` (see `cardkit.drawing.layout_hand`). The canvas is ``width`` pixels wide and as tall
    as the hand needs; it never shrinks, so a hand being played out keeps its place on the page.
    """

    selected = traitlets.List(traitlets.Int())
    face_down = traitlets.Bool(False)
    selectable = traitlets.Bool(True)

    def __init__(
        self,
        cards: Iterable[Card] = (),
        sort_key: Callable[[Card], object] | None = None,
        *,
        width: int = 900,
        arrangement: str = "rows",
        card_style: CardStyle | None = None,
        face_down: bool = False,
        selectable: bool = True,
        lift: int = 14,
        **kwargs,
    ):
        self.sort_key = sort_key
        self.arrangement = arrangement
        self.card_style = card_style or CardStyle()
        self.lift = lift
        self._cards: tuple[Card, ...] = ()
        self._rects: list[Rect] = []
        self._drawn: list[Rect] = []
        self._ready = False
        # The atlas canvases exist before the hand's canvas, so the browser creates them first.
        self._atlas = atlas_for(self.card_style)
        self.canvas = Canvas(width=width, height=self.card_style.height + 2 * 8 + lift)
        super().__init__(children=[self.canvas], **kwargs)
        self.face_down = face_down
        self.selectable = selectable
        self.canvas.on_mouse_down(self._on_press)
        self.canvas.on_touch_start(self._on_touch)
        on_page_ready(self.canvas, lambda: self.redraw(refresh_faces=True))
        self.observe(self._on_look_change, ["selected", "face_down"])
        self._ready = True
        self.set_cards(cards)

    # --- the hand ---------------------------------------------------------------

    @property
    def cards(self) -> tuple[Card, ...]:
        """The hand as shown, sorted; `selected` indexes into this."""
        return self._cards

    @property
    def rects(self) -> list[Rect]:
        """Where each card of `cards` is drawn now, selected ones raised, in canvas pixels.

        A click at ``(x, y)`` toggles ``cardkit.drawing.card_at(view.rects, x, y)``.
        """
        return list(self._drawn)

    @property
    def selected_cards(self) -> list[Card]:
        """The selected cards, in hand order."""
        return [self._cards[i] for i in self.selected]

    def set_cards(self, cards: Iterable[Card], sort_key: Callable[[Card], object] | None = None) -> None:
        """Show a new hand (sorted by ``sort_key`` if given, else by the view's own); clears the selection."""
        if sort_key is not None:
            self.sort_key = sort_key
        self._cards = tuple(sort_cards(cards, self.sort_key))
        style = self.card_style
        self._rects = layout_hand(
            len(self._cards), self.canvas.width, card_w=style.width, card_h=style.height,
            arrangement=self.arrangement, lift=self.lift,
        )
        height = math.ceil(bounds(self._rects)[3]) + 8
        if height > self.canvas.height:
            self.canvas.height = height
        self.canvas.layout.width = f"{self.canvas.width}px"
        self.canvas.layout.height = f"{self.canvas.height}px"
        self._ready = False
        try:
            self.selected = []
        finally:
            self._ready = True
        self.redraw()

    @traitlets.validate("selected")
    def _check_selected(self, proposal):
        indices = proposal["value"]
        wrong = [i for i in indices if not 0 <= i < len(self._cards)]
        if wrong:
            raise traitlets.TraitError(
                f"selected holds positions in the shown hand, 0 to {len(self._cards) - 1}; {wrong[0]} is not one"
            )
        return sorted(set(indices))

    # --- drawing ----------------------------------------------------------------

    def redraw(self, refresh_faces: bool = False) -> None:
        """Draw the hand as one canvas message; ``refresh_faces`` also redraws the atlas faces it uses."""
        self._drawn = lifted(self._rects, self.selected, self.lift)
        draw_cards(self.canvas, self._cards, self._drawn, selected=self.selected,
                   face_down=self.face_down, style=self.card_style, refresh_faces=refresh_faces)

    def _on_look_change(self, change) -> None:
        if self._ready:
            self.redraw()

    # --- input ------------------------------------------------------------------

    def _on_press(self, x: float, y: float) -> None:
        if not self.selectable:
            return
        i = card_at(self._drawn, x, y)
        if i is None:
            return
        chosen = set(self.selected)
        chosen.symmetric_difference_update({i})
        self.selected = sorted(chosen)

    def _on_touch(self, touches: list[tuple[float, float]]) -> None:
        # The canvas cancels the mouse events a browser would derive from a touch, so taps come here.
        if touches:
            self._on_press(*touches[-1])
