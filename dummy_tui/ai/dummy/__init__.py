"""Dummy's players: ``easy`` and ``normal`` (:mod:`.heuristic`), ``hard``
(:mod:`.search`), each reading one seat's :class:`DummyView`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dummy_tui.ai.base import Player, RandomPlayer

if TYPE_CHECKING:
    from dummy_tui.ai.advice import DiscardRisk
    from dummy_tui.engine.families.dummy import DummyView


def player(
    level: str, seed: int | None, budget_ms: float, samples: int | None
) -> Player[DummyView]:
    """The ``level`` player; ``hard`` thinks ``budget_ms`` a decision, or
    ``samples`` sampled deals when given."""
    if level == "random":
        return RandomPlayer(seed)
    # the modules of the stronger levels are loaded only when one plays
    from dummy_tui.ai.dummy.heuristic import EasyPlayer, HeuristicPlayer

    if level == "easy":
        return EasyPlayer(seed)
    if level == "normal":
        return HeuristicPlayer(seed)
    from dummy_tui.ai.dummy.search import SearchPlayer

    return SearchPlayer(seed, budget_ms=budget_ms, samples=samples)


def discard_risks(view: DummyView) -> dict[int, DiscardRisk]:
    """What each card of the seat's hand gives away as a discard (:mod:`.advice`)."""
    from dummy_tui.ai.dummy.advice import discard_risks as judge

    return judge(view)
