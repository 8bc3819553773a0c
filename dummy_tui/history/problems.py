"""Why the history cannot be used, and telling that apart from a bug.

A file that cannot be used (damaged, locked by another program, written by a
newer dummy-tui, another program's database, a folder that cannot be
written) is a :class:`Problem`: the game says it once and goes on without
the history.  Anything else raised while reading or writing it (a wrong
argument, SQL that does not fit the schema) is a bug and is not a Problem.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dummy_tui.history.schema import Fault

BUSY = "busy"
"""Another connection holds the write lock: the write is kept and tried again."""
DAMAGED = "damaged"
NEWER = "newer"
FOREIGN = "foreign"
SHAPE = "shape"
"""A file marked as this game's history whose tables are not those of its version."""
UNUSABLE = "unusable"
INTERNAL = "internal"
"""A bug, caught because the game must go on (only where bugs are not raised)."""

KINDS = (BUSY, DAMAGED, NEWER, FOREIGN, SHAPE, UNUSABLE, INTERNAL)

# SQLite's primary result codes that say the file, not the program, is at fault
_FILE_CODES = {
    sqlite3.SQLITE_PERM: UNUSABLE,
    sqlite3.SQLITE_BUSY: BUSY,
    sqlite3.SQLITE_LOCKED: BUSY,
    sqlite3.SQLITE_NOMEM: UNUSABLE,
    sqlite3.SQLITE_READONLY: UNUSABLE,
    sqlite3.SQLITE_IOERR: UNUSABLE,
    sqlite3.SQLITE_CORRUPT: DAMAGED,
    sqlite3.SQLITE_FULL: UNUSABLE,
    sqlite3.SQLITE_CANTOPEN: UNUSABLE,
    sqlite3.SQLITE_PROTOCOL: BUSY,
    sqlite3.SQLITE_NOLFS: UNUSABLE,
    sqlite3.SQLITE_AUTH: UNUSABLE,
    sqlite3.SQLITE_NOTADB: DAMAGED,
}


@dataclass(frozen=True, slots=True)
class Problem:
    """Why the history is unavailable: ``kind`` (one of :data:`KINDS`, for a
    catalog key) and ``detail`` (an English sentence naming the file)."""

    kind: str
    detail: str
    path: Path | None = None
    fault: Fault | None = None
    """For :data:`SHAPE`: how the tables differ (words for the player's language)."""

    @property
    def message(self) -> str:
        return f"history unavailable: {self.detail}"

    @property
    def transient(self) -> bool:
        """Will trying again later likely work (the lock is let go)?"""
        return self.kind == BUSY

    def __str__(self) -> str:
        return self.message


class HistoryUnavailable(Exception):
    """Raised by the history's readers (and by ``dummy-tui history``/``stats``)
    when the file cannot be used; ``problem`` says why."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.message)
        self.problem = problem


class StoredValueError(ValueError):
    """A value the file holds cannot be read back (JSON that is not, a time that
    is not one): the file was changed by something other than this game."""


def stored_json(text: object, where: str) -> Any:
    """The JSON value of column ``where`` (``records.record of round 5``)."""
    try:
        return json.loads(text) if isinstance(text, str | bytes) else json.loads("")
    except (ValueError, RecursionError):
        raise StoredValueError(f"{where} is not JSON") from None


STAMP = "%Y-%m-%dT%H:%M:%SZ"
"""How the file writes times: UTC, to the second."""


def stored_time(text: object, where: str) -> datetime:
    """The time of column ``where``, written as :data:`STAMP` (UTC)."""
    try:
        return datetime.strptime(str(text), STAMP).replace(tzinfo=UTC)
    except ValueError:
        raise StoredValueError(f"{where} is not a time ({str(text)[:40]!r})") from None


def file_problem(exc: BaseException, path: Path | None) -> Problem | None:
    """The :class:`Problem` ``exc`` means, or None if it is not the file's fault (a bug)."""
    if isinstance(exc, HistoryUnavailable):
        return exc.problem
    where = str(path) if path is not None else "the history"
    if isinstance(exc, StoredValueError):
        return Problem(
            DAMAGED, f"{where} is damaged ({exc}); move it away to start a new history", path
        )
    if isinstance(exc, sqlite3.Error):
        code = getattr(exc, "sqlite_errorcode", None)
        kind = _FILE_CODES.get(code & 0xFF) if isinstance(code, int) else None
        if kind is None:
            return None
        if kind == BUSY:
            return Problem(BUSY, f"{where} is in use by another program ({exc})", path)
        if kind == DAMAGED:
            return Problem(
                DAMAGED, f"{where} is damaged ({exc}); move it away to start a new history", path
            )
        return Problem(UNUSABLE, f"{where}: {exc}", path)
    if isinstance(exc, OSError):
        text = exc.strerror or str(exc)
        if exc.filename is not None and str(exc.filename) != where:
            text = f"{text}: {exc.filename}"
        return Problem(UNUSABLE, f"{where} cannot be opened ({text})", path)
    return None


def internal_problem(exc: BaseException, path: Path | None) -> Problem:
    return Problem(INTERNAL, f"internal error ({type(exc).__name__}: {exc})", path)
