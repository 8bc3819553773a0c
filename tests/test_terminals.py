"""A terminal that cannot show the game's screen: one line that says what to
do, exit code 2, and no frame drawn; the commands work there as they are."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from command_util import run_installed
from record_util import dark_knock


def run(home: Path, encoding: str, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``dummy-tui ARGS`` on a terminal that can show the screen, unless *env* says
    another ``TERM``."""
    return run_installed(home, encoding, *args, **{"TERM": "xterm-256color", **env})


def refused(result: subprocess.CompletedProcess[str]) -> str:
    """The one line said, once no frame was drawn."""
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert "\x1b" not in result.stdout + result.stderr  # no screen, no colour
    assert "\\u2503" not in result.stderr
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("dummy-tui: "), result.stderr
    return result.stderr


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("args", [[], ["--resume"], ["--players", "2", "--seed", "3"]])
def test_an_output_that_cannot_write_the_cards_is_told_in_one_line(
    tmp_path: Path, encoding: str, args: list[str]
) -> None:
    line = refused(run(tmp_path, encoding, *args))
    assert "cannot show the cards" in line and "UTF-8" in line
    assert encoding.replace("-", "") in line.replace("iso8859-1", "latin1").replace("-", "")


def test_a_thai_player_is_told_in_english_where_thai_cannot_be_written(tmp_path: Path) -> None:
    line = refused(run(tmp_path, "ascii", "--lang", "th"))
    assert "cannot show the cards" in line


def test_a_dumb_terminal_is_refused_in_one_line_and_told_what_works(tmp_path: Path) -> None:
    line = refused(run(tmp_path, "utf-8", TERM="dumb"))
    assert "TERM=dumb" in line and "rules, replay FILE, stats, history, sim" in line
    line = refused(run(tmp_path, "utf-8", "--lang", "th", TERM="dumb"))
    assert "TERM=dumb" in line and "เทอร์มินัลนี้" in line
    record = tmp_path / "round.json"
    record.write_text(json.dumps(dark_knock()), encoding="utf-8")
    refused(run(tmp_path, "utf-8", "replay", str(record), "--view", TERM="dumb"))
    # what the line points to works there
    done = run(tmp_path, "utf-8", "replay", str(record), TERM="dumb")
    assert done.returncode == 0 and "made a dark knock" in done.stdout
    assert run(tmp_path, "utf-8", "rules", TERM="dumb").returncode == 0
