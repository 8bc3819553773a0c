"""History files that are not this game's history in a shape it knows.

Each file of ``tests/data/history/`` is an SQL script that damages a history
the game wrote, one way each; its first line says what a player is told:
``every command says: ...`` (the file is refused whole, whatever reads it) or
``says: ...`` (only what reads the damaged value finds it).  Every command
that reads or writes the history either works or says that line, leaves the
file as it was, and never shows a traceback.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from history_util import play, store, use_home

from dummy_tui import cli
from dummy_tui.history import History

DATA = Path(__file__).resolve().parents[1] / "data" / "history"
FILES = sorted(DATA.glob("*.sql"))


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A history the game wrote (a match of two rounds, Ann a person) and an
    export of another history, to import."""
    folder = tmp_path_factory.mktemp("written")
    path = folder / "history.sqlite3"
    with History(path, strict=True) as history:
        store(history, play("dummy", ("Ann", "Bee"), (None, "easy"), seed=3, max_rounds=2))
    other = folder / "other.sqlite3"
    export = folder / "other.jsonl"
    with History(other, strict=True) as history:
        store(history, play("gin", ("Cy", "Dee"), (None, "easy"), seed=4, max_rounds=1))
        history.export(export)
    return path, export


def damaged(script: Path, written: Path, home: Path) -> Path:
    """The written history in ``home``'s data folder, damaged by ``script``."""
    path = home / "data" / "history.sqlite3"
    path.parent.mkdir(parents=True)
    shutil.copyfile(written, path)
    conn = sqlite3.connect(path)
    conn.executescript(script.read_text(encoding="utf-8"))
    conn.close()
    return path


def said(script: Path) -> tuple[bool, str]:
    """(whether every command says it, what is said), from the script's first line."""
    first = script.read_text(encoding="utf-8").splitlines()[0].removeprefix("-- ")
    every = first.startswith("every command says: ")
    return every, first.split("says: ", 1)[1]


def test_every_file_says_what_it_shows() -> None:
    assert len(FILES) >= 10
    for script in FILES:
        assert script.read_text(encoding="utf-8").startswith("-- "), script.name
        said(script)


@pytest.mark.parametrize("script", FILES, ids=[f.stem for f in FILES])
def test_each_command_works_or_says_what_is_wrong(
    script: Path,
    written: tuple[Path, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    use_home(monkeypatch, tmp_path)
    path = damaged(script, written[0], tmp_path)
    every, message = said(script)
    commands = [
        ["stats"],
        ["stats", "--json"],
        ["history"],
        ["history", "--record", "1"],
        ["history", "--record", "2"],
        ["history", "--export", str(tmp_path / "out.jsonl")],
        ["history", "--forget", "Ann"],
        ["history", "--import", str(written[1])],
    ]
    found = 0
    for argv in commands:
        before = path.read_bytes()
        code = cli.main(argv)
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err, argv
        assert code in (0, 1), (argv, code, err)
        if code == 0 and not every:
            continue
        assert code == 1, (argv, out)
        assert err.startswith(f"dummy-tui: history unavailable: {path} {message}"), (argv, err)
        assert err.count("\n") == 1, err
        assert path.read_bytes() == before, argv  # left as it was
        found += 1
    assert found > 0


@pytest.mark.parametrize("script", FILES, ids=[f.stem for f in FILES])
def test_a_round_played_on_it_is_not_recorded_and_that_is_said(
    script: Path, written: tuple[Path, Path], tmp_path: Path
) -> None:
    path = damaged(script, written[0], tmp_path)
    every, message = said(script)
    played = play("dummy", ("Ann", "Bee"), (None, "easy"), seed=5, max_rounds=1)
    before = path.read_bytes()
    with History(path, strict=True) as history:
        store(history, played)  # raises nothing
        notice = history.notice()
    if every:
        assert notice is not None
        assert notice.startswith(f"history unavailable: {path} {message}")
        assert path.read_bytes() == before


def test_a_history_the_game_writes_is_of_the_shape_it_expects(tmp_path: Path) -> None:
    from dummy_tui.history.schema import SCHEMA_VERSION, expected_shape, shape_fault

    path = tmp_path / "history.sqlite3"
    with History(path, strict=True) as history:
        store(history, play("dummy", ("Ann", "Bee"), (None, "easy"), seed=3, max_rounds=1))
    conn = sqlite3.connect(path)
    assert shape_fault(conn, SCHEMA_VERSION) is None
    assert shape_fault(conn, SCHEMA_VERSION - 1) is not None  # each version has its shape
    conn.close()
    # the shape read from the migrations: every table and index the history has
    shape = expected_shape(SCHEMA_VERSION)
    assert {"players", "matches", "rounds", "records", "matches_started"} <= set(shape)
    assert ("id", "INTEGER", 0, 1) in shape["rounds"][2]
