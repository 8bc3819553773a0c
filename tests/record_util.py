"""The records several test folders replay: the one most tests replay, for the engine's
tests and the command line's, and the corner of an ace laid off at either end of a run."""

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


def ace_at_either_end() -> dict[str, Any]:
    """A record that stops where an ace may be laid off at either end of a run (§14.1).

    P0 lays 3♣…K♣, P1 lays 2♣ off below it; P2 (ace_low_runs, unborn_play "free")
    holds A♣: it may go below the 2 or above the K."""
    return {
        "format": "dummy-tui-record/1",
        "ruleset": "dummy",
        "options": {"hand_size": {"3": 12}, "unborn_play": "free", "ace_low_runs": True},
        "players": ["P0", "P1", "P2"],
        "deal": {
            "hands": [
                ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "5D"],
                ["2C", "3D", "4D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD"],
                ["AC", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH"],
            ],
            "upcard": "2S",
            "stock": ["3S", "4S", "KH"],
        },
        "moves": [
            "draw", "meld 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "discard 5D", "draw",
            "layoff 2C 3C", "discard 3D", "draw",
        ],
    }  # fmt: skip
