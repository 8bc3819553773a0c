"""The history list: past matches newest first, a match's rounds, a round's replay."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from history_fixture import MATCHES, START, Stored, small_history
from textual.pilot import Pilot
from textual.widgets import DataTable
from ui_helpers import app_for, new_game_screen, pressed, setup

from dummy_tui.engine.match import Match
from dummy_tui.history import History, default_path
from dummy_tui.i18n import preset_name, t
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.screens import history_list
from dummy_tui.ui.screens.history_list import HistoryListScreen, MatchRoundsScreen
from dummy_tui.ui.screens.new_game import NewGameScreen
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.screens.stats import StatsScreen
from dummy_tui.ui.screens.viewer import ViewerScreen
from dummy_tui.ui.session import Session
from dummy_tui.ui.widgets.table import MeldTable


@pytest.fixture(autouse=True)
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The list shows local times: the tests' clock is UTC."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def rows(screen: HistoryListScreen | MatchRoundsScreen) -> list[list[str]]:
    table: DataTable[Any] = screen.query_one(DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def headers(screen: HistoryListScreen | MatchRoundsScreen) -> list[str]:
    table: DataTable[Any] = screen.query_one(DataTable)
    return [str(column.label) for column in table.columns.values()]


async def open_list(pilot: Pilot[int], app: DummyApp) -> HistoryListScreen:
    await new_game_screen(pilot, app)
    await pilot.press("h")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, HistoryListScreen)
    return screen


async def test_the_matches_are_listed_newest_first() -> None:
    stored = small_history()
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        listed = await open_list(pilot, app)
        shown = rows(listed)
        assert [row[1] for row in shown] == [preset_name(m.preset) for m in reversed(MATCHES)]
        assert shown[-1][0] == START.strftime("%Y-%m-%d %H:%M")
        for row, match in zip(shown, reversed(stored), strict=True):
            assert row[2] == str(len(match.rounds))
            names = match.planned.names
            if match.over:
                winners = ", ".join(names[s] for s in match.winners)
                assert row[3] == t("hlist.won_by", names=winners)
                for name, total in zip(names, match.totals, strict=True):
                    assert f"{name} {total}".replace("-", "−") in row[4]
            else:
                assert row[3] == t("hlist.unfinished")


async def test_a_match_opens_to_its_rounds_and_a_round_to_its_replay() -> None:
    stored = small_history()
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_list(pilot, app)
        # the second newest: the gin match of Ann and Bee
        await pilot.press("down", "enter")
        await pilot.pause()
        rounds = app.screen
        assert isinstance(rounds, MatchRoundsScreen)
        match = stored[2]
        assert headers(rounds)[3:] == list(match.planned.names)
        table = rows(rounds)
        assert len(table) == len(match.rounds)
        for row, game, result in zip(table, match.rounds, match.results, strict=True):
            assert [int(c.replace("−", "-")) for c in row[3:]] == result.scores
            assert row[2] == t("hlist.ending_knock" if game.end == "knock" else "hlist.ending_dead")
        await pilot.press("down", "enter")  # the second round
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ViewerScreen)
        game = match.rounds[1]
        assert viewer.last == len(game.history)
        assert viewer.round_number == 2
        # gin lays no meld before the knock: no meld area of one hidden hand
        assert not viewer.query_one(MeldTable).display
        await pilot.press("end")
        assert viewer.position.hands == game.hands
        assert [line.total for line in viewer.position.scores()] == match.results[1].scores
        for back in (MatchRoundsScreen, HistoryListScreen, NewGameScreen):
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, back)


async def test_a_click_opens_a_match_and_a_round() -> None:
    stored = small_history()
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_list(pilot, app)
        # the table's header is its first line; the newest match is the next
        await pilot.click("#hlist-table", offset=(5, 1))
        await pilot.pause()
        rounds = app.screen
        assert isinstance(rounds, MatchRoundsScreen) and rounds.match.uid == stored[-1].uid
        await pilot.click("#hrounds-table", offset=(3, 1))
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, ViewerScreen)
        assert viewer.last == len(stored[-1].rounds[0].history)


async def test_the_list_opens_from_the_statistics_and_speaks_thai() -> None:
    small_history()
    app = app_for(lang="th")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game_screen(pilot, app)
        await pressed(pilot, app, "s", StatsScreen)
        listed = await pressed(pilot, app, "h", HistoryListScreen)
        assert headers(listed) == ["เมื่อ", "แบบกติกา", "รอบ", "ผล", "ผู้เล่นและคะแนนรวม"]
        assert rows(listed)[0][3] == "ยังไม่จบ"
        assert listed.query_one("#hlist-box").border_title == "เกมที่เล่นมาแล้ว · 1–4 จาก 4"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)


async def test_a_matchs_rounds_speak_thai_and_follow_a_language_switch() -> None:
    small_history()
    app = app_for(lang="th")
    async with app.run_test(size=(80, 24)) as pilot:
        listed = await open_list(pilot, app)
        await pilot.press("down", "enter")
        await pilot.pause()
        rounds = app.screen
        assert isinstance(rounds, MatchRoundsScreen)
        assert {row[2] for row in rows(rounds)} <= {"น็อค", "มือเป็นโมฆะ"}
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert headers(rounds)[:3] == ["Round", "Won by", "Ended by"]
        await pilot.press("escape")
        await pilot.pause()
        assert headers(listed)[0] == "When"  # the list under it follows too


async def test_the_list_turns_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history_list, "PAGE", 3)
    stored = small_history()
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        listed = await open_list(pilot, app)
        assert len(rows(listed)) == 3 and listed.matches[0].uid == stored[-1].uid
        assert listed.query_one("#hlist-box").border_title == "Past matches · 1–3 of 4"
        await pilot.press("p")  # no page before the first
        assert listed.page == 0
        await pilot.press("n")
        await pilot.pause()
        assert [m.uid for m in listed.matches] == [stored[0].uid]
        assert listed.query_one("#hlist-box").border_title == "Past matches · 4–4 of 4"
        await pilot.press("n")  # nor after the last
        assert listed.page == 1
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MatchRoundsScreen)
        assert app.screen.match.uid == stored[0].uid


async def test_an_empty_history_says_so_and_makes_no_file() -> None:
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        listed = await open_list(pilot, app)
        assert rows(listed) == []
        assert t("hlist.empty") in str(listed.query_one("#hlist-note").render())
        await pilot.press("enter")
        assert app.screen is listed
    assert not default_path().exists()


async def test_the_round_in_play_is_never_in_the_list() -> None:
    # two people at one table: the first round is over (and kept), the second is dealt
    game_setup = setup(humans=2, players=2, seed=11)
    session = Session.new(game_setup)
    game = session.round
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    app = app_for(session=session, history=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)
        await pilot.press("enter")  # the next round begins
        await pilot.pause()
        assert isinstance(session.match, Match) and len(session.match.results) == 1
        assert not session.round.is_over
    with History() as history:
        [match] = history.matches()
        assert [r.number for r in history.match_rounds(match.uid)] == [0]
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_list(pilot, app)
        await pilot.press("enter")
        await pilot.pause()
        rounds = app.screen
        assert isinstance(rounds, MatchRoundsScreen)
        assert len(rows(rounds)) == 1  # the round being played is not there


def test_stored_is_the_fixture_as_played() -> None:
    stored: list[Stored] = small_history()
    assert [s.planned for s in stored] == list(MATCHES)
    assert [s.over for s in stored] == [True, True, True, False]
