"""Random Dummy house rules (§14), for the tests that play under any of them."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

DUMMY_OPTIONS: dict[str, st.SearchStrategy[Any]] = {
    "ace_low_runs": st.booleans(),
    "ace_high_run_points": st.sampled_from([0, 10, 20]),
    "unborn_play": st.sampled_from(["knock_only", "never", "free"]),
    "stock_out_pickup": st.sampled_from(["knock_only", "any"]),
    "stock_out_fall": st.booleans(),
    "knock_card_points": st.sampled_from(["fixed", "card"]),
    "knock_bonus": st.sampled_from([0, 50]),
    "knock_multiplier_scope": st.sampled_from(["round", "cards", "bonus"]),
    "one_suit_knock_rule": st.sampled_from(["laid_and_knock_card", "laid", "own_runs"]),
    "one_suit_knock_multiplier": st.sampled_from([1, 2]),
    "fool_dark_first_turn_multiplier": st.sampled_from([0, 4]),
    "show_speto_points": st.sampled_from([0, 50]),
    "penalty_discard_picked": st.sampled_from([0, 50]),
    "feed_rule": st.sampled_from(["near", "fresh"]),
    "discard_penalties_stack": st.booleans(),
    "row_meld_rule": st.sampled_from(["anywhere", "top"]),
    "fool_rule": st.sampled_from(["single_card", "took_discard"]),
    "penalty_speto_laid_off": st.sampled_from([0, 50]),
    "next_starter": st.sampled_from(["knocker", "rotate"]),
    "scoring": st.sampled_from(["points", "money"]),
    "pickup_to_layoff": st.booleans(),
}
"""Each Dummy house rule and the values a random ruleset draws it from."""


def house_rules(**more: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Any subset of :data:`DUMMY_OPTIONS` (and of *more*), each at a random value."""
    return st.fixed_dictionaries({}, optional={**DUMMY_OPTIONS, **more})
