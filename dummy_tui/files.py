"""Files written whole or not at all: the saves, the settings, exported records
and history exports all go through :func:`atomic_open`; the stylesheet cache
through :func:`write_atomic_bytes`."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any


@contextlib.contextmanager
def atomic_open(path: Path) -> Iterator[IO[str]]:
    """``path`` opened to write UTF-8 text that a reader sees old or new, never
    half: a temporary file beside it, synced, renamed over it at the end and the
    folder synced.  On any error (text UTF-8 cannot hold included) the old file
    stays as it was and the temporary one is removed."""
    with _beside(path, "w", durable=True) as f:
        yield f


def write_atomic_bytes(path: Path, data: bytes, durable: bool = True) -> None:
    """``data`` written to ``path`` as :func:`atomic_open` writes text.  With
    ``durable=False`` nothing is synced: a reader still sees the old file or
    the new one, but a crash may lose the write (for a cache, which costs only
    the time to make it again)."""
    with _beside(path, "wb", durable) as f:
        f.write(data)


@contextlib.contextmanager
def _beside(path: Path, mode: str, durable: bool) -> Iterator[IO[Any]]:
    """A temporary file beside ``path`` (readable by its owner alone), opened in
    ``mode``, renamed over ``path`` once written; removed on any error."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        text = "b" not in mode
        with os.fdopen(
            fd, mode, encoding="utf-8" if text else None, newline="\n" if text else None
        ) as f:
            yield f
            if durable:
                f.flush()
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if durable:
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
