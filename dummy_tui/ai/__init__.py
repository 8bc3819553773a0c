"""AI players: each chooses an action from one seat's view (no textual here).

Levels, weakest first: ``random`` (uniform over legal actions), ``easy`` (a
beginner), ``normal`` (a solid heuristic player) and ``hard`` (``normal``
plus a search over deals of the cards it has not seen).
"""

from __future__ import annotations

from dummy_tui.ai.base import Player, RandomPlayer
from dummy_tui.ai.families import AnyFamilyPlayer
from dummy_tui.ai.heuristic import EasyPlayer, HeuristicPlayer

LEVELS = ("random", "easy", "normal", "hard")


def make_player(level: str, seed: int | None = None, **options: object) -> AnyFamilyPlayer:
    """A player of the given level for every family, seeded for repeatable play.

    Dummy views go to the Dummy player below; gin, basic rummy and Persian
    views to that family's player (``dummy_tui.ai.families``).
    """
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (levels: {', '.join(LEVELS)})")
    budget = options.get("budget_ms")
    samples = options.get("samples")
    return AnyFamilyPlayer(
        level,
        seed,
        _dummy_player(level, seed, **options),
        float(budget) if isinstance(budget, int | float) else None,
        samples if isinstance(samples, int) else None,
    )


def _dummy_player(level: str, seed: int | None = None, **options: object) -> Player:
    """The Dummy player of the given level.

    ``hard`` takes ``budget_ms`` (thinking time per decision, default 300)
    and ``samples`` (a fixed number of sampled deals per candidate instead of
    a time budget, which makes its play independent of the machine's speed).
    """
    if level == "random":
        return RandomPlayer(seed)
    if level == "easy":
        return EasyPlayer(seed)
    if level == "normal":
        return HeuristicPlayer(seed)
    if level == "hard":
        from dummy_tui.ai.search import SearchPlayer

        budget = options.get("budget_ms", 300)
        samples = options.get("samples")
        return SearchPlayer(
            seed,
            budget_ms=float(budget) if isinstance(budget, int | float) else 300.0,
            samples=int(samples) if isinstance(samples, int) else None,
        )
    raise ValueError(f"unknown AI level {level!r} (levels: {', '.join(LEVELS)})")


__all__ = [
    "LEVELS",
    "AnyFamilyPlayer",
    "EasyPlayer",
    "HeuristicPlayer",
    "Player",
    "RandomPlayer",
    "make_player",
]
