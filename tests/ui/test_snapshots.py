"""What the screens look like, at 80×24 and 120×40 (fixed seeds and names, no AI delay)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from ui_helpers import (
    app_for,
    born_session,
    coach_question,
    pickup_session,
    play_keys,
    played_by_ai,
    played_until,
    settle,
    setup,
    speto_session,
)

SIZES = [(80, 24), (120, 40)]


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_new_game(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(app_for(), terminal_size=size)


def test_coach_question(snap_compare: Any) -> None:
    """The coach asks before a spe-to is thrown, at 80×24."""
    app = app_for(session=speto_session(), coach="on")

    async def ask(pilot: Pilot[int]) -> None:
        await coach_question(pilot, app)

    assert snap_compare(app, terminal_size=(80, 24), run_before=ask)


def test_the_coach_at_a_wide_table(snap_compare: Any) -> None:
    """200×60: four-line cards, the melds in two columns, the coach's line."""
    session, _ = born_session("7H 8H 10H 5C 6C 7C KS QS", "2H 4C 6S", "9H", "7H 8H 9H")
    app = app_for(session=session, coach="on")

    async def ready(pilot: Pilot[int]) -> None:
        await settle(pilot, app)

    assert snap_compare(app, terminal_size=(200, 60), run_before=ready)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_table(snap_compare: Any, size: tuple[int, int]) -> None:
    app = app_for(setup(humans=1, seed=11))

    async def ready(pilot: Pilot[int]) -> None:
        await settle(pilot, app)

    assert snap_compare(app, terminal_size=size, run_before=ready)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_pick_up(snap_compare: Any, size: tuple[int, int]) -> None:
    app = app_for(session=pickup_session())

    async def choose(pilot: Pilot[int]) -> None:
        await settle(pilot, app)
        await pilot.press("p", "enter")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=choose)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_round_end(snap_compare: Any, size: tuple[int, int]) -> None:
    # the round drawn and thrown (the AI seats playing as they would) to its last
    # turns before the interface opens: the keys play the rest, to the same end
    app = app_for(
        session=played_until(setup(humans=1, seed=11), lambda g: len(g.stock) <= 4, ai=True)
    )

    async def play(pilot: Pilot[int]) -> None:
        await play_keys(pilot, app)
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=play)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_thai_help(snap_compare: Any, size: tuple[int, int]) -> None:
    app = app_for(setup(humans=1, seed=11), lang="th")

    async def help_screen(pilot: Pilot[int]) -> None:
        await settle(pilot, app)
        await pilot.press("f1")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=help_screen)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_replay_viewer(snap_compare: Any, size: tuple[int, int]) -> None:
    app = app_for(session=played_by_ai(setup(humans=1, seed=11)))

    async def mid_round(pilot: Pilot[int]) -> None:
        await settle(pilot, app)  # the table ends the played-out round: its round end
        await pilot.press("r")
        await pilot.pause()
        await pilot.press(*["right"] * 30)
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=mid_round)
