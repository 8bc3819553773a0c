"""One presenter per family, found by the ruleset's ``family``.

As :data:`dummy_tui.engine.families.FAMILIES` finds a family's round, the
registry here finds its presenter, importing the module on first use: a game
of Dummy never loads the others.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dummy_tui.families import FAMILIES
from dummy_tui.lazy import LazyRegistry
from dummy_tui.ui.presenters.base import Presenter

if TYPE_CHECKING:
    from dummy_tui.ui.session import Session

_MODULES: dict[str, tuple[str, str]] = {f.name: f.presenter for f in FAMILIES.values()}


PRESENTERS: Mapping[str, type[Presenter[Any]]] = LazyRegistry(
    _MODULES, "no presenter for the family {name}"
)
"""Every family's presenter class, by the ``family`` of its ruleset."""


def presenter_for(session: Session) -> Presenter[Any]:
    """The presenter of the family ``session`` plays."""
    return PRESENTERS[session.family](session)


__all__ = ["PRESENTERS", "Presenter", "presenter_for"]
