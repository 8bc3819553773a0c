"""What the Statistics screen and the replay viewer of a stored round look like,
at 80×24 and 120×40, in English and Thai, over a small history built here
(a real SQLite file: fixed matches, names and dates)."""

from __future__ import annotations

from typing import Any

import pytest
from history_fixture import small_history
from textual.pilot import Pilot
from ui_helpers import app_for

from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.screens.stats import StatsScreen
from dummy_tui.ui.screens.viewer import ViewerScreen

SIZES = [(80, 24), (120, 40)]

# every screen at both sizes, in both languages
pytestmark = [
    pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"]),
    pytest.mark.parametrize("lang", ["en", "th"]),
]


@pytest.fixture
def app(lang: str) -> DummyApp:
    """The app in ``lang`` over the small history."""
    small_history()
    return app_for(lang=lang)


def test_statistics_charts(snap_compare: Any, size: tuple[int, int], app: DummyApp) -> None:

    async def charts(pilot: Pilot[int]) -> None:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen) and app.screen.read
        app.screen.query_one("#stats-box").scroll_end(animate=False)  # down to the charts
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=charts)


def test_viewer_of_a_stored_round(snap_compare: Any, size: tuple[int, int], app: DummyApp) -> None:

    async def stored_round(pilot: Pilot[int]) -> None:
        await pilot.pause()
        # the list, the Dummy match (the third newest), its first round, to its end
        await pilot.press("h", "down", "down", "enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ViewerScreen)
        await pilot.press("end")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=stored_round)
