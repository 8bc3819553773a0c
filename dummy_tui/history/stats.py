"""Statistics of the history, per person and per AI level, counted in SQL.

What counts:

- a match is *played* once it is over (``finish_match``); an unfinished one
  (abandoned, or still going on) counts for its rounds only;
- a round is *won* by the seats of ``round_winners()`` (the top score,
  untied between teams; in Persian rummy both seats of the team);
- the *win rates* come with Wilson's 95% interval, which stays inside 0..1
  and is honest about a handful of games;
- the *mean score*, the *best round* and the *penalty points* are of rounds
  scored in points; rounds of money scoring count their units (penalties
  paid included) in ``money`` instead; penalties by kind count the charges
  of every round, and their points in rounds scored in points;
- the *longest streak* is of rounds won in a row (across matches, in the
  order they were played) and of matches won in a row, for people (an AI
  level often holds several seats of one match: its wins have no one order);
- *head to head*: each pair of people who finished matches together, how
  many each won, how often each ended with the higher total, and the rounds
  each won in those matches.

Filters: one person (``player``), one preset (``ruleset``), matches started
at or after a time (``since``).
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from dummy_tui.history.names import PERSON, person_key

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float] | None:
    """Wilson's score interval of a rate of ``wins`` in ``n``; None when n is 0."""
    if n <= 0:
        return None
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    margin = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - margin), min(1.0, centre + margin)


@dataclass(frozen=True, slots=True)
class Filters:
    player: str | None = None  # a person's name, in any case and spacing
    ruleset: str | None = None
    since: datetime | None = None  # matches started at or after

    def as_json(self) -> dict[str, Any]:
        from dummy_tui.history.store import stamp

        return {
            "player": self.player,
            "ruleset": self.ruleset,
            "since": stamp(self.since) if self.since is not None else None,
        }


@dataclass(frozen=True, slots=True)
class PenaltyCount:
    count: int  # charges, in every round
    points: int  # their points, in rounds scored in points


