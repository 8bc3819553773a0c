"""Basic rummy's players (:mod:`.players`), each reading one seat's :class:`RummyView`."""

from __future__ import annotations

from dummy_tui.ai.rummy.players import player

__all__ = ["player"]
