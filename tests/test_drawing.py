"""Layout and hit-testing (pure), the face atlas and batched drawing of cardkit.drawing."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ipycanvas import Canvas
from ipycanvas.canvas import _CANVAS_MANAGER

from cardkit import BIG_JOKER, SMALL_JOKER, new_deck, parse_cards
from cardkit.drawing import (
    CardStyle,
    Rect,
    atlas_for,
    bounds,
    card_at,
    draw_cards,
    held,
    layout_hand,
    lifted,
    natural_order,
    on_page_ready,
    sort_cards,
)


def index_point(rect: Rect, dx: float = 3, dy: float = 3) -> tuple[float, float]:
    """A point ``(dx, dy)`` inside the card's top-left corner (where its rank and suit are), on screen."""
    cx, cy = rect.centre
    lx, ly = -rect.w / 2 + dx, -rect.h / 2 + dy
    cos, sin = math.cos(rect.angle), math.sin(rect.angle)
    return (cx + lx * cos - ly * sin, cy + lx * sin + ly * cos)


# --- layout --------------------------------------------------------------------


def test_a_54_card_hand_fits_two_rows_of_a_900_px_canvas_with_every_index_visible():
    rects = layout_hand(54, 900)
    assert len({rect.y for rect in rects}) == 2
    left, top, right, bottom = bounds(rects)
    assert left >= 0 and right <= 900 and top >= 0
    row = [rect for rect in rects if rect.y == rects[0].y]
    assert min(b.x - a.x for a, b in pairwise(row)) >= 26
    # Each card's corner index is uncovered: a tap there finds that very card.
    for i, rect in enumerate(rects):
        assert card_at(rects, *index_point(rect)) == i


def test_few_cards_sit_side_by_side_without_overlap():
    rects = layout_hand(5, 900, gap=6)
    assert [round(b.x - a.x) for a, b in pairwise(rects)] == [70, 70, 70, 70]
    left, _, right, _ = bounds(rects)
    assert left == pytest.approx(900 - right)  # centred


def test_single_row_arrangement_keeps_one_row_however_many_cards():
    rects = layout_hand(54, 900, arrangement="row")
    assert len({rect.y for rect in rects}) == 1
    assert bounds(rects)[2] <= 900


def test_rows_leave_room_above_for_a_raised_card():
    rects = layout_hand(10, 900, lift=14, margin=8)
    assert min(rect.y for rect in rects) == 22
    assert min(rect.y for rect in lifted(rects, [0], 14)) == 8


def test_fan_is_symmetric_fits_the_canvas_and_shows_every_index():
    rects = layout_hand(13, 600, arrangement="fan")
    angles = [rect.angle for rect in rects]
    assert angles == sorted(angles) and angles[0] == pytest.approx(-angles[-1]) and angles[0] < 0
    left, top, right, _ = bounds(rects)
    assert left >= 0 and right <= 600 and top >= 0
    for i, rect in enumerate(rects):
        assert card_at(rects, *index_point(rect)) == i


def test_a_27_card_fan_keeps_neighbours_a_tap_apart_on_900_px():
    rects = layout_hand(27, 900, arrangement="fan", min_step=26)
    assert bounds(rects)[2] <= 900
    assert min(math.dist(a.centre, b.centre) for a, b in pairwise(rects)) >= 26 - 1e-6


def test_a_wide_fan_closes_up_to_fit():
    rects = layout_hand(27, 500, arrangement="fan")
    left, _, right, _ = bounds(rects)
    assert left >= 8 - 1e-9 and right <= 492 + 1e-9


def test_empty_hand_has_no_rects():
    assert layout_hand(0, 900) == [] and bounds([]) == (0.0, 0.0, 0.0, 0.0)


def test_unknown_arrangement_and_too_narrow_canvas_are_refused():
    with pytest.raises(ValueError, match="arrangement must be one of"):
        layout_hand(3, 900, arrangement="circle")
    with pytest.raises(ValueError, match="cannot hold a card"):
        layout_hand(3, 60)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(1, 216), width=st.integers(320, 1400))
def test_rows_layout_stays_on_the_canvas_and_every_card_can_be_tapped(n, width):
    rects = layout_hand(n, width)
    left, top, right, _ = bounds(rects)
    assert left >= 0 and top >= 0 and right <= width + 1e-9
    for i, rect in enumerate(rects):
        assert card_at(rects, *index_point(rect)) == i


# --- hit-testing ---------------------------------------------------------------


