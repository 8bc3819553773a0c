"""The interface every AI player implements.

An AI player is given one seat's :class:`PlayerView` and the legal actions,
and returns one of those actions.  It never sees the full state.
"""

from __future__ import annotations

import random
from typing import Protocol

from dummy_tui.engine.actions import Action
from dummy_tui.engine.state import PlayerView


class Player(Protocol):
    """Chooses an action from what one seat may know."""

    level: str

    def choose(self, view: PlayerView, legal: list[Action]) -> Action: ...


class RandomPlayer:
    """Uniform over the legal actions: the baseline for measurements."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        return self.rng.choice(legal)
