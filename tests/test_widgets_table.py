"""GameTable, driven headless the way a learner drives it: clicks on card positions and button clicks.

Clicks reach the hand canvas as the browser sends them (``_handle_custom_msg``); the bots answer
synchronously; canvas output is checked at the ipycanvas boundary (`canvas_messages`).
"""

from __future__ import annotations

import html
import random
import re

import pytest

from cardkit import bots, parse_cards
from cardkit.drawing import atlas_for, card_at
from cardkit.game import SEAT_NAMES, Choice
from cardkit.variants import huahuar, paoyao
from cardkit.widgets import GameTable
from cardkit.widgets.table import PAUSE_PHASES, TRICK_STYLE

VARIANTS = ("paoyao", "huahuar", "guandan", "shengji")
LINE = re.compile(r"^(South|East|North|West)(: | plays | declares | buries | gives | gives back ).+")


# --- a learner's hands on the table -------------------------------------------------------------


def click_card(table: GameTable, i: int) -> None:
    x, y = table.card_center(i)
    table.hand.canvas._handle_custom_msg({"event": "mouse_down", "x": x, "y": y}, [])


def select(table: GameTable, cards) -> None:
    """Click the cards in the hand, one by one, as a learner would (each click raises the card)."""
    used: set[int] = set(table.hand.selected)
    for card in cards:
        i = next(i for i, c in enumerate(table.hand.cards) if c == card and i not in used)
        click_card(table, i)
        used.add(i)
    assert set(table.hand.selected) == used


def press(table: GameTable, label_part: str) -> None:
    """Click the phase button whose label contains ``label_part``."""
    matches = [b for b in table.choice_buttons if label_part in b.description]
    assert matches, f"no button {label_part!r} among {[b.description for b in table.choice_buttons]}"
    matches[0].click()


def learner_move(table: GameTable, rng: random.Random) -> None:
    """Do through the widget's controls what the bot would do in the learner's seat."""
    game = table.game
    assert table.my_turn, f"not the learner's turn: {game.phase}, seat {game.current_player}"
    actions = game.legal_actions()
    action = actions[0] if len(actions) == 1 else bots.choose(game.clone(), rng)
    before = len(table.lines)
    if isinstance(action, Choice):
        if action.kind == "pass":
            assert not table.pass_button.disabled
            table.pass_button.click()
        else:
            press(table, action.label)
    else:
        select(table, list(action.cards))
        assert not table.play_button.disabled
        table.play_button.click()
    assert len(table.lines) > before, f"the table refused {action}: {table.message.value}"


def play_until(table: GameTable, done, rng: random.Random, limit: int = 400) -> bool:
    """Learner moves until ``done(table)`` or the game is over; True when ``done`` was reached."""
    for _ in range(limit):
        if done(table):
            return True
        if table.game.is_over:
            return False
        learner_move(table, rng)
    raise AssertionError("the deal did not end")


def state(game) -> tuple:
    return (game.phase, game.current_player, len(game.log), repr(game.trick),
            {name: sorted(c.index for c in cards) for name, cards in game.zones().items()})


# --- whole deals ---------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_whole_deal_is_played_through_the_tables_own_controls(variant):
    table = GameTable(variant, seed=11, bot_delay=0)
    assert not play_until(table, lambda t: False, random.Random(1))
    game = table.game
    assert game.is_over and not table.my_turn
    # The log: one line per action, in order, each naming the seat that acted.
    lines = [line for line in table.lines if not line.startswith("  (")]
    assert len(lines) == len(game.log)
    for line, (seat, _) in zip(lines, game.log, strict=True):
        assert LINE.match(line) and line.startswith(SEAT_NAMES[seat]), line
    assert any(line.startswith("South") for line in lines)
    assert any(re.match(r"^\w+ plays .+ — .+", line) for line in lines)
    # The settlement: result() in full, as a table.
    result = game.result()
    assert result["winner"] in (0, 1)
    assert "<table" in table.result_view.value
    assert html.escape(result["summary"]) in table.result_view.value
    assert table.play_button.disabled and table.pass_button.disabled and table.hint_button.disabled
    assert f"press {table.new_button.description} to play again" in table.prompt.value


