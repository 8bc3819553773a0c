"""Every level of every family sees only its seat's view: the same view with
other hidden cards (the other hands, the order of the stock) gets the same choice."""

from __future__ import annotations

import random

import pytest

from dummy_tui.ai import FAMILIES, LEVELS

from .conftest import ai, decisions, redeal

# (preset, players, seed): one seeded round of normal players for each family
ROUNDS = {"dummy": ("dummy-house", 3, 4), "gin": ("gin", 2, 6), "rummy": ("rummy", 3, 2),
          "persian": ("persian", 4, 1)}  # fmt: skip


def test_every_family_is_checked() -> None:
    assert set(ROUNDS) == set(FAMILIES)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("family", sorted(ROUNDS))
def test_the_choice_does_not_depend_on_the_hidden_cards(family: str, level: str) -> None:
    ruleset, players, seed = ROUNDS[family]
    positions = decisions(ruleset, players, seed, every=3)[2:6]
    assert len(positions) == 4 and {g.phase for g in positions} == {"take", "play"}
    for i, game in enumerate(positions):
        seat = game.seat
        view = game.view(seat)
        legal = game.legal_actions()
        choice = ai(family, level, 3).choose(view, legal)
        assert choice in legal
        for redeal_seed in range(2):
            other = redeal(game, seat, random.Random(redeal_seed + 10 * i))
            assert other.hands != game.hands or other.stock != game.stock
            assert other.hands[seat] == game.hands[seat]
            assert other.view(seat) == view  # the same view ...
            assert other.legal_actions() == legal
            # ... the same choice, by a fresh player with the same seed
            assert ai(family, level, 3).choose(other.view(seat), legal) == choice, (i, redeal_seed)
