"""A person joins a hosted table (on 127.0.0.1, in the test's event loop) and
plays it from the usual table screen, by keys."""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from match_util import short_match
from textual.pilot import Pilot
from textual.widgets import Static

from dummy_tui.ai import checked_choice, make_player
from dummy_tui.engine.actions import DRAW, Discard
from dummy_tui.families import FAMILIES
from dummy_tui.i18n import t
from dummy_tui.net.remote import Link, RemoteSession
from dummy_tui.net.server import Table, open_table
from dummy_tui.rules import get_ruleset
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.screens.table_remote import RemoteTableScreen
from dummy_tui.ui.session import Session
from dummy_tui.ui.settings import GameSetup, SeatSetup


@asynccontextmanager
async def joined(
    lang: str = "en", turn_time: float | None = None, ruleset: str = "dummy", **options: Any
) -> AsyncIterator[tuple[DummyApp, Pilot[Any], Session]]:
    """Ann at a hosted table against the easy AI (Somchai, and more seats where
    the preset wants them): her app, its pilot, the host's session."""
    others = [SeatSetup(name="Somchai", level="easy")]
    others += [
        SeatSetup(name=f"AI {n}", level="easy")
        for n in range(2, min(get_ruleset(ruleset).player_counts))
    ]
    setup = GameSetup(
        seats=[SeatSetup(name="P1", human=True), *others],
        seed=5,
        ruleset=ruleset,
        options=options,
    )
    table = Table(Session.new(setup), ai_delay=0, turn_time=turn_time)
    hosted = await open_table(table, "127.0.0.1", 0)
    run = asyncio.create_task(table.run())
    link = Link(f"ws://127.0.0.1:{hosted.port}/", table.code, "Ann", None)
    welcome = await link.open()
    sent: set[asyncio.Task[None]] = set()

    def send(message: dict[str, Any]) -> None:
        task = asyncio.get_running_loop().create_task(link.send(message))
        sent.add(task)
        task.add_done_callback(sent.discard)

    screen = RemoteTableScreen(RemoteSession(welcome, send), link)
    app = DummyApp(table=screen, persist=False, history=True, lang=lang)
    try:
        async with app.run_test(size=(100, 34)) as pilot:
            await pilot.pause()
            app.hosting = table  # type: ignore[attr-defined]  # for the chat test
            yield app, pilot, table.session
    finally:
        await link.close()
        run.cancel()
        await hosted.close()


async def until(pilot: Pilot[Any], check: Callable[[], bool]) -> None:
    for _ in range(500):
        if check():
            return
        await pilot.pause(0.01)
    raise AssertionError("waited too long")


def status(app: DummyApp) -> str:
    return str(app.screen.query_one("#status", Static).render())


async def test_a_person_plays_a_hosted_table_by_keys() -> None:
    async with joined() as (app, pilot, host):
        game = host.round
        assert game.seat == 0 and app.screen.query_one("#hand").has_focus
        hand = game.hand(0)
        await pilot.press("x")  # not before taking: refused at once, nothing sent
        assert t("rule.take_first") in status(app)
        await pilot.pause(0.05)
        assert game.history == []
        await pilot.press("d")
        await until(pilot, lambda: game.history == [(0, DRAW)])
        (drawn,) = set(game.hand(0)) - set(hand)
        screen = app.screen
        assert isinstance(screen, RemoteTableScreen)
        await until(pilot, lambda: drawn in screen.hand.cards)
        assert f"drew {app.look.text(drawn).plain}" in status(app)
        assert screen.hand.cursor_card == drawn  # the cursor shows the card drawn
        while screen.hand.cursor:
            await pilot.press("left")
        first = screen.hand.cards[0]
        await pilot.press("x")  # the card under the cursor
        await until(pilot, lambda: len(game.history) >= 2)
        assert game.history[1] == (0, Discard(first))
        # the computer's turn is played by the host; then hers again, as the host has it
        await until(pilot, lambda: screen.my_turn and len(screen.session.round.history) > 2)
        assert screen.session.round.hand(0) == host.round.hand(0)
        assert screen.session.log == host.log
        assert "Somchai" in screen.session.names and "Ann" in host.seat_names


async def test_a_refusal_from_the_host_is_said_in_the_players_language() -> None:
    async with joined("th") as (app, pilot, _):
        screen = app.screen
        assert isinstance(screen, RemoteTableScreen)
        screen.received({"type": "refusal", "rule": "take_first", "detail": "", "params": {}})
        await pilot.pause()
        assert status(app) == t("rule.take_first")
        assert "ก่อน" in status(app)  # Thai, from the Thai catalog
        screen.received({"type": "error", "reason": "turn"})
        await pilot.pause()
        assert status(app) == t("net.error.turn") == "ยังไม่ถึงตาคุณ ตานี้จึงไม่ได้เล่น"


