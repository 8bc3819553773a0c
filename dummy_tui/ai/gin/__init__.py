"""Gin rummy's players (:mod:`.players`), each reading one seat's :class:`GinView`;
``hard`` reads the opponent's hand (:mod:`.reading`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dummy_tui.ai.base import Player, RandomPlayer, own_stream

if TYPE_CHECKING:
    from dummy_tui.ai.advice import DiscardRisk
    from dummy_tui.engine.families.gin import GinView


def player(level: str, seed: int | None, budget_ms: float, samples: int | None) -> Player[GinView]:
    """The ``level`` player; ``hard`` reads ``samples`` opponent hands when given,
    else as many as half of ``budget_ms`` allows (at most its default number)."""
    own = own_stream(seed, "gin")
    if level == "random":
        return RandomPlayer(own)
    from dummy_tui.ai.gin.players import EasyGinPlayer, GinPlayer

    if level == "easy":
        return EasyGinPlayer(own)
    return GinPlayer(level, own, budget_ms=budget_ms, samples=samples)


def discard_risks(view: GinView) -> dict[int, DiscardRisk]:
    """What each card of the seat's hand gives away as a discard (:mod:`.advice`)."""
    from dummy_tui.ai.gin.advice import discard_risks as judge

    return judge(view)
