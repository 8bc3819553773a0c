"""What more than one benchmark sets up the same way."""

from __future__ import annotations

import json
import os
from pathlib import Path


def first_game_home(path: str) -> str:
    """``path`` as a data folder (``DUMMY_TUI_HOME``) with the settings a player
    has after a first game: the language and the last set-up."""
    os.makedirs(os.path.join(path, "config"), exist_ok=True)
    setup = {
        "seats": [
            {"name": "You", "human": True},
            *({"name": n, "level": "normal"} for n in ("Somchai", "Malee", "Niran")),
        ],
        "ruleset": "dummy",
    }
    with open(os.path.join(path, "config", "settings.json"), "w", encoding="utf-8") as f:
        json.dump({"lang": "en", "last_setup": setup}, f)
    return path


def build() -> str:
    """The build of dummy_tui imported: compiled (mypyc) or pure Python, and where
    the package was found."""
    import dummy_tui.engine.families.gin as gin

    where = Path(gin.__file__ or "?")
    kind = "compiled" if where.suffix in (".so", ".pyd") else "pure Python"
    return f"{kind}, from {where.parents[3]}"
