"""Where the game keeps its files: atomic writes, and damaged files set aside."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest

from dummy_tui.storage import KEEP_DAMAGED, atomic_write, content_key, set_aside


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


def test_only_the_newest_files_set_aside_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "save.json"
    older = [
        "save.json.damaged-20240101-090000",
        "save.json.damaged-20240101-100000",
        "save.json.damaged-20240101-100000-2",
        "save.json.damaged-20240101-100000-10",  # later within that second than -2
    ]
    for name in [*older, "settings.json.damaged-20230101-000000", "save.json.damaged-notes"]:
        (tmp_path / name).write_text("{", encoding="utf-8")
    path.write_text("{", encoding="utf-8")
    monkeypatch.setattr(time, "strftime", lambda _: "20250101-120000")
    moved = set_aside(path)
    assert moved.name == "save.json.damaged-20250101-120000"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "save.json.damaged-20240101-100000-10",
        "save.json.damaged-20240101-100000-2",
        "save.json.damaged-20250101-120000",
        "save.json.damaged-notes",  # not a name set_aside gives: the player's own
        "settings.json.damaged-20230101-000000",  # another file's
    ]
    assert KEEP_DAMAGED == 3


def test_a_cache_key_changes_with_any_byte_and_with_where_the_files_part() -> None:
    text = b"[presets.dummy]\ntarget_score = 500\n"
    keys = {content_key(text)}
    for i in range(len(text)):  # every byte changed, one at a time
        changed = bytearray(text)
        changed[i] ^= 1
        keys.add(content_key(bytes(changed)))
    keys.add(content_key(text[:-1]))
    keys.add(content_key(text[:9], text[9:]))  # the same bytes, split otherwise
    keys.add(content_key(text[:10], text[10:]))
    assert len(keys) == len(text) + 4
    assert content_key(text) == content_key(bytes(text))  # and nothing else moves it


def test_a_cache_written_without_syncs_is_still_whole_and_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dummy_tui.files import write_atomic_bytes

    path = tmp_path / "css.pickle"
    write_atomic_bytes(path, b"old", durable=False)
    synced: list[int] = []
    monkeypatch.setattr(os, "fsync", synced.append)
    write_atomic_bytes(path, b"new", durable=False)
    assert synced == []  # a cache: nothing synced
    assert path.read_bytes() == b"new"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600  # readable by its owner alone
    with pytest.raises(TypeError):
        write_atomic_bytes(path, "text, not bytes", durable=False)  # type: ignore[arg-type]
    assert path.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["css.pickle"]  # no temporary file left
