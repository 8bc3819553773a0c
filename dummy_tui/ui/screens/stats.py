"""The Statistics screen: what the history knows of each person and AI level.

The figures are :func:`History.stats`'s, read off the UI thread when the
screen opens.  They are drawn as tables of a few players each (a column per
player, a row per figure), as many players side by side as the width holds,
so that they read at 80×24 in both languages.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.widgets import Static

from dummy_tui.i18n import shown_name, t
from dummy_tui.ui.common import describe_bindings, signed
from dummy_tui.ui.gameapp import CardScreen
from dummy_tui.ui.recording import unreadable
from dummy_tui.ui.widgets.footer import KeyFooter

if TYPE_CHECKING:
    from dummy_tui.history.problems import Problem
    from dummy_tui.history.stats import PlayerStats, Stats
    from dummy_tui.history.trends import Trends

LABEL_CELLS = 22
"""The width of the figures' names."""
COLUMN_CELLS = 17
"""The width of one player's column."""
MAX_SEATS = 4


def percent(rate: float) -> str:
    return f"{round(rate * 100)}%"


def rate_text(won: int, played: int) -> str:
    """A win rate with its 95% interval: ``67% (21–94%)``; ``—`` with nothing played."""
    from dummy_tui.history.stats import wilson

    found = wilson(won, played)
    if found is None:
        return "—"
    low, high = found
    return f"{percent(won / played)} ({round(low * 100)}–{percent(high)})"


def player_name(player: PlayerStats) -> str:
    """A person's name, or an AI level in the language (``AI · normal``)."""
    if player.level is None:
        # a name the game gave ("You", "Player 3") reads in the language, as in
        # the history list; the seat is not kept per person, so try each one
        for seat in range(MAX_SEATS):
            shown = shown_name(player.name, seat)
            if shown != player.name:
                return shown
        return player.name
    level = (
        t(f"level.{player.level}")
        if player.level in ("random", "easy", "normal", "hard")
        else player.level
    )
    return t("stats.ai", level=level)


def _best(player: PlayerStats) -> str:
    return "—" if player.best_score is None else signed(player.best_score)


def _mean(player: PlayerStats) -> str:
    mean = player.mean_score
    return "—" if mean is None else signed(round(mean))


def _streak(streak: int | None) -> str:
    return "—" if streak is None else str(streak)  # an AI level keeps none


def _penalties(player: PlayerStats) -> str:
    times = sum(count.count for count in player.penalties.values())
    return t("stats.penalties", n=times, points=signed(-player.penalty_points))


FIGURES: tuple[tuple[str, Callable[[PlayerStats], str]], ...] = (
    ("matches", lambda p: t("stats.of", n=p.matches, won=p.matches_won)),
    ("match_rate", lambda p: rate_text(p.matches_won, p.matches)),
    ("rounds", lambda p: t("stats.of", n=p.rounds, won=p.rounds_won)),
    ("round_rate", lambda p: rate_text(p.rounds_won, p.rounds)),
    ("mean", _mean),
    ("best", _best),
    ("knocks", lambda p: str(p.knocks)),
    ("dark_knocks", lambda p: str(p.dark_knocks)),
    ("one_suit_knocks", lambda p: str(p.one_suit_knocks)),
    ("falls", lambda p: str(p.falls)),
    ("fools", lambda p: str(p.fools)),
    ("penalties", _penalties),
    ("round_streak", lambda p: _streak(p.round_streak)),
    ("match_streak", lambda p: _streak(p.match_streak)),
)
"""Each figure's catalog key (``stats.row_…``) and how it reads for a player."""


def figure_rows(players: list[PlayerStats]) -> list[tuple[str, list[str]]]:
    """The rows of a table of ``players``: each figure's name and its value per
    player, the penalties paid followed by a row per kind of penalty (where
    any of them paid some), and last the money won where any round was played
    for money."""
    rows: list[tuple[str, list[str]]] = []
    for key, read in FIGURES:
        rows.append((t(f"stats.row_{key}"), [read(p) for p in players]))
        if key == "penalties":
            rows.extend(_penalty_rows(players))
    if any(p.money_rounds for p in players):
        rows.append(
            (t("stats.row_money"), [signed(p.money) if p.money_rounds else "—" for p in players])
        )
    return rows


