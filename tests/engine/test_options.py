"""Rules and options that shape play: each on and off, on real positions."""

from __future__ import annotations

from typing import Any

import pytest
from engine_util import (
    all_cards,
    born_facing_4h_8h,
    card,
    cards,
    discard,
    dummy,
    hand,
    hearts_deal,
    layoff,
    make_round,
    meld,
    pick,
    pick_layoff,
    play,
    rules,
    snapshot,
    totals,
)

from dummy_tui.engine.actions import DRAW, END, LayOff
from dummy_tui.engine.errors import IllegalMoveError, RecordError
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.record import apply_moves, parse_record, record_of


def refused(game: DummyRound, action: Any, prefix: str) -> IllegalMoveError:
    before = snapshot(game)
    with pytest.raises(IllegalMoveError) as info:
        game.apply(action)
    assert str(info.value).startswith(prefix), str(info.value)
    assert snapshot(game) == before, "a refused move changed the state"
    return info.value


def record(
    hands: list[str], upcard: str, stock: str = "", moves: list[str] | None = None, **options: Any
) -> dict[str, Any]:
    return {
        "format": "dummy-tui-record/1",
        "ruleset": "dummy",
        "options": options,
        "players": [f"P{i}" for i in range(len(hands))],
        "deal": {"hands": [h.split() for h in hands], "upcard": upcard, "stock": stock.split()},
        "moves": moves or [],
    }


# --------------------------------------------------------------------------
# burn_two_player and hand_size (records)

TWO_HANDS = ["2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC", "KC AC 2D 3D 4D 5D 6D 7D 8D 9D 10D"]


def test_burn_two_player_takes_the_last_cards_of_the_full_stock() -> None:
    game = dummy(parse_record(record(TWO_HANDS, "JD", "2S 3S", burn_two_player=5)).game)
    # Full stock: 2♠ 3♠, then the unnamed cards in deck order, ending 10♠..A♠.
    assert game.burned == cards("10S JS QS KS AS")
    assert len(game.stock) == 52 - 22 - 1 - 5
    assert game.stock[-1] == card("2S")  # the top
    assert game.stock[0] == card("9S")  # the bottom, after the burn
    assert sorted(all_cards(game)) == list(range(52))
    game.apply(DRAW)
    assert card("2S") in game.hand(0)


def test_burn_two_player_off() -> None:
    game = dummy(parse_record(record(TWO_HANDS, "JD", "2S 3S")).game)
    assert game.burned == []
    assert len(game.stock) == 29
    assert game.stock[0] == card("AS")


def test_burn_applies_to_two_players_only() -> None:
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C 10C",
        "JC QC KC AC 2D 3D 4D 5D 6D",
        "7D 8D 9D 10D JD QD KD AD 2H",
    ]
    game = dummy(parse_record(record(hands, "3H", burn_two_player=5)).game)
    assert game.burned == []
    assert len(game.stock) == 52 - 27 - 1


def test_burned_cards_come_back_in_a_written_record() -> None:
    loaded = parse_record(record(TWO_HANDS, "JD", "2S 3S", burn_two_player=5))
    game = dummy(loaded.game)
    data = record_of(game, loaded.names, "dummy", rules())
    assert data["deal"]["stock"][-5:] == ["10S", "JS", "QS", "KS", "AS"]
    assert data["options"] == {"burn_two_player": 5}
    again = dummy(parse_record(data).game)
    assert again.burned == game.burned and again.stock == game.stock


def test_burn_in_a_shuffled_deal() -> None:
    game = DummyRound.new(rules(burn_two_player=5), 2, seed=7)
    assert len(game.burned) == 5 and len(game.stock) == 24
    assert sorted(all_cards(game)) == list(range(52))


def test_hand_size_option() -> None:
    hands = ["2C 3C 4C 5C 6C", "7C 8C 9C 10C JC"]
    game = dummy(parse_record(record(hands, "2D", hand_size={"2": 5})).game)
    assert [len(game.hand(s)) for s in (0, 1)] == [5, 5]
    assert len(game.stock) == 52 - 10 - 1
    with pytest.raises(RecordError, match=r"deal\.hands\[0\]: 5 cards, but this ruleset deals 11"):
        parse_record(record(hands, "2D"))
    shuffled = DummyRound.new(rules(hand_size={"3": 6}), 3, seed=1)
    assert [len(shuffled.hand(s)) for s in range(3)] == [6, 6, 6]
    assert len(shuffled.stock) == 52 - 18 - 1


