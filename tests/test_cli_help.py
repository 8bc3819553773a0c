"""``dummy-tui --help`` and each command's help, in English and in Thai."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dummy_tui.cli import COMMANDS
from dummy_tui.i18n import cli_catalog

EVERY = ("", *COMMANDS, "stats", "history")

# what the Thai help may still write in Latin letters: what a person types
# (flags, metavars, commands, option keys and values, file names) and AI
TYPED = re.compile(
    r"rulesets\.toml|config\.toml|history\.sqlite3|\$DUMMY_TUI_HOME/data|JSON Lines|"
    r"sim-failure-SEED-ROUND\.json|--?[a-z][\w-]*(=\w+)?|\{en,th\}|\{debug,info,warning,error\}|\b[A-Z][A-Z_=]*\b|"
    r"\b(play|learn|rules|replay|sim|config|stats|history|host|join|serve|dummy-tui|dummy|random|easy|normal|hard|"
    r"penalty_feed_head|debug|info|warning|error|AI|TOML|JSON|stderr|YYYY-MM-DD|Esc)\b"
)


def run_help(*args: str, **env: str) -> str:
    words = [*args, "--help"]
    result = subprocess.run(
        [sys.executable, "-m", "dummy_tui", *words],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "COLUMNS": "100", "LANGUAGE": "", "LC_ALL": "", **env},
        cwd=Path(__file__).parent,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return result.stdout


def test_the_two_help_catalogs_have_the_same_keys() -> None:
    # English has singular forms (KEY_one); Thai counts without them.  The
    # English example config file is dummy_tui/config.py's EXAMPLE.
    english = {k for k in cli_catalog("en") if not k.endswith("_one")}
    assert all(k.removesuffix("_one") in english for k in cli_catalog("en"))
    assert english == set(cli_catalog("th")) - {"out.config.example"}
    same = [k for k, v in cli_catalog("th").items() if v == cli_catalog("en").get(k)]
    assert same == []


def test_the_thai_example_config_file_sets_what_the_english_one_sets() -> None:
    import tomllib

    from dummy_tui.config import EXAMPLE

    def settings(text: str) -> list[str]:
        # the commented-out keys and tables, as a player uncomments them
        lines = [line.removeprefix("# ") for line in text.splitlines()]
        return [line for line in lines if re.match(r"^(\[\w+\]|\w+ = )", line)]

    thai = cli_catalog("th")["out.config.example"]
    assert tomllib.loads(thai) == {}  # all of it commented out
    assert settings(thai) == settings(EXAMPLE) != []
    assert re.search("[\u0e00-\u0e7f]", thai)


@pytest.mark.parametrize("command", EVERY)
def test_thai_help_has_no_english_but_what_is_typed(command: str) -> None:
    # the top level by the locale (a --lang without a command is play's)
    if command:
        text = run_help(command, "--lang", "th", LANG="en_US.UTF-8")
    else:
        text = run_help(LANG="th_TH.UTF-8")
    english = run_help(*([command] if command else []), LANG="en_US.UTF-8")
    assert text.startswith("วิธีใช้: dummy-tui"), text
    assert english.startswith("usage: dummy-tui")
    left = TYPED.sub("", text)
    assert re.findall(r"[A-Za-z]+", left) == [], text
    # the same flags in both
    flags = re.compile(r"--[a-z][\w-]*")
    assert set(flags.findall(text)) == set(flags.findall(english))


def test_a_thai_locale_gives_the_thai_help_and_lang_en_the_english() -> None:
    thai = run_help(LANG="th_TH.UTF-8")
    assert "ตัวเลือกของ play" in thai and "show this help" not in thai
    assert "ตัวเลือกของคำสั่ง:" in thai
    english = run_help("--lang=en", LANG="th_TH.UTF-8")
    assert english.startswith("usage: dummy-tui [-h]") and "\ncommands:\n" in english
    english = run_help(LANG="th_TH.UTF-8", LANGUAGE="en")
    assert "play options (with no command, or after 'play'):" in english, english
    assert not re.search(r"[\u0e00-\u0e7f]", english.replace("ดัมมี่", ""))
    # --lang with no command: the list of the commands, in Thai
    top = run_help("--lang", "th", LANG="C")
    assert top.startswith("วิธีใช้: dummy-tui [-h]") and "\nคำสั่ง:\n" in top, top
    listed = top.split("\nคำสั่ง:\n")[1].split("\n\n")[0]
    for command in EVERY[1:]:
        assert re.search(rf"^    {command} +[\u0e00-\u0e7f]", listed, re.M), (command, listed)
    # and a command's own help after it
    assert run_help("--lang", "th", "stats", LANG="C").startswith("วิธีใช้: dummy-tui stats")


def test_help_loads_no_textual() -> None:
    code = (
        "import sys\nfrom dummy_tui import cli\n"
        "try:\n    cli.main(['--help', '--lang', 'th'])\nexcept SystemExit:\n    pass\n"
        "print('textual' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8", timeout=60
    )
    assert result.stdout.strip().endswith("False"), result.stdout + result.stderr
    assert "วิธีใช้" in result.stdout


@pytest.mark.parametrize(
    ("words", "thai"),
    [
        (["--lang", "th", "--players", "9"], "--players: ต้องอยู่ระหว่าง 2 ถึง 4 ไม่ใช่ 9"),
        (["--lang", "th", "--bogus"], "ไม่รู้จัก: --bogus"),
        (["rules", "--lang", "xx"], "--lang: ไม่มีตัวเลือก 'xx' (เลือกได้: 'en', 'th')"),
        (["replay", "--lang", "th", "--json", "--view", "x"], "--view: ใช้พร้อมกับ --json ไม่ได้"),
    ],
)
def test_a_mistake_on_the_command_line_is_said_in_thai(
    words: list[str], thai: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from dummy_tui.cli import main
    from dummy_tui.exits import EXIT_USAGE

    monkeypatch.setenv("LANG", "th_TH.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LANGUAGE", raising=False)
    with pytest.raises(SystemExit) as exit_:
        main(words)
    assert exit_.value.code == EXIT_USAGE
    last = capsys.readouterr().err.splitlines()[-1]
    assert last.endswith(f": ผิดพลาด: {thai}"), last
    # argparse speaks English again afterwards
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    with pytest.raises(SystemExit):
        main(["--players", "9"])
    assert (
        capsys.readouterr()
        .err.splitlines()[-1]
        .endswith(": error: argument --players: must be from 2 to 4, not 9")
    )


def test_the_thai_argparse_words_are_messages_argparse_or_the_command_writes() -> None:
    import argparse

    from dummy_tui import cli
    from dummy_tui.i18n import argparse_words

    sources = Path(argparse.__file__).read_text() + Path(cli.__file__).read_text()
    words = argparse_words("th")
    assert len(words) >= 15
    for english, thai in words.items():
        assert repr(english)[1:-1] in sources or english in sources, english
        fields = r"%\(\w+\)[a-z]|%[a-z]"
        assert set(re.findall(fields, thai)) <= set(re.findall(fields, english)), english
