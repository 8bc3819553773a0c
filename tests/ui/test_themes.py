"""The cards, the selection and the marks read on every built-in theme; the
table in three of them."""

from __future__ import annotations

from typing import Any

import pytest
from textual.color import Color
from textual.pilot import Pilot
from textual.theme import BUILTIN_THEMES
from ui_helpers import app_for, pickup_session, settle

from dummy_tui.ui.cardtext import CardLook, text_on

# the ANSI themes take the terminal's own colours: nothing to measure
THEMES = sorted(name for name in BUILTIN_THEMES if not name.startswith(("ansi", "textual-ansi")))


def contrast(one: str, two: str) -> float:
    """The WCAG contrast ratio of two colours."""

    def luminance(colour: str) -> float:
        parsed = Color.parse(colour)

        def channel(value: int) -> float:
            c = value / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = (channel(v) for v in (parsed.r, parsed.g, parsed.b))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(one), luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("name", THEMES)
def test_cards_and_marks_read_on_the_theme(name: str) -> None:
    theme = BUILTIN_THEMES[name]
    colours = theme.to_color_system().generate()
    background = colours["background"]
    for four in (False, True):
        look = CardLook(dark=theme.dark, four_colour=four)
        for card in (0, 13, 26, 39, 52):  # ♣ ♦ ♥ ♠ and a joker
            colour = look.colour(card) or colours["foreground"]
            assert contrast(colour, background) >= 3, (card, colour)
    look = CardLook(dark=theme.dark)
    for kind in ("gold", "orange", "blue"):  # the head card's H, a spe-to's *, a layoff's +
        assert contrast(look.mark_colour(kind), background) >= 3, kind
    # a selected card: its text on the theme's primary colour
    assert theme.primary is not None
    assert contrast(text_on(theme.primary), theme.primary) >= 3


@pytest.mark.parametrize("name", ["nord", "gruvbox", "textual-light"])
def test_the_table_in_a_theme(snap_compare: Any, name: str) -> None:
    """A pick-up at hand (the head card marked in the row), a card selected."""
    app = app_for(session=pickup_session())

    async def ready(pilot: Pilot[int]) -> None:
        app.theme = name
        await settle(pilot, app)
        await pilot.press("space", "right")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=ready)