def test_log_line_reads_like_the_table_talks():
    table = GameTable("paoyao", game=paoyao.Game(paoyao.Rules(), [parse_cards("S7 H7 D7 S4"), parse_cards("S5"),
                                                                      parse_cards("S6"), parse_cards("S8")], 0),
                      bot_delay=0)
    select(table, parse_cards("S7 H7 D7"))
    table.play_button.click()
    assert table.lines[0] == "South plays 三路 7 — ♠7 ♥7 ♦7"
    assert table.lines[1] == "East: Pass 不出"


# --- illegal plays -------------------------------------------------------------------------------


def test_an_illegal_selection_changes_nothing_and_shows_the_engines_reason():
    table = GameTable("paoyao", seed=5, bot_delay=0)
    game = table.game
    hand = table.hand.cards
    # Two cards of ranks far apart form no pattern in 刨幺.
    cards = [hand[0], hand[-1]]
    assert game.rules.classify(cards) is None
    before = state(game)
    select(table, cards)
    table.play_button.click()
    assert state(table.game) == before and table.game is game
    assert html.escape(table.game.rules.why_not_pattern(cards)) in table.message.value
    assert "✗" in table.message.value
    assert table.hand.selected_cards == cards, "the selection stays, to be corrected"


def test_a_follow_that_breaks_the_ladder_is_refused_with_the_reason():
    table = GameTable("shengji", seed=3, bot_delay=0)
    rng = random.Random(0)
    # Play on until the learner follows a lead they can answer wrongly: a lead of 2+ cards, holding the suit.
    def wrong_follow(t):
        g = t.game
        if not (t.my_turn and g.phase == "play" and g.trick):
            return False
        lead = g.trick[0][1].cards
        suit = g.rules.effective_suit(lead[0])
        return sum(g.rules.effective_suit(c) == suit for c in g.hand(t.human)) > len(lead)
    assert play_until(table, wrong_follow, rng)
    game = table.game
    lead = game.trick[0][1].cards
    suit = game.rules.effective_suit(lead[0])
    off = [c for c in game.hand(table.human) if game.rules.effective_suit(c) != suit]
    wrong = (off + [c for c in game.hand(table.human) if c not in off])[: len(lead)]
    reason = game.rules.follow_error(game.hand(table.human), lead, wrong)
    assert reason
    before = state(game)
    select(table, wrong)
    table.play_button.click()
    assert state(table.game) == before
    assert html.escape(reason) in table.message.value


# --- phase controls ------------------------------------------------------------------------------


def test_paoyao_xue_is_a_button_and_play_goes_on_after_it():
    hands = [parse_cards("S10 H10 D10 C10 S10 H10 D10 C10 SK HK"), parse_cards("S4 H6 D7"),
             parse_cards("S8 H9 DJ"), parse_cards("SQ H4 D6")]
    table = GameTable("paoyao", game=paoyao.Game(paoyao.Rules(), hands, 0), bot_delay=0)
    select(table, parse_cards("S10 H10 D10 C10 S10 H10 D10 C10"))
    table.play_button.click()
    select(table, parse_cards("SK HK"))
    table.play_button.click()
    # South went out with 100 points (扛旗), East/West have none: South's side is asked 雪 or 不雪.
    game = table.game
    assert game.phase == "xue" and table.my_turn
    labels = [b.description for b in table.choice_buttons]
    assert labels == [paoyao.XUE.label, paoyao.NO_XUE.label]
    assert table.play_button.disabled and table.pass_button.disabled
    press(table, "雪牌")
    assert "South: 雪牌 Xue: play on" in table.lines
    assert table.game.is_over  # the bots played on until a side was out
    assert table.game.result()["xue"] is True
    assert "雪" in table.result_view.value


