"""The private names of argparse, Rich and Textual the game leans on, each
checked here, so that the day one is renamed or stops being used a test says
which and where, rather than a Thai message quietly turning English or a
patch quietly doing nothing."""

from __future__ import annotations

import argparse
import inspect

from rich.segment import Segment
from textual.command import CommandPalette
from textual.widgets import Footer
from textual.widgets._footer import FooterKey
from ui_helpers import app_for, settled_table, setup

from dummy_tui.ui.widgets.footer import KeyFooter


def test_argparse_still_words_its_messages_through_its_module_gettext_names() -> None:
    # dummy_tui/cli.py (_argparse_words) swaps argparse._ and argparse.ngettext
    # for the Thai words: argparse reads .mo files only, through these names.
    assert callable(getattr(argparse, "_", None)), "argparse has no _ any more"
    assert callable(getattr(argparse, "ngettext", None)), "argparse has no ngettext any more"
    source = inspect.getsource(argparse)
    assert source.count("_('") + source.count('_("') > 10, "argparse no longer calls _()"
    assert "ngettext(" in source, "argparse no longer calls ngettext()"


def test_rich_still_cuts_segments_in_split_cells_and_still_cuts_thai_marks_off() -> None:
    # dummy_tui/ui/cells.py replaces Segment.split_cells for the whole process:
    # Segment.divide (how Textual cuts a line between regions) goes through it.
    assert "split_cells" in inspect.getsource(Segment.divide), "Segment.divide cuts otherwise now"
    from dummy_tui.ui import cells

    original = (
        cells._rich_split_cells if cells._installed else Segment.split_cells  # the one Rich has
    )
    before, _after = original(Segment("ลงชุดบน"), 3)
    # the day Rich keeps a letter's marks with it, the replacement can go
    assert before.text == "ลงช", f"Rich now cuts 'ลงชุดบน' at 3 as {before.text!r}"


def test_the_palettes_no_matches_line_is_still_started_where_it_is_translated() -> None:
    # dummy_tui/ui/commands.py (Palette) overrides this to put the line in the language
    for name in ("_start_no_matches_countdown", "_NO_MATCHES", "_NO_MATCHES_COUNTDOWN"):
        assert hasattr(CommandPalette, name), f"CommandPalette has no {name} any more"
    source = inspect.getsource(CommandPalette._start_no_matches_countdown)
    assert "No matches found" in source, "Textual words 'No matches' elsewhere now"


async def test_the_footer_still_builds_its_keys_as_footer_keys() -> None:
    # dummy_tui/ui/widgets/footer.py gives each FooterKey the compact style first
    assert issubclass(KeyFooter, Footer)
    app = app_for(setup(humans=1, seed=21))
    async with app.run_test(size=(100, 30)) as pilot:
        await settled_table(pilot, app)
        footer = app.screen.query_one(KeyFooter)
        keys = list(footer.query(FooterKey))
        assert keys, "Textual's Footer no longer builds FooterKey widgets"
        assert all(key.compact == footer.compact for key in keys)
