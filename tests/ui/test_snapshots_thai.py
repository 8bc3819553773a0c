"""The Thai screens at 80×24 (fixed seeds and names, no AI delay): nothing in
English on them but the keys a person types."""

from __future__ import annotations

import html
import os
import re
import time
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Collapsible
from ui_helpers import (
    app_for,
    coach_question,
    new_game_screen,
    pickup_session,
    played_by_ai,
    settle,
    setup,
    speto_session,
)

from dummy_tui.saves import MatchLock
from dummy_tui.storage import data_dir
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.saved import write_save
from dummy_tui.ui.screens.modals import PrivacyScreen
from dummy_tui.ui.session import Session
from dummy_tui.ui.settings import GameSetup, SeatSetup

SIZE = (80, 24)

# Latin words a Thai screen may show: the seats' names the tests give, and the
# keys as their key caps name them (no "AI", no "English", no --options key)
TYPED = {
    "Ann", "Bee", "Chai", "Dao", "Enter", "Esc", "Tab", "Ctrl", "Shift", "Home", "End", "Delete",
}  # fmt: skip


def english_on(app: DummyApp) -> list[str]:
    """The words of two or more Latin letters on the screen but those a person types."""
    svg = app.export_screenshot()
    shown = " ".join(
        html.unescape(t) for t in re.findall(r'<text class="[\w-]*-r\d+"[^>]*>(.*?)</text>', svg)
    )
    shown = shown.replace("\xa0", " ")
    words = re.findall(r"[A-Za-z][A-Za-z0-9]+", shown)
    return sorted({w for w in words if w not in TYPED and not re.fullmatch(r"[fF]\d+", w)})


def test_new_game_with_the_house_rules_open(snap_compare: Any) -> None:
    app = app_for(lang="th")

    async def house_rules(pilot: Pilot[int]) -> None:
        await new_game_screen(pilot, app)
        house = app.screen.query_one("#house", Collapsible)
        house.query_one("CollapsibleTitle").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert not house.collapsed
        await pilot.press("tab")  # into the panel: its first group's heading shows
        await pilot.pause()
        assert english_on(app) == []

    assert snap_compare(app, terminal_size=SIZE, run_before=house_rules)


def thai_snapshot(snap_compare: Any, app: DummyApp, *steps: tuple[str, ...]) -> bool:
    """The app's screen once it settles and each step's keys are pressed (an empty
    step: one more pause), checked to show no English, against its snapshot."""

    async def run_before(pilot: Pilot[int]) -> None:
        await settle(pilot, app)
        for keys in steps:
            if keys:
                await pilot.press(*keys)
            await pilot.pause()
        assert english_on(app) == []

    result: bool = snap_compare(app, terminal_size=SIZE, run_before=run_before)
    return result


def test_table(snap_compare: Any) -> None:
    assert thai_snapshot(snap_compare, app_for(setup(humans=1, seed=11), lang="th"))


def test_pick_up(snap_compare: Any) -> None:
    assert thai_snapshot(snap_compare, app_for(session=pickup_session(), lang="th"), ("p", "enter"))


def test_the_coachs_question(snap_compare: Any) -> None:
    app = app_for(session=speto_session(), lang="th", coach="on")

    async def ask(pilot: Pilot[int]) -> None:
        await coach_question(pilot, app)
        assert english_on(app) == []

    assert snap_compare(app, terminal_size=SIZE, run_before=ask)


def test_round_end(snap_compare: Any) -> None:
    # the table ends the played-out round: its round end, a pause later
    app = app_for(session=played_by_ai(setup(humans=1, seed=11)), lang="th")
    assert thai_snapshot(snap_compare, app, ())


def test_help_at_the_marks_of_the_hand(snap_compare: Any) -> None:
    # the help's last paragraphs: the hand's marks, the new-game keys
    app = app_for(setup(humans=1, seed=11), lang="th")
    assert thai_snapshot(snap_compare, app, ("f1",), ("end",))


def test_the_saved_games(snap_compare: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two saved matches, one of them another window's, listed in Thai."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    gin = setup(humans=1, players=2, seed=5, ruleset="gin")
    matches = ((setup(humans=1, seed=21), 1_700_100_000, 4), (gin, 1_700_000_000, 1))
    for game_setup, played, moves in matches:
        session = Session.new(game_setup)
        for _ in range(moves):
            session.apply(session.round.legal_actions()[0])
        path = write_save(data_dir(), session)
        os.utime(path, (played, played))
    lock = MatchLock.take(data_dir(), session.history_uid)  # the gin game: "another window"
    app = app_for(lang="th", persist=True)

    async def saved_games(pilot: Pilot[int]) -> None:
        await new_game_screen(pilot, app)
        await pilot.press("r")
        await pilot.pause()
        assert english_on(app) == []

    try:
        assert snap_compare(app, terminal_size=SIZE, run_before=saved_games)
    finally:
        assert lock is not None
        lock.release()
        monkeypatch.undo()
        time.tzset()  # the machine's own time zone again, for the tests after this one


def test_the_prompt_after_a_draw(snap_compare: Any) -> None:
    # the line read every turn: the card drawn, then what may be done with it
    app = app_for(setup(humans=1, seed=11), lang="th")
    assert thai_snapshot(snap_compare, app, ("d",))


def test_the_hand_over_screen(snap_compare: Any) -> None:
    # two people of a family at one keyboard, a computer player between them:
    # the screen that passes the keyboard to พ่อ, with what was played meanwhile
    family = [
        SeatSetup(name="แม่", human=True),
        SeatSetup(name="สมชาย", level="random"),
        SeatSetup(name="พ่อ", human=True),
        SeatSetup(name="มาลี", level="random"),
    ]
    app = app_for(GameSetup(seats=family, seed=11), lang="th")

    async def to_the_second_person(pilot: Pilot[int]) -> None:
        await settle(pilot, app)
        assert isinstance(app.screen, PrivacyScreen)  # แม่'s turn comes first
        await pilot.press("enter")
        await settle(pilot, app)
        await pilot.press("d", "x")  # แม่ draws and discards
        await settle(pilot, app)
        assert isinstance(app.screen, PrivacyScreen) and app.screen.player_name == "พ่อ"
        assert english_on(app) == []

    assert snap_compare(app, terminal_size=SIZE, run_before=to_the_second_person)
