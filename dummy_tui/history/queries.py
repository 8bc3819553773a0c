"""The history's reads: the methods of :class:`~dummy_tui.history.store.History`
that only read the file, and never make one (no file yet: nothing to read).

Each raises :class:`~dummy_tui.history.problems.HistoryUnavailable` when the
file cannot be used.  The list of past matches reads a page at a time
(``limit``, ``offset``) and counts the rest with one query, so that it opens
as quickly on 10,000 matches as on ten.
"""

from __future__ import annotations

import sqlite3
from contextlib import AbstractContextManager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dummy_tui.history import schema
from dummy_tui.history.names import AI, PERSON
from dummy_tui.history.problems import stored_json

if TYPE_CHECKING:
    from dummy_tui.history.browse import MatchSummary, RoundSummary
    from dummy_tui.history.stats import Stats
    from dummy_tui.history.trends import Trends


class Queries:
    """The reads of :class:`History`, which gives them its file."""

    if TYPE_CHECKING:
        path: Path

        def reading(self) -> AbstractContextManager[sqlite3.Connection | None]: ...

    def round_record(self, round_id: int) -> dict[str, Any] | None:
        """The record of round ``round_id`` (``dummy-tui-record/1``, as
        ``record_of`` made it), or None if there is no such round."""
        with self.reading() as conn:
            if conn is None:
                return None
            query = "SELECT record FROM records WHERE round_id = ?"
            row = conn.execute(query, (round_id,)).fetchone()
            if row is None:
                return None
            data: dict[str, Any] = stored_json(row[0], f"records.record of round {round_id}")
            return data

    def stats(
        self, player: str | None = None, ruleset: str | None = None, since: datetime | None = None
    ) -> Stats:
        """The statistics (:mod:`stats`) of the matches of ``ruleset`` started at or
        after ``since`` (all by default), of everyone or of one ``player``."""
        from dummy_tui.history.stats import Filters, Stats, compute

        filters = Filters(player, ruleset, since)
        with self.reading() as conn:
            return Stats(filters) if conn is None else compute(conn, filters)

    def matches(
        self,
        player: str | None = None,
        ruleset: str | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> list[MatchSummary]:
        """Past matches, the latest first (:func:`browse.matches`)."""
        from dummy_tui.history import browse

        with self.reading() as conn:
            return [] if conn is None else browse.matches(conn, player, ruleset, limit, offset)

    def match_rounds(self, match: str) -> list[RoundSummary]:
        """The rounds of match ``match`` (a uid), in order (:func:`browse.match_rounds`)."""
        from dummy_tui.history import browse

        with self.reading() as conn:
            return [] if conn is None else browse.match_rounds(conn, match)

    def summary(self) -> dict[str, Any]:
        """What the file holds: its path, schema version and size, and how many
        matches (finished or not), rounds, people and AI levels."""
        with self.reading() as conn:
            out: dict[str, Any] = {"path": str(self.path), "exists": conn is not None}
            if conn is None:
                return out
            finished, unfinished, rounds = conn.execute(
                "SELECT count(ended), count(*) - count(ended), coalesce(sum(rounds), 0)"
                " FROM matches"
            ).fetchone()
            query = "SELECT kind, count(*) FROM players GROUP BY kind"
            kinds = dict(conn.execute(query).fetchall())
            out.update(
                schema=schema.version_of(conn)[0],
                bytes=self.path.stat().st_size,
                matches=finished,
                unfinished=unfinished,
                rounds=rounds,
                people=kinds.get(PERSON, 0),
                ai_levels=kinds.get(AI, 0),
            )
            return out

    def export(self, path: Path) -> tuple[int, int]:
        """Write every match to ``path`` (``-``: the standard output) as JSON Lines
        (:mod:`transfer`), whole or not at all; returns (matches, rounds)."""
        from dummy_tui.history import transfer

        # a fault of the output (a full disk, a closed pipe) is raised as the OSError
        # it is, not as the history's
        try:
            with transfer.writing(path) as out, self.reading() as conn:
                if conn is None:
                    return 0, 0
                conn.execute("BEGIN")  # one snapshot of the file, however long it takes
                try:
                    return transfer.export(conn, out)
                finally:
                    conn.execute("COMMIT")
        except transfer.OutputFailed as exc:
            raise exc.error from None

    def match_count(self, player: str | None = None, ruleset: str | None = None) -> int:
        """How many matches :meth:`matches` lists with these filters, in all."""
        from dummy_tui.history import browse

        with self.reading() as conn:
            return 0 if conn is None else browse.match_count(conn, player, ruleset)

    def trends(self) -> Trends:
        """The people's win rates over time and their round scores' spread (:mod:`trends`)."""
        from dummy_tui.history import trends

        with self.reading() as conn:
            return trends.Trends((), ()) if conn is None else trends.trends(conn)
