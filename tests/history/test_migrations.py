"""A history written by an older version is brought up to date, in one step or not at all."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from history_util import play

from dummy_tui.history import History, HistoryUnavailable, schema, summary

Seat = tuple[int, int]  # (score, won) of a seat in a round

RECORD = {"format": "dummy-tui-record/1", "ruleset": "dummy", "players": ["Ann", "easy"]}

# the rounds of a version 1 history: (score, won) of seats 0 and 1
ROUNDS: list[tuple[Seat, Seat]] = [
    ((50, 1), (-20, 0)),
    ((10, 1), (30, 0)),
    ((-5, 0), (40, 1)),
    ((70, 1), (0, 0)),
]


def version_1(path: Path, matches: list[tuple[str, bool, list[tuple[Seat, Seat]]]]) -> None:
    """A history as version 1 wrote it: Ann (a person) against the easy AI, in
    ``matches`` of (started, finished, each round's seats); the seats with the
    top total win a finished match."""
    conn = sqlite3.connect(path, isolation_level=None)
    schema.migrate(conn, target=1)
    conn.execute("BEGIN")
    conn.execute(
        "INSERT INTO players (id, kind, key, name) VALUES (1, 'person', 'ann', 'Ann'),"
        " (2, 'ai', 'easy', 'easy')"
    )
    round_id = 0
    for match_id, (started, finished, rounds) in enumerate(matches, start=1):
        conn.execute(
            "INSERT INTO matches (id, uid, started, ended, ruleset, family, seed, players)"
            " VALUES (?, ?, ?, ?, 'dummy', 'dummy', 5, 2)",
            (match_id, f"old-{match_id}", started, started if finished else None),
        )
        conn.execute("INSERT INTO match_rules VALUES (?, '{}', '{}')", (match_id,))
        totals = [sum(r[seat][0] for r in rounds) for seat in range(2)]
        for seat, (player, level) in enumerate([(1, None), (2, "easy")]):
            conn.execute(
                "INSERT INTO match_seats (match_id, seat, player_id, name, level, total, won)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    match_id,
                    seat,
                    player,
                    ["Ann", "Bot"][seat],
                    level,
                    totals[seat] if finished else None,
                    int(finished and totals[seat] == max(totals)),
                ),
            )
        for number, seats in enumerate(rounds):
            round_id += 1
            knocker = 0 if seats[0][1] else 1
            conn.execute(
                "INSERT INTO rounds (id, match_id, number, ended, ending, knocker, dark_knock,"
                " one_suit_knock, breakdown) VALUES (?, ?, ?, ?, 'knock', ?, 0, 0, '[]')",
                (round_id, match_id, number, started, knocker),
            )
            conn.execute("INSERT INTO records VALUES (?, ?)", (round_id, json.dumps(RECORD)))
            for seat, (score, won) in enumerate(seats):
                conn.execute(
                    "INSERT INTO round_seats VALUES (?, ?, ?, ?, ?, 0, 0, ?, 0, 0, NULL)",
                    (round_id, seat, score, won, won, int(score < 0)),
                )
    conn.execute("COMMIT")
    conn.close()


def ann_won(flags: str) -> list[tuple[Seat, Seat]]:
    """Rounds Ann won (``1``) or lost (``0``) against the AI, by 10 points."""
    return [((10, 1), (-10, 0)) if f == "1" else ((-10, 0), (10, 1)) for f in flags]


def test_an_older_history_is_migrated_and_keeps_its_rounds(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    version_1(path, [("2023-01-01T10:00:00Z", True, ROUNDS)])
    history = History(path, strict=True)
    stats = history.stats()
    assert history.found_version == 1
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 2
    ann = stats.player("ann")
    assert ann is not None
    assert (ann.matches, ann.matches_won, ann.rounds, ann.rounds_won) == (1, 1, 4, 3)
    assert ann.mean_score == pytest.approx((50 + 10 - 5 + 70) / 4)
    assert (ann.best_score, ann.best_round) == (70, 4)
    assert (ann.knocks, ann.falls, ann.round_streak, ann.match_streak) == (3, 1, 2, 1)
    easy = stats.ai("easy")
    assert easy is not None and (easy.rounds_won, easy.best_score) == (1, 40)
    assert history.round_record(2) == RECORD
    # and a round played now joins the old ones
    played = play("dummy", ("Ann", "Bot"), (None, "easy"), 9, 1)
    uid = history.start_match(played.rules, "dummy", ["ann", "Bot"], [None, "easy"])
    assert history.record_round(uid, played.rounds[0]) is not None
    assert history.stats(player="Ann").players[0].rounds == 5
    history.close()


def test_streaks_join_up_across_matches_in_the_order_played(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    # written out of order: the history orders the matches by their start
    version_1(
        path,
        [
            ("2023-01-03T10:00:00Z", True, ann_won("10110")),  # third
            ("2023-01-01T10:00:00Z", True, ann_won("0011")),  # first: a tie, won by both
            ("2023-01-02T10:00:00Z", True, ann_won("11")),  # second
            ("2023-01-04T10:00:00Z", False, ann_won("1")),  # unfinished
            ("2023-01-05T10:00:00Z", True, ann_won("0")),
        ],
    )
    # round by round: 0011 11 10110 1 0 -> the longest run is 1 1 1 1 1 (five)
    # matches: 0011 (a tie), 11 and 10110 won, 0 lost -> three in a row
    ann = History(path, strict=True).stats().player("Ann")
    assert ann is not None
    assert (ann.round_streak, ann.match_streak) == (5, 3)
    assert (ann.matches, ann.matches_won, ann.unfinished) == (4, 3, 1)


def test_a_migration_that_fails_leaves_the_older_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "history.sqlite3"
    version_1(path, [("2023-01-01T10:00:00Z", True, ROUNDS)])
    # version 2's statements, then one that fails
    failing = schema.Migration((*schema.MIGRATIONS[1].statements, "ALTER TABLE nowhere ADD x"))
    monkeypatch.setattr(schema, "MIGRATIONS", (schema.MIGRATIONS[0], failing))
    with pytest.raises(sqlite3.OperationalError, match="no such table"):
        History(path, strict=True).stats()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    columns = [row[1] for row in conn.execute("PRAGMA table_info(match_seats)")]
    assert "rounds" not in columns  # the statements before the failing one were undone
    conn.close()


def test_a_version_1_file_with_a_column_in_the_way_of_version_2_is_not_migrated(
    tmp_path: Path,
) -> None:
    path = tmp_path / "history.sqlite3"
    version_1(path, [("2023-01-01T10:00:00Z", True, ROUNDS)])
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("ALTER TABLE match_seats ADD COLUMN best_score TEXT")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(HistoryUnavailable, match=r"unknown column match_seats\.best_score"):
        History(path, strict=True).stats()
    assert path.read_bytes() == before


def test_a_new_history_has_every_summary_column(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    History(path, strict=True).connection()
    conn = sqlite3.connect(path)
    columns = {row[1] for row in conn.execute("PRAGMA table_info(match_seats)")}
    assert set(summary.COLUMNS) <= columns
    assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    conn.close()


def test_a_history_another_process_makes_while_this_one_opens_it_is_not_foreign(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two windows open a new history at once: the other one creates the tables
    # between this one's reading of the version and of the tables.
    path = tmp_path / "history.sqlite3"
    with sqlite3.connect(path) as first:
        first.execute("PRAGMA journal_mode = WAL")  # as the other window left it, still empty
    other = sqlite3.connect(path, isolation_level=None)
    read = schema.version_of

    def then_the_other_migrates(conn: sqlite3.Connection) -> tuple[int, int]:
        found = read(conn)
        if conn is not other and not schema.has_tables(other):
            schema.migrate(other)
        return found

    monkeypatch.setattr(schema, "version_of", then_the_other_migrates)
    try:
        with History(path) as history, history.transaction() as conn:
            assert schema.has_tables(conn)
        assert read(other) == (schema.SCHEMA_VERSION, schema.APPLICATION_ID)
    finally:
        other.close()


def test_a_lock_sqlite_refuses_at_once_on_opening_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two windows turning a new file to WAL together: SQLite answers one of
    # them "database is locked" at once, without waiting (it would deadlock)
    real_open = History._open
    refusals: list[History] = []

    def refused_twice(self: History) -> sqlite3.Connection:
        if len(refusals) < 2:
            refusals.append(self)
            _busy()
        return real_open(self)

    monkeypatch.setattr(History, "_open", refused_twice)
    with History(tmp_path / "history.sqlite3") as history, history.transaction() as conn:
        assert schema.has_tables(conn)
    assert len(refusals) == 2 and history.problem is None

    # a lock that lasts is told once the wait is over, as before
    monkeypatch.setattr(History, "_open", lambda self: _busy())
    with pytest.raises(HistoryUnavailable) as told:
        History(tmp_path / "other.sqlite3", timeout=0.1).connection()
    assert told.value.problem.kind == "busy"


def _busy() -> sqlite3.Connection:
    """What SQLite raises on a lock it will not wait for."""
    busy = sqlite3.OperationalError("database is locked")
    busy.sqlite_errorcode = sqlite3.SQLITE_BUSY
    raise busy
