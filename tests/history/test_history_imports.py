"""The history's modules import neither Textual nor rich (rich only when a command prints)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import importlib, json, pkgutil, sys
import dummy_tui.history as package
names = [i.name for i in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]
for name in names:
    importlib.import_module(name)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("textual", "rich"))
print(json.dumps({"modules": names, "loaded": loaded}))
"""


def test_the_history_imports_no_interface() -> None:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert "dummy_tui.history.commands" in report["modules"]
    assert report["loaded"] == []
