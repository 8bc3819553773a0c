"""The table: the one owner of the game while a match is played.

Widgets show slices of :class:`Session` and post what the player asks for;
only this screen calls the engine (through the session).  AI players think in
a worker thread; their moves come back through ``call_from_thread``.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, ClassVar

from rich.style import Style
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from dummy_tui.engine.actions import (
    SHOW,
    Action,
    Discard,
    Draw,
    End,
    Knock,
    LayOff,
    Meld,
    Pass,
    Pick,
    PickLayoff,
    TakeDiscard,
)
from dummy_tui.engine.cards import JOKER_BASE
from dummy_tui.engine.errors import IllegalMoveError, MoveError
from dummy_tui.engine.round import TAKE
from dummy_tui.engine.view import PlayerView
from dummy_tui.ui.common import AI_SPEEDS, US_LAYOUT, describe_bindings, nearest_speed
from dummy_tui.ui.i18n import language, t
from dummy_tui.ui.keys import bound_to
from dummy_tui.ui.presenters import presenter_for
from dummy_tui.ui.presenters.base import BINDING_KINDS
from dummy_tui.ui.screens.modals import ChoiceScreen, PrivacyScreen
from dummy_tui.ui.session import HintTask, LogEntry, Session
from dummy_tui.ui.widgets.cards import CardStrip
from dummy_tui.ui.widgets.hand import Hand
from dummy_tui.ui.widgets.row import DiscardRow
from dummy_tui.ui.widgets.table import GameLog, MeldTable, PlayerPanel, Scoreboard
from dummy_tui.ui.words import action_text, fmt, log_lines, refusal_text

if TYPE_CHECKING:
    from dummy_tui.ui.app import DummyApp


ACTION_BINDINGS = {
    "draw": "draw",
    "pick": "pick",
    "take": "take_top",
    "pass_turn": "pass",
    "meld": "meld",
    "layoff": "layoff",
    "discard": "discard",
    "knock": "knock",
    "end_round": "end_round",
    "show": "show",
}
"""The binding id of each move the table's keys make, by the action's name."""


class TableScreen(Screen[None]):
    """The game table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "draw", "Draw", id="draw"),
        Binding("p", "pick", "Pick up", id="pick"),
        Binding("p", "take", "Take", id="take_top"),
        Binding("m", "meld", "Meld", id="meld"),
        Binding("f", "layoff", "Lay off", id="layoff"),
        Binding("x", "discard", "Discard", id="discard"),
        Binding("k", "knock", "Knock", id="knock"),
        Binding("w", "show", "Show", id="show"),
        Binding("o", "end_round", "End round", id="end_round"),
        Binding("o", "pass_turn", "Pass", id="pass"),
        Binding("u", "undo", "Undo", id="undo"),
        Binding("h", "hint", "Hint", id="hint"),
        Binding("s", "sort", "Sort", id="sort"),
        Binding("t", "toggle_scores", "Scores", id="scores", show=False),
        Binding("full_stop", "instant", "Skip", id="instant"),
        # shown while an AI moves; the same keys, unlisted, at any other time
        Binding("plus,equals_sign", "speed(-1)", "Faster", id="faster"),
        Binding("minus", "speed(1)", "Slower", id="slower"),
        Binding("plus,equals_sign", "speed_unlisted(-1)", id="faster", show=False),
        Binding("minus", "speed_unlisted(1)", id="slower", show=False),
        Binding("e", "export", "Export", id="export", show=False),
        Binding("pageup", "scroll_melds(-1)", id="melds_up", show=False),
        Binding("pagedown", "scroll_melds(1)", id="melds_down", show=False),
        Binding("q", "quit_game", "Quit", id="quit"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(id="table")
        self.session = session
        self.presenter = presenter_for(session)
        self.viewer: int | None = None
        self.highlight: set[int] = set()
        self.message: Text | None = None
        self.drawn: int | None = None  # the card the person just drew, told in the prompt
        self.message_is_error = False
        self._ai_token = 0
        self._hint_token = 0  # the hint asked for last: an older one is not shown
        self._timer: Timer | None = None
        self._fast = False
        self._log_shown = 0
        self._log_width: int | None = None  # the screen width the log was last wrapped at
        self._busy = False  # a privacy or round-end screen is up
        # the last hint, with its round and the number of moves made then
        self._hinted: tuple[object, int, Action] | None = None
        humans = session.human_seats
        if len(humans) == 1:
            self.viewer = humans[0]

    @property
    def dapp(self) -> DummyApp:
        from dummy_tui.ui.app import DummyApp

        assert isinstance(self.app, DummyApp)
        return self.app

    # ------------------------------------------------------------------
    # layout

    def compose(self) -> ComposeResult:
        yield Static(id="topbar")
        with Horizontal(id="players"):
            for seat in range(self.session.players):
                yield PlayerPanel(id=f"seat-{seat}", classes="player")
        yield DiscardRow(id="row")
        with Horizontal(id="middle"):
            yield MeldTable(id="melds")
            with Vertical(id="side"):
                yield Scoreboard(id="scores")
                yield GameLog(id="log", wrap=True, markup=False, min_width=10)
        yield Hand(id="hand")
        yield Static(id="status")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        self.hand.orders = self.session.hand_orders  # kept with the game, saved with it
        self.localize()
        self.apply_look()
        self.refresh_view()
        self.call_after_refresh(self.advance)

    SHORT_HEIGHT = 28
    """Below this height the side column shows the game log or the scores, not both:
    the log beside a four-seat scoreboard would keep only two or three lines, and
    the seat panels above already show every total."""

    NARROW_WIDTH = 100
    """Below this width the footer packs its keys closer and leaves out space
    (select), which the hand's legend names, so that every move offered and
    the last key (the language switch, ^l ไทย) still show at 80 columns."""

    def on_resize(self, event: events.Resize) -> None:
        size = event.size
        if size.width != self._log_width:
            # the log's lines were wrapped at the old width: wrap them again at
            # the new one (narrower, they would need a horizontal scrollbar)
            if self._log_width is not None:
                self.call_after_refresh(self.rewrite_log)
            self._log_width = size.width
        narrow = size.width < self.NARROW_WIDTH
        if narrow != self.hand.narrow:
            self.query_one(Footer).compact = narrow
            self.hand.narrow = narrow
            self.refresh_bindings()
        wide = size.width >= 140 and size.height >= 44
        if wide != self.has_class("-wide"):
            self.set_class(wide, "-wide")
            self.apply_look()
        short = size.height < self.SHORT_HEIGHT
        if short != self.has_class("-short"):
            self.set_class(short, "-short")
            self.refresh_bindings()
            self.call_after_refresh(self.refresh_side)

    def refresh_side(self) -> None:
        """The side column: the titles of the log and the scores (a short screen
        names the key that swaps them), and the moves not yet in the log."""
        session = self.session
        log = self.query_one(GameLog)
        short = self.has_class("-short")
        log.border_title = t("log.title")
        log.border_subtitle = t("log.show_scores") if short else ""
        scores = self.query_one(Scoreboard)
        scores.border_title = t("score.title_short" if short else "score.title")
        if self.log_hidden:
            return  # written when shown: a hidden log would wrap them at no width
        end = len(session.log)
        if end > self._log_shown and session.log[-1].kind == "draw":
            end -= 1  # held back: the discard that follows shares its line
        lines = log_lines(
            session.log[self._log_shown : end], session.names, self.dapp.look, self.presenter.key
        )
        for line in lines:
            log.write(line)
        if lines and log.auto_scroll:
            # the newest line in view once the new lines are laid out (a line
            # wrapped at the write may take more room than was reckoned)
            self.call_after_refresh(log.scroll_end, animate=False)
        self._log_shown = end

    @property
    def log_hidden(self) -> bool:
        """The scores are shown in place of the game log (a short screen, ``t``)."""
        return self.has_class("-short") and self.has_class("-scores")

    def apply_look(self) -> None:
        look = self.dapp.look
        accent = self.app.current_theme.primary or "#3a6ea5"
        strips: list[CardStrip] = [self.hand, self.row]
        for strip in strips:
            strip.look = look
            strip.accent = accent
            strip.refresh(layout=True)
        self.hand.big = self.has_class("-wide")
        self.row.set_big(self.has_class("-wide"))

    @property
    def hand(self) -> Hand:
        return self.query_one("#hand", Hand)

    @property
    def row(self) -> DiscardRow:
        return self.query_one("#row", DiscardRow)

    # ------------------------------------------------------------------
    # showing the state

    def localize(self) -> None:
        """The keys' words in the current language, and in the family's own terms."""
        self._place_topbar()
        presenter = self.presenter

        def word(binding: Binding) -> str | None:  # the family's own word for a move
            return presenter.key_word(binding.id) if binding.id in BINDING_KINDS else None

        describe_bindings(self, word)
        describe_bindings(self.hand)
        describe_bindings(self.row)

    def _place_topbar(self) -> None:
        """The top bar on the first line, except in Thai: there it goes under the
        seat panels, as a terminal cannot draw the marks above a Thai line's
        vowels (ดัมมี่ รอบที่ กองจั่ว) on its very first line, and the panels'
        border line, with only the seats' names, takes that line instead."""
        topbar, players = self.query_one("#topbar"), self.query_one("#players")
        if language() == "th":
            self.move_child(topbar, after=players)
        else:
            self.move_child(topbar, before=players)

    def refresh_language(self) -> None:
        self.localize()
        self.query_one(GameLog).clear()
        self._log_shown = 0
        self.message = None
        self.refresh_view()

    def rewrite_log(self) -> None:
        """Write the whole log again (at the log's width now)."""
        self.query_one(GameLog).clear()
        self._log_shown = 0
        self.refresh_side()

    def refresh_view(self) -> None:
        session = self.session
        game = session.round
        look = self.dapp.look
        presenter = self.presenter
        totals = session.match.totals
        # the hand first: whenever the viewer changes, the old cards go before anything draws
        self.refresh_hand()
        for seat in range(game.players):
            panel = self.query_one(f"#seat-{seat}", PlayerPanel)
            seat_setup = session.setup.seats[seat]
            if seat == self.viewer:
                kind = t("panel.you")
            elif seat_setup.human:
                kind = t("panel.human")
            else:
                kind = t("panel.ai", level=t(f"level.{seat_setup.level}"))
            panel.update_panel(
                session.names[seat],
                game.hands[seat].bit_count(),
                totals[seat],
                seat == game.to_move,
                kind,
                presenter.seat_status(seat, self.viewer),
                team=presenter.team(seat),
            )
        row = self.row
        presenter.show_row(row, look)
        row.highlight = self.highlight
        targets: set[int] = set()
        card = self.hand.chosen
        if self.my_turn and len(card) == 1:
            targets = {
                a.target
                for a in game.legal_actions()
                if isinstance(a, LayOff) and a.card == card[0]
            }
        presenter.show_melds(self.query_one(MeldTable), look, self.viewer, self.highlight, targets)
        scores = self.query_one(Scoreboard)
        scores.update_scores(
            session.names,
            [r.scores for r in session.match.results],
            totals,
            session.rules.target_score,
            teams=presenter.teams,
        )
        subtitle = presenter.scores_subtitle()
        if subtitle is not None:
            scores.border_subtitle = subtitle
        self.refresh_side()
        self.query_one("#topbar", Static).update(presenter.topbar())
        self.refresh_status()
        self.refresh_bindings()

    def refresh_hand(self) -> None:
        game = self.session.round
        hand = self.hand
        seat = self.viewer
        if seat is None:
            hand.set_cards(None, [], {}, self.dapp.settings.sort, Text(t("hand.hidden")))
            hand.border_title = t("hand.title_hidden")
            hand.border_subtitle = ""
            return
        mask = game.hands[seat]
        hand.set_cards(
            seat,
            game.hand(seat),
            self.presenter.hand_marks(seat),
            self.dapp.settings.sort,
            Text(""),
            ace_low=game.ace_low,
        )
        hand.taken = game.taken if game.seat == seat else None
        hand.border_title = t("hand.title", name=self.session.names[seat], n=mask.bit_count())
        hand.border_subtitle = self.presenter.hand_legend(seat, hand.taken, self.dapp.look)

    def turn_prompt(self) -> Text:
        """What the player at the table should do now; after a draw, which card it was."""
        prompt = self._turn_prompt()
        game = self.session.round
        card = self.drawn
        if (
            card is not None
            and not game.is_over
            and game.seat == self.viewer
            and game.phase != TAKE
            and game.hands[game.seat] >> card & 1
        ):
            return Text.assemble(fmt("prompt.drew", card=self.dapp.look.text(card)), " ", prompt)
        return prompt

    def _turn_prompt(self) -> Text:
        session = self.session
        game = session.round
        if game.is_over:
            return fmt("prompt.over")
        seat = game.seat
        name = session.names[seat]
        if not session.is_human(seat):
            return fmt("prompt.ai", name=Text(name, Style(bold=True)))
        if seat != self.viewer:
            return fmt("prompt.waiting", name=Text(name, Style(bold=True)))
        if self.row.picking:
            return fmt("prompt.choose_row")
        return self.presenter.prompt(seat, self.dapp.look)

    def refresh_status(self) -> None:
        status = self.query_one("#status", Static)
        text = self.message if self.message is not None else self.turn_prompt()
        status.set_class(self.message is not None and self.message_is_error, "-error")
        status.update(text)

    def say(self, text: Text | str, error: bool = False) -> None:
        self.message = Text(text) if isinstance(text, str) else text
        self.message_is_error = error
        self.refresh_status()

    def clear_message(self) -> None:
        self.message = None
        self.refresh_status()

    # ------------------------------------------------------------------
    # whose turn

    @property
    def my_turn(self) -> bool:
        game = self.session.round
        return (
            not game.is_over
            and not self._busy
            and self.viewer is not None
            and game.seat == self.viewer
            and self.session.is_human(game.seat)
        )

    def advance(self) -> None:
        """Hand the turn to whoever moves next: a person (maybe via privacy) or an AI."""
        self._timer = None
        if self._busy or not self.is_attached:
            return
        session = self.session
        game = session.round
        if game.is_over:
            self.round_over()
            return
        seat = game.seat
        if session.is_human(seat):
            self._fast = False
            if self.message is not None and self.message_is_error:
                self.message = None  # a key refused while others moved: the turn's prompt now
            if seat != self.viewer:
                if len(session.human_seats) > 1:
                    # hide the cards before anything else can be drawn
                    self.viewer = None
                    self.refresh_view()
                    self._busy = True
                    self.app.push_screen(
                        PrivacyScreen(
                            lambda: self.session.names[seat], lambda: self.since_last_turn(seat)
                        ),
                        callback=lambda _: self._privacy_done(seat),
                    )
                    return
                self.viewer = seat
            self.refresh_view()
            self.hand.focus()
            return
        self.refresh_view()
        self.start_ai()

    def _privacy_done(self, seat: int) -> None:
        self._busy = False
        self.viewer = seat
        self.message = None
        self.refresh_view()
        self.hand.focus()

    # ------------------------------------------------------------------
    # AI turns

    def start_ai(self) -> None:
        game = self.session.round
        seat = game.seat
        self._ai_token += 1
        self.think(self._ai_token, seat, game.view(seat), game.legal_actions())

    @work(thread=True, exclusive=True, group="ai")
    def think(self, token: int, seat: int, view: PlayerView, legal: list[Action]) -> None:
        """The seat's AI chooses (the AI modules load here, off the UI thread).

        An AI that raises or answers with an illegal move is a bug: it is
        logged, said in the game log, and the normal AI plays the seat from
        then on.  Should that one fail too, the error is not caught.
        """
        from dummy_tui.ai import AIError, checked_choice
        from dummy_tui.logs import logger

        session = self.session
        started = time.perf_counter()
        try:
            action = checked_choice(session.player(seat), view, legal)
            logger.debug(
                "seat %d (%s) chose %s in %.1f ms",
                seat,
                session.setup.seats[seat].level,
                action,
                (time.perf_counter() - started) * 1000,
            )
        except AIError as exc:
            stand_in = session.stand_in(seat)
            position = session.record_text()
            self.app.call_from_thread(session.ai_failed, seat, exc, position, stand_in)
            action = checked_choice(stand_in, view, legal)
        self.app.call_from_thread(self.ai_chose, token, seat, action)

    def ai_chose(self, token: int, seat: int, action: Action) -> None:
        game = self.session.round
        if token != self._ai_token or game.is_over or game.seat != seat or self._busy:
            return
        entry = self.session.apply(action)  # checked legal by the AI's caller
        self.highlight = self._moved_cards(entry)
        self.autosave()
        self.refresh_view()
        delay = 0.0 if self._fast else self.dapp.settings.ai_delay
        if game.is_over or delay <= 0:
            self.call_later(self.advance)
        else:
            self._timer = self.set_timer(delay, self.advance)

    @staticmethod
    def _moved_cards(entry: LogEntry) -> set[int]:
        if entry.kind in ("draw", "undo", "end", "round", "pass"):
            return set()
        return set(entry.cards)

    # ------------------------------------------------------------------
    # human moves

    def play(self, action: Action) -> bool:
        """Apply a move of the person at the keyboard; explain a refusal in one line."""
        if not self.my_turn:
            return False
        game = self.session.round
        before = game.hands[game.seat]
        try:
            entry = self.session.apply(action)
        except IllegalMoveError as exc:
            self.say(refusal_text(exc, self.dapp.look), error=True)
            return False
        new = self.session.round.hands[entry.seat] & ~before
        self.drawn = new.bit_length() - 1 if isinstance(action, Draw) and new else None
        self.highlight = set()
        self.message = None
        self.hand.clear_selection()
        self.autosave()
        game = self.session.round
        if game.is_over or game.seat != entry.seat:
            self.advance()
        else:
            self.refresh_view()
        return True

    def move_possible(self, action: str) -> bool:
        """Could the person at the keyboard make the move of the action ``action`` now?"""
        if not self.my_turn or self.row.picking:
            return False
        binding = ACTION_BINDINGS[action]
        if binding == self.presenter.unused_binding:
            return False
        return self.presenter.can(BINDING_KINDS[binding])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        game = self.session.round
        mine = self.my_turn
        if action in ACTION_BINDINGS:
            return self.move_possible(action)
        if action == "undo":
            return mine and game.can_undo()
        if action == "hint":
            return mine and not self.row.picking
        if action == "sort":
            return self.viewer is not None
        if action == "toggle_scores":
            return self.has_class("-short")
        ai_moving = not game.is_over and not self.session.is_human(game.seat)
        if action == "instant":
            return ai_moving
        if action == "speed":
            return ai_moving
        if action == "speed_unlisted":
            return not ai_moving
        return True

    QUIET = ("undo", "hint", "instant", "sort")

    def on_key(self, event: events.Key) -> None:
        """A game key that is not available now: say why in one line instead of nothing."""
        if self._busy or self.row.picking:
            return
        found: list[str] = []
        for binding in bound_to(self.BINDINGS, event.key, self.dapp.keymap):
            name = binding.action.split("(")[0]
            if name in ACTION_BINDINGS or name in self.QUIET:
                if self.check_action(name, ()) is not False:
                    return  # handled by the binding
                found.append(binding.id or name)
        if found:
            event.stop()
            # the key as printed on it ("."), not its name ("full_stop"); with the
            # Thai layout on, the key's own letter ("d", not "ก")
            char = US_LAYOUT.get(event.key, event.character)
            shown = char if char and char.isprintable() and not char.isspace() else event.key
            self.say(self.unavailable(shown, found), error=True)
        elif event.key == "enter" and self.my_turn and not self.session.round.is_over:
            # a player new to the keys may expect Enter to play the chosen card
            event.stop()
            self.say(t("err.enter"))

    SINCE_LINES = 10
    """The most moves the hand-over screen lists."""

    def since_last_turn(self, seat: int) -> list[Text]:
        """What the others did since ``seat``'s last move this round, in words
        (the newest :attr:`SINCE_LINES` moves)."""
        moves: list[LogEntry] = []
        for entry in reversed(self.session.log):
            if entry.kind == "round" or entry.seat == seat or len(moves) == self.SINCE_LINES:
                break
            moves.append(entry)
        moves.reverse()
        return log_lines(moves, self.session.names, self.dapp.look, self.presenter.key)

    def unavailable(self, key: str, ids: list[str]) -> Text:
        """Why the key ``key`` (bound to ``ids``) does nothing now, in one line."""
        hand = self.hand
        return self.presenter.unavailable(
            key, ids, self.viewer, hand.selected, hand.chosen, self.dapp.look
        )

    def why_line(self, key: str, binding_id: str, refusal: MoveError | None) -> Text:
        """``key — what it does: why not``, for a refusal of the rules."""
        return self.presenter.why_line(key, binding_id, refusal, None, self.dapp.look)

    def action_draw(self) -> None:
        self.play(Draw())

    def action_end_round(self) -> None:
        self.play(End())

    def action_show(self) -> None:
        self.play(SHOW)

    def action_pass_turn(self) -> None:
        self.play(Pass())

    def action_take(self) -> None:
        game = self.session.round
        if game.row:
            self.play(TakeDiscard(game.row[-1]))

    def action_pick(self) -> None:
        if not self.my_turn:
            return
        game = self.session.round
        pickable = {a.card for a in game.legal_actions() if isinstance(a, Pick | PickLayoff)}
        if not pickable:
            self.say(self.unavailable("p", ["pick"]), error=True)
            return
        self.message = None
        hinted = self.hinted
        prefer = hinted.card if isinstance(hinted, Pick | PickLayoff) else None
        self.row.start_picking(pickable, prefer)
        self.refresh_status()
        self.refresh_bindings()

    @on(DiscardRow.Cancelled)
    def row_cancelled(self) -> None:
        self.row.stop_picking()
        self.hand.focus()
        self.refresh_status()
        self.refresh_bindings()

    @on(DiscardRow.Chosen)
    def row_chosen(self, message: DiscardRow.Chosen) -> None:
        game = self.session.round
        if not self.my_turn:
            return
        if self.presenter.pile:
            if self.move_possible("take"):
                self.action_take()
            else:
                self.say(self.unavailable("p", ["take_top"]), error=True)
            return
        card = message.card
        picks = [a for a in game.legal_actions() if isinstance(a, Pick | PickLayoff)]
        options = [a for a in picks if a.card == card]
        if not options and card >= JOKER_BASE:
            # the jokers are interchangeable: a joker meld is made with the joker nearest
            # the top that gives enough of them
            jokers = [a for a in picks if a.card >= JOKER_BASE]
            if jokers:
                depth = game.row.index(card)
                card = min(jokers, key=lambda a: abs(game.row.index(a.card) - depth)).card
                options = [a for a in jokers if a.card == card]
        if not options:
            self.say(self.why_line("p", "pick", game.refusal("pick", (card,))), error=True)
            return
        look = self.dapp.look
        taken = game.row[game.row.index(card) :]
        intro = fmt("pick.intro", card=look.text(card), n=len(taken), cards=look.cards(taken))
        hinted = self.hinted
        options.sort(key=lambda a: a != hinted)  # the hint's pick-up first, where Enter takes it
        choices: list[tuple[Text, Action]] = [(action_text(game, a, look), a) for a in options]
        self.clear_message()  # a refusal of another card no longer applies
        self.app.push_screen(
            ChoiceScreen[Action](t("pick.title"), intro, choices),
            callback=self._pick_chosen,
        )

    def _pick_chosen(self, action: Action | None) -> None:
        self.row.stop_picking()
        self.hand.focus()
        if action is not None:
            self.play(action)
        else:
            self.refresh_status()
            self.refresh_bindings()

    def action_meld(self) -> None:
        if not self.my_turn:
            return
        game = self.session.round
        cards = self.hand.chosen
        if len(cards) >= 3:
            self.play(Meld(tuple(sorted(cards))))
            return
        melds = [a for a in game.legal_actions() if isinstance(a, Meld)]
        options = [a for a in melds if all(c in a.cards for c in cards)]
        if not options and not self.hand.selected:
            # nothing selected and no meld with the card under the cursor: any meld
            options = melds
        if not options:
            self.say(self.unavailable("m", ["meld"]), error=True)
        elif len(options) == 1:
            self.play(options[0])
        else:
            look = self.dapp.look
            self.app.push_screen(
                ChoiceScreen[Action](
                    t("meld.title"), None, [(action_text(game, a, look), a) for a in options]
                ),
                callback=self._chosen,
            )

    def _chosen(self, action: Action | None) -> None:
        if action is not None:
            self.play(action)

    def action_layoff(self) -> None:
        if not self.my_turn:
            return
        cards = self.hand.chosen
        if len(cards) != 1:
            self.say(t("err.one_card_layoff"), error=True)
            return
        card = cards[0]
        game = self.session.round
        targets = [a for a in game.legal_actions() if isinstance(a, LayOff) and a.card == card]
        if not targets:
            self.say(self.why_line("f", "layoff", game.refusal("layoff", (card,))), error=True)
            return
        if len(targets) == 1:
            self.play(targets[0])
            return
        look = self.dapp.look
        self.app.push_screen(
            ChoiceScreen[Action](
                t("layoff.title"), None, [(action_text(game, a, look), a) for a in targets]
            ),
            callback=self._chosen,
        )

    @on(MeldTable.Clicked)
    def meld_clicked(self, message: MeldTable.Clicked) -> None:
        if not self.my_turn:
            return
        cards = self.hand.chosen
        if len(cards) != 1:
            self.say(t("err.one_card_layoff"), error=True)
            return
        self.play(LayOff(cards[0], message.index))

    @on(Hand.Changed)
    def hand_changed(self) -> None:
        if self.message is not None and not self.message_is_error:
            self.message = None
        self.refresh_view()

    def action_discard(self) -> None:
        if not self.my_turn:
            return
        cards = self.hand.chosen
        if len(cards) != 1:
            self.say(t("err.one_card_discard"), error=True)
            return
        self.play(Discard(cards[0]))

    def action_knock(self) -> None:
        """Knock (go out): at once with the last card, or after choosing the discard (gin)."""
        if not self.my_turn:
            return
        game = self.session.round
        knocks = [a for a in game.legal_actions() if game.kind_of(a) == "knock"]
        if not knocks:
            self.say(self.unavailable("k", ["knock"]), error=True)
            return
        dialog = self.presenter.knock_dialog(knocks, self.hand.selected, self.dapp.look)
        if dialog is None:
            self.play(knocks[0])
            return
        title, intro, choices = dialog
        self.app.push_screen(ChoiceScreen[Action](title, intro, choices), callback=self._chosen)

    def action_undo(self) -> None:
        if not self.my_turn:
            return
        try:
            self.session.undo()
        except IllegalMoveError as exc:
            self.say(self.why_line("u", "undo", exc), error=True)
            return
        self.hand.clear_selection()
        self.message = None
        self.autosave()
        self.refresh_view()

    def action_hint(self) -> None:
        if not self.my_turn:
            return
        task = self.session.hint_task()
        if task is None:
            return
        self._hint_token += 1
        self.say(t("hint.thinking"))
        self.think_hint(self._hint_token, self.session.round, task)

    @work(thread=True, exclusive=True, group="hint")
    def think_hint(self, token: int, game: object, task: HintTask) -> None:
        from dummy_tui.ai import AIError

        try:
            action = task.run()  # the strongest AI's move: it may think for a moment
        except AIError as exc:  # a bug of that AI: logged, and the hint says it has none
            self.session.hint_failed(exc)
            self.app.call_from_thread(self.show_hint, token, game, task.moves, None)
            return
        self.app.call_from_thread(self.show_hint, token, game, task.moves, action)

    def show_hint(self, token: int, game: object, moves: int, action: Action | None) -> None:
        """Show the hint worked out for the position at ``moves``, if it is still that position."""
        current = self.session.round
        if token != self._hint_token or current is not game or len(current.history) != moves:
            return
        if not self.my_turn:
            return
        if action is None:
            self.say(t("hint.failed"), error=True)
            return
        if isinstance(action, Discard | LayOff | Knock) and action.card in self.hand.cards:
            self.hand.cursor = self.hand.cards.index(action.card)
            self.hand.refresh()
        elif isinstance(action, Meld) and set(action.cards) <= set(self.hand.cards):
            # the meld's cards selected: m then lays it down
            self.hand.selected = set(action.cards)
            self.hand.cursor = self.hand.cards.index(action.cards[0])
            self.hand.refresh()
        self._hinted = (current, moves, action)
        move = action_text(current, action, self.dapp.look, self.presenter.key)
        why = self.presenter.hint_why(action)
        self.say(fmt("hint.with_why", move=move, why=why) if why else fmt("hint.text", move=move))

    @property
    def hinted(self) -> Action | None:
        """The move the hint gave, while no move has been made since."""
        game = self.session.round
        if self._hinted is None:
            return None
        round_, moves, action = self._hinted
        return action if round_ is game and moves == len(game.history) else None

    def action_toggle_scores(self) -> None:
        """On a short screen: the scores in place of the game log, or back."""
        self.toggle_class("-scores")
        self.call_after_refresh(self.refresh_side)  # the moves made while the log was hidden

    def action_sort(self) -> None:
        settings = self.dapp.settings
        if not self.hand.forget_order():  # from the person's own order: sorted as before
            settings.sort = "rank" if settings.sort == "suit" else "suit"
            self.dapp.store_settings()
        self.refresh_hand()
        self.say(t(f"sort.{settings.sort}"))

    @on(Hand.Arranged)
    def arranged(self) -> None:
        self.say(t("sort.own"))

    def action_instant(self) -> None:
        self._fast = True
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            self.advance()

    def action_speed(self, step: int) -> None:
        settings = self.dapp.settings
        current = nearest_speed(settings.ai_delay)
        settings.ai_delay = AI_SPEEDS[max(0, min(len(AI_SPEEDS) - 1, current + step))]
        self.dapp.store_settings()
        self.say(t("speed.text", seconds=f"{settings.ai_delay:.1f}"))

    def action_speed_unlisted(self, step: int) -> None:
        self.action_speed(step)

    def action_scroll_melds(self, pages: int) -> None:
        """Page Up/Down scroll the melds on the table, wherever the focus is."""
        melds = self.query_one(MeldTable)
        if pages < 0:
            melds.scroll_page_up(animate=False)
        else:
            melds.scroll_page_down(animate=False)

    def action_export(self) -> None:
        if len(self.session.human_seats) > 1 and not self.session.round.is_over:
            # a record holds every hand and the stock: at a shared screen, only
            # once the round is over
            self.say(t(self.presenter.key("export.hot_seat")), error=True)
            return
        try:
            path = self.dapp.export_record(self.session)
        except OSError as exc:
            self.say(t("export.failed", error=str(exc)), error=True)
            return
        self.say(t(self.presenter.key("export.done"), path=str(path)))

    def action_quit_game(self) -> None:
        self.autosave()
        self.app.exit()

    # ------------------------------------------------------------------
    # saving and the end of a round

    def autosave(self) -> None:
        self.dapp.autosave(self.session)

    def round_over(self) -> None:
        from dummy_tui.ui.screens.round_end import RoundEndScreen

        if self._busy:
            return
        session = self.session
        finished = session.round
        result = session.finish_round()
        self.dapp.record_round(session, finished, result)
        over = session.match.is_over
        if over:
            self.dapp.drop_save()
        else:
            session.start_next_round()
            self.autosave()
        self._busy = True
        self._ai_token += 1
        self.app.push_screen(
            RoundEndScreen(session, self.presenter, finished, result, over),
            callback=self._round_end_done,
        )

    def _round_end_done(self, _: None) -> None:
        self._busy = False
        self.highlight = set()
        self.message = None
        if self.session.match.is_over:
            return
        if len(self.session.human_seats) > 1:
            self.viewer = None  # the next person to move passes through the privacy screen
        self.refresh_view()
        self.advance()
