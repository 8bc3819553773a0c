"""A history written by an older version is brought up to date, in one step or not at all."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from history_util import play

from dummy_tui.history import History, schema, summary

RECORD = {"format": "dummy-tui-record/1", "ruleset": "dummy", "players": ["Ann", "easy"]}

# (score, won) of seats 0 and 1 in the rounds of a version 1 history
ROUNDS = [((50, 1), (-20, 0)), ((10, 1), (30, 0)), ((-5, 0), (40, 1)), ((70, 1), (0, 0))]


def version_1(path: Path) -> None:
    """A history as version 1 wrote it: one finished match of four rounds."""
    conn = sqlite3.connect(path, isolation_level=None)
    schema.migrate(conn, target=1)
    conn.executescript(
        """
        INSERT INTO players (id, kind, key, name) VALUES (1, 'person', 'ann', 'Ann'),
            (2, 'ai', 'easy', 'easy');
        INSERT INTO matches (id, uid, started, ended, ruleset, family, options, overrides,
            seed, players)
            VALUES (1, 'old', '2023-01-01T10:00:00Z', '2023-01-01T11:00:00Z', 'dummy', 'dummy',
            '{}', '{}', 5, 2);
        INSERT INTO match_seats (match_id, seat, player_id, name, level, total, won)
            VALUES (1, 0, 1, 'Ann', NULL, 125, 1), (1, 1, 2, 'Bot', 'easy', 50, 0);
        """
    )
    for number, seats in enumerate(ROUNDS):
        conn.execute(
            "INSERT INTO rounds (id, match_id, number, ended, ending, knocker, dark_knock,"
            " one_suit_knock, breakdown) VALUES (?, 1, ?, '2023-01-01T10:30:00Z', 'knock', ?,"
            " 0, 0, '[]')",
            (number + 1, number, 0 if seats[0][1] else 1),
        )
        conn.execute(
            "INSERT INTO records (round_id, record) VALUES (?, ?)",
            (number + 1, json.dumps(RECORD)),
        )
        for seat, (score, won) in enumerate(seats):
            conn.execute(
                "INSERT INTO round_seats VALUES (?, ?, ?, ?, ?, 0, 0, ?, 0, 0, NULL)",
                (number + 1, seat, score, won, won, int(score < 0)),
            )
    conn.close()


def test_an_older_history_is_migrated_and_keeps_its_rounds(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    version_1(path)
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


def test_a_migration_that_fails_leaves_the_older_version(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    version_1(path)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("ALTER TABLE match_seats ADD COLUMN best_score TEXT")  # in the way of version 2
    conn.close()
    with pytest.raises(sqlite3.OperationalError, match="duplicate column"):
        History(path, strict=True).stats()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    columns = [row[1] for row in conn.execute("PRAGMA table_info(match_seats)")]
    assert "rounds" not in columns  # the statements before the failing one were undone
    conn.close()


def test_a_new_history_has_every_summary_column(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    History(path, strict=True).connection()
    conn = sqlite3.connect(path)
    columns = {row[1] for row in conn.execute("PRAGMA table_info(match_seats)")}
    assert set(summary.COLUMNS) <= columns
    assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    conn.close()
