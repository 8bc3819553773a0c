"""Persian rummy's players (:mod:`.players`), each reading one seat's :class:`PersianView`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dummy_tui.ai.base import Player, RandomPlayer, own_stream

if TYPE_CHECKING:
    from dummy_tui.engine.families.persian import PersianView


def player(
    level: str, seed: int | None, budget_ms: float, samples: int | None
) -> Player[PersianView]:
    """The ``level`` player (none of them thinks by the clock or by samples)."""
    own = own_stream(seed, "persian")
    if level == "random":
        return RandomPlayer(own)
    from dummy_tui.ai.persian.players import PersianPlayer

    return PersianPlayer(level, own)
