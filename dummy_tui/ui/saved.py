"""The saved matches as the game reads them: a save checked as far as it can
be without the engine, the list of saved matches with what each one is, a
match's save written.

Plain Python (no Textual).  The files themselves (where, locks, tidying) are
:mod:`dummy_tui.saves`'s; what the app does with them, :mod:`.saving`'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dummy_tui.saves import held_elsewhere, save_file, saved_files

if TYPE_CHECKING:
    from dummy_tui.ui.session import Session
    from dummy_tui.ui.settings import SaveGame

_FORMAT = re.compile(r"dummy-tui-save/(\d+)\Z")


class NewerSave(ValueError):
    """A save written by a newer version of the game: not damaged, and never
    set aside or removed without the player's word (that version can read it)."""


def read_save_data(path: Path) -> dict[str, Any]:
    """The save at ``path`` as JSON data, checked as far as it can be without
    the schema: a JSON object of a format this version reads, every text of
    it writable again.

    OSError when the file cannot be read; :class:`NewerSave` for a save of a
    newer version; ValueError, whose text says what is wrong in a line, when
    it is not a save this version can use.
    """
    from dummy_tui.problems import json_problem, unwritable
    from dummy_tui.storage import SAVE_FORMATS

    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None
    data, problem = json_problem(text)
    if problem is not None:
        raise ValueError(problem)
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    if "format" not in data:  # whatever it is, the game did not write it
        raise ValueError("missing key 'format'")
    written = data["format"]
    if isinstance(written, str) and written not in SAVE_FORMATS:
        found = _FORMAT.match(written)
        newest = max(int(f.rsplit("/", 1)[1]) for f in SAVE_FORMATS)
        if found is not None and int(found[1]) > newest:
            raise NewerSave(f"written by a newer version of dummy-tui ({written})")
        if found is not None:
            raise ValueError(f"written by another version of dummy-tui ({written})")
    # a save that could be resumed but never saved again (every later
    # autosave would fail) is refused now, while it can still be set aside
    problem = unwritable(data)
    if problem is not None:
        raise ValueError(problem)
    return data


def read_save(path: Path) -> SaveGame:
    """The save at ``path`` as written (raises as :func:`read_save_data` does)."""
    from pydantic import ValidationError

    from dummy_tui.problems import validation_problem
    from dummy_tui.ui.settings import SaveGame

    data = read_save_data(path)
    try:
        return SaveGame.model_validate(data)
    except ValidationError as exc:
        raise ValueError(validation_problem(exc)) from None


def problem_line(exc: Exception) -> str:
    """An error's first line, cut short, to tell a player what is wrong with a file."""
    text = str(exc).strip()
    return (text.splitlines()[0] if text else type(exc).__name__)[:200]


def write_save(folder: Path, session: Session) -> Path:
    """Write the session's match to its save in the data folder ``folder``;
    returns the file.  OSError, or ValueError for text UTF-8 cannot hold,
    when it cannot be written (the file is then as it was)."""
    from dummy_tui.storage import atomic_write
    from dummy_tui.ui.settings import save_text

    path = save_file(folder, session.history_uid)
    atomic_write(path, save_text(session.to_save()))
    return path


@dataclass(frozen=True, slots=True)
class SavedMatch:
    """A saved match as the list of saved games shows it."""

    uid: str
    path: Path
    played: float
    """When it was last saved (seconds since the epoch)."""
    busy: bool
    """Being played in another window (that window holds its lock)."""
    save: SaveGame | None = None
    """The save, when it can be read."""
    problem: str | None = None
    """Why it cannot be resumed, in a line (None: it can, as far as can be told
    without replaying it)."""
    newer: bool = False
    """Written by a newer version of the game."""

    @property
    def resumable(self) -> bool:
        return self.save is not None and self.problem is None and not self.busy

    @property
    def round(self) -> int:
        """The round being played (the first is 1)."""
        return 1 if self.save is None else saved_round(self.save)


def saved_round(save: SaveGame) -> int:
    """The round a saved match is at: the one being played, else (kept whole
    once over) its last."""
    return max(1, len(save.rounds) + (save.current is not None))


def saved_matches(folder: Path) -> list[SavedMatch]:
    """The saved matches of the data folder ``folder``, the last played first,
    each read and checked without the engine."""
    found = []
    for file in saved_files(folder):
        busy = held_elsewhere(folder, file.uid)
        try:
            save = read_save(file.path)
        except FileNotFoundError:
            continue  # finished or deleted meanwhile
        except NewerSave as exc:
            found.append(SavedMatch(file.uid, file.path, file.mtime, busy, None, str(exc), True))
        except (OSError, ValueError) as exc:
            found.append(SavedMatch(file.uid, file.path, file.mtime, busy, None, problem_line(exc)))
        else:
            found.append(SavedMatch(file.uid, file.path, file.mtime, busy, save))
    return found
