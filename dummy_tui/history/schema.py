"""The history database's schema: every table, and the migrations between versions.

The version is SQLite's ``PRAGMA user_version``; ``PRAGMA application_id``
marks the file as a dummy-tui history.  ``MIGRATIONS[n]`` brings a database
from version ``n`` to ``n + 1``; :func:`migrate` runs the missing ones in one
transaction.  What each table holds, version by version: ``docs/history.md``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

APPLICATION_ID = 0x44545548  # "DTUH": dummy-tui history
"""``PRAGMA application_id`` of a dummy-tui history."""

FILE_NAME = "history.sqlite3"


@dataclass(frozen=True, slots=True)
class Migration:
    """The statements that bring a database up one version, then Python work on it
    (data that SQL alone cannot compute), all in the caller's transaction."""

    statements: tuple[str, ...]
    then: Callable[[sqlite3.Connection], None] | None = None


_V1 = (
    """
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('person', 'ai')),
        key TEXT NOT NULL,
        name TEXT NOT NULL,
        UNIQUE (kind, key)
    )
    """,
    """
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        started TEXT NOT NULL,
        ended TEXT,
        ruleset TEXT NOT NULL,
        family TEXT NOT NULL,
        seed INTEGER,
        players INTEGER NOT NULL
    )
    """,
    """
    CREATE TABLE match_rules (
        match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
        options TEXT NOT NULL,
        overrides TEXT NOT NULL
    )
    """,
    """
    CREATE TABLE match_seats (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        player_id INTEGER REFERENCES players (id) ON DELETE SET NULL,
        name TEXT NOT NULL,
        level TEXT,
        total INTEGER,
        won INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (match_id, seat)
    ) WITHOUT ROWID
    """,
    "CREATE INDEX match_seats_player ON match_seats (player_id)",
    """
    CREATE TABLE rounds (
        id INTEGER PRIMARY KEY,
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        ended TEXT NOT NULL,
        seed INTEGER,
        ending TEXT,
        knocker INTEGER,
        dark_knock INTEGER NOT NULL,
        one_suit_knock INTEGER NOT NULL,
        breakdown TEXT NOT NULL,
        UNIQUE (match_id, number)
    )
    """,
    """
    CREATE TABLE records (
        round_id INTEGER PRIMARY KEY REFERENCES rounds (id) ON DELETE CASCADE,
        record TEXT NOT NULL
    )
    """,
    """
    CREATE TABLE round_seats (
        round_id INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        score INTEGER NOT NULL,
        won INTEGER NOT NULL,
        knocked INTEGER NOT NULL,
        dark_knock INTEGER NOT NULL,
        one_suit_knock INTEGER NOT NULL,
        fell INTEGER NOT NULL,
        fooled INTEGER NOT NULL,
        penalties INTEGER NOT NULL,
        money INTEGER,
        PRIMARY KEY (round_id, seat)
    ) WITHOUT ROWID
    """,
    """
    CREATE TABLE penalties (
        round_id INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        points INTEGER NOT NULL,
        card TEXT
    )
    """,
    "CREATE INDEX penalties_round ON penalties (round_id, seat)",
    """
    CREATE TABLE bonuses (
        round_id INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        payer INTEGER,
        card TEXT
    )
    """,
    "CREATE INDEX bonuses_round ON bonuses (round_id, seat)",
)

