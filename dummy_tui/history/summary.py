"""Each seat's summary of a match (schema version 2): ``match_seats``'
summary columns, ``match_penalties`` and ``matches.rounds``.

Statistics read these summaries, one row per seat and match, instead of
every round's rows: ten times fewer rows, and the longest streak of round
wins can be joined up across matches from each match's first, last and
longest streak.  A summary is always computed again from the match's rounds
(:func:`refresh`), in the transaction that changes them, so it cannot drift
from them.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from dummy_tui.history.schema import SUMMARY_COLUMNS

COLUMNS = SUMMARY_COLUMNS
"""The summary columns of ``match_seats``, in this order."""


@dataclass(slots=True)
class Summary:
    rounds: int = 0
    rounds_won: int = 0
    scored_rounds: int = 0  # rounds scored in points
    score: int = 0  # their sum
    money_rounds: int = 0  # rounds scored in money (units)
    money: int = 0
    knocks: int = 0
    dark_knocks: int = 0
    one_suit_knocks: int = 0
    falls: int = 0
    fools: int = 0
    penalty_points: int = 0  # charged in rounds scored in points
    best_score: int | None = None  # the best points round
    best_round: int | None = None
    first_streak: int = 0  # rounds won in a row from the first
    last_streak: int = 0  # rounds won in a row up to the last so far
    max_streak: int = 0

    def add(
        self,
        round_id: int,
        score: int,
        won: int,
        knocked: int,
        dark: int,
        one_suit: int,
        fell: int,
        fooled: int,
        penalties: int,
        money: int | None,
    ) -> None:
        """Add the next round (rounds come in their order in the match)."""
        self.rounds += 1
        if won:
            self.rounds_won += 1
            self.last_streak += 1
            self.max_streak = max(self.max_streak, self.last_streak)
            if self.rounds_won == self.rounds:
                self.first_streak = self.rounds
        else:
            self.last_streak = 0
        if money is None:
            self.scored_rounds += 1
            self.score += score
            self.penalty_points += penalties  # in money scoring, units: in ``money``
            if self.best_score is None or score > self.best_score:
                self.best_score, self.best_round = score, round_id
        else:
            self.money_rounds += 1
            self.money += money
        self.knocks += knocked
        self.dark_knocks += dark
        self.one_suit_knocks += one_suit
        self.falls += fell
        self.fools += fooled

    def values(self) -> tuple[int | None, ...]:
        return tuple(getattr(self, name) for name in COLUMNS)


_ROUNDS = (
    "SELECT r.match_id, s.seat, r.id, s.score, s.won, s.knocked, s.dark_knock,"
    " s.one_suit_knock, s.fell, s.fooled, s.penalties, s.money"
    " FROM rounds r JOIN round_seats s ON s.round_id = r.id"
)
_UPDATE = (
    f"UPDATE match_seats SET {', '.join(f'{c} = ?' for c in COLUMNS)}"
    " WHERE match_id = ? AND seat = ?"
)


_PENALTIES = (
    "INSERT INTO match_penalties (match_id, seat, kind, count, points, player_id, started,"
    " ruleset) SELECT r.match_id, pe.seat, pe.kind, count(*),"
    " sum(CASE WHEN rs.money IS NULL THEN pe.points ELSE 0 END),"
    " ms.player_id, ms.started, ms.ruleset"
    " FROM rounds r JOIN penalties pe ON pe.round_id = r.id"
    " JOIN round_seats rs ON rs.round_id = pe.round_id AND rs.seat = pe.seat"
    " JOIN match_seats ms ON ms.match_id = r.match_id AND ms.seat = pe.seat"
)
_COUNT = "UPDATE matches SET rounds = (SELECT count(*) FROM rounds r WHERE r.match_id = matches.id)"


def refresh(conn: sqlite3.Connection, match_ids: Iterable[int] | None = None) -> None:
    """Compute again the summaries of these matches (None: every match) from their rounds."""
    if match_ids is None:
        conn.execute(
            "UPDATE match_seats SET "
            + ", ".join(f"{c} = {'NULL' if c.startswith('best') else 0}" for c in COLUMNS)
        )
        _update(conn, conn.execute(f"{_ROUNDS} ORDER BY r.match_id, r.number, s.seat"))
        conn.execute("DELETE FROM match_penalties")
        conn.execute(f"{_PENALTIES} GROUP BY r.match_id, pe.seat, pe.kind")
        conn.execute(_COUNT)
        return
    for match_id in match_ids:
        query = f"{_ROUNDS} WHERE r.match_id = ? ORDER BY r.number, s.seat"
        _update(conn, conn.execute(query, (match_id,)))
        conn.execute("DELETE FROM match_penalties WHERE match_id = ?", (match_id,))
        conn.execute(f"{_PENALTIES} WHERE r.match_id = ? GROUP BY pe.seat, pe.kind", (match_id,))
        conn.execute(f"{_COUNT} WHERE id = ?", (match_id,))


def _update(conn: sqlite3.Connection, rows: Iterable[tuple[Any, ...]]) -> None:
    found: dict[tuple[int, int], Summary] = {}
    for match_id, seat, *line in rows:
        key = (match_id, seat)
        summary = found.get(key)
        if summary is None:
            summary = found[key] = Summary()
        summary.add(*line)
    conn.executemany(_UPDATE, [(*s.values(), *key) for key, s in found.items()])
