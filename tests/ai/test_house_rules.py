"""The Dummy AI under the house rules of other tables (dummy-rules.md §14)."""

from __future__ import annotations

import random

from dummy_tui.engine.families.dummy import DummyRound

from .conftest import rules


def test_a_round_rebuilt_from_a_view_with_the_real_cards_plays_on_as_the_round_does() -> None:
    """What the hard player's sampled deals are made of: the round rebuilt from a
    view with the true hidden cards scores as the round itself when both play on
    alike, also with the stock run out under ``stock_out_pickup = "any"`` and with
    the discarder of a card picked up charged (``penalty_discard_picked``)."""
    mixed = rules("dummy-pip").model_copy(update={"stock_out_pickup": "any"})
    checked = 0
    for seed in range(12):
        game = DummyRound.new(mixed, 3, seed, starter=seed % 3)
        rng = random.Random(seed)
        while not game.is_over:
            if game.phase == "play" and (not game.stock or rng.random() < 0.1):
                view = game.view(game.seat)
                rebuilt = DummyRound.from_view(
                    view, list(game.hands), list(reversed(game.stock)), list(game.burned)
                )
                real = game.clone()
                moves = random.Random(seed + 1)
                while not real.is_over:
                    action = moves.choice(real.legal_actions())
                    assert rebuilt.legal_actions() == real.legal_actions()
                    real.apply(action)
                    rebuilt.apply(action)
                assert rebuilt.is_over and rebuilt.end == real.end
                assert [b.total for b in rebuilt.scores()] == [b.total for b in real.scores()]
                checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked >= 30
