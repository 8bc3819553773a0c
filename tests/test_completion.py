"""``dummy-tui --print-completion bash|zsh``: scripts written from the parser."""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys

import pytest

from dummy_tui import cli

SUBCOMMANDS = ("play", "rules", "replay", "sim", "config", "stats", "history")
PLAY_FLAGS = ("--players", "--humans", "--ai", "--ruleset", "--seed", "--lang", "--resume")

BASH = shutil.which("bash")


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
    assert "_dummy_tui() {" in script
    assert "complete -o default -F _dummy_tui dummy-tui" in script
    words = set(script.replace("'", " ").replace("|", " ").replace(")", " ").split())
    for command in SUBCOMMANDS:
        assert command in words
    flags = every_flag(cli.build_parser())
    assert {"--print-completion", "--view", "--export", "--path"} <= flags
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
        '_dummy_tui; printf "%s\\n" "${COMPREPLY[@]}"\n'
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
    assert sorted(complete(script, "--lang", "")) == ["en", "th"]  # play's, with no command
    assert complete(script, "--print-completion", "z") == ["zsh"]
    assert set(PLAY_FLAGS) <= set(complete(script, "play", "--"))
    assert "--view" not in complete(script, "play", "--")
    assert complete(script, "play", "--seed", "") == []  # a number: nothing to offer


def test_zsh_script_loads_the_bash_one(capsys: pytest.CaptureFixture[str]) -> None:
    script = printed("zsh", capsys)
    assert script.startswith("#compdef dummy-tui\n")
    assert "bashcompinit" in script
    assert "complete -o default -F _dummy_tui dummy-tui" in script


def test_an_unknown_shell_is_a_usage_error() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "dummy_tui", "--print-completion", "fish"],
        text=True,
        capture_output=True,
    )
    assert result.returncode == 2
    assert "invalid choice: 'fish'" in result.stderr
    assert "Traceback" not in result.stderr
