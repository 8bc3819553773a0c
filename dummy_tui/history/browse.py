"""Reading the history match by match and round by round: for a list of past
matches, a chart of a match's totals, the replay of a round.

Every function takes an open connection (``History.reading()``); times come
back as aware ``datetime`` values in UTC.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from dummy_tui.history.names import PERSON, person_key
from dummy_tui.history.problems import stored_json, stored_time


def moment(text: str, where: str) -> datetime:
    """A time as the database writes it, read back (UTC); ``where`` names the
    column for a file whose time is not one (:class:`StoredValueError`)."""
    return stored_time(text, where)


@dataclass(frozen=True, slots=True)
class SeatSummary:
    seat: int
    name: str  # at the table (or "Player 2" once forgotten)
    level: str | None  # the AI level; None for a person
    player: str | None  # the person's name as the history knows it; None once forgotten
    total: int | None  # the final total, once the match is over
    won: bool
    rounds_won: int
    score: int  # the sum of its rounds scored in points
    money: int  # the sum of its rounds scored in money units


@dataclass(frozen=True, slots=True)
class MatchSummary:
    uid: str
    started: datetime
    ended: datetime | None  # None: unfinished
    ruleset: str
    family: str
    seats: tuple[SeatSummary, ...]
    rounds: int
    first_round: int | None  # the ids of its first and last rounds
    last_round: int | None

    @property
    def winners(self) -> list[int]:
        return [s.seat for s in self.seats if s.won]


@dataclass(frozen=True, slots=True)
class RoundSummary:
    id: int  # for ``round_record`` and ``dummy-tui history --record``
    number: int  # 0 for the match's first round
    ended: datetime
    ending: str | None  # knock, stock_out, dead
    knocker: int | None
    dark_knock: bool
    one_suit_knock: bool
    scores: tuple[int, ...]  # per seat
    winners: tuple[int, ...]
    breakdown: tuple[dict[str, Any], ...]  # each seat's score line, as replay --json


def _filters(player: str | None, ruleset: str | None) -> tuple[str, list[Any]]:
    """The WHERE clause (on ``matches m``) and its parameters for these filters."""
    where: list[str] = []
    params: list[Any] = []
    if player is not None:
        where.append(
            "m.id IN (SELECT ms.match_id FROM match_seats ms JOIN players p ON p.id = ms.player_id"
            " WHERE p.kind = ? AND p.key = ?)"
        )
        params += [PERSON, person_key(player)]
    if ruleset is not None:
        where.append("m.ruleset = ?")
        params.append(ruleset)
    return (f" WHERE {' AND '.join(where)}" if where else ""), params


def match_count(
    conn: sqlite3.Connection, player: str | None = None, ruleset: str | None = None
) -> int:
    """How many matches :func:`matches` lists with these filters, in all."""
    clause, params = _filters(player, ruleset)
    return int(conn.execute(f"SELECT count(*) FROM matches m{clause}", params).fetchone()[0])


def matches(
    conn: sqlite3.Connection,
    player: str | None = None,
    ruleset: str | None = None,
    limit: int = 50,
    offset: int = 0,
) -> list[MatchSummary]:
    """Matches, the latest started first: all, or those of one person (any case and
    spacing) or of one preset; ``limit`` of them from ``offset``."""
    clause, params = _filters(player, ruleset)
    rows = conn.execute(
        "SELECT m.id, m.uid, m.started, m.ended, m.ruleset, m.family, m.rounds,"
        " (SELECT min(r.id) FROM rounds r WHERE r.match_id = m.id),"
        " (SELECT max(r.id) FROM rounds r WHERE r.match_id = m.id)"
        f" FROM matches m{clause} ORDER BY m.started DESC, m.id DESC LIMIT ? OFFSET ?",
        [*params, limit, offset],
    ).fetchall()
    out = []
    for match_id, uid, started, ended, rules, family, rounds, first, last in rows:
        seats = tuple(
            SeatSummary(seat, name, level, player, total, bool(won), rw, score, money)
            for seat, name, level, player, total, won, rw, score, money in conn.execute(
                "SELECT ms.seat, ms.name, ms.level, p.name, ms.total, ms.won, ms.rounds_won,"
                " ms.score, ms.money FROM match_seats ms LEFT JOIN players p ON p.id = ms.player_id"
                " WHERE ms.match_id = ? ORDER BY ms.seat",
                (match_id,),
            )
        )
        out.append(
            MatchSummary(
                uid,
                moment(started, f"matches.started of match {match_id}"),
                moment(ended, f"matches.ended of match {match_id}") if ended else None,
                rules,
                family,
                seats,
                rounds,
                first,
                last,
            )
        )
    return out


def match_rounds(conn: sqlite3.Connection, uid: str) -> list[RoundSummary]:
    """The rounds of match ``uid``, in their order; empty if there is no such match."""
    rows = conn.execute(
        "SELECT r.id, r.number, r.ended, r.ending, r.knocker, r.dark_knock, r.one_suit_knock,"
        " r.breakdown FROM rounds r JOIN matches m ON m.id = r.match_id WHERE m.uid = ?"
        " ORDER BY r.number",
        (uid,),
    ).fetchall()
    out = []
    for round_id, number, ended, ending, knocker, dark, one_suit, breakdown in rows:
        seats = conn.execute(
            "SELECT score, won FROM round_seats WHERE round_id = ? ORDER BY seat", (round_id,)
        ).fetchall()
        out.append(
            RoundSummary(
                round_id,
                number,
                moment(ended, f"rounds.ended of round {round_id}"),
                ending,
                knocker,
                bool(dark),
                bool(one_suit),
                tuple(score for score, _ in seats),
                tuple(seat for seat, (_, won) in enumerate(seats) if won),
                tuple(stored_json(breakdown, f"rounds.breakdown of round {round_id}")),
            )
        )
    return out
