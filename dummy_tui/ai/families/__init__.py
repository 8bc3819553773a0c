"""AI players for gin, basic rummy and Persian rummy.

:func:`family_player` builds the player of a level for one family; a
:class:`AnyFamilyPlayer` (what :func:`dummy_tui.ai.make_player` returns) holds
the Dummy player and builds each family's player the first time it is asked
to move in that family, so one player object serves every ruleset.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from dummy_tui.engine.actions import Action
from dummy_tui.engine.families.common import FamilyView
from dummy_tui.engine.state import PlayerView


class FamilyPlayer(Protocol):
    level: str

    def choose(self, view: FamilyView, legal: list[Action]) -> Action: ...


class _Random:
    def __init__(self, seed: int | None) -> None:
        self.level = "random"
        self.rng = random.Random(seed)

    def choose(self, view: FamilyView, legal: list[Action]) -> Action:
        return self.rng.choice(legal)


def family_player(
    family: str,
    level: str,
    seed: int | None = None,
    budget_ms: float | None = None,
    samples: int | None = None,
) -> FamilyPlayer:
    """The ``level`` player for ``family`` (``gin``, ``rummy`` or ``persian``).

    ``budget_ms`` is the thinking time per decision of the gin ``hard``
    player (default 300); ``samples`` a fixed number of sampled hands instead.
    """
    if level == "random":
        return _Random(seed)
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


class AnyFamilyPlayer:
    """A player of one level for every family: Dummy views go to ``dummy``."""

    def __init__(
        self,
        level: str,
        seed: int | None,
        dummy: Any,
        budget_ms: float | None = None,
        samples: int | None = None,
    ) -> None:
        self.level = level
        self.seed = seed
        self.dummy = dummy
        self.budget_ms = budget_ms
        self.samples = samples
        self._players: dict[str, FamilyPlayer] = {}

    def for_family(self, family: str) -> FamilyPlayer:
        player = self._players.get(family)
        if player is None:
            seed = None if self.seed is None else self.seed * 7 + len(family)
            player = family_player(family, self.level, seed, self.budget_ms, self.samples)
            self._players[family] = player
        return player

    def choose(self, view: PlayerView | FamilyView, legal: list[Action]) -> Action:
        if isinstance(view, FamilyView):
            return self.for_family(view.family).choose(view, legal)
        action: Action = self.dummy.choose(view, legal)
        return action


__all__ = ["AnyFamilyPlayer", "FamilyPlayer", "family_player"]
