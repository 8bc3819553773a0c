"""Running the game's commands as a user's terminal runs them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
