"""Files written whole or not at all: the saves, the settings, exported records
and history exports all go through :func:`atomic_open`."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO


@contextlib.contextmanager
def atomic_open(path: Path) -> Iterator[IO[str]]:
    """``path`` opened to write UTF-8 text that a reader sees old or new, never
    half: a temporary file beside it, synced, renamed over it at the end and the
    folder synced.  On any error (text UTF-8 cannot hold included) the old file
    stays as it was and the temporary one is removed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Make a rename in *folder* durable: until the folder itself is synced, a
    crash may leave its old entry (the old file) or, on some file systems,
    none at all.  Where a folder cannot be opened (Windows) or synced, the
    rename stands as the OS leaves it."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
