"""Sets, runs (ace high only), meld finding, layoff fits and the go-out search."""

from __future__ import annotations

from typing import Any

import pytest
from engine_util import card, cards, mask, texts

from dummy_tui.engine.goout import GoOut
from dummy_tui.engine.melds import TableMeld, meld_kind, melds_in, melds_with


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("7C 7D 7H", "set"),
        ("7C 7D 7H 7S", "set"),
        ("4S 5S 6S", "run"),
        ("6S 4S 5S", "run"),  # order of listing does not matter
        ("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "run"),
        ("QH KH AH", "run"),  # the ace is high
        ("JD QD KD AD", "run"),
        ("AH 2H 3H", None),  # ... and high only
        ("KH AH 2H", None),  # nothing wraps past the ace
        ("AS 2S", None),
        ("7C 7D", None),  # too short
        ("4S 5S 7S", None),  # a gap
        ("4S 5S 6H", None),  # two suits
        ("4S 5H 6S", None),
        ("7C 7D 8C", None),
    ],
)
def test_meld_kind(text: str, kind: str | None) -> None:
    assert meld_kind(cards(text)) == kind


def test_a_card_named_twice_is_no_meld() -> None:
    assert meld_kind([card("7C"), card("7C"), card("7D")]) is None


def as_sets(masks: list[int]) -> list[frozenset[str]]:
    return sorted((frozenset(texts(m)) for m in masks), key=sorted)


def meld_sets(*groups: str) -> list[frozenset[str]]:
    return sorted((frozenset(g.split()) for g in groups), key=sorted)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("7C 7D 7H 8H 9H", ["7C 7D 7H", "7H 8H 9H"]),
        ("4S 5S 6S 7S", ["4S 5S 6S", "5S 6S 7S", "4S 5S 6S 7S"]),
        (
            "9C 9D 9H 9S",
            ["9C 9D 9H", "9C 9D 9S", "9C 9H 9S", "9D 9H 9S", "9C 9D 9H 9S"],
        ),
        ("QH KH AH 2H", ["QH KH AH"]),
        ("AS 2S 3S", []),
        ("KS AS 2S", []),
        ("5H 6H 7H 5C 5D", ["5C 5D 5H", "5H 6H 7H"]),
        (
            "2C 3C 4C 5C 6C",
            [
                "2C 3C 4C",
                "3C 4C 5C",
                "4C 5C 6C",
                "2C 3C 4C 5C",
                "3C 4C 5C 6C",
                "2C 3C 4C 5C 6C",
            ],
        ),
        ("2C 3C 5C 6C 8C", []),
        ("", []),
    ],
)
def test_melds_in_exact(hand: str, expected: list[str]) -> None:
    found = melds_in(mask(hand))
    assert len(found) == len(set(found)), "no meld listed twice"
    assert as_sets(found) == meld_sets(*expected)


@pytest.mark.parametrize(
    ("chosen", "pool", "expected"),
    [
        ("6S", "4S 5S 6S 7S", ["4S 5S 6S", "4S 5S 6S 7S", "5S 6S 7S"]),
        ("4S", "4S 5S 6S 7S", ["4S 5S 6S", "4S 5S 6S 7S"]),
        ("7S", "4S 5S 6S 7S 9S", ["5S 6S 7S", "4S 5S 6S 7S"]),
        (
            "7C",
            "7C 7D 7H 7S 8C 9C",
            ["7C 7D 7H", "7C 7D 7S", "7C 7H 7S", "7C 7D 7H 7S", "7C 8C 9C"],
        ),
        ("7D", "7C 7D 7H 7S 8C 9C", ["7C 7D 7H", "7C 7D 7S", "7D 7H 7S", "7C 7D 7H 7S"]),
        ("AH", "QH KH AH 2H 3H", ["QH KH AH"]),
        ("2H", "AH 2H 3H", []),
        ("KS", "KS AS 2S", []),
        ("9C", "9C 9D 8D 10D", []),
    ],
)
def test_melds_with_exact(chosen: str, pool: str, expected: list[str]) -> None:
    found = melds_with(card(chosen), mask(pool))
    assert len(found) == len(set(found))
    assert all(m >> card(chosen) & 1 for m in found)
    assert as_sets(found) == meld_sets(*expected)


