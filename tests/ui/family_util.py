"""What the table-screen tests of each family share: sizes, plain text, the
status line, a round played with keys."""

from __future__ import annotations

import io

from rich.console import Console
from textual.geometry import Region
from textual.pilot import Pilot
from ui_helpers import settle

from dummy_tui.engine.actions import Knock, Pass
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.screens.modals import ChoiceScreen
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.screens.table import TableScreen
from dummy_tui.ui.widgets.table import Scoreboard

SIZES = [(80, 24), (120, 40)]


def plain(renderable: object) -> str:
    console = Console(width=140, file=io.StringIO(), record=True)
    console.print(renderable)
    return console.export_text()


def status(app: DummyApp) -> str:
    return str(app.screen.query_one("#status").render())


async def play_family(pilot: Pilot[int], app: DummyApp, turns: int = 400) -> list[str]:
    """Play the person's turns with keys to the round end; returns the keys pressed."""
    pressed: list[str] = []
    for _ in range(turns):
        await settle(pilot, app)
        screen = app.screen
        if isinstance(screen, RoundEndScreen):
            return pressed
        if isinstance(screen, ChoiceScreen):
            key = "enter"
        else:
            assert isinstance(screen, TableScreen)
            game = screen.session.round
            legal = game.legal_actions()
            if any(isinstance(a, Knock) for a in legal):
                key = "k"  # opens the knock choice with the deadwood of each discard
            elif game.phase == "take":
                key = "o" if any(isinstance(a, Pass) for a in legal) else "d"
            else:
                key = "x"
        pressed.append(key)
        await pilot.press(key)
    raise AssertionError("the round did not end")


def scoreboard_text(board: Scoreboard) -> list[str]:
    """The scoreboard as it shows now, line by line."""
    width, height = board.outer_size
    strips = board.render_lines(Region(0, 0, width, height))
    return [strip.text[1:-1].strip() for strip in strips[1:-1]]  # inside the border
