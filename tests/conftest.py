"""Settings for the whole test suite."""

from __future__ import annotations

import sys

# Rewriting the test modules' asserts takes several seconds a run; pytest keeps the
# result in __pycache__ unless Python is told not to write bytecode, as some
# environments do (PYTHONDONTWRITEBYTECODE).  The suite keeps it anyway.
sys.dont_write_bytecode = False
