"""The saved matches of a data folder, as files: one save per match, a lock
while a window plays it, what the history could not take yet.

Plain files and OS locks only (no game, no interface), given the data folder:

- ``saves/<uid>.json``: the save of the match whose history uid is ``uid``
  (written after every move, by the window that holds its lock);
- ``saves/<uid>.lock``: the match's lock, held with an OS file lock
  (``flock``; ``msvcrt.locking`` on Windows) for as long as a window plays it.
  A process that dies lets go of it with its open files: no lock outlives its
  window, whatever ends it.  The file is removed by the window that lets go;
  one left by a killed window holds nothing;
- ``history-pending/<uid>.json``: a finished match the history could not take
  (it was in use by another program), in the save's format, written to the
  history at the next start;
- ``save.json``: the one save of earlier versions, moved into ``saves/`` once.

Every file is written whole or not at all (:func:`dummy_tui.files.atomic_open`);
a write killed half way leaves a temporary ``.<uid>.json.*.tmp`` beside it,
removed by :func:`clean_temporaries` once no window holds that match.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from dummy_tui.files import atomic_open, sync_folder

SAVES = "saves"
PENDING = "history-pending"
LEGACY = "save.json"
"""The one save of earlier versions, in the data folder itself."""

UID = re.compile(r"[0-9a-f]{32}\Z")
"""A match's uid: the name of its save, its lock and its pending file."""

_TEMPORARY = re.compile(r"\.([0-9a-f]{32})\.json\.[^.]+\.tmp\Z")
_LOCK = re.compile(r"([0-9a-f]{32})\.lock\Z")
_LEGACY_TEMPORARY = re.compile(r"\.save\.json\.[^.]+\.tmp\Z")

LEGACY_TEMPORARY_AGE = 600.0
"""Seconds after which a temporary file of the old save is a kill's leftover:
an atomic write takes milliseconds, and no window of this version writes it."""


def saves_dir(folder: Path) -> Path:
    return folder / SAVES


def pending_dir(folder: Path) -> Path:
    return folder / PENDING


def save_file(folder: Path, uid: str) -> Path:
    return saves_dir(folder) / f"{uid}.json"


def lock_file(folder: Path, uid: str) -> Path:
    return saves_dir(folder) / f"{uid}.lock"


def pending_file(folder: Path, uid: str) -> Path:
    return pending_dir(folder) / f"{uid}.json"


def legacy_file(folder: Path) -> Path:
    return folder / LEGACY


@dataclass(frozen=True, slots=True)
class SavedFile:
    """A match's file in ``saves/`` (or ``history-pending/``): its uid and when
    it was last written (seconds since the epoch)."""

    uid: str
    path: Path
    mtime: float


def _match_files(folder: Path) -> list[SavedFile]:
    found = []
    with contextlib.suppress(OSError):
        for path in folder.iterdir():
            uid = path.name.removesuffix(".json")
            if path.name.endswith(".json") and UID.match(uid):
                try:
                    found.append(SavedFile(uid, path, path.stat().st_mtime))
                except OSError:
                    continue  # removed meanwhile
    found.sort(key=lambda f: (-f.mtime, f.uid))
    return found


def saved_files(folder: Path) -> list[SavedFile]:
    """The saves of the data folder ``folder``, the last played first."""
    return _match_files(saves_dir(folder))


def saved_count(folder: Path) -> int:
    """How many saves there are (the old single one included), from the folder alone."""
    return len(saved_files(folder)) + legacy_file(folder).exists()


def pending_files(folder: Path) -> list[SavedFile]:
    """The finished matches waiting for the history, the oldest last."""
    return _match_files(pending_dir(folder))


# ----------------------------------------------------------------------
# locks


class MatchLock:
    """A match's lock, held: an OS lock on its lock file, kept open."""

    def __init__(self, path: Path, handle: IO[bytes]) -> None:
        self.path = path
        self._handle: IO[bytes] | None = handle

    @classmethod
    def take(cls, folder: Path, uid: str) -> MatchLock | None:
        """Match ``uid``'s lock, or None when another window (process) holds it.

        Raises OSError when the lock file cannot be made (a read-only folder).
        """
        path = lock_file(folder, uid)
        path.parent.mkdir(parents=True, exist_ok=True)
        busy = 0
        for _ in range(100):
            handle = open(path, "a+b")  # noqa: SIM115 (kept open while the lock is held)
            try:
                if not _lock(handle):
                    handle.close()
                    # a look that holds it for an instant (held_elsewhere, tidying)
                    # is waited for; a window playing the match is not
                    busy += 1
                    if busy > 5:
                        return None
                    time.sleep(0.01)
                    continue
                # the holder may have removed the file (and another made it again)
                # between its opening here and the lock: then this lock is on a
                # file nobody else will look at, and it is taken again
                if _same_file(handle, path):
                    return cls(path, handle)
            except BaseException:
                handle.close()
                raise
            handle.close()
        raise OSError(f"{path}: could not be locked")  # pragma: no cover

    @property
    def held(self) -> bool:
        return self._handle is not None

    def release(self) -> None:
        """Let go: the lock file is removed first, so that it never stays behind."""
        handle = self._handle
        if handle is None:
            return
        self._handle = None
        with contextlib.suppress(OSError):  # a read-only folder, or Windows: left in place
            self.path.unlink()
        handle.close()


