from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import textual._wait
from textual.pilot import Pilot

from dummy_tui.i18n import set_keys, set_language
from dummy_tui.ui.csscache import install as keep_parsed_css

# Pilot waits for the app to be idle by sleeping in steps of 20 ms and watching
# whether the process used the CPU meanwhile: every key press and pause costs at
# least 40 ms of sleep however little there is to do.  The same watch in steps
# of 2 ms (idle: under a tenth of the step on the CPU) tells idle from busy just
# as well, and the tests spend their time on the game instead of asleep.
textual._wait.SLEEP_GRANULARITY = 0.002
textual._wait.SLEEP_IDLE = 0.0002

# Every app a test starts parses the same stylesheets again (the app's and
# every widget's default CSS), about a tenth of starting one.  The game's own
# memory of parsed rules serves the whole run (never the cache folder: each
# test has its own, and a game that keeps its files would write there).
keep_parsed_css(on_disk=False)

_resize_terminal = Pilot.resize_terminal


async def _resized(self: Pilot[Any], width: int, height: int) -> None:
    """Resize, and wait until the screen has taken the new size (a busy machine
    may need more than one pause for it) and drawn a frame at it."""
    await _resize_terminal(self, width, height)
    for _ in range(100):
        if tuple(self.app.screen.size) == (width, height):
            break
        await self.pause()
    await self.pause()
    await self.pause()


Pilot.resize_terminal = _resized  # type: ignore[method-assign]


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
    set_keys({})  # the keys the last app's keymap gave the texts, as a new app would
