"""Refusals that name their rule, undo within a turn, and what a DummyView shows."""

from __future__ import annotations

import pickle
import re
from dataclasses import fields
from typing import Any

import pytest
from engine_util import (
    EXAMPLE_HANDS,
    EXAMPLE_MOVES,
    EXAMPLE_STOCK,
    card,
    cards,
    discard,
    layoff,
    make_round,
    meld,
    pick,
    play,
    row_of_three,
    snapshot,
)

from dummy_tui.engine.actions import DRAW, END, Action, Discard, LayOff, Meld, Pick, PickLayoff
from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.errors import IllegalMoveError, MoveSyntaxError
from dummy_tui.engine.families.dummy import DummyRound, DummyView
from dummy_tui.engine.record import apply_moves


def refusal(game: DummyRound, action: Action) -> str:
    before = snapshot(game)
    with pytest.raises(IllegalMoveError) as info:
        game.apply(action)
    assert snapshot(game) == before, "a refused move changed the state"
    return str(info.value)


def opening() -> DummyRound:
    """Two players; seat 0 holds 5♥ 6♥ 2♣ 9♦ A♥ 2♥ 3♥ and faces the head 7♥."""
    return make_round(["5H 6H 2C 9D AH 2H 3H", "8H 9H 2D 4C JS QS KS"], "7H", "10C")


# --------------------------------------------------------------------------
# Take phase


@pytest.mark.parametrize(
    ("action", "prefix"),
    [
        (meld("5H 6H 7H"), "take first:"),
        (discard("2C"), "take first:"),
        (LayOff(card("2C"), 0), "take first:"),
        (pick("7C", "7C 7D 7S"), "not in the row:"),
        (pick("7H", "6H 7H 8H"), "not in hand:"),  # 8♥ is seat 1's
        (pick("7H", "6H 7H"), "not a meld:"),
        (pick("7H", "5H 6H 9D"), "pickup must meld:"),  # the chosen card left out
        (PickLayoff(card("7H"), 0), "pickup must meld:"),  # pickup_to_layoff is off
        (END, "end:"),
    ],
)
def test_take_phase_refusals(action: Action, prefix: str) -> None:
    assert refusal(opening(), action).startswith(prefix)


def test_a_pickup_meld_needs_a_card_from_hand() -> None:
    # Three players, seat 1 starts: 7♣ 8♣ 9♣ are discarded in a row; seat 1
    # may not pick them up as a meld made only of picked-up cards.
    game = make_round(["9C 2H 3H", "7C 4D 5D", "8C 6S 7S"], "KD", starter=1)
    play(game, "draw", "discard 7C", "draw", "discard 8C", "draw", "discard 9C")
    assert game.seat == 1
    only_picked = pick("7C", "7C 8C 9C")
    assert only_picked not in game.legal_actions()
    assert refusal(game, only_picked).startswith("pickup must meld:")


# --------------------------------------------------------------------------
# Play phase


def drawn() -> DummyRound:
    """Seat 0 has drawn 10♣ and holds 5♥ 6♥ 2♣ 9♦ A♥ 2♥ 3♥ 10♣, not born."""
    game = opening()
    game.apply(DRAW)
    return game


@pytest.mark.parametrize(
    ("action", "prefix"),
    [
        (DRAW, "already taken:"),
        (pick("7H", "5H 6H 7H"), "already taken:"),
        (END, "end:"),
        (discard("KS"), "not in hand:"),
        (meld("8H 9H 10H"), "not in hand:"),
        (meld("2C 9D 10C"), "not a meld:"),
        (LayOff(card("10C"), 0), "no such meld"),
    ],
)
def test_play_phase_refusals(action: Action, prefix: str) -> None:
    assert refusal(drawn(), action).startswith(prefix)


def test_ace_low_meld_is_refused_with_the_reason() -> None:
    message = refusal(drawn(), meld("AH 2H 3H"))
    assert message.startswith("not a meld:")
    assert "ace is high only" in message


def test_layoff_that_does_not_fit() -> None:
    game = make_round(["5H 6H 2D 8H 10H", "9C 9D 3S 4S 6C"], "7H", "JD 9H")
    play(game, "pick 7H", "meld 5H 6H 7H", "discard 2D", "draw", "discard JD", "draw")
    assert refusal(game, layoff(game, "10H", "5H")).startswith("does not fit:")


