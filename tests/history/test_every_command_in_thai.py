"""Every command of ``dummy-tui`` speaks Thai, whichever way the player asks
for it: ``--lang th`` before the command or after it, a Thai locale (``LANG``
or ``LC_ALL``), or Thai as the language last chosen in the game.

A line that holds no Thai may only hold what is typed or counted: cards,
numbers, file paths, flags, and the names a player types (commands, presets,
option keys, key ids, themes).  Run in process, with a history of two
matches played by a Thai family.
"""

from __future__ import annotations

import functools
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from history_util import play, store, use_home
from record_util import dark_knock

from dummy_tui import cli
from dummy_tui.ai import LEVELS
from dummy_tui.config import EXAMPLE
from dummy_tui.history import History
from dummy_tui.keynames import DEFAULT_KEYS
from dummy_tui.rules import RULESET_TYPES, load_rulesets

THAI = re.compile("[\u0e00-\u0e7f]")
TYPED_COMMANDS = (*cli.COMMANDS, "stats", "history")

TYPED = (
    set(TYPED_COMMANDS)
    | {"dummy-tui", "COMMAND"}
    | set(load_rulesets())
    | {key for model in RULESET_TYPES.values() for key in model.model_fields}
    | set(DEFAULT_KEYS)
    | set(re.findall(r"^# (\w+) = ", EXAMPLE, re.M))  # the config file's keys
    | set(re.findall(r'"([a-z][\w-]*)"', EXAMPLE))  # the themes it names
    | set(LEVELS)  # typed after --ai
    | {"keymap", "en", "th", "true", "false", "ctrl", "shift"}
    | {"debug", "info", "warning", "error"}  # typed after --log-level
)
"""Words a player types, which a Thai line writes as they are typed."""

# what else a line without Thai may hold: cards (10♥, QS, JK), numbers (−110,
# 95%, 2024-05-31, 1–3), file paths, and flags
TOKEN = re.compile(
    r"(?:10|[2-9JQKA])[♣♦♥♠CDHS](?![a-z])"
    r"|JK"
    r"|[+\-−]?\d[\d.,:%–\-]*"
    r"|(?:[\w.~-]*/)+[\w.-]+|[\w-]+\.(?:json|jsonl|toml|sqlite3|log)"
    r"|--?[a-z][\w-]*"
    r"|[A-Za-z][\w-]*"
)


def untranslated(line: str) -> list[str]:
    """The words of a line without Thai that are neither typed nor counted."""
    if THAI.search(line):
        return []
    return [
        word
        for word in TOKEN.findall(line)
        if re.fullmatch(r"[A-Za-z][\w-]*", word)
        and word not in TYPED
        and not re.fullmatch(r"[a-z]|[A-Z][A-Z_]*", word)  # a key; a metavar (FILE, N)
    ]


@functools.cache
def family_history(folder: Path) -> Path:
    """Two matches played by a Thai family (and two computer players)."""
    path = folder / "history.sqlite3"
    with History(path, strict=True) as history:
        for played in (
            play("dummy-house", ("แม่", "พ่อ", "ยาย", "ตา"), (None, None, "easy", "easy"), 31, 4),
            play("gin", ("แม่", "ลุง"), (None, "normal"), 32, 3, target_score=30),
        ):
            store(history, played)
    return path


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return family_history(tmp_path_factory.mktemp("family"))


WAYS = ("lang before", "lang after", "LANG", "LC_ALL", "remembered")


@pytest.fixture(params=WAYS)
def way(
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    recorded: Path,
) -> Iterator[str]:
    """A home of its own with the family's history, the locale English unless
    the way asks Thai of it."""
    history = use_home(monkeypatch, tmp_path / "home")
    history.parent.mkdir(parents=True)
    shutil.copyfile(recorded, history)
    monkeypatch.setenv("COLUMNS", "80")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    way: str = request.param
    if way == "LANG":
        monkeypatch.setenv("LANG", "th_TH.UTF-8")
    elif way == "LC_ALL":
        monkeypatch.setenv("LC_ALL", "th_TH.UTF-8")  # it wins over an English LANG
    elif way == "remembered":
        settings = tmp_path / "home" / "config" / "settings.json"
        settings.parent.mkdir(parents=True)
        settings.write_text(json.dumps({"lang": "th"}), encoding="utf-8")
    yield way


