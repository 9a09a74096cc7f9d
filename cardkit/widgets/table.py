"""`GameTable`: one deal of any cardkit game, the learner against three bots, inside a notebook.

The table drives the game only through the Game protocol (`cardkit.game`), so one widget serves all
four games. What the learner sees:

- a `MultiCanvas` (the felt) in two layers by how often they change: the cloth, drawn once (and again
  when a page connects), and the table — seats with counted backs, partner marked, won piles, the
  trick, whose turn, the phase and the score line from ``status()`` — redrawn after every move;
- the learner's hand below it, a `HandView` that redraws itself on every click (selection);
- buttons Play, Pass, Hint, New deal, Undo; a button for every `Choice` the rules offer now (雪 / 不雪,
  不伙, Next deal ...) and for every trump declaration; a slider for the bots' pace;
- a message line beside the hand (an illegal play's reason), the log of plays in words, and the
  settlement from ``result()`` when the deal is over.

Bots move synchronously, in the click handler, right after the learner's action, until it is the
learner's turn again (or the deal is over). The drawing of their moves is animated in the browser:
one held block carries a frame per bot move separated by ``canvas.sleep(ms)``, sent as ONE message, so
the kernel never waits and a slow network (Binder) costs one round trip per click. That works the same
in JupyterLab and in Voilà; the log and the buttons show the outcome at once while the felt catches up.
The ipycanvas front end processes messages one after another, so a click during the animation is
drawn after it.
"""

from __future__ import annotations

import html
import json
import random

import ipywidgets as widgets
from ipycanvas import MultiCanvas

from .. import bots
from ..drawing import CardStyle, Rect, atlas_for, draw_cards, held, layout_hand, on_page_ready
from ..game import SEAT_NAMES, Choice, IllegalPlay, partner
from ..variants import load
from ._common import action_words, indices_of, play_name, seat_label, settlement_html, visible_point
from .hand import HandView

__all__ = ["GameTable"]

FELT_WIDTH, FELT_HEIGHT = 900, 440
TRICK_STYLE = CardStyle(width=46, height=64)
"""Cards on the table and the opponents' backs: smaller than the hand's, from their own atlas."""

MAX_ANIMATION_MS = 12_000
"""The bots' moves after one click are played back in at most this long, whatever the pace."""

PAUSE_PHASES = frozenset({"deal_over"})
"""Phases where bots wait for the learner: a match between two deals (the settlement stays up until
the learner presses Next deal, whoever's seat the game says deals)."""

PHASE_PROMPTS = {
    "play": "Select cards in your hand and press Play.",
    "huo": "伙 (huo)? Select a pair of the single's rank and press Play, or press 不伙.",
    "xue": "Your side has won. 雪牌: play on for a bigger win (免雪 / 小雪 / 大雪), or 不雪: end the deal now.",
    "declare": "亮主 declare trump: press a declaration (or select its cards and press Declare), or pass.",
    "qiangdi": "搶底: override the declaration to take the kitty, or pass.",
    "bury": "埋底: select the 8 cards to bury (the kitty) and press Bury.",
    "tribute": "进贡 tribute: select your highest card (not a ♥ level card) and press Give.",
    "return": "还贡 return: select a card to give back (10 or lower, not a level card) and press Return.",
    "deal_over": "The deal is over: read the settlement, then press Next deal 下一局.",
    "over": "It is over: read the settlement, then press {new} to play again.",
}
PLAY_LABELS = {"bury": "Bury 埋底", "tribute": "Give 进贡", "return": "Return 还贡", "declare": "Declare 亮主",
               "qiangdi": "Declare 搶底", "huo": "伙 Huo with the pair"}
PHASE_NAMES = {"play": "play 出牌", "huo": "伙 huo?", "xue": "雪 play on?", "declare": "亮主 declaring trump",
               "qiangdi": "搶底 taking the kitty", "bury": "埋底 burying the kitty", "tribute": "进贡 tribute",
               "return": "还贡 return", "deal_over": "deal over 本局結束", "over": "deal over 本局結束"}
"""The phase in words, as the felt names it (other phases by their own name)."""