async def play_to_round_end(pilot: Pilot[Any], screen: RemoteTableScreen) -> None:
    """Ann's moves chosen by the easy AI from her view, made through the screen."""
    chooser = make_player(screen.session.rules.family, "easy", 1)
    for _ in range(5000):
        if isinstance(pilot.app.screen, RoundEndScreen):
            return
        if screen.my_turn:
            game = screen.session.round
            screen.moves.play(checked_choice(chooser, game.view(game.seat), game.legal_actions()))
        await pilot.pause(0.001)
    raise AssertionError("the round did not end")


async def test_a_rounds_end_is_the_hosts_and_the_next_round_follows() -> None:
    async with joined() as (app, pilot, host):
        screen = app.screen
        assert isinstance(screen, RemoteTableScreen)
        await play_to_round_end(pilot, screen)
        end = app.screen
        assert isinstance(end, RoundEndScreen) and not end.match_over
        # the round as the host played it: every hand shown, the host's scores
        assert end.game.history == host.finished[0].history
        assert end.result.scores == host.match.results[0].scores
        totals = end.totals().plain
        assert all(str(total) in totals for total in host.match.totals), (totals, host.match.totals)
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is screen)
        # the next round, as the host dealt it
        assert screen.session.round_number == 2 == host.round_number
        await until(pilot, lambda: screen.session.round.hand(0) == host.round.hand(0))
        assert screen.session.match.totals == host.match.totals


@pytest.mark.parametrize("family", list(FAMILIES))
async def test_the_matchs_end_at_a_hosted_table(family: str) -> None:
    """A short match of each family, played by keys' moves from the screen's round."""
    async with joined(ruleset=family, **short_match(family)) as (app, pilot, host):
        screen = app.screen
        assert isinstance(screen, RemoteTableScreen)
        await play_to_round_end(pilot, screen)
        end = app.screen
        assert isinstance(end, RoundEndScreen)
        while not end.match_over:  # a round nobody scored in: the next one
            await pilot.press("enter")
            await until(pilot, lambda: app.screen is screen)
            await play_to_round_end(pilot, screen)
            end = app.screen
            assert isinstance(end, RoundEndScreen)
        assert host.match.is_over and end.game.moves() == host.finished[-1].moves()
        assert screen.session.match.winners == host.match.winners
        # the joined window keeps the round it played in its own history
        app.saver.close_history()
        kept = Path(os.environ["DUMMY_TUI_HOME"]) / "data" / "history.sqlite3"
        with sqlite3.connect(kept) as conn:
            (rounds,) = conn.execute("select count(*) from rounds").fetchone()
            (matches,) = conn.execute("select count(*) from matches").fetchone()
        assert rounds == len(host.match.results) and matches == 1


async def test_a_timed_turn_shows_its_countdown_in_the_language() -> None:
    for lang, words in (("en", "s left"), ("th", "เหลือ")):
        async with joined(lang=lang, turn_time=60) as (app, pilot, host):
            assert host.round.seat == 0
            await until(pilot, lambda words=words: words in status(app))  # type: ignore[misc]
            first = status(app)
            assert "60" in first or "59" in first


async def test_a_line_said_at_the_table_reaches_the_host_and_comes_back_as_a_notice() -> None:
    async with joined() as (app, pilot, _):
        table = app.hosting  # type: ignore[attr-defined]
        await pilot.press("slash")
        await until(pilot, lambda: type(app.screen).__name__ == "ChatScreen")
        await pilot.press(*"[b]hello", "enter")
        await until(pilot, lambda: bool(table.chat))
        assert table.chat[-1]["text"] == "[b]hello" and table.chat[-1]["name"] == "Ann"
        # the line comes back to everyone, Ann too, as a notice of her own words
        await until(pilot, lambda: any("[b]hello" in str(n.message) for n in app._notifications))
        await pilot.press("slash")
        await until(pilot, lambda: type(app.screen).__name__ == "ChatScreen")
        await pilot.press("down", "enter")  # the first reaction
        await until(pilot, lambda: table.chat[-1]["reaction"] == "nice")


