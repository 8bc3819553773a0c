"""``dummy-tui --log FILE``: the game's log, written while nothing of it reaches the terminal."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest
from ui_helpers import saved_paths

from dummy_tui import cli, logs
from dummy_tui.storage import set_aside, settings_path
from dummy_tui.ui.app import DummyApp

pytestmark = pytest.mark.usefixtures("no_log_left")


def play_headless(monkeypatch: pytest.MonkeyPatch, until: Any) -> None:
    """``DummyApp.run`` replaced by a headless run that quits once ``until(app)``
    holds (or after ten seconds)."""

    def run(self: DummyApp, **_: object) -> None:
        async def drive() -> None:
            async with self.run_test(size=(120, 40)) as pilot:
                for _ in range(200):
                    if until(self):
                        break
                    await pilot.pause(0.05)
                await pilot.press("ctrl+q")

        asyncio.run(drive())

    monkeypatch.setattr(DummyApp, "run", run)


def test_a_game_started_with_log_logs_its_autosave(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "logs" / "game.log"
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text(json.dumps({"lang": "en", "ai_delay": 0}), encoding="utf-8")
    moves: list[str] = []  # the round's moves when the log was read last

    def enough(app: DummyApp) -> bool:
        session = getattr(app.screen, "session", None)
        moves[:] = session.round.moves() if session is not None else []
        return bool(saved_paths()) and log.read_text("utf-8").count("random AI): ") >= 6

    play_headless(monkeypatch, enough)
    argv = ["--log", str(log), "--log-level", "debug", "--humans", "0", "--ai", "random"]
    code = cli.main([*argv, "--seed", "3"])
    assert code == 0
    text = log.read_text(encoding="utf-8")
    [save] = saved_paths()
    assert f"INFO dummy_tui: wrote {save}" in text  # the autosave
    assert "DEBUG dummy_tui: seat 0 (random AI) chose in" in text  # an AI's think time
    # every move in the notation of records, in the order played
    logged = re.findall(r"INFO dummy_tui: round 1, seat \d \([^)]*random AI\): (.*)", text)
    assert len(logged) >= 6
    assert len(moves) >= 3 and logged[: len(moves)] == moves[: len(logged)]
    assert "card=" not in text
    out, err = capsys.readouterr()
    assert err == ""  # nothing of the log on the terminal
    assert "dummy_tui" not in out


def test_the_log_level_keeps_the_moves_and_leaves_the_think_times(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    log = tmp_path / "game.log"
    settings_path().parent.mkdir(parents=True)
    settings_path().write_text(json.dumps({"lang": "en", "ai_delay": 0}), encoding="utf-8")
    play_headless(monkeypatch, lambda app: "random AI): " in log.read_text("utf-8"))
    assert cli.main(["--log", str(log), "--humans", "0", "--ai", "random", "--seed", "3"]) == 0
    text = log.read_text(encoding="utf-8")
    assert "random AI): " in text and "DEBUG" not in text


def test_without_log_nothing_is_written_nor_shown(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # a warning (a file set aside) with no log file asked for: not on stderr
    damaged = tmp_path / "settings.json"
    damaged.write_text("{", encoding="utf-8")
    set_aside(damaged)
    assert capsys.readouterr() == ("", "")
    assert not logs.writing()


def test_a_file_set_aside_and_an_ai_failure_are_logged(tmp_path: Path) -> None:
    from dummy_tui.storage import log_failure

    log = tmp_path / "game.log"
    logs.log_to(log)
    damaged = tmp_path / "save.json"
    damaged.write_text("{", encoding="utf-8")
    moved = set_aside(damaged)
    try:
        raise RuntimeError("the AI broke")
    except RuntimeError as exc:
        log_failure(exc, '{"format": "dummy-tui-record/1"}')
    text = log.read_text(encoding="utf-8")
    assert f"WARNING dummy_tui: set aside {damaged} as {moved.name}" in text
    assert "ERROR dummy_tui: the AI broke\nThe position, as a record:\n{" in text
    assert "Traceback" in text
    # with a log file asked for, the failure is there, not in the data folder's
    assert not (tmp_path / "data" / "dummy-tui.log").exists()


def test_a_log_file_that_cannot_be_opened_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "folder").mkdir()
    assert cli.main(["--log", str(tmp_path / "folder")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert str(tmp_path / "folder") in err