def test_where_cards_overlap_the_topmost_card_wins():
    rects = [Rect(0, 0, 60, 90), Rect(30, 0, 60, 90)]
    assert card_at(rects, 10, 10) == 0
    assert card_at(rects, 45, 10) == 1  # in the overlap: the later card lies on top
    assert card_at(rects, 85, 80) == 1


def test_a_point_off_every_card_is_none():
    rects = [Rect(10, 10, 60, 90)]
    assert card_at(rects, 5, 5) is None
    assert card_at(rects, 71, 50) is None
    assert card_at([], 0, 0) is None


def test_hit_testing_follows_a_turned_card():
    rect = Rect(0, 0, 20, 100, angle=math.pi / 2)  # lies on its side: 100 wide, 20 tall, centred at (10, 50)
    assert rect.contains(-35, 50) and rect.contains(55, 52)
    assert not rect.contains(10, 5)


def test_lifting_moves_only_the_selected_cards_up_along_their_own_axis():
    rects = [Rect(0, 20, 60, 90), Rect(30, 20, 60, 90), Rect(60, 20, 60, 90, angle=math.pi / 2)]
    up = lifted(rects, [1, 2], 10)
    assert up[0] == rects[0]
    assert (up[1].x, up[1].y) == (30, 10)
    assert (up[2].x, up[2].y) == pytest.approx((70, 20))


# --- order ---------------------------------------------------------------------


def test_natural_order_runs_two_to_ace_then_small_and_big_joker():
    cards = parse_cards("RJ SA H2 BJ D10 S2 CK")
    assert sort_cards(cards, natural_order) == parse_cards("S2 H2 D10 CK SA BJ RJ")


def test_without_a_sort_key_the_order_is_kept():
    cards = parse_cards("RJ SA H2")
    assert sort_cards(cards) == cards and sort_cards(cards) is not cards


# --- batching ------------------------------------------------------------------


def test_held_sends_one_message_and_nested_blocks_do_not_flush_early(canvas_messages):
    canvas = Canvas(width=100, height=100)
    with held(canvas):
        canvas.fill_rect(0, 0, 10)
        with held(canvas):
            canvas.fill_rect(10, 10, 10)
        assert canvas_messages.messages == []
        canvas.fill_rect(20, 20, 10)
    assert len(canvas_messages.messages) == 1
    assert canvas_messages.messages[0].names() == ["switchCanvas", "fillRect", "fillRect", "fillRect"]


def test_an_error_inside_held_does_not_swallow_later_drawings(canvas_messages):
    canvas = Canvas(width=100, height=100)
    with pytest.raises(RuntimeError), held(canvas):
        canvas.fill_rect(0, 0, 10)
        raise RuntimeError("boom")
    assert not _CANVAS_MANAGER._caching
    assert canvas_messages.messages == []  # the half-drawn batch is dropped
    canvas.fill_rect(0, 0, 10)
    # The dropped batch held the switch to this canvas, so the switch is sent again.
    assert canvas_messages.names() == ["switchCanvas", "fillRect"]


# --- atlas and drawing ---------------------------------------------------------


def test_the_atlas_draws_54_faces_and_a_back_once_per_style(canvas_messages):
    style = CardStyle(width=50, height=70)
    atlas = atlas_for(style)
    assert atlas_for(CardStyle(width=50, height=70)) is atlas
    assert atlas.passes == 1 and len(atlas.faces) == 54
    assert len(canvas_messages.messages) == 1
    for canvas in (*atlas.faces, atlas.back):
        assert "fill" in canvas_messages.names_for(canvas)
    assert len({canvas.model_id for canvas in atlas.faces}) == 54


def test_a_hand_is_copied_from_the_atlas_not_stroked_again(canvas_messages):
    style = CardStyle(width=52, height=72)
    atlas = atlas_for(style)
    canvas_messages.clear()
    deck = new_deck(4)
    cards, rects = deck[::4], layout_hand(54, 900, card_w=52, card_h=72)
    canvas = Canvas(width=900, height=200)
    draw_cards(canvas, cards, rects, style=style)
    draw_cards(canvas, cards, rects, style=style)
    assert atlas.passes == 1
    assert len(canvas_messages.messages) == 2
    names = canvas_messages.messages[0].names()
    assert names.count("drawImage") == 54 and "fillText" not in names and "fill" not in names
    sources = [args[0] for name, args in canvas_messages.commands_for(canvas) if name == "drawImage"][:54]
    assert sources == [f"IPY_MODEL_{atlas.image(card).model_id}" for card in cards]


