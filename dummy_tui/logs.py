"""The game's log, through the standard library's ``logging``.

Everything the game logs goes to the logger ``dummy_tui``, which never writes
to the terminal (the terminal belongs to the game's screen): with no log file
asked for (``--log FILE``, or ``log`` in the config file) its records go
nowhere, except an AI failure, which :func:`dummy_tui.storage.log_failure`
writes to the data folder's ``dummy-tui.log`` all the same.

What is logged:

* ``INFO``: every move, in the notation of records (``discard 7H``), with the
  round, the seat, its name and who plays it (a person or an AI level); a file
  written (the autosave, the settings, an exported record);
* ``WARNING``: a file set aside as damaged (a save, the settings), a save that
  could not be written;
* ``ERROR``: an AI that raised or answered with an illegal move, with its
  traceback and the position as a record;
* ``DEBUG``: how long each AI move took to choose.

``--log-level`` (``debug`` … ``error``, default ``info``) keeps what is at
that level or above.  A move names only what the table shows, but an AI
failure's record holds the whole deal: the file is for a bug report.
"""

from __future__ import annotations

import logging
from pathlib import Path

NAME = "dummy_tui"
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

logger = logging.getLogger(NAME)
logger.propagate = False  # never to the root logger's handlers, nor to the terminal
# With no handler at all, logging's "last resort" would print warnings to stderr.
logger.addHandler(logging.NullHandler())
logger.setLevel(logging.DEBUG)


LEVELS = ("debug", "info", "warning", "error")
"""The levels ``--log-level`` takes."""


def log_to(path: Path, level: str = "info") -> logging.Handler:
    """Write the log at ``level`` and above to *path* from now on (appended to,
    created if need be); returns the handler.  OSError when the file cannot be
    opened."""
    path = Path(path)
    if path.parent != Path():
        path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.FileHandler(path, encoding="utf-8", errors="backslashreplace")
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.setLevel(getattr(logging, level.upper()))
    logger.addHandler(handler)
    return handler


def stop(handler: logging.Handler) -> None:
    """No more log to *handler*'s file (tests, and a game that ends)."""
    logger.removeHandler(handler)
    handler.close()


def writing() -> bool:
    """Whether a log file was asked for (:func:`log_to`)."""
    return any(isinstance(h, logging.FileHandler) for h in logger.handlers)
