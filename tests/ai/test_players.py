"""Every level: legal moves only, seeded play, and blindness to hidden cards."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dummy_tui.ai import LEVELS, make_player
from dummy_tui.ai.base import Player
from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.ai.dummy.sampling import sample_hidden
from dummy_tui.engine.actions import Action
from dummy_tui.engine.families.dummy import DummyRound

from .conftest import assert_dealt_consistently, rules

ROOT = Path(__file__).resolve().parents[2]


def ai(level: str, seed: int) -> Player[Any]:
    if level == "hard":
        return make_player("dummy", "hard", seed, samples=2)
    return make_player("dummy", level, seed)


def play(game: DummyRound, players: list[Player[Any]]) -> list[tuple[int, Action]]:
    while not game.is_over:
        legal = game.legal_actions()
        action = players[game.seat].choose(game.view(game.seat), legal)
        assert action in legal, (players[game.seat].level, action, legal)
        game.apply(action)
    return game.history


@pytest.mark.parametrize("name", ["dummy", "dummy-house"])
@pytest.mark.parametrize("players", [2, 4])
def test_every_level_only_returns_legal_actions(name: str, players: int) -> None:
    r = rules(name)
    for i in range(3):
        levels = [LEVELS[(i + s) % len(LEVELS)] for s in range(players)]
        game = DummyRound.new(r, players, 100 + i, starter=i % players)
        play(game, [ai(level, 10 * i + s) for s, level in enumerate(levels)])
        assert game.end in ("knock", "stock_out")


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_moves(level: str) -> None:
    r = rules("dummy")
    histories = []
    for _ in range(2):
        game = DummyRound.new(r, 3, 42, starter=1)
        histories.append(list(play(game, [ai(level, 7 + s) for s in range(3)])))
    assert histories[0] == histories[1]


def _decision_points(name: str, count: int) -> list[tuple[DummyRound, int]]:
    """Positions (and the seat to move) from normal games, take and play phases."""
    r = rules(name)
    out: list[tuple[DummyRound, int]] = []
    players = [make_player("dummy", "normal", s) for s in range(4)]
    seed = 0
    while len(out) < count:
        game = DummyRound.new(r, 4, 500 + seed, starter=seed % 4)
        seed += 1
        step = 0
        while not game.is_over:
            legal = game.legal_actions()
            if len(legal) > 2 and step % 7 == 3 and len(out) < count:
                out.append((game.clone(), game.seat))
            game.apply(players[game.seat].choose(game.view(game.seat), legal))
            step += 1
    return out


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("name", ["dummy", "dummy-house"])
def test_choice_ignores_the_cards_it_cannot_see(level: str, name: str) -> None:
    for game, seat in _decision_points(name, 6):
        view = game.view(seat)
        legal = game.legal_actions()
        choice = ai(level, 3).choose(view, legal)
        k = Knowledge.from_view(view)
        for redeal in range(3):
            hands, stock, burned = sample_hidden(view, k, random.Random(redeal))
            other = DummyRound.from_view(view, hands, stock, burned)
            assert other.hands != game.hands or other.stock != game.stock
            other_view = other.view(seat)
            assert other_view.hand == view.hand and other_view.history == view.history
            assert ai(level, 3).choose(other_view, other.legal_actions()) == choice


def test_the_hidden_cards_are_dealt_consistently() -> None:
    for game, seat in _decision_points("dummy", 4):
        view = game.view(seat)
        k = Knowledge.from_view(view)
        hands, stock, burned = sample_hidden(view, k, random.Random(1))
        assert_dealt_consistently(view, k, hands, stock, burned)
        # the real hands agree with what was tracked from the public history
        for s in range(view.players):
            assert game.hands[s] & k.known[s] == k.known[s]


def test_sim_command_json() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-m", "dummy_tui", "sim", "--ruleset", "dummy-house", "--players", "4",
         "--ai", "hard,normal,easy,random", "--rounds", "20", "--seed", "7", "--json",
         "--budget-ms", "5"],
        capture_output=True, text=True, timeout=120, env=env, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"ruleset", "players", "rounds", "seed", "rounds_per_second", "seats"}
    assert (data["ruleset"], data["players"], data["rounds"], data["seed"]) == (
        "dummy-house", 4, 20, 7,
    )  # fmt: skip
    keys = {"seat", "ai", "round_wins", "win_rate", "mean_score", "knocks", "dark_knocks",
            "falls", "fools", "penalty_points"}  # fmt: skip
    assert [s["ai"] for s in data["seats"]] == ["hard", "normal", "easy", "random"]
    for s in data["seats"]:
        assert set(s) == keys
    assert sum(s["round_wins"] for s in data["seats"]) <= 20


def test_sim_results_do_not_depend_on_jobs() -> None:
    from dummy_tui.sim import simulate

    r = rules("dummy")
    one = simulate(r, "dummy", ["normal", "easy", "random"], 12, 3, jobs=1).as_json()
    two = simulate(r, "dummy", ["normal", "easy", "random"], 12, 3, jobs=2).as_json()
    one.pop("rounds_per_second")
    two.pop("rounds_per_second")
    assert one == two


def test_ai_package_imports_no_ui() -> None:
    code = (
        "import sys, dummy_tui.ai, dummy_tui.ai.dummy.search, dummy_tui.ai.dummy.sampling; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_sim_with_fixed_samples_repeats_exactly() -> None:
    """``--samples`` takes the clock out of the hard player: two runs agree."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    outputs = []
    for _ in range(2):
        result = subprocess.run(
            [sys.executable, "-m", "dummy_tui", "sim", "--players", "2", "--ai", "hard,normal",
             "--rounds", "4", "--seed", "3", "--json", "--samples", "2"],
            capture_output=True, text=True, timeout=120, env=env, stdin=subprocess.DEVNULL,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        data = json.loads(result.stdout)
        del data["rounds_per_second"]
        outputs.append(data)
    assert outputs[0] == outputs[1]
    assert outputs[0]["rounds"] == 4


def test_fixed_samples_reach_every_family_player() -> None:
    from dummy_tui.ai.dummy.search import SearchPlayer
    from dummy_tui.ai.gin.players import GinPlayer

    player = make_player("dummy", "hard", 1, samples=5)
    assert isinstance(player, SearchPlayer) and player.samples == 5
    gin = make_player("gin", "hard", 1, samples=5)
    assert isinstance(gin, GinPlayer) and gin.samples == 5 and gin.budget_ms == 300.0
