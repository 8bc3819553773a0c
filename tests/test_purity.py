"""The rules engine, the rulesets and the AI never import Textual or rich, nor
the network (websockets, asyncio); the host imports no Textual."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Imports every module under the package (pkgutil), then reports which modules
# were imported and which of them brought textual or rich into sys.modules.
SCRIPT = """
import importlib, json, pkgutil, sys

FORBIDDEN = tuple(sys.argv[2].split(","))
package = importlib.import_module(sys.argv[1])
found = {}
for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
    before = set(sys.modules)
    importlib.import_module(info.name)
    new = set(sys.modules) - before
    found[info.name] = sorted(m for m in new if m.split(".")[0] in FORBIDDEN)
ui = sorted(m for m in sys.modules if m.split(".")[0] in FORBIDDEN)
print(json.dumps({"modules": sorted(found), "offenders": {k: v for k, v in found.items() if v},
                  "loaded": ui}))
"""

EXPECTED_MODULES = {
    "dummy_tui.engine": {
        "dummy_tui.engine.cards",
        "dummy_tui.engine.melds",
        "dummy_tui.engine.relations",
        "dummy_tui.engine.goout",
        "dummy_tui.engine.errors",
        "dummy_tui.engine.round",
        "dummy_tui.engine.deadwood",
        "dummy_tui.engine.families.dummy",
        "dummy_tui.engine.families.gin",
        "dummy_tui.engine.families.rummy",
        "dummy_tui.engine.families.persian",
        "dummy_tui.engine.record",
        "dummy_tui.engine.match",
    },
    "dummy_tui.rules": {"dummy_tui.rules.loader", "dummy_tui.rules.schema"},
    "dummy_tui.ai": {"dummy_tui.ai.base"},
}


@pytest.mark.parametrize("package", sorted(EXPECTED_MODULES))
def test_no_textual_and_no_rich(package: str) -> None:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, package, "textual,rich,websockets,asyncio"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert EXPECTED_MODULES[package] <= set(report["modules"]), report["modules"]
    # Name the modules that pulled them in, not just the fact.
    offenders = {name: mods[0] for name, mods in report["offenders"].items()}
    assert offenders == {}, f"these import textual/rich/the network: {offenders}"
    assert report["loaded"] == []


def test_the_host_runs_without_textual() -> None:
    """``dummy-tui host`` on a server without a terminal: the table and its
    session load no Textual (nor rich)."""
    script = (
        "import sys, dummy_tui.net.server, dummy_tui.net.commands, dummy_tui.ui.recording; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


# The lower layers: the history, the config, the files of the data folder.
# They may say things through the catalogs (dummy_tui.i18n, no Textual) and
# name the keys (dummy_tui.keynames), but import nothing else of the screens
# nor the command layer above them (dummy_tui.commands, dummy_tui.cli).
LOWER = ["dummy_tui/history", "dummy_tui/config.py", "dummy_tui/storage.py", "dummy_tui/saves.py"]
ALLOWED_UI = {"dummy_tui.i18n", "dummy_tui.keynames"}


def test_the_lower_layers_import_no_screen_and_no_command() -> None:
    import ast

    found = []
    for entry in LOWER:
        path = ROOT / entry
        for module in sorted(path.rglob("*.py")) if path.is_dir() else [path]:
            for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                elif isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                else:
                    continue
                for name in names:
                    above = name in ("dummy_tui.commands", "dummy_tui.cli")
                    screen = name.startswith("dummy_tui.ui") and name not in ALLOWED_UI
                    if above or screen:
                        found.append(f"{module.relative_to(ROOT)}:{node.lineno} {name}")
    assert found == []


def test_no_screen_imports_the_app() -> None:
    """Screens reach the game's app through ui/gameapp.py's typed ``dapp`` and
    never import ui/app.py, which imports them (at run time or lazily)."""
    import ast

    found = []
    for module in sorted((ROOT / "dummy_tui" / "ui" / "screens").glob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "dummy_tui.ui.app":
                found.append(f"{module.name}:{node.lineno}")
    assert found == []


BELOW_THE_SCREENS = sorted(
    path
    for package in ("engine", "rules", "ai", "history")
    for path in (ROOT / "dummy_tui" / package).rglob("*.py")
) + [ROOT / "dummy_tui" / f"{name}.py" for name in ("config", "storage", "saves", "families")]
"""The layers under the interface and the commands."""


@pytest.mark.parametrize("path", BELOW_THE_SCREENS, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_layers_below_import_nothing_of_the_interface_or_the_commands(path: Path) -> None:
    """Anywhere in the file: at the top or inside a function."""
    above = ("dummy_tui.ui", "dummy_tui.net", "dummy_tui.commands", "dummy_tui.cli")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    imported += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert [m for m in imported if m.startswith(above)] == []
