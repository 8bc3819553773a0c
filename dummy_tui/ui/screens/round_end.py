"""The end of a round: every item of each player's score, then the totals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from dummy_tui.engine.match import RoundResult
from dummy_tui.i18n import t
from dummy_tui.ui.common import describe_bindings
from dummy_tui.ui.gameapp import CardScreen
from dummy_tui.ui.session import LogEntry, Session
from dummy_tui.ui.widgets.footer import KeyFooter
from dummy_tui.ui.words import entry_text, fmt_about

if TYPE_CHECKING:
    from dummy_tui.engine.round import Round
    from dummy_tui.ui.presenters.base import Presenter


TAKES = ("draw", "pick", "pick_layoff", "take")
"""The log entries that begin a turn."""


class RoundEndScreen(CardScreen):
    """Each item of the score in the family's own terms, then the running totals.

    The family's presenter words them: Dummy's table and hand points, knock,
    dark knock, fall, fool and penalties; gin's deadwood, bonuses and layout;
    basic rummy's cards left and the rummy multiplier; Persian rummy's team lines.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "Next round", id="next_round"),
        Binding("n", "new_game", "New game", id="new_game"),
        Binding("e", "export", "Export", id="export"),
        Binding("r", "review", "Review round", id="review"),
        Binding("s", "statistics", "Statistics", id="statistics"),
        Binding("q", "quit", "Quit", id="quit"),
    ]

    def __init__(
        self,
        session: Session,
        presenter: Presenter[Any],
        game: Round[Any],
        result: RoundResult,
        match_over: bool,
    ) -> None:
        super().__init__(id="round-end")
        self.session = session
        self.presenter = presenter
        self.game = game
        self.result = result
        self.match_over = match_over

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="round-end-box"):
            for part in ("title", "table", "hands", "totals"):
                yield Static(id=f"round-end-{part}")
        yield KeyFooter(show_command_palette=False)

    def on_mount(self) -> None:
        if not self.app.is_running:
            # pushed as the window closes (a round ended as the person quit):
            # Textual mounts it without its lines, and there is nobody to read it
            return
        self.refresh_language()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next":
            return not self.match_over
        if action in ("new_game", "statistics"):
            return self.match_over
        return True

    def refresh_language(self) -> None:
        presenter = self.presenter

        def word(binding: Binding) -> str | None:  # the next round or the next deal
            return presenter.key_word(binding.id) if binding.id == "next_round" else None

        describe_bindings(self, word)
        self.query_one("#round-end-box").border_title = t(
            presenter.key("end.title"), n=len(self.session.match.results)
        )
        title = self.headline()
        if self.match_over:
            # the match is over: who won comes first, where a small screen shows it
            result = presenter.match_result()
            result.stylize("bold")
            title = Text.assemble(result, "\n", title)
        self.query_one("#round-end-title", Static).update(title)
        self.query_one("#round-end-table", Static).update(self.breakdown())
        self.query_one("#round-end-hands", Static).update(self.hands())
        self.query_one("#round-end-totals", Static).update(self.totals())
        self.refresh_bindings()

    def headline(self) -> Text:
        return self.presenter.headline(self.game, self.result, self.dapp.look)

    def breakdown(self) -> Table:
        return self.presenter.breakdown(self.game, self.result)

    def totals(self) -> Text:
        return self.presenter.totals(self.match_over)

    def hands(self) -> Text:
        """What was laid out (gin), the knocker's last turn, then the cards left."""
        look = self.dapp.look
        names = self.session.names
        game = self.game
        out = Text()
        layout = self.presenter.layout(game, look)
        if layout is not None:
            out.append_text(layout)
            out.append("\n\n")
        last = self.last_turn()
        if last and game.went_out is not None:
            knocker = names[game.went_out]
            head = fmt_about("end.last_turn", knocker, name=knocker)
            head.stylize("bold")
            out.append_text(head)
            for line in last:
                out.append("\n  ")
                out.append_text(line)
            out.append("\n\n")
        out.append(self.presenter.hands_heading(game), Style(bold=True))
        for seat, name in enumerate(names):
            out.append("\n  ")
            out.append(f"{name}: ")
            if not game.hands[seat]:
                out.append("—", Style(dim=True))
            else:
                out.append_text(self.presenter.hand_cards(game, seat, look))
        return out

    def last_turn(self) -> list[Text]:
        """The moves of the turn that ended the round, from the game log: how
        the knocker went out (gin shows its layout instead).  Empty when the
        round ran out of stock, or the log does not hold the whole turn (a
        game resumed in the middle of it)."""
        game = self.game
        seat = game.went_out
        if seat is None or game.end != "knock" or not self.presenter.shows_last_turn:
            return []
        moves: list[LogEntry] = []
        undone = 0
        for entry in reversed(self.session.log):
            if entry.kind in ("round", "start") and not moves:
                continue  # the next round's heading, and who starts it
            if entry.seat != seat:
                break
            if entry.kind == "undo":
                undone += 1
            elif undone:
                undone -= 1  # a move taken back
            else:
                moves.append(entry)
                if entry.kind in TAKES:
                    break
        if not moves or moves[-1].kind not in TAKES:
            return []
        names = self.session.names
        look = self.dapp.look
        key = self.presenter.key
        return [entry_text(entry, names, look, key) for entry in reversed(moves)]

    def action_next(self) -> None:
        if not self.match_over:
            self.dismiss(None)

    def action_new_game(self) -> None:
        self.dapp.show_new_game()

    def action_export(self) -> None:
        try:
            path = self.dapp.saver.export_record(self.session, self.game)
        except OSError as exc:
            self.notify(t("export.failed", error=str(exc)), severity="error")
            return
        self.notify(t(self.presenter.key("export.done"), path=str(path)))

    def action_review(self) -> None:
        """The replay viewer on this round (always over here), move by move."""
        from dummy_tui.ui.review import review_session
        from dummy_tui.ui.screens.viewer import ViewerScreen

        viewer = ViewerScreen(
            review_session(self.session, self.game),
            self.game,
            round_number=len(self.session.match.results),
            result=self.result,
        )
        self.app.push_screen(viewer)

    def action_statistics(self) -> None:
        if self.match_over:
            self.dapp.show_stats(self.session)

    def action_quit(self) -> None:
        self.app.exit()
