"""The game's log, through the standard library's ``logging``.

Everything the game logs goes to the logger ``dummy_tui``, which never writes
to the terminal (the terminal belongs to the game's screen): with no log file
asked for (``--log FILE``, or ``log`` in the config file) its records go
nowhere, except an AI failure, which :func:`dummy_tui.ui.storage.log_failure`
writes to the data folder's ``dummy-tui.log`` all the same.

What is logged:

* ``INFO``: a file written (the autosave, the settings, an exported record);
* ``WARNING``: a file set aside as damaged (a save, the settings), a save that
  could not be written;
* ``ERROR``: an AI that raised or answered with an illegal move, with its
  traceback and the position as a record;
* ``INFO``: every move, as a record writes it (``records.md``: ``discard 9C``,
  ``pick 5H``, ``meld 5H 6H 7H``), with the round and the seat;
* ``DEBUG``: each AI's choice, in the same words, and how long it took.

The log holds what a bug report needs, and so the hands: an AI failure
writes the whole position.  ``--log-level`` keeps only the levels from one up.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

LEVELS = ("debug", "info", "warning", "error")
"""The names ``--log-level`` takes, every level first."""

NAME = "dummy_tui"
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

logger = logging.getLogger(NAME)
logger.propagate = False  # never to the root logger's handlers, nor to the terminal
# With no handler at all, logging's "last resort" would print warnings to stderr.
logger.addHandler(logging.NullHandler())
logger.setLevel(logging.DEBUG)


def log_to(path: Path, level: str = "debug") -> logging.Handler:
    """Write the log to *path* from now on (appended to, created if need be),
    its records from *level* up (one of :data:`LEVELS`); returns the handler.
    OSError when the file cannot be opened."""
    path = Path(path)
    if path.parent != Path():
        path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.FileHandler(path, encoding="utf-8", errors="backslashreplace")
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.setLevel(level.upper())
    logger.addHandler(handler)
    return handler


def action_words(action: Any) -> str:
    """An action as the log says it, cards by name (``Discard 9C``, ``Meld 5H 6H
    7H``, ``LayOff 9C on meld 2``), never by the engine's numbers."""
    import dataclasses

    from dummy_tui.engine.cards import card_text, cards_text

    words = [type(action).__name__]
    for field in dataclasses.fields(action):
        words.append(_field_words(field.name, getattr(action, field.name), card_text, cards_text))
    return " ".join(word for word in words if word)


def _field_words(name: str, value: Any, card_text: Any, cards_text: Any) -> str:
    if name == "card":
        return str(card_text(value))
    if name in ("cards", "meld"):
        return str(cards_text(value))
    if name == "target":
        return f"on meld {value + 1}"
    if name == "low":
        return "low" if value else ""
    return f"{name}={value}"


def stop(handler: logging.Handler) -> None:
    """No more log to *handler*'s file (tests, and a game that ends)."""
    logger.removeHandler(handler)
    handler.close()


def writing() -> bool:
    """Whether a log file was asked for (:func:`log_to`)."""
    return any(isinstance(h, logging.FileHandler) for h in logger.handlers)
