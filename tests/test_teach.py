"""cardkit.teach: the notebook helpers draw what they are given, repeat the rules' verdicts, and never
let a learner's answer raise."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import sympy

from cardkit import new_deck, parse_cards, teach
from cardkit.drawing import Rect, atlas_for
from cardkit.variants import guandan, huahuar, paoyao, shengji

HUAHUAR = huahuar.Rules()
PAOYAO = paoyao.Rules()
SHENGJI = shengji.Rules(level="3", trump_suit="S")


def is_tick(widget) -> bool:
    return "✓" in widget.value and "✗" not in widget.value


def is_cross(widget) -> bool:
    return "✗" in widget.value and "✓" not in widget.value


# --- pictures ----------------------------------------------------------------------------------------


def test_cards_of_equal_key_stay_close_and_a_gap_separates_different_keys():
    rects = teach.row_rects([1, 1, 2, 3], card_w=48, card_h=68, step=20, gap=10, x=0)
    assert [r.x for r in rects] == [0, 20, 50, 80]


def test_boxes_flow_left_to_right_and_wrap_at_the_width():
    corners = teach.flow_layout([(100, 50), (100, 60), (100, 40)], width=250, gap=10, margin=5)
    assert corners == [(5, 5), (115, 5), (5, 75)]


def test_chinese_text_is_counted_wider_than_latin():
    assert teach.text_width("花花兒", 10) == 30
    assert teach.text_width("abc", 10) < 30


def test_a_row_of_cards_is_one_message_with_one_face_per_card(canvas_messages):
    cards = parse_cards("S3 H9 DK RJ")
    atlas_for(teach.SMALL_CARDS)
    canvas_messages.clear()
    canvas = teach.cards_picture(cards, HUAHUAR.sort_key)
    names = canvas_messages.names_for(canvas)
    assert len(canvas_messages.messages) == 1
    assert names.count("drawImage") == len(cards)
    assert canvas.layout.width == f"{canvas.width}px"


def test_a_picture_draws_itself_again_with_its_faces_on_a_fresh_page(canvas_messages):
    canvas = teach.cards_picture(parse_cards("S3 S4"))
    canvas_messages.clear()
    canvas._handle_custom_msg({"event": "client_ready"}, [])
    assert canvas_messages.names_for(canvas).count("drawImage") == 2
    assert canvas_messages.names()[0] == "switchCanvas"


def test_a_ladder_writes_its_joiner_between_neighbours_and_every_caption(canvas_messages):
    tiles = [teach.Tile(tuple(parse_cards("SA SA")), ("一對",)), teach.Tile(tuple(parse_cards("S3")), ("單只",))]
    canvas = teach.tiles_picture(tiles, joiner=">")
    texts = [args[0] for name, args in canvas_messages.commands_for(canvas) if name == "fillText"]
    assert sorted(texts) == sorted(["一對", "單只", ">"])


# --- patterns and verdicts ------------------------------------------------------------------------


def test_each_pattern_found_in_a_deal_comes_from_the_hand_that_holds_it():
    game = huahuar.new_game(seed=7)
    hands = [game.hand(seat) for seat in range(4)]
    found = teach.find_patterns(HUAHUAR, hands)
    assert [row["id"] for row, _, _ in found] == [row["id"] for row in HUAHUAR.gallery()]
    for row, seat, play in found:
        if play is None:
            continue
        assert not Counter(play.cards) - Counter(hands[seat])
        assert play.name_zh.split(" ")[0] == row["name_zh"]
    assert sum(play is not None for _, _, play in found) >= 8


def test_a_guandan_wild_row_is_only_matched_by_a_play_using_a_wild():
    game = guandan.new_game(seed=5)
    rules = game.rules
    for row, _seat, play in teach.find_patterns(rules, [game.hand(seat) for seat in range(4)]):
        if row["id"] == "wild" and play is not None:
            assert any(card is rules.wild for card in play.cards)


def test_a_guandan_wild_row_describes_the_play_drawn_not_the_engines_example():
    game = guandan.new_game(seed=5)
    view = teach.patterns_in_deal(game.rules, [game.hand(seat) for seat in range(4)])
    [line] = [line.children[1].value for line in view.children if "逢人配" in line.children[1].value]
    [(_, seat, play)] = [f for f in teach.find_patterns(game.rules, [game.hand(s) for s in range(4)])
                         if f[0]["id"] == "wild"]
    assert f"here {play} ({play.cards_text()})" in line


def test_guandan_plays_are_drawn_in_the_order_a_player_reads_them():
    rules = guandan.Rules(level="7")
    assert teach.reading_order(rules, "S4 D5 C6 S7 H8") == parse_cards("S4 D5 C6 S7 H8")  # the 7 in its place
    assert teach.reading_order(rules, "SA D2 C3 S4 D5") == parse_cards("SA D2 C3 S4 D5")  # A low
    assert teach.reading_order(rules, "H7 S9 S10 CQ DK") == parse_cards("S9 S10 H7 CQ DK")  # the wild as J
    assert teach.reading_order(SHENGJI, "S3 H4 S2", SHENGJI.sort_key) == sorted(parse_cards("S3 H4 S2"),
                                                                                key=SHENGJI.sort_key)


def test_compare_gives_the_rules_reason_when_a_play_does_not_beat():
    verdict = teach.compare(HUAHUAR, "HA DA", "S9")
    assert not verdict.ok and verdict.text == HUAHUAR.beat_error(
        HUAHUAR.classify(parse_cards("HA DA")), HUAHUAR.classify(parse_cards("S9")))


def test_compare_agrees_with_beats_in_every_variant():
    cases = [(HUAHUAR, "S9 H9", "D9 C9", True), (PAOYAO, "S7 H7 S8 H8 S9 H9", "S6 H7 D8", True),
             (PAOYAO, "BJ BJ", "S7 H7 S8 H8 S9 H9", False), (guandan.Rules("7"), "C7", "SA", True)]
    for rules, a, b, expected in cases:
        assert teach.compare(rules, a, b).ok is expected


def test_huo_answers_a_single_with_a_pair_of_its_rank_only():
    assert teach.compare(HUAHUAR, "H9 D9", "S9", huo=True).ok
    assert not teach.compare(HUAHUAR, "HK DK", "S9", huo=True).ok


def test_cards_that_form_no_pattern_get_the_engines_explanation():
    verdict = teach.compare(HUAHUAR, "SQ SK SA S2", "S3")
    assert not verdict.ok and "2 never joins" in verdict.text


def test_trick_view_names_the_winner_the_rules_pick():
    view = teach.trick_view(SHENGJI, ["C2", "D2", "H2", "C5"], seats=[1, 2, 3, 0])
    assert "East wins" in view.children[-1].value


# --- exercises -------------------------------------------------------------------------------------


def test_a_right_answer_gets_a_tick_and_a_wrong_one_a_cross():
    assert is_tick(teach.check(42, 42))
    assert is_cross(teach.check(41, 42))
    assert is_tick(teach.check(" 七隻 ", "七隻"))
    assert is_tick(teach.check(5.5, 5.5))


def test_a_checker_never_raises_whatever_the_learner_typed():
    assert is_cross(teach.check(object(), 3))
    assert is_cross(teach.check("zz", parse_cards("S7")))
    assert is_cross(teach.check(None, ("attackers", 1)))
    assert is_cross(teach.check_play(HUAHUAR, "XX YY", "S3"))
    assert is_cross(teach.check_play(HUAHUAR, 17, "S3"))
    assert is_cross(teach.check_follow(SHENGJI, "H8", "HK", "nonsense"))


def test_card_answers_may_use_any_notation_and_order():
    assert is_tick(teach.check("♠7", parse_cards("S7")))
    assert is_tick(teach.check("hk s7", parse_cards("S7 HK")))
    assert is_cross(teach.check("S7 S7", parse_cards("S7")))


def test_a_play_must_come_from_the_hand_given():
    hand = parse_cards("S5 H5 D5 C5")
    assert is_tick(teach.check_play(HUAHUAR, "S5 H5 D5 C5", "SK HK DK", hand=hand))
    assert is_cross(teach.check_play(HUAHUAR, "S6 H6 D6 C6", "SK HK DK", hand=hand))


def test_a_follow_is_checked_by_follow_error():
    widget = teach.check_follow(SHENGJI, "H8 H8 H9 C4 C5", "HK HK", "H8 H9")
    assert is_cross(widget) and "a pair must follow a pair" in widget.value
    assert is_tick(teach.check_follow(SHENGJI, "H8 H8 H9 C4 C5", "HK HK", "H8 H8"))


# --- odds -------------------------------------------------------------------------------------------


def test_a_probability_is_written_in_the_unit_the_seed_prints():
    assert teach.in_seed_unit(0.219858, "≈21.99%") == "21.99 %"
    assert teach.in_seed_unit(0.00182, "≈1.82‰") == "1.82 ‰"
    assert teach.in_seed_unit(1.65e-5, "≈16.51ppm") == "16.5 ppm"
    assert teach.in_seed_unit(3.0013e-8, "≈億分之3") == "億分之3.001"
    assert teach.in_seed_unit(8e-41, None) == "1 in 1.25 × 10⁴⁰"
    assert teach.in_seed_unit(8.199e-05, None) == "1 in 12,200"


@dataclass
class Row:
    id: str
    name_zh: str
    name_en: str
    probability: sympy.Rational
    expected: sympy.Rational | None
    seed: str | None
    expression: sympy.Expr = sympy.Integer(0)
    expected_expression: sympy.Expr | None = None


def test_the_odds_table_shows_exact_value_decimal_and_the_seeds_figure():
    rows = [Row("a", "八隻", "8 of a kind", sympy.Rational(1, 4), sympy.Rational(1, 5), "≈21.99%"),
            Row("b", "花豹", "flower leopard", sympy.Rational(3, 8), None, None)]
    html = teach.odds_table(rows, ids=["b", "a"], notes={"a": "the expected number"}, expected=True).value
    assert html.index("花豹") < html.index("八隻")
    for text in ("1/4", "25 %", "≈21.99%", "0.2", "the expected number", "3/8"):
        assert text in html


def test_a_whisker_crosses_the_bar_end_when_the_sample_agrees():
    geometry = teach.mc_geometry([("八隻", 0.27, 0.268, 20_000), ("花豹", 0.17, 0.25, 20_000)])
    agrees, disagrees = geometry["rows"]
    low, high = agrees["whisker"]
    assert low <= geometry["x0"] + agrees["bar"] <= high and agrees["inside"]
    assert not disagrees["inside"]


def test_the_monte_carlo_plot_draws_a_bar_and_a_dot_per_row(canvas_messages):
    canvas = teach.mc_plot([("八隻", 0.27, 0.268, 2000), ("花豹", 0.17, 0.18, 2000)])
    names = canvas_messages.names_for(canvas)
    assert names.count("fillCircle") == 2 and names.count("fillRect") >= 3


# --- the deal ------------------------------------------------------------------------------------------


def test_advance_stops_as_soon_as_the_condition_holds():
    game = teach.advance(shengji.new_game(seed=4), lambda g: g.phase == "play")
    assert game.phase == "play" and [len(game.hand(seat)) for seat in range(4)] == [25] * 4


def test_the_census_counts_every_legal_play_once():
    hand = new_deck(1)[:20]
    widget = teach.hand_census(PAOYAO, hand)
    assert widget.value.startswith(f"{len(PAOYAO.legal_plays(hand))} different plays")


def test_the_huahuar_ladder_shows_every_step_of_the_seed_in_order():
    html = teach.huahuar_ladder().value
    positions = [html.index(f">{names[0]}<") for names in huahuar.TYPE_ORDER]
    assert positions == sorted(positions)


def test_row_rects_are_plain_rects():
    assert teach.row_rects([0], card_w=10, card_h=20, step=5) == [Rect(6, 6, 10, 20)]


def test_the_engine_finds_a_pattern_about_as_often_as_the_formula_says():
    from cardkit.odds import paoyao_table

    [(name, exact, estimate, trials)] = teach.monte_carlo("paoyao", paoyao_table(), ["lu5"], trials=400, seed=3)
    assert name == "五路" and trials == 400
    assert abs(estimate - exact) < 4 * (exact * (1 - exact) / trials) ** 0.5


def test_every_row_the_monte_carlo_check_knows_is_a_row_of_the_odds_table():
    from cardkit import odds

    for variant in ("huahuar", "guandan", "paoyao"):
        ids = {row.id for row in odds.table(variant)}
        assert set(teach._MC_TESTS[variant]) <= ids, variant


def test_the_seed_table_marks_the_misprinted_figure():
    from cardkit.odds import seed_comparison

    html = teach.seed_table(seed_comparison()).value
    row = next(line for line in html.split("<tr>") if "十四隻" in line)
    assert "✗" in row and "0.203ppm" in row


def test_the_census_names_a_pattern_without_the_ranks_of_one_play():
    hand = parse_cards("S9 H9 S10 H10 SJ HJ D4")
    html = teach.hand_census(PAOYAO, hand).value
    assert "<b>雙龍</b> run of pairs: 1" in html and "9–J" not in html


def test_a_long_exact_fraction_is_behind_a_hover_not_spelled_out():
    html = teach._exact_text(sympy.Rational(24435971608877, 42221011240058))
    assert "title='24435971608877/42221011240058'" in html and "14-digit denominator" in html
    assert "e-01" not in html


def test_a_formula_reads_one_minus_the_complement():
    from cardkit.odds import paoyao_table

    row = next(r for r in paoyao_table() if r.id == "lu5")
    assert "= 1 - \\frac" in teach.formula(row).data


def test_the_paoyao_score_table_names_every_way_a_deal_ends_with_its_points():
    html = teach.paoyao_scores().value
    for key, n in paoyao.SCORES.items():
        name = paoyao.REASONS_ZH.get(key) or paoyao.GRADES_ZH[key]
        assert f"{name}</td>" in html and f"+{n}</td>" in html
    assert "kangqi" not in html


def test_a_table_escapes_its_cells():
    assert "&lt;b&gt;" in teach.table(["a"], [["<b>"]]).value