def test_face_down_and_unknown_cards_show_the_back(canvas_messages):
    atlas = atlas_for()
    canvas = Canvas(width=400, height=200)
    cards = parse_cards("SA HK")
    rects = layout_hand(3, 400)
    draw_cards(canvas, [*cards, None], rects)
    draw_cards(canvas, [*cards, None], rects, face_down=True)
    sources = [args[0] for name, args in canvas_messages.commands_for(canvas) if name == "drawImage"]
    back = f"IPY_MODEL_{atlas.back.model_id}"
    assert sources[2] == back and sources[:2] != [back, back]
    assert sources[3:] == [back] * 3


def test_selected_cards_get_an_outline(canvas_messages):
    canvas = Canvas(width=400, height=200)
    rects = layout_hand(3, 400)
    draw_cards(canvas, parse_cards("S3 S4 S5"), rects, selected=[1])
    names = canvas_messages.names_for(canvas)
    assert names.count("strokeRect") == 1
    assert names.index("strokeRect") == names.index("drawImage") + 2  # right after the card it rings


def test_drawing_a_fan_turns_each_card_and_restores_the_transform(canvas_messages):
    canvas = Canvas(width=600, height=300)
    rects = layout_hand(4, 600, arrangement="fan")  # an even fan has no upright middle card
    draw_cards(canvas, parse_cards("S3 S4 S5 S6"), rects)
    names = canvas_messages.names_for(canvas)
    assert names.count("setTransform") == 4 and names[-1] == "resetTransform"


def test_cards_and_places_must_match():
    with pytest.raises(ValueError, match="2 cards need 2 places, got 1"):
        draw_cards(Canvas(width=100, height=100), parse_cards("SA SK"), [Rect(0, 0, 64, 90)])


def face_colours_and_texts(canvas_messages, canvas) -> tuple[set[str], list[str]]:
    commands = canvas_messages.commands_for(canvas)
    colours = {args[1] for name, args in commands if name == "set" and args[0] == "fill_style"}
    return colours, [args[0] for name, args in commands if name == "fillText"]


def test_four_colour_deck_paints_diamonds_blue_and_clubs_green(canvas_messages):
    two, four = atlas_for(CardStyle(width=54)), atlas_for(CardStyle(width=54, four_colour=True))
    diamond, club, heart = parse_cards("D7 C7 H7")
    assert "#c8102e" in face_colours_and_texts(canvas_messages, two.image(diamond))[0]
    assert "#1560bd" in face_colours_and_texts(canvas_messages, four.image(diamond))[0]
    assert "#1b7d2f" in face_colours_and_texts(canvas_messages, four.image(club))[0]
    assert "#c8102e" in face_colours_and_texts(canvas_messages, four.image(heart))[0]


def test_big_and_small_jokers_have_distinct_faces(canvas_messages):
    atlas = atlas_for(CardStyle(width=56))
    big_colours, big_texts = face_colours_and_texts(canvas_messages, atlas.image(BIG_JOKER))
    small_colours, small_texts = face_colours_and_texts(canvas_messages, atlas.image(SMALL_JOKER))
    assert "大" in big_texts and "JOKER" in big_texts and "#c8102e" in big_colours
    assert "小" in small_texts and "JOKER" in small_texts and "#c8102e" not in small_colours
    assert big_texts != small_texts


def test_every_face_shows_its_rank_and_suit(canvas_messages):
    atlas = atlas_for(CardStyle(width=58))
    for card in parse_cards("SA H10 DJ C2"):
        texts = face_colours_and_texts(canvas_messages, atlas.image(card))[1]
        assert texts.count(card.rank.value) >= 2 and card.suit.symbol in texts


def test_refreshing_faces_redraws_every_face_in_the_same_message(canvas_messages):
    """A fresh page has a blank atlas; cards that join the hand later are copied from it too."""
    atlas = atlas_for(CardStyle(width=60))
    canvas_messages.clear()
    shown, later = parse_cards("S9 RJ"), parse_cards("H9")[0]
    draw_cards(Canvas(width=300, height=150), shown, layout_hand(2, 300, card_w=60), style=atlas.style,
               refresh_faces=True)
    assert len(canvas_messages.messages) == 1
    assert all("fillText" in canvas_messages.names_for(atlas.image(card)) for card in [*shown, later])


def test_a_fresh_page_gets_the_switch_to_the_canvas_again(canvas_messages):
    canvas = Canvas(width=100, height=100)
    on_page_ready(canvas, lambda: canvas.fill_rect(0, 0, 5))
    canvas.fill_rect(0, 0, 5)  # the manager now believes the browser is drawing on this canvas
    canvas_messages.clear()
    canvas._handle_custom_msg({"event": "client_ready"}, [])
    assert canvas_messages.names() == ["switchCanvas", "fillRect"]
