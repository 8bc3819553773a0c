"""Dummy's shared actions: the melds of a hand looked up in tables are the melds
:func:`melds_in` finds, in its order."""

from __future__ import annotations

import random

import pytest

from dummy_tui.engine.actions import Meld
from dummy_tui.engine.cards import cards_of, mask_of
from dummy_tui.engine.families.dummy_actions import hand_meld_actions
from dummy_tui.engine.melds import melds_in


def _cards(melds: list[int]) -> list[tuple[int, ...]]:
    return [tuple(cards_of(m)) for m in melds]


@pytest.mark.parametrize("both", [False, True])
def test_hand_melds_are_melds_in(both: bool) -> None:
    rng = random.Random(5)
    for size in (3, 7, 11, 14, 20, 30, 52):
        for _ in range(150):
            hand = mask_of(rng.sample(range(52), size))
            found = hand_meld_actions(hand, both)
            assert all(isinstance(m, Meld) for m in found)
            assert [m.cards for m in found] == _cards(melds_in(hand, both)), hex(hand)


def test_hand_melds_of_whole_suits_and_ranks() -> None:
    # every card of the deck: four of each rank, every run of every suit; the
    # ace-low runs only with both
    everything = (1 << 52) - 1
    high = hand_meld_actions(everything)
    both = hand_meld_actions(everything, both=True)
    assert len(high) == 13 * 5 + 4 * 66
    assert len(both) == len(high) + 4 * 10 and both[: len(high)] == high
    # the same hand asked again gives the same (shared) actions
    assert all(a is b for a, b in zip(high, hand_meld_actions(everything), strict=True))