_CLOTH, _CLOTH_EDGE = "#1e6b3a", "#14502a"
# Light on dark green, bright enough for a classroom projector (the dim grey-green washed out).
_TEXT, _DIM, _TURN = "#ffffff", "#dcebdf", "#ffd54f"
_FONT = "sans-serif"

# Where each seat sits, by its place counted from the learner (0 = the learner, at the bottom; turns
# go counter-clockwise, so the next seat is on the right): the seat's panel and the centre and width
# of its play on the table.
_PANELS = {0: Rect(300, 392, 300, 40), 1: Rect(752, 150, 140, 130), 2: Rect(330, 8, 240, 92),
           3: Rect(8, 150, 140, 130)}
_PLAY_AT = {0: (450, 318, 400), 1: (630, 226, 210), 2: (450, 140, 400), 3: (270, 226, 210)}
# The status line's corner of the felt: right of the seat across the table, above East.
_STATUS_X, _STATUS_WIDTH, _STATUS_LINES = 600, 290, 5


class GameTable(widgets.VBox):
    """Play one deal of ``variant`` ("huahuar", "guandan", "shengji", "paoyao") against three bots.

    ``seed`` makes deals reproducible (deal ``n`` of the table uses ``seed + n``); ``human_seat`` is the
    learner's seat (0 = South); ``bot_delay`` the pause in ms after each bot move (the slider, 0 = no
    animation). ``match=True`` plays a whole match where the variant has one that follows the Game
    protocol (guandan: levels, and 进贡 / 还贡 from the second deal; shengji: levels from 3 to A).
    ``game`` starts from a given state instead of a fresh deal (New deal then deals afresh). Other
    keywords are rule options, passed to ``new_game`` / ``new_match``.

    For tests and other code: `game`, `hand` (the `HandView`), `felt` (the `MultiCanvas`), the buttons
    `play_button`, `pass_button`, `hint_button`, `new_button`, `undo_button`, `choice_buttons` (one per
    phase choice now offered), `speed`, and the HTML lines `message`, `prompt`, `status_view`, `log_view`,
    `result_view` (the widget's own ``log`` is the traitlets logger); `lines` (the
    log as text), `card_center(i)` (where to click the i-th card of the hand) and `redraw()`.
    """

    def __init__(self, variant: str, seed: int | None = None, human_seat: int = 0, bot_delay: int = 400, *,
                 match: bool = False, game=None, **options):
        if human_seat not in range(4):
            raise ValueError(f"human_seat is a seat 0..3, not {human_seat!r}")
        self.variant = variant
        self._module = load(variant)
        if match and not hasattr(self._module, "new_match"):
            raise ValueError(f"{variant} has no match that follows the Game protocol: play single deals "
                             f"(match=False)")
        self.match = match
        self.options = options
        self.human = human_seat
        self.seed = seed if seed is not None else random.randrange(2**31)
        self.deal_number = 0
        self.lines: list[str] = []
        self._undo: list[tuple] = []
        self._notes_seen = 0
        self._felt_drawn = False

        atlas_for(TRICK_STYLE)  # the atlases exist before the canvases that copy from them
        self.felt = MultiCanvas(2, width=FELT_WIDTH, height=FELT_HEIGHT)
        self.felt.layout.width, self.felt.layout.height = f"{FELT_WIDTH}px", f"{FELT_HEIGHT}px"
        self.felt.add_class("cardkit-felt")
        self._cloth, self._table = self.felt[0], self.felt[1]
        on_page_ready(self._table, lambda: self.redraw(refresh=True))

        self.hand = HandView(width=FELT_WIDTH)
        self.hand.canvas.add_class("cardkit-hand")
        self.hand.observe(self._on_select, "selected")

        def button(text: str, css: str, handler, tip: str = "") -> widgets.Button:
            b = widgets.Button(description=text, tooltip=tip or text, layout=widgets.Layout(width="auto"))
            b.add_class(css)
            b.on_click(lambda _: handler())
            return b

        self.play_button = button("Play 出牌", "cardkit-play", self.play_selected, "play the selected cards")
        self.pass_button = button("Pass 不出", "cardkit-pass", self.pass_turn, "pass")
        self.hint_button = button("Hint 提示", "cardkit-hint", self.hint, "select what the bot would play")
        self.new_button = button("New deal 新牌局", "cardkit-new", self.new_deal, "shuffle and deal again")
        self.undo_button = button("Undo 悔牌", "cardkit-undo", self.undo,
                                  "take back your last move (and the bots' moves after it)")
        self.speed = widgets.IntSlider(value=bot_delay, min=0, max=1500, step=50,
                                       description="Pause between bot moves (ms)",
                                       style={"description_width": "initial"})
        self.choice_buttons: list[widgets.Button] = []
        self._choice_box = widgets.HBox()
        self._choice_box.add_class("cardkit-choices")
        self.prompt = widgets.HTML()
        self.prompt.add_class("cardkit-prompt")
        # A fixed height: a reason appearing or going must not move the hand under the learner's pointer.
        self.message = widgets.HTML(layout=widgets.Layout(min_height="2.6em"))
        self.message.add_class("cardkit-message")
        self.status_view = widgets.HTML()
        self.status_view.add_class("cardkit-status")
        self._layout = widgets.HTML(layout=widgets.Layout(display="none"))
        self.log_view = widgets.HTML()
        self.log_view.add_class("cardkit-log")
        self.result_view = widgets.HTML()
        self.result_view.add_class("cardkit-result")
        controls = widgets.HBox([self.play_button, self.pass_button, self.hint_button, self._choice_box,
                                 self.undo_button, self.new_button])
        # The settlement sits above the hand (empty by then), where the learner is looking when a deal ends.
        super().__init__(children=[self.status_view, self.felt, self.prompt, controls, self.message,
                                   self.result_view, self.hand, self.speed, self.log_view, self._layout])
        self.add_class("cardkit-table")
        self._start(game if game is not None else self._fresh_game())

    # --- reading ------------------------------------------------------------------------------

    @property
    def bot_delay(self) -> int:
        """The bots' pause per move in ms (the slider)."""
        return self.speed.value

    @property
    def my_turn(self) -> bool:
        """True when the learner is to act (or the game waits for the learner between deals)."""
        game = self.game
        if game.is_over or game.current_player is None:
            return False
        return game.current_player == self.human or game.phase in PAUSE_PHASES

    def _to_act(self, game) -> int | None:
        """The seat the felt marks as acting: nobody once the deal is over, the learner between the
        deals of a match (they press Next deal, whoever the game says deals), else the current player."""
        if game.is_over or game.current_player is None:
            return None
        return self.human if game.phase in PAUSE_PHASES else game.current_player

    def card_center(self, i: int) -> tuple[float, float]:
        """Canvas ``(x, y)`` on the hand canvas where a click selects the i-th card of ``hand.cards``:
        the visible point nearest the card's centre (neighbours overlap it)."""
        return visible_point(self.hand.rects, i)

    # --- dealing ------------------------------------------------------------------------------

    def _fresh_game(self):
        seed = self.seed + self.deal_number
        if self.match:
            return self._module.new_match(seed, **self.options)
        return self._module.new_game(seed, **self.options)

    def _start(self, game) -> None:
        self.game = game
        self._rng = random.Random(self.seed * 7919 + self.deal_number)
        self._undo = []
        self.lines = []
        self._notes_seen = 0
        self.message.value = ""
        self._advance(animate=False)

    def new_deal(self) -> None:
        """Shuffle and deal again (a new match in match mode); the bots play up to the learner's turn."""
        self.deal_number += 1
        self._start(self._fresh_game())

    # --- acting -------------------------------------------------------------------------------

    def play_selected(self) -> None:
        """Play the selected cards (or bury, declare, give them: whatever the phase asks).

        An illegal selection changes nothing: the engine's reason appears in `message`."""
        if not self.my_turn:
            self._say("It is not your turn.", error=True)
            return
        try:
            action = self.game.action_for(self.hand.selected_cards)
        except IllegalPlay as why:
            self._say(str(why), error=True)
            return
        self._act(action)

    def pass_turn(self) -> None:
        """Take the pass the rules offer now (不出, 不亮 ...)."""
        choice = self._pass_choice()
        if choice is None or not self.my_turn:
            self._say("You cannot pass now.", error=True)
            return
        self._act(choice)

    def choose(self, action) -> None:
        """Take one of the actions a phase button offers (a `Choice` or a declaration)."""
        if not self.my_turn:
            self._say("It is not your turn.", error=True)
            return
        self._act(action)

    def hint(self) -> None:
        """Select the cards the bot would play in the learner's place (or name the button to press)."""
        if not self.my_turn:
            return
        actions = self.game.legal_actions()
        if len(actions) == 1:
            action = actions[0]
        else:
            action = bots.choose(self.game.clone(), random.Random(len(self.game.log)))
        if isinstance(action, Choice) or not getattr(action, "cards", ()):
            self.hand.selected = []
            self._say(f"Hint: press «{self.game.describe(action)}»", error=False)
            return
        self.hand.selected = indices_of(self.hand.cards, action.cards)
        self._say(f"Hint: {self.game.describe(action)}", error=False)

    def undo(self) -> None:
        """Go back to just before the learner's last action, undoing the bots' moves after it too."""
        if not self._undo:
            self._say("Nothing to undo.", error=True)
            return
        game, lines, notes = self._undo.pop()
        self.game, self.lines, self._notes_seen = game, lines, notes
        self._say("Took back your last move.", error=False)
        self._advance(animate=False)

    def _act(self, action) -> None:
        game = self.game
        seat = game.current_player
        snapshot = (game.clone(), list(self.lines), self._notes_seen)
        if game.phase in PAUSE_PHASES:
            # The learner moves the match on, not the seat the game names as dealing next.
            words = f"——— {game.describe(action)} ———"
        else:
            words = action_words(game, seat, action, self.human)
        try:
            game.apply(action)
        except IllegalPlay as why:
            self._say(str(why), error=True)
            return
        self._undo.append(snapshot)
        self._record(words)
        self.message.value = ""
        self._advance(animate=True)

    def _record(self, words: str) -> None:
        self.lines.append(words)
        notes = getattr(self.game, "notes", None)
        if isinstance(notes, list):
            # Engines may note what the log cannot show (a caught throw); a note that only repeats the
            # cards just logged is left out.
            for note in notes[self._notes_seen:]:
                if note.rpartition(": ")[2] not in words:
                    self.lines.append(f"  ({note})")
            self._notes_seen = len(notes)

    def _bots_to_move(self) -> bool:
        game = self.game
        return (not game.is_over and game.current_player is not None and game.current_player != self.human
                and game.phase not in PAUSE_PHASES)

    def _advance(self, animate: bool) -> None:
        """Let the bots play up to the learner's turn; draw it all as one message; update the controls."""
        # The states to show one after another: after the learner's action, then after each bot move.
        frames = [self.game.clone()] if animate and self.bot_delay else []
        guard = 0
        while self._bots_to_move():
            game = self.game
            seat = game.current_player
            action = bots.choose(game, self._rng)
            words = action_words(game, seat, action, self.human)
            game.apply(action)
            self._record(words)
            if animate and self.bot_delay:
                frames.append(game.clone())
            guard += 1
            if guard > 5000:
                raise RuntimeError(f"the bots made {guard} moves without the deal ending: a bug in the engine")
        pause = min(self.bot_delay, MAX_ANIMATION_MS // max(len(frames), 1))
        with held():
            if len(frames) > 1 and self._hand_changed():
                self._draw_hand()
                self.hand.canvas.sleep(0)  # show the learner's own play before the bots' moves
            for state in frames[:-1]:
                self._draw_table(state)
                self._table.sleep(pause)
            self._draw_all(refresh=False)
        self._update_controls()

    # --- drawing ------------------------------------------------------------------------------

    def redraw(self, refresh: bool = False) -> None:
        """Draw the felt, the table and the hand from the game state, as one canvas message.

        ``refresh`` (a page that just connected: Voilà, a reloaded tab) also redraws every card face of
        both atlases (the table's and the hand's), which a fresh page has never received."""
        with held():
            self._draw_all(refresh=refresh, full=True)

    def _draw_all(self, refresh: bool, full: bool = False) -> None:
        """The table always; the cloth and the hand when asked (``full``), new (a page) or changed."""
        if full or refresh or not self._felt_drawn:
            self._draw_cloth()
        if refresh:
            # A fresh page never saw the faces drawn while the notebook ran, and later plays (and cards
            # that join the hand: the kitty, a tribute, the deal in 升級) may need any of them.
            atlas_for(TRICK_STYLE).draw()
            atlas_for(self.hand.card_style).draw()
        self._draw_table(self.game)
        if full or refresh or self._hand_changed():
            self._draw_hand()

    def _hand_changed(self) -> bool:
        return tuple(self.game.hand(self.human)) != self.hand.cards

    def _draw_hand(self) -> None:
        cards = self.game.hand(self.human)
        if tuple(cards) != self.hand.cards:
            self.hand.set_cards(cards)
        else:
            self.hand.redraw()

    def _draw_cloth(self) -> None:
        c = self._cloth
        c.clear()
        c.fill_style = _CLOTH_EDGE
        c.fill_rect(0, 0, FELT_WIDTH, FELT_HEIGHT)
        c.fill_style = _CLOTH
        c.fill_rect(6, 6, FELT_WIDTH - 12, FELT_HEIGHT - 12)
        c.stroke_style = "#2f8a4f"
        c.line_width = 2
        c.stroke_rect(160, 104, FELT_WIDTH - 320, 282)
        self._felt_drawn = True

    def _draw_table(self, game) -> None:
        c = self._table
        c.clear()
        c.text_baseline = "top"
        zones = game.zones()
        for seat in range(4):
            self._draw_seat(c, game, seat, zones.get(f"won {seat}"))
        self._draw_trick(c, game)
        self._draw_info(c, game)

    def _draw_seat(self, c, game, seat: int, won: list | None) -> None:
        place = (seat - self.human) % 4
        box = _PANELS[place]
        turn = self._to_act(game) == seat
        if turn:
            c.stroke_style = _TURN
            c.line_width = 3
            c.stroke_rect(box.x - 3, box.y - 3, box.w + 6, box.h + 6)
        c.fill_style = _TURN if turn else _TEXT
        c.text_align = "left"
        c.font = f"bold 15px {_FONT}"
        role = " (you)" if seat == self.human else " (partner 對家)" if seat == partner(self.human) else ""
        c.fill_text(seat_label(seat) + role, box.x, box.y)
        count = len(game.hand(seat))
        c.font = f"13px {_FONT}"
        c.fill_style = _DIM
        details = f"{count} card{'' if count == 1 else 's'}" + (f" · won {len(won)}" if won is not None else "")
        if turn:
            details += " · to act"
        if seat == self.human:
            c.fill_text(details, box.x, box.y + 20)
            return
        if place == 2:  # across the table: the details beside the backs, to keep clear of the trick
            c.fill_text(details, box.x + TRICK_STYLE.width + 4 * 9 + 12, box.y + 46)
        else:
            c.fill_text(details, box.x, box.y + 22 + TRICK_STYLE.height + 8)
        shown = min(count, 10)
        if shown:
            rects = [Rect(box.x + 4 * i, box.y + 22, TRICK_STYLE.width, TRICK_STYLE.height) for i in range(shown)]
            draw_cards(c, [None] * shown, rects, style=TRICK_STYLE, clear=False)
            cx, cy = rects[-1].centre
            c.fill_style = "rgba(0, 0, 0, 0.6)"
            c.fill_circle(cx, cy, 15)
            c.fill_style = "#ffffff"
            c.text_align = "center"
            c.text_baseline = "middle"
            c.font = f"bold 14px {_FONT}"
            c.fill_text(str(count), cx, cy)
            c.text_baseline = "top"
        if seat == partner(self.human):
            c.fill_style = _TURN
            c.fill_circle(box.x + box.w - 8, box.y + 8, 5)

    def _draw_trick(self, c, game) -> None:
        plays = game.trick
        faded = not plays and bool(game.last_trick)
        if faded:
            plays = game.last_trick
        latest: dict[int, object] = {}
        for seat, action in plays:
            latest[seat] = action
        top = self._leading_seat(game, plays)
        if faded:
            c.global_alpha = 0.45
        for seat, action in latest.items():
            cx, cy, width = _PLAY_AT[(seat - self.human) % 4]
            cards = list(getattr(action, "cards", ()))
            c.fill_style = _TEXT
            c.text_align = "center"
            if not cards:
                c.font = f"bold 15px {_FONT}"
                c.fill_text(play_name(game, action), cx, cy - 8)
                continue
            rects = layout_hand(len(cards), width, card_w=TRICK_STYLE.width, card_h=TRICK_STYLE.height,
                                arrangement="row", min_step=14, gap=3, margin=0, lift=0)
            rects = [r.moved(cx - width / 2, cy - TRICK_STYLE.height / 2 - 6) for r in rects]
            hidden = getattr(action, "kind", "") == "bury" and seat != self.human
            draw_cards(c, [None if hidden else card for card in cards], rects, style=TRICK_STYLE,
                       selected=range(len(cards)) if seat == top and not faded else (), clear=False)
            c.font = f"12px {_FONT}"
            c.fill_text(play_name(game, action)[:40], cx, cy + TRICK_STYLE.height / 2 - 2)
        if faded:
            c.global_alpha = 1
            c.font = f"italic 12px {_FONT}"
            c.fill_style = _DIM
            c.text_align = "left"
            c.fill_text("last trick", 168, 110)

    @staticmethod
    def _leading_seat(game, plays) -> int | None:
        """The seat whose play holds the trick so far: by ``rules.trick_winner`` where the game has one
        (trick-taking), else the last play with cards (shedding: the play to beat)."""
        card_plays = [(seat, action) for seat, action in plays if getattr(action, "cards", ())]
        if not card_plays:
            return None
        winner = getattr(getattr(game, "rules", None), "trick_winner", None)
        if winner is not None and len(card_plays) == len(plays):
            return card_plays[winner([action.cards for _, action in card_plays])][0]
        return card_plays[-1][0]

    def _draw_info(self, c, game) -> None:
        c.text_align = "left"
        c.fill_style = _TEXT
        c.font = f"bold 14px {_FONT}"
        c.fill_text(f"{self.variant} · {PHASE_NAMES.get(game.phase, game.phase)}", 14, 14)
        seat = self._to_act(game)
        if seat is None:
            turn, colour = "deal over", _DIM
        elif seat == self.human:
            turn, colour = "▶ your turn", _TURN
        else:
            turn, colour = f"{SEAT_NAMES[seat]} to act", _DIM
        c.font = f"bold 14px {_FONT}"
        c.fill_style = colour
        c.fill_text(turn, 14, 34)
        c.font = f"13px {_FONT}"
        c.fill_style = _DIM
        y = 14
        for line in _wrap(game.status(), _STATUS_WIDTH, _STATUS_LINES):
            c.fill_text(line, _STATUS_X, y)
            y += 17

    # --- controls -----------------------------------------------------------------------------

    def _pass_choice(self):
        if not self.my_turn:
            return None
        return next((a for a in self.game.legal_actions() if isinstance(a, Choice) and a.kind == "pass"), None)

    def _phase_actions(self) -> list:
        """Actions that get a button of their own: every Choice but the pass, and every declaration."""
        if not self.my_turn:
            return []
        return [a for a in self.game.legal_actions()
                if (isinstance(a, Choice) and a.kind != "pass") or getattr(a, "kind", None) == "declare"]

    def _update_controls(self) -> None:
        game, mine = self.game, self.my_turn
        actions = game.legal_actions() if mine else []
        plays_cards = any(getattr(a, "cards", ()) for a in actions)
        self.play_button.disabled = not plays_cards
        self.play_button.description = PLAY_LABELS.get(game.phase, "Play 出牌")
        choice = self._pass_choice()
        self.pass_button.disabled = choice is None
        self.pass_button.description = choice.label if choice is not None else "Pass 不出"
        self.hint_button.disabled = not mine
        self.undo_button.disabled = not self._undo
        self.new_button.description = "New match 新比賽" if self.match else "New deal 新牌局"

        buttons = []
        for action in self._phase_actions():
            text = action.label if isinstance(action, Choice) else game.describe(action)
            b = widgets.Button(description=text, tooltip=text, layout=widgets.Layout(width="auto"))
            b.add_class("cardkit-choice")
            b.on_click(lambda _, action=action: self.choose(action))
            buttons.append(b)
        self.choice_buttons = buttons
        self._choice_box.children = buttons

        if game.is_over or game.phase in PAUSE_PHASES:
            self.result_view.value = settlement_html(game.result())
        else:
            self.result_view.value = ""
        if mine:
            prompt = PHASE_PROMPTS.get(game.phase, f"Your turn ({html.escape(game.phase)}).")
            if game.phase == "play" and not game.trick:
                prompt = "You lead: " + prompt[0].lower() + prompt[1:]
            elif game.phase == "huo" and game.trick:
                single = getattr(game.trick[-1][1], "cards", ())
                if len(single) == 1:
                    prompt = prompt.replace("the single's rank", f"{single[0].symbol}'s rank")
        elif game.is_over:
            prompt = PHASE_PROMPTS["over"].format(new=self.new_button.description)
        else:
            prompt = f"Waiting for {SEAT_NAMES[game.current_player]}."
        self.prompt.value = f"<b>{html.escape(prompt)}</b>"
        self.status_view.value = html.escape(game.status())
        count = len(self.lines)
        items = "<br>".join(f"{count - i}. {html.escape(line)}" for i, line in enumerate(reversed(self.lines)))
        self.log_view.value = ("<div style='max-height:14em;overflow-y:auto;font-size:90%;line-height:1.4'>"
                               f"<b>Log 記錄</b> (newest first)<br>{items}</div>")
        self._publish_layout()

    def layout_info(self) -> dict:
        """Where things are, for browser tests: ``hand`` (per card its code and a small box, in hand-canvas
        pixels, whose centre selects it), ``trick`` (the trick area, felt pixels), ``turn``, ``human``, ``phase``."""
        hand = []
        for i, card in enumerate(self.hand.cards):
            x, y = self.card_center(i)
            hand.append({"card": card.code, "box": [x - 4, y - 4, 8, 8]})
        return {"hand": hand, "trick": [160, 104, FELT_WIDTH - 320, 282], "turn": self.game.current_player,
                "human": self.human, "phase": self.game.phase}

    def _publish_layout(self) -> None:
        data = html.escape(json.dumps(self.layout_info(), ensure_ascii=False), quote=True)
        self._layout.value = f"<div class='cardkit-layout' data-layout=\"{data}\"></div>"

    def _say(self, text: str, error: bool) -> None:
        colour = "#b00020" if error else "#555555"
        mark = "✗ " if error else ""
        self.message.value = f"<span style='color:{colour}'>{mark}{html.escape(text)}</span>"

    def _on_select(self, change) -> None:
        if len(self.hand.rects) != len(self.hand.cards):
            # A new hand clears the selection before it is laid out (a declaration, then more cards
            # dealt): its layout is published once it is drawn.
            return
        self._publish_layout()
        if not self.hand.selected or not self.my_turn:
            self.message.value = ""
            return
        cards = self.hand.selected_cards
        try:
            action = self.game.action_for(cards)
        except IllegalPlay:
            # Not a play (yet): say what is picked, so a count (埋底 takes 8) can be checked at a glance.
            picked = " ".join(card.symbol for card in cards)
            self._say(f"{len(cards)} selected: {picked}", error=False)
            return
        self._say(f"{PLAY_LABELS.get(self.game.phase, 'Play')}: {self.game.describe(action)}", error=False)


def text_width(text: str, size: float = 13) -> float:
    """About how many pixels ``text`` takes in a sans-serif font of ``size`` px (the kernel cannot
    measure; Chinese characters are square, Latin ones a little over half as wide)."""
    return sum(size if ord(ch) > 0x2E80 else 0.6 * size for ch in text)


def _wrap(text: str, width: float, max_lines: int | None = None) -> list[str]:
    """A status line in lines at most ``width`` pixels wide: broken at its separators ("·", "|") where
    it can, between words where a part is too long; past ``max_lines`` the last line ends in "…"."""
    parts = [p.strip() for chunk in text.split("|") for p in chunk.split("·") if p.strip()]
    lines: list[str] = []
    for part in parts:
        if lines and text_width(lines[-1] + " · " + part) <= width:
            lines[-1] += " · " + part
            continue
        line = ""
        for word in part.split(" "):
            if line and text_width(line + " " + word) > width:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        lines.append(line)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        last = lines[-1]
        while last and text_width(last + " …") > width:
            last = last[:-1]
        lines[-1] = last.rstrip() + " …"
    return lines
