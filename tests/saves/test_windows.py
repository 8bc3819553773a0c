"""Two windows on one data folder, each a real game in a process of its own:
the match one window plays is locked, shown to the other as being played in
another window, and cannot be taken from it until that window is gone
(killed, here: its lock goes with it).  And several processes writing the
history at once lose no round."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from saves_util import DRIVER, UID, copy_home, data, ending, prepare, run_driver


def test_a_match_one_window_plays_is_locked_for_another_until_that_window_dies(
    tmp_path: Path,
) -> None:
    prepare(tmp_path / "base", recorded=True)
    home = copy_home(tmp_path / "base", tmp_path / "home")
    env = {**os.environ, "DUMMY_TUI_HOME": str(home), "CRASH_LOG": str(home / "log")}
    first = subprocess.Popen(
        [sys.executable, str(DRIVER), "hold", ending().last_move],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        for _ in range(300):
            if (home / "ready").exists() or first.poll() is not None:
                break
            time.sleep(0.02)
        assert (home / "ready").exists(), first.stderr.read() if first.stderr else ""
        second = run_driver(home, "list")
        assert second.code == 0, second.err
        [lines, said, screen] = second.said
        [entry] = lines
        assert "being played in another window" in entry
        assert said == [
            "This game is being played in another window: it cannot be taken from there."
        ]
        assert screen == "SavedGamesScreen"  # still the list: the match was not taken
    finally:
        first.kill()  # kill -9: the window dies with its match locked
        first.wait()
    third = run_driver(home, "list")
    assert third.code == 0, third.err
    [lines, said, screen] = third.said
    assert "being played" not in lines[0]
    assert screen == "TableScreen"  # taken over once nobody held it
    assert (data(home) / "saves" / f"{UID}.json").exists()


def test_several_processes_write_the_history_at_once_and_lose_no_round(tmp_path: Path) -> None:
    env = {**os.environ, "DUMMY_TUI_HOME": str(tmp_path), "CRASH_LOG": str(tmp_path / "log")}
    writers = [
        subprocess.Popen(
            [sys.executable, str(DRIVER), "rounds", "12"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(3)
    ]
    uids: set[str] = set()
    for writer in writers:
        out, err = writer.communicate(timeout=120)
        assert writer.returncode == 0, err
        uids.update(json.loads(out))
    assert len(uids) == 36
    with sqlite3.connect(data(tmp_path) / "history.sqlite3") as conn:
        kept = conn.execute(
            "SELECT m.uid, count(r.id) FROM matches m JOIN rounds r ON r.match_id = m.id"
            " GROUP BY m.uid"
        ).fetchall()
    assert dict(kept) == dict.fromkeys(uids, 1)
