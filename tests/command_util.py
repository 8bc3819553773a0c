"""Running the game's commands as a user's terminal runs them, or in the test's own
process with a stand-in for the screen they start."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from dummy_tui import cli

ENTRY_POINT = Path(sys.executable).with_name("dummy-tui")
"""The console script pip installed, as a user runs it."""


def run_strictly(
    command: list[str], *, cwd: Path, encoding: str, columns: int, **env: str
) -> subprocess.CompletedProcess[str]:
    """*command* in *cwd*, *columns* wide, no colour, nothing on its input, with
    *env* added, and its standard streams in *encoding*, strictly: output that
    does not decode fails the test."""
    return subprocess.run(
        command,
        capture_output=True,
        text=True,
        encoding=encoding,
        cwd=cwd,
        timeout=60,
        stdin=subprocess.DEVNULL,
        env={
            **os.environ,
            "COLUMNS": str(columns),
            "NO_COLOR": "1",
            "PYTHONIOENCODING": f"{encoding}:strict",
            **env,
        },
    )


def run_installed(
    home: Path, encoding: str, *args: str, **env: str
) -> subprocess.CompletedProcess[str]:
    """``dummy-tui ARGS`` as installed (:data:`ENTRY_POINT`), in *home*, which is its
    ``DUMMY_TUI_HOME`` too, 100 columns wide, with *env* added and its standard
    streams in *encoding*, strictly (see :func:`run_strictly`)."""
    return run_strictly(
        [str(ENTRY_POINT), *args],
        cwd=home,
        encoding=encoding,
        columns=100,
        DUMMY_TUI_HOME=str(home),
        **env,
    )


def launched(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], entry: str = "run_app"
) -> argparse.Namespace:
    """``dummy-tui ARGV`` run with a stand-in for ``dummy_tui.ui.launch``, whose
    *entry* (``run_app``, the game; ``run_lessons``, the lessons) it must start
    once, exiting 0; the arguments it was handed."""
    seen: list[argparse.Namespace] = []

    def start(args: argparse.Namespace) -> int:
        seen.append(args)
        return 0

    fake = types.ModuleType("dummy_tui.ui.launch")
    setattr(fake, entry, start)
    monkeypatch.setitem(sys.modules, "dummy_tui.ui.launch", fake)
    assert cli.main(argv) == 0
    (args,) = seen
    return args
