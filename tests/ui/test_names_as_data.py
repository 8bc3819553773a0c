"""A seat's name is data: one that looks like markup (``[/]``, ``[b]``,
``[link=…]``) is shown as typed on every screen, in every notice and in
every command's output, and never crashes or styles anything."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import DataTable, Input
from ui_helpers import app_for, new_game_screen, running, settle

from dummy_tui.cli import main
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.screens.history_list import HistoryListScreen, MatchRoundsScreen
from dummy_tui.ui.screens.modals import PrivacyScreen
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.screens.saved_games import SavedGamesScreen
from dummy_tui.ui.screens.stats import StatsScreen
from dummy_tui.ui.screens.table import TableScreen
from dummy_tui.ui.screens.viewer import ViewerScreen
from dummy_tui.ui.widgets.choice import Choice

PEOPLE = ("[/]", "[b]Qz")
"""Two people: a closing tag with nothing open (it crashed the table), a style."""
AIS = ("[link=x]Vy", "[red]Wj[/]")
"""Two computer players: a link, a colour that closes."""
NAMES = PEOPLE + AIS
INNER = {"[b]Qz": "Qz", "[link=x]Vy": "Vy", "[red]Wj[/]": "Wj"}
"""What each name would show, read as markup: nowhere without its brackets."""


def screen_text(app: DummyApp) -> str:
    """What the screen on top shows (the notices too), as the terminal would."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def said(app: DummyApp) -> list[str]:
    return [n.message for n in app._notifications]


async def reach(pilot: Pilot[Any], app: DummyApp, kind: type[Screen[Any]]) -> Any:
    """The screen ``kind`` once it is up (a loaded machine: up to ten seconds)."""
    for _ in range(500):
        await pilot.pause(0.02)
        if isinstance(app.screen, kind):
            await pilot.pause()
            return app.screen
    raise AssertionError(f"no {kind.__name__}: {app.screen}")


def shows_every_name(app: DummyApp, names: tuple[str, ...] = NAMES) -> None:
    text = screen_text(app)
    missing = [name for name in names if name not in text]
    assert not missing, f"{type(app.screen).__name__} lacks {missing}:\n{text}"
    for name, inner in INNER.items():
        assert text.count(inner) == text.count(name), f"{inner} without {name}:\n{text}"


async def play_round_out(pilot: Pilot[Any], app: DummyApp) -> RoundEndScreen:
    """The round played to its end by the engine; the table ends it."""
    table = app.screen_stack[-1]
    if isinstance(table, PrivacyScreen):
        await pilot.press("enter")
        table = await reach(pilot, app, TableScreen)
    assert isinstance(table, TableScreen)
    session = table.session
    while not session.round.is_over:
        session.apply(session.round.legal_actions()[-1])
    table.turns.advance()
    return await reach(pilot, app, RoundEndScreen)  # type: ignore[no-any-return]


async def test_markup_like_names_are_shown_as_typed_on_every_screen(home: Path) -> None:
    """Typed on the new-game screen, kept in a save, resumed, played to the
    match's end: every screen on the way, and the record."""
    app = app_for(persist=True, seed=7)  # a deal whose one round ends the match
    async with running(app, (200, 60), new_game_screen) as (pilot, form):
        for i, name in enumerate(NAMES):
            form.query_one(f"#kind-{i}", Choice).value = "human" if name in PEOPLE else "random"
            await pilot.pause()
        for i, name in enumerate(NAMES):
            form.query_one(f"#name-{i}", Input).value = name
        form.query_one("#target", Input).value = "1"  # the match ends with its first round
        # two seats of one name: the form says so with the name as typed
        form.query_one("#name-1", Input).value = PEOPLE[0]
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert f"Two seats are named {PEOPLE[0]} " in screen_text(app)
        form.query_one("#name-1", Input).value = PEOPLE[1]
        await pilot.press("ctrl+s")
        await reach(pilot, app, PrivacyScreen)
        assert f"Pass to {PEOPLE[0]}" in screen_text(app), screen_text(app)
        await pilot.press("enter")
        table = await reach(pilot, app, TableScreen)
        await settle(pilot, app)
        shows_every_name(app)
        assert f"{PEOPLE[0]}: " in str(table.hand.border_title)
        await pilot.press("q")  # saved
    # the save holds the names: --resume says which game it resumes
    resumed = app_for(persist=True, resume=True)
    async with resumed.run_test(size=(200, 60)) as pilot:
        await reach(pilot, resumed, PrivacyScreen)
        notices = said(resumed)
        assert any(all(name in line for name in NAMES) for line in notices), notices
        await pilot.press("q")
    # listed, resumed, played to the match's end
    again = app_for(persist=True)
    async with running(again, (200, 60), new_game_screen) as (pilot, _):
        await pilot.press("r")
        await reach(pilot, again, SavedGamesScreen)
        await pilot.pause()
        shows_every_name(again)
        await pilot.press("enter")
        await reach(pilot, again, PrivacyScreen)
        await pilot.press("enter")
        await reach(pilot, again, TableScreen)
        shows_every_name(again)
        end = await play_round_out(pilot, again)
        assert end.match_over
        shows_every_name(again)
        await pilot.press("r")
        await reach(pilot, again, ViewerScreen)
        shows_every_name(again)
        await pilot.press("escape")
        await reach(pilot, again, RoundEndScreen)
        await pilot.press("e")
        await pilot.pause()
        path = Path(said(again)[-1].split(": ", 1)[1])
        record = json.loads(path.read_text(encoding="utf-8"))
        assert record["players"] == list(NAMES)
        await pilot.press("s")
        await reach(pilot, again, StatsScreen)
        await pilot.pause(0.2)
        shows_every_name(again, PEOPLE)  # the statistics are the people's and the levels'
        await pilot.press("h")
        history = await reach(pilot, again, HistoryListScreen)
        await pilot.pause(0.2)
        shows_every_name(again)
        history.query_one(DataTable).focus()
        await pilot.press("enter")
        await reach(pilot, again, MatchRoundsScreen)
        await pilot.pause(0.2)
        shows_every_name(again)
        await pilot.press("enter")
        await reach(pilot, again, ViewerScreen)
        shows_every_name(again)


@pytest.mark.parametrize(
    ("command", "names"),
    [
        (["stats"], PEOPLE),  # the people's and the levels'
        (["history"], PEOPLE),  # the AI by its level
        (["history", "--record", "1"], NAMES),
        (["history", "--export", "-"], NAMES),
        (["replay", "RECORD"], NAMES),
        (["history", "--forget", PEOPLE[1]], PEOPLE[1:]),
    ],
)
def test_markup_like_names_are_printed_as_typed_by_the_commands(
    home: Path, command: list[str], names: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    from dummy_tui.history import History
    from dummy_tui.ui.recording import Recorder
    from dummy_tui.ui.session import Session
    from dummy_tui.ui.settings import GameSetup, SeatSetup

    seats = [SeatSetup(name=n, human=n in PEOPLE, level="random") for n in NAMES]
    session = Session.new(GameSetup(seats=seats, seed=3))
    while not session.round.is_over:
        session.apply(session.round.legal_actions()[-1])
    session.finish_round()
    with History() as history:
        Recorder(history).catch_up(session)
    if "RECORD" in command:
        record = home / "round.json"
        record.write_text(json.dumps(session.rounds[0]), encoding="utf-8")
        command = [str(record) if part == "RECORD" else part for part in command]
    assert main([*command, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    missing = [name for name in names if name not in out]
    assert not missing, out
