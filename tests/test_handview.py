"""HandView: tap a card to select it; every redraw is one bounded message to the browser."""

from __future__ import annotations

import random

import pytest
import traitlets

from cardkit import new_deck, parse_cards
from cardkit.drawing import atlas_for, natural_order
from cardkit.widgets.hand import HandView


def click(view: HandView, x: float, y: float) -> None:
    """What the browser sends when the mouse goes down on the canvas at (x, y) in canvas pixels."""
    view.canvas._handle_custom_msg({"event": "mouse_down", "x": x, "y": y}, [])


def click_card(view: HandView, i: int) -> None:
    rect = view.rects[i]
    click(view, rect.x + 4, rect.y + 4)


def huahuar_hand(seed: int = 7) -> list:
    deck = new_deck(4)
    random.Random(seed).shuffle(deck)
    return deck[:54]


def test_clicking_a_card_selects_it_and_clicking_again_deselects_it():
    view = HandView(parse_cards("S3 H9 DK RJ"))
    seen = []
    view.observe(lambda change: seen.append(change["new"]), "selected")
    click_card(view, 2)
    assert view.selected == [2] and view.selected_cards == parse_cards("DK")
    click_card(view, 0)
    assert view.selected == [0, 2]
    click_card(view, 2)
    assert view.selected == [0]
    assert seen == [[2], [0, 2], [0]]


def test_a_selected_card_is_raised_and_can_be_clicked_where_it_now_is():
    view = HandView(parse_cards("S3 H9 DK"))
    before = view.rects[1]
    click_card(view, 1)
    after = view.rects[1]
    assert after.y == before.y - view.lift and after.x == before.x
    click(view, after.x + 10, after.y + 2)  # above where the card used to be
    assert view.selected == []


def test_a_click_on_an_empty_spot_changes_nothing(canvas_messages):
    view = HandView(parse_cards("S3 H9 DK"))
    click_card(view, 0)
    canvas_messages.clear()
    seen = []
    view.observe(lambda change: seen.append(change), "selected")
    click(view, view.canvas.width - 2, 2)
    click(view, 1, view.canvas.height - 1)
    assert view.selected == [0] and seen == [] and canvas_messages.messages == []


def test_a_54_card_redraw_is_one_message_of_at_most_20_kb(canvas_messages):
    view = HandView(huahuar_hand(), sort_key=natural_order)
    canvas_messages.clear()
    view.redraw()
    assert len(canvas_messages.messages) == 1
    message = canvas_messages.messages[0]
    assert message.names().count("drawImage") == 54 and "fillText" not in message.names()
    print(f"54-card redraw: {message.nbytes} bytes")
    assert message.nbytes <= 20_000
    canvas_messages.clear()
    view.selected = list(range(0, 54, 2))  # a click or a selection change also redraws in one message
    assert len(canvas_messages.messages) == 1
    print(f"54-card redraw, 27 selected: {canvas_messages.messages[0].nbytes} bytes")
    assert canvas_messages.messages[0].nbytes <= 20_000


def test_a_54_card_hand_is_legible_in_two_rows_at_900_px():
    view = HandView(huahuar_hand())
    assert len({rect.y for rect in view.rects}) == 2
    assert view.canvas.width == 900 and view.canvas.height <= 200


def test_the_hand_is_shown_in_sort_key_order_and_selected_indexes_into_it():
    view = HandView(parse_cards("RJ S2 HA D5"), sort_key=natural_order)
    assert view.cards == tuple(parse_cards("S2 D5 HA RJ"))
    click_card(view, 3)
    assert view.selected_cards == parse_cards("RJ")


def test_equal_copies_from_different_decks_are_selected_one_at_a_time():
    view = HandView(parse_cards("H5 H5 H5"))
    click_card(view, 1)
    assert view.selected == [1] and view.selected_cards == parse_cards("H5")


def test_selected_can_be_set_from_python_and_is_checked():
    view = HandView(parse_cards("S3 H9 DK"))
    view.selected = [2, 0, 2]
    assert view.selected == [0, 2]
    with pytest.raises(traitlets.TraitError, match="0 to 2; 3 is not one"):
        view.selected = [1, 3]
    assert view.selected == [0, 2]


def test_new_cards_clear_the_selection_and_redraw_once(canvas_messages):
    view = HandView(parse_cards("S3 H9 DK"))
    click_card(view, 1)
    canvas_messages.clear()
    view.set_cards(parse_cards("C4 C5"))
    assert view.selected == [] and view.cards == tuple(parse_cards("C4 C5"))
    assert len(canvas_messages.messages) == 1
    assert canvas_messages.names_for(view.canvas).count("drawImage") == 2


def test_the_canvas_never_shrinks_and_has_an_explicit_css_size():
    view = HandView(huahuar_hand())
    tall = view.canvas.height
    view.set_cards(parse_cards("S3"))
    assert view.canvas.height == tall
    assert view.canvas.layout.width == "900px" and view.canvas.layout.height == f"{tall}px"


def test_a_hand_that_is_not_selectable_ignores_clicks():
    view = HandView(parse_cards("S3 H9"), selectable=False)
    click_card(view, 0)
    assert view.selected == []


def test_a_tap_selects_like_a_click():
    view = HandView(parse_cards("S3 H9"))
    rect = view.rects[1]
    view.canvas._handle_custom_msg({"event": "touch_start", "touches": [{"x": rect.x + 5, "y": rect.y + 5}]}, [])
    assert view.selected == [1]


def test_face_down_shows_only_backs(canvas_messages):
    view = HandView(parse_cards("S3 H9 DK"), face_down=True)
    back = f"IPY_MODEL_{atlas_for().back.model_id}"
    sources = [args[0] for name, args in canvas_messages.commands_for(view.canvas) if name == "drawImage"]
    assert sources == [back] * 3
    canvas_messages.clear()
    view.face_down = False
    sources = [args[0] for name, args in canvas_messages.commands_for(view.canvas) if name == "drawImage"]
    assert back not in sources and len(sources) == 3


def test_a_fresh_page_gets_the_faces_and_the_hand_again_in_one_message(canvas_messages):
    view = HandView(parse_cards("S3 H9 RJ"))
    canvas_messages.clear()
    view.canvas._handle_custom_msg({"event": "client_ready"}, [])
    assert len(canvas_messages.messages) == 1
    names = canvas_messages.messages[0].names()
    # The page has never seen a switch to a canvas, so the message must begin with one.
    assert names[0] == "switchCanvas"
    atlas = atlas_for()
    for card in view.cards:
        assert "fillText" in canvas_messages.names_for(atlas.image(card))
    assert canvas_messages.names_for(view.canvas).count("drawImage") == 3


def test_a_fan_hand_hit_tests_turned_cards():
    view = HandView(parse_cards("S3 S4 S5 S6 S7"), arrangement="fan", width=500)
    rect = view.rects[0]
    cx, cy = rect.centre
    click(view, cx - 5, cy)  # left half of the leftmost card is not covered by its neighbour
    assert view.selected == [0]
