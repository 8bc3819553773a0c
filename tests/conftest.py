"""Settings for the whole test suite."""

from __future__ import annotations

import os
import sys

# Rewriting the test modules' asserts takes several seconds a run; pytest keeps the
# result in __pycache__ unless Python is told not to write bytecode, as some
# environments do (PYTHONDONTWRITEBYTECODE).  The suite keeps it anyway.
sys.dont_write_bytecode = False

# A bug in the game history is raised in the tests, not reported as "history unavailable".
os.environ.setdefault("DUMMY_TUI_HISTORY_STRICT", "1")
