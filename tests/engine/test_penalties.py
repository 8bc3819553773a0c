"""The four house penalties of §12, each with its timing, on and off."""

from __future__ import annotations

from typing import Any

import pytest
from engine_util import card, make_round, play, totals
from hypothesis import given
from hypothesis import strategies as st

from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.families.dummy_scoring import row_meld
from dummy_tui.engine.melds import meld_kind


def charged(game: DummyRound) -> list[tuple[int, str, int, str]]:
    from dummy_tui.engine.cards import card_text

    return [(p.seat, p.kind, p.points, card_text(p.card)) for p in game.penalty_items]


# --------------------------------------------------------------------------
# the two penalties charged at once: each one's round up to the discard it
# charges (hands, head, stock from the top, moves)

AT_ONCE: dict[str, tuple[list[str], str, str, list[str]]] = {
    # Seat 0 picks the head 7♥ with 5♥ 6♥; seat 1 (not born) draws 8♥ and
    # discards it although it fits onto 5♥ 6♥ 7♥.
    "penalty_discard_layoff": (
        ["5H 6H 2D KS", "9C 9D 3S 4S 6C"],
        "7H",
        "8H 4H",
        ["pick 7H", "meld 5H 6H 7H", "discard 2D", "draw", "discard 8H"],
    ),
    # Seat 0 discards 10♣, seat 1 Q♣, then seat 0 J♣: J♣ melds with 10♣ Q♣.
    # Seat 1 then draws 9♣ and dark-knocks: 3-5♦ and 9♣ 9♦ 9♠, knock 6♦.
    "penalty_discard_row_meld": (
        ["10C JC 2D 5S 8H", "QC 3D 4D 5D 9S 9D"],
        "4H",
        "2H 6D 3S 9C",
        ["draw", "discard 10C", "draw", "discard QC", "draw", "discard JC"],
    ),
}


def at_once_round(penalty: str, points: int) -> DummyRound:
    """The round of ``penalty`` in :data:`AT_ONCE`, ``points`` its charge, up to
    the discard it charges."""
    hands, head, stock, moves = AT_ONCE[penalty]
    charge: dict[str, Any] = {penalty: points}
    game = make_round(hands, head, stock, **charge)
    play(game, *moves)
    return game


# --------------------------------------------------------------------------
# penalty_discard_layoff: charged at once, born or not


def test_discard_layoff_is_charged_at_once() -> None:
    game = at_once_round("penalty_discard_layoff", 50)
    assert charged(game) == [(1, "penalty_discard_layoff", 50, "8H")]
    assert game.penalties_of(1) == 50
    # Seat 0 draws 4♥, lays it off and knocks with K♠ (which fits nowhere).
    play(game, "draw", "layoff 4H 5H", "knock KS")
    # Seat 0: 4-7♥ = 20 + 50.  Seat 1: 25 in hand × 2 (fell) and 50 charged.
    assert totals(game) == [70, -100]
    assert game.scores()[1].penalties == 50


def test_discard_layoff_off() -> None:
    game = at_once_round("penalty_discard_layoff", 0)
    assert charged(game) == []
    play(game, "draw", "layoff 4H 5H", "knock KS")
    assert totals(game) == [70, -50]


@pytest.mark.parametrize(("chain", "is_charged"), [("any", True), ("owner_or_self", False)])
def test_discard_layoff_follows_the_chain_rule(chain: str, is_charged: bool) -> None:
    # Seat 0 owns 8♣..J♣; seat 1 lays 7♣ off onto its low end; seat 2 (not
    # born) discards 6♣.  With owner_or_self that end is closed to seat 2, so
    # 6♣ does not fit "by the layoff rules in force".
    game = make_round(
        ["8C 9C 10C 2D 5D", "7C 2H 2S 3D 4H", "6C 5C 5H 9D KH"],
        "JC",
        "AD",
        penalty_discard_layoff=50,
        layoff_chain=chain,
    )
    play(
        game,
        "pick JC", "meld 8C 9C 10C JC", "discard 2D",
        "pick 2D", "meld 2D 2H 2S", "layoff 7C 8C", "discard 3D",
        "draw", "discard 6C",
    )  # fmt: skip
    assert charged(game) == ([(2, "penalty_discard_layoff", 50, "6C")] if is_charged else [])


# --------------------------------------------------------------------------
# penalty_discard_row_meld: charged at once


def test_discard_row_meld_is_charged_at_once() -> None:
    game = at_once_round("penalty_discard_row_meld", 50)
    assert charged(game) == [(0, "penalty_discard_row_meld", 50, "JC")]
    play(game, "draw", "meld 3D 4D 5D", "meld 9C 9D 9S", "knock 6D")
    # Seat 1: (15 + 15 + 50) × 2.  Seat 0: 2♦ 5♠ 8♥ 2♥ 3♠ = 25 × 2, and 50.
    assert totals(game) == [-100, 160]


