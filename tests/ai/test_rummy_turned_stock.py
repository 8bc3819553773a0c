"""Basic rummy once the pile is turned over: the stock is cards everyone saw
thrown, in order, and the players count on them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rummy_util import cards, draw_and_throw, turned_over

from dummy_tui.ai import make_player
from dummy_tui.ai.rummy.players import turned_stock
from dummy_tui.engine.actions import Discard, Draw, TakeDiscard
from dummy_tui.engine.cards import parse_card
from dummy_tui.engine.families import new_round
from dummy_tui.engine.families.rummy import RummyRound, RummyView
from dummy_tui.rules.loader import get_ruleset


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([2, 3, 4]))
def test_the_turned_stock_read_from_the_history_is_the_stock_dealt_from(
    seed: int, players: int
) -> None:
    """Whatever was taken, melded and thrown, every seat reads the turned-over
    stock from what it saw: the engine's own stock, card for card, but for the
    first upcard where nobody saw it again (None); before the turn-over, nothing."""
    rules = get_ruleset("rummy")
    game = new_round(rules, players, seed)
    assert isinstance(game, RummyRound)
    ais = [make_player("rummy", "normal", seed + s) for s in range(players)]
    while not game.is_over:
        for seat in range(players):
            view = game.view(seat)
            assert isinstance(view, RummyView)
            read = turned_stock(view)
            if not game.restocks:
                assert read is None
                continue
            assert read is not None and len(read) == len(game.stock)
            assert all(r is None or r == c for r, c in zip(read, game.stock, strict=True))
            assert read.count(None) <= 1
        legal = game.legal_actions()
        player = ais[game.seat]
        game.apply(legal[0] if len(legal) == 1 else player.choose(game.view(game.seat), legal))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_seat_takes_the_discard_that_brings_its_known_draws_to_a_set(level: str) -> None:
    """K♠ 2♣ 5♦ and K♥ on the pile, K♦ two cards down the stock: drawing gives
    it 9♠ and K♦ to the other seat; taking K♥ (which melds with nothing yet)
    leaves 9♠ to the other seat and K♦ to it, and the three kings go out."""
    hands = ["KS 2C 5D", "4H 7H 9C"]
    game = turned_over(hands, "6S", "KH 9S KD")
    for seat in (0, 1):  # the old upcard, then K♥, drawn and thrown
        draw_and_throw(game, cards(hands[seat]))
    assert game.discards[-1] == parse_card("KH")
    player = make_player("rummy", level, 1)
    action = player.choose(game.view(0), game.legal_actions())
    assert action == TakeDiscard(parse_card("KH")), action
    # the king taken stays: another card is thrown
    game.apply(action)
    game.apply(player.choose(game.view(0), game.legal_actions()))
    assert isinstance(game.history[-1][1], Discard) and game.hands[0] >> parse_card("KH") & 1


def _known_draws_round() -> RummyRound:
    """Seat 0 draws the old upcard K♠ once the pile is turned over; its next two
    draws will be K♥ and K♦, drawn second and fourth from the first stock."""
    game = turned_over(["2C 3C 5D", "4H 7H 9C"], "KS", "JS KH 8S KD")
    game.apply(Draw())
    assert game.hands[0] == sum(1 << c for c in cards("KS 2C 3C 5D"))
    return game


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_seat_keeps_the_king_its_known_next_draws_make_a_set_of(level: str) -> None:
    """K♠ 2♣ 3♣ 5♦ with K♥ and K♦ its next two draws: keeping the king goes
    out in two turns (the three kings melded, the last card thrown), where
    throwing it, the most points and alone, leaves no way out with those draws."""
    game = _known_draws_round()
    view = game.view(0)
    assert isinstance(view, RummyView)
    read = turned_stock(view)
    assert read is not None and [read[-2], read[-4]] == cards("KH KD")
    action = make_player("rummy", level, 1).choose(view, game.legal_actions())
    assert isinstance(action, Discard) and action.card != parse_card("KS"), action
    game.apply(action)
    for _ in range(30):  # both seats play on: seat 0 goes out with its kings
        if game.is_over:
            break
        game.apply(
            make_player("rummy", level, 2).choose(game.view(game.seat), game.legal_actions())
        )
    assert game.is_over and game.went_out == 0
