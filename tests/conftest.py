"""Settings for the whole test suite."""

from __future__ import annotations

import logging
import os
import sys
import tempfile
from collections.abc import Iterator

import pytest
import textual.constants

from dummy_tui import logs

# Rewriting the test modules' asserts takes several seconds a run; pytest keeps the
# result in __pycache__ unless Python is told not to write bytecode, as some
# environments do (PYTHONDONTWRITEBYTECODE).  The suite keeps it anyway.
sys.dont_write_bytecode = False

# A bug in the game history is raised in the tests, not reported as "history unavailable".
os.environ.setdefault("DUMMY_TUI_HISTORY_STRICT", "1")

# The commands speak the language last chosen in the game (settings.json): a
# test never reads the person's own settings, history or saves, only a folder
# of the run's own (a test that needs its own folder sets DUMMY_TUI_HOME again).
os.environ.setdefault("DUMMY_TUI_HOME", tempfile.mkdtemp(prefix="dummy-tui-tests-"))

# The game refuses a terminal that cannot show its screen (TERM=dumb, as some
# CI runners set): the tests that start the screen run it headless, wherever.
if os.environ.get("TERM") == "dumb":
    os.environ["TERM"] = "xterm-256color"

# Without animations a scroll (e.g. to the widget that takes the focus) is done when the
# next frame is, so a snapshot never catches one halfway on a loaded machine.  Textual
# reads TEXTUAL_ANIMATIONS when it is imported, which its snapshot plugin did already;
# each App takes its level from this constant when it is made.
textual.constants.TEXTUAL_ANIMATIONS = "none"  # type: ignore[misc]


@pytest.fixture(autouse=True)
def no_log_left() -> Iterator[None]:
    """The log files a test opened (through its config or ``--log``) closed after it,
    as the process's end would: every test, since a log file left open sends a
    later test's log (an AI failure's) to it instead of to the data folder."""
    yield
    for handler in list(logs.logger.handlers):
        if isinstance(handler, logging.FileHandler):
            logs.stop(handler)