SUMMARY_COLUMNS = (
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
"""The summary columns version 2 adds to ``match_seats``."""

_V2 = (
    *(
        f"ALTER TABLE match_seats ADD COLUMN {name} INTEGER"
        + ("" if name.startswith("best") else " NOT NULL DEFAULT 0")
        for name in SUMMARY_COLUMNS
    ),
    "ALTER TABLE match_seats ADD COLUMN started TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE match_seats ADD COLUMN ruleset TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE match_seats ADD COLUMN finished INTEGER NOT NULL DEFAULT 0",
    """
    UPDATE match_seats SET
        started = (SELECT m.started FROM matches m WHERE m.id = match_id),
        ruleset = (SELECT m.ruleset FROM matches m WHERE m.id = match_id),
        finished = (SELECT m.ended IS NOT NULL FROM matches m WHERE m.id = match_id)
    """,
    "ALTER TABLE matches ADD COLUMN rounds INTEGER NOT NULL DEFAULT 0",
    """
    CREATE TABLE match_penalties (
        match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        count INTEGER NOT NULL,
        points INTEGER NOT NULL,
        player_id INTEGER REFERENCES players (id) ON DELETE SET NULL,
        started TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        PRIMARY KEY (match_id, seat, kind)
    ) WITHOUT ROWID
    """,
    """
    CREATE INDEX match_seats_order ON match_seats
        (player_id, started, match_id, rounds, first_streak, last_streak, max_streak,
         finished, won)
    """,
    "DROP INDEX match_seats_player",  # the index above starts with the player
    "CREATE INDEX matches_started ON matches (started)",
)


def _summaries(conn: sqlite3.Connection) -> None:
    from dummy_tui.history.summary import refresh

    refresh(conn)


MIGRATIONS: tuple[Migration, ...] = (Migration(_V1), Migration(_V2, _summaries))
"""``MIGRATIONS[n]`` brings a database of version ``n`` to ``n + 1``."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The version this dummy-tui writes."""


def version_of(conn: sqlite3.Connection) -> tuple[int, int]:
    """The database's (``user_version``, ``application_id``)."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    app = conn.execute("PRAGMA application_id").fetchone()[0]
    return int(version), int(app)


def has_tables(conn: sqlite3.Connection) -> bool:
    row = conn.execute("SELECT count(*) FROM sqlite_schema WHERE type = 'table'").fetchone()
    return bool(row[0])


@dataclass(frozen=True, slots=True)
class Fault:
    """How a file's tables differ from those of the schema version it claims.

    ``kind``: ``missing`` (a table, column or index of that version is not
    there), ``unknown`` (the file has one that version has not), ``type`` (a
    column of another type, or nullable where it must not be), or
    ``unversioned`` (tables in a file whose version says it is empty).
    ``where``: the table, index or ``table.column``, as SQL names it.
    """

    kind: str
    where: str = ""

    def __str__(self) -> str:
        if self.kind == "unversioned":
            return "it holds tables but has no schema version"
        said = {"missing": "has no", "unknown": "has an unknown", "type": "has another type of"}
        what = "column" if "." in self.where else "table or index"
        return f"it {said[self.kind]} {what} {self.where}"


Shape = dict[str, tuple[str, str, tuple[tuple[str, str, int, int], ...]]]
"""Each table, index, view or trigger of a database (not SQLite's own) by name:
its type, its table, and a table's columns (name, type, not null, primary key)."""


def shape_of(conn: sqlite3.Connection) -> Shape:
    """The tables, their columns and the indexes of the database."""
    objects = (
        "SELECT type, name, tbl_name FROM sqlite_schema WHERE name NOT LIKE 'sqlite\\_%' "
        "ESCAPE '\\' ORDER BY rowid"
    )
    shape: Shape = {}
    for kind, name, table in conn.execute(objects).fetchall():
        columns: tuple[tuple[str, str, int, int], ...] = ()
        if kind == "table":
            query = 'SELECT name, type, "notnull", pk FROM pragma_table_xinfo(?)'
            info = conn.execute(query, (name,))
            columns = tuple((str(c), str(t).upper(), int(n), int(k)) for c, t, n, k in info)
        shape[str(name)] = (str(kind), str(table), columns)
    return shape


@cache
def expected_shape(version: int) -> Shape:
    """The shape of a database of schema ``version``: made by the migrations up to it."""
    conn = sqlite3.connect(":memory:")
    try:
        for step in MIGRATIONS[:version]:
            for statement in step.statements:
                conn.execute(statement)
        return shape_of(conn)
    finally:
        conn.close()


def shape_fault(conn: sqlite3.Connection, version: int) -> Fault | None:
    """How the database's tables differ from those of schema ``version`` (0: none
    at all), or None when they are those.  Every query of the history relies on
    them: a file whose version says one thing and whose tables another is not read."""
    found = shape_of(conn)
    if version == 0:
        return Fault("unversioned") if found else None
    expected = expected_shape(version)
    for name, (kind, table, columns) in expected.items():
        if name not in found or found[name][:2] != (kind, table):
            return Fault("missing", name)
        there = {c[0]: c for c in found[name][2]}
        for column in columns:
            if column[0] not in there:
                return Fault("missing", f"{name}.{column[0]}")
            if there[column[0]] != column:
                return Fault("type", f"{name}.{column[0]}")
        known = {c[0] for c in columns}
        for column in found[name][2]:
            if column[0] not in known:
                return Fault("unknown", f"{name}.{column[0]}")
    for name in found:
        if name not in expected:
            return Fault("unknown", name)
    return None


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring the database to version ``target`` in one transaction; returns the
    version it had.  The connection must be in autocommit mode
    (``isolation_level=None``).  A database already at ``target`` or beyond is
    left as it is (the caller refuses one beyond :data:`SCHEMA_VERSION`)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        # read again under the write lock: another process may have migrated it
        found, _ = version_of(conn)
        for version in range(found, target):
            step = MIGRATIONS[version]
            for statement in step.statements:
                conn.execute(statement)
            if step.then is not None:
                step.then(conn)
        if found < target:
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {target}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return found
