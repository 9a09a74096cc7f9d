"""`CompareQuiz`: two plays are dealt; which one wins? The engine checks the answer and says why."""

from __future__ import annotations

import html
import random

import ipywidgets as widgets
from ipycanvas import Canvas

from .. import bots
from ..drawing import atlas_for, draw_cards, held, layout_hand, on_page_ready
from ..variants import load
from ._common import pinyin_for
from .table import TRICK_STYLE

__all__ = ["CompareQuiz"]

WIDTH, HEIGHT = 900, 190
HALF = WIDTH // 2

SHEDDING_ANSWERS = (
    ("A", "A beats B · A 大", "cardkit-answer-a"),
    ("B", "B beats A · B 大", "cardkit-answer-b"),
    ("neither", "Neither · 都不能打", "cardkit-answer-neither"),
)
TRICK_ANSWERS = (
    ("A", "A wins · A 贏", "cardkit-answer-a"),
    ("B", "B wins · B 贏", "cardkit-answer-b"),
)
ANSWER_WORDS = {"A": "A beats B", "B": "B beats A", "neither": "neither may be played on the other"}


class CompareQuiz(widgets.VBox):
    """Deal two plays A and B of ``variant`` and ask which wins; check with the rules and explain; keep score.

    Shedding games (huahuar, guandan, paoyao): two real hands are dealt, B is one of the plays of the
    first, A one of the second; the question is whether A may be played on B, B on A, or neither
    (checked with ``rules.beats``, explained with the engine's own reason). 升級 (shengji): bots play a
    deal for a few tricks, then A is a lead and B a legal follow to it by the next seat, and the
    question is which of the two wins the trick (``rules.trick_winner``).

    ``seed`` makes the questions reproducible; keywords are options for ``new_game``. For code and
    tests: `question` (dict: ``a``, ``b``, ``answer``, ``rules``, ``game``, ``context``), `answer(choice)`
    (as clicking; returns whether it was right), `explain()`, `next_question()`, `score` (right, asked),
    the buttons `answer_buttons` (by choice id) and `next_button`, the HTML lines `feedback` and
    `score_view`.
    """

    def __init__(self, variant: str, seed: int | None = None, **options):
        self.variant = variant
        self._module = load(variant)
        self.options = options
        self.rng = random.Random(seed)
        self.trick_taking = variant == "shengji"
        self.score = (0, 0)
        self.question: dict = {}
        self._answered = False
        atlas_for(TRICK_STYLE)
        self.canvas = Canvas(width=WIDTH, height=HEIGHT)
        self.canvas.layout.width, self.canvas.layout.height = f"{WIDTH}px", f"{HEIGHT}px"
        self.canvas.add_class("cardkit-quiz-canvas")
        self.prompt = widgets.HTML()
        self.answer_buttons: dict[str, widgets.Button] = {}
        for choice, text, css in TRICK_ANSWERS if self.trick_taking else SHEDDING_ANSWERS:
            b = widgets.Button(description=text, layout=widgets.Layout(width="auto"))
            b.add_class(css)
            b.on_click(lambda _, choice=choice: self.answer(choice))
            self.answer_buttons[choice] = b
        self.next_button = widgets.Button(description="Next 下一題", layout=widgets.Layout(width="auto"))
        self.next_button.add_class("cardkit-next")
        self.next_button.on_click(lambda _: self.next_question())
        self.feedback = widgets.HTML()
        self.feedback.add_class("cardkit-feedback")
        self.score_view = widgets.HTML()
        self.score_view.add_class("cardkit-score")
        buttons = widgets.HBox([*self.answer_buttons.values(), self.next_button])
        super().__init__(children=[self.prompt, self.canvas, buttons, self.feedback, self.score_view])
        self.add_class("cardkit-quiz")
        self._gallery = list(self._module.Rules(**self._rule_options()).gallery())
        on_page_ready(self.canvas, lambda: self.redraw(refresh=True))
        self.next_question()

    def _rule_options(self) -> dict:
        return {k: v for k, v in self.options.items() if k not in ("first_player", "dealer")}

    # --- questions ----------------------------------------------------------------------------

    def next_question(self) -> None:
        """Deal a new pair of plays and ask again."""
        self.question = self._trick_question() if self.trick_taking else self._shedding_question()
        self._answered = False
        for b in self.answer_buttons.values():
            b.disabled = False
        self.feedback.value = ""
        if self.trick_taking:
            ask = "A is led, B follows. Which play wins the trick? 哪家贏這墩?"
        else:
            ask = "Which play may be played on the other? 誰管得住誰?"
        context = html.escape(self.question.get("context", ""))
        self.prompt.value = f"<b>{ask}</b>" + (f"<br><small>{context}</small>" if context else "")
        self._show_score()
        self.redraw()

    def _shedding_question(self) -> dict:
        target = self.rng.choice(["A", "B", "neither"])
        for attempt in range(40):
            game = self._module.new_game(self.rng.randrange(2**31), **self.options)
            rules = game.rules
            hand_b, hand_a = game.hand(0), game.hand(1)
            b = self.rng.choice(rules.legal_plays(hand_b))
            plays = rules.legal_plays(hand_a)
            if target == "A":
                options = [p for p in plays if rules.beats(p, b)]
            elif target == "B":
                options = [p for p in plays if rules.beats(b, p)]
            else:
                options = [p for p in plays if not rules.beats(p, b) and not rules.beats(b, p)]
            same = [p for p in options if p.kind == b.kind]
            # Mostly the same kind, where the rank decides; sometimes another kind, where the order of types does.
            if same and self.rng.random() < 0.7:
                options = same
            if options or attempt == 39:
                a = self.rng.choice(options or plays)
                break
        answer = "A" if rules.beats(a, b) else "B" if rules.beats(b, a) else "neither"
        return {"a": a, "b": b, "answer": answer, "rules": rules, "game": game,
                "context": self._level_context(rules)}

    def _trick_question(self) -> dict:
        rng = self.rng
        game = self._module.new_game(rng.randrange(2**31), **self.options)
        tricks = rng.randrange(0, 12)
        while not game.is_over and (game.phase != "play" or game.trick or tricks > 0):
            if game.phase == "play" and game.trick and len(game.trick) == 3:
                tricks -= 1
            game.apply(bots.choose(game, rng))
        leads = [a for a in game.legal_actions() if a.kind in ("single", "pair", "tractor")]
        weights = [{"single": 1, "pair": 3, "tractor": 6}[a.kind] for a in leads]
        lead = rng.choices(leads, weights)[0]
        game.apply(lead)
        rules = game.rules
        by_winner: dict[int, list] = {0: [], 1: []}
        for follow in game.legal_actions():
            by_winner[rules.trick_winner([lead.cards, follow.cards])].append(follow)
        # Ask for either winner about as often, where the follower's hand allows both.
        winner = rng.choice([w for w in (0, 1) if by_winner[w]])
        follow = rng.choice(by_winner[winner])
        return {"a": lead, "b": follow, "answer": "AB"[winner], "rules": rules, "game": game,
                "context": game.status().split(" · dealer")[0] + " · " + _trump_words(rules)}

    @staticmethod
    def _level_context(rules) -> str:
        level = getattr(rules, "level", None)
        wild = getattr(rules, "wild", None)
        if level is None or wild is None:
            return ""
        return f"Level {getattr(level, 'value', level)}: {wild.symbol} is wild (逢人配)"

    # --- answering ----------------------------------------------------------------------------

    def answer(self, choice: str) -> bool:
        """Answer the question ("A", "B" or "neither"); shows whether it was right and why. Returns that."""
        if choice not in self.answer_buttons:
            raise ValueError(f"answer one of {', '.join(self.answer_buttons)}, not {choice!r}")
        if self._answered:
            return choice == self.question["answer"]
        right = choice == self.question["answer"]
        self._answered = True
        got, asked = self.score
        self.score = (got + right, asked + 1)
        for b in self.answer_buttons.values():
            b.disabled = True
        verdict = "✓ Right! 對了" if right else f"✗ Not quite: {self._answer_words()}"
        colour = "#1b7d2f" if right else "#b00020"
        why = "".join(f"<li>{html.escape(line)}</li>" for line in self.explain())
        self.feedback.value = f"<b style='color:{colour}'>{html.escape(verdict)}</b><ul>{why}</ul>"
        self._show_score()
        return right

    def _answer_words(self) -> str:
        answer = self.question["answer"]
        if self.trick_taking:
            return f"{answer} wins the trick"
        return ANSWER_WORDS[answer]

    def explain(self) -> list[str]:
        """Why the answer is what it is, in the engine's words where it has them."""
        q = self.question
        if self.trick_taking:
            return _explain_trick(q["rules"], q["a"], q["b"], q["answer"])
        rules, a, b = q["rules"], q["a"], q["b"]
        lines = []
        for first, second, x, y in (("A", "B", a, b), ("B", "A", b, a)):
            if rules.beats(x, y):
                lines.append(f"{first} on {second}: yes — {x} beats {y}")
            else:
                lines.append(f"{first} on {second}: no — {rules.beat_error(x, y)}")
        return lines

    def _show_score(self) -> None:
        got, asked = self.score
        self.score_view.value = f"Score 得分: <b>{got}</b> / {asked}"

    # --- drawing ------------------------------------------------------------------------------

    def redraw(self, refresh: bool = False) -> None:
        """Draw both plays with their names as one canvas message."""
        q = self.question
        c = self.canvas
        with held(c):
            if refresh:
                atlas_for(TRICK_STYLE).draw()  # every face: the next questions need others
            c.clear()
            c.fill_style = "#1e6b3a"
            c.fill_rect(0, 0, WIDTH, HEIGHT)
            c.stroke_style = "#2f8a4f"
            c.line_width = 2
            c.stroke_line(HALF, 12, HALF, HEIGHT - 12)
            for left, label, play in ((0, "A", q["a"]), (HALF, "B", q["b"])):
                self._draw_play(c, left, label, play)

    def _draw_play(self, c: Canvas, left: int, label: str, play) -> None:
        c.text_baseline = "top"
        c.text_align = "left"
        c.fill_style = "#ffd54f"
        c.font = "bold 22px sans-serif"
        c.fill_text(label, left + 14, 10)
        cards = list(play.cards)
        width = HALF - 40
        rects = layout_hand(len(cards), width, card_w=TRICK_STYLE.width, card_h=TRICK_STYLE.height,
                            arrangement="row", min_step=14, gap=4, margin=0, lift=0)
        spread = rects[-1].x + rects[-1].w
        rects = [r.moved(left + 20 + (width - spread) / 2, 42) for r in rects]
        draw_cards(c, cards, rects, style=TRICK_STYLE, clear=False)
        name_zh, name_en = _names(play)
        pinyin = pinyin_for(self._gallery, name_zh)
        c.text_align = "center"
        c.fill_style = "#f4f1e8"
        c.font = "bold 18px sans-serif"
        c.fill_text(name_zh, left + HALF / 2, 116)
        c.font = "14px sans-serif"
        c.fill_style = "#b9d3bf"
        c.fill_text(" · ".join(part for part in (pinyin, name_en) if part), left + HALF / 2, 142)


