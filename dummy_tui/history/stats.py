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
  order they were played) and of matches won in a row;
- *head to head*: each pair of people who finished matches together, how
  many each won, how often each ended with the higher total, and the rounds
  each won in those matches.

Filters: one person (``player``), one preset (``ruleset``), matches started
at or after a time (``since``).
"""

from __future__ import annotations

import math
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
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
    round_streak: int = 0
    match_streak: int = 0

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
            "longest_streak": {"rounds": self.round_streak, "matches": self.match_streak},
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
        return {
            "a": self.a,
            "b": self.b,
            "matches": self.matches,
            "a_won": self.a_won,
            "b_won": self.b_won,
            "a_ahead": self.a_ahead,
            "b_ahead": self.b_ahead,
            "rounds": self.rounds,
            "a_rounds_won": self.a_rounds_won,
            "b_rounds_won": self.b_rounds_won,
        }


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


def _selection(filters: Filters) -> tuple[str, list[Any]]:
    """The matches the filters keep, as a WHERE clause on ``matches m``."""
    from dummy_tui.history.store import stamp

    where = []
    params: list[Any] = []
    if filters.ruleset is not None:
        where.append("m.ruleset = ?")
        params.append(filters.ruleset)
    if filters.since is not None:
        where.append("m.started >= ?")
        params.append(stamp(filters.since))
    return (" WHERE " + " AND ".join(where)) if where else "", params


_PLAYER_SUMS = (
    "SELECT ms.player_id, p.kind, p.name,"
    " sum(m.ended IS NOT NULL), sum(CASE WHEN m.ended IS NOT NULL THEN ms.won ELSE 0 END),"
    " sum(m.ended IS NULL), sum(ms.rounds), sum(ms.rounds_won), sum(ms.scored_rounds),"
    " sum(ms.score), sum(ms.money_rounds), sum(ms.money), sum(ms.knocks), sum(ms.dark_knocks),"
    " sum(ms.one_suit_knocks), sum(ms.falls), sum(ms.fools), sum(ms.penalty_points),"
    # SQLite takes the bare column from the row holding the max
    " max(ms.best_score), ms.best_round"
    " FROM matches m JOIN match_seats ms ON ms.match_id = m.id"
    " JOIN players p ON p.id = ms.player_id"
)


def compute(conn: sqlite3.Connection, filters: Filters | None = None) -> Stats:
    """The statistics of the matches ``filters`` keep (default: all)."""
    filters = filters or Filters()
    stats = Stats(filters)
    where, params = _selection(filters)
    row = conn.execute(
        f"SELECT count(m.ended), count(*) - count(m.ended) FROM matches m{where}", params
    ).fetchone()
    stats.matches, stats.unfinished = row
    stats.rounds = conn.execute(
        f"SELECT count(*) FROM matches m JOIN rounds r ON r.match_id = m.id{where}", params
    ).fetchone()[0]
    player_id: int | None = None
    if filters.player is not None:
        query = "SELECT id FROM players WHERE kind = ? AND key = ?"
        found = conn.execute(query, (PERSON, person_key(filters.player))).fetchone()
        if found is None:
            return stats
        player_id = found[0]
    one = "" if player_id is None else (" AND " if where else " WHERE ") + "ms.player_id = ?"
    mine = [*params] if player_id is None else [*params, player_id]

    by_id: dict[int, PlayerStats] = {}
    for r in conn.execute(f"{_PLAYER_SUMS}{where}{one} GROUP BY ms.player_id", mine):
        p = PlayerStats(r[2], r[1])
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
        ) = r[3:19]
        p.best_round = r[19] if p.best_score is not None else None
        by_id[r[0]] = p
    _penalties(conn, by_id, where, one, mine)
    _streaks(conn, by_id, where, one, mine)
    stats.players = sorted(
        by_id.values(), key=lambda p: (p.kind != PERSON, -p.rounds, p.name.casefold())
    )
    stats.head_to_head = _head_to_head(conn, where, params, player_id)
    return stats


def _penalties(
    conn: sqlite3.Connection, by_id: dict[int, PlayerStats], where: str, one: str, params: list[Any]
) -> None:
    query = (
        "SELECT ms.player_id, pe.kind, count(*),"
        " sum(CASE WHEN rs.money IS NULL THEN pe.points ELSE 0 END)"
        " FROM matches m JOIN rounds r ON r.match_id = m.id"
        " JOIN penalties pe ON pe.round_id = r.id"
        " JOIN round_seats rs ON rs.round_id = r.id AND rs.seat = pe.seat"
        " JOIN match_seats ms ON ms.match_id = m.id AND ms.seat = pe.seat"
        f"{where}{one} GROUP BY ms.player_id, pe.kind"
    )
    for player_id, kind, n, points in conn.execute(query, params):
        found = by_id.get(player_id)
        if found is not None:
            found.penalties[kind] = PenaltyCount(n, points)


def _streaks(
    conn: sqlite3.Connection, by_id: dict[int, PlayerStats], where: str, one: str, params: list[Any]
) -> None:
    """Join up each match's streaks in the order the matches were played."""
    query = (
        "SELECT ms.player_id, ms.rounds, ms.first_streak, ms.last_streak, ms.max_streak,"
        " m.ended IS NOT NULL, ms.won"
        " FROM matches m JOIN match_seats ms ON ms.match_id = m.id"
        f"{where}{one}{' AND' if where or one else ' WHERE'} ms.player_id IS NOT NULL"
        " ORDER BY ms.player_id, m.started, m.id"
    )
    current: dict[int, tuple[int, int]] = {}  # player: (rounds in a row, matches in a row)
    for player_id, rounds, first, last, longest, ended, won in conn.execute(query, params):
        found = by_id.get(player_id)
        if found is None:
            continue
        run, match_run = current.get(player_id, (0, 0))
        if rounds:
            if first == rounds:  # won every round: the run goes on through it
                run += rounds
            else:
                found.round_streak = max(found.round_streak, run + first, longest)
                run = last
            found.round_streak = max(found.round_streak, run)
        if ended:
            match_run = match_run + 1 if won else 0
            found.match_streak = max(found.match_streak, match_run)
        current[player_id] = (run, match_run)


def _head_to_head(
    conn: sqlite3.Connection, where: str, params: list[Any], player_id: int | None
) -> list[HeadToHead]:
    condition = " AND m.ended IS NOT NULL" if where else " WHERE m.ended IS NOT NULL"
    extra: list[Any] = []
    if player_id is not None:
        condition += " AND ? IN (a.player_id, b.player_id)"
        extra.append(player_id)
    query = (
        "SELECT pa.name, pb.name, count(*), sum(a.won), sum(b.won), sum(a.total > b.total),"
        " sum(b.total > a.total), sum(a.rounds), sum(a.rounds_won), sum(b.rounds_won)"
        " FROM matches m JOIN match_seats a ON a.match_id = m.id"
        " JOIN match_seats b ON b.match_id = m.id AND a.player_id < b.player_id"
        " JOIN players pa ON pa.id = a.player_id AND pa.kind = 'person'"
        " JOIN players pb ON pb.id = b.player_id AND pb.kind = 'person'"
        f"{where}{condition} GROUP BY a.player_id, b.player_id"
    )
    rows: Sequence[Any] = conn.execute(query, [*params, *extra]).fetchall()
    found = [HeadToHead(*r) for r in rows]
    return sorted(found, key=lambda h: (-h.matches, h.a.casefold(), h.b.casefold()))
