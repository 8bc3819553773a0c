"""The saves' files on their own: a match's lock, the one save of earlier
versions moved in (again and again, as after a kill), the saves listed."""

from __future__ import annotations

import json
from pathlib import Path

from dummy_tui.saves import (
    MatchLock,
    held_elsewhere,
    legacy_file,
    lock_file,
    migrate_legacy,
    save_file,
    saved_count,
    saved_files,
)

UID = "f" * 32


def test_a_lock_is_held_once_and_goes_with_its_file(tmp_path: Path) -> None:
    assert not held_elsewhere(tmp_path, UID)
    lock = MatchLock.take(tmp_path, UID)
    assert lock is not None and lock_file(tmp_path, UID).exists()
    assert MatchLock.take(tmp_path, UID) is None  # a second window (any other open file)
    assert held_elsewhere(tmp_path, UID)
    lock.release()
    assert not lock_file(tmp_path, UID).exists()  # nothing left behind
    assert not held_elsewhere(tmp_path, UID)
    again = MatchLock.take(tmp_path, UID)
    assert again is not None
    again.release()


def test_a_lock_file_a_killed_window_left_holds_nothing(tmp_path: Path) -> None:
    left = lock_file(tmp_path, UID)
    left.parent.mkdir(parents=True)
    left.write_bytes(b"")  # its window died holding it: the OS let go of the lock
    assert not held_elsewhere(tmp_path, UID)
    lock = MatchLock.take(tmp_path, UID)
    assert lock is not None
    lock.release()


def legacy_save(folder: Path, named: bool) -> str:
    data = {"format": "dummy-tui-save/1", "setup": {"seats": [], "seed": 3}, "rounds": []}
    if named:
        data["history"] = UID
    text = json.dumps(data)
    legacy_file(folder).parent.mkdir(parents=True, exist_ok=True)
    legacy_file(folder).write_text(text, encoding="utf-8")
    return text


def test_the_old_save_is_moved_once_whatever_a_kill_left(tmp_path: Path) -> None:
    text = legacy_save(tmp_path, named=True)
    moved = migrate_legacy(tmp_path)
    assert moved == save_file(tmp_path, UID)
    assert moved.read_text(encoding="utf-8") == text  # renamed, not written
    assert not legacy_file(tmp_path).exists()
    assert migrate_legacy(tmp_path) is None  # once
    assert [f.uid for f in saved_files(tmp_path)] == [UID]


def test_an_old_save_without_its_uid_gets_the_same_one_after_a_kill(tmp_path: Path) -> None:
    legacy_save(tmp_path, named=False)
    first = migrate_legacy(tmp_path)
    assert first is not None
    written = first.read_text(encoding="utf-8")
    legacy_save(tmp_path, named=False)  # as if killed after the write, before the removal
    second = migrate_legacy(tmp_path)
    assert second == first and second.read_text(encoding="utf-8") == written
    assert json.loads(written)["history"] == first.stem
    assert not legacy_file(tmp_path).exists()
    assert saved_count(tmp_path) == 1


def test_a_file_that_is_not_a_save_is_left_for_the_caller(tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    legacy_file(tmp_path).write_text("{ not json", encoding="utf-8")
    assert migrate_legacy(tmp_path) is None
    assert legacy_file(tmp_path).exists()
    assert saved_count(tmp_path) == 1  # still counted until it is set aside
