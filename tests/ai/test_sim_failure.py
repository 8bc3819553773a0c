"""``dummy-tui sim`` stops on an AI that fails, in one process and with ``--jobs``."""

from __future__ import annotations

import json
import multiprocessing.pool
import sys
import types
from pathlib import Path
from typing import Any

import pytest

import dummy_tui.ai
from dummy_tui.ai.base import Player
from dummy_tui.cli import main
from dummy_tui.engine.actions import Action, Discard
from dummy_tui.engine.families.dummy import DummyView
from dummy_tui.engine.record import load_record, replay
from dummy_tui.rules.schema import DummyRules
from dummy_tui.sim import EXIT_AI_FAILED, player_seed

SEED = 5
BROKEN_ROUND = 2  # of four: with --jobs 2 a worker plays it, not the first round
BROKEN_SEAT = 1


class Broken:
    """Plays as the normal player until its third choice, then fails as ``how`` says."""

    level = "easy"

    def __init__(self, how: str, seed: int | None) -> None:
        self.how = how
        self.normal = dummy_tui.ai.make_player("dummy", "normal", seed)
        self.choices = 0

    def choose(self, view: DummyView, legal: list[Action]) -> Action:
        self.choices += 1
        if self.choices < 3:
            return self.normal.choose(view, legal)
        if self.how == "raises":
            raise ValueError("the evaluator lost a card")
        held = set(view.hand)
        return Discard(next(c for c in range(52) if c not in held))  # a card it does not hold


@pytest.fixture(params=["raises", "illegal"])
def broken(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The registry's Dummy entry replaced by a module whose ``easy`` player of
    seat 1 in round 2 fails; every other player is the real one."""
    how: str = request.param
    real = dummy_tui.ai.family_players("dummy")
    failing_seed = player_seed(SEED, BROKEN_ROUND, BROKEN_SEAT)

    def player(level: str, seed: int | None, budget_ms: float, samples: int | None) -> Player[Any]:
        if level == "easy" and seed == failing_seed:
            return Broken(how, seed)
        return real(level, seed, budget_ms, samples)

    module = types.ModuleType("broken_dummy_ai")
    module.player = player  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setitem(dummy_tui.ai.FAMILIES, "dummy", module.__name__)
    return how


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_failing_ai_stops_the_run_with_a_record_of_its_position(
    broken: str,
    jobs: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    args = ["sim", "--ai", "normal,easy", "--rounds", "4", "--seed", str(SEED), "--json"]
    assert main([*args, "--jobs", jobs]) == EXIT_AI_FAILED == 3
    out, err = capsys.readouterr()
    assert out == ""  # no figures from a run that did not finish
    path = tmp_path / f"sim-failure-{SEED}-{BROKEN_ROUND}.json"
    line = err.strip()
    assert "\n" not in line
    assert f"round {BROKEN_ROUND}:" in line and f"the easy AI of seat {BROKEN_SEAT}" in line
    why = "ValueError: the evaluator lost a card" if broken == "raises" else "which is not legal"
    assert why in line and path.name in line
    # the record replays to the decision that failed: seat 1 to move, the round going on
    assert json.loads(path.read_text())["players"] == ["normal AI", "easy AI"]
    result = replay(load_record(path))
    assert result.ok and not result.game.is_over
    assert result.game.seat == BROKEN_SEAT
    assert result.moves_applied > 4


def test_a_failing_run_stops_its_workers_without_killing_them(
    broken: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker killed while it writes a result keeps the result queue's lock,
    and the pool's terminate() then waits on that lock for ever: the run hung
    instead of failing.  The workers now finish their round and skip the rest."""

    def killed(self: object) -> None:
        raise AssertionError("the run killed its workers (Pool.terminate)")

    monkeypatch.setattr(multiprocessing.pool.Pool, "terminate", killed)
    monkeypatch.chdir(tmp_path)
    args = ["sim", "--ai", "normal,easy", "--rounds", "40", "--seed", str(SEED), "--jobs", "2"]
    assert main(args) == EXIT_AI_FAILED
    assert (tmp_path / f"sim-failure-{SEED}-{BROKEN_ROUND}.json").exists()


def test_a_record_that_cannot_be_written_goes_to_stderr(
    broken: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / f"sim-failure-{SEED}-{BROKEN_ROUND}.json").mkdir()  # in the way of the file
    assert main(["sim", "--ai", "normal,easy", "--rounds", "4", "--seed", str(SEED)]) == 3
    first, rest = capsys.readouterr().err.split("\n", 1)
    assert "cannot be written" in first and f"seat {BROKEN_SEAT}" in first
    record = json.loads(rest)
    assert record["ruleset"] == "dummy" and len(record["moves"]) > 4


def test_the_record_keeps_the_options_of_the_run(
    broken: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    args = ["sim", "--ai", "normal,easy", "--rounds", "4", "--seed", str(SEED)]
    assert main([*args, "--options", "penalty_feed_head=20"]) == 3
    capsys.readouterr()
    path = tmp_path / f"sim-failure-{SEED}-{BROKEN_ROUND}.json"
    assert json.loads(path.read_text())["options"] == {"penalty_feed_head": 20}
    rules = load_record(path).rules
    assert isinstance(rules, DummyRules) and rules.penalty_feed_head == 20
