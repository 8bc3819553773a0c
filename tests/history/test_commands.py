"""``dummy-tui stats`` and ``dummy-tui history`` as a user runs them (in process)."""

from __future__ import annotations

import functools
import json
import shutil
from pathlib import Path

import pytest
from history_util import Played, play, store, use_home

from dummy_tui import cli
from dummy_tui.history import History


@functools.cache
def two_matches() -> tuple[Played, Played]:
    return (
        play(
            "dummy",
            ("Ann", "Bo", "Bot", "Bot"),
            (None, None, "easy", "easy"),
            21,
            8,
            target_score=150,
        ),
        play("gin", ("ann", "Chai"), (None, "easy"), 22, 8, target_score=30),
    )


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("recorded") / "history.sqlite3"
    with History(path, strict=True) as history:
        for played in two_matches():
            store(history, played)
    return path


@pytest.fixture
def home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, recorded: Path) -> Path:
    """A history of two matches under ``DUMMY_TUI_HOME`` (a copy, for the test to
    change); returns its file."""
    path = use_home(monkeypatch, tmp_path)
    monkeypatch.setenv("COLUMNS", "80")
    path.parent.mkdir(parents=True)
    shutil.copyfile(recorded, path)
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line(err: str, text: str) -> None:
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert text in err, err


def test_stats_json_is_the_apis_figures(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "stats", "--json")
    assert code == 0
    assert json.loads(out) == History(home, strict=True).stats().as_json()
    code, out, _ = run(capsys, "stats", "--json", "--player", "ANN", "--ruleset", "gin")
    data = json.loads(out)
    assert [p["name"] for p in data["players"]] == ["Ann"]
    assert data["players"][0]["rounds"] == len(two_matches()[1].rounds)
    assert data["filters"] == {"player": "ANN", "ruleset": "gin", "since": None}


def test_stats_tables_fit_80_columns(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "stats")
    assert code == 0
    assert "Ann" in out and "AI easy" in out and "Head to head" in out
    assert "…" not in out  # nothing cut short
    assert max(len(line) for line in out.splitlines()) <= 80


def test_stats_says_when_there_is_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = use_home(monkeypatch, tmp_path)
    code, out, _ = run(capsys, "stats")
    assert code == 0 and "No games recorded yet" in out
    assert not path.exists()
    code, out, _ = run(capsys, "stats", "--json")
    assert code == 0 and json.loads(out)["rounds"] == 0


def test_stats_of_a_filter_that_keeps_nothing(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "stats", "--ruleset", "persian")
    assert code == 0 and "No recorded matches of 'persian'" in out
    code, out, _ = run(capsys, "stats", "--player", "Nobody")
    assert code == 0 and "No games of 'Nobody'" in out
    code, out, _ = run(capsys, "stats", "--since", "2999-01-01")
    assert code == 0 and "No recorded matches since 2999-01-01" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["stats", "--since", "last week"], "--since must be a date"),
        # east or west of Greenwich, the first and last days are out of the UTC range
        (["stats", "--since", "0001-01-01T00:00+14:00"], "--since must be a date from 0001-01-02"),
        (["stats", "--since", "9999-12-31T23:59-14:00"], "--since must be a date from 0001-01-02"),
        (["stats", "--player", "  "], "--player must not be empty"),
        (["stats", "--ruleset", ""], "--ruleset must not be empty"),
    ],
)
def test_stats_bad_arguments_are_one_line(
    home: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert_one_line(err, message)


def test_stats_of_a_damaged_history(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = use_home(monkeypatch, tmp_path)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x00garbage" * 600)
    code, _, err = run(capsys, "stats")
    assert code == 1
    assert_one_line(err, "history unavailable: ")
    assert "damaged" in err


def test_history_tells_what_it_holds(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "history")
    assert code == 0
    assert str(home) in out and "2 matches" in out and "Latest matches" in out
    assert "Ann" in out and "AI easy" in out


def test_history_record_prints_a_round_that_replays(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = History(home, strict=True).matches(ruleset="dummy")[0]
    assert match.last_round is not None
    code, out, _ = run(capsys, "history", "--record", str(match.last_round))
    assert code == 0
    file = tmp_path / "r.json"
    file.write_text(out, encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(file), "--json")
    assert code == 0
    game = two_matches()[0].rounds[-1]
    assert json.loads(out)["scores"] == [line.total for line in game.scores()]


def test_history_export_then_import_elsewhere(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "moved.jsonl"
    code, out, _ = run(capsys, "history", "--export", str(file))
    assert code == 0 and "Exported 2 matches" in out
    monkeypatch.setenv("DUMMY_TUI_HOME", str(tmp_path / "elsewhere"))
    code, out, _ = run(capsys, "history", "--import", str(file))
    assert code == 0 and "Imported 2 new matches" in out
    code, out, _ = run(capsys, "history", "--import", str(file))
    assert code == 0 and "Imported 0 new matches and 0 new rounds; 2 matches were there" in out
    code, out, _ = run(capsys, "stats", "--json")
    assert json.loads(out) == History(home, strict=True).stats().as_json()


def test_history_forget(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "history", "--forget", "ann")
    assert code == 0 and "Forgot ann: 2 seats now anonymous." in out
    code, _, err = run(capsys, "history", "--forget", "ann")
    assert code == 1
    assert_one_line(err, "no one called 'ann' in the history")


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["history", "--record", "999"], 1, "no round 999 in the history"),
        (["history", "--record", "x"], 2, "--record takes a round id"),
        (["history", "--record", "0"], 2, "--record takes a round id"),
        # more than SQLite's integers hold
        (["history", "--record", "9" * 20], 2, "--record takes a round id, a whole number"),
        (["history", "--record", str(2**63)], 2, "from 1 to 9223372036854775807, not '9223"),
        (["history", "--record", str(2**63 - 1)], 1, "no round 9223372036854775807 in the"),
        (["history", "--forget", "Ann", "--record", "1"], 2, "give one of --forget, --record"),
        (["history", "--forget", " "], 2, "--forget must not be empty"),
        (["history", "--import", "no-such-file.jsonl"], 2, "no-such-file.jsonl"),
    ],
)
def test_history_bad_arguments_are_one_line(
    home: Path, capsys: pytest.CaptureFixture[str], argv: list[str], code: int, message: str
) -> None:
    found, _, err = run(capsys, *argv)
    assert found == code
    assert_one_line(err, message)


def test_history_import_of_a_faulty_file(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "bad.jsonl"
    file.write_text('{"format": "dummy-tui-history/1", "uid": "x"}\n', encoding="utf-8")
    code, _, err = run(capsys, "history", "--import", str(file))
    assert code == 2
    assert_one_line(err, "bad.jsonl line 1: missing key 'started'")
