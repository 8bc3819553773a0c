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
import re
import time
from pathlib import Path
from typing import Any, Final

from dummy_tui.files import atomic_open
from dummy_tui.problems import json_problem

APP_NAME = "dummy-tui"
HOME_ENV = "DUMMY_TUI_HOME"
SAVE_FORMAT: Final = "dummy-tui-save/2"
"""The format of the saved games this version writes."""
SAVE_FORMATS: Final = ("dummy-tui-save/1", SAVE_FORMAT)
"""The formats of saved games this version reads: version 1 is the one save
of earlier versions (``save.json``), moved into ``saves/`` as it is."""


def content_key(*parts: bytes) -> str:
    """A key that changes with the bytes of ``parts``, for what the cache folder
    keeps worked out from them: the length of each and a CRC-32 of them all.

    A cache's key, not a seal: it tells an edited or upgraded file from the
    one the cache was made of.  (``zlib`` is loaded with Python; ``hashlib``
    would load OpenSSL before the first screen.)"""
    import zlib

    crc = 0
    for part in parts:
        crc = zlib.crc32(part, crc)
    return "-".join([*(str(len(part)) for part in parts), f"{crc:08x}"])


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
    """Write *text* to *path* so that a reader sees the old or the new file, never half.

    Text UTF-8 cannot hold (a lone surrogate) raises UnicodeEncodeError (a
    ValueError), and the old file stays as it was.
    """
    with atomic_open(path) as f:
        f.write(text)
    from dummy_tui.logs import logger

    logger.info("wrote %s (%d characters)", path, len(text))


def settings_path() -> Path:
    return config_dir() / "settings.json"


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


KEEP_DAMAGED = 3
"""Files set aside of each name that are kept: the newest ones; older ones are
removed as another is set aside, so that a file damaged again and again does
not fill the folder."""

_DAMAGED = re.compile(r"\.damaged-(\d{8}-\d{6})(?:-(\d+))?\Z")


def set_aside(path: Path) -> Path:
    """Rename a damaged file out of the way; returns its new name.

    Only the newest :data:`KEEP_DAMAGED` files set aside from *path* are kept.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    path.replace(target)
    _forget_old_damaged(path)
    from dummy_tui.logs import logger

    logger.warning("set aside %s as %s", path, target.name)
    return target


def log_path() -> Path:
    """The game's log file: what went wrong inside it (an AI that failed)."""
    return data_dir() / "dummy-tui.log"


def log_failure(error: BaseException, position: str) -> None:
    """Log ``error``, its traceback and the position it happened in (a record)
    to the game's logger (:mod:`dummy_tui.logs`): to the log file asked for,
    or else to :func:`log_path`.

    That file is opened for the one entry (failures are rare, and the data
    folder may change between games); a file that cannot be written loses the
    entry, never the game.
    """
    import logging

    from dummy_tui.logs import FORMAT, logger, writing

    handler: logging.Handler | None = None
    if not writing():
        path = log_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handler = logging.FileHandler(path, encoding="utf-8", errors="backslashreplace")
        except OSError:
            return
        handler.setFormatter(logging.Formatter(FORMAT))
        logger.addHandler(handler)
    try:
        logger.error(
            "%s\nThe position, as a record:\n%s",
            error,
            position,
            exc_info=(type(error), error, error.__traceback__),
        )
    finally:
        if handler is not None:
            logger.removeHandler(handler)
            handler.close()


def _forget_old_damaged(path: Path) -> None:
    aside: list[tuple[str, int, Path]] = []
    with contextlib.suppress(OSError):
        for other in path.parent.iterdir():
            rest = other.name.removeprefix(path.name)
            found = _DAMAGED.match(rest) if rest != other.name else None
            if found is not None:
                aside.append((found[1], int(found[2] or 1), other))
    aside.sort()  # oldest first: by the time set aside, then the number within a second
    for *_, old in aside[:-KEEP_DAMAGED]:
        with contextlib.suppress(OSError):
            old.unlink()
