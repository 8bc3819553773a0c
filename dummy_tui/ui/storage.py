"""Where the game keeps its files, and atomic writes.

The settings live in the user config folder, the saved game, the records
and the log in the user data folder, and what can be worked out again in the
user cache folder (all from platformdirs).  ``DUMMY_TUI_HOME``, when set,
puts them under that one folder instead (``config/``, ``data/``, ``cache/``):
tests and portable installs use it so they never touch the real user folders.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from dummy_tui.problems import json_problem

APP_NAME = "dummy-tui"
HOME_ENV = "DUMMY_TUI_HOME"


def config_dir() -> Path:
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home) / "config"
    import platformdirs

    return platformdirs.user_config_path(APP_NAME)


def data_dir() -> Path:
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home) / "data"
    import platformdirs

    return platformdirs.user_data_path(APP_NAME)


def cache_dir() -> Path:
    """Where the game keeps what it can always work out again (see ``presets``)."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home) / "cache"
    import platformdirs

    return platformdirs.user_cache_path(APP_NAME)


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


def settings_path() -> Path:
    return config_dir() / "settings.json"


def save_path() -> Path:
    return data_dir() / "save.json"


def records_dir() -> Path:
    return data_dir() / "records"


def read_settings_data() -> dict[str, Any]:
    """The settings file as plain JSON data, unchecked; empty if it cannot be read.

    The start-up reads only the language and theme from it; the settings are
    checked (``settings.settings_from``) when something else is needed.
    """
    try:
        text = settings_path().read_text(encoding="utf-8")
    except (OSError, ValueError):
        return {}
    data, _ = json_problem(text)  # JSON nested too deeply, too: no data, not a crash
    return data if isinstance(data, dict) else {}


def remove_save() -> None:
    with contextlib.suppress(FileNotFoundError):
        save_path().unlink()


def set_aside(path: Path) -> Path:
    """Rename a damaged file out of the way; returns its new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    path.replace(target)
    return target


def log_path() -> Path:
    """The game's log file: what went wrong inside it (an AI that failed)."""
    return data_dir() / "dummy-tui.log"


def log_failure(error: BaseException, position: str) -> None:
    """Write ``error``, its traceback and the position it happened in (a record)
    to :func:`log_path`, with the standard library's ``logging``.

    The file is opened for the one entry (failures are rare, and the data
    folder may change between games); a file that cannot be written loses the
    entry, never the game.
    """
    import logging

    path = log_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.FileHandler(path, encoding="utf-8")
    except OSError:
        return
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logger = logging.getLogger("dummy_tui")
    logger.propagate = False  # the terminal belongs to the game's screen
    logger.addHandler(handler)
    try:
        logger.error(
            "%s\nThe position, as a record:\n%s",
            error,
            position,
            exc_info=(type(error), error, error.__traceback__),
        )
    finally:
        logger.removeHandler(handler)
        handler.close()
