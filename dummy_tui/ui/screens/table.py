"""The table: the one owner of the game while a match is played.

Widgets show slices of :class:`Session` and post what the player asks for;
only this screen calls the engine (through the session).  The screen holds
what it shows besides the game (whose hand, the status line) and draws its
widgets from the session; it holds a :class:`~.table_turns.Turns`, which hands
the turn on (to a person, an AI thinking in a worker, the round's end), and a
:class:`~.table_moves.Moves`, which makes the person's moves from the keys,
the row and the melds.  A table played against a host (:mod:`.table_remote`)
and a lesson (:mod:`.lesson`) are this screen with their own kinds of both.
"""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from dummy_tui.engine.actions import SHOW, Draw, End, LayOff, Pass
from dummy_tui.engine.round import TAKE
from dummy_tui.i18n import language, t
from dummy_tui.ui.common import AI_SPEEDS, US_LAYOUT, describe_bindings, nearest_speed
from dummy_tui.ui.gameapp import GameScreen
from dummy_tui.ui.keys import bound_to
from dummy_tui.ui.presenters import presenter_for
from dummy_tui.ui.presenters.base import BINDING_KINDS
from dummy_tui.ui.screens.table_moves import ACTION_BINDINGS, Moves
from dummy_tui.ui.screens.table_turns import Turns
from dummy_tui.ui.session import Session
from dummy_tui.ui.widgets.cards import FRESH_COLOUR, CardStrip
from dummy_tui.ui.widgets.footer import KeyFooter
from dummy_tui.ui.widgets.hand import Hand
from dummy_tui.ui.widgets.row import DiscardRow
from dummy_tui.ui.widgets.table import GameLog, MeldTable, PlayerPanel, Scoreboard
from dummy_tui.ui.words import fmt, log_lines