def test_huahuar_huo_is_played_with_the_pair_and_declined_with_a_button():
    hands = [parse_cards("H7 D7 S9 SK"), parse_cards("S3 S4"), parse_cards("S5 S6"), parse_cards("C7")]
    table = GameTable("huahuar", game=huahuar.Game(huahuar.Rules(), hands, 3), bot_delay=0)
    # West led its last card, ♣7: South holds a pair of 7s and is asked whether to 伙.
    assert table.game.phase == "huo" and table.my_turn
    assert [b.description for b in table.choice_buttons] == [huahuar.NO_HUO.label]
    select(table, parse_cards("H7 D7"))
    table.play_button.click()
    assert table.lines[-1] == "South plays 伙 一對 7 — ♦7 ♥7"
    assert table.game.phase == "play" and table.game.current_player == 0 and not table.game.trick
    table.undo_button.click()
    assert table.game.phase == "huo"
    press(table, "不伙")
    # Declined: the single stands, and South answers it the ordinary way (next after West).
    assert table.lines[-1] == "South: No 伙 不伙"
    assert table.game.phase == "play" and table.my_turn and not table.pass_button.disabled


def test_guandan_tribute_in_a_match_goes_through_the_hand_and_the_give_button():
    rng = random.Random(2)
    for seed in range(12):
        table = GameTable("guandan", seed=seed, bot_delay=0, match=True)
        play_until(table, lambda t: t.game.phase in PAUSE_PHASES, rng)
        assert table.game.phase == "deal_over"
        assert "头游" in table.result_view.value or "deals so far" in table.result_view.value
        press(table, "Next deal")
        if play_until(table, lambda t: t.my_turn and t.game.phase in ("tribute", "return"), rng):
            break
    else:
        pytest.fail("in 12 matches the learner never paid or returned a tribute")
    game = table.game
    phase = game.phase
    assert table.play_button.description in ("Give 进贡", "Return 还贡")
    allowed = [a.cards[0] for a in game.legal_actions()]
    wrong = [c for c in game.hand(table.human) if c not in allowed]
    if wrong:
        before = state(game.deal)
        select(table, wrong[:1])
        table.play_button.click()
        assert state(table.game.deal) == before and "cannot be given" in table.message.value
        click_card(table, table.hand.selected[0])  # deselect it again
    select(table, allowed[:1])
    table.play_button.click()
    verb = "gives 进贡 tribute" if phase == "tribute" else "gives back 还贡 return"
    assert f"South {verb} — {allowed[0].symbol}" in table.lines
    assert table.game.phase != phase or table.game.current_player != table.human


def test_shengji_declaring_has_buttons_and_burying_uses_the_hand_and_the_bury_button():
    rng = random.Random(4)
    declared = buried = False
    for seed in range(20):
        table = GameTable("shengji", seed=seed, bot_delay=0)
        while not table.game.is_over and table.game.phase in ("declare", "bury"):
            g = table.game
            if g.phase == "declare" and any(getattr(a, "kind", "") == "declare" for a in g.legal_actions()):
                declaration = next(a for a in g.legal_actions() if getattr(a, "kind", "") == "declare")
                text = g.describe(declaration)
                assert text in [b.description for b in table.choice_buttons]
                press(table, text)
                assert f"South declares {text}" in table.lines
                declared = True
            elif g.phase == "bury":
                assert table.play_button.description == "Bury 埋底"
                choice = bots.choose(g.clone(), rng)
                before = state(g)
                select(table, list(choice.cards)[:7])
                table.play_button.click()
                assert state(table.game) == before and "bury exactly 8 cards" in table.message.value
                select(table, list(choice.cards)[7:])
                table.play_button.click()
                assert "South buries " + g.describe(choice) in table.lines
                assert table.game.phase != "bury"
                buried = True
            else:
                learner_move(table, rng)
        if declared and buried:
            return
    pytest.fail(f"in 20 deals the learner never got to declare ({declared}) and bury ({buried})")


# --- hint, undo, new deal ------------------------------------------------------------------------


def test_hint_selects_the_bots_choice_and_play_then_plays_it():
    table = GameTable("guandan", seed=8, bot_delay=0)
    table.hint_button.click()
    assert table.hand.selected, table.message.value
    chosen = table.hand.selected_cards
    assert "Hint" in table.message.value
    table.play_button.click()
    south = [action for seat, action in table.game.log if seat == 0]
    assert sorted(c.index for c in south[0].cards) == sorted(c.index for c in chosen)


