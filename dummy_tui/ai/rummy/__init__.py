"""Basic rummy's players (:mod:`.players`), each reading one seat's :class:`RummyView`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dummy_tui.ai.base import Player, RandomPlayer, own_stream

if TYPE_CHECKING:
    from dummy_tui.engine.families.rummy import RummyView


def player(
    level: str, seed: int | None, budget_ms: float, samples: int | None
) -> Player[RummyView]:
    """The ``level`` player (none of them thinks by the clock or by samples)."""
    own = own_stream(seed, "rummy")
    if level == "random":
        return RandomPlayer(own)
    from dummy_tui.ai.rummy.players import RummyPlayer

    return RummyPlayer(level, own)
