"""Persian rummy's players (:mod:`.players`), each reading one seat's :class:`PersianView`."""

from __future__ import annotations

from dummy_tui.ai.persian.players import player

__all__ = ["player"]
