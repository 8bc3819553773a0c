"""Helpers for the family tests: play a record and read its outcome."""

from __future__ import annotations

import random
from typing import Any

from dummy_tui.engine.families import new_round
from dummy_tui.engine.record import ReplayResult, parse_record, record_of, replay, result_json
from dummy_tui.engine.round import Round
from dummy_tui.rules.loader import get_ruleset


def play(
    ruleset: str,
    hands: list[str],
    upcard: str,
    moves: list[str],
    stock: str = "",
    options: dict[str, Any] | None = None,
    starter: int = 0,
) -> tuple[ReplayResult, dict[str, Any]]:
    """Replay a record made of these parts; returns the result and its JSON."""
    data = {
        "format": "dummy-tui-record/1",
        "ruleset": ruleset,
        "options": options or {},
        "players": [f"P{i}" for i in range(len(hands))],
        "starter": starter,
        "deal": {"hands": [h.split() for h in hands], "upcard": upcard, "stock": stock.split()},
        "moves": moves,
    }
    result = replay(parse_record(data))
    return result, result_json(result)


def random_round(ruleset: str, players: int, seed: int, prefer: type | None = None) -> Round[Any]:
    """A round played to its end by random legal moves (``prefer``: take that kind first)."""
    rules = get_ruleset(ruleset)
    rng = random.Random(seed)
    game = new_round(rules, players, rng, starter=seed % players)
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        wanted = [a for a in legal if prefer is not None and isinstance(a, prefer)]
        game.apply(rng.choice(wanted or legal))
        steps += 1
        assert steps < 3000
    return game


def round_trip(game: Round[Any], ruleset: str) -> dict[str, Any]:
    """Write the round as a record, replay it, and return the replay's JSON."""
    data = record_of(game, [f"P{i}" for i in range(game.players)], ruleset)
    result = replay(parse_record(data))
    assert result.ok, result.error
    return result_json(result)