def test_discard_row_meld_off() -> None:
    game = at_once_round("penalty_discard_row_meld", 0)
    assert charged(game) == []
    play(game, "draw", "meld 3D 4D 5D", "meld 9C 9D 9S", "knock 6D")
    assert totals(game) == [-50, 160]


@pytest.mark.parametrize(
    ("row", "discarded", "is_charged"),
    [
        ("10C QC", "JC", True),  # the §12 example
        ("KD KS", "KH", True),  # a third king
        ("9C 10C", "JC", True),
        ("QC KC", "AC", True),
        ("KC 2C", "AC", False),  # K A 2 is no run
        ("2C 3C", "AC", False),
        ("10C", "JC", False),  # one card is not enough
        ("10C KC", "JC", False),
        ("10D QC", "JC", False),
        ("KD", "KH", False),
    ],
)
def test_discard_row_meld_cases(row: str, discarded: str, is_charged: bool) -> None:
    # Two players: seat 0 discards the row's cards one a turn (seat 1 puts
    # 5♠ and 7♠ in between), then discards ``discarded``.  The head 4♥ and
    # the spades meld with nothing here; what seat 0 draws does not matter.
    row_cards = row.split()
    game = make_round(
        [" ".join([*row_cards, discarded]), "5S 7S"],
        "4H",
        penalty_discard_row_meld=50,
    )
    moves: list[str] = []
    for c, junk in zip(row_cards, ["5S", "7S"], strict=False):
        moves += ["draw", f"discard {c}", "draw", f"discard {junk}"]
    play(game, *moves, "draw", f"discard {discarded}")
    expected = [(0, "penalty_discard_row_meld", 50, discarded)] if is_charged else []
    assert charged(game) == expected


# --------------------------------------------------------------------------
# penalty_feed_head: charged only if the head card is taken with your
# discard before your next turn


@pytest.mark.parametrize(("points", "seat0_total"), [(50, -190), (0, -140)])
def test_feed_head_the_rules_example(points: int, seat0_total: int) -> None:
    # Head 7♥; seat 0 discards 9♥; seat 1 holds 8♥ and picks up from 7♥
    # melding 7♥ 8♥ 9♥, then knocks with K♠ (dark, two cards taken: no fool).
    game = make_round(["9H 2C 3D 4S 5C", "8H KS"], "7H", "6S", penalty_feed_head=points)
    play(game, "draw", "discard 9H")
    assert charged(game) == []  # not yet: only when the head card is taken
    play(game, "pick 7H", "meld 7H 8H 9H")
    assert charged(game) == ([(0, "penalty_feed_head", 50, "9H")] if points else [])
    play(game, "knock KS")
    # Seat 1: (15 + 50) × 2.  Seat 0: 2♣ 3♦ 4♠ 5♣ 6♠ = 70 × 2, and the feed.
    assert totals(game) == [seat0_total, 130]


def feed_head_round(
    discarded: str, picker: int, picker_cards: str, before: list[str], meld_: str
) -> DummyRound:
    """Three players; seat 0 draws and discards ``discarded`` next to the head 7♥.

    ``before`` are the moves made before the ``picker`` picks up 7♥.
    """
    hands = [f"{discarded} 2C 3D 4S", "JD QD KD", "2D 5S 9S"]
    hands[picker] += " " + picker_cards
    game = make_round(hands, "7H", penalty_feed_head=50)
    play(game, "draw", f"discard {discarded}", *before)
    assert game.seat == picker
    play(game, "pick 7H", f"meld {meld_}")
    return game


def test_feed_head_next_player() -> None:
    game = feed_head_round("9H", 1, "8H", [], "7H 8H 9H")
    assert charged(game) == [(0, "penalty_feed_head", 50, "9H")]


def test_feed_head_any_other_player_before_your_turn() -> None:
    game = feed_head_round("9H", 2, "8H", ["draw", "discard 4C"], "7H 8H 9H")
    assert charged(game) == [(0, "penalty_feed_head", 50, "9H")]


def test_feed_head_safe_once_your_turn_came_round() -> None:
    game = feed_head_round(
        "9H",
        1,
        "8H",
        ["draw", "discard 4C", "draw", "discard 5C", "draw", "discard 6C"],
        "7H 8H 9H",
    )
    assert game.melds[0].cards == [card("7H"), card("8H"), card("9H")]
    assert charged(game) == []


def test_feed_head_same_rank_is_near() -> None:
    game = feed_head_round("7C", 1, "7S", [], "7C 7H 7S")
    assert charged(game) == [(0, "penalty_feed_head", 50, "7C")]


