"""Every game remembered: the history database, its statistics and its commands.

No Textual here, and no rich outside the commands' printing: the game's
screens build on :class:`History` and :mod:`dummy_tui.history.stats`.

The names below are imported when first asked for (``from dummy_tui.history
import History``): the command line's parser adds ``stats`` and ``history``
from :mod:`dummy_tui.history.commands`, and that must not load sqlite3, the
engine and the rules schema before the game's first screen is up.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dummy_tui.history.problems import HistoryUnavailable, Problem
    from dummy_tui.history.store import History, default_path
    from dummy_tui.history.writes import SeatInfo

__all__ = ["History", "HistoryUnavailable", "Problem", "SeatInfo", "default_path"]

_HOMES = {
    "History": "dummy_tui.history.store",
    "default_path": "dummy_tui.history.store",
    "HistoryUnavailable": "dummy_tui.history.problems",
    "Problem": "dummy_tui.history.problems",
    "SeatInfo": "dummy_tui.history.writes",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value
