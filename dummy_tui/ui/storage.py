"""Where the game keeps its files, and atomic writes.

The settings live in the user config folder and the saved game in the user
data folder (both from platformdirs).  ``DUMMY_TUI_HOME``, when set, puts
both under that one folder instead (``config/`` and ``data/``): tests and
portable installs use it so they never touch the real user folders.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

import platformdirs

APP_NAME = "dummy-tui"
HOME_ENV = "DUMMY_TUI_HOME"


def config_dir() -> Path:
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home) / "config"
    return platformdirs.user_config_path(APP_NAME)


def data_dir() -> Path:
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home) / "data"
    return platformdirs.user_data_path(APP_NAME)


def atomic_write(path: Path, text: str) -> None:
    """Write *text* to *path* so that a reader sees the old or the new file, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
