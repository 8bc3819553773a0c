"""Export, import and forget, on real files: what moves, what is added once, what is gone."""

from __future__ import annotations

import functools
import json
import sqlite3
from pathlib import Path

import pytest
from history_util import Played, play, store

from dummy_tui.engine.record import parse_record, replay, result_json
from dummy_tui.history import History
from dummy_tui.history.transfer import ImportFileError


@functools.cache
def played() -> tuple[Played, ...]:
    return (
        play("dummy", ("Ann", "Bo", "Bot", "Bot"), (None, None, "easy", "random"), 31, 4),
        play("dummy-money", ("Chai", "ann", "x", "y"), (None, None, "easy", "easy"), 32, 3),
        play("gin", ("Bo", "Chai"), (None, None), 33, 3, target_score=40),
    )


def filled(path: Path) -> History:
    history = History(path, strict=True)
    for p in played():
        store(history, p)
    return history


def exported(history: History, path: Path) -> list[dict[str, object]]:
    history.export(path)
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_an_export_imported_elsewhere_is_the_same_history(tmp_path: Path) -> None:
    here = filled(tmp_path / "here.sqlite3")
    there = History(tmp_path / "there.sqlite3", strict=True)
    file = tmp_path / "history.jsonl"
    assert here.export(file) == (3, sum(len(p.rounds) for p in played()))
    done = there.import_file(file)
    assert (done.matches, done.rounds, done.known) == (3, sum(len(p.rounds) for p in played()), 0)
    assert exported(there, tmp_path / "again.jsonl") == exported(here, file)
    assert there.stats().as_json() == here.stats().as_json()
    # a round imported replays as it was played
    match = there.matches(ruleset="dummy-money")[0]
    assert match.first_round is not None
    record = there.round_record(match.first_round)
    assert record is not None
    scores = result_json(replay(parse_record(record)))["scores"]
    assert scores == [line.total for line in played()[1].rounds[0].scores()]


def test_importing_twice_adds_nothing(tmp_path: Path) -> None:
    here = filled(tmp_path / "here.sqlite3")
    file = tmp_path / "history.jsonl"
    here.export(file)
    before = here.stats().as_json()
    done = here.import_file(file)  # into the history it came from
    assert (done.matches, done.rounds, done.known) == (0, 0, 3)
    other = History(tmp_path / "other.sqlite3", strict=True)
    other.import_file(file)
    done = other.import_file(file)
    assert (done.matches, done.rounds) == (0, 0)
    assert here.stats().as_json() == before == other.stats().as_json()
    conn = sqlite3.connect(tmp_path / "other.sqlite3")
    assert conn.execute("SELECT count(*) FROM rounds").fetchone()[0] == sum(
        len(p.rounds) for p in played()
    )
    assert conn.execute("SELECT count(*) FROM players WHERE kind = 'person'").fetchone()[0] == 3


def test_a_later_export_of_a_match_adds_its_new_rounds_and_its_end(tmp_path: Path) -> None:
    game = played()[0]
    here = History(tmp_path / "here.sqlite3", strict=True)
    uid = here.start_match(game.rules, "dummy", game.names, game.levels, base=game.base)
    for i in range(2):
        here.record_round(uid, game.rounds[i], game.results[i], number=i)
    early = tmp_path / "early.jsonl"
    here.export(early)
    for i in range(2, len(game.rounds)):
        here.record_round(uid, game.rounds[i], game.results[i], number=i)
    here.finish_match(uid, game.totals, game.winners or [0])
    late = tmp_path / "late.jsonl"
    here.export(late)
    there = History(tmp_path / "there.sqlite3", strict=True)
    there.import_file(early)
    assert there.matches()[0].ended is None
    done = there.import_file(late)
    assert (done.matches, done.rounds) == (0, len(game.rounds) - 2)
    assert there.stats().as_json() == here.stats().as_json()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("not json", "line 2: "),
        ('{"format": "dummy-tui-history/9"}', "line 2: format: expected 'dummy-tui-history/1'"),
        ("[1, 2]", "line 2: a match is a JSON object"),
    ],
)
def test_a_faulty_file_is_refused_whole(tmp_path: Path, line: str, message: str) -> None:
    here = filled(tmp_path / "here.sqlite3")
    file = tmp_path / "history.jsonl"
    here.export(file)
    first = file.read_text(encoding="utf-8").splitlines()[0]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(first + "\n" + line + "\n", encoding="utf-8")
    there = History(tmp_path / "there.sqlite3", strict=True)
    with pytest.raises(ImportFileError, match=message):
        there.import_file(bad)
    assert there.stats().empty  # the good first line was not added either


def test_a_match_whose_rounds_do_not_fit_its_seats_is_refused(tmp_path: Path) -> None:
    here = filled(tmp_path / "here.sqlite3")
    file = tmp_path / "history.jsonl"
    lines = exported(here, file)
    match = lines[0]
    assert isinstance(match, dict)
    match["seats"] = match["seats"][:3]  # type: ignore[index]
    file.write_text(json.dumps(match) + "\n", encoding="utf-8")
    with pytest.raises(ImportFileError, match=r"line 1: rounds\[0\]: 4 seats in a match of 3"):
        History(tmp_path / "there.sqlite3", strict=True).import_file(file)


def test_forgetting_a_person(tmp_path: Path) -> None:
    path = tmp_path / "here.sqlite3"
    here = filled(path)
    others = {p.name: p.as_json() for p in here.stats().players if p.name != "Ann"}
    assert here.forget(" ANN ") == 2  # a seat in each of two matches
    stats = here.stats()
    assert stats.player("Ann") is None
    # the matches stay: everyone else's figures are as they were
    assert {p.name: p.as_json() for p in stats.players} == others
    assert all("Ann" not in (h.a, h.b) for h in stats.head_to_head)
    # the name is gone from the seats, the records and the file itself
    seats = [s.name for m in here.matches() for s in m.seats]
    assert "Ann" not in seats and "ann" not in seats and "Player 2" in seats
    for match in here.matches():
        assert match.first_round is not None
        record = here.round_record(match.first_round)
        assert record is not None
        assert "Ann" not in record["players"] and "ann" not in record["players"]
        assert result_json(replay(parse_record(record)))["ok"]
    here.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.name.startswith("here"))
    assert b"Ann" not in raw and b"ann" not in raw.replace(b"anonymous", b"")
    # and an export says the seats are nobody's now
    lines = exported(History(path, strict=True), tmp_path / "e.jsonl")
    anonymous = [s for m in lines for s in m["seats"] if s["anonymous"]]  # type: ignore[attr-defined]
    assert len(anonymous) == 2


def test_forgetting_nobody(tmp_path: Path) -> None:
    here = filled(tmp_path / "here.sqlite3")
    assert here.forget("Nobody") == 0
    assert History(tmp_path / "none.sqlite3", strict=True).forget("Ann") == 0
    assert not (tmp_path / "none.sqlite3").exists()
