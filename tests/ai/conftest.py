"""Helpers for the AI tests: built positions and whole seeded rounds."""

from __future__ import annotations

from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.engine.actions import Action
from dummy_tui.engine.cards import parse_card
from dummy_tui.engine.families.dummy import DummyRound, DummyView
from dummy_tui.engine.round import Deal
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.rules.schema import DummyRules


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def rules(name: str = "dummy") -> DummyRules:
    r = get_ruleset(name)
    assert isinstance(r, DummyRules)
    return r


def fixed_round(hands: list[str], upcard: str, stock: str, name: str = "dummy") -> DummyRound:
    """A round with the given deal (stock top first); seat 0 starts."""
    deal = Deal([sorted(cards(h)) for h in hands], parse_card(upcard), cards(stock))
    return DummyRound(rules(name), deal, 0, 1)


def play_turn(game: DummyRound, choose: object) -> list[Action]:
    """Let ``choose(view, legal)`` play the seat to move until its turn ends."""
    seat = game.seat
    done: list[Action] = []
    while not game.is_over and game.seat == seat:
        legal = game.legal_actions()
        action = choose(game.view(seat), legal)  # type: ignore[operator]
        assert action in legal
        game.apply(action)
        done.append(action)
        if len(done) > 40:
            raise AssertionError("turn did not end")
    return done


def with_view(view: DummyView, **changes: object) -> DummyView:
    from dataclasses import replace

    return replace(view, **changes)  # type: ignore[arg-type]


def assert_dealt_consistently(
    view: DummyView, k: Knowledge, hands: list[int], stock: list[int], burned: list[int]
) -> None:
    """A sampled deal fits the view: sizes, every card in exactly one place, known cards kept."""
    assert [h.bit_count() for h in hands] == view.hand_counts
    assert len(stock) == view.stock_count and len(burned) == view.burned_count
    every = 0
    for mask in [*hands, *(1 << c for c in stock), *(1 << c for c in burned)]:
        assert not every & mask
        every |= mask
    for m in view.melds:
        every |= m.mask
    for c in view.row:
        every |= 1 << c
    assert every == (1 << 52) - 1
    for s in range(view.players):
        assert hands[s] & k.known[s] == k.known[s]
