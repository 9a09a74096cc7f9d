"""PatternGallery draws every pattern in order with its three names; CompareQuiz asks, checks, explains, scores."""

from __future__ import annotations

import html
from collections import Counter

import pytest

from cardkit.variants import load
from cardkit.widgets import CompareQuiz, PatternGallery

VARIANTS = ("paoyao", "huahuar", "guandan", "shengji")
SHEDDING = ("paoyao", "huahuar", "guandan")


def texts_drawn(recorder, canvas) -> list[str]:
    return [args[0] for name, args in recorder.commands_for(canvas) if name == "fillText"]


# --- PatternGallery --------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_gallery_draws_every_pattern_weakest_first_with_chinese_pinyin_and_english(variant, canvas_messages):
    gallery = PatternGallery(variant)
    rows = load(variant).Rules().gallery()
    assert [row["id"] for row in gallery.rows] == [row["id"] for row in rows]
    canvas_messages.clear()
    gallery.redraw()
    assert len(canvas_messages.messages) == 1
    texts = texts_drawn(canvas_messages, gallery.canvas)
    # Row by row, in the gallery's order: number, Chinese, pinyin, English.
    expected = [text for i, row in enumerate(rows)
                for text in (str(i + 1), row["name_zh"], row["pinyin"], row["name_en"])]
    assert [t for t in texts if t in set(expected)][:len(expected)] == expected
    images = [name for name in canvas_messages.names_for(gallery.canvas) if name == "drawImage"]
    assert len(images) == sum(len(row["cards"]) for row in rows)


def test_gallery_takes_rule_options():
    gallery = PatternGallery("guandan", level="5")
    wild = next(row for row in gallery.rows if row["id"] == "wild")
    assert "♥5" in wild["note"]


# --- CompareQuiz: shedding games ------------------------------------------------------------------


@pytest.mark.parametrize("variant", SHEDDING)
def test_quiz_answer_is_what_rules_beats_says_and_every_answer_occurs(variant):
    quiz = CompareQuiz(variant, seed=3)
    seen = Counter()
    for _ in range(24):
        q = quiz.question
        rules, a, b = q["rules"], q["a"], q["b"]
        expected = "A" if rules.beats(a, b) else "B" if rules.beats(b, a) else "neither"
        assert q["answer"] == expected
        seen[expected] += 1
        quiz.next_question()
    assert set(seen) == {"A", "B", "neither"}, seen


@pytest.mark.parametrize("variant", SHEDDING)
def test_quiz_explains_with_the_engines_own_reason(variant):
    quiz = CompareQuiz(variant, seed=5)
    rules = quiz.question["rules"]
    why = rules.beat_error
    for _ in range(10):
        q = quiz.question
        a, b = q["a"], q["b"]
        lines = quiz.explain()
        for line, (x, y) in zip(lines, ((a, b), (b, a)), strict=True):
            if rules.beats(x, y):
                assert "yes" in line
            else:
                assert line.endswith(why(x, y))
        quiz.next_question()


def test_quiz_buttons_check_the_answer_keep_score_and_wait_for_next():
    quiz = CompareQuiz("paoyao", seed=1)
    right = quiz.question["answer"]
    wrong = next(choice for choice in quiz.answer_buttons if choice != right)
    quiz.answer_buttons[wrong].click()
    assert quiz.score == (0, 1)
    assert "Not quite" in quiz.feedback.value
    assert all(b.disabled for b in quiz.answer_buttons.values())
    quiz.answer_buttons[right].click()  # a second answer to the same question does not count
    assert quiz.score == (0, 1)
    assert "0</b> / 1" in quiz.score_view.value
    quiz.next_button.click()
    assert not any(b.disabled for b in quiz.answer_buttons.values()) and quiz.feedback.value == ""
    quiz.answer_buttons[quiz.question["answer"]].click()
    assert quiz.score == (1, 2) and "Right" in quiz.feedback.value
    for line in quiz.explain():
        assert html.escape(line) in quiz.feedback.value


def test_quiz_draws_both_plays_with_their_names_in_one_message(canvas_messages):
    quiz = CompareQuiz("huahuar", seed=2)
    canvas_messages.clear()
    quiz.redraw()
    assert len(canvas_messages.messages) == 1
    texts = texts_drawn(canvas_messages, quiz.canvas)
    a, b = quiz.question["a"], quiz.question["b"]
    assert "A" in texts and "B" in texts
    assert any(t.startswith(a.name_zh) for t in texts) and any(t.startswith(b.name_zh) for t in texts)
    assert any(b.name_en in t for t in texts)
    images = [name for name in canvas_messages.names_for(quiz.canvas) if name == "drawImage"]
    assert len(images) == len(a.cards) + len(b.cards)


# --- CompareQuiz: shengji -------------------------------------------------------------------------


def test_shengji_quiz_asks_which_wins_the_trick_and_checks_with_trick_winner():
    quiz = CompareQuiz("shengji", seed=4)
    assert set(quiz.answer_buttons) == {"A", "B"}
    seen = Counter()
    for _ in range(8):
        q = quiz.question
        rules, lead, follow = q["rules"], q["a"], q["b"]
        game = q["game"]
        assert game.trick == [(game.trick[0][0], lead)], "A is the lead of the trick on the table"
        assert rules.follow_error(game.hand(game.current_player), lead.cards, follow.cards) is None, \
            "B is a legal follow from the next seat's hand"
        assert q["answer"] == "AB"[rules.trick_winner([lead.cards, follow.cards])]
        seen[q["answer"]] += 1
        assert quiz.explain()[0].startswith("A leads")
        assert quiz.answer(q["answer"]) is True
        quiz.next_question()
    assert quiz.score == (8, 8)
    assert set(seen) == {"A", "B"}, seen
