"""Whose turn it is at the table: the hand-over between people at one screen,
an AI's move once its worker has chosen, the end of a round, saving.

:class:`TableTurns` is a layer of the table screen (:mod:`.table`), which
starts the AI's worker (:meth:`TableTurns.start_ai`).
"""

from __future__ import annotations

from dummy_tui.engine.actions import Action
from dummy_tui.ui.i18n import t
from dummy_tui.ui.screens.modals import PrivacyScreen
from dummy_tui.ui.screens.table_view import TableView
from dummy_tui.ui.session import LogEntry


class TableTurns(TableView):
    """The turn handed on: to a person (through the privacy screen), an AI, the round's end."""

    def start_ai(self) -> None:
        """Let the AI of the seat to move choose (in the screen's worker)."""
        raise NotImplementedError

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
        if self.viewer is not None and seat != self.viewer and self.shared:
            # the turn of the person whose cards are shown is over: their cards
            # go before anything else is drawn, whoever plays next
            self.hide_hand()
        if session.is_human(seat):
            self._fast = False
            if self.message is not None and self.message_is_error:
                self.message = None  # a key refused while others moved: the turn's prompt now
            if seat != self.viewer:
                if self.shared:
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

    def autosave(self) -> None:
        self.dapp.autosave(self.session)

    def round_over(self) -> None:
        from dummy_tui.ui.screens.round_end import RoundEndScreen

        if self._busy:
            return
        session = self.session
        if self.shared and self.viewer is not None:
            # the round's end shows every hand; the table behind it none (the
            # next round is dealt at once: no hand of it may show there)
            self.hide_hand()
            self.refresh_view()
        finished = session.round
        result = session.finish_round()
        # the save already holds the round (written after its last move): into
        # the history with it, then the next round saved (or, at the match's
        # end, the save removed): a kill anywhere loses nothing, doubles nothing
        self.dapp.round_ended(session, finished, result)
        over = session.match.is_over
        if not over:
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
        # with people taking turns no hand is shown: the next to move passes
        # through the privacy screen
        self.refresh_view()
        self.advance()

    def action_export(self) -> None:
        if not self.session.round.is_over:
            # a record holds every hand and the stock: written mid-round, it
            # would show the others' cards (at a shared screen) or, played on
            # alone, a round won with them in view (the statistics count it)
            self.say(t(self.presenter.key("export.mid_round")), error=True)
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