def test_knock_word_must_end_the_round() -> None:
    game = drawn()
    with pytest.raises(IllegalMoveError, match=r"^knock:"):
        game.parse_move("knock 2C")
    with pytest.raises(IllegalMoveError, match=r"^take first:"):
        opening().parse_move("knock 2C")


@pytest.mark.parametrize(
    "text", ["", "fly away", "discard ZZ", "discard", "meld", "draw 7H", "layoff 7H"]
)
def test_text_that_is_no_move(text: str) -> None:
    with pytest.raises(MoveSyntaxError, match=r"^not a move:"):
        drawn().parse_move(text)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("knock KD 9H", "write knock and one card, e.g. 'knock 7H'"),
        ("discard", "write discard and one card"),
        ("layoff 7H", "write layoff, the card and a card of the meld"),
        ("draw 7H", "draw takes no card"),
        ("meld", "write meld and its cards"),
        ("meld 3H 3H 4H", "3H is named twice"),
    ],
)
def test_a_known_move_written_wrong_says_how_to_write_it(text: str, said: str) -> None:
    with pytest.raises(MoveSyntaxError) as caught:
        drawn().parse_move(text)
    assert str(caught.value).startswith("not a move:")
    assert said in str(caught.value), str(caught.value)


def test_pass_is_not_a_dummy_move() -> None:
    with pytest.raises(IllegalMoveError, match=r"^pass:"):
        opening().parse_move("pass")


@pytest.mark.parametrize(
    ("moves", "index", "prefix"),
    [
        (["pick 9D"], 0, "not in the row:"),
        (["draw", "discard 2C", "pick 2C"], 2, "pickup must meld:"),  # nothing melds 2♣
        (["pick 7H", "draw"], 1, "pickup must meld:"),
        (["pick 7H", "meld 6H 7H 8H"], 1, "not in hand:"),
        (["pick 7H", "meld 5H 6H 9D"], 1, "pickup must meld:"),
        (["pick 7H", "layoff 5H 7H"], 1, "no such meld:"),
        (["pick"], 0, "not a move:"),
        (["draw", "pick 7H"], 1, "already taken:"),
        (
            ["draw", "discard 2C", "draw", "discard 2D", "pick 2C", "meld 2C 2D 2H 2S"],
            5,
            "not in hand:",
        ),
    ],
)
def test_record_move_refusals(moves: list[str], index: int, prefix: str) -> None:
    game = opening()
    applied, error, _ = apply_moves(game, moves)
    assert error is not None
    assert error["index"] == index
    assert error["move"] == moves[index]
    assert error["message"].startswith(prefix), error["message"]
    assert applied == index


# --------------------------------------------------------------------------
# Undo within a turn


def test_undo_step_by_step_restores_each_state() -> None:
    game = row_of_three()
    states = [snapshot(game)]
    assert not game.can_undo()
    for action in (
        pick("7H", "5H 6H 7H"),
        meld("9C 9D 9S"),
        LayOff(card("8H"), 0),
        LayOff(card("9H"), 1),
    ):
        game.apply(action)
        states.append(snapshot(game))
    assert game.born[0] and len(game.melds) == 2
    for expected_action, expected in zip(
        [LayOff(card("9H"), 1), LayOff(card("8H"), 0), meld("9C 9D 9S")],
        reversed(states[:-1]),
        strict=False,
    ):
        assert game.undo() == expected_action
        assert snapshot(game) == expected
    game.undo_turn()
    assert snapshot(game) == states[0]
    assert not game.born[0] and game.discards == cards("7H 2D 9S")
    with pytest.raises(IllegalMoveError, match=r"^undo:"):
        game.undo()


def test_undo_after_the_discard_is_refused() -> None:
    game = opening()
    play(game, "pick 7H", "meld 5H 6H 7H", "discard 2C")
    assert not game.can_undo()
    before = snapshot(game)
    with pytest.raises(IllegalMoveError, match=r"^undo:"):
        game.undo()
    assert snapshot(game) == before


def test_undo_after_the_knock_is_refused() -> None:
    game = make_round(["8H 9H KS", "2S 3S 4D"], "10H")
    play(game, "pick 10H", "meld 8H 9H 10H", "knock KS")
    assert not game.can_undo()
    with pytest.raises(IllegalMoveError, match=r"^undo:"):
        game.undo()


# --------------------------------------------------------------------------
# DummyView: only what one seat may know

