"""Where the game keeps its files: atomic writes, and damaged files set aside."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from dummy_tui.ui.storage import atomic_write


def test_text_utf8_cannot_hold_leaves_the_old_file_and_nothing_else(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    atomic_write(path, "old\n")
    with pytest.raises(UnicodeEncodeError):
        atomic_write(path, "new \ud800\n")
    assert path.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]  # no temporary file left


def test_the_folder_is_synced_after_the_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[tuple[bool, bool]] = []  # (a folder?, the new file in place?)
    path = tmp_path / "save.json"
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        folder = stat.S_ISDIR(os.fstat(fd).st_mode)
        placed = path.exists() and path.read_text(encoding="utf-8") == "new\n"
        synced.append((folder, placed))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    atomic_write(path, "new\n")
    assert synced == [(False, False), (True, True)]  # the file's data, then the folder
