"""What one seat may know of a round: :class:`PlayerView`, the observation the AI
and the interface are given instead of the round itself."""

from __future__ import annotations

from dataclasses import dataclass

from dummy_tui.engine.actions import Action
from dummy_tui.engine.cards import mask_of
from dummy_tui.engine.melds import TableMeld
from dummy_tui.rules.schema import RulesetBase


@dataclass(slots=True)
class PlayerView:
    """What one seat may know: its own hand, and everything public.

    Each family's view adds its own public facts (:mod:`dummy_tui.engine.families`).
    """

    seat: int
    players: int
    family: str
    rules: RulesetBase
    phase: str
    to_move: int | None
    direction: int
    hand: list[int]
    hand_counts: list[int]
    stock_count: int
    discards: list[int]  # the discards, oldest first (Dummy's row, a pile elsewhere)
    melds: list[TableMeld]
    history: list[tuple[int, Action]]
    teams: list[int]  # the team of each seat (each seat its own team but in Persian rummy)

    @property
    def hand_mask(self) -> int:
        return mask_of(self.hand)
