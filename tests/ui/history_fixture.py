"""A small game history for the interface tests: a fixed set of matches, with
fixed seeds, names and dates, written to a real SQLite file where the game
looks for it (``$DUMMY_TUI_HOME/data``).

The rounds are played by the engine with a quick AI (the same moves every
time); what a test expects is read from :data:`MATCHES` and the rounds
played here, never from what the history stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from dummy_tui.ai import make_player
from dummy_tui.engine.match import Match, RoundResult
from dummy_tui.engine.round import Round
from dummy_tui.history import History, default_path
from dummy_tui.rules.loader import get_ruleset, load_rulesets

START = datetime(2026, 1, 5, 18, 0, tzinfo=UTC)
"""When the first match started; each next one a day later."""


@dataclass(frozen=True, slots=True)
class Planned:
    preset: str
    names: tuple[str, ...]
    levels: tuple[str | None, ...]  # None: a person
    seed: int
    target: int  # the match's target score
    rounds: int  # at most
    ai: str  # the AI that plays every seat


MATCHES = (
    Planned("gin", ("Ann", "Somchai"), (None, "easy"), 3, 60, 6, "easy"),
    Planned("dummy", ("Ann", "Bee", "Malee"), (None, None, "normal"), 5, 50, 3, "random"),
    Planned("gin", ("Ann", "Bee"), (None, None), 8, 40, 8, "easy"),
    Planned("rummy", ("Bee", "Niran", "Pim"), (None, "easy", "hard"), 2, 1000, 2, "easy"),
)
"""The matches of the history, oldest first (the last is not over)."""


@dataclass(slots=True)
class Stored:
    planned: Planned
    uid: str
    started: datetime
    rounds: list[Round[Any]] = field(default_factory=list)
    results: list[RoundResult] = field(default_factory=list)
    over: bool = False
    totals: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)


def small_history() -> list[Stored]:
    """Write :data:`MATCHES` to the history file; returns them as played, oldest first."""
    out = []
    presets = load_rulesets(None)
    with History(default_path(), strict=True) as history:
        for i, plan in enumerate(MATCHES):
            base = presets[plan.preset]
            rules = get_ruleset(plan.preset, overrides={"target_score": plan.target})
            started = START + timedelta(days=i)
            uid = history.start_match(
                rules,
                plan.preset,
                list(plan.names),
                list(plan.levels),
                base=base,
                seed=plan.seed,
                uid=f"match-{i}",
                started=started,
            )
            stored = Stored(plan, uid, started)
            match = Match(rules, len(plan.names), plan.seed)
            players = [make_player(rules.family, plan.ai, plan.seed + s) for s in range(4)]
            while not match.is_over and len(stored.rounds) < plan.rounds:
                game = match.new_round()
                while not game.is_over:
                    legal = game.legal_actions()
                    seat = game.seat
                    chosen = players[seat].choose(game.view(seat), legal)
                    game.apply(legal[0] if len(legal) == 1 else chosen)
                result = match.record(game)
                ended = started + timedelta(minutes=10 * (len(stored.rounds) + 1))
                history.record_round(uid, game, result, number=len(stored.rounds), ended=ended)
                stored.rounds.append(game)
                stored.results.append(result)
            stored.over = match.is_over
            if match.is_over:
                stored.totals, stored.winners = match.totals, match.winners
                ended = started + timedelta(minutes=10 * len(stored.rounds))
                history.finish_match(uid, match.totals, match.winners, ended=ended)
            out.append(stored)
    return out
