"""The build: the modules setup.py compiles with mypyc, and which build is installed.

CI installs both builds and tells each test run which one it has
(``DUMMY_TUI_EXPECT_BUILD=compiled`` or ``pure``): a compiled install that
fell back to pure Python, or a pure one that holds extensions, fails here.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXPECT = os.environ.get("DUMMY_TUI_EXPECT_BUILD")


def mypyc_config() -> dict[str, list[str]]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        config: dict[str, list[str]] = tomllib.load(f)["tool"]["dummy-tui"]["mypyc"]
    return config


def compiled_modules() -> list[str]:
    """The modules setup.py compiles (pyproject.toml's globs less its exclusions)."""
    config = mypyc_config()
    paths = {p.relative_to(ROOT).as_posix() for g in config["include"] for p in ROOT.glob(g)}
    kept = sorted(paths - set(config["exclude"]))
    return [p.removesuffix(".py").replace("/", ".") for p in kept]


def is_extension(module: str) -> bool:
    path = importlib.import_module(module).__file__ or ""
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def test_the_compiled_modules_are_the_engine_and_the_dummy_ai() -> None:
    """Every excluded file exists (a misspelt one would compile what it means to
    leave out), and the hot modules are among those compiled."""
    for path in mypyc_config()["exclude"]:
        assert (ROOT / path).is_file(), path
    modules = compiled_modules()
    for hot in (
        "dummy_tui.engine.round",
        "dummy_tui.engine.families.dummy_legal",
        "dummy_tui.ai.dummy.evaluator",
    ):
        assert hot in modules
    assert "dummy_tui.ai.dummy.search" not in modules
    assert not [m for m in modules if m.startswith(("dummy_tui.ui", "dummy_tui.rules"))]


@pytest.mark.skipif(EXPECT is None, reason="DUMMY_TUI_EXPECT_BUILD names the build to expect")
def test_the_installed_build_is_the_one_expected() -> None:
    assert EXPECT in ("compiled", "pure")
    modules = compiled_modules()
    extensions = [m for m in modules if is_extension(m)]
    if EXPECT == "compiled":
        assert extensions == modules
    else:
        assert extensions == []
    assert not is_extension("dummy_tui.ai.dummy.search")  # never compiled