def test_melds_with_agrees_with_melds_in() -> None:
    pool = mask("5H 6H 7H 8H 9H 7C 7D 7S 8S 9S 10S")
    everything = melds_in(pool)
    for c in cards("5H 6H 7H 8H 9H 7C 7D 7S 8S 9S 10S"):
        assert sorted(melds_with(c, pool)) == sorted(m for m in everything if m >> c & 1)


# --------------------------------------------------------------------------
# TableMeld.fits


def test_set_takes_its_fourth_card_only() -> None:
    m = TableMeld.new(0, cards("7C 7D 7H"))
    assert m.kind == "set"
    assert m.fits(card("7S"), 1)
    assert not m.fits(card("8S"), 1)
    m.add(card("7S"), 1)
    assert m.layers == [0, 0, 0, 1]
    assert not any(m.fits(c, s) for c in range(52) for s in range(4))


def test_run_grows_at_either_end_only() -> None:
    m = TableMeld.new(0, cards("8C 9C 10C JC"))
    fitting = {c for c in range(52) if m.fits(c, 1)}
    assert fitting == set(cards("7C QC"))


def test_run_never_past_the_ace_nor_below_the_two() -> None:
    high = TableMeld.new(0, cards("QH KH AH"))
    assert {c for c in range(52) if high.fits(c, 2)} == {card("JH")}
    low = TableMeld.new(0, cards("2S 3S 4S"))
    assert {c for c in range(52) if low.fits(c, 2)} == {card("5S")}


def test_run_records_who_laid_each_card() -> None:
    m = TableMeld.new(0, cards("9C 10C 8C"))
    m.add(card("7C"), 1)
    m.add(card("JC"), 2)
    assert texts(m.cards) == {"7C", "8C", "9C", "10C", "JC"}
    assert m.cards == cards("7C 8C 9C 10C JC")
    assert m.layers == [1, 0, 0, 0, 2]
    assert m.owner == 0


def a_run_with_b_on_the_low_end() -> TableMeld:
    """§7's example: B (seat 1) lays 7♣ off onto A's (seat 0) 8♣ 9♣ 10♣ J♣."""
    m = TableMeld.new(0, cards("8C 9C 10C JC"))
    m.add(card("7C"), 1)
    return m


def test_layoff_chain_owner_or_self_example() -> None:
    m = a_run_with_b_on_the_low_end()
    a, b, c = 0, 1, 2
    six, queen = card("6C"), card("QC")
    # C may not lay 6♣ onto that end; A or B may.
    assert not m.fits(six, c, "owner_or_self")
    assert m.fits(six, b, "owner_or_self")
    assert m.fits(six, a, "owner_or_self")
    # Q♣ at the other end is open to everyone.
    assert all(m.fits(queen, s, "owner_or_self") for s in (a, b, c, 3))
    # With "any" everyone may extend either end.
    assert all(m.fits(six, s, "any") and m.fits(queen, s, "any") for s in (a, b, c, 3))


def test_layoff_chain_follows_the_new_end_card() -> None:
    m = a_run_with_b_on_the_low_end()
    m.add(card("QC"), 2)  # C extends the high end (open to all: J♣ was laid by A)
    king = card("KC")
    # The high end is now C's card: C may go on, D (a stranger to it) may not.
    assert m.fits(king, 2, "owner_or_self")
    assert not m.fits(king, 3, "owner_or_self")
    assert m.fits(king, 3, "any")


# --------------------------------------------------------------------------
# GoOut.can_go_out: meld and lay off down to exactly one card


def can_go_out(hand: int, table: list[TableMeld], seat: int, *args: Any, **kwargs: Any) -> bool:
    return GoOut(hand, table, seat, *args, **kwargs).can_go_out()