def test_the_host_plays_in_its_own_window(monkeypatch: Any) -> None:
    """``host --play``: the table is hosted and joined in one window, which says
    the line to give friends; the computer's seat plays against the person."""
    from dummy_tui import cli

    seen: dict[str, Any] = {}

    async def headless(self: DummyApp, **_: object) -> None:
        async with self.run_test(size=(110, 34)) as pilot:
            await until(pilot, lambda: isinstance(self.screen, RemoteTableScreen))
            notes = [str(n.message) for n in self._notifications]
            seen["notes"] = notes
            screen = self.screen
            assert isinstance(screen, RemoteTableScreen)
            seen["seat"] = screen.remote.seat
            seen["names"] = list(screen.session.names)
            await pilot.press("q")
            await pilot.pause()

    monkeypatch.setattr(DummyApp, "run_async", headless)
    argv = ["host", "--play", "--players", "2", "--seats", "1", "--port", "0", "--name", "Ann"]
    assert cli.main([*argv, "--no-history", "--lang", "en"]) == 0
    assert any("join 127.0.0.1:" in note for note in seen["notes"]), seen["notes"]
    assert seen["seat"] == 0 and seen["names"][0] == "Ann"


async def test_a_spectator_sees_the_table_without_any_hand() -> None:
    setup = GameSetup(
        seats=[SeatSetup(name="Ann", level="easy"), SeatSetup(name="Somchai", level="easy")],
        seed=5,
    )
    table = Table(Session.new(setup), ai_delay=0.5)  # slow: the round is still on
    hosted = await open_table(table, "127.0.0.1", 0)
    run = asyncio.create_task(table.run())
    link = Link(f"ws://127.0.0.1:{hosted.port}/", table.code, "Wat", None, watch=True)
    screen = RemoteTableScreen(RemoteSession(await link.open(), lambda message: None), link)
    app = DummyApp(table=screen, persist=False, history=False, lang="en")
    try:
        async with app.run_test(size=(100, 34)) as pilot:
            await until(pilot, lambda: len(table.session.round.history) >= 1)
            # the table is drawn once the first view has come (slow on a busy machine)
            await until(pilot, lambda: bool(screen.query("#hand")))
            await pilot.pause(0.2)
            shown = app.export_screenshot().replace("&#160;", " ")
            assert "You are watching" in shown
            assert str(screen.hand.border_title) == "Watching" and screen.viewer is None
            assert not screen.my_turn
    finally:
        await link.close()
        run.cancel()
        await hosted.close()


async def test_the_new_game_screen_hosts_a_table_and_joins_one(monkeypatch: Any) -> None:
    """o hosts the form's set-up from this window (this machine only) and sits at
    it, saying the line for friends; j joins a table by its address."""
    from dummy_tui.ui.screens import online

    monkeypatch.setattr(online, "HOST_PORT", 0)  # any free port, whatever runs here
    app = DummyApp(persist=False, history=False, lang="en")
    async with app.run_test(size=(110, 34)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "NewGameScreen")
        await pilot.press("o")
        await until(pilot, lambda: type(app.screen).__name__ == "ChoiceScreen")
        await pilot.press("enter")  # this machine only
        await until(pilot, lambda: isinstance(app.screen, RemoteTableScreen))
        notes = " ".join(str(n.message) for n in app._notifications)
        assert "dummy-tui join 127.0.0.1:" in notes and "Only this machine" in notes
        table, _, _ = app.hosting  # type: ignore[attr-defined]
        assert table.seats[0].claimed and isinstance(app.screen, RemoteTableScreen)
        assert app.screen.remote.seat == 0

    setup = GameSetup(
        seats=[SeatSetup(name="P1", human=True), SeatSetup(name="Somchai", level="easy")],
        seed=5,
    )
    table = Table(Session.new(setup), ai_delay=0)
    hosted = await open_table(table, "127.0.0.1", 0)
    run = asyncio.create_task(table.run())
    guest = DummyApp(persist=False, history=False, lang="en")
    try:
        async with guest.run_test(size=(110, 34)) as pilot:
            await until(pilot, lambda: type(guest.screen).__name__ == "NewGameScreen")
            await pilot.press("j")
            await until(pilot, lambda: type(guest.screen).__name__ == "JoinScreen")
            await pilot.press(*f"127.0.0.1:{hosted.port}/{table.code}", "enter")
            await pilot.press("ctrl+a", "backspace", "ctrl+k", *"Bo", "enter")
            await until(pilot, lambda: isinstance(guest.screen, RemoteTableScreen))
            assert table.seats[0].claimed and table.session.seat_names[0] == "Bo"
    finally:
        run.cancel()
        await hosted.close()
