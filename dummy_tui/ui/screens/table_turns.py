"""Whose turn it is at the table: the hand-over between people at one screen,
an AI's move once it has chosen, the end of a round, saving.

:class:`Turns` is held by the table screen (:mod:`.table`) as ``screen.turns``.
The AI thinks in a worker thread of the screen; its move comes back through
``call_from_thread`` to :meth:`Turns.ai_chose`.  A table played against a
host (:mod:`.table_remote`) or a lesson (:mod:`.lesson`) holds its own kind
of :class:`Turns`, in which another seat's turn is the host's or the lesson's.
"""

from __future__ import annotations

import time
from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text
from textual.timer import Timer

from dummy_tui.engine.actions import Action
from dummy_tui.engine.view import PlayerView
from dummy_tui.i18n import t
from dummy_tui.ui.screens.modals import PrivacyScreen
from dummy_tui.ui.session import LogEntry
from dummy_tui.ui.words import log_lines

if TYPE_CHECKING:
    from dummy_tui.ui.screens.table import TableScreen


class Turns:
    """The turn handed on: to a person (through the privacy screen), an AI, the round's end."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.busy = False
        """A privacy or round-end screen is up: no move is made meanwhile."""
        self.token = 0
        """The AI's move asked for last: an answer to an older one is dropped."""
        self.timer: Timer | None = None
        """The pause before the next turn after an AI's move."""
        self.fast = False
        """The AI's moves shown without their pause until a person's turn (``.``)."""

    def start_ai(self) -> None:
        """Let the AI of the seat to move choose, in a worker thread."""
        game = self.screen.session.round
        seat = game.seat
        self.token += 1
        think = partial(self.think, self.token, seat, game.view(seat), game.legal_actions())
        self.screen.run_worker(think, thread=True, exclusive=True, group="ai")

    def think(self, token: int, seat: int, view: PlayerView, legal: list[Action]) -> None:
        """The seat's AI chooses (in the worker; the AI modules load here, off
        the UI thread).

        An AI that raises or answers with an illegal move is a bug: it is
        logged, said in the game log, and the normal AI plays the seat from
        then on.  Should that one fail too, the error is not caught.
        """
        from dummy_tui.ai import AIError, checked_choice
        from dummy_tui.logs import logger

        app = self.screen.app
        session = self.screen.session
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
            app.call_from_thread(session.ai_failed, seat, exc, position, stand_in)
            action = checked_choice(stand_in, view, legal)
        app.call_from_thread(self.ai_chose, token, seat, action)

    def advance(self) -> None:
        """Hand the turn to whoever moves next: a person (maybe via privacy) or an AI."""
        self.timer = None
        screen = self.screen
        if self.busy or not screen.is_attached:
            return
        session = screen.session
        game = session.round
        if game.is_over:
            self.round_over()
            return
        seat = game.seat
        if screen.viewer is not None and seat != screen.viewer and screen.shared:
            # the turn of the person whose cards are shown is over: their cards
            # go before anything else is drawn, whoever plays next
            screen.hide_hand()
        if session.is_human(seat):
            self.fast = False
            if screen.message is not None and screen.message_is_error:
                screen.message = None  # a key refused while others moved: the turn's prompt now
            if seat != screen.viewer:
                if screen.shared:
                    screen.refresh_view()
                    self.busy = True
                    screen.app.push_screen(
                        PrivacyScreen(
                            lambda: session.names[seat], lambda: self.since_last_turn(seat)
                        ),
                        callback=lambda _: self._privacy_done(seat),
                    )
                    return
                screen.viewer = seat
            screen.refresh_view()
            screen.hand.focus()
            return
        screen.refresh_view()
        self.start_ai()

    def _privacy_done(self, seat: int) -> None:
        self.busy = False
        screen = self.screen
        screen.viewer = seat
        screen.message = None
        screen.refresh_view()
        screen.hand.focus()

    def ai_chose(self, token: int, seat: int, action: Action) -> None:
        """The AI's move for ``seat``, if the table still waits for it: made, shown, saved."""
        screen = self.screen
        game = screen.session.round
        if token != self.token or game.is_over or game.seat != seat or self.busy:
            return
        entry = screen.session.apply(action)  # checked legal by the AI's caller
        screen.highlight = self.moved_cards(entry)
        self.autosave()
        screen.refresh_view()
        delay = 0.0 if self.fast else screen.dapp.prefs.settings.ai_delay
        if game.is_over or delay <= 0:
            screen.call_later(self.advance)
        else:
            self.timer = screen.set_timer(delay, self.advance)

    def instant(self) -> None:
        """The AI's moves without their pause, until a person's turn."""
        self.fast = True
        if self.timer is not None:
            self.timer.stop()
            self.timer = None
            self.advance()

    def stop(self) -> None:
        """No more turns handed on from this table (it is being left)."""
        self.busy = True
        self.token += 1
        if self.timer is not None:
            self.timer.stop()

    @staticmethod
    def moved_cards(entry: LogEntry) -> set[int]:
        """The cards a move put on the table or took from it (shown bright)."""
        if entry.kind in ("draw", "undo", "end", "round", "pass"):
            return set()
        return set(entry.cards)

    def export(self) -> None:
        """The finished round's record written to a file (said where), never mid-round."""
        screen = self.screen
        if not screen.session.round.is_over:
            # a record holds every hand and the stock: written mid-round, it
            # would show the others' cards (at a shared screen) or, played on
            # alone, a round won with them in view (the statistics count it)
            screen.say(t(screen.presenter.key("export.mid_round")), error=True)
            return
        try:
            path = screen.dapp.saver.export_record(screen.session)
        except OSError as exc:
            screen.say(t("export.failed", error=str(exc)), error=True)
            return
        screen.say(t(screen.presenter.key("export.done"), path=str(path)))

    SINCE_LINES = 10
    """The most moves the hand-over screen lists."""

    def since_last_turn(self, seat: int) -> list[Text]:
        """What the others did since ``seat``'s last move this round, in words
        (the newest :attr:`SINCE_LINES` moves)."""
        screen = self.screen
        moves: list[LogEntry] = []
        for entry in reversed(screen.session.log):
            if entry.kind == "round" or entry.seat == seat or len(moves) == self.SINCE_LINES:
                break
            moves.append(entry)
        moves.reverse()
        return log_lines(
            moves, self.screen.session.names, self.screen.dapp.look, self.screen.presenter.key
        )

    def autosave(self) -> None:
        self.screen.dapp.saver.autosave(self.screen.session)

    def round_over(self) -> None:
        """The round's end: into the history, the next round dealt and saved,
        the end screen over the table."""
        from dummy_tui.ui.screens.round_end import RoundEndScreen

        if self.busy:
            return
        screen = self.screen
        session = screen.session
        if screen.shared and screen.viewer is not None:
            # the round's end shows every hand; the table behind it none (the
            # next round is dealt at once: no hand of it may show there)
            screen.hide_hand()
            screen.refresh_view()
        finished = session.round
        result = session.finish_round()
        # the save already holds the round (written after its last move): into
        # the history with it, then the next round saved (or, at the match's
        # end, the save removed): a kill anywhere loses nothing, doubles nothing
        screen.dapp.saver.round_ended(session, finished, result)
        over = session.match.is_over
        if not over:
            session.start_next_round()
            self.autosave()
        self.busy = True
        self.token += 1
        screen.app.push_screen(
            RoundEndScreen(session, screen.presenter, finished, result, over),
            callback=self._round_end_done,
        )

    def _round_end_done(self, _: None) -> None:
        self.busy = False
        screen = self.screen
        screen.highlight = set()
        screen.message = None
        if screen.session.match.is_over:
            return
        # with people taking turns no hand is shown: the next to move passes
        # through the privacy screen
        screen.refresh_view()
        self.advance()
