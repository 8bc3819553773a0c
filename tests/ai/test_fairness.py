"""Every level of every family sees only its seat's view: the same view with
other hidden cards (the other hands, the order of the stock) gets the same choice."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dummy_tui.ai import FAMILIES, LEVELS, make_player
from dummy_tui.engine.round import Round
from dummy_tui.rules import get_ruleset

from .conftest import ai, decisions, redeal

PRESETS = sorted({*FAMILIES, "dummy-house"})
"""Each family's own preset (named after it), and the preset with Dummy's house rules."""


def positions_of(preset: str, players: int | None = None) -> list[Round[Any]]:
    """Four decisions, take and play alike, from the first seeded round of
    normal players at the preset's usual table (or of ``players``) that has them."""
    players = players or get_ruleset(preset).default_players
    for seed in range(10):
        positions = decisions(preset, players, seed, every=3)[2:6]
        if len(positions) == 4 and {g.phase for g in positions} == {"take", "play"}:
            return positions
    raise AssertionError(f"no round of {preset} with four decisions of both kinds")


def test_every_family_is_checked() -> None:
    assert {get_ruleset(preset).family for preset in PRESETS} == set(FAMILIES)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("preset", "players"),
    [(preset, None) for preset in PRESETS] + [("dummy", 2), ("dummy", 3)],
    ids=[*PRESETS, "dummy-2", "dummy-3"],
)
def test_the_choice_does_not_depend_on_the_hidden_cards(
    preset: str, players: int | None, level: str
) -> None:
    """Dummy at two and three players too: its ``hard`` searches another way than at four."""
    family = get_ruleset(preset).family
    positions = positions_of(preset, players)
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


def test_the_rollouts_of_hard_at_four_do_not_depend_on_the_hidden_cards() -> None:
    """``hard`` at four plays options to the round's end (enough
    samples for it, but late in the round, where rollouts are short)."""
    positions = decisions("dummy", 4, 5, every=1)[-8:]
    assert {g.phase for g in positions} == {"take", "play"}
    searched = 0
    for i, game in enumerate(positions):
        seat = game.seat
        view = game.view(seat)
        legal = game.legal_actions()
        player = make_player("dummy", "hard", 3, samples=24)
        choice = player.choose(view, legal)
        searched += bool(getattr(player, "sampled", None))
        for redeal_seed in range(2):
            other = redeal(game, seat, random.Random(redeal_seed + 10 * i))
            assert other.view(seat) == view and other.legal_actions() == legal
            again = make_player("dummy", "hard", 3, samples=24)
            assert again.choose(other.view(seat), legal) == choice, (i, redeal_seed)
    assert searched >= 3  # decisions that rolled options out