# --------------------------------------------------------------------------
# layoff_limit


def layoff_limit_round(limit: int) -> DummyRound:
    # Seat 0 picks the head 7♥ with 5♥ 6♥, later draws 9♥ and lays off 8♥.
    game = make_round(["5H 6H 2D 8H KS", "9C 9D 3S 4S 6C"], "7H", "JD 9H", layoff_limit=limit)
    play(game, "pick 7H", "meld 5H 6H 7H", "discard 2D", "draw", "discard JD", "draw")
    play(game, "layoff 8H 5H")
    return game


def test_layoff_limit_reached() -> None:
    game = layoff_limit_round(1)
    assert game.layoffs == [1, 0]
    refused(game, layoff(game, "9H", "5H"), "layoff limit:")
    assert not any(isinstance(a, LayOff) for a in game.legal_actions())
    assert not game.knock_possible(0)  # 9♥ K♠ cannot go down without a layoff
    assert not game.fits_table(card("9H"), 0)


@pytest.mark.parametrize("limit", [0, 2])
def test_layoff_limit_not_reached(limit: int) -> None:
    game = layoff_limit_round(limit)
    assert layoff(game, "9H", "5H") in game.legal_actions()
    play(game, "layoff 9H 5H", "knock KS")
    assert totals(game) == [75, -50]


# --------------------------------------------------------------------------
# layoff_chain


def chain_round(chain: str, six_with: int) -> DummyRound:
    """Seat 0 owns 8♣..J♣, seat 1 lays 7♣ off onto it; all three are born.

    The seat ``six_with`` holds 6♣ and is to move, in its play phase.
    """
    hands = ["8C 9C 10C 2D 5D AS", "7C 2H 2S 3D 4H", "3C 3H KH 9D"]
    hands[six_with] += " 6C"
    game = make_round(hands, "JC", layoff_chain=chain)
    play(
        game,
        "pick JC", "meld 8C 9C 10C JC", "discard 2D",
        "pick 2D", "meld 2D 2H 2S", "layoff 7C 8C", "discard 3D",
        "pick 3D", "meld 3C 3D 3H",
    )  # fmt: skip
    if six_with != 2:
        play(game, "discard 9D", "draw")
    if six_with == 1:
        play(game, "discard 5D", "draw")
    assert game.seat == six_with and game.born == [True, True, True]
    assert game.melds[0].layers == [1, 0, 0, 0, 0]
    return game


@pytest.mark.parametrize(("seat", "allowed"), [(0, True), (1, True), (2, False)])
def test_layoff_chain_owner_or_self(seat: int, allowed: bool) -> None:
    game = chain_round("owner_or_self", seat)
    six = layoff(game, "6C", "8C")
    assert (six in game.legal_actions()) == allowed
    if allowed:
        game.apply(six)
        assert game.melds[0].layers[0] == seat
    else:
        refused(game, six, "layoff chain:")


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_layoff_chain_any(seat: int) -> None:
    game = chain_round("any", seat)
    six = layoff(game, "6C", "8C")
    assert six in game.legal_actions()
    game.apply(six)
    assert game.melds[0].cards[0] == card("6C")


# --------------------------------------------------------------------------
# pickup_to_layoff


def pickup_layoff_round(on: bool) -> DummyRound:
    """Seat 0 is born with 5♥ 6♥ 7♥ on the table and faces the row 4♥ 8♥."""
    game = hearts_deal(pickup_to_layoff=on)
    play(game, "pick 7H", "meld 5H 6H 7H", "discard 4H")
    # Seat 1 is not born: even with the option on it may not lay a pick off.
    refused(game, pick_layoff(game, "4H", "5H"), "not born:" if on else "pickup must meld:")
    play(game, "draw", "discard 8H")
    return game


