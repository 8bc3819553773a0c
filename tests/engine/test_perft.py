"""Perft-style counts: the exact legal actions of fixed, hand-built positions.

Each position is reached by real moves from a fixed deal; the expected list
is worked out by hand in the comments.  A change in move generation shows up
here as a changed count or a changed set.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engine_util import (
    born_facing_4h_8h,
    card,
    discard,
    hand,
    layoff,
    make_round,
    meld,
    pick,
    pick_layoff,
    play,
    row_of_three,
)

from dummy_tui.engine.actions import DRAW, END, Action, Discard, Draw, LayOff
from dummy_tui.engine.errors import IllegalMoveError
from dummy_tui.engine.families.dummy import DummyRound


def legal(game: DummyRound) -> list[Action]:
    actions = game.legal_actions()
    dupes = [a for a, n in Counter(actions).items() if n > 1]
    assert not dupes, f"listed twice: {dupes}"
    return actions


def assert_legal(game: DummyRound, expected: Iterable[object], count: int) -> list[Action]:
    """The legal actions, checked to be *expected*, *count* of them, none listed twice."""
    actions = legal(game)
    assert len(actions) == count
    assert set(actions) == set(expected)
    return actions


def discards(text: str) -> list[Action]:
    return [discard(c) for c in text.split()]


# --------------------------------------------------------------------------
# A take phase with a row of three cards


def test_take_phase_picks_from_every_depth() -> None:
    game = row_of_three()
    # 9♠ (takes 9♠ alone): the nines 9♣ 9♦ 9♥ + 9♠ make three sets of three
    #   with 9♠ and the set of four.                                     -> 4
    # 2♦ (takes 2♦ 9♠): nothing melds with 2♦.                           -> 0
    # 7♥ (takes all three): hearts 5 6 7 8 9 run through 7♥:
    #   5-7, 5-8, 5-9, 6-8, 6-9, 7-9; no other seven.                    -> 6
    #   (9♠ comes along, but a pick's meld must contain the chosen card.)
    # + draw                                                             -> 1
    expected = [
        DRAW,
        pick("9S", "9C 9D 9S"),
        pick("9S", "9C 9H 9S"),
        pick("9S", "9D 9H 9S"),
        pick("9S", "9C 9D 9H 9S"),
        pick("7H", "5H 6H 7H"),
        pick("7H", "5H 6H 7H 8H"),
        pick("7H", "5H 6H 7H 8H 9H"),
        pick("7H", "6H 7H 8H"),
        pick("7H", "6H 7H 8H 9H"),
        pick("7H", "7H 8H 9H"),
    ]
    assert_legal(game, expected, 11)


def test_born_play_phase_with_melds_and_layoffs() -> None:
    game = row_of_three()
    game.apply(pick("7H", "5H 6H 7H"))
    # Hand: 8♥ 9♥ 9♣ 9♦ 9♠ and 2♦ (picked up with 7♥).  Born now.
    assert hand(game, 0) == {"8H", "9H", "9C", "9D", "9S", "2D"}
    assert game.born[0]
    # 6 discards; melds: the four nines give 4 sets of three + 1 of four
    # (8♥ 9♥ alone make no run); layoffs: 8♥ onto 5♥ 6♥ 7♥ (4♥ not held).
    expected = [
        *discards("8H 9H 9C 9D 9S 2D"),
        meld("9C 9D 9H"),
        meld("9C 9D 9S"),
        meld("9C 9H 9S"),
        meld("9D 9H 9S"),
        meld("9C 9D 9H 9S"),
        layoff(game, "8H", "5H"),
    ]
    assert_legal(game, expected, 12)


def test_play_phase_after_a_long_pick() -> None:
    game = row_of_three()
    game.apply(pick("7H", "5H 6H 7H 8H 9H"))
    # Hand 9♣ 9♦ 9♠ 2♦: 4 discards, the set 9♣ 9♦ 9♠ (9♥ is in the run now),
    # nothing extends 5♥..9♥.
    expected = [*discards("9C 9D 9S 2D"), meld("9C 9D 9S")]
    assert_legal(game, expected, 5)


def test_play_phase_with_a_layoff_onto_the_picked_set() -> None:
    game = row_of_three()
    game.apply(pick("9S", "9C 9D 9S"))
    # Hand 5♥ 6♥ 8♥ 9♥ (no run: 7♥ is still in the row): 4 discards and
    # 9♥ as the fourth nine.
    assert game.discards == [card("7H"), card("2D")]
    expected = [*discards("5H 6H 8H 9H"), layoff(game, "9H", "9C")]
    assert_legal(game, expected, 5)


def test_after_the_set_of_four_only_discards() -> None:
    game = row_of_three()
    game.apply(pick("9S", "9C 9D 9H 9S"))
    # Hand 5♥ 6♥ 8♥: no meld, and the set of four takes no layoff.
    assert_legal(game, discards("5H 6H 8H"), 3)


# --------------------------------------------------------------------------
# An unborn player who can knock (dark knock)


def unborn_can_knock() -> DummyRound:
    """Two players; seat 0 (not born) holds 5♥ 6♥ 7♥ 5♣ 5♦ K♠ and draws 8♥."""
    game = make_round(["5H 6H 7H 5C 5D KS", "2S 3D 9C JD 4S 10C"], "QD", "8H")
    assert legal(game) == [DRAW]  # Q♦ melds with nothing in seat 0's hand
    game.apply(DRAW)
    return game


def test_unborn_play_phase_lists_only_plays_that_keep_the_knock() -> None:
    game = unborn_can_knock()
    # Hand 5♥ 6♥ 7♥ 8♥ 5♣ 5♦ K♠.  The knock: 5♣ 5♦ 5♥ + 6♥ 7♥ 8♥, K♠ down.
    # Melds in hand: 5♣ 5♦ 5♥; 5-7♥, 5-8♥, 6-8♥.  After each:
    #   5♣ 5♦ 5♥ -> 6♥ 7♥ 8♥ K♠: run + knock            kept
    #   5-7♥     -> 8♥ (lays off) 5♣ 5♦ K♠: stuck         dropped
    #   5-8♥     -> 5♣ 5♦ K♠: stuck                       dropped
    #   6-8♥     -> 5♥ (set or layoff) 5♣ 5♦ K♠: knock    kept
    # Discards are listed too: an unborn player may simply discard.
    expected = [*discards("5H 6H 7H 8H 5C 5D KS"), meld("5C 5D 5H"), meld("6H 7H 8H")]
    assert_legal(game, expected, 9)
    assert game.knock_possible(0)


def test_unborn_without_a_knock_may_only_discard() -> None:
    game = make_round(["5H 6H 7H 2C 9D KS", "2S 3D 9C JD 4S 10C"], "QD", "AD")
    game.apply(DRAW)
    # 5♥ 6♥ 7♥ melds, but no knock is in reach: only the 7 discards.
    assert not game.knock_possible(0)
    actions = legal(game)
    assert len(actions) == 7
    assert all(isinstance(a, Discard) for a in actions)


def test_dark_knock_line_ends_in_a_single_discard() -> None:
    game = unborn_can_knock()
    game.apply(meld("5C 5D 5H"))
    # Now the turn must end in a knock: no discards, only 6♥ 7♥ 8♥ keeps it.
    assert game.must_knock
    assert legal(game) == [meld("6H 7H 8H")]
    game.apply(meld("6H 7H 8H"))
    assert legal(game) == [discard("KS")]
    game.apply(discard("KS"))
    assert game.is_over and game.dark_knock and game.went_out == 0
    assert legal(game) == []


# --------------------------------------------------------------------------
# The stock is empty


def stock_out_position(seat1: str = "7C 8C 10C KD") -> DummyRound:
    """Two players, one card of stock: seat 0 draws it and discards 6♣.

    Seat 1 then faces the row 9♣ (head) 6♣ with an empty stock.
    """
    game = make_round(["6C 2S 4S", seat1], "9C", "JH", fill=False)
    play(game, "draw", "discard 6C")
    return game


def test_empty_stock_lists_only_picks_that_lead_to_a_knock_and_end() -> None:
    game = stock_out_position()
    assert not game.stock and not game.is_over and game.seat == 1
    # Seat 1 holds 7♣ 8♣ 10♣ K♦.
    #   6♣ alone: 6-7-8♣ leaves 10♣ K♦: no knock                  -> 0
    #   9♣ (with 6♣): runs through 9♣ in 6 7 8 9 10♣:
    #     6-9 (10♣ lays off), 6-10 (K♦ left), 7-9 (6♣ and 10♣ lay off),
    #     7-10 (6♣ lays off), 8-10 (7♣ then 6♣ lay off): all knock  -> 5
    #   + end, and no draw                                          -> 1
    expected = [
        pick("9C", "6C 7C 8C 9C"),
        pick("9C", "6C 7C 8C 9C 10C"),
        pick("9C", "7C 8C 9C"),
        pick("9C", "7C 8C 9C 10C"),
        pick("9C", "8C 9C 10C"),
        END,
    ]
    actions = assert_legal(game, expected, 6)
    assert not any(isinstance(a, Draw) for a in actions)


def test_after_a_stock_out_pick_only_plays_toward_the_knock() -> None:
    game = stock_out_position()
    game.apply(pick("9C", "7C 8C 9C"))
    # Hand 6♣ 10♣ K♦: both layoffs keep the knock; no discard is listed.
    expected = [layoff(game, "6C", "7C"), layoff(game, "10C", "7C")]
    actions = assert_legal(game, expected, 2)
    assert all(isinstance(a, LayOff) for a in actions)


def test_empty_stock_with_no_knock_in_reach_ends_at_once() -> None:
    game = stock_out_position("7C 8C QH KD")
    assert game.is_over
    assert game.end == "stock_out"
    assert game.to_move is None
    assert legal(game) == []


# --------------------------------------------------------------------------
# first_turn_must_draw


def first_turn(must_draw: bool) -> DummyRound:
    return make_round(
        ["5H 6H 2C 9D KS 3S", "8H 9H 2D 4C JS QC"],
        "7H",
        first_turn_must_draw=must_draw,
    )


def test_first_turn_may_take_the_head_card_by_default() -> None:
    game = first_turn(False)
    assert_legal(game, [DRAW, pick("7H", "5H 6H 7H")], 2)


def test_first_turn_must_draw() -> None:
    game = first_turn(True)
    assert legal(game) == [DRAW]
    with_head = pick("7H", "5H 6H 7H")
    try:
        game.apply(with_head)
    except IllegalMoveError as exc:
        assert str(exc).startswith("first turn must draw:")
    else:
        raise AssertionError("the head card was taken on the first turn")
    # Only the very first turn: seat 1 may take the head card next.
    play(game, "draw", "discard 2C")
    actions = legal(game)
    # Seat 1 holds 8♥ 9♥: 7♥ (with 2♣ after it) melds 7♥ 8♥ 9♥.
    assert set(actions) == {DRAW, pick("7H", "7H 8H 9H")}


# --------------------------------------------------------------------------
# pickup_to_layoff


def test_pickup_to_layoff_off_lists_no_layoff_picks() -> None:
    game = born_facing_4h_8h(pickup_to_layoff=False)
    # Hand 2♣ 3♦: neither 8♥ nor 4♥ makes a new meld with it.
    assert legal(game) == [DRAW]


def test_pickup_to_layoff_on_lists_each_fitting_card() -> None:
    game = born_facing_4h_8h(pickup_to_layoff=True)
    # 8♥ extends the run up, 4♥ (taking 8♥ with it) extends it down.
    expected = [DRAW, pick_layoff(game, "8H", "5H"), pick_layoff(game, "4H", "5H")]
    assert_legal(game, expected, 3)
