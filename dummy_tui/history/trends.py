"""What the Statistics screen charts: each person's win rate as the matches go
by, and how the people's round scores spread.

Both are read with a query or two over the summary tables (never every
record), so that they come as quickly from a history of 100,000 rounds as
from one of ten.
"""

from __future__ import annotations

import math
import sqlite3
from dataclasses import dataclass

from dummy_tui.history.names import PERSON

MAX_PEOPLE = 4
"""The people a win-rate chart follows at most: those who played the most."""
MAX_POINTS = 10
"""The points of a person's win-rate line at most: the matches are grouped to fit."""
BINS = 12
"""The bars of the score histogram at most."""


@dataclass(frozen=True, slots=True)
class WinLine:
    """One person's win rate, group by group of ``size`` matches in the order played:
    ``points[i]`` is (matches played by the end of group i, share won in it)."""

    name: str
    size: int
    points: tuple[tuple[int, float], ...]


@dataclass(frozen=True, slots=True)
class Bin:
    """Round scores ``low`` to ``high`` (both included): ``count`` of them."""

    low: int
    high: int
    count: int


@dataclass(frozen=True, slots=True)
class Trends:
    lines: tuple[WinLine, ...]
    bins: tuple[Bin, ...]

    @property
    def group(self) -> int:
        """How many matches a point of the win-rate lines stands for."""
        return self.lines[0].size if self.lines else 1


def group_size(matches: int, points: int = MAX_POINTS) -> int:
    """How many matches one point stands for, so that ``matches`` make at most
    ``points`` points: 1, 2, 5, 10, 20, 50, … (a round number, to say)."""
    size = 1
    while math.ceil(matches / size) > points:
        size = next(s for s in _steps(size) if s > size)
    return size


def _steps(size: int) -> tuple[int, ...]:
    decade = 10 ** (len(str(size)) - 1)
    return (2 * decade, 5 * decade, 10 * decade)


def win_lines(conn: sqlite3.Connection, people: int = MAX_PEOPLE) -> list[WinLine]:
    """The win-rate lines of the ``people`` persons with the most finished matches,
    all in groups of the same size (that of the one who played the most)."""
    top = conn.execute(
        "SELECT p.id, p.name, count(*) AS n FROM match_seats ms JOIN players p"
        " ON p.id = ms.player_id WHERE p.kind = ? AND ms.finished = 1"
        " GROUP BY p.id ORDER BY n DESC, p.name LIMIT ?",
        (PERSON, people),
    ).fetchall()
    size = group_size(top[0][2]) if top else 1
    out = []
    for player, name, _ in top:
        rows = conn.execute(
            # the index match_seats_order gives a person's matches in the order played
            "SELECT won FROM match_seats WHERE player_id = ? AND finished = 1"
            " ORDER BY started, match_id",
            (player,),
        ).fetchall()
        points = []
        for start in range(0, len(rows), size):
            chunk = rows[start : start + size]
            points.append((start + len(chunk), sum(won for (won,) in chunk) / len(chunk)))
        out.append(WinLine(name, size, tuple(points)))
    return out


def score_bins(conn: sqlite3.Connection, bins: int = BINS) -> list[Bin]:
    """The people's round scores (rounds scored in points), in about ``bins``
    bars of one width (1, or a multiple of 5 that starts at a multiple of it)."""
    counts = conn.execute(
        "SELECT rs.score, count(*) FROM round_seats rs"
        " JOIN rounds r ON r.id = rs.round_id"
        " JOIN match_seats ms ON ms.match_id = r.match_id AND ms.seat = rs.seat"
        " JOIN players p ON p.id = ms.player_id"
        " WHERE p.kind = ? AND rs.money IS NULL GROUP BY rs.score ORDER BY rs.score",
        (PERSON,),
    ).fetchall()
    if not counts:
        return []
    low, high = counts[0][0], counts[-1][0]
    width = max(1, math.ceil((high - low + 1) / bins))
    if width > 1:
        width = 5 * math.ceil(width / 5)
        low = width * math.floor(low / width)
    total = [0] * (1 + (high - low) // width)
    for score, n in counts:
        total[(score - low) // width] += n
    return [Bin(low + i * width, low + (i + 1) * width - 1, n) for i, n in enumerate(total)]


def trends(conn: sqlite3.Connection) -> Trends:
    return Trends(tuple(win_lines(conn)), tuple(score_bins(conn)))
