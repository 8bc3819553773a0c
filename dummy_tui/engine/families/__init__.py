"""The rummy families on one engine: a round class per family.

``new_round`` and ``round_from_deal`` build the round a ruleset's ``family``
names; every round class has the API of :class:`DummyRound` (legal actions,
apply/check, undo, view, scores, notation).
"""

from __future__ import annotations

import random

from dummy_tui.engine.families.common import FamilyRound, FamilyView, shuffled_deal
from dummy_tui.engine.families.gin import GinBreakdown, GinRound
from dummy_tui.engine.families.persian import PersianBreakdown, PersianRound
from dummy_tui.engine.families.rummy import RummyBreakdown, RummyRound
from dummy_tui.engine.state import Deal, DummyRound
from dummy_tui.rules.schema import Ruleset

Round = DummyRound | GinRound | RummyRound | PersianRound
"""A round of any family."""

ROUND_TYPES: dict[str, type[FamilyRound]] = {
    "gin": GinRound,
    "rummy": RummyRound,
    "persian": PersianRound,
}


def round_from_deal(rules: Ruleset, deal: Deal, starter: int = 0, direction: int = 1) -> Round:
    """The round of ``rules.family`` with a fixed deal."""
    if rules.family == "dummy":
        return DummyRound(rules, deal, starter, direction)
    if rules.family == "gin":
        return GinRound(rules, deal, starter, direction)
    if rules.family == "rummy":
        return RummyRound(rules, deal, starter, direction)
    return PersianRound(rules, deal, starter, direction)


def new_round(
    rules: Ruleset,
    players: int,
    seed: int | random.Random | None = None,
    starter: int = 0,
    direction: int = 1,
) -> Round:
    """A freshly shuffled round of ``rules.family``."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    if rules.family == "dummy":
        return DummyRound.new(rules, players, rng, starter, direction)
    return round_from_deal(rules, shuffled_deal(rules, players, rng), starter, direction)


__all__ = [
    "ROUND_TYPES",
    "FamilyRound",
    "FamilyView",
    "GinBreakdown",
    "GinRound",
    "PersianBreakdown",
    "PersianRound",
    "Round",
    "RummyBreakdown",
    "RummyRound",
    "new_round",
    "round_from_deal",
]