def test_go_out_trivial_cases() -> None:
    assert can_go_out(mask("KC"), [], 0)  # one card: knock with it
    assert not can_go_out(0, [], 0)  # nothing to knock with
    assert not can_go_out(mask("KC 2D"), [], 0)


def test_go_out_by_melds_needs_the_right_split() -> None:
    # 5♥ belongs in the set, not the run: a greedy longest run fails.
    assert can_go_out(mask("5H 6H 7H 8H 5C 5D KS"), [], 0)
    assert not can_go_out(mask("5H 6H 7H 8H 5C KS"), [], 0)
    # Exactly one card must remain: a hand that melds completely cannot knock.
    assert not can_go_out(mask("5H 6H 7H"), [], 0)
    assert can_go_out(mask("5H 6H 7H 8H"), [], 0)  # 5-6-7 + 8 to knock, or 6-7-8 + 5


def test_go_out_with_chains_of_layoffs_onto_run_ends() -> None:
    table = [TableMeld.new(0, cards("5H 6H 7H"))]
    hand = mask("3H 4H 8H 9H KC")  # 4♥ then 3♥ below, 8♥ then 9♥ above, knock K♣
    assert can_go_out(hand, table, 1)
    assert can_go_out(hand, table, 1, layoffs_left=4)
    assert not can_go_out(hand, table, 1, layoffs_left=3)
    assert not can_go_out(mask("3H 8H 9H KC"), table, 1)  # 3♥ cannot reach without 4♥


def test_go_out_with_the_fourth_card_of_a_set() -> None:
    table = [TableMeld.new(0, cards("7C 7D 7H"))]
    assert can_go_out(mask("7S KC"), table, 1)
    assert not can_go_out(mask("7S KC"), table, 1, layoffs_left=0)
    assert not can_go_out(mask("7S KC 2D"), table, 1)
    assert can_go_out(mask("2D 3D 4D 7S KC"), table, 1)  # a meld and a layoff


def test_go_out_never_wraps_past_the_ace() -> None:
    table = [TableMeld.new(0, cards("QH KH AH"))]
    assert not can_go_out(mask("2H KC"), table, 1)
    assert can_go_out(mask("JH 10H KC"), table, 1)


def test_go_out_under_owner_or_self() -> None:
    table = [a_run_with_b_on_the_low_end()]
    assert not can_go_out(mask("6C KD"), table, 2, "owner_or_self")
    assert can_go_out(mask("6C KD"), table, 2, "any")
    assert can_go_out(mask("6C KD"), table, 1, "owner_or_self")
    assert can_go_out(mask("6C KD"), table, 0, "owner_or_self")
    # B may go on down: 6♣ then 5♣ (the end is B's own card each time).
    assert can_go_out(mask("6C 5C KD"), table, 1, "owner_or_self")
    # The high end is open: C goes out with Q♣ K♣.
    assert can_go_out(mask("QC KC KD"), table, 2, "owner_or_self")


@pytest.mark.parametrize("both", [False, True])
def test_partners_are_every_pair_that_makes_a_three_card_meld(both: bool) -> None:
    """partners(both): each pair once, exactly the pairs that meld_kind accepts with
    the card (ace-low runs too with ``both``); near_masks holds their cards."""
    from itertools import combinations

    from dummy_tui.engine.relations import near_masks, partners

    pairs, near = partners(both), near_masks(both)
    for c in range(52):
        kin = [x for x in range(52) if x != c and (x % 13 == c % 13 or x // 13 == c // 13)]
        expected = {
            frozenset(p) for p in combinations(kin, 2) if meld_kind([c, *p], both=both) is not None
        }
        got = [frozenset(p) for p in pairs[c]]
        assert len(got) == len(set(got)) and set(got) == expected, texts(1 << c)
        held = 0
        for x, y in pairs[c]:
            held |= 1 << x | 1 << y
        assert held & ~near[c] == 0
    assert {frozenset(texts(1 << x | 1 << y)) for x, y in partners(True)[card("AH")]} >= {
        frozenset({"2H", "3H"}),
        frozenset({"QH", "KH"}),
    }