def _penalty_rows(players: list[PlayerStats]) -> list[tuple[str, list[str]]]:
    """A row per kind of penalty any of ``players`` paid: "· fed the head card"."""
    rows = []
    kinds = sorted({kind for p in players for kind in p.penalties})
    for kind in kinds:
        name = t("item.fool") if kind == "fool_penalty" else t(f"item.{kind}")
        values = []
        for p in players:
            count = p.penalties.get(kind)
            values.append(
                "0"
                if count is None
                else t("stats.penalties", n=count.count, points=signed(-count.points))
            )
        rows.append((t("stats.row_penalty_kind", kind=name), values))
    return rows


def stats_tables(stats: Stats, width: int) -> list[Table]:
    """The players' figures, as many players a table as ``width`` cells hold."""
    per_table = max(1, (width - LABEL_CELLS) // COLUMN_CELLS)
    players = stats.players
    tables = []
    for start in range(0, len(players), per_table):
        chunk = players[start : start + per_table]
        table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1))
        table.add_column("", min_width=LABEL_CELLS - 2, max_width=LABEL_CELLS, style="dim")
        for player in chunk:
            table.add_column(
                Text(player_name(player), style="bold"),
                justify="right",
                min_width=COLUMN_CELLS - 2,
                max_width=COLUMN_CELLS,
                overflow="fold",
            )
        for name, values in figure_rows(chunk):
            table.add_row(name, *values)
        tables.append(table)
    return tables


def head_to_head_table(stats: Stats) -> Table | None:
    """The people who finished matches together, pair by pair, or None."""
    if not stats.head_to_head:
        return None
    table = Table(
        title=t("stats.h2h_title"),
        title_justify="left",
        title_style="bold",
        box=None,
        pad_edge=False,
        show_edge=False,
        padding=(0, 1),
    )
    table.add_column(t("stats.h2h_people"), overflow="fold")
    for key in ("h2h_matches", "h2h_wins", "h2h_rounds"):
        table.add_column(t(f"stats.{key}"), justify="right")
    for h in stats.head_to_head:
        table.add_row(
            f"{h.a} – {h.b}",
            str(h.matches),
            f"{h.a_won}–{h.b_won}",
            t("stats.h2h_rounds_of", a=h.a_rounds_won, b=h.b_rounds_won, n=h.rounds),
        )
    return table


MARKERS = ("*", "+", "o", "x")
"""Each seat's points on the totals chart: told apart without colours too."""


def running_totals(rounds: list[list[int]]) -> list[list[int]]:
    """Each seat's total after each round (from 0 before the first), seat by seat."""
    seats = len(rounds[0]) if rounds else 0
    out = [[0] for _ in range(seats)]
    for scores in rounds:
        for seat, score in enumerate(scores):
            out[seat].append(out[seat][-1] + score)
    return out


