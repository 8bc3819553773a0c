"""The stylesheets parsed at one start are taken from the cache folder at the
next: the game's own and every widget's, with the theme's variables."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

# dummy-tui started to its new-game screen and closed again, headless, with
# Textual's parser counting the stylesheets it parses
START = """
import textual.css.stylesheet as sheet
from textual.app import App

parsed = []
real_parse = sheet.parse


def counting(scope, css, read_from, *args, **kwargs):
    parsed.append(read_from)
    return real_parse(scope, css, read_from, *args, **kwargs)


sheet.parse = counting
run = App.run


def headless(app, *args, **kwargs):
    async def look_and_leave(pilot):
        while type(app.screen).__name__ != "NewGameScreen":
            await pilot.pause()
        await pilot.pause()
        app.exit()

    return run(app, headless=True, auto_pilot=look_and_leave)


App.run = headless
from dummy_tui.cli import main

code = main([])
print("PARSED", len(parsed), sum("dummy.tcss" in str(where) for where in parsed))
raise SystemExit(code)
"""


def start(home: Path) -> tuple[int, int]:
    """(stylesheets parsed, of which the game's own) in one start in ``home``."""
    env = dict(os.environ, DUMMY_TUI_HOME=str(home), LANG="C.UTF-8")
    done = subprocess.run(
        [sys.executable, "-c", START], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-3000:]
    line = next(line for line in done.stdout.splitlines() if line.startswith("PARSED "))
    total, own = line.split()[1:]
    return int(total), int(own)


def test_the_next_start_parses_no_stylesheet_and_a_damaged_cache_is_made_again(
    tmp_path: Path,
) -> None:
    total, own = start(tmp_path)
    assert total >= 5 and own == 1  # Textual's, the widgets' and the game's own
    cache = tmp_path / "cache" / "css.pickle"
    assert cache.is_file()
    assert start(tmp_path) == (0, 0)

    cache.write_bytes(cache.read_bytes()[: cache.stat().st_size // 2])  # cut short
    assert start(tmp_path) == (total, own)  # parsed again, without a word
    assert start(tmp_path) == (0, 0)  # and kept again

    data = pickle.loads(cache.read_bytes())
    data["textual"] = "another Textual"  # its rules may not be this one's
    cache.write_bytes(pickle.dumps(data))
    assert start(tmp_path) == (total, own)
