from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import textual._wait

from dummy_tui.ui.i18n import set_language

# Pilot waits for the app to be idle by sleeping in steps of 20 ms and watching
# whether the process used the CPU meanwhile: every key press and pause costs at
# least 40 ms of sleep however little there is to do.  The same watch in steps
# of 2 ms (idle: under a tenth of the step on the CPU) tells idle from busy just
# as well, and the tests spend their time on the game instead of asleep.
textual._wait.SLEEP_GRANULARITY = 0.002
textual._wait.SLEEP_IDLE = 0.0002


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
