from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from dummy_tui.ui.i18n import set_language


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every interface test gets its own settings and save folders."""
    monkeypatch.setenv("DUMMY_TUI_HOME", str(tmp_path))
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")  # English, whatever the machine's locale
    set_language("en")
    yield tmp_path
    set_language("en")
