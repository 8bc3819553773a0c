"""What ``dummy-tui`` loads before its first frame: the new-game screen comes
up without the rules' models (pydantic), the history's database (sqlite3), the
engine's families, the AI or the completion library; they load when first used
or in the background after that frame (benchmarks/startup.py times both)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOT_YET = (
    "pydantic",
    "sqlite3",
    "argcomplete",
    "tomllib",  # a config file's reader: read from the kept JSON when there is none
    "getpass",
    "hashlib",  # OpenSSL: the caches' keys are CRC-32s (storage.content_key)
    "dummy_tui.history.commands",  # the other commands' arguments: `play` needs none
    "dummy_tui.net.commands",
    "dummy_tui.rules.schema",
    "dummy_tui.history.store",
    "dummy_tui.engine.families.dummy",
    "dummy_tui.ai.dummy",
    "dummy_tui.ui.screens.table",
    "dummy_tui.net.server",
)


def modules_at_first_frame(home: Path) -> set[str]:
    listed = home / "modules.txt"
    env = dict(
        os.environ,
        DUMMY_TUI_HOME=str(home),
        BENCH_T0=repr(time.time()),
        BENCH_MODULES=str(listed),
    )
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "startup.py"), "--child", "game"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return set(listed.read_text(encoding="utf-8").split())


def test_the_new_game_screen_comes_up_without_what_it_does_not_show(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    setup = {"seats": [{"name": "You", "human": True}, {"name": "Somchai", "level": "normal"}]}
    (tmp_path / "config" / "settings.json").write_text(
        json.dumps({"lang": "en", "last_setup": {**setup, "ruleset": "dummy"}}), encoding="utf-8"
    )
    first = modules_at_first_frame(tmp_path)  # the first start writes what later starts read
    # even then the new-game screen's facts come with the game (ui/start_facts.json)
    assert not {"pydantic", "dummy_tui.rules.schema", "dummy_tui.ai"} & first
    loaded = modules_at_first_frame(tmp_path)
    assert "dummy_tui.ui.screens.new_game" in loaded  # it did reach the screen
    early = sorted(m for m in loaded for name in NOT_YET if m == name or m.startswith(name + "."))
    assert early == [], f"loaded before the first frame: {early}"
