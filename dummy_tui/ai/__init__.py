"""AI players: each chooses an action from one seat's view (no textual here).

Levels, weakest first: ``random`` (uniform over legal actions), ``easy`` (a
beginner), ``normal`` (a solid heuristic player) and ``hard`` (``normal``
plus a search over the cards it has not seen).  Each family's players live in
their own package (``ai/dummy``, ``ai/gin``, ``ai/rummy``, ``ai/persian``),
found through :data:`FAMILIES`; :func:`make_player` builds the player of a
level for a family.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dummy_tui.ai.base import DEFAULT_BUDGET_MS, Player, RandomPlayer
from dummy_tui.families import FAMILIES as REGISTERED

if TYPE_CHECKING:
    from dummy_tui.engine.actions import Action
    from dummy_tui.engine.view import PlayerView

LEVELS = ("random", "easy", "normal", "hard")
"""The AI levels, weakest first: the one list of them."""

FAMILIES: dict[str, str] = {f.name: f.players for f in REGISTERED.values()}
"""Family → the module of its players (:mod:`dummy_tui.families`), imported on
first use (a Dummy game never loads the gin AI).  The module's
``player(level, seed, budget_ms, samples)`` builds the player of a level."""

FamilyPlayers = Callable[[str, "int | None", float, "int | None"], Player[Any]]


def family_players(family: str) -> FamilyPlayers:
    """The ``player`` function of ``family``'s AI module."""
    path = FAMILIES.get(family)
    if path is None:
        raise ValueError(f"no AI for the family {family!r}")
    build: FamilyPlayers = importlib.import_module(path).player
    return build


def make_player(family: str, level: str, seed: int | None = None, **options: object) -> Player[Any]:
    """The ``level`` player of ``family``, seeded for repeatable play.

    ``hard`` takes ``samples`` (a fixed number of sampled deals or read
    hands per decision, which makes its play independent of the machine's
    speed) or ``budget_ms`` (thinking time per decision instead); given
    neither, it samples the family's ``hard_samples``, or thinks 300 ms
    where the family names none.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (levels: {', '.join(LEVELS)})")
    build = family_players(family)
    budget = options.get("budget_ms")
    samples = options.get("samples")
    budget_ms = float(budget) if isinstance(budget, int | float) else DEFAULT_BUDGET_MS
    fixed = samples if isinstance(samples, int) else None
    if level == "hard" and fixed is None and budget is None:
        fixed = REGISTERED[family].hard_samples
    return build(level, seed, budget_ms, fixed)


class AIError(Exception):
    """An AI player that raised or answered with an action that is not legal.

    It is a bug, never covered up: ``sim`` and the tests fail on it; the game
    writes it to its log and lets the seat play the ``normal`` move.
    """

    def __init__(self, level: str, seat: int, reason: str) -> None:
        super().__init__(f"the {level} AI of seat {seat} failed: {reason}")
        self.level = level
        self.seat = seat
        self.reason = reason


def checked_choice(player: Player[Any], view: PlayerView, legal: list[Action]) -> Action:
    """``player``'s choice among ``legal``; :class:`AIError` if it raises or
    answers with anything else."""
    try:
        action: Action = player.choose(view, legal)
    except Exception as exc:  # any failure of the player is reported, with its cause
        raise AIError(player.level, view.seat, f"{type(exc).__name__}: {exc}") from exc
    if action not in legal:
        raise AIError(player.level, view.seat, f"answered {action!r}, which is not legal")
    return action


__all__ = [
    "FAMILIES",
    "LEVELS",
    "AIError",
    "Player",
    "RandomPlayer",
    "checked_choice",
    "family_players",
    "make_player",
]
