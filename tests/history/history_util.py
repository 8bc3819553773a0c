"""Helpers for the history tests: matches really played by AI players, and a
history file in a test's own folder.

The rounds come from ``engine.match.Match`` with players of
``dummy_tui.ai.make_player``; the expected figures of the tests are counted
from these rounds, never from what the history stored.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from dummy_tui.ai import make_player
from dummy_tui.engine.match import Match, RoundResult
from dummy_tui.engine.record import record_of
from dummy_tui.engine.round import Round
from dummy_tui.history import History
from dummy_tui.rules.loader import get_ruleset, load_rulesets
from dummy_tui.rules.schema import Ruleset


def use_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Point ``DUMMY_TUI_HOME`` at ``tmp_path``; returns where the history file goes."""
    monkeypatch.setenv("DUMMY_TUI_HOME", str(tmp_path))
    return tmp_path / "data" / "history.sqlite3"


@dataclass(slots=True)
class Played:
    """A match as played: the preset, its seats, each finished round."""

    preset: str
    rules: Ruleset
    base: Ruleset
    names: list[str]
    levels: list[str | None]  # None: a person
    seed: int
    rounds: list[Round[Any]] = field(default_factory=list)
    results: list[RoundResult] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    over: bool = False

    def record(self, index: int) -> dict[str, Any]:
        return record_of(self.rounds[index], self.names, self.preset, self.base)


@functools.cache
def _preset(preset: str, options: tuple[tuple[str, Any], ...]) -> tuple[Ruleset, Ruleset]:
    base = load_rulesets(None)[preset]
    return get_ruleset(preset, overrides=dict(options) or None), base


def play(
    preset: str,
    names: tuple[str, ...],
    levels: tuple[str | None, ...],
    seed: int,
    max_rounds: int = 12,
    **options: Any,
) -> Played:
    """A match of ``preset`` with ``options`` changed; a person's seat (level
    None) is played by the ``easy`` AI.  It stops after ``max_rounds`` rounds,
    over or not."""
    rules, base = _preset(preset, tuple(sorted(options.items())))
    players = [
        make_player(rules.family, level or "easy", seed * 10 + s) for s, level in enumerate(levels)
    ]
    match = Match(rules, len(names), seed)
    played = Played(preset, rules, base, list(names), list(levels), seed)
    while not match.is_over and len(played.rounds) < max_rounds:
        game = match.new_round()
        while not game.is_over:
            legal = game.legal_actions()
            seat = game.seat
            action = legal[0] if len(legal) == 1 else players[seat].choose(game.view(seat), legal)
            game.apply(action)
        played.results.append(match.record(game))
        played.rounds.append(game)
    played.totals = match.totals
    played.winners = match.winners
    played.over = match.is_over
    return played


def store(
    history: History, played: Played, finish: bool = True, started: datetime | None = None
) -> tuple[str, list[int | None]]:
    """Record ``played`` as the game would: start, every round, the end."""
    uid = history.start_match(
        played.rules,
        played.preset,
        played.names,
        played.levels,
        base=played.base,
        seed=played.seed,
        started=started,
    )
    ids = [
        history.record_round(uid, game, result, number=i)
        for i, (game, result) in enumerate(zip(played.rounds, played.results, strict=True))
    ]
    if finish and played.over:
        history.finish_match(uid, played.totals, played.winners)
    return uid, ids


def presets_by_family() -> dict[str, str]:
    """One packaged preset of each family of the registry (the first in the file)."""
    from dummy_tui.engine.families import FAMILIES

    found: dict[str, str] = {}
    for name, rules in load_rulesets(None).items():
        found.setdefault(rules.family, name)
    assert set(found) == set(FAMILIES), (set(found), set(FAMILIES))
    return found
