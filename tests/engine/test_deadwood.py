"""Ace-low deadwood against a fixed sample checked with OpenSpiel's min_deadwood."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dummy_tui.engine.cards import mask_of, parse_card
from dummy_tui.engine.deadwood import (
    _CACHE,
    arrangements,
    deadwood,
    deadwood_after_discard,
    discard_deadwoods,
    from_low,
    to_low,
)
from dummy_tui.engine.melds import melds_in_low

DATA = Path(__file__).resolve().parents[1] / "data" / "gin_deadwood.json"
SAMPLE = json.loads(DATA.read_text(encoding="utf-8"))["hands"]


def _mask(text: str) -> int:
    return mask_of(parse_card(t) for t in text.split())


def test_the_sample_is_a_few_hundred_hands_of_each_kind() -> None:
    kinds = {(row["kind"], len(row["hand"])) for row in SAMPLE}
    assert kinds == {("random", 10), ("random", 11), ("meld-rich", 10), ("meld-rich", 11)}
    assert len(SAMPLE) == 400


@pytest.mark.parametrize("row", SAMPLE, ids=lambda r: " ".join(r["hand"]))
def test_deadwood_equals_openspiel(row: dict[str, object]) -> None:
    hand = mask_of(parse_card(str(t)) for t in row["hand"])  # type: ignore[attr-defined]
    if hand.bit_count() == 10:
        assert deadwood(hand) == row["deadwood"]
        assert arrangements(hand)[0] == row["deadwood"]
    else:
        assert deadwood_after_discard(hand) == row["deadwood"]
        assert min(discard_deadwoods(hand).values()) == row["deadwood"]


def test_the_low_layout_round_trips() -> None:
    for card in range(52):
        assert from_low(to_low(1 << card)) == 1 << card
    assert to_low(_mask("AC")) == 1  # the ace is position 0 of clubs
    assert to_low(_mask("2C")) == 2


def test_ace_is_low_only() -> None:
    assert deadwood(_mask("AC 2C 3C")) == 0
    assert deadwood(_mask("QC KC AC")) == 21
    assert deadwood(_mask("KC AC 2C")) == 13


def test_a_card_in_two_melds_goes_where_it_saves_most() -> None:
    # 7H in 7s or in the heart run: the run leaves 7C 7S (14), the set 5H 6H (11)
    assert deadwood(_mask("5H 6H 7H 7C 7S")) == 11
    assert deadwood(_mask("5H 6H 7H 7C 7S 7D")) == 0


@pytest.mark.parametrize(
    ("hand", "least"),
    [
        # a triple of each rank and the run AC 2C 3C: 3D left (not the runs A-3 of
        # clubs and diamonds, which leave AH AS 2H 2S)
        ("AC AD AH AS 2C 3C 2D 2H 2S 3D", 3),
        # 3C 3D 3H, 4C 4D 4H and 3S 4S 5S: 9S left
        ("3C 3D 3H 3S 4S 5S 4C 4D 4H 9S", 9),
        # three sets or three runs: 2S left either way
        ("KC KD KH QC QD QH JC JD JH 2S", 2),
    ],
)
def test_two_ranks_of_sets_beside_runs(hand: str, least: int) -> None:
    _CACHE.clear()
    assert deadwood(_mask(hand)) == least
    assert deadwood(_mask(hand)) == least  # the kept answer too


def test_discard_deadwoods_with_a_limit() -> None:
    hand = _mask("AC 2C 3C 4D 5D 6D 8H 8S 8C KS 2S")
    assert discard_deadwoods(hand, 10) == {parse_card("KS"): 2, parse_card("2S"): 10}
    assert discard_deadwoods(_mask("KS QS JH 9D 7C 5H 3S 2C 10D 8H 4D"), 10) == {}


def test_every_arrangement_of_least_deadwood_is_listed() -> None:
    best, ways = arrangements(_mask("7H 8H 9H 7C 7S 9C 9S"))
    assert (best, ways) == (8, [[_mask("7C 7H 7S"), _mask("9C 9H 9S")]])
    # K K K or J Q K of hearts: 20 either way, and both are listed
    best, ways = arrangements(_mask("KC KD KH QH JH"))
    assert best == 20
    assert sorted(map(sorted, ways)) == sorted([[_mask("KC KD KH")], [_mask("JH QH KH")]])


def test_melds_low_lists_ace_low_runs_and_sets() -> None:
    melds = melds_in_low(_mask("AC 2C 3C 4C KC QC JC 5D 5H 5S"))
    assert _mask("AC 2C 3C") in melds
    assert _mask("AC 2C 3C 4C") in melds
    assert _mask("JC QC KC") in melds
    assert _mask("QC KC AC") not in melds
    assert _mask("5D 5H 5S") in melds


RICH = [c for c in range(52) if c % 13 in (12, 0, 1, 2, 3, 4)]  # A–6: sets and runs cross


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_least_deadwood_is_the_best_arrangements(data: st.DataObject) -> None:
    """The least deadwood (sets chosen with pruning, runs from a table) against the
    arrangements, worked out from every meld of the hand."""
    pool = data.draw(st.sampled_from([RICH, list(range(52))]))
    size = data.draw(st.integers(3, 11))
    hand = mask_of(
        data.draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size, unique=True))
    )
    _CACHE.clear()
    assert deadwood(hand) == arrangements(hand)[0]
