"""Thai on screen: nothing underlined, no upper mark on the terminal's first line."""

from __future__ import annotations

import pytest
from rich.console import Console
from ui_helpers import app_for, settled_table, setup

from dummy_tui.ui.screens.modals import help_markdown, help_sections, help_text


@pytest.mark.parametrize(("lang", "line"), [("en", 0), ("th", 4)])
async def test_the_top_bar_leaves_the_first_line_to_the_seats_in_thai(lang: str, line: int) -> None:
    app = app_for(setup(humans=1, seed=11), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settled_table(pilot, app)
        assert table.query_one("#topbar").region.y == line
        # the same rows as in English: the melds keep their height
        assert table.query_one("#melds").region.height == 11
        assert table.query_one("#players").region.y == (0 if lang == "th" else 1)


async def test_ctrl_l_moves_the_top_bar_with_the_language() -> None:
    app = app_for(setup(humans=1, seed=11), lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settled_table(pilot, app)
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert table.query_one("#topbar").region.y == 4
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert table.query_one("#topbar").region.y == 0


def test_no_heading_of_the_help_is_underlined() -> None:
    console = Console(width=80, color_system="truecolor")
    headings = 0
    for part in help_sections(help_text("th")):
        for line in console.render_lines(help_markdown(part), pad=False):
            for segment in line:
                assert not (segment.style and segment.style.underline), segment.text
                headings += bool(segment.style and segment.style.bold)
    assert headings > 10  # the headings are bold instead
