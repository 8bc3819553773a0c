"""Matches that several test folders play whole: options that make a match of
any family short."""

from __future__ import annotations

from typing import Any

from dummy_tui.rules.schema import RULESET_TYPES


def short_match(family: str) -> dict[str, Any]:
    """Options that end a match of ``family``'s preset after its first scoring
    round (or its first deal, where a match is counted in deals)."""
    fields = RULESET_TYPES[family].model_fields
    return {"target_score": 1, **({"deals": 1} if "deals" in fields else {})}
