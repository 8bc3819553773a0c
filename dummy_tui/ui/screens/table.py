"""The table: the one owner of the game while a match is played.

Widgets show slices of :class:`Session` and post what the player asks for;
only this screen calls the engine (through the session).  AI players think in
a worker thread; their moves come back through ``call_from_thread``.

The screen is built in layers, each a module: :mod:`.table_view` (its state
and the widgets drawn from it), :mod:`.table_turns` (whose turn, an AI's move
applied, the round's end, saving) and :mod:`.table_moves` (the person's moves,
their dialogs and refusals, the hint's move shown).  Here: the layout, the
keys and what they may do now, the workers, and the widgets' messages.
"""

from __future__ import annotations

import time
from typing import ClassVar

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from dummy_tui.engine.actions import Action, LayOff
from dummy_tui.engine.view import PlayerView
from dummy_tui.ui.common import AI_SPEEDS, US_LAYOUT, nearest_speed
from dummy_tui.ui.i18n import t
from dummy_tui.ui.keys import bound_to
from dummy_tui.ui.screens.table_moves import ACTION_BINDINGS, TableMoves
from dummy_tui.ui.session import HintTask
from dummy_tui.ui.widgets.footer import KeyFooter
from dummy_tui.ui.widgets.hand import Hand
from dummy_tui.ui.widgets.row import DiscardRow
from dummy_tui.ui.widgets.table import GameLog, MeldTable, PlayerPanel, Scoreboard


class TableScreen(TableMoves):
    """The game table: its layout, its keys, the AI's and the hint's workers,
    and the messages of its widgets."""

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
                "seat %d (%s AI) chose in %.1f ms (the move: the next line)",
                seat,
                session.setup.seats[seat].level,
                (time.perf_counter() - started) * 1000,
            )
        except AIError as exc:
            stand_in = session.stand_in(seat)
            position = session.record_text()
            self.app.call_from_thread(session.ai_failed, seat, exc, position, stand_in)
            action = checked_choice(stand_in, view, legal)
        self.app.call_from_thread(self.ai_chose, token, seat, action)

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
        if self._busy or self.row.picking:
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
            self.say(self.unavailable(shown, found), error=True)
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
        self.pick_from_row(message.card)

    @on(MeldTable.Clicked)
    def meld_clicked(self, message: MeldTable.Clicked) -> None:
        card = self.one_card("err.one_card_layoff")
        if card is None:
            return
        # the legal layoff onto that meld; an ace onto a run 2…K may go at either
        # end (§14.1): the player says which
        game = self.session.round
        onto = [
            a
            for a in game.legal_actions()
            if isinstance(a, LayOff) and a.card == card and a.target == message.index
        ]
        if len(onto) > 1:
            self.choose_move(t("layoff.title_end"), onto)
        else:
            self.play(onto[0] if onto else LayOff(card, message.index))

    @on(Hand.Changed)
    def hand_changed(self) -> None:
        if self.message is not None and not self.message_is_error:
            self.message = None
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

    def action_toggle_coach(self) -> None:
        """The coach on or off, from now on (kept in the settings)."""
        settings = self.dapp.settings
        settings.coach = "off" if settings.coach_on else "on"
        self.dapp.store_settings()
        self.refresh_view()
        self.say(t("coach.on" if settings.coach_on else "coach.off"))

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
