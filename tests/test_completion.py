"""``dummy-tui --print-completion bash|zsh|fish``: scripts written by shtab from
the parser, with the values argparse cannot know: presets, AI levels, option
keys, file names."""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dummy_tui import cli

SUBCOMMANDS = ("play", "rules", "replay", "sim", "config", "stats", "history")
PLAY_FLAGS = ("--players", "--humans", "--ai", "--ruleset", "--seed", "--lang", "--resume")

BASH = shutil.which("bash")
ZSH = shutil.which("zsh")
FISH = shutil.which("fish")


def printed(shell: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exited:
        cli.main(["--print-completion", shell])
    assert exited.value.code == 0
    return capsys.readouterr().out


def every_flag(parser: argparse.ArgumentParser) -> set[str]:
    """The flags the parser and its subcommands take, as argparse holds them."""
    flags: set[str] = set()
    for action in parser._actions:
        flags.update(action.option_strings)
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                flags |= every_flag(sub)
    return flags


def test_bash_script_defines_a_function_and_names_everything(
    capsys: pytest.CaptureFixture[str],
) -> None:
    script = printed("bash", capsys)
    assert "complete -o bashdefault -F _shtab_dummy_tui dummy-tui" in script
    words = set(re.split(r"[\s'|()]+", script))
    for command in SUBCOMMANDS:
        assert command in words
    flags = every_flag(cli.build_parser())
    assert {"--print-completion", "--view", "--export", "--path", "--log-level"} <= flags
    assert not flags - words, flags - words


@pytest.mark.skipif(BASH is None, reason="no bash")
def test_bash_accepts_the_script(capsys: pytest.CaptureFixture[str]) -> None:
    script = printed("bash", capsys)
    assert BASH is not None
    result = subprocess.run([BASH, "-n"], input=script, text=True, capture_output=True)
    assert result.returncode == 0, result.stderr


def complete(script: str, *words: str) -> list[str]:
    """What bash offers for the command line ``words`` (the last one being typed)."""
    line = " ".join(f"'{w}'" for w in ("dummy-tui", *words))
    run = (
        f"{script}\nCOMP_WORDS=({line}); COMP_CWORD={len(words)}\n"
        'COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}\n'
        '_shtab_dummy_tui; printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    assert BASH is not None
    result = subprocess.run([BASH, "-c", run], text=True, capture_output=True, check=True)
    return result.stdout.split()


@pytest.mark.skipif(BASH is None, reason="no bash")
def test_bash_completes_commands_flags_and_choices(capsys: pytest.CaptureFixture[str]) -> None:
    script = printed("bash", capsys)
    assert complete(script, "re") == ["replay"]
    assert complete(script, "replay", "--v") == ["--view"]
    assert sorted(complete(script, "play", "--lang", "")) == ["en", "th"]
    assert sorted(complete(script, "--lang", "")) == ["en", "th"]
    assert complete(script, "--print-completion", "f") == ["fish"]
    assert set(PLAY_FLAGS) <= set(complete(script, "play", "--"))
    assert "--view" not in complete(script, "play", "--")
    assert complete(script, "play", "--seed", "") == []  # a number: nothing to offer


@pytest.mark.skipif(BASH is None, reason="no bash")
def test_bash_completes_presets_levels_option_keys_and_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = printed("bash", capsys)
    assert complete(script, "play", "--ruleset", "gin") == ["gin", "gin-openspiel"]
    assert complete(script, "sim", "--ruleset", "pers") == ["persian"]
    assert "dummy-house" in complete(script, "rules", "")
    assert complete(script, "play", "--ai", "") == ["random", "easy", "normal", "hard"]
    assert complete(script, "play", "--options", "penalty_feed_h") == ["penalty_feed_head="]
    assert "knock_bonus=" not in complete(script, "play", "--options", "penalty_feed_h")
    assert complete(script, "play", "--log-level", "w") == ["warning"]
    (tmp_path / "round-1.json").write_text("{}", encoding="utf-8")
    assert complete(script, "replay", str(tmp_path / "round")) == [str(tmp_path / "round-1.json")]
    assert complete(script, "join", "--name", "") == []  # a person's name: nothing to offer


def test_zsh_script_completes_the_same_values(capsys: pytest.CaptureFixture[str]) -> None:
    script = printed("zsh", capsys)
    assert script.startswith("#compdef dummy-tui\n")
    assert ":NAME:(dummy " in script and "gin-openspiel" in script  # the presets
    assert "(random easy normal hard)" in script
    assert "penalty_feed_head=" in script
    assert ":FILE:_files" in script
    if ZSH is not None:
        result = subprocess.run([ZSH, "-n"], input=script, text=True, capture_output=True)
        assert result.returncode == 0, result.stderr


def test_fish_script_completes_the_same_values(capsys: pytest.CaptureFixture[str]) -> None:
    script = printed("fish", capsys)
    lines = script.splitlines()
    ruleset = [line for line in lines if "_using play'" in line and "-l ruleset" in line]
    assert ruleset and "gin-openspiel" in ruleset[0], ruleset
    ai = [line for line in lines if "_using play'" in line and "-l ai " in line]
    assert ai and "random easy normal hard" in ai[0], ai
    replay = [line for line in lines if "_using replay" in line and "__fish_complete_path" in line]
    assert replay, "replay FILE completes no file names"
    assert any("penalty_feed_head=" in line for line in lines)
    if FISH is not None:
        result = subprocess.run([FISH, "-n"], input=script, text=True, capture_output=True)
        assert result.returncode == 0, result.stderr


def test_an_unknown_shell_is_a_usage_error() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "dummy_tui", "--print-completion", "tcsh"],
        text=True,
        capture_output=True,
    )
    assert result.returncode == 2
    assert "invalid choice: 'tcsh'" in result.stderr
    assert "Traceback" not in result.stderr
