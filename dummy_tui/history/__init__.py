"""Every game remembered: the history database, its statistics and its commands.

No Textual here, and no rich outside the commands' printing: the game's
screens build on :class:`History` and :mod:`dummy_tui.history.stats`.
"""

from __future__ import annotations

from dummy_tui.history.problems import HistoryUnavailable, Problem
from dummy_tui.history.store import History, default_path
from dummy_tui.history.writes import SeatInfo

__all__ = ["History", "HistoryUnavailable", "Problem", "SeatInfo", "default_path"]
