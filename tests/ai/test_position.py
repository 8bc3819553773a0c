"""The lookahead's position values: their shape, their signs, and the fit that makes them."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path
from types import ModuleType

import pytest

from dummy_tui.ai import make_player
from dummy_tui.ai.dummy import search
from dummy_tui.ai.dummy.heuristic import HeuristicPlayer
from dummy_tui.ai.dummy.position import design, features, position_value
from dummy_tui.ai.dummy.position_data import WEIGHTS
from dummy_tui.ai.dummy.weights import NORMAL
from dummy_tui.engine.families.dummy import DummyRound

from .conftest import rules

ROOT = Path(__file__).resolve().parents[2]


def midround(players: int, seed: int, turns: int) -> DummyRound:
    """A round of normal players after ``turns`` whole turns: a seat is to take."""
    game = DummyRound.new(rules("dummy"), players, seed, starter=0)
    seats = [make_player("dummy", "normal", seed + s) for s in range(players)]
    for _ in range(turns):
        seat = game.seat
        while not game.is_over and game.seat == seat:
            game.apply(seats[seat].choose(game.view(seat), game.legal_actions()))
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_weights_fit_the_features(players: int) -> None:
    game = midround(players, 5, 6)
    assert not game.is_over
    x = design(features(game, game.seat, NORMAL))
    assert len(WEIGHTS[players]) == len(x)
    assert x[-1] == 1.0  # the constant


@pytest.mark.parametrize("players", [2, 3, 4])
def test_table_points_count_for_the_seat_and_against_the_others(players: int) -> None:
    """At every stage a point on the seat's own table raises its value and a
    point on another's table lowers it (a fit with a sign turned would not)."""
    w = WEIGHTS[players]
    n = (len(w) - 1) // 2
    own = 0
    others = [6 + 5 * d for d in range(players - 1)]
    for stage in (0.0, 0.5, 1.0):
        assert w[own] + stage * w[n + own] > 0.5
        for i in others:
            assert w[i] + stage * w[n + i] < -0.1


def test_the_lookahead_values_positions_by_the_fit() -> None:
    game = midround(4, 3, 8)
    policy = HeuristicPlayer(0, NORMAL)
    assert search.static_value(game, game.seat, policy) == pytest.approx(
        position_value(game, game.seat, NORMAL)
    )
    assert search.static_value(game, game.seat, policy) != pytest.approx(
        search.hand_made_value(game, game.seat, policy)
    )


def load_fitter() -> ModuleType:
    path = ROOT / "benchmarks" / "position_model.py"
    spec = importlib.util.spec_from_file_location("position_model", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fitter_recovers_known_weights() -> None:
    fitter = load_fitter()
    rng = random.Random(4)
    truth = [2.0, -3.0, 0.5, 10.0]
    rows = []
    for i in range(400):
        x = [rng.uniform(-5, 5), rng.uniform(0, 100), float(rng.random() < 0.5), 1.0]
        y = sum(a * b for a, b in zip(truth, x, strict=True))
        rows.append((x, 0.0, y, i))
    fit = fitter.least_squares(rows)
    assert fit == pytest.approx(truth, rel=1e-4, abs=1e-4)
    assert fitter.r_squared([r[2] for r in rows], [r[2] for r in rows]) == pytest.approx(1.0)


def test_one_round_of_the_fitter_gives_rows_for_every_turn() -> None:
    fitter = load_fitter()
    rows = fitter.play(("dummy", 3, 7, 0, 1))
    assert len(rows) >= 9  # three seats, at least three turns each
    assert all(len(r[0]) == len(WEIGHTS[3]) for r in rows)
    # every row of one seat ends the same round the same way
    assert len({r[3] for r in rows}) == 1