def in_thai(way: str, command: list[str]) -> list[str]:
    if way == "lang before":
        return ["--lang", "th", *command]
    if way == "lang after":
        return [*command, "--lang", "th"]
    return command


def commands(folder: Path) -> list[tuple[list[str], int]]:
    """Every command and subcommand, and their mistakes: (arguments, exit code)."""
    record = folder / "รอบ.json"
    record.write_text(json.dumps(dark_knock(players=["แม่", "พ่อ", "ยาย", "ตา"])), "utf-8")
    refused = folder / "refused.json"
    family = ["แม่", "พ่อ", "ยาย", "ตา"]
    refused.write_text(
        json.dumps(dark_knock(players=family, moves=["draw", "meld 3H 4H 9C"])), "utf-8"
    )
    money = folder / "money.json"
    money.write_text(json.dumps(dark_knock(players=family, options={"scoring": "money"})), "utf-8")
    export = folder / "history.jsonl"
    helps: list[tuple[list[str], int]] = [
        ([*command, "--help"], 0) for command in ([], *([c] for c in TYPED_COMMANDS))
    ]
    return [
        *helps,
        (["rules"], 0),
        (["rules", "dummy-house"], 0),
        (["rules", "gin"], 0),
        (["rules", "dumy"], 2),
        (["replay", str(record)], 0),
        (["replay", str(money)], 0),
        (["replay", str(refused)], 1),
        (["replay", str(refused), "--view"], 1),
        (["replay", str(folder / "nowhere.json")], 2),
        (["sim", "--rounds", "2", "--players", "2", "--ai", "easy"], 0),
        (["sim", "--ai", "genius"], 2),
        (["sim", "--options", "penalty_feed_head=-5"], 2),
        (["config"], 0),
        (["config", "--path"], 0),
        (["stats"], 0),
        (["stats", "--player", "ป้า"], 0),
        (["stats", "--ruleset", "persian"], 0),
        (["stats", "--since", "เมื่อวาน"], 2),
        (["history"], 0),
        (["history", "--export", str(export)], 0),
        (["history", "--import", str(export)], 0),
        (["history", "--record", "รอบแรก"], 2),
        (["history", "--record", "999"], 1),
        (["history", "--forget", "ป้า"], 1),
        (["history", "--forget", "พ่อ"], 0),
        (["play", "--options", "penalty_feed_haed=50"], 2),
        (["play", "--ruleset", "nope"], 2),
        (["play", "--players", "3", "--ruleset", "gin"], 2),
        (["play", "--ai", "genius"], 2),
        (["play", "--players", "9"], 2),
    ]


def test_every_command_speaks_thai(
    way: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said: dict[str, list[str]] = {}
    for command, code in commands(tmp_path):
        try:
            got = cli.main(in_thai(way, command))
        except SystemExit as exit_:  # argparse's own errors
            got = int(exit_.code or 0)
        out, err = capsys.readouterr()
        assert got == code, (command, out, err)
        assert out or err, command
        for line in (out + err).splitlines():
            wrong = untranslated(line)
            if wrong:
                said.setdefault(" ".join(command), []).append(line)
    assert said == {}


def test_the_check_catches_english() -> None:
    # the test above would fail on what the commands printed in English
    assert untranslated("Penalties by kind") == ["Penalties", "by", "kind"]
    assert untranslated("  Ann: table (แต้มบนโต๊ะ): +35") == []  # Thai on the line
    assert untranslated("│ dummy-house │ 5 │ 0 │") == []
    assert untranslated("2♣ Q♠ 10♥  −110  95%  /tmp/x/history.jsonl  --since") == []
    assert untranslated('# draw = "n"') == []
    assert untranslated("seat AI wins") == ["seat", "wins"]  # AI as a metavar (--ai LEVEL)
