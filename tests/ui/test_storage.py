"""Where the game keeps its files: atomic writes, and damaged files set aside."""

from __future__ import annotations

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