class StatsScreen(CardScreen):
    """Each person's and each AI level's figures over the whole history; opened
    at the end of a match, the chart of its totals round by round first.

    ``match`` is that match: the seats' names and each round's scores.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "history", "History", id="history"),
        Binding("escape", "back", "Back", id="back"),
        Binding("q", "back", "Back", id="back_q", show=False),
    ]

    def __init__(self, match: tuple[list[str], list[list[int]]] | None = None) -> None:
        super().__init__(id="stats")
        self.match = match
        self.stats: Stats | None = None
        self.trends: Trends | None = None
        self.problem: Problem | None = None  # why the history could not be read
        self.read = False

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="stats-box"):
            if self.match is not None:
                from textual_plotext import PlotextPlot

                yield PlotextPlot(id="stats-totals")
            yield Static(id="stats-summary")
            yield Static(id="stats-tables")
            from textual_plotext import PlotextPlot

            yield PlotextPlot(id="stats-rates", classes="stats-chart")
            yield Static(id="stats-rates-text", classes="stats-chart-text")
            yield PlotextPlot(id="stats-scores", classes="stats-chart")
            yield Static(id="stats-scores-text", classes="stats-chart-text")
        yield KeyFooter(show_command_palette=False)

    def on_mount(self) -> None:
        self.refresh_language()
        self.read_history()

    @work(thread=True, exclusive=True, group="stats")
    def read_history(self) -> None:
        from dummy_tui.history import History, HistoryUnavailable

        stats: Stats | None = None
        trends: Trends | None = None
        problem: Problem | None = None
        try:
            with History() as history:
                stats = history.stats()
                trends = history.trends()
        except HistoryUnavailable as exc:
            problem = exc.problem
        self.app.call_from_thread(self.show, stats, problem, trends)

    def show(
        self, stats: Stats | None, problem: Problem | None, trends: Trends | None = None
    ) -> None:
        self.stats = stats
        self.trends = trends
        self.problem = problem
        self.read = True
        if self.is_attached:
            self.refresh_language()

    def on_resize(self, event: events.Resize) -> None:
        if self.read:
            self.refresh_language()

    def draw_totals(self) -> None:
        """The match's totals round by round, a line and a marker per seat."""
        if self.match is None:
            return
        from textual_plotext import PlotextPlot

        names, rounds = self.match
        plot = self.query_one("#stats-totals", PlotextPlot)
        plain = self.plain
        plt = plot.plt
        plt.clear_data()
        plt.clear_figure()
        plt.title(t("stats.totals_title"))
        plt.xlabel(t("stats.totals_rounds"))
        for seat, totals in enumerate(running_totals(rounds)):
            plt.plot(
                list(range(len(totals))),
                totals,
                label=names[seat],
                marker=MARKERS[seat % len(MARKERS)] if plain else "braille",
            )
        plt.xticks(list(range(len(rounds) + 1)))
        plot.refresh()

    @property
    def plain(self) -> bool:
        """Charts in plain characters: ``--ascii``, or no colours (``NO_COLOR``)."""
        return self.dapp.prefs.force_ascii or self.app.no_color

    def draw_trends(self) -> None:
        """The win rates over time and the spread of round scores, once there are some."""
        from textual_plotext import PlotextPlot

        from dummy_tui.ui.screens import stats_charts

        trends = self.trends
        rates = self.query_one("#stats-rates", PlotextPlot)
        scores = self.query_one("#stats-scores", PlotextPlot)
        rates_text = self.query_one("#stats-rates-text", Static)
        scores_text = self.query_one("#stats-scores-text", Static)
        rates.display = rates_text.display = bool(trends and trends.lines)
        scores.display = scores_text.display = bool(trends and trends.bins)
        if trends is None:
            return
        if trends.lines:
            stats_charts.draw_win_rates(rates, trends, self.plain)
            rates_text.update(stats_charts.rates_line(trends))
        if trends.bins:
            stats_charts.draw_scores(scores, trends.bins, self.plain)
            scores_text.update(stats_charts.scores_line(trends.bins))

    def refresh_language(self) -> None:
        describe_bindings(self)
        self.query_one("#stats-box").border_title = t("stats.title")
        self.draw_totals()
        self.draw_trends()
        summary = self.query_one("#stats-summary", Static)
        tables = self.query_one("#stats-tables", Static)
        stats = self.stats
        if not self.read:
            summary.update(t("stats.reading"))
            tables.update("")
        elif stats is None:
            summary.update(
                Text(
                    t("stats.unavailable", detail=unreadable(self.problem) if self.problem else ""),
                    style="bold",
                )
            )
            tables.update("")
        elif stats.empty:
            summary.update(t("stats.empty"))
            tables.update("")
        else:
            summary.update(
                t(
                    "stats.summary",
                    matches=stats.matches,
                    unfinished=stats.unfinished,
                    rounds=stats.rounds,
                )
            )
            width = max(40, self.size.width - 4)
            parts: list[Any] = []
            pairs = head_to_head_table(stats)
            for table in [*stats_tables(stats, width), *([pairs] if pairs else [])]:
                if parts:
                    parts.append(Text(""))
                parts.append(table)
            tables.update(Group(*parts))
        self.refresh_bindings()

    def action_history(self) -> None:
        from dummy_tui.ui.screens.history_list import HistoryListScreen

        self.app.push_screen(HistoryListScreen())

    def action_back(self) -> None:
        self.dismiss(None)
