"""One presenter per family, found by the ruleset's ``family``.

As :data:`dummy_tui.engine.families.FAMILIES` finds a family's round, the
registry here finds its presenter, importing the module on first use: a game
of Dummy never loads the others.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from dummy_tui.ui.presenters.base import Presenter

if TYPE_CHECKING:
    from dummy_tui.ui.session import Session

_MODULES: dict[str, tuple[str, str]] = {
    "dummy": ("dummy_tui.ui.presenters.dummy", "DummyPresenter"),
    "rummy": ("dummy_tui.ui.presenters.rummy", "RummyPresenter"),
    "gin": ("dummy_tui.ui.presenters.gin", "GinPresenter"),
    "persian": ("dummy_tui.ui.presenters.persian", "PersianPresenter"),
}


class _Registry(Mapping[str, type[Presenter[Any]]]):
    """Family name → presenter class, each module imported on first use."""

    def __init__(self) -> None:
        self._found: dict[str, type[Presenter[Any]]] = {}

    def __getitem__(self, family: str) -> type[Presenter[Any]]:
        found = self._found.get(family)
        if found is None:
            try:
                module, name = _MODULES[family]
            except KeyError:
                raise KeyError(f"no presenter for the family {family!r}") from None
            found = self._found[family] = getattr(importlib.import_module(module), name)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(_MODULES)

    def __len__(self) -> int:
        return len(_MODULES)


PRESENTERS: Mapping[str, type[Presenter[Any]]] = _Registry()
"""Every family's presenter class, by the ``family`` of its ruleset."""


def presenter_for(session: Session) -> Presenter[Any]:
    """The presenter of the family ``session`` plays."""
    return PRESENTERS[session.family](session)


__all__ = ["PRESENTERS", "Presenter", "presenter_for"]
