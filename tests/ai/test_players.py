"""Every level: legal moves only, seeded play, the registry, and the samples
that take the clock out of the hard players."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from broken_ai import Broken

import dummy_tui.ai
from dummy_tui.ai import LEVELS, AIError, checked_choice, make_player
from dummy_tui.ai.base import Player
from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.ai.dummy.sampling import sample_hidden
from dummy_tui.cli import main
from dummy_tui.engine.actions import Action, Discard
from dummy_tui.engine.families.dummy import DummyRound

from .conftest import SlowClock, ai, assert_dealt_consistently, decisions, hard_choices, rules

ROOT = Path(__file__).resolve().parents[2]


def play(game: DummyRound, players: list[Player[Any]]) -> list[tuple[int, Action]]:
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(checked_choice(players[game.seat], game.view(game.seat), legal))
    return game.history


# every level at a table of two and of four, in both presets
TABLES = [("hard", "random"), ("easy", "normal"), LEVELS, tuple(reversed(LEVELS))]


@pytest.mark.parametrize("name", ["dummy", "dummy-house"])
@pytest.mark.parametrize("levels", TABLES, ids="-".join)
def test_every_level_only_returns_legal_actions(name: str, levels: tuple[str, ...]) -> None:
    game = DummyRound.new(rules(name), len(levels), 100 + len(levels), starter=1)
    play(game, [ai("dummy", level, 10 + s) for s, level in enumerate(levels)])
    assert game.end in ("knock", "stock_out")


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_moves(level: str) -> None:
    histories = []
    for _ in range(2):
        game = DummyRound.new(rules("dummy"), 2, 42, starter=1)
        histories.append(list(play(game, [ai("dummy", level, 7 + s) for s in range(2)])))
    assert histories[0] == histories[1]


def test_the_hidden_cards_are_dealt_consistently() -> None:
    for game in decisions("dummy", 4, 3, every=6)[:4]:
        assert isinstance(game, DummyRound)
        view = game.view(game.seat)
        k = Knowledge.from_view(view)
        hands, stock, burned = sample_hidden(view, k, random.Random(1))
        assert_dealt_consistently(view, k, hands, stock, burned)
        # the real hands agree with what was tracked from the public history
        for s in range(view.players):
            assert game.hands[s] & k.known[s] == k.known[s]


def test_an_unknown_level_or_family_is_refused_with_the_names() -> None:
    with pytest.raises(ValueError, match="levels: random, easy, normal, hard"):
        make_player("dummy", "expert")
    with pytest.raises(ValueError, match="no AI for the family 'bridge'"):
        make_player("bridge", "normal")


def test_checked_choice_names_the_level_and_the_seat_of_a_failing_player() -> None:
    game = DummyRound.new(rules("dummy"), 2, 1)
    view, legal = game.view(game.seat), game.legal_actions()
    not_held = Discard(next(c for c in range(52) if c not in game.view(game.seat).hand))
    with pytest.raises(AIError, match=f"the normal AI of seat {view.seat} failed: KeyError"):
        checked_choice(Broken("normal", KeyError("3C")), view, legal)
    with pytest.raises(AIError, match="which is not legal") as info:
        checked_choice(Broken("hard", not_held), view, legal)
    assert (info.value.level, info.value.seat) == ("hard", view.seat)


def test_a_dummy_game_never_loads_another_familys_ai() -> None:
    code = (
        "import sys; from dummy_tui.ai import LEVELS, make_player; "
        "[make_player('dummy', level, 1) for level in LEVELS]; "
        "print(sorted(m for m in sys.modules if m.startswith('dummy_tui.ai.')))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert out.returncode == 0, out.stderr
    loaded = {name.split(".")[2] for name in json.loads(out.stdout.replace("'", '"'))}
    assert loaded == {"base", "dummy"}


def test_fixed_samples_take_the_clock_out_of_the_hard_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``samples``, the hard player makes the same choices however slow the
    machine is; on a time budget a slow machine changes them."""
    fast = hard_choices("dummy", 4, samples=6)
    monkeypatch.setattr(time, "perf_counter", SlowClock())  # the search reads time.perf_counter
    assert hard_choices("dummy", 4, samples=6) == fast
    assert hard_choices("dummy", 4, budget_ms=50) != fast