def test_pickup_to_layoff_on() -> None:
    game = pickup_layoff_round(True)
    game.apply(pick_layoff(game, "4H", "5H"))
    # 4♥ goes onto the run (credited to seat 0), 8♥ joins the hand.
    assert game.melds[0].cards == cards("4H 5H 6H 7H")
    assert game.layoffs == [1, 0]
    assert hand(game, 0) == {"2C", "3D", "8H"}
    assert game.discards == []
    assert game.phase == "play"
    # 8♥ can now go on the other end by an ordinary layoff.
    assert layoff(game, "8H", "5H") in game.legal_actions()


def test_pickup_to_layoff_off() -> None:
    game = pickup_layoff_round(False)
    refused(game, pick_layoff(game, "8H", "5H"), "pickup must meld:")
    assert game.legal_actions() == [DRAW]


def test_pickup_to_layoff_counts_against_the_layoff_limit() -> None:
    game = born_facing_4h_8h(pickup_to_layoff=True, layoff_limit=1)
    play(game, "pick 8H", "layoff 8H 5H", "discard 2C", "draw", "discard 10S")
    assert game.layoffs == [1, 0]
    # 4♥ would fit below 5♥ 6♥ 7♥ 8♥, but seat 0 has no layoff left.
    assert game.discards == cards("4H 2C 10S")
    assert game.legal_actions() == [DRAW]
    refused(game, pick_layoff(game, "4H", "5H"), "layoff limit:")


# --------------------------------------------------------------------------
# first_turn_must_draw


def test_first_turn_must_draw_refuses_the_head() -> None:
    game = make_round(["5H 6H 2C", "8H 9H 2D"], "7H", first_turn_must_draw=True)
    refused(game, pick("7H", "5H 6H 7H"), "first turn must draw:")
    play(game, "draw", "discard 2C", "pick 7H", "meld 7H 8H 9H")
    assert game.born == [False, True]


def test_first_turn_may_pick_when_the_option_is_off() -> None:
    game = make_round(["5H 6H 2C", "8H 9H 2D"], "7H")
    play(game, "pick 7H", "meld 5H 6H 7H")
    assert game.born == [True, False]


# --------------------------------------------------------------------------
# One card must remain


def three_hearts_in_hand() -> DummyRound:
    """Seat 0 is born with 5♥ 6♥ 7♥ on the table and holds 8♥ 9♥ 10♥."""
    game = make_round(["5H 6H 2D 8H 10H", "9C 9D 3S 4S 6C"], "7H", "JD 9H")
    play(game, "pick 7H", "meld 5H 6H 7H", "discard 2D", "draw", "discard JD", "draw")
    assert hand(game, 0) == {"8H", "9H", "10H"}
    return game


def test_meld_of_the_whole_hand_is_refused() -> None:
    game = three_hearts_in_hand()
    refused(game, meld("8H 9H 10H"), "one card must remain:")
    # Listed: three discards and 8♥ onto the run; not the meld of all three.
    assert set(game.legal_actions()) == {
        *(discard(c) for c in ("8H", "9H", "10H")),
        layoff(game, "8H", "5H"),
    }


def test_layoff_of_the_last_card_is_refused() -> None:
    game = three_hearts_in_hand()
    play(game, "layoff 8H 5H", "layoff 9H 5H")
    refused(game, layoff(game, "10H", "5H"), "one card must remain:")
    assert game.legal_actions() == [discard("10H")]
    play(game, "knock 10H")
    assert game.end == "knock"


def test_pick_meld_that_would_empty_the_hand_is_refused() -> None:
    game = make_round(["8H 9H", "2S 3S"], "10H")
    refused(game, pick("10H", "8H 9H 10H"), "one card must remain:")
    assert game.legal_actions() == [DRAW]
    # A record says why at the `pick` itself: a meld exists, but it would
    # take the last card.
    applied, error, _ = apply_moves(game, ["pick 10H", "meld 8H 9H 10H"])
    assert error is not None and (applied, error["index"]) == (0, 0)
    assert error["message"].startswith("one card must remain:"), error["message"]


# --------------------------------------------------------------------------
# The dark-knock exception (§6)


def unborn_after_draw() -> DummyRound:
    game = make_round(["5H 6H 7H 5C 5D KS", "2S 3D 9C JD 4S 10C"], "QD", "8H")
    play(game, "draw")
    return game