class TableScreen(GameScreen):
    """The game table: what it shows and how, its layout and keys; its turns
    and the person's moves held in :attr:`turns` and :attr:`moves`."""

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
        Binding("c", "toggle_coach", "Coach", id="coach", show=False),
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

    turns_type: ClassVar[type[Turns]] = Turns
    """The kind of :class:`Turns` this table hands its turns on with."""
    moves_type: ClassVar[type[Moves]] = Moves
    """The kind of :class:`Moves` the person's keys make."""

    def __init__(self, session: Session) -> None:
        super().__init__(id="table")
        self.session = session
        self.presenter = presenter_for(session)
        self.coach = self.presenter.make_coach()
        """The coach's words (what can be done, the question before a risky
        discard, why a hint's move); shown while the coach is on."""
        self.turns = self.turns_type(self)
        self.moves = self.moves_type(self)
        self.fresh: dict[int, set[int]] = {}
        """Per seat, the cards its last take brought into the hand (marked by the coach)."""
        self.viewer: int | None = None
        """The seat whose hand is shown (None: no hand is)."""
        self.highlight: set[int] = set()
        self.message: Text | None = None
        self.drawn: int | None = None  # the card the person just drew, told in the prompt
        self.message_is_error = False
        self._log_width: int | None = None  # the screen width the log was last wrapped at
        humans = session.human_seats
        if len(humans) == 1:
            self.viewer = humans[0]

    @property
    def hand(self) -> Hand:
        return self.query_one("#hand", Hand)

    @property
    def row(self) -> DiscardRow:
        return self.query_one("#row", DiscardRow)

    @property
    def coach_on(self) -> bool:
        return self.dapp.prefs.settings.coach_on

    @property
    def my_turn(self) -> bool:
        game = self.session.round
        return (
            not game.is_over
            and not self.turns.busy
            and self.viewer is not None
            and game.seat == self.viewer
            and self.session.is_human(game.seat)
        )

    @property
    def shared(self) -> bool:
        """More than one person plays at this keyboard: a hand is shown only on
        its owner's turn (with one person, theirs stays in view)."""
        return len(self.session.human_seats) > 1

    def hide_hand(self) -> None:
        """No hand shown, and nothing said of one (a card drawn, a hint, a refusal)."""
        self.viewer = None
        self.drawn = None
        self.message = None
        self.moves.forget_hint()  # a hint still thinking is for a turn that is over
        self.hand.clear_selection()

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
        wide = self.has_class("-wide")
        self.hand.large = self.row.large = wide  # four-line cards on a wide screen
        self.row.set_big(wide)

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

    def look_changed(self) -> None:
        self.apply_look()
        self.refresh_language()

    def refresh_language(self) -> None:
        self.localize()
        self.query_one(GameLog).clear()
        self.message = None
        self.refresh_view()

    def rewrite_log(self) -> None:
        """Write the whole log again (at the log's width now)."""
        self.query_one(GameLog).clear()
        self.refresh_side()

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
        if end > log.shown and session.log[-1].kind == "draw":
            end -= 1  # held back: the discard that follows shares its line
        entries = session.log[log.shown : end]
        log.write_lines(log_lines(entries, session.names, self.dapp.look, self.presenter.key), end)

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
        self.refresh_melds()
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

    def refresh_melds(self) -> None:
        """The meld area (the melds the chosen card lays off on numbered bright)."""
        game = self.session.round
        targets: set[int] = set()
        card = self.hand.chosen
        if self.my_turn and len(card) == 1:
            targets = {
                a.target
                for a in game.legal_actions()
                if isinstance(a, LayOff) and a.card == card[0]
            }
        melds = self.query_one(MeldTable)
        self.presenter.show_melds(melds, self.dapp.look, self.viewer, self.highlight, targets)

    def refresh_hand(self) -> None:
        game = self.session.round
        hand = self.hand
        seat = self.viewer
        if seat is None:
            hand.fresh = set()  # nothing of the last hand shown stays on the widget
            hand.set_cards(None, [], {}, self.dapp.prefs.settings.sort, Text(t("hand.hidden")))
            hand.border_title = t("hand.title_hidden")
            hand.border_subtitle = ""
            return
        mask = game.hands[seat]
        hand.taken = game.taken if game.seat == seat else None
        hand.set_cards(
            seat,
            game.hand(seat),
            self.presenter.hand_marks(seat),
            self.dapp.prefs.settings.sort,
            Text(""),
            ace_low=game.ace_low,
            avoid=self.coach.avoid(seat),
        )
        # marked from the take to the seat's next turn
        fresh = self.coach_on and not (game.seat == seat and game.phase == TAKE)
        hand.fresh = self.fresh.get(seat, set()) & set(hand.cards) if fresh else set()
        hand.border_title = fmt("hand.title", name=self.session.names[seat], n=mask.bit_count())
        legend = self.presenter.hand_legend(seat, hand.taken, self.dapp.look)
        if hand.fresh:  # the coach's mark of the cards just taken, named first
            new = Text(f" {t('hand.new')} ", Style(bgcolor=FRESH_COLOUR, color="#ffffff"))
            hand.border_subtitle = Text.assemble(new, " · ", legend)
        else:
            hand.border_subtitle = legend

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
        self.refresh_coach()

    def refresh_coach(self) -> None:
        """The coach's line under the hand: what the person can do now (while
        the coach is on, on their turn)."""
        line = self.query_one("#coach", Static)
        said = None
        if self.coach_on and self.my_turn and not self.row.picking:
            said = self.coach.possible(self.dapp.look)
        line.display = said is not None
        if said is not None:
            line.update(said)

    def say(self, text: Text | str, error: bool = False) -> None:
        self.message = Text(text) if isinstance(text, str) else text
        self.message_is_error = error
        self.refresh_status()

    def clear_message(self) -> None:
        self.message = None
        self.refresh_status()

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
        yield Static(id="coach")
        yield Static(id="status")
        yield KeyFooter(show_command_palette=False)

    def on_mount(self) -> None:
        self.hand.orders = self.session.hand_orders  # kept with the game, saved with it
        self.localize()
        self.apply_look()
        self.refresh_view()
        self.call_after_refresh(self.turns.advance)

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
            self.query_one(KeyFooter).compact = narrow
            self.hand.narrow = narrow
            self.refresh_bindings()
        wide = size.width >= 140 and size.height >= 44
        if wide != self.has_class("-wide"):
            self.set_class(wide, "-wide")
            self.query_one(MeldTable).set_columns(2 if wide else 1)
            self.apply_look()
            self.refresh_melds()  # the melds into their columns
        short = size.height < self.SHORT_HEIGHT
        if short != self.has_class("-short"):
            self.set_class(short, "-short")
            self.refresh_bindings()
            self.call_after_refresh(self.refresh_side)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        game = self.session.round
        mine = self.my_turn
        if action in ACTION_BINDINGS:
            return self.moves.move_possible(action)
        if action == "undo":
            return mine and game.can_undo()
        if action == "hint":
            return mine and not self.row.picking
        if action == "sort":
            return self.viewer is not None
        if action == "toggle_scores":
            return self.has_class("-short")
        if action == "export":  # a record shows every hand: once the round is over
            return game.is_over
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
        if self.turns.busy or self.row.picking:
            return
        found: list[str] = []
        for binding in bound_to(self.BINDINGS, event.key, self.dapp.keymap):
            name = binding.action.split("(")[0]
            if name == "export" and not self.check_action(name, ()):
                event.stop()
                self.action_export()  # says when it can
                return
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
            self.say(self.moves.unavailable(shown, found), error=True)
        elif event.key == "enter" and self.my_turn and not self.session.round.is_over:
            # a player new to the keys may expect Enter to play the chosen card
            event.stop()
            self.say(t("err.enter"))

    @on(DiscardRow.Cancelled)
    def row_cancelled(self) -> None:
        self.row.stop_picking()
        self.hand.focus()
        self.refresh_status()
        self.refresh_bindings()

    @on(DiscardRow.Chosen)
    def row_chosen(self, message: DiscardRow.Chosen) -> None:
        self.moves.pick_from_row(message.card)

    @on(MeldTable.Clicked)
    def meld_clicked(self, message: MeldTable.Clicked) -> None:
        self.moves.layoff_onto(message.index)

    @on(Hand.Changed)
    def hand_changed(self) -> None:
        if self.message is not None and not self.message_is_error:
            self.message = None
        self.refresh_view()

    # ------------------------------------------------------------------
    # the keys' actions

    def action_draw(self) -> None:
        self.moves.play(Draw())

    def action_end_round(self) -> None:
        self.moves.play(End())

    def action_show(self) -> None:
        self.moves.play(SHOW)

    def action_pass_turn(self) -> None:
        self.moves.play(Pass())

    def action_take(self) -> None:
        self.moves.take()

    def action_pick(self) -> None:
        self.moves.pick()

    def action_meld(self) -> None:
        self.moves.meld()

    def action_layoff(self) -> None:
        self.moves.layoff()

    def action_discard(self) -> None:
        self.moves.discard()

    def action_knock(self) -> None:
        self.moves.knock()

    def action_undo(self) -> None:
        self.moves.undo()

    def action_export(self) -> None:
        self.turns.export()

    def action_quit_game(self) -> None:
        self.turns.autosave()
        self.app.exit()

    def action_hint(self) -> None:
        self.moves.hint()

    def action_toggle_scores(self) -> None:
        """On a short screen: the scores in place of the game log, or back."""
        self.toggle_class("-scores")
        self.call_after_refresh(self.refresh_side)  # the moves made while the log was hidden

    def action_sort(self) -> None:
        settings = self.dapp.prefs.settings
        if not self.hand.forget_order():  # from the person's own order: sorted as before
            settings.sort = "rank" if settings.sort == "suit" else "suit"
            self.dapp.prefs.store()
        self.refresh_hand()
        self.say(t(f"sort.{settings.sort}"))

    @on(Hand.Arranged)
    def arranged(self) -> None:
        self.say(t("sort.own"))

    def action_toggle_coach(self) -> None:
        """The coach on or off, from now on (kept in the settings)."""
        settings = self.dapp.prefs.settings
        settings.coach = "off" if settings.coach_on else "on"
        self.dapp.prefs.store()
        self.refresh_view()
        self.say(t("coach.on" if settings.coach_on else "coach.off"))

    def action_instant(self) -> None:
        self.turns.instant()

    def action_speed(self, step: int) -> None:
        settings = self.dapp.prefs.settings
        current = nearest_speed(settings.ai_delay)
        settings.ai_delay = AI_SPEEDS[max(0, min(len(AI_SPEEDS) - 1, current + step))]
        self.dapp.prefs.store()
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
