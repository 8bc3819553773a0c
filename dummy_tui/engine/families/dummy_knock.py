"""The knock's value (§8, §10, §14.3, §14.6), in one place.

The round's score (:mod:`dummy_scoring`, :mod:`dummy_money`) and the players
that weigh a knock before making it (``dummy_tui.ai.dummy.knocks``) both ask
these functions, so what a knock is worth cannot differ between them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dummy_tui.rules.schema import DummyRules


def knock_points(rules: DummyRules, card_points: int, speto: bool, fits: bool) -> tuple[int, int]:
    """The knock's points with its bonuses, and of them the bonus for a knock card
    that fits a meld on the table (``layoff_knock_bonus``)."""
    if rules.knock_card_points == "card":
        knock = card_points
    else:
        knock = rules.speto_knock_points if speto else rules.knock_points
    knock += rules.knock_bonus
    layoff = rules.layoff_knock_bonus if fits else 0
    return knock + layoff, layoff


def knock_multiplier(rules: DummyRules, dark: bool, one_suit: bool, first_turn_fool: bool) -> int:
    """The knocker's multiplier: dark (น็อคมืด), one suit, and the first-turn dark
    knock on a fool (โง่มืดจนชนมืด), which replaces the others."""
    special = rules.fool_dark_first_turn_multiplier
    if special and dark and first_turn_fool:
        return special
    multiplier = 1
    if dark:
        multiplier *= rules.dark_knock_multiplier
    if one_suit and rules.one_suit_knock_multiplier > 1:
        multiplier *= rules.one_suit_knock_multiplier
    return multiplier


def knocker_score(rules: DummyRules, table: int, knock: int, multiplier: int) -> int:
    """The knocker's score before penalties and shows, from the points of the
    cards on the table, the knock's points and the multiplier, in the
    multiplier's scope (``knock_multiplier_scope``)."""
    scope = rules.knock_multiplier_scope
    if scope == "cards":
        return table * multiplier + knock
    if scope == "bonus":
        # only the fixed knock bonus is multiplied
        return table + knock + rules.knock_bonus * (multiplier - 1)
    return (table + knock) * multiplier


def knock_result_units(others_born: int, others_not_born: int, fool_pays: bool) -> int:
    """The units the others pay a knocker in money scoring (§14.6), before the
    multiplier: the fooled player's 6 alone, else the born players' tiers
    1, 2, 3 … and 3 for each player not born."""
    if fool_pays:
        return 6
    return others_born * (others_born + 1) // 2 + 3 * others_not_born


__all__ = ["knock_multiplier", "knock_points", "knock_result_units", "knocker_score"]
