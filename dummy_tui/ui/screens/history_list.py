"""The history list: past matches, newest first, each opening to its rounds,
and a round to the replay viewer on its stored record.

Only finished rounds are in the history (a round is written when it ends),
so no round in play can be looked at here, whoever sits at the table.  The
matches are read a page at a time (:data:`PAGE`), so that the list opens as
quickly on 10,000 matches as on ten; ``n`` and ``p`` turn the pages.  Enter
or a click opens a row; Escape goes back.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from dummy_tui.families import FAMILIES
from dummy_tui.i18n import preset_name, shown_name, t
from dummy_tui.ui.common import describe_bindings, signed
from dummy_tui.ui.gameapp import CardScreen
from dummy_tui.ui.recording import unreadable
from dummy_tui.ui.widgets.footer import KeyFooter

if TYPE_CHECKING:
    from pathlib import Path

    from rich.text import TextType
    from textual.widgets.data_table import CellType, ColumnKey, RowKey

    from dummy_tui.history.browse import MatchSummary, RoundSummary
    from dummy_tui.history.problems import Problem
    from dummy_tui.ui.screens.viewer import ViewerScreen

PAGE = 50
"""Matches a page of the list holds."""


def when_text(moment: datetime) -> str:
    """A time of the history (UTC) as the player's clock reads it, to the minute."""
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def seat_names(match: MatchSummary) -> list[str]:
    return [shown_name(s.name, s.seat) for s in match.seats]


def seats_text(match: MatchSummary) -> Text:
    """The seats by name, each with its final total once the match is over; the
    winners bold."""
    out = Text()
    for i, (seat, name) in enumerate(zip(match.seats, seat_names(match), strict=True)):
        if i:
            out.append(" · ", style="dim")
        out.append(name, style="bold" if seat.won else "")
        if seat.total is not None:
            out.append(f" {signed(seat.total)}")
    return out


def result_text(match: MatchSummary) -> Text:
    """Who won the match, or that it is not over."""
    if match.ended is None:
        return Text(t("hlist.unfinished"), style="dim")
    names = seat_names(match)
    won = [names[s] for s in match.winners]
    return Text(t("hlist.won_by", names=", ".join(won)) if won else t("hlist.no_winner"))


def ending_text(summary: RoundSummary, family: str) -> str:
    """How a round ended: knock, dark knock, one-suit knock, went out, stock out, void."""
    if summary.ending == "knock":
        if summary.dark_knock:
            return t("hlist.ending_dark_knock")
        if summary.one_suit_knock:
            return t("hlist.ending_one_suit_knock")
        going_out = family in FAMILIES and FAMILIES[family].round_won_by == "going_out"
        return t("hlist.ending_out" if going_out else "hlist.ending_knock")
    if summary.ending == "stock_out":
        return t("hlist.ending_stock_out")
    if summary.ending == "dead":
        return t("hlist.ending_dead")
    return "—"


class TextTable(DataTable[Any]):
    """A table whose strings are text: DataTable reads markup in a string,
    and a player's name (``[/]``, ``[bold]``) or a preset's is data."""

    def add_column(
        self,
        label: TextType,
        *,
        width: int | None = None,
        key: str | None = None,
        default: CellType | None = None,
    ) -> ColumnKey:
        return super().add_column(as_text(label), width=width, key=key, default=default)

    def add_row(
        self,
        *cells: CellType,
        height: int | None = 1,
        key: str | None = None,
        label: TextType | None = None,
    ) -> RowKey:
        texts = (as_text(cell) if isinstance(cell, str) else cell for cell in cells)
        shown = None if label is None else as_text(label)
        return super().add_row(*texts, height=height, key=key, label=shown)


def as_text(text: str | Text) -> Text:
    return Text(text) if isinstance(text, str) else text


def note_and_table(prefix: str) -> ComposeResult:
    """A list screen's layout: a note line above a table of rows, the footer below
    (ids ``PREFIX-box``, ``PREFIX-note``, ``PREFIX-table``)."""
    with Vertical(id=f"{prefix}-box"):
        yield Static(id=f"{prefix}-note")
        yield TextTable(id=f"{prefix}-table", cursor_type="row", zebra_stripes=True)
    yield KeyFooter()


