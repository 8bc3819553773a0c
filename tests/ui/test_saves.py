"""Saved games: one save per match, listed on the new-game screen, locked while
a window plays one; a match's end that a kill, a busy history or a read-only
folder interrupted, put right; the one save of earlier versions moved in."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, OptionList
from ui_helpers import (
    app_for,
    pressed,
    saved_moves,
    saved_paths,
    saves_folder,
    settle,
    settled_table,
    setup,
    two_turns_saved,
    until,
)

from dummy_tui.history import History, default_path
from dummy_tui.saves import clean_temporaries, legacy_file, pending_dir
from dummy_tui.storage import data_dir
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.recording import Recorder
from dummy_tui.ui.saved import SavedMatch, write_save
from dummy_tui.ui.screens.modals import ChoiceScreen
from dummy_tui.ui.screens.new_game import NewGameScreen
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.screens.saved_games import SavedGamesScreen, saved_text
from dummy_tui.ui.screens.table import TableScreen
from dummy_tui.ui.session import Session
from dummy_tui.ui.settings import GameSetup


def played_out(game_setup: GameSetup, rounds: int = 1) -> Session:
    """A new session with ``rounds`` rounds played to their end by random legal
    moves (a fixed seed); the last one ended but not yet recorded (as after its
    last move)."""
    session = Session.new(game_setup)
    rng = random.Random(0)
    for number in range(rounds):
        game = session.round
        while not game.is_over:
            session.apply(rng.choice(game.legal_actions()))
        if number < rounds - 1:
            session.finish_round()
            session.start_next_round()
    return session


def over_in_one() -> Session:
    """Ann and Bee, Dummy to 1 point, the first round at its end: recording it
    ends the match."""
    game_setup = setup(humans=1, players=2, seed=11)
    game_setup.options["target_score"] = 1
    session = played_out(game_setup)
    assert max(session.round.scores(), key=lambda s: s.total).total >= 1
    return session


def said(app: DummyApp) -> list[str]:
    return [" ".join(str(n.message).split()) for n in app._notifications]


def history_of(uid: str) -> tuple[list[int], bool]:
    """The round numbers the history holds of match ``uid`` (each as often as it
    is there), and whether the match's end is written."""
    with sqlite3.connect(default_path()) as conn:
        numbers = [
            int(n)
            for (n,) in conn.execute(
                "SELECT r.number FROM rounds r JOIN matches m ON m.id = r.match_id"
                " WHERE m.uid = ? ORDER BY r.number",
                (uid,),
            )
        ]
        ended = conn.execute("SELECT ended FROM matches WHERE uid = ?", (uid,)).fetchone()
    return numbers, ended is not None and ended[0] is not None


@contextmanager
def window_elsewhere(uid: str) -> Iterator[subprocess.Popen[str]]:
    """Another process holding match ``uid``'s lock, as a window playing it does;
    killed (kill -9) at the end."""
    code = (
        "import sys; from pathlib import Path; from dummy_tui.saves import MatchLock\n"
        "lock = MatchLock.take(Path(sys.argv[1]), sys.argv[2])\n"
        "print('held' if lock else 'busy', flush=True); sys.stdin.read()\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", code, str(data_dir()), uid],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None and process.stdout.readline().strip() == "held"
        yield process
    finally:
        process.kill()
        process.wait()


# ----------------------------------------------------------------------
# a match's end, interrupted


@pytest.mark.parametrize("resume", [False, True], ids=["start", "resume"])
async def test_a_match_saved_at_its_last_move_is_finished_at_the_next_start(resume: bool) -> None:
    """The game killed after the match's last move was saved, before the
    history took its round: the next start writes it, ends the match, removes
    the save and says so (never "could not be read … the match is over")."""
    session = over_in_one()
    write_save(data_dir(), session)
    app = app_for(persist=True, resume=resume)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: any("finished" in s for s in said(app)), "the end told")
        assert isinstance(app.screen, NewGameScreen)
        lines = said(app)
    assert "A match stopped at its very end is now finished: Ann, Bee · Dummy · round 1." in lines
    assert not any("could not be read" in s for s in lines), lines
    assert history_of(session.history_uid) == ([0], True)
    assert saved_paths() == []
    assert list(saves_folder().iterdir()) == []  # no lock file left either


async def test_a_run_without_history_leaves_a_finished_match_for_a_later_start() -> None:
    session = over_in_one()
    write_save(data_dir(), session)
    app = app_for(persist=True, history=False)  # --no-history
    async with app.run_test(size=(100, 30)) as pilot:
        await until(
            pilot,
            lambda: app.saver.recovery is not None and app.saver.recovery.is_set(),
            "the start done",
        )
        await pilot.pause()
        assert said(app) == []
    assert len(saved_paths()) == 1 and not default_path().exists()


