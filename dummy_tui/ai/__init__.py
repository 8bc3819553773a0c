"""AI players: each chooses an action from one seat's view (no textual here).

Levels, weakest first: ``random`` (uniform over legal actions), ``easy`` (a
beginner), ``normal`` (a solid heuristic player) and ``hard`` (``normal``
plus a search over the cards it has not seen).  :func:`make_player` builds
the player of a level for a family.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dummy_tui.ai.base import Player, RandomPlayer

if TYPE_CHECKING:
    from dummy_tui.engine.actions import Action
    from dummy_tui.engine.round import PlayerView

LEVELS = ("random", "easy", "normal", "hard")


def make_player(family: str, level: str, seed: int | None = None, **options: object) -> Player[Any]:
    """The ``level`` player of ``family``, seeded for repeatable play.

    ``hard`` takes ``budget_ms`` (thinking time per decision, default 300)
    and ``samples`` (a fixed number of sampled deals or read hands per
    decision instead of a time budget, which makes its play independent of
    the machine's speed).
    """
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (levels: {', '.join(LEVELS)})")
    budget = options.get("budget_ms")
    samples = options.get("samples")
    budget_ms = float(budget) if isinstance(budget, int | float) else None
    fixed = samples if isinstance(samples, int) else None
    if family == "dummy":
        return _dummy_player(level, seed, budget_ms, fixed)
    from dummy_tui.ai.families import family_player

    # each family's players draw their own stream from the seat's seed
    own = None if seed is None else seed * 7 + len(family)
    return family_player(family, level, own, budget_ms, fixed)


def _dummy_player(
    level: str, seed: int | None, budget_ms: float | None, samples: int | None
) -> Player[Any]:
    if level == "random":
        return RandomPlayer(seed)
    from dummy_tui.ai.heuristic import EasyPlayer, HeuristicPlayer

    if level == "easy":
        return EasyPlayer(seed)
    if level == "normal":
        return HeuristicPlayer(seed)
    from dummy_tui.ai.search import SearchPlayer

    return SearchPlayer(seed, budget_ms=300.0 if budget_ms is None else budget_ms, samples=samples)


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


__all__ = ["LEVELS", "AIError", "Player", "RandomPlayer", "checked_choice", "make_player"]
