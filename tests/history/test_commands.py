"""``dummy-tui stats`` and ``dummy-tui history`` as a user runs them (in process)."""

from __future__ import annotations

import functools
import json
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


@pytest.fixture
def home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A history of two matches under ``DUMMY_TUI_HOME``; returns its file."""
    path = use_home(monkeypatch, tmp_path)
    monkeypatch.setenv("COLUMNS", "80")
    with History(strict=True) as history:
        for played in two_matches():
            store(history, played)
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