def test_undo_restores_the_state_before_the_learners_last_move_and_the_bots_after_it():
    table = GameTable("huahuar", seed=2, bot_delay=0)
    rng = random.Random(3)
    learner_move(table, rng)
    before = state(table.game)
    lines = list(table.lines)
    hand = table.hand.cards
    learner_move(table, rng)
    assert state(table.game) != before
    assert not table.undo_button.disabled
    table.undo_button.click()
    assert state(table.game) == before and table.lines == lines and table.hand.cards == hand
    table.undo_button.click()
    table.undo_button.click()  # nothing left: says so, changes nothing
    assert "Nothing to undo" in table.message.value and table.undo_button.disabled


def test_new_deal_shuffles_again():
    table = GameTable("paoyao", seed=1, bot_delay=0)
    first = table.game.hand(0)
    table.new_button.click()
    assert table.deal_number == 1 and table.game.hand(0) != first


def test_every_card_of_a_54_card_hand_is_clickable_at_its_card_center():
    table = GameTable("huahuar", seed=4, bot_delay=0)
    rects = table.hand.rects
    assert len(rects) == 54
    for i in range(54):
        assert card_at(rects, *table.card_center(i)) == i


def test_dom_hooks_for_the_browser_tests():
    table = GameTable("shengji", seed=1, bot_delay=0)
    assert "cardkit-table" in table._dom_classes
    assert "cardkit-hand" in table.hand.canvas._dom_classes
    assert "cardkit-felt" in table.felt._dom_classes
    for widget, css in ((table.play_button, "cardkit-play"), (table.pass_button, "cardkit-pass"),
                        (table.hint_button, "cardkit-hint"), (table.new_button, "cardkit-new"),
                        (table.undo_button, "cardkit-undo"), (table.message, "cardkit-message"),
                        (table.log_view, "cardkit-log"), (table.result_view, "cardkit-result")):
        assert css in widget._dom_classes
    layout = table.layout_info()
    assert layout["human"] == 0 and len(layout["hand"]) == len(table.hand.cards)


# --- canvas output ------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_full_redraw_is_one_canvas_message(variant, canvas_messages):
    table = GameTable(variant, seed=6, bot_delay=0)
    canvas_messages.clear()
    table.redraw()
    assert len(canvas_messages.messages) == 1
    message = canvas_messages.messages[0]
    assert message.batched and "drawImage" in message.names()
    # The cloth, the table and the learner's hand all in it.
    for canvas in (table.felt[0], table.felt[1], table.hand.canvas):
        assert canvas_messages.names_for(canvas), canvas
    print(f"{variant}: full GameTable redraw {message.nbytes} bytes")
    canvas_messages.clear()
    table.redraw(refresh=True)  # a page that just connected: cloth, faces and hand too
    assert len(canvas_messages.messages) == 1
    # Every face of both atlases, not only those in sight: later plays and cards joining the hand need them.
    for style in (TRICK_STYLE, table.hand.card_style):
        atlas = atlas_for(style)
        assert all(canvas_messages.names_for(face) for face in (*atlas.faces, atlas.back))
    print(f"{variant}: refresh for a fresh page {canvas_messages.messages[0].nbytes} bytes")


def test_a_move_and_the_bots_answers_are_one_message_and_animated_in_the_browser(canvas_messages):
    table = GameTable("guandan", seed=8, bot_delay=300)
    rng = random.Random(5)
    game = table.game
    action = bots.choose(game.clone(), rng)
    select(table, list(action.cards))
    canvas_messages.clear()
    moves = len(game.log)
    table.play_button.click()
    bot_moves = len(table.game.log) - moves - 1
    assert bot_moves >= 1
    assert len(canvas_messages.messages) == 1
    names = canvas_messages.messages[0].names()
    # One pause per bot move (the browser plays them), plus one to show the learner's own hand first.
    assert names.count("sleep") == bot_moves + 1
    sleeps = [args[0] for name, args in canvas_messages.commands_for(table.felt[1]) if name == "sleep"]
    assert sleeps == [300] * bot_moves
    print(f"guandan: a move with {bot_moves} animated bot moves {canvas_messages.messages[0].nbytes} bytes")