def test_feed_head_three_ranks_away_is_not_near() -> None:
    # 10♥ is not near 7♥, even though the picker melds it with the head.
    game = feed_head_round("10H", 1, "8H 9H", [], "7H 8H 9H 10H")
    assert charged(game) == []


def test_feed_head_not_charged_when_the_meld_leaves_your_card_out() -> None:
    game = feed_head_round("9H", 1, "7C 7D", [], "7C 7D 7H")
    assert charged(game) == []


# --------------------------------------------------------------------------
# penalty_feed_speto: both directions of §12


@pytest.mark.parametrize(
    ("seat0", "seat1", "seat2", "chosen"),
    [
        # Seat 0 discards 2♣ (spe-to); seat 1 discards 3♣ near it; seat 2
        # picks up the 2♣ with a meld holding 3♣.
        ("2C 8S JD", "3C 9S QD", "4C KS", "2C"),
        # Reverse: 4♣ lies in the row; seat 1 discards 2♣ beside it; seat 2
        # picks from 4♣ (taking 2♣ with it) and melds 2♣ 3♣ 4♣.
        ("4C 8S JD", "2C 9S QD", "3C KS", "4C"),
    ],
)
@pytest.mark.parametrize(("points", "seat1_total"), [(50, -100), (0, -50)])
def test_feed_speto(
    seat0: str, seat1: str, seat2: str, chosen: str, points: int, seat1_total: int
) -> None:
    game = make_round([seat0, seat1, seat2], "9D", "7S 10S", penalty_feed_speto=points)
    played = seat0.split()[0], seat1.split()[0]
    play(game, "draw", f"discard {played[0]}", "draw", f"discard {played[1]}")
    assert charged(game) == []
    play(game, f"pick {chosen}", "meld 2C 3C 4C", "knock KS")
    expected = [(1, "penalty_feed_speto", 50, played[1])] if points else []
    assert charged(game) == expected
    # Seat 2: (50 + 5 + 5 + 50) × 2 (dark).  Seat 0: 7♠ 8♠ J♦ = 20 × 2.
    # Seat 1: 9♠ Q♦ 10♠ = 25 × 2, and the feed.
    assert totals(game) == [-40, seat1_total, 220]


def test_feed_speto_safe_once_your_turn_came_round() -> None:
    game = make_round(["2C 8S JD", "3C 9S QD", "4C KS"], "9D", "7S 10S", penalty_feed_speto=50)
    play(game, "draw", "discard 2C", "draw", "discard 3C")
    # Seat 2, seat 0 and seat 1 draw and discard (5♣ 6♣ 7♣: none near 2♣).
    play(game, "draw", "discard 5C", "draw", "discard 6C", "draw", "discard 7C")
    play(game, "pick 2C", "meld 2C 3C 4C")
    assert charged(game) == []


@st.composite
def rows_and_discards(draw: st.DrawFn) -> tuple[list[int], int, bool]:
    """A row and a discard: at random, or (most often) a meld's cards in any
    order at the row's end with the discard one of them, a stray card perhaps
    in between, and random cards before."""
    both = draw(st.booleans())
    if draw(st.integers(0, 3)) == 0:
        row = draw(st.lists(st.integers(0, 51), max_size=20, unique=True))
        return row, draw(st.integers(0, 51).filter(lambda c: c not in row)), both
    if draw(st.booleans()):
        rank = draw(st.integers(0, 12))
        suits = draw(st.lists(st.integers(0, 3), min_size=3, max_size=4, unique=True))
        meld = [s * 13 + rank for s in suits]
    else:
        suit, length = draw(st.integers(0, 3)), draw(st.integers(3, 6))
        start = draw(st.integers(-1 if both else 0, 13 - length))
        meld = [suit * 13 + (r % 13) for r in range(start, start + length)]  # -1: the ace low
    meld = draw(st.permutations(meld))
    card, tail = meld[-1], list(meld[:-1])
    if draw(st.booleans()):
        tail.insert(draw(st.integers(0, len(tail))), draw(st.integers(0, 51)))
    before = draw(st.lists(st.integers(0, 51), max_size=10))
    row = list(dict.fromkeys(c for c in [*before, *tail] if c != card))
    return row, card, both


@given(rows_and_discards())
def test_the_top_rule_charges_a_discard_that_melds_with_the_rows_last_cards(
    case: tuple[list[int], int, bool],
) -> None:
    """§14.4 ``row_meld_rule = "top"``: charged when the row's last k cards
    (k ≥ 2) and the discard make a meld, for some k; the rule's sentence, tried
    on every k, against the engine's check (which stops at the first k that
    can make no meld, with one card more or not)."""
    row, card, both = case
    by_the_rule = any(
        meld_kind((*row[len(row) - k :], card), both=both) is not None
        for k in range(2, len(row) + 1)
    )
    assert row_meld(card, row, both, "top") == by_the_rule
