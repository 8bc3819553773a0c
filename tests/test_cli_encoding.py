"""The ``dummy-tui`` commands on a terminal that cannot write Thai or the suit
symbols (``PYTHONIOENCODING=ascii``, a Windows cp1252 or cp874 console): no
traceback, the documented exit codes, escapes for what cannot be written,
suit letters for the suit symbols, and JSON that reads back as it was."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from command_util import ENTRY_POINT, run_installed
from record_util import dark_knock

from dummy_tui.ai import make_player
from dummy_tui.engine.match import Match
from dummy_tui.history import History
from dummy_tui.rules.loader import get_ruleset

ENCODINGS = ["ascii", "cp1252", "cp874"]

NAMES = ["Ann😀", "บอ", "Chai", "Dao"]
"""A name with a character outside the BMP (whose stream escape is not JSON's)
and a Thai one (which ascii and cp1252 cannot write, and cp874 can)."""

RECORD = dark_knock(players=NAMES)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ``DUMMY_TUI_HOME`` whose history holds one round played by :data:`NAMES`,
    and a folder ``records`` with :data:`RECORD` as ``record.json``."""
    folder = tmp_path_factory.mktemp("home")
    rules = get_ruleset("dummy")
    match = Match(rules, 4, 5)
    game = match.new_round()
    players = [make_player("dummy", "random", seat) for seat in range(4)]
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(
            legal[0] if len(legal) == 1 else players[game.seat].choose(game.view(game.seat), legal)
        )
    with History(folder / "data" / "history.sqlite3", strict=True) as history:
        uid = history.start_match(rules, "dummy", NAMES, [None, None, None, None])
        history.record_round(uid, game, match.record(game), number=0)
    (folder / "records").mkdir()
    (folder / "records" / "record.json").write_text(json.dumps(RECORD), encoding="utf-8")
    return folder


def ok(result: subprocess.CompletedProcess[str], code: int = 0) -> str:
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == code, result.stderr
    return result.stdout


def test_the_entry_point_is_installed() -> None:
    assert ENTRY_POINT.exists(), ENTRY_POINT


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_replay_uses_suit_letters_and_escapes(home: Path, encoding: str) -> None:
    out = ok(run_installed(home, encoding, "replay", "records/record.json"))
    assert "9C 9D 9S" in out  # the suit letters, not escapes of ♣♦♠
    assert "\\u2663" not in out and "♣" not in out
    assert "made a dark knock (" in out
    assert "Ann\\U0001f600" in out  # escaped, not dropped
    if encoding == "cp874":
        assert "บอ" in out  # Thai, which cp874 writes
    else:
        assert "\\u0e1a\\u0e2d" in out


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_json_reads_back_as_it_was(home: Path, encoding: str) -> None:
    answer = json.loads(
        ok(run_installed(home, encoding, "replay", "records/record.json", "--json"))
    )
    assert answer["ok"] is True and answer["dark_knock"] is True
    stats = json.loads(ok(run_installed(home, encoding, "stats", "--json")))
    assert NAMES[0] in json.dumps(stats, ensure_ascii=False)
    assert NAMES[1] in json.dumps(stats, ensure_ascii=False)
    # a record that cannot be read is still one JSON object, exit 2
    answer = json.loads(ok(run_installed(home, encoding, "replay", "nothing😀.json", "--json"), 2))
    assert answer["ok"] is False


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_the_other_commands_write_what_they_can(home: Path, encoding: str) -> None:
    assert "Presets (rulesets.toml)" in ok(run_installed(home, encoding, "rules"))
    assert "dummy-money" in ok(run_installed(home, encoding, "rules", "dummy-money"))
    stats = ok(run_installed(home, encoding, "stats"))
    assert "Chai" in stats and "Ann\\U0001f600" in stats
    assert "History:" in ok(run_installed(home, encoding, "history"))
    assert "usage: dummy-tui" in ok(run_installed(home, encoding, "--help"))
    commands = ("play", "rules", "replay", "sim", "stats", "history") if encoding == "ascii" else ()
    for command in commands:
        assert f"usage: dummy-tui {command}" in ok(run_installed(home, encoding, command, "--help"))
    # an error about Thai text is one line on stderr, exit 2
    result = run_installed(home, encoding, "rules", "ดัมมี่")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
