"""Hand planning on card masks against brute force."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from dummy_tui.ai.dummy.plans import _best, best_lay
from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.melds import meldable

hands = st.sets(st.integers(0, 51), min_size=0, max_size=14).map(lambda cs: sum(1 << c for c in cs))


def three_card_melds(mask: int) -> list[int]:
    """Every set of three and run of three within ``mask`` (longer melds contain one)."""
    out = []
    for a, b, c in combinations(cards_of(mask), 3):
        same_rank = a % 13 == b % 13 == c % 13
        in_a_row = a // 13 == b // 13 == c // 13 and b == a + 1 and c == b + 1
        if same_rank or in_a_row:
            out.append(1 << a | 1 << b | 1 << c)
    return out


@given(hands)
@settings(max_examples=400, deadline=None)
def test_meldable_is_every_card_of_some_meld(mask: int) -> None:
    expected = 0
    for meld in three_card_melds(mask):
        expected |= meld
    assert meldable(mask) == expected


@given(hands, st.lists(st.integers(1, 60), min_size=52, max_size=52))
@settings(max_examples=300, deadline=None)
def test_leaving_out_cards_of_no_meld_changes_no_plan(mask: int, weight: list[int]) -> None:
    assert best_lay(mask, {}, weight, {}) == _best(mask, {}, weight, {})[:2]