def test_fixed_samples_reach_the_hard_player() -> None:
    from dummy_tui.ai.dummy.search import SearchPlayer

    player = make_player("dummy", "hard", 1, samples=5)
    assert isinstance(player, SearchPlayer) and player.samples == 5


def test_sim_hands_samples_and_the_budget_to_the_hard_players_only(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    asked: list[tuple[str, float, int | None]] = []
    real = dummy_tui.ai.family_players("dummy")

    def player(level: str, seed: int | None, budget_ms: float, samples: int | None) -> Any:
        asked.append((level, budget_ms, samples))
        return real("normal" if level == "hard" else level, seed, budget_ms, samples)

    monkeypatch.setattr(dummy_tui.ai, "family_players", lambda family: player)
    args = ["sim", "--ai", "hard,easy", "--rounds", "2", "--json", "--samples", "7"]
    assert main([*args, "--budget-ms", "40"]) == 0
    capsys.readouterr()
    assert sorted(set(asked)) == [("easy", 300.0, None), ("hard", 40.0, 7)]


def test_sim_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["sim", "--ruleset", "dummy-house", "--players", "4", "--ai", "hard,normal,easy,random"]
    assert main([*args, "--rounds", "2", "--seed", "7", "--json", "--samples", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"ruleset", "players", "rounds", "seed", "rounds_per_second", "seats"}
    assert (data["ruleset"], data["players"], data["rounds"], data["seed"]) == (
        "dummy-house", 4, 2, 7,
    )  # fmt: skip
    keys = {"seat", "ai", "round_wins", "win_rate", "mean_score", "knocks", "dark_knocks",
            "falls", "fools", "penalty_points"}  # fmt: skip
    assert [s["ai"] for s in data["seats"]] == ["hard", "normal", "easy", "random"]
    for s in data["seats"]:
        assert set(s) == keys
    assert sum(s["round_wins"] for s in data["seats"]) <= 2


def test_sim_results_do_not_depend_on_jobs() -> None:
    from dummy_tui.sim import simulate

    r = rules("dummy")
    one = simulate(r, "dummy", ["normal", "easy", "random"], 8, 3, jobs=1).as_json()
    two = simulate(r, "dummy", ["normal", "easy", "random"], 8, 3, jobs=2).as_json()
    one.pop("rounds_per_second")
    two.pop("rounds_per_second")
    assert one == two


def test_the_default_hard_dummy_player_plays_the_same_on_a_slow_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import itertools
    import types

    import dummy_tui.ai.dummy.search as search

    from .conftest import decisions

    # late in the round, where its rollouts to the end are short
    positions = [g for g in decisions("dummy", 4, 3, every=1) if g.phase == "play"][-4:]
    assert positions
    quick = [make_player("dummy", "hard", 9) for _ in positions]
    chosen = [
        p.choose(g.view(g.seat), g.legal_actions()) for p, g in zip(quick, positions, strict=True)
    ]
    searched = [p for p in quick if p.sampled is not None]  # type: ignore[attr-defined]
    assert searched, "no decision was searched"
    # a machine where each look at the clock finds a second gone: a player
    # thinking by the clock would stop at its first deal
    ticks = itertools.count()
    clock = types.SimpleNamespace(perf_counter=lambda: float(next(ticks)))
    monkeypatch.setattr(search, "time", clock)
    slow = [make_player("dummy", "hard", 9) for _ in positions]
    again = [
        p.choose(g.view(g.seat), g.legal_actions()) for p, g in zip(slow, positions, strict=True)
    ]
    assert again == chosen
    assert [p.sampled for p in slow] == [p.sampled for p in quick]  # type: ignore[attr-defined]
    assert all(p.sampled is None or p.sampled > 1 for p in slow)  # type: ignore[attr-defined]
