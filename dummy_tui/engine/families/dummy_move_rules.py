"""The house rules Dummy's moves read at every turn, copied out of the ruleset.

A :class:`DummyRules` is a pydantic model: reading one of its fields goes
through pydantic's attribute hooks.  The legal list, the pick-ups, the
layoffs and the penalties of every move read a handful of them, so each
round keeps them in a :class:`MoveRules` of its own, a plain frozen
dataclass with the same field names (made once a ruleset, as the card
points are) that compiled code reads as fast as its own fields.
"""

from __future__ import annotations

from dataclasses import dataclass
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
        return cls(
            first_turn_must_draw=rules.first_turn_must_draw,
            pickup_to_layoff=rules.pickup_to_layoff,
            layoff_chain=rules.layoff_chain,
            layoff_limit=rules.layoff_limit,
            unborn_play=rules.unborn_play,
            stock_out_pickup=rules.stock_out_pickup,
            head_card_points=rules.head_card_points,
            head_card_speto_points=rules.head_card_speto_points,
            show_speto_points=rules.show_speto_points,
            scoring=rules.scoring,
            feed_rule=rules.feed_rule,
            row_meld_rule=rules.row_meld_rule,
            discard_penalties_stack=rules.discard_penalties_stack,
            penalty_discard_layoff=rules.penalty_discard_layoff,
            penalty_discard_row_meld=rules.penalty_discard_row_meld,
            penalty_discard_picked=rules.penalty_discard_picked,
            penalty_feed_head=rules.penalty_feed_head,
            penalty_feed_speto=rules.penalty_feed_speto,
            penalty_speto_laid_off=rules.penalty_speto_laid_off,
        )
