"""Basic rummy's players (:mod:`.players`), each reading one seat's :class:`RummyView`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dummy_tui.ai.rummy.players import player

if TYPE_CHECKING:
    from dummy_tui.ai.advice import DiscardRisk
    from dummy_tui.engine.families.rummy import RummyView

__all__ = ["discard_risks", "player"]


def discard_risks(view: RummyView) -> dict[int, DiscardRisk]:
    """What each card of the seat's hand gives away as a discard (:mod:`.advice`)."""
    from dummy_tui.ai.rummy.advice import discard_risks as judge

    return judge(view)