def test_without_animation_a_move_is_one_message_without_pauses(canvas_messages):
    table = GameTable("paoyao", seed=9, bot_delay=0)
    action = bots.choose(table.game.clone(), random.Random(0))
    select(table, list(action.cards))
    canvas_messages.clear()
    table.play_button.click()
    assert len(canvas_messages.messages) == 1 and "sleep" not in canvas_messages.names()


# --- what a learner sees (found play-testing in a browser) -------------------------------------------


def test_declaring_with_selected_cards_then_being_dealt_more_shows_the_whole_new_hand():
    table = GameTable("shengji", seed=0, bot_delay=0)
    assert table.my_turn and table.game.phase == "declare"
    declaration = next(a for a in table.game.legal_actions() if getattr(a, "kind", "") == "declare")
    select(table, list(declaration.cards))
    table.play_button.click()
    assert any(line.startswith("South declares") for line in table.lines)
    # The deal went on while the cards were selected: the hand grew and every card of it is drawn.
    assert sorted(c.index for c in table.hand.cards) == sorted(c.index for c in table.game.hand(0))
    assert len(table.hand.rects) == len(table.hand.cards) > len(declaration.cards)
    assert len(table.layout_info()["hand"]) == len(table.hand.cards)


def test_a_selection_that_is_no_play_yet_is_counted_beside_the_hand():
    table = GameTable("paoyao", seed=5, bot_delay=0)
    hand = table.hand.cards
    select(table, [hand[0], hand[-1]])
    assert f"2 selected: {hand[0].symbol} {hand[-1].symbol}" in table.message.value
    assert "✗" not in table.message.value


def test_between_deals_of_a_match_the_felt_marks_the_learner_and_the_log_marks_the_new_deal():
    table = GameTable("guandan", seed=0, bot_delay=0, match=True)
    assert play_until(table, lambda t: t.game.phase in PAUSE_PHASES, random.Random(1))
    assert table.game.current_player != table.human  # the game names the next dealer ...
    assert table._to_act(table.game) == table.human  # ... but the learner presses Next deal
    press(table, "Next deal")
    assert "Next deal" in next(line for line in table.lines if "Next deal" in line)
    assert not any(line.startswith(tuple(SEAT_NAMES)) and "Next deal" in line for line in table.lines)


def test_the_felts_status_lines_stay_inside_their_corner():
    from cardkit.widgets.table import _STATUS_WIDTH, _wrap, text_width

    status = ("points: South–North 135 · East–West 0 · out: North · South–North have won by 扛旗: South chooses 雪牌 "
              "(play on) or 不雪 (stop)")
    lines = _wrap(status, _STATUS_WIDTH)
    assert all(text_width(line) <= _STATUS_WIDTH for line in lines)
    assert " ".join(lines).replace(" · ", " ").split() == status.replace(" · ", " ").split()
    short = _wrap(status, _STATUS_WIDTH, max_lines=2)
    assert len(short) == 2 and short[-1].endswith("…") and text_width(short[-1]) <= _STATUS_WIDTH


def test_settlement_names_seats_in_lists_and_puts_per_seat_records_in_seat_columns():
    from cardkit.widgets._common import settlement_html

    result = {"summary": "East–West win", "xiayou": [1, 3], "reason": "kangqi", "reason_zh": "扛旗",
              "trump": "H", "how": "opponent_last",
              "players": [{"seat": s, "won_cards": 10 * s, "fang": s} for s in range(4)]}
    page = settlement_html(result)
    assert "<td>East, West</td>" in page  # two seats, not "South/North East · East/West West"
    assert "<td>扛旗 kangqi</td>" in page and "won by (中文)" not in page
    assert "♥ hearts 紅桃" in page and "opponent last" in page
    # Seats across, figures down: one header row of seat names, one row per figure.
    assert "<th>South</th><th>East</th><th>North</th><th>West</th>" in page
    assert "<th style='text-align:left'>cards won</th><td>0</td><td>10</td><td>20</td><td>30</td>" in page