VIEW_FIELDS = {
    "seat", "players", "family", "teams", "rules", "phase", "to_move", "direction", "hand",
    "hand_counts", "stock_count", "burned_count", "discards", "head", "head_in_row", "melds",
    "born", "layoffs", "penalties", "history", "born_at_turn_start", "must_knock", "first_turn",
    "last_discard",
}  # fmt: skip


def action_cards(action: Action) -> list[int]:
    if isinstance(action, Pick):
        return [action.card, *action.meld]
    if isinstance(action, Meld):
        return list(action.cards)
    if isinstance(action, LayOff | PickLayoff | Discard):
        return [action.card]
    return []


def shown_cards(view: DummyView) -> list[int]:
    """Every card the view names, wherever it names one."""
    out = [*view.hand, *view.discards, view.head]
    for m in view.melds:
        out += m.cards + cards_of(m.mask) + [m.anchor]
    for _, action in view.history:
        out += action_cards(action)
    if view.last_discard is not None:
        out.append(view.last_discard[1])
    return out


def test_view_shows_no_other_hand_and_no_stock() -> None:
    game = make_round(EXAMPLE_HANDS, "9C", EXAMPLE_STOCK)
    play(game, *EXAMPLE_MOVES[:-4])  # up to B's knocking turn
    assert game.seat == 1
    assert {f.name for f in fields(DummyView)} == VIEW_FIELDS
    for seat in range(4):
        view = game.view(seat)
        assert view.hand == game.hand(seat)
        assert view.hand_counts == [h.bit_count() for h in game.hands]
        assert view.stock_count == len(game.stock)
        hidden = set(game.stock)
        for other in range(4):
            if other != seat:
                hidden |= set(game.hand(other))
        assert hidden, "the position has hidden cards"
        leaked = hidden & set(shown_cards(view))
        assert not leaked, f"seat {seat} sees {leaked}"
        if seat != game.seat:
            assert not view.must_knock
    # The stock's order is nowhere: no list in the view equals it or its reverse.
    stock = list(game.stock)
    for seat in range(4):
        values: list[Any] = [getattr(game.view(seat), f.name) for f in fields(DummyView)]
        assert stock not in values and stock[::-1] not in values


def test_view_is_a_copy() -> None:
    game = opening()
    view = game.view(0)
    view.hand.clear()
    view.discards.append(card("AS"))
    view.born[0] = True
    assert game.hand(0) == sorted(cards("5H 6H 2C 9D AH 2H 3H"))
    assert game.discards == [card("7H")]
    assert game.born == [False, False]


def test_a_draw_cannot_be_undone() -> None:
    """The drawn card has been seen: taking the draw back would let a player
    look at the stock and then pick up instead."""
    game = make_round(
        ["5H 6H 8H 9C 9D 9H", "2D KC QD 4S 3C 10S", "9S 10C JD 2H 3H AS"],
        "7H",
        "JS 4D",
    )
    game.apply(DRAW)
    assert not game.can_undo()
    with pytest.raises(IllegalMoveError, match=r"^undo: the card you drew") as info:
        game.undo()
    assert info.value.rule == "undo_draw"
    assert game.hands[0] >> card("JS") & 1  # the draw stands
    game.apply(meld("9C 9D 9H"))
    assert game.can_undo()
    assert game.undo() == meld("9C 9D 9H")
    assert not game.can_undo()


def test_ace_hint_only_when_an_ace_low_run_was_meant() -> None:
    """The "ace is high only" hint is given when A 2 3 of the suit were at hand."""
    game = make_round(
        ["4S 6S AH KH QD 10S 5C", "AD 8S JD JC 5D 7D QH", "2D 3D 9C 9D KS 4C 6H"],
        "5S",
        "9H 4D",
    )
    play(game, "draw", "discard 9H", "draw", "discard AD")
    ace = game.pick_refusal(card("AD"))
    assert ace is not None and re.match(r"^pickup must meld:.*ace is high only", str(ace))
    five = game.pick_refusal(card("5S"))
    assert five is not None and str(five).startswith("pickup must meld:")
    assert "ace" not in str(five)


def test_a_refusal_crosses_a_process_boundary_whole() -> None:
    """``sim --jobs`` plays in worker processes: a refusal comes back with its rule and case."""
    for error in (
        IllegalMoveError("not_a_meld", "jokers", cards=(card("KH"), card("KS"), 52)),
        MoveSyntaxError("unknown", text="drawx", known="draw"),
    ):
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error)
        assert (again.rule, again.detail, again.params) == (error.rule, error.detail, error.params)
        assert str(again) == str(error) != ""
