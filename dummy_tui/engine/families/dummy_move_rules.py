"""The house rules Dummy's moves read at every turn, copied out of the ruleset.

A :class:`DummyRules` is a pydantic model: reading one of its fields goes
through pydantic's attribute hooks.  The legal list, the pick-ups, the
layoffs and the penalties of every move read a handful of them, so each
round keeps them in a :class:`MoveRules` (``DummyRound.move_rules``), a plain
frozen dataclass with the same field names and types, made once a ruleset by
:meth:`MoveRules.of` (as the card points are), that compiled code reads as
fast as its own fields.

The engine reads each of these fields from this copy only, never from the
ruleset beside it; tests/engine/test_move_rules.py holds the copy to the
schema (names and types) and the engine's modules to that one way of reading.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal

from dummy_tui.rules.schema import DummyRules


@dataclass(frozen=True, slots=True)
class MoveRules:
    """The fields of :class:`DummyRules` that the moves read (the same names)."""

    first_turn_must_draw: bool
    pickup_to_layoff: bool
    layoff_chain: Literal["any", "owner_or_self"]
    layoff_limit: int
    unborn_play: Literal["knock_only", "never", "free"]
    stock_out_pickup: Literal["knock_only", "any"]
    head_card_points: int
    head_card_speto_points: int
    show_speto_points: int
    scoring: Literal["points", "money"]
    feed_rule: Literal["near", "fresh"]
    row_meld_rule: Literal["anywhere", "top"]
    discard_penalties_stack: bool
    penalty_discard_layoff: int
    penalty_discard_row_meld: int
    penalty_discard_picked: int
    penalty_feed_head: int
    penalty_feed_speto: int
    penalty_speto_laid_off: int

    @classmethod
    def of(cls, rules: DummyRules) -> MoveRules:
        """The fields of ``rules`` that the moves read, by their names."""
        return cls(**{field.name: getattr(rules, field.name) for field in fields(cls)})