class HistoryListScreen(CardScreen):
    """The past matches, a page at a time, the newest first."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "page(1)", "Next page", id="next_page"),
        Binding("p", "page(-1)", "Previous page", id="prev_page"),
        Binding("escape", "back", "Back", id="back"),
        Binding("q", "back", "Back", id="back_q", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(id="history-list")
        self.page = 0
        self.total = 0
        self.matches: list[MatchSummary] = []
        self.problem: Problem | None = None

    def compose(self) -> ComposeResult:
        yield from note_and_table("hlist")

    def on_mount(self) -> None:
        self.read()
        self.refresh_language()
        self.query_one(DataTable).focus()

    def read(self) -> None:
        """The current page of matches, and how many there are in all."""
        from dummy_tui.history import History, HistoryUnavailable

        try:
            with History() as history:
                self.total = history.match_count()
                last = max(0, (self.total - 1) // PAGE)
                self.page = max(0, min(self.page, last))
                self.matches = history.matches(limit=PAGE, offset=self.page * PAGE)
            self.problem = None
        except HistoryUnavailable as exc:
            self.problem = exc.problem
            self.total, self.matches = 0, []

    def refresh_language(self) -> None:
        describe_bindings(self)
        box = self.query_one("#hlist-box")
        first = self.page * PAGE
        if self.matches:
            box.border_title = t(
                "hlist.title_page",
                first=first + 1,
                last=first + len(self.matches),
                total=self.total,
            )
        else:
            box.border_title = t("hlist.title")
        note = self.query_one("#hlist-note", Static)
        if self.problem is not None:
            note.update(Text(t("stats.unavailable", detail=unreadable(self.problem)), style="bold"))
        elif not self.matches:
            note.update(t("hlist.empty"))
        else:
            note.update(Text(t("hlist.hint"), style="dim"))
        table: DataTable[Any] = self.query_one(DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        table.add_columns(
            t("hlist.when"),
            t("hlist.ruleset"),
            t("hlist.rounds"),
            t("hlist.result"),
            t("hlist.seats"),
        )
        for i, match in enumerate(self.matches):
            table.add_row(
                when_text(match.started),
                preset_name(match.ruleset),
                str(match.rounds),
                result_text(match),
                seats_text(match),
                key=str(i),
            )
        table.display = bool(self.matches)
        if self.matches:
            table.move_cursor(row=min(row, len(self.matches) - 1))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "page":
            step = int(str(parameters[0]))
            if step > 0:
                return (self.page + 1) * PAGE < self.total
            return self.page > 0
        return True

    def action_page(self, step: int) -> None:
        self.page += step
        self.read()
        self.query_one(DataTable).move_cursor(row=0)
        self.refresh_language()

    @on(DataTable.RowSelected, "#hlist-table")
    def opened(self, event: DataTable.RowSelected) -> None:
        self.open_match(event.cursor_row)

    def open_match(self, index: int) -> None:
        if 0 <= index < len(self.matches):
            self.app.push_screen(MatchRoundsScreen(self.matches[index]))

    def action_back(self) -> None:
        self.dismiss(None)


class MatchRoundsScreen(CardScreen):
    """The rounds of one past match: who won each, how it ended, every seat's
    score; a round opens the replay viewer on its stored record."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="back"),
        Binding("q", "back", "Back", id="back_q", show=False),
    ]

    def __init__(self, match: MatchSummary) -> None:
        super().__init__(id="match-rounds")
        self.match = match
        self.rounds: list[RoundSummary] = []
        self.problem: Problem | None = None

    def compose(self) -> ComposeResult:
        yield from note_and_table("hrounds")

    def on_mount(self) -> None:
        from dummy_tui.history import History, HistoryUnavailable

        try:
            with History() as history:
                self.rounds = history.match_rounds(self.match.uid)
        except HistoryUnavailable as exc:
            self.problem = exc.problem
        self.refresh_language()
        self.query_one(DataTable).focus()

    def refresh_language(self) -> None:
        describe_bindings(self)
        match = self.match
        names = seat_names(match)
        self.query_one("#hrounds-box").border_title = Text(  # a preset's name is data
            t(
                "hlist.rounds_title",
                ruleset=preset_name(match.ruleset),
                when=when_text(match.started),
            )
        )
        note = self.query_one("#hrounds-note", Static)
        line = Text.assemble(seats_text(match), "  ·  ", result_text(match))
        if self.problem is not None:
            line = Text(t("stats.unavailable", detail=unreadable(self.problem)), style="bold")
        elif not self.rounds:
            line.append("\n" + t("hlist.no_rounds"))
        else:
            line.append("\n")
            line.append(t("hlist.rounds_hint"), style="dim")
        note.update(line)
        table: DataTable[Any] = self.query_one(DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        table.add_columns(t("hlist.round"), t("hlist.winner"), t("hlist.ending"), *names)
        for i, summary in enumerate(self.rounds):
            won = ", ".join(names[s] for s in summary.winners) or "—"
            scores = [
                Text(signed(score), style="bold" if seat in summary.winners else "")
                for seat, score in enumerate(summary.scores)
            ]
            table.add_row(
                str(summary.number + 1),
                won,
                ending_text(summary, match.family),
                *scores,
                key=str(i),
            )
        table.display = bool(self.rounds)
        if self.rounds:
            table.move_cursor(row=min(row, len(self.rounds) - 1))
        self.refresh_bindings()

    @on(DataTable.RowSelected, "#hrounds-table")
    def opened(self, event: DataTable.RowSelected) -> None:
        self.open_round(event.cursor_row)

    def open_round(self, index: int) -> None:
        """The replay viewer on round ``index``'s stored record (told, if it cannot be)."""
        if not 0 <= index < len(self.rounds):
            return
        summary = self.rounds[index]
        viewer, problem = stored_viewer(summary, self.dapp.rules_path)
        if viewer is None:
            self.notify(t("hlist.cannot_replay", detail=problem or ""), severity="warning")
        else:
            self.app.push_screen(viewer)

    def action_back(self) -> None:
        self.dismiss(None)


def stored_viewer(
    summary: RoundSummary, rules_path: Path | None = None
) -> tuple[ViewerScreen | None, str | None]:
    """The replay viewer on the stored record of a round, read and replayed as
    ``replay FILE --view`` reads a file; else None and why."""
    from dummy_tui.engine.errors import RecordError
    from dummy_tui.engine.record import parse_record, replay
    from dummy_tui.history import History, HistoryUnavailable
    from dummy_tui.ui.review import record_session
    from dummy_tui.ui.screens.viewer import ViewerScreen

    try:
        with History() as history:
            data = history.round_record(summary.id)
    except HistoryUnavailable as exc:
        return None, unreadable(exc.problem)
    if data is None:
        return None, t("hlist.no_record")
    try:
        loaded = parse_record(data, source=t("hlist.source"), rules_path=rules_path)
    except RecordError as exc:
        return None, str(exc)
    result = replay(loaded)
    if result.error is not None:
        return None, str(result.error["message"])
    session = record_session(loaded, result.game, rules_path)
    return ViewerScreen(session, result.game, round_number=summary.number + 1), None