async def test_a_resumed_match_writes_the_rounds_the_history_lacks_and_says_so() -> None:
    game_setup = setup(humans=1, players=2, seed=11)
    game_setup.options["target_score"] = 10_000
    session = played_out(game_setup, rounds=3)  # two rounds over, the third at its end
    session.finish_round()
    session.start_next_round()
    session.history_rounds = 0  # a busy history kept them from it
    write_save(data_dir(), session)
    app = app_for(persist=True, resume=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: len(said(app)) >= 2, "the rounds written told")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        lines = said(app)
    told = "3 finished rounds of a saved game were not in the history yet: they are now"
    assert any(s.startswith(told) for s in lines), lines
    assert history_of(session.history_uid) == ([0, 1, 2], False)
    assert json.loads(saved_paths()[0].read_text(encoding="utf-8"))["recorded"] == 3


async def test_a_match_ending_while_another_program_holds_the_history_is_written_at_the_next_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with History() as history:
        history.connection()  # the file, made
    other = sqlite3.connect(default_path(), isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(Recorder, "at", classmethod(lambda cls: cls(History(timeout=0.05))))
    session = over_in_one()
    uid = session.history_uid
    app = app_for(session=session, persist=True, history=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen) and app.screen.match_over
        kept = pending_dir(data_dir()) / f"{uid}.json"
        told = f"is in use by another program: this match is kept in {kept} and written"
        assert any(told in s for s in said(app)), said(app)
        await pilot.press("q")
    assert kept.exists() and saved_paths() == []
    other.execute("ROLLBACK")
    other.close()
    assert history_of(uid) == ([], False)
    os.utime(kept, (1_700_000_000, 1_700_000_000))  # the match ended a while ago
    again = await start_until_told("the match written told", (100, 30))
    assert said(again) == [
        "A match the game history could not take when it ended is now written to it:"
        " Ann, Bee · Dummy · round 1."
    ]
    assert history_of(uid) == ([0], True)
    with History() as history:
        [match] = history.matches()
    assert match.ended is not None and match.ended.timestamp() == 1_700_000_000  # not now
    assert not kept.exists()


async def test_a_data_folder_that_cannot_be_written_at_the_match_end_is_said_not_a_crash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The data folder made read-only while a saved match is played: every
    write and removal in it fails (EROFS); the match's end says so, no traceback."""
    session = over_in_one()
    write_save(data_dir(), session)  # saved before the folder became read-only
    [save] = saved_paths()
    folder = str(data_dir())

    real_unlink = os.unlink

    def refused(path: str | Path | None) -> None:
        if path is not None and str(path).startswith(folder):
            raise OSError(30, "Read-only file system", str(path))

    def unlink(path: str | Path, *args: Any, **kw: Any) -> None:
        refused(path)
        real_unlink(path, *args, **kw)

    def mkstemp(*args: Any, dir: str | Path | None = None, **kw: Any) -> tuple[int, str]:
        refused(dir)
        raise AssertionError("a temporary file outside the data folder")

    monkeypatch.setattr(os, "unlink", unlink)
    monkeypatch.setattr("tempfile.mkstemp", mkstemp)
    app = app_for(session=session, persist=True, history=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)
        lines = said(app)
    assert app.return_code in (None, 0)
    assert lines[-1] == (
        "The match is over, but its files could not be put in order"
        f" ({save}: Read-only file system): the next start tries again."
    )


async def test_a_read_only_data_folder_is_told_once_not_at_every_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = iter(range(100))

    def mkstemp(prefix: str, suffix: str, dir: str | Path) -> tuple[int, str]:
        # as the OS says it: the temporary file's own (new) name each time
        raise OSError(30, "Read-only file system", f"{dir}/{prefix}{next(made)}{suffix}")

    monkeypatch.setattr("tempfile.mkstemp", mkstemp)
    async with two_turns_saved() as (_, app):
        told = said(app)
    session = app.session
    assert session is not None
    path = saves_folder() / f"{session.history_uid}.json"
    assert told == [f"The game could not be saved: {path}: Read-only file system"]
    assert app.saver.farewell() == told[0]


# ----------------------------------------------------------------------
# temporary files, saves of a newer version


def test_the_start_removes_temporary_files_of_killed_writes_but_not_a_live_windows() -> None:
    saves = saves_folder()
    saves.mkdir(parents=True)
    mine, theirs = "a" * 32, "b" * 32
    stale = saves / f".{mine}.json.x1y2z3.tmp"
    live = saves / f".{theirs}.json.q8r9s0.tmp"
    old = data_dir() / ".save.json.k3j4h5.tmp"  # an earlier version's, ten minutes old
    new = data_dir() / ".save.json.m6n7p8.tmp"
    for path in (stale, live, old, new):
        path.write_text("{", encoding="utf-8")
    os.utime(old, (time.time() - 700, time.time() - 700))
    with window_elsewhere(theirs):
        removed = clean_temporaries(data_dir(), time.time())
    assert sorted(removed) == sorted([stale, old])
    assert live.exists() and new.exists()


@asynccontextmanager
async def told_at_start(
    what: str, size: tuple[int, int] = (80, 24)
) -> AsyncIterator[tuple[Pilot[int], DummyApp]]:
    """The game started with saves on, once it has said something at its start
    (``what``: the word awaited, named if it never comes)."""
    app = app_for(persist=True)
    async with app.run_test(size=size) as pilot:
        await until(pilot, lambda: bool(said(app)), what)
        yield pilot, app


async def start_until_told(what: str, size: tuple[int, int] = (80, 24)) -> DummyApp:
    """The game started as :func:`told_at_start` does, then left; it is returned."""
    async with told_at_start(what, size) as (_, app):
        return app


async def the_one_saved_game(
    pilot: Pilot[int], app: DummyApp
) -> tuple[SavedGamesScreen, SavedMatch]:
    """From the new-game screen, r: the list of saved games, and its only game."""
    await pilot.pause()
    listed = await pressed(pilot, app, "r", SavedGamesScreen)
    [entry] = listed.matches
    return listed, entry


async def resume_the_first_saved(pilot: Pilot[int], app: DummyApp) -> TableScreen:
    """From the new-game screen: r (the saved games), enter on the first; its table."""
    await pilot.press("r")
    await pilot.pause()
    await pilot.press("enter")
    return await settled_table(pilot, app)


@pytest.mark.parametrize("where", ["saves", "legacy"])
async def test_a_save_of_a_newer_version_is_never_set_aside_nor_removed(where: str) -> None:
    newer = json.dumps({"format": "dummy-tui-save/9", "setup": {"what": "not known here"}})
    saves_folder().mkdir(parents=True)
    path = legacy_file(data_dir()) if where == "legacy" else saves_folder() / f"{'d' * 32}.json"
    path.write_text(newer, encoding="utf-8")
    damaged = saves_folder() / f"{'e' * 32}.json"  # set aside beside it
    damaged.write_text("{ not a save", encoding="utf-8")
    await start_until_told("a word of the start")
    [kept] = saved_paths()
    assert kept.read_text(encoding="utf-8") == newer  # where a newer version looks for it
    assert not list(kept.parent.glob(f"{kept.name}.damaged-*"))
    app = app_for(persist=True)
    async with app.run_test(size=(80, 24)) as pilot:
        listed, entry = await the_one_saved_game(pilot, app)
        assert entry.newer and "saved by a newer version" in str(saved_text(entry))
        await pilot.press("enter")  # cannot be resumed here
        await until(pilot, lambda: bool(said(app)), "the refusal told")
        assert app.screen is listed
        assert said(app)[-1].startswith("This game was saved by a newer version of dummy-tui")
    assert kept.read_text(encoding="utf-8") == newer


# ----------------------------------------------------------------------
# the list of saved games, locks, --resume


def save_match(game_setup: GameSetup, moves: int, played: float) -> Session:
    """A match saved after ``moves`` moves, last played at ``played``."""
    session = Session.new(game_setup)
    for _ in range(moves):
        session.apply(session.round.legal_actions()[0])
    path = write_save(data_dir(), session)
    os.utime(path, (played, played))
    return session


async def test_the_saved_games_are_listed_with_what_they_are_and_one_is_deleted_after_a_yes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    gin = save_match(setup(humans=1, players=2, seed=5, ruleset="gin"), 3, 1_700_000_000)
    dummy = played_out(setup(humans=1, players=3, seed=7), rounds=2)
    dummy.finish_round()
    dummy.start_next_round()
    os.utime(write_save(data_dir(), dummy), (1_700_100_000, 1_700_100_000))
    app = app_for(persist=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert str(screen.query_one("#resume", Button).label) == "Saved games: 2 (r)"
        listed = await pressed(pilot, app, "r", SavedGamesScreen)
        assert [m.uid for m in listed.matches] == [dummy.history_uid, gin.history_uid]
        totals = " · ".join(
            f"{name} {'−' if total < 0 else ''}{abs(total)}"
            for name, total in zip(dummy.seat_names, dummy.match.totals, strict=True)
        )
        lines = str(saved_text(listed.matches[0])).splitlines()
        assert lines == ["Dummy · round 3 · last played 2023-11-16 02:00", f"  {totals}"]
        lines = str(saved_text(listed.matches[1])).splitlines()
        assert lines == ["Gin rummy · round 1 · last played 2023-11-14 22:13", "  Ann 0 · Bee 0"]
        options = listed.query_one(OptionList)
        assert options.highlighted == 0
        await pilot.press("down", "delete")
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen) and dialog.title_text == "Delete this saved game?"
        await pilot.press("enter")  # the first answer keeps it
        await pilot.pause()
        assert app.screen is listed and len(listed.matches) == 2
        await pilot.press("d", "down", "enter")  # "Yes, delete it"
        await until(pilot, lambda: len(listed.matches) == 1, "the gin game deleted")
        assert "The saved game is deleted." in said(app)
        await pilot.press("escape")
        await until(
            pilot,
            lambda: str(screen.query_one("#resume", Button).label) == "Saved games: 1 (r)",
            "the count updated",
        )
    assert [p.stem for p in saved_paths()] == [dummy.history_uid]
    monkeypatch.undo()
    time.tzset()  # the machine's own time zone again, for the tests after this one


async def test_a_match_another_window_plays_is_shown_and_cannot_be_taken_until_it_dies() -> None:
    session = save_match(setup(humans=1, seed=21), 1, time.time())
    before = saved_moves()
    with window_elsewhere(session.history_uid):
        app = app_for(persist=True)
        async with app.run_test(size=(80, 24)) as pilot:
            listed, entry = await the_one_saved_game(pilot, app)
            assert entry.busy and "being played in another window" in str(saved_text(entry))
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is listed
            await pilot.press("delete")
            await pilot.pause()
            assert app.screen is listed  # no question: it cannot be deleted
            busy = "This game is being played in another window: it cannot be taken from there."
            assert said(app) == [busy, busy]
        again = app_for(persist=True, resume=True)
        async with again.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(again.screen, NewGameScreen)
            assert said(again) == ["Every saved game is being played in another window."]
    # that window was killed: its lock went with it
    app = app_for(persist=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = await resume_the_first_saved(pilot, app)
        assert table.session.round.moves() == before


async def test_the_saves_changing_before_their_list_is_shown_is_read_when_it_is() -> None:
    # the start's tidying of the data folder may end (and say the saves changed)
    # between r pushing the list and the list being built: it must not fail then
    save_match(setup(humans=1, seed=21), 1, time.time())
    app = app_for(persist=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        listed = SavedGamesScreen()
        app.push_screen(listed)
        listed.saves_changed()  # not built yet
        await pilot.pause()
        assert app.screen is listed
        assert len(listed.matches) == 1
        assert listed.query_one(OptionList).option_count == 1


async def test_the_saves_changing_while_the_app_closes_is_left_alone() -> None:
    # the start's tidying may also end while the app closes, the list's widgets
    # already removed (a slow machine): nothing is read into them then
    save_match(setup(humans=1, seed=21), 1, time.time())
    app = app_for(persist=True)
    async with app.run_test(size=(80, 24)) as pilot:
        listed, _ = await the_one_saved_game(pilot, app)
        await listed.remove_children()  # what closing does first
        listed.saves_changed()
        await pilot.pause()
        assert app.screen is listed and not listed.children


async def test_resume_takes_the_last_played_game_no_other_window_plays_and_says_which() -> None:
    older = save_match(setup(humans=1, seed=21), 2, time.time() - 100)
    newer = save_match(setup(humans=1, players=2, seed=5, ruleset="gin"), 1, time.time())
    with window_elsewhere(newer.history_uid):
        app = app_for(persist=True, resume=True)
        async with app.run_test(size=(100, 30)) as pilot:
            table = await settled_table(pilot, app)
            assert table.session.history_uid == older.history_uid
            assert said(app) == ["Resumed: Ann, Bee, Chai, Dao · Dummy · round 1"]


@pytest.mark.parametrize("named", [True, False], ids=["with-uid", "without-uid"])
async def test_the_one_save_of_an_earlier_version_moves_into_the_list_once(named: bool) -> None:
    session = save_match(setup(humans=1, seed=21), 2, time.time())
    [path] = saved_paths()
    data = json.loads(path.read_text(encoding="utf-8"))
    for key in ("recorded", "ended", "totals"):
        del data[key]
    data["format"] = "dummy-tui-save/1"  # as earlier versions wrote it
    if not named:
        del data["history"]
    legacy = legacy_file(data_dir())
    legacy.write_text(json.dumps(data), encoding="utf-8")
    path.unlink()
    async with told_at_start("the move told") as (pilot, app):
        assert said(app) == [
            "Each match now has its own save: your saved game is in the list of saved"
            " games (Ann, Bee, Chai, Dao · Dummy · round 1)."
        ]
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await until(pilot, lambda: screen.saved == 1, "the list counted")
        table = await resume_the_first_saved(pilot, app)
        assert table.session.round.moves()[:2] == session.round.moves()
    assert not legacy.exists()
    [moved] = saved_paths()
    assert (moved.stem == session.history_uid) is named
    again = app_for(persist=True)  # once: nothing more to move or say
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause(0.3)
        assert said(again) == []
    assert saved_paths() == [moved]