@dataclass(slots=True)
class PlayerStats:
    """One person's (``kind`` ``person``) or one AI level's (``kind`` ``ai``) figures."""

    name: str
    kind: str
    matches: int = 0
    matches_won: int = 0
    unfinished: int = 0  # matches not over, whose rounds count
    rounds: int = 0
    rounds_won: int = 0
    scored_rounds: int = 0
    score: int = 0
    money_rounds: int = 0
    money: int = 0
    knocks: int = 0
    dark_knocks: int = 0
    one_suit_knocks: int = 0
    falls: int = 0  # ตกตึก
    fools: int = 0  # โง่
    penalty_points: int = 0
    penalties: dict[str, PenaltyCount] = field(default_factory=dict)
    best_score: int | None = None
    best_round: int | None = None  # a round id: ``dummy-tui history --record ID``
    # people only: an AI level often holds several seats of one match
    round_streak: int | None = None
    match_streak: int | None = None

    @property
    def level(self) -> str | None:
        return self.name if self.kind != PERSON else None

    @property
    def match_rate(self) -> float | None:
        return self.matches_won / self.matches if self.matches else None

    @property
    def round_rate(self) -> float | None:
        return self.rounds_won / self.rounds if self.rounds else None

    @property
    def mean_score(self) -> float | None:
        return self.score / self.scored_rounds if self.scored_rounds else None

    def as_json(self) -> dict[str, Any]:
        def rate(value: float | None) -> float | None:
            return None if value is None else round(value, 4)

        def interval(found: tuple[float, float] | None) -> list[float] | None:
            return None if found is None else [round(found[0], 4), round(found[1], 4)]

        mean = self.mean_score
        return {
            "name": self.name,
            "kind": self.kind,
            "level": self.level,
            "matches": self.matches,
            "matches_won": self.matches_won,
            "match_win_rate": rate(self.match_rate),
            "match_win_interval": interval(wilson(self.matches_won, self.matches)),
            "unfinished_matches": self.unfinished,
            "rounds": self.rounds,
            "rounds_won": self.rounds_won,
            "round_win_rate": rate(self.round_rate),
            "round_win_interval": interval(wilson(self.rounds_won, self.rounds)),
            "scored_rounds": self.scored_rounds,
            "mean_score": None if mean is None else round(mean, 2),
            "money_rounds": self.money_rounds,
            "money": self.money if self.money_rounds else None,
            "knocks": self.knocks,
            "dark_knocks": self.dark_knocks,
            "one_suit_knocks": self.one_suit_knocks,
            "falls": self.falls,
            "fools": self.fools,
            "penalty_points": self.penalty_points,
            "penalties": {
                kind: {"count": c.count, "points": c.points}
                for kind, c in sorted(self.penalties.items())
            },
            "best_round": None
            if self.best_round is None
            else {"round": self.best_round, "score": self.best_score},
            "longest_streak": None
            if self.round_streak is None
            else {"rounds": self.round_streak, "matches": self.match_streak},
        }


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Two people, ``a`` and ``b``, over the matches they finished together."""

    a: str
    b: str
    matches: int
    a_won: int
    b_won: int
    a_ahead: int  # matches a ended with the higher total
    b_ahead: int
    rounds: int
    a_rounds_won: int
    b_rounds_won: int

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(slots=True)
class Stats:
    filters: Filters
    matches: int = 0  # finished
    unfinished: int = 0
    rounds: int = 0
    players: list[PlayerStats] = field(default_factory=list)
    head_to_head: list[HeadToHead] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return self.rounds == 0 and self.matches == 0

    def player(self, name: str) -> PlayerStats | None:
        """The person called ``name`` (any case and spacing)."""
        key = person_key(name)
        for p in self.players:
            if p.kind == PERSON and person_key(p.name) == key:
                return p
        return None

    def ai(self, level: str) -> PlayerStats | None:
        return next((p for p in self.players if p.kind != PERSON and p.name == level), None)

    def as_json(self) -> dict[str, Any]:
        return {
            "filters": self.filters.as_json(),
            "matches": self.matches,
            "unfinished_matches": self.unfinished,
            "rounds": self.rounds,
            "players": [p.as_json() for p in self.players],
            "head_to_head": [h.as_json() for h in self.head_to_head],
        }


# ----------------------------------------------------------------------
# the queries


def _selection(filters: Filters, table: str) -> tuple[str, list[Any]]:
    """The conditions the filters put on ``table`` (an alias with ``ruleset`` and
    ``started`` columns), each ending in `` AND``, and their parameters."""
    from dummy_tui.history.store import stamp

    where = ""
    params: list[Any] = []
    if filters.ruleset is not None:
        where += f" {table}.ruleset = ? AND"
        params.append(filters.ruleset)
    if filters.since is not None:
        where += f" {table}.started >= ? AND"
        params.append(stamp(filters.since))
    return where, params


# the sums of a seat's summaries, per person or AI level
_SUMS = (
    "SELECT ms.player_id, sum(ms.finished), sum(ms.finished * ms.won), sum(1 - ms.finished),"
    " sum(ms.rounds), sum(ms.rounds_won), sum(ms.scored_rounds), sum(ms.score),"
    " sum(ms.money_rounds), sum(ms.money), sum(ms.knocks), sum(ms.dark_knocks),"
    " sum(ms.one_suit_knocks), sum(ms.falls), sum(ms.fools), sum(ms.penalty_points),"
    # SQLite takes the bare column from the row holding the max
    " max(ms.best_score), ms.best_round"
    " FROM match_seats ms"
)

_PEOPLE = "SELECT id FROM players WHERE kind = 'person'"

# each person's matches in the order they were played (the covering index's order)
_STREAK_ROWS = (
    "SELECT ms.player_id, ms.rounds, ms.first_streak, ms.last_streak, ms.max_streak,"
    " ms.finished, ms.won FROM match_seats ms"
    f" WHERE{{where}} ms.player_id IN ({_PEOPLE}) ORDER BY ms.player_id, ms.started, ms.match_id"
)


def _streaks(rows: Iterable[tuple[int, ...]]) -> Iterator[tuple[int, int, int]]:
    """(person, round wins in a row, finished matches won in a row) at most, joining
    up each match's first, last and longest run of round wins in the order played:
    a match won throughout carries the run on."""
    person = None
    run = best = match_run = match_best = 0
    for player_id, rounds, first, last, longest, finished, won in rows:
        if player_id != person:
            if person is not None:
                yield person, best, match_best
            person = player_id
            run = best = match_run = match_best = 0
        if rounds:
            if first == rounds:
                run += rounds
            else:
                best = max(best, run + first, longest)
                run = last
            best = max(best, run)
        if finished:
            match_run = match_run + 1 if won else 0
            match_best = max(match_best, match_run)
    if person is not None:
        yield person, best, match_best


def _first(a: str, b: str) -> str:
    """``a`` of the seat of the lower player id, else ``b``: each pair in one order."""
    return f"CASE WHEN a.player_id < b.player_id THEN {a} ELSE {b} END"


# two people at one finished match, the one of the lower id first; the seats are read
# in the table's order (a scan, and the next seats of the same match)
_PAIRS = (
    "SELECT min(a.player_id, b.player_id) AS lo, max(a.player_id, b.player_id) AS hi,"
    f" count(*), sum({_first('a.won', 'b.won')}), sum({_first('b.won', 'a.won')}),"
    f" sum({_first('a.total > b.total', 'b.total > a.total')}),"
    f" sum({_first('b.total > a.total', 'a.total > b.total')}), sum(a.rounds),"
    f" sum({_first('a.rounds_won', 'b.rounds_won')}),"
    f" sum({_first('b.rounds_won', 'a.rounds_won')})"
    " FROM match_seats a JOIN match_seats b ON b.match_id = a.match_id AND b.seat > a.seat"
)
_PAIRED = (
    "+a.player_id IS NOT NULL AND a.level IS NULL AND a.finished"
    " AND b.player_id IS NOT NULL AND b.level IS NULL AND b.player_id != a.player_id"
)


def compute(conn: sqlite3.Connection, filters: Filters | None = None) -> Stats:
    """The statistics of the matches ``filters`` keep (default: all)."""
    filters = filters or Filters()
    stats = Stats(filters)
    where_m, params = _selection(filters, "m")
    row = conn.execute(
        "SELECT count(m.ended), count(*) - count(m.ended), coalesce(sum(m.rounds), 0)"
        f" FROM matches m WHERE{where_m} 1",
        params,
    ).fetchone()
    stats.matches, stats.unfinished, stats.rounds = row
    where, params = _selection(filters, "ms")
    player_id: int | None = None
    if filters.player is not None:
        query = "SELECT id FROM players WHERE kind = ? AND key = ?"
        found = conn.execute(query, (PERSON, person_key(filters.player))).fetchone()
        if found is None:
            return stats
        player_id = found[0]
        where += " ms.player_id = ? AND"
        params.append(player_id)
    players = conn.execute("SELECT id, kind, name FROM players")
    names = {i: (kind, name) for i, kind, name in players}

    by_id: dict[int, PlayerStats] = {}
    # +player_id: a scan reads the table in its order, the index would read it row by row
    query = f"{_SUMS} WHERE{where} +ms.player_id IS NOT NULL GROUP BY +ms.player_id"
    for r in conn.execute(query, params):
        kind, name = names[r[0]]
        p = PlayerStats(name, kind)
        (
            p.matches,
            p.matches_won,
            p.unfinished,
            p.rounds,
            p.rounds_won,
            p.scored_rounds,
            p.score,
            p.money_rounds,
            p.money,
            p.knocks,
            p.dark_knocks,
            p.one_suit_knocks,
            p.falls,
            p.fools,
            p.penalty_points,
            p.best_score,
        ) = r[1:17]
        p.best_round = r[17] if p.best_score is not None else None
        by_id[r[0]] = p
    query = (
        "SELECT ms.player_id, ms.kind, sum(ms.count), sum(ms.points) FROM match_penalties ms"
        f" WHERE{where} ms.player_id IS NOT NULL GROUP BY ms.player_id, ms.kind"
    )
    for pid, kind, n, points in conn.execute(query, params):
        by_id[pid].penalties[kind] = PenaltyCount(n, points)
    rows = conn.execute(_STREAK_ROWS.format(where=where), params)
    for pid, rounds, matches in _streaks(rows):
        by_id[pid].round_streak, by_id[pid].match_streak = rounds, matches
    stats.players = sorted(
        by_id.values(), key=lambda p: (p.kind != PERSON, -p.rounds, p.name.casefold())
    )
    stats.head_to_head = _head_to_head(conn, filters, names, player_id)
    return stats


def _head_to_head(
    conn: sqlite3.Connection,
    filters: Filters,
    names: dict[int, tuple[str, str]],
    player_id: int | None,
) -> list[HeadToHead]:
    where, params = _selection(filters, "a")
    if player_id is not None:
        where += " ? IN (a.player_id, b.player_id) AND"
        params.append(player_id)
    query = f"{_PAIRS} WHERE{where} {_PAIRED} GROUP BY lo, hi"
    rows = conn.execute(query, params)
    found = [HeadToHead(names[a][1], names[b][1], *rest) for a, b, *rest in rows]
    return sorted(found, key=lambda h: (-h.matches, h.a.casefold(), h.b.casefold()))
