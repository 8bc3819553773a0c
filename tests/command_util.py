"""Running the game's commands as a user's terminal runs them."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path


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