def _names(play) -> tuple[str, str]:
    """(Chinese, English) of a play, with its rank where the engine's string gives one (三隻 7, 三路 6)."""
    text = str(play)
    if any(card.symbol in text for card in play.cards):
        text = play.name_zh
    return text, play.name_en


def _trump_words(rules) -> str:
    trump = rules.trump
    suit = f"{trump.symbol} {trump.name_zh}" if trump else "no trump suit 無主"
    twos = "2s, " if rules.permanent_twos else ""
    return f"trumps 主: jokers, {twos}{rules.level}s and {suit}"


def _explain_trick(rules, lead, follow, answer: str) -> list[str]:
    """Why the lead (A) or the follow (B) wins a two-play trick, from the card order of `rules`."""
    from ..variants.shengji import TRUMP

    led = rules.effective_suit(lead.cards[0])
    led_name = rules.suit_name(led)
    suits = {rules.effective_suit(c) for c in follow.cards}
    lines = [f"A leads {lead.name_zh} {lead.name_en} of {led_name}."]
    if answer == "B":
        if led != TRUMP and suits == {TRUMP}:
            lines.append(f"B ruffs (毙): trumps in the lead's shape ({lead.name_en}) beat any lead of {led_name}.")
        else:
            lines.append(f"B is the same shape in {led_name} and higher: "
                         f"{_top(rules, follow)} is above {_top(rules, lead)}.")
        return lines
    if len(suits) > 1 or not suits <= {led, TRUMP}:
        lines.append(f"B is not all {led_name} nor all trumps: a mixed or off-suit play (墊牌) never wins.")
    elif follow.kind != lead.kind:
        lines.append(f"B is a {follow.name_en}, not a {lead.name_en}: only the lead's shape can win the trick.")
    else:
        lines.append(f"B is not higher: {_top(rules, follow)} against {_top(rules, lead)} "
                     "(between equal cards the first played wins).")
    return lines


def _top(rules, play) -> str:
    card = max(play.cards, key=rules.strength)
    return card.symbol
