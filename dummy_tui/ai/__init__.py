"""AI players: each chooses an action from one seat's view (no textual here)."""

from __future__ import annotations

from dummy_tui.ai.base import Player, RandomPlayer

LEVELS = ("random",)


def make_player(level: str, seed: int | None = None) -> Player:
    """A player of the given level, seeded for repeatable play."""
    if level == "random":
        return RandomPlayer(seed)
    raise ValueError(f"unknown AI level {level!r} (levels: {', '.join(LEVELS)})")


__all__ = ["LEVELS", "Player", "RandomPlayer", "make_player"]
