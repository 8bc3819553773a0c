"""What more than one benchmark sets up the same way."""

from __future__ import annotations

import json
import os


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
