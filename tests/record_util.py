"""The record most tests replay, for the engine's tests and the command line's."""

from __future__ import annotations

from typing import Any


def dark_knock(**changes: Any) -> dict[str, Any]:
    """A record of four moves with *changes*: Ann draws 6♥, melds twice and knocks dark."""
    data: dict[str, Any] = {
        "format": "dummy-tui-record/1",
        "ruleset": "dummy",
        "players": ["Ann", "Bo", "Chai", "Dao"],
        "deal": {
            "hands": [
                ["3H", "4H", "5H", "9C", "9D", "9S", "KD"],
                ["2D", "3D", "4D", "5S", "6S", "7S", "8C"],
                ["10C", "JC", "QC", "KC", "AC", "10D", "JD"],
                ["2C", "QS", "AD", "AH", "AS", "10H", "JH"],
            ],
            "upcard": "8D",
            "stock": ["6H"],
        },
        "moves": ["draw", "meld 3H 4H 5H 6H", "meld 9C 9D 9S", "knock KD"],
    }
    data.update(changes)
    return data
