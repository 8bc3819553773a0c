"""``dummy-tui --print-completion bash|zsh|fish``: the shell's script, and the
answers ``dummy-tui`` gives it at each Tab (argcomplete): commands, flags, and
the values the game knows — presets, AI levels, option keys, files."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from dummy_tui import cli

BASH = shutil.which("bash")


def printed(shell: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exited:
        cli.main(["--print-completion", shell])
    assert exited.value.code == 0
    return capsys.readouterr().out


def tab(line: str, tmp_path: Path) -> list[str]:
    """What ``dummy-tui`` offers the shell for ``line``, the cursor at its end."""
    out = tmp_path / "offered"
    env = dict(
        os.environ,
        _ARGCOMPLETE="1",
        COMP_LINE=line,
        COMP_POINT=str(len(line)),
        _ARGCOMPLETE_STDOUT_FILENAME=str(out),
        _ARGCOMPLETE_IFS="\n",
    )
    done = subprocess.run(
        [sys.executable, "-m", "dummy_tui"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return [w.strip() for w in out.read_text(encoding="utf-8").split("\n") if w.strip()]


def test_each_shell_gets_a_script_that_calls_the_game_back(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bash = printed("bash", capsys)
    assert "complete -o nospace -o default -o bashdefault -F _python_argcomplete dummy-tui" in bash
    assert "compdef _python_argcomplete dummy-tui" in printed("zsh", capsys)
    fish = printed("fish", capsys)
    assert "complete --command dummy-tui" in fish and "_ARGCOMPLETE 1" in fish


@pytest.mark.skipif(BASH is None, reason="no bash")
def test_bash_accepts_the_script(capsys: pytest.CaptureFixture[str]) -> None:
    script = printed("bash", capsys)
    assert BASH is not None
    result = subprocess.run([BASH, "-n"], input=script, text=True, capture_output=True)
    assert result.returncode == 0, result.stderr


def test_commands_flags_and_the_values_the_game_knows(tmp_path: Path) -> None:
    assert "replay" in tab("dummy-tui re", tmp_path)
    # with no command, play's flags, as the command line reads them
    assert set(tab("dummy-tui --rul", tmp_path)) == {"--rules", "--ruleset"}
    presets = tab("dummy-tui --ruleset dummy-", tmp_path)
    assert {"dummy-house", "dummy-money", "dummy-pip"} <= set(presets)
    assert "gin" not in presets
    assert tab("dummy-tui sim --ai normal,ea", tmp_path) == ["normal,easy"]
    keys = tab("dummy-tui play --options knock_b", tmp_path)
    assert keys == ["knock_bonus="]
    assert tab("dummy-tui rules gin-", tmp_path) == ["gin-openspiel"]
    assert tab("dummy-tui --seed ", tmp_path) == []  # a number: nothing to offer


def test_option_keys_are_the_chosen_presets_familys(tmp_path: Path) -> None:
    gin = tab("dummy-tui sim --ruleset gin --options knock_", tmp_path)
    assert "knock_limit=" in gin and "knock_bonus=" not in gin


def test_a_file_is_completed_where_one_is_wanted(tmp_path: Path) -> None:
    (tmp_path / "round-one.json").write_text("{}", encoding="utf-8")
    offered = tab(f"dummy-tui replay {tmp_path}/round", tmp_path)
    assert offered == [f"{tmp_path}/round-one.json"]


def test_an_unknown_shell_is_a_usage_error() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "dummy_tui", "--print-completion", "tcsh"],
        text=True,
        capture_output=True,
    )
    assert result.returncode == 2
    assert "invalid choice: 'tcsh'" in result.stderr
    assert "Traceback" not in result.stderr