def held_elsewhere(folder: Path, uid: str) -> bool:
    """Whether another window holds match ``uid``'s lock (nothing is made to know)."""
    path = lock_file(folder, uid)
    try:
        handle = open(path, "rb")  # noqa: SIM115
    except OSError:
        return False  # no lock file: nobody holds it
    with handle:
        if not _lock(handle):
            return True
        _unlock(handle)
    return False


@contextlib.contextmanager
def locked(folder: Path, uid: str) -> Iterator[MatchLock | None]:
    """Match ``uid``'s lock for the block (None: another window holds it, or
    the folder cannot hold a lock file), let go at the end."""
    try:
        lock = MatchLock.take(folder, uid)
    except OSError:
        lock = None
    try:
        yield lock
    finally:
        if lock is not None:
            lock.release()


def _same_file(handle: IO[bytes], path: Path) -> bool:
    try:
        now = path.stat()
    except FileNotFoundError:
        return False
    mine = os.fstat(handle.fileno())
    return (mine.st_dev, mine.st_ino) == (now.st_dev, now.st_ino)


if sys.platform == "win32":  # pragma: no cover
    import msvcrt

    def _lock(handle: IO[bytes]) -> bool:
        handle.seek(0)
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(handle: IO[bytes]) -> None:
        handle.seek(0)
        with contextlib.suppress(OSError):
            msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(handle: IO[bytes]) -> bool:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(handle: IO[bytes]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


# ----------------------------------------------------------------------
# tidying


def clean_temporaries(folder: Path, now: float) -> list[Path]:
    """Remove the temporary files that writes killed half way left in the
    data folder ``folder``, and the lock files of windows killed; returns the
    temporary files removed.

    A match's (``saves/.<uid>.json.*.tmp``, the same in ``history-pending/``)
    only while nobody holds that match's lock: its window is the only writer.
    The old single save's (``.save.json.*.tmp``), which no window of this
    version writes, once :data:`LEGACY_TEMPORARY_AGE` old.
    """
    removed: list[Path] = []
    by_match: dict[str, list[Path]] = {}
    for place in (saves_dir(folder), pending_dir(folder)):
        with contextlib.suppress(OSError):
            for path in place.iterdir():
                found = _TEMPORARY.match(path.name) or _LOCK.match(path.name)
                if found is not None:
                    by_match.setdefault(found[1], []).append(path)
    for uid, paths in sorted(by_match.items()):
        with locked(folder, uid) as lock:  # a lock file left behind goes as it is let go
            if lock is None:
                continue
            for path in paths:
                if path != lock.path:
                    with contextlib.suppress(OSError):
                        path.unlink()
                        removed.append(path)
    with contextlib.suppress(OSError):
        for path in folder.iterdir():
            if _LEGACY_TEMPORARY.match(path.name):
                with contextlib.suppress(OSError):
                    if now - path.stat().st_mtime > LEGACY_TEMPORARY_AGE:
                        path.unlink()
                        removed.append(path)
    return removed


def migrate_legacy(folder: Path) -> Path | None:
    """Move the old single save (``save.json``) into ``saves/`` under its
    match's uid; returns where it went, or None when there is none, or it is
    not a save of this game (JSON with a ``format`` of ``dummy-tui-save/…``):
    that one is left for the caller to set aside.

    Idempotent, and safe wherever a kill lands: the file is renamed when it
    names its match; a save of a version that did not name it is written
    under a uid drawn from its text (the same again after a kill), then
    removed.  Done under the match's lock, and only once.  A save of another
    version is moved as it is, never written.
    """
    legacy = legacy_file(folder)
    try:
        text = legacy.read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict):
        return None
    written = data.get("format")
    if not (isinstance(written, str) and written.startswith("dummy-tui-save/")):
        return None
    uid = data.get("history")
    named = isinstance(uid, str) and UID.match(uid) is not None
    if not named:
        import hashlib  # only for a save of an earlier version: not at every start

        uid = hashlib.md5(text.encode("utf-8", "surrogatepass"), usedforsecurity=False).hexdigest()
    assert isinstance(uid, str)
    target = save_file(folder, uid)
    with locked(folder, uid) as lock:
        if lock is None:
            return None  # another window is moving it (or playing it already)
        try:
            if legacy.read_text(encoding="utf-8") != text:
                return None  # written again meanwhile (an earlier version still running)
        except FileNotFoundError:
            return target if target.exists() else None
        if named or written != "dummy-tui-save/1":  # a later version's: moved as it is
            os.replace(legacy, target)
        else:
            data["history"] = uid
            with atomic_open(target) as f:
                f.write(json.dumps(data, ensure_ascii=False) + "\n")
            legacy.unlink()
        sync_folder(folder)
    return target


def remove_file(path: Path) -> None:
    """Remove ``path`` if it is there (OSError if it cannot be)."""
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
