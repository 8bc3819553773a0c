"""Thai on screen: nothing underlined, no upper mark on the terminal's first line."""

from __future__ import annotations

import re

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


def test_the_thai_help_tells_the_game_in_the_order_of_a_thai_rule_page() -> None:
    # the deal, the cards' points, the melds, a turn, then the pick-up, being
    # born, the knock and the scoring, as Thai pages explain Dummy
    sections = {part.splitlines()[0]: part for part in help_sections(help_text("th"))}
    headings = list(sections)
    order = ["## แจกไพ่", "## แต้มของไพ่", "## ชุด", "## ถึงตาเรา", "## เก็บจากกองกลาง"]
    order += ["## เกิด", "## น็อค", "## นับคะแนน"]
    assert [h for h in headings if h in order] == order, headings
    # the rule as the English has it: every card after the one chosen, a new
    # meld at once, a card from the hand in it; the knock card's 50, face down
    pick, knock = sections["## เก็บจากกองกลาง"], sections["## น็อค"]
    for words in ("ทุกใบที่ทิ้งตามหลัง", "ชุดใหม่ทันที", "ไพ่จากมืออย่างน้อยหนึ่งใบ"):
        assert words in pick, words
    for words in ("50 แต้ม", "คว่ำใบนั้นทิ้ง", "ตอนต้นตายังไม่เกิด"):
        assert words in knock, words


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "you against three normal AI players"), ("th", "เรากับคอมระดับปกติสามคน")],
)
def test_the_help_says_what_g_starts(lang: str, words: str) -> None:
    text = " ".join(help_text(lang).split())
    assert words in text


@pytest.mark.parametrize(("lang", "line"), [("en", 0), ("th", 1)])
async def test_the_first_line_of_text_of_a_screen_is_not_the_terminals_first_in_thai(
    lang: str, line: int
) -> None:
    app = app_for(lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#ng-title").region.y == line
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen.query_one("#help-scroll").region.y == line
        await pilot.press("escape", "ctrl+l")  # the other language moves it back
        await pilot.pause()
        assert app.screen.query_one("#ng-title").region.y == 1 - line


@pytest.mark.parametrize(("lang", "line"), [("en", 0), ("th", 1)])
async def test_the_statistics_start_a_line_lower_in_thai(lang: str, line: int) -> None:
    app = app_for(lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert app.screen.query_one("#stats-box").region.y == line


@pytest.mark.parametrize(("lang", "heading"), [("en", "## Keys"), ("th", "## ปุ่ม")])
def test_the_help_keys_take_a_narrow_column_and_leave_the_width_to_their_words(
    lang: str, heading: str
) -> None:
    """At 80 columns (76 inside the help's frame) the long key names ("s
    (new-game screen, end of a match)") wrap in a column of a quarter of the
    width, so that each key's description starts within its first 24 columns."""
    console = Console(width=76)
    keys = next(p for p in help_sections(help_text(lang)) if p.startswith(heading))
    lines = ["".join(s.text for s in line) for line in console.render_lines(help_markdown(keys))]
    draw = next(line for line in lines if line.strip().startswith("d "))
    words = re.split(r"\s{2,}", draw.strip())[1]
    column = draw.index(words)  # the key and the spaces before it are one cell each
    assert column < 24, draw
    # the lines that carry a description on carry it from the same column
    wrapped = [
        len(line) - len(line.lstrip()) for line in lines if line[:column].isspace() and line.strip()
    ]
    assert wrapped and set(wrapped) == {column}, wrapped
