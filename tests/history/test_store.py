"""The history file: what a round leaves in it, and every way the file can fail.

Each test works on a real SQLite file in its own folder; the rounds are real
rounds played by AI players.
"""

from __future__ import annotations

import functools
import json
import multiprocessing
import os
import signal
import sqlite3
import time
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from history_util import Played, play, presets_by_family, store, use_home

from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.families.dummy_scoring import DummyBreakdown
from dummy_tui.engine.record import parse_record, replay, result_json
from dummy_tui.history import History, HistoryUnavailable, Problem, schema
from dummy_tui.history.writes import RoundEntry
from dummy_tui.rules.loader import load_rulesets

FORK = multiprocessing.get_context("fork")


@functools.cache
def dummy_match() -> Played:
    return play("dummy", ("Somchai", "Bo", "Bot", "Bot 2"), (None, None, "easy", "normal"), 7)


@functools.cache
def money_match() -> Played:
    return play("dummy-money", ("Ann", "Bo", "Chai", "Dao"), (None, "random", "random", None), 3)


def count(path: Path, sql: str, *params: Any) -> Any:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql, params).fetchone()[0]
    finally:
        conn.close()


def problem_of(history: History) -> Problem | None:
    return history.problem


def assert_whole(path: Path) -> int:
    """Check that no round is half written; returns how many rounds there are."""
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        rounds = conn.execute(
            "SELECT r.id, m.players, (SELECT count(*) FROM round_seats s WHERE s.round_id = r.id),"
            " (SELECT count(*) FROM records c WHERE c.round_id = r.id)"
            " FROM rounds r JOIN matches m ON m.id = r.match_id"
        ).fetchall()
    finally:
        conn.close()
    for round_id, players, seats, records in rounds:
        assert (seats, records) == (players, 1), round_id
    return len(rounds)


# ---------------------------------------------------------------------------
# What is kept


