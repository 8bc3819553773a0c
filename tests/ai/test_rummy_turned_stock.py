"""Basic rummy once the pile is turned over: the stock is cards everyone saw
thrown, in order, and the players count on them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dummy_tui.ai import make_player
from dummy_tui.ai.rummy.players import turned_stock
from dummy_tui.engine.actions import Discard, Draw
from dummy_tui.engine.cards import parse_card
from dummy_tui.engine.deal import Deal
from dummy_tui.engine.families import new_round, round_from_deal
from dummy_tui.engine.families.rummy import RummyRound, RummyView
from dummy_tui.rules.loader import get_ruleset


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


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


def _known_draws_round() -> RummyRound:
    """Two players of three cards, everyone drawing and throwing the card drawn
    until the pile is turned over: seat 0 then draws the old upcard K♠, and its
    next two draws will be K♥ and K♦, drawn second and fourth from the first stock."""
    rules = get_ruleset("rummy", overrides={"hand_size": {"2": 3}}, source="test")
    hands = [cards("2C 3C 5D"), cards("4H 7H 9C")]
    upcard = parse_card("KS")
    stock_top = cards("JS KH 8S KD")
    used = set(hands[0] + hands[1] + [upcard] + stock_top)
    rest = [c for c in range(52) if c not in used]
    game = round_from_deal(rules, Deal(hands, upcard, stock_top + rest), starter=1)
    assert isinstance(game, RummyRound)
    while not game.restocks:
        game.apply(Draw())
        drawn = game.hands[game.seat] & ~sum(1 << c for c in hands[game.seat])
        game.apply(Discard(drawn.bit_length() - 1))
    assert game.seat == 0
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
