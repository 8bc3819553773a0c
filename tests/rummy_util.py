"""Basic rummy rounds brought to the turned-over stock, for the AI's and the coach's tests."""

from __future__ import annotations

from dummy_tui.engine.actions import Discard, Draw
from dummy_tui.engine.cards import parse_card
from dummy_tui.engine.deal import Deal
from dummy_tui.engine.families import round_from_deal
from dummy_tui.engine.families.rummy import RummyRound
from dummy_tui.rules.loader import get_ruleset


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def draw_and_throw(game: RummyRound, dealt: list[int]) -> None:
    """The seat to move draws, and throws the card drawn (its hand stays ``dealt``)."""
    game.apply(Draw())
    drawn = game.hands[game.seat] & ~sum(1 << c for c in dealt)
    game.apply(Discard(drawn.bit_length() - 1))


def turned_over(hands: list[str], upcard: str, stock_top: str) -> RummyRound:
    """Two players of three cards (seat 1 first), every turn drawing and throwing
    the card drawn, until the pile is turned over at seat 0's turn: the stock
    is then ``upcard``, then ``stock_top``'s cards in order, then the rest."""
    rules = get_ruleset("rummy", overrides={"hand_size": {"2": 3}}, source="test")
    dealt = [cards(h) for h in hands]
    top = cards(stock_top)
    used = set(dealt[0] + dealt[1] + [parse_card(upcard)] + top)
    rest = [c for c in range(52) if c not in used]
    game = round_from_deal(rules, Deal(dealt, parse_card(upcard), top + rest), starter=1)
    assert isinstance(game, RummyRound)
    while not game.restocks:
        draw_and_throw(game, dealt[game.seat])
    assert game.seat == 0
    return game