def test_the_file_is_in_the_data_folder_in_wal_mode(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = use_home(monkeypatch, tmp_path)
    with History(strict=True) as history:
        assert history.path == path
        assert not path.exists()  # opened when first written
        store(history, dummy_match())
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    assert conn.execute("PRAGMA application_id").fetchone()[0] == schema.APPLICATION_ID
    conn.close()


@pytest.mark.parametrize("family", sorted(presets_by_family()))
def test_every_familys_rounds_are_kept_and_replay(tmp_path: Path, family: str) -> None:
    preset = presets_by_family()[family]
    players = load_rulesets(None)[preset].default_players
    names = ("Ann", "Bo", "Chai", "Dao")[:players]
    played = play(preset, names, (None, "easy", "random", "easy")[:players], 11, 3)
    history = History(tmp_path / "h.sqlite3", strict=True)
    _, ids = store(history, played)
    conn = history.connection()
    for game, round_id in zip(played.rounds, ids, strict=True):
        assert round_id is not None
        record = history.round_record(round_id)
        assert record == json.loads(json.dumps(record_of_played(played, game)))
        replayed = result_json(replay(parse_record(record)))
        ending, knocker, breakdown = conn.execute(
            "SELECT ending, knocker, breakdown FROM rounds WHERE id = ?", (round_id,)
        ).fetchone()
        assert replayed["round_over"]
        assert (replayed["end"], replayed["knocker"]) == (game.end, game.went_out)
        assert (ending, knocker) == (game.end, game.went_out)
        assert json.loads(breakdown) == replayed["breakdown"]
        assert [b.as_json() for b in game.scores()] == replayed["breakdown"]
        scores = conn.execute(
            "SELECT score FROM round_seats WHERE round_id = ? ORDER BY seat", (round_id,)
        ).fetchall()
        assert [s for (s,) in scores] == [b.total for b in game.scores()]
    history.close()


def record_of_played(played: Played, game: Any) -> dict[str, Any]:
    return played.record(played.rounds.index(game))


def test_options_changed_from_the_preset_replay_with_the_round(tmp_path: Path) -> None:
    played = play("dummy", ("Ann", "Bo", "Chai"), (None, None, "easy"), 5, 2, penalty_feed_head=77)
    with History(tmp_path / "h.sqlite3", strict=True) as history:
        _, ids = store(history, played)
        assert ids[0] is not None
        record = history.round_record(ids[0])
        assert record is not None and record["options"] == {"penalty_feed_head": 77}
        options = json.loads(count(history.path, "SELECT options FROM match_rules"))
        assert options["penalty_feed_head"] == 77 and options["target_score"] == 500


def test_dummys_own_figures_penalties_bonuses_and_money(tmp_path: Path) -> None:
    played = money_match()
    with History(tmp_path / "h.sqlite3", strict=True) as history:
        _, ids = store(history, played)
    path = tmp_path / "h.sqlite3"
    for game, round_id in zip(played.rounds, ids, strict=True):
        assert isinstance(game, DummyRound)
        lines = game.scores()
        items = [(p.seat, p.kind, p.points) for b in lines for p in b.penalty_items]
        conn = sqlite3.connect(path)
        kept = conn.execute(
            "SELECT seat, kind, points FROM penalties WHERE round_id = ? ORDER BY rowid",
            (round_id,),
        ).fetchall()
        assert kept == items
        assert conn.execute(
            "SELECT count(*) FROM bonuses WHERE round_id = ?", (round_id,)
        ).fetchone()[0] == len(game.bonuses)
        money = conn.execute(
            "SELECT money FROM round_seats WHERE round_id = ? ORDER BY seat", (round_id,)
        ).fetchall()
        units = [_units(b) for b in lines]
        assert [m for (m,) in money] == units
        fell = conn.execute(
            "SELECT fell, fooled FROM round_seats WHERE round_id = ? ORDER BY seat", (round_id,)
        ).fetchall()
        assert [bool(f) for f, _ in fell] == [b.fell for b in lines]
        assert [s for _, s in fell] == [int(game.fool == s) for s in range(4)]
        conn.close()
    assert count(path, "SELECT count(*) FROM penalties") > 0  # the test saw some
    assert count(path, "SELECT count(*) FROM round_seats WHERE fell") > 0


def _units(line: DummyBreakdown) -> int:
    assert line.money is not None
    return line.money.result + line.money.bonuses + line.money.penalties


def test_a_person_is_one_whatever_the_case_and_spacing(tmp_path: Path) -> None:
    played = dummy_match()
    spellings = [
        ("Somchai", "Bo"),
        (" somchai ", "BO"),
        ("SOMCHAI", "Som chai"),
        ("Ann  Lee", "ann lee"),
    ]
    with History(tmp_path / "h.sqlite3", strict=True) as history:
        for a, b in spellings:
            uid = history.start_match(
                played.rules, "dummy", [a, b, "Bot", "Robot"], [None, None, "easy", "easy"]
            )
            history.record_round(uid, played.rounds[0])
        conn = history.connection()
        query = "SELECT name FROM players WHERE kind = 'person' ORDER BY id"
        people = conn.execute(query).fetchall()
        assert [n for (n,) in people] == ["Somchai", "Bo", "Som chai", "Ann Lee"]
        ai = conn.execute("SELECT key FROM players WHERE kind = 'ai'").fetchall()
        assert ai == [("easy",)]  # two seats of one level, whatever their names
        seats = conn.execute(
            "SELECT count(DISTINCT match_id) FROM match_seats JOIN players p ON p.id = player_id"
            " WHERE p.name = 'Somchai'"
        ).fetchone()[0]
        assert seats == 3


def test_a_round_recorded_twice_is_kept_once(tmp_path: Path) -> None:
    played = dummy_match()
    with History(tmp_path / "h.sqlite3", strict=True) as history:
        uid = history.start_match(played.rules, "dummy", played.names, played.levels)
        first = history.record_round(uid, played.rounds[0], number=0)
        again = history.record_round(uid, played.rounds[0], number=0)
        assert first is not None and again == first
    assert count(tmp_path / "h.sqlite3", "SELECT count(*) FROM rounds") == 1


def test_a_resumed_match_goes_on_with_its_next_round(tmp_path: Path) -> None:
    played = dummy_match()
    path = tmp_path / "h.sqlite3"
    with History(path, strict=True) as first:
        uid = first.start_match(played.rules, "dummy", played.names, played.levels)
        first.record_round(uid, played.rounds[0])
        first.record_round(uid, played.rounds[1])
    with History(path, strict=True) as later:  # the game started again, the save resumed
        assert later.start_match(played.rules, "dummy", played.names, played.levels, uid=uid) == uid
        later.record_round(uid, played.rounds[2])
        numbers = [r.number for r in later.match_rounds(uid)]
    assert numbers == [0, 1, 2]
    assert count(path, "SELECT count(*) FROM matches") == 1


def test_history_switched_off_writes_nothing(tmp_path: Path) -> None:
    played = dummy_match()
    path = tmp_path / "h.sqlite3"
    with History(path, enabled=False, strict=True) as history:
        uid, ids = store(history, played)
        assert uid and ids == [None] * len(played.rounds)
        assert history.problem is None and history.notice() is None
    assert not path.exists()


# ---------------------------------------------------------------------------
# Files that cannot be used: the game goes on


def assert_unavailable(history: History, kind: str, file: bool = True) -> None:
    played = dummy_match()
    uid = history.start_match(played.rules, "dummy", played.names, played.levels)
    assert uid
    assert history.record_round(uid, played.rounds[0]) is None
    assert history.finish_match(uid, [1, 2, 3, 4], [3]) is False
    assert history.problem is not None and history.problem.kind == kind
    message = history.notice()
    assert message is not None and message.startswith("history unavailable: ")
    assert str(history.path) in message
    assert history.notice() is None  # said once
    if not file:
        assert history.round_record(1) is None  # no history to read
        return
    with pytest.raises(HistoryUnavailable):
        history.round_record(1)


def test_a_damaged_file_is_reported_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    garbage = bytes(range(256)) * 40
    path.write_bytes(garbage)
    history = History(path, strict=True)
    assert_unavailable(history, "damaged")
    history.close()
    assert path.read_bytes() == garbage
    assert sorted(p.name for p in tmp_path.iterdir()) == ["history.sqlite3"]


def test_a_file_damaged_inside_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    with History(path, strict=True) as history:
        store(history, dummy_match())
    data = bytearray(path.read_bytes())
    data[4096:] = b"\xa5" * (len(data) - 4096)  # the header is whole, the pages are not
    path.write_bytes(bytes(data))
    history = History(path, strict=True)
    assert_unavailable(history, "damaged")
    history.close()


def database(path: Path, *statements: str) -> bytes:
    """A database at *path* made by *statements* (another program's, or a later
    version's): its bytes, to show that opening it leaves it as it was."""
    conn = sqlite3.connect(path)
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()
    return path.read_bytes()


def test_a_newer_version_is_refused_and_not_written(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    before = database(
        path,
        f"PRAGMA application_id = {schema.APPLICATION_ID}",
        f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}",
        "CREATE TABLE future (x)",
    )
    history = History(path, strict=True)
    assert_unavailable(history, "newer")
    assert "newer dummy-tui" in str(history.problem)
    history.close()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["history.sqlite3"]


def test_another_programs_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    before = database(path, "CREATE TABLE accounts (x)")
    history = History(path, strict=True)
    assert_unavailable(history, "foreign")
    history.close()
    assert path.read_bytes() == before


def test_a_folder_that_cannot_be_made(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file where the folder should be")
    history = History(tmp_path / "data" / "history.sqlite3", strict=True)
    assert_unavailable(history, "unusable", file=False)


def test_a_locked_database_keeps_the_round_for_later(tmp_path: Path) -> None:
    played = dummy_match()
    path = tmp_path / "h.sqlite3"
    history = History(path, strict=True, timeout=0.05)
    uid = history.start_match(played.rules, "dummy", played.names, played.levels)
    assert history.record_round(uid, played.rounds[0]) is not None
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    assert history.record_round(uid, played.rounds[1]) is None
    assert history.problem is not None and history.problem.kind == "busy"
    assert history.pending == 1
    assert history.notice() is not None
    other.execute("ROLLBACK")
    other.close()
    assert history.record_round(uid, played.rounds[2]) is not None
    assert problem_of(history) is None and history.pending == 0
    history.close()
    numbers = sqlite3.connect(path).execute("SELECT number FROM rounds ORDER BY id").fetchall()
    assert numbers == [(0,), (1,), (2,)]


def test_a_match_written_again_and_again_keeps_each_round_once_and_its_first_end(
    tmp_path: Path,
) -> None:
    """record_match writes the rounds it is given that are not there yet and
    the match's end in one transaction: the same rounds given again after a
    crash are kept once; a locked file takes nothing and keeps nothing."""
    played = dummy_match()
    path = tmp_path / "h.sqlite3"
    entries = [
        RoundEntry(n, game, played.record(n), played.results[n].seed)
        for n, game in enumerate(played.rounds)
    ]
    end = (played.totals, played.winners)
    with History(path, strict=True, timeout=0.05) as history:
        uid = history.start_match(played.rules, "dummy", played.names, played.levels, write=False)
        assert not path.exists() or count(path, "SELECT count(*) FROM matches") == 0
        assert history.record_match(uid, entries[:2]) == 2
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
        assert history.record_match(uid, entries, end) is None
        assert history.problem is not None and history.problem.kind == "busy"
        assert history.pending == 0  # the caller keeps what could not be written
        other.execute("ROLLBACK")
        other.close()
        assert history.record_match(uid, entries, end) == len(entries) - 2
        ended = count(path, "SELECT ended FROM matches")
        assert history.record_match(uid, entries, end, ended=datetime(2001, 1, 1)) == 0
    numbers = sqlite3.connect(path).execute("SELECT number FROM rounds ORDER BY id").fetchall()
    assert numbers == [(n,) for n in range(len(entries))]
    assert count(path, "SELECT count(*) FROM records") == len(entries)
    assert count(path, "SELECT count(*) FROM round_seats") == 4 * len(entries)
    assert count(path, "SELECT ended FROM matches") == ended  # the first end written stays
    totals = sqlite3.connect(path).execute("SELECT total FROM match_seats ORDER BY seat")
    assert [t for (t,) in totals] == played.totals


def test_a_bug_is_loud_in_strict_mode_and_noted_otherwise(tmp_path: Path) -> None:
    played = dummy_match()
    unfinished = played.rounds[0].fresh()
    strict = History(tmp_path / "a.sqlite3", strict=True)
    uid = strict.start_match(played.rules, "dummy", played.names, played.levels)
    with pytest.raises(ValueError, match="not over"):
        strict.record_round(uid, unfinished)
    with pytest.raises(ValueError, match="not started"):
        strict.finish_match("no such match", [0, 0, 0, 0], [0])
    strict.close()
    lenient = History(tmp_path / "b.sqlite3", strict=False)
    uid = lenient.start_match(played.rules, "dummy", played.names, played.levels)
    assert lenient.record_round(uid, unfinished) is None
    assert lenient.problem is not None and lenient.problem.kind == "internal"
    assert "not over" in str(lenient.problem)
    assert lenient.record_round(uid, played.rounds[0]) is not None  # and it goes on
    assert problem_of(lenient) is None
    lenient.close()


# ---------------------------------------------------------------------------
# Processes at once, and interrupted ones


def _write_match(path: str, start: Any, seat_names: tuple[str, ...]) -> None:
    played = dummy_match()
    # a long wait for the lock: the other writer writes round after round, and on
    # a loaded machine a waiter polling for the lock can miss it for seconds
    history = History(Path(path), strict=True, timeout=60)
    start.wait()
    uid = history.start_match(played.rules, "dummy", list(seat_names), played.levels)
    for i, game in enumerate(played.rounds):
        assert history.record_round(uid, game, number=i) is not None, history.problem
    assert history.finish_match(uid, played.totals, played.winners or [0])
    history.close()
    os._exit(0 if history.problem is None and history.pending == 0 else 1)


def test_two_processes_write_at_once(tmp_path: Path) -> None:
    played = dummy_match()  # played before the fork: both children have it
    path = tmp_path / "h.sqlite3"
    start = FORK.Barrier(2)
    children = [
        FORK.Process(
            target=_write_match, args=(str(path), start, (f"P{k}", "Bo", "x", "y")), daemon=True
        )
        for k in range(2)
    ]
    for child in children:
        child.start()
    for child in children:
        child.join(150)
    assert [c.exitcode for c in children] == [0, 0]
    assert assert_whole(path) == 2 * len(played.rounds)
    assert count(path, "SELECT count(*) FROM matches WHERE ended IS NOT NULL") == 2


def _write_forever(path: str, started: Any) -> None:
    signal.signal(signal.SIGINT, signal.default_int_handler)
    played = dummy_match()
    history = History(Path(path), strict=True, timeout=10)
    uid = history.start_match(played.rules, "dummy", played.names, played.levels)
    try:
        while True:
            for game in played.rounds:
                history.record_round(uid, game)
                started.set()
    except KeyboardInterrupt:
        os._exit(130)


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGKILL], ids=["ctrl-c", "kill"])
def test_an_interrupted_write_leaves_no_half_round(tmp_path: Path, how: int) -> None:
    dummy_match()
    path = tmp_path / "h.sqlite3"
    started = FORK.Event()
    # daemon: a child this test failed to stop is killed as the test run ends, not waited for
    child = FORK.Process(target=_write_forever, args=(str(path), started), daemon=True)
    child.start()
    assert started.wait(20)
    time.sleep(0.05)
    assert child.pid is not None
    # CPython can lose a Ctrl+C: a KeyboardInterrupt raised while a finalizer runs
    # Python code (an unfinished generator's ``finally``, say) is printed as
    # "ignored" and the program goes on.  A person presses Ctrl+C again; so does
    # this test, up to ten times.
    for _ in range(10 if how == signal.SIGINT else 1):
        os.kill(child.pid, how)
        child.join(2 if how == signal.SIGINT else 20)
        if child.exitcode is not None:
            break
    assert child.exitcode == (130 if how == signal.SIGINT else -signal.SIGKILL)
    assert assert_whole(path) > 0
    with History(path, strict=True) as history:  # and it takes the next round
        played = dummy_match()
        uid = history.start_match(played.rules, "dummy", played.names, played.levels)
        assert history.record_round(uid, played.rounds[0]) is not None
