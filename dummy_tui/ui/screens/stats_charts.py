"""The Statistics screen's charts of the whole history: each person's win rate
as the matches go by, and a histogram of the people's round scores.

Drawn with textual-plotext.  In colour the lines are braille curves told
apart by colour; with ``--ascii`` or ``NO_COLOR`` (Textual then draws no
colour at all) each person's line has a marker of its own and the bars are
``#``, so that the charts read in plain characters.  Each chart has a line of
text under it with its figures, for a terminal (or a reader) that makes
nothing of a chart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from dummy_tui.i18n import t
from dummy_tui.ui.common import signed

if TYPE_CHECKING:
    from textual_plotext import PlotextPlot

    from dummy_tui.history.trends import Bin, Trends

MARKERS = ("*", "+", "o", "x")
"""Each person's points on the win-rate chart: told apart without colours too."""


def rate_title(trends: Trends) -> str:
    group = trends.group
    return t("stats.rate_title_single") if group == 1 else t("stats.rate_title", size=group)


def draw_win_rates(plot: PlotextPlot, trends: Trends, plain: bool) -> None:
    """A line per person: the share of matches won (in %), group by group."""
    plt = plot.plt
    plt.clear_data()
    plt.clear_figure()
    plt.title(rate_title(trends))
    plt.xlabel(t("stats.rate_x"))
    most = 1
    for i, line in enumerate(trends.lines):
        xs = [played for played, _ in line.points]
        ys = [round(rate * 100) for _, rate in line.points]
        most = max(most, xs[-1])
        plt.plot(xs, ys, label=line.name, marker=MARKERS[i % len(MARKERS)] if plain else "braille")
    plt.ylim(0, 100)
    plt.yticks([0, 25, 50, 75, 100], ["0%", "25%", "50%", "75%", "100%"])
    plt.xlim(0, most)
    ticks = whole_ticks(most)
    plt.xticks(ticks, [str(int(x)) for x in ticks])
    plot.refresh()


def whole_ticks(most: int, count: int = 6) -> list[float]:
    """Ticks at whole numbers from 0 to ``most``, about ``count`` of them."""
    step = max(1, -(-most // count))
    return [float(x) for x in range(0, most + 1, step)]


def bin_label(b: Bin) -> str:
    return signed(b.low) if b.low == b.high else f"{signed(b.low)}…{signed(b.high)}"


def draw_scores(plot: PlotextPlot, bins: tuple[Bin, ...], plain: bool) -> None:
    """A bar per range of round scores: how many of the people's rounds scored so."""
    plt = plot.plt
    plt.clear_data()
    plt.clear_figure()
    plt.title(t("stats.scores_title"))
    plt.xlabel(t("stats.scores_x"))
    if bins:
        width = bins[0].high - bins[0].low + 1
        centres = [b.low + (width - 1) / 2 for b in bins]
        plt.bar(centres, [b.count for b in bins], marker="#" if plain else None, width=0.8)
        # a tick at every other bar at most: the labels must not run into each other
        step = max(1, len(bins) // 6)
        shown = bins[::step]
        plt.xticks([b.low + (width - 1) / 2 for b in shown], [signed(b.low) for b in shown])
        ticks = whole_ticks(max(b.count for b in bins), 4)
        plt.yticks(ticks, [str(int(y)) for y in ticks])
    plot.refresh()


def rates_line(trends: Trends) -> Text:
    """The win rates in words: each person's, group by group."""
    out = Text(style="dim")
    for i, line in enumerate(trends.lines):
        if i:
            out.append("  ·  ")
        out.append(f"{line.name}: ")
        out.append(" ".join(f"{round(r * 100)}%" for _, r in line.points))
    return out


def scores_line(bins: tuple[Bin, ...]) -> Text:
    """The histogram in words: each range and its count."""
    return Text("  ".join(f"{bin_label(b)}: {b.count}" for b in bins if b.count), style="dim")