def test_unborn_meld_is_accepted_and_the_discard_refused_then_undone() -> None:
    game = unborn_after_draw()
    before = snapshot(game)
    # 5♥ 6♥ 7♥ is not listed (no knock follows) but is accepted (§6).
    assert meld("5H 6H 7H") not in game.legal_actions()
    game.apply(meld("5H 6H 7H"))
    assert game.must_knock and not game.born[0]
    assert game.legal_actions() == []  # nothing leads to a knock: undo is the way out
    refused(game, discard("8H"), "not born:")
    game.undo()
    assert snapshot(game) == before


def test_unborn_dark_knock_through_the_exception() -> None:
    game = unborn_after_draw()
    play(game, "meld 5C 5D 5H")
    refused(game, discard("8H"), "not born:")
    play(game, "meld 6H 7H 8H", "knock KS")
    assert game.dark_knock and game.went_out == 0
    # (15 + 15 + 50) × 2; seat 1 falls: 2♠ 3♦ 9♣ J♦ 4♠ 10♣ = 40 × 2.
    assert totals(game) == [160, -80]


def test_unborn_layoff_onto_another_players_meld() -> None:
    game = make_round(["5H 6H 2D KS QD", "9C 9D 9S 4S"], "7H", "8H")
    play(game, "pick 7H", "meld 5H 6H 7H", "discard 2D", "draw", "layoff 8H 5H")
    assert game.must_knock and game.melds[0].layers[-1] == 1
    refused(game, discard("9C"), "not born:")
    play(game, "meld 9C 9D 9S", "knock 4S")
    # Seat 1: (5 + 15 + 50) × 2.  Seat 0 is born: 15 - 20.
    assert totals(game) == [-5, 140]


# --------------------------------------------------------------------------
# Running out of stock (§9)


def stock_out(seat1: str = "7C 8C 10C KD") -> DummyRound:
    game = make_round(["6C 2S 4S", seat1], "9C", "JH", fill=False)
    play(game, "draw", "discard 6C")
    return game


def test_stock_out_ends_by_itself_when_no_pickup_can_knock() -> None:
    game = stock_out("7C 8C QH KD")
    assert game.end == "stock_out" and game.went_out is None and game.to_move is None
    refused(game, DRAW, "round over:")
    refused(game, END, "round over:")
    s0, s1 = game.scores()
    # No fall: seat 0 is not born but pays its hand once.
    assert (s0.hand, s0.hand_multiplier, s0.total) == (20, 1, -20)
    assert s1.total == -30
    assert game.next_round() == (1, 1)


def test_stock_out_end_by_choice() -> None:
    game = stock_out()
    refused(game, DRAW, "stock empty:")
    game.apply(END)
    assert game.end == "stock_out" and game.is_over
    assert totals(game) == [-20, -30]
    assert game.next_round() == (1, 1)


def test_stock_out_pick_and_knock() -> None:
    game = stock_out()
    game.apply(pick("9C", "6C 7C 8C 9C 10C"))
    assert game.legal_actions() == [discard("KD")]
    play(game, "knock KD")
    assert game.end == "knock" and game.dark_knock
    # Seat 1: (30 + 50) × 2.  Seat 0, not born, falls (§9: a knock after a
    # stock-out pick-up is an ordinary knock): 20 × 2.
    assert totals(game) == [-40, 160]
    assert game.scores()[0].hand_multiplier == 2


def test_stock_out_pick_refuses_a_discard_that_is_no_knock() -> None:
    game = stock_out()
    game.apply(pick("9C", "7C 8C 9C"))
    refused(game, discard("6C"), "stock out:")
    play(game, "layoff 6C 7C", "layoff 10C 7C", "knock KD")
    assert totals(game) == [-40, 160]


def test_stock_out_pick_that_cannot_knock_is_a_dead_end() -> None:
    game = stock_out()
    before = snapshot(game)
    game.apply(pick("6C", "6C 7C 8C"))  # accepted, as the dark-knock exception
    refused(game, discard("10C"), "stock out:")
    assert game.legal_actions() == []
    game.undo()
    assert snapshot(game) == before


def test_end_refused_while_the_stock_lasts() -> None:
    game = make_round(["5H 6H 2C", "8H 9H 2D"], "7H")
    refused(game, END, "end:")
