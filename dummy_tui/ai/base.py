"""The one interface every AI player implements, in every family.

An AI player is given one seat's view (:class:`~dummy_tui.engine.view.PlayerView`,
or its family's subclass) and the legal actions, and returns one of those
actions.  It never sees the full state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, TypeVar

from dummy_tui.engine.actions import Action
from dummy_tui.engine.view import PlayerView

V_contra = TypeVar("V_contra", bound=PlayerView, contravariant=True)
V = TypeVar("V", bound=PlayerView)

DEFAULT_BUDGET_MS = 300.0
"""Thinking time per decision of a ``hard`` player that is given none."""


class Player(Protocol[V_contra]):
    """Chooses an action from what one seat may know."""

    level: str

    def choose(self, view: V_contra, legal: list[Action]) -> Action: ...


class RandomPlayer:
    """Uniform over the legal actions, in any family: the baseline for measurements."""

    level = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        return self.pick(legal)

    def pick(self, legal: list[Action]) -> Action:
        """The choice, which reads no view: ``sim`` builds none for this player."""
        return self.rng.choice(legal)


def own_stream(seed: int | None, family: str) -> int | None:
    """The seed of a family's players other than Dummy's, from a seat's seed.

    Dummy's players take the seat's seed as it is; the families added after
    it draw their own stream from it, as they always have (seeded play and
    every measured figure depend on it).
    """
    return None if seed is None else seed * 7 + len(family)


def leveled(
    family: str, make: Callable[[str, int | None], Player[V]]
) -> Callable[[str, int | None, float, int | None], Player[V]]:
    """The ``player(level, seed, budget_ms, samples)`` function of a family whose
    levels above ``random`` are one class, ``make(level, seed)``: none of them
    thinks by the clock or by samples, so those two are not used."""

    def player(level: str, seed: int | None, budget_ms: float, samples: int | None) -> Player[V]:
        own = own_stream(seed, family)
        return RandomPlayer(own) if level == "random" else make(level, own)

    return player
