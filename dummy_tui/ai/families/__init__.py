"""AI players for gin, basic rummy and Persian rummy: :func:`family_player`."""

from __future__ import annotations

from typing import Any

from dummy_tui.ai.base import Player, RandomPlayer


def family_player(
    family: str,
    level: str,
    seed: int | None = None,
    budget_ms: float | None = None,
    samples: int | None = None,
) -> Player[Any]:
    """The ``level`` player for ``family`` (``gin``, ``rummy`` or ``persian``).

    ``budget_ms`` is the thinking time per decision of the gin ``hard``
    player (default 300); ``samples`` a fixed number of sampled hands instead.
    """
    if level == "random":
        return RandomPlayer(seed)
    if family == "gin":
        from dummy_tui.ai.families.gin import EasyGinPlayer, GinPlayer

        if level == "easy":
            return EasyGinPlayer(seed)
        return GinPlayer(
            level, seed, budget_ms=300.0 if budget_ms is None else budget_ms, samples=samples
        )
    if family == "rummy":
        from dummy_tui.ai.families.rummy import RummyPlayer

        return RummyPlayer(level, seed)
    if family == "persian":
        from dummy_tui.ai.families.persian import PersianPlayer

        return PersianPlayer(level, seed)
    raise ValueError(f"no AI for the family {family!r}")


__all__ = ["family_player"]
