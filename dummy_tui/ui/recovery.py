"""A match's end as one crash-consistent sequence, and what the start puts right.

A finished round reaches the history exactly once, wherever the process is
killed, because every step is written before the next and can be made again:

1. the save, written after every move, holds each finished round and how many
   of them are known to be in the history (``SaveGame.recorded``);
2. the rounds not yet there, and the match's end, are written to the history
   in one transaction; a round already there (the history knows a round by
   its match's uid and its number) is left as it is;
3. once the match is over its save is removed; if the history was in use by
   another program, the match is first kept in ``history-pending/``, next to
   the history.

The start (:func:`recover`) finds what a kill or a busy history left: a save
of a match that is over is finished (steps 2 and 3), a pending match is
written to the history, the old single save is moved into the list of saved
games, and temporary files of writes cut short are removed.

Plain Python (no Textual): the app calls it, and so can a test's process.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from dummy_tui.problems import json_problem
from dummy_tui.saves import (
    clean_temporaries,
    legacy_file,
    locked,
    migrate_legacy,
    pending_file,
    pending_files,
    remove_file,
    save_file,
    saved_files,
)
from dummy_tui.storage import SAVE_FORMAT, atomic_write, set_aside
from dummy_tui.ui.saved import NewerSave, problem_line, read_save

if TYPE_CHECKING:
    from dummy_tui.ui.recording import Recorder
    from dummy_tui.ui.session import Session
    from dummy_tui.ui.settings import SaveGame


@dataclass(slots=True)
class Finished:
    """What :func:`finish_match` did with a match that is over."""

    written: int | None
    """Rounds new to the history; None when the history took nothing."""
    kept: Path | None = None
    """Where the match waits for the history (it was in use), if it does."""


def finish_match(
    folder: Path | None,
    session: Session,
    recorder: Recorder | None,
    ended: datetime | None = None,
) -> Finished:
    """The session's match is over: write to the history its rounds not yet
    there and its end; if the history is in use by another program, keep the
    match in ``history-pending/`` of the data folder ``folder``; then remove
    its save (``folder`` None: the game keeps no files).  ``ended``: when the
    match ended (default: now), for a match finished at a later start.

    OSError when a file cannot be written or removed: the save is removed
    only once what it holds is in the history or kept, so the next start
    finishes the match again.
    """
    written = recorder.catch_up(session, ended) if recorder is not None else 0
    kept = None
    if folder is None:
        return Finished(written)
    if written is None and recorder is not None and recorder.busy:
        from dummy_tui.ui.settings import save_text

        kept = pending_file(folder, session.history_uid)
        atomic_write(kept, save_text(session.to_save()))
        if ended is not None:  # the time the match ended, for the history to write
            os.utime(kept, (ended.timestamp(), ended.timestamp()))
    remove_file(save_file(folder, session.history_uid))
    return Finished(written, kept)


@dataclass(slots=True)
class Recovered:
    """What the start found in the data folder and did."""

    migrated: list[SaveGame] = field(default_factory=list)
    """The old single save, moved into the list of saved games."""
    finished: list[tuple[SaveGame, int]] = field(default_factory=list)
    """Saves of matches that were over (the game was stopped at their end),
    finished now, each with the rounds that were new to the history."""
    written: list[SaveGame] = field(default_factory=list)
    """Matches kept for a history that was in use, written to it now."""
    caught_up: list[tuple[SaveGame, int]] = field(default_factory=list)
    """Saved matches that go on, with the rounds written to the history now
    that a kill or a busy history had kept from it."""
    kept: list[SaveGame] = field(default_factory=list)
    """Matches that are over and wait for the history, in use by another program."""
    set_aside: list[tuple[Path, str]] = field(default_factory=list)
    """Saves that could not be read, set aside: where they are now, and why."""
    problems: list[str] = field(default_factory=list)
    """Files that could not be written or removed: ``path: error``."""
    cleaned: list[Path] = field(default_factory=list)
    """Temporary files of writes cut short, removed."""


def recover(folder: Path, recorder: Recorder | None, now: float, finish: bool = True) -> Recovered:
    """Put right what a kill, a busy history or an earlier version left in the
    data folder ``folder`` (see the module's text); ``recorder`` is None when
    the player keeps no history (the setting).  ``finish=False`` (a run that
    writes no history, ``--no-history``) leaves the matches that wait for the
    history as they are, for a later start.  Saves that windows are playing
    are left alone."""
    done = Recovered()
    _migrate(folder, done)
    done.cleaned = clean_temporaries(folder, now)
    if not finish:
        return done
    if recorder is not None:
        for file in reversed(pending_files(folder)):  # the oldest first
            _write_pending(folder, file.uid, file.path, recorder, done)
    for file in saved_files(folder):
        _finish_if_over(folder, file.uid, file.path, recorder, done)
    return done


def _migrate(folder: Path, done: Recovered) -> None:
    legacy = legacy_file(folder)
    if not legacy.exists():
        return
    try:
        moved = migrate_legacy(folder)
    except OSError as exc:
        done.problems.append(f"{exc.filename or legacy}: {exc.strerror or exc}")
        return
    if moved is None:
        if legacy.exists():
            _set_aside(legacy, _legacy_problem(legacy), done)
        return
    with contextlib.suppress(OSError, ValueError):  # else listed with what is wrong with it
        done.migrated.append(read_save(moved))


def _legacy_problem(path: Path) -> str:
    try:
        read_save(path)
    except (OSError, ValueError) as exc:
        return problem_line(exc)
    return "not a save of this game"  # pragma: no cover (migrate_legacy takes every save)


def _set_aside(path: Path, problem: str, done: Recovered) -> None:

    try:
        done.set_aside.append((set_aside(path), problem))
    except OSError as exc:
        done.problems.append(f"{path}: {exc.strerror or exc}")


def _rebuilt(path: Path, uid: str) -> tuple[SaveGame, Session]:
    """The save at ``path`` and its match, rebuilt even when it is over."""
    from dummy_tui.ui.session import SaveError, Session

    save = read_save(path)
    if save.history is not None and save.history != uid:
        raise SaveError(f"it holds match {save.history}, not the one of its name")
    session = Session.from_save(save, over=True)
    session.history_uid = uid
    return save, session


def _to_look_at(path: Path) -> bool:
    """Whether the save at ``path`` may hold a match that is over or rounds
    the history lacks, as its JSON tells without replaying it: saved after a
    round's last move, or kept whole, or with fewer rounds recorded than
    finished, or of the first version (which does not say).  A save that
    cannot be read is looked at closely too."""

    try:
        data, _ = json_problem(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return True
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        return True
    rounds, recorded = data.get("rounds"), data.get("recorded")
    if not isinstance(rounds, list) or not isinstance(recorded, int) or recorded < len(rounds):
        return True
    return data.get("ended") is not False or data.get("current") is None


def _finish_if_over(
    folder: Path, uid: str, path: Path, recorder: Recorder | None, done: Recovered
) -> None:
    """The save of match ``uid``: a match that is over is finished, the
    rounds the history lacks of one that goes on are written to it."""
    from dummy_tui.ui.session import SaveError

    if not _to_look_at(path):
        return  # a match in the middle of a round, all of it in the history
    with locked(folder, uid) as lock:
        if lock is None:
            return  # being played in another window
        try:
            save, session = _rebuilt(path, uid)
        except FileNotFoundError:
            return
        except NewerSave:
            return  # a newer version can read it: left as it is
        except (OSError, ValueError, SaveError) as exc:
            _set_aside(path, problem_line(exc), done)
            return
        try:
            if not session.match.is_over:
                _catch_up(path, save, session, recorder, done)
                return
            finished = finish_match(folder, session, recorder, _written_at(path))
        except OSError as exc:
            done.problems.append(f"{exc.filename or path}: {exc.strerror or exc}")
            return
        if finished.kept is not None:
            done.kept.append(save)
        else:
            done.finished.append((save, finished.written or 0))


def _written_at(path: Path) -> datetime:
    """When the file was last written: a match kept once over ended then."""
    return datetime.fromtimestamp(path.stat().st_mtime, UTC)


def _catch_up(
    path: Path, save: SaveGame, session: Session, recorder: Recorder | None, done: Recovered
) -> None:
    """Write the rounds of a saved match that the history lacks (a kill or a
    busy history kept them from it), then note in its save that they are
    there; it keeps the time it was last played.  OSError if it cannot."""
    if recorder is None or session.history_rounds >= len(session.finished):
        return
    written = recorder.catch_up(session)
    if written is None:
        return  # left in the save for the next chance
    from dummy_tui.ui.settings import save_text

    played = path.stat().st_mtime
    atomic_write(path, save_text(save.model_copy(update={"recorded": session.history_rounds})))
    os.utime(path, (played, played))
    if written:
        done.caught_up.append((save, written))


def _write_pending(folder: Path, uid: str, path: Path, recorder: Recorder, done: Recovered) -> None:
    from dummy_tui.ui.session import SaveError

    with locked(folder, uid) as lock:
        if lock is None:
            return  # another window's start is writing it
        try:
            save, session = _rebuilt(path, uid)
        except FileNotFoundError:
            return
        except NewerSave:
            return
        except (OSError, ValueError, SaveError) as exc:
            _set_aside(path, problem_line(exc), done)
            return
        if recorder.catch_up(session, _written_at(path)) is None:
            if recorder.busy:
                done.kept.append(save)
            return  # kept for a later start
        try:
            remove_file(path)
        except OSError as exc:
            done.problems.append(f"{path}: {exc.strerror or exc}")
        done.written.append(save)
