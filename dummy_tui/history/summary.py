"""Each seat's summary of a match, kept in ``match_seats`` (schema version 2).

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

COLUMNS = (
    "rounds",
    "rounds_won",
    "scored_rounds",
    "score",
    "money_rounds",
    "money",
    "knocks",
    "dark_knocks",
    "one_suit_knocks",
    "falls",
    "fools",
    "penalty_points",
    "best_score",
    "best_round",
    "first_streak",
    "last_streak",
    "max_streak",
)
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


def refresh(conn: sqlite3.Connection, match_ids: Iterable[int] | None = None) -> None:
    """Compute again the summaries of these matches (None: every match) from their rounds."""
    if match_ids is None:
        rows = conn.execute(f"{_ROUNDS} ORDER BY r.match_id, r.number, s.seat")
        conn.execute(
            "UPDATE match_seats SET "
            + ", ".join(f"{c} = {'NULL' if c.startswith('best') else 0}" for c in COLUMNS)
        )
        _update(conn, rows)
        return
    for match_id in match_ids:
        query = f"{_ROUNDS} WHERE r.match_id = ? ORDER BY r.number, s.seat"
        rows = conn.execute(query, (match_id,))
        _update(conn, rows)


def _update(conn: sqlite3.Connection, rows: Iterable[tuple[Any, ...]]) -> None:
    found: dict[tuple[int, int], Summary] = {}
    for match_id, seat, *line in rows:
        key = (match_id, seat)
        summary = found.get(key)
        if summary is None:
            summary = found[key] = Summary()
        summary.add(*line)
    conn.executemany(_UPDATE, [(*s.values(), *key) for key, s in found.items()])
