"""The real game, headless, in a process of its own, that can kill itself.

``python crash_driver.py end MOVE``: resume the saved match (``--resume``),
make the person's move MOVE (the match's last), wait for the round end, quit.
``python crash_driver.py start MOVE``: start the game as a player does (the
new-game screen), wait until the start has put the data folder right, quit.
Either prints what the game told the player, as a JSON list.

Two windows: ``hold`` resumes the saved match and stays at its table until
its standard input closes (``$DUMMY_TUI_HOME/ready`` says it is there);
``list`` opens the list of saved games, presses Enter on the first and
prints the list's lines, what was said and the screen it ends on.  And
``rounds K``: K matches of one round each written to the history, as the
game writes them, to show several processes writing it at once.

Every write to the data folder is counted (a file renamed into place, a file
removed, an SQLite commit) and its number and what it is appended to
``$CRASH_LOG`` just before it is made; with ``CRASH_KILL_AT=N`` the process
sends itself SIGKILL (kill -9) at write N instead of making it.  With
``CRASH_BUSY=1`` the history waits only a moment for a lock (another program
holds the database in that test).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import sys
from pathlib import Path
from typing import Any

HOME = Path(os.environ["DUMMY_TUI_HOME"])
LOG = Path(os.environ["CRASH_LOG"])
KILL_AT = int(os.environ.get("CRASH_KILL_AT") or 0)
BUSY = bool(os.environ.get("CRASH_BUSY"))
_count = 0


def point(label: str) -> None:
    """A write is about to be made: counted, logged, and the process killed at KILL_AT."""
    global _count
    _count += 1
    with LOG.open("a", encoding="utf-8") as log:
        log.write(f"{_count} {label}\n")
    if _count == KILL_AT:
        os.kill(os.getpid(), signal.SIGKILL)


def _ours(path: object) -> str | None:
    """``path`` relative to the home folder, if it is in it."""
    try:
        return str(Path(os.fsdecode(path)).resolve().relative_to(HOME.resolve()))  # type: ignore[arg-type]
    except ValueError:
        return None


def _counted(name: str, real: Any, at: int) -> Any:
    def wrapped(*args: Any, **kw: Any) -> Any:
        where = _ours(args[at])
        if where is not None and where != LOG.name and not where.startswith("cache/"):
            point(f"{name} {where}")
        return real(*args, **kw)

    return wrapped


class CountingConnection(sqlite3.Connection):
    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        if sql.strip().upper() == "COMMIT":
            point("commit history")
        return super().execute(sql, *args)


def _connect(real: Any) -> Any:
    def connect(*args: Any, **kw: Any) -> sqlite3.Connection:
        kw["factory"] = CountingConnection
        if BUSY:
            kw["timeout"] = 0.2
        return real(*args, **kw)  # type: ignore[no-any-return]

    return connect


def install() -> None:
    setattr(os, "replace", _counted("replace", os.replace, 1))  # noqa: B010
    setattr(os, "rename", _counted("rename", os.rename, 1))  # noqa: B010
    setattr(os, "unlink", _counted("unlink", os.unlink, 0))  # noqa: B010
    setattr(os, "remove", _counted("remove", os.remove, 0))  # noqa: B010
    setattr(sqlite3, "connect", _connect(sqlite3.connect))  # noqa: B010


def rounds(count: int) -> list[str]:
    """``count`` one-round matches into the history; their uids."""
    import random

    from dummy_tui.ui.recording import Recorder
    from dummy_tui.ui.session import Session
    from dummy_tui.ui.settings import GameSetup, SeatSetup

    recorder = Recorder.at()
    uids = []
    for i in range(count):
        seats = [SeatSetup(name="Ann", human=True), SeatSetup(name="Bee", level="random")]
        setup = GameSetup(seats=seats, seed=i, options={"target_score": 1_000})
        session = Session.new(setup)
        rng = random.Random(i)
        while not session.round.is_over:
            session.apply(rng.choice(session.round.legal_actions()))
        session.finish_round()
        assert recorder.round_ended(session) == 1, recorder.history.problem
        uids.append(session.history_uid)
    recorder.close()
    return uids


async def windows(mode: str) -> list[object]:
    from textual.widgets import OptionList

    from dummy_tui.ui.app import DummyApp
    from dummy_tui.ui.screens.saved_games import SavedGamesScreen
    from dummy_tui.ui.screens.table import TableScreen
    from dummy_tui.ui.settings import Settings

    settings = Settings(lang="en", ai_delay=0.0)
    app = DummyApp(settings=settings, persist=True, resume=mode == "hold")
    async with app.run_test(size=(100, 30)) as pilot:
        if mode == "hold":
            assert isinstance(app.screen, TableScreen)
            (HOME / "ready").write_text("at the table", encoding="utf-8")
            await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
            return []
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        listed = app.screen
        assert isinstance(listed, SavedGamesScreen)
        lines = [str(o.prompt) for o in listed.query_one(OptionList).options]
        await pilot.press("enter")
        for _ in range(50):
            await pilot.pause(0.01)
        said = [str(n.message) for n in app._notifications]
        return [lines, said, type(app.screen).__name__]


async def run(mode: str, move: str) -> list[str]:
    from dummy_tui.ui.app import DummyApp
    from dummy_tui.ui.screens.round_end import RoundEndScreen
    from dummy_tui.ui.screens.table import TableScreen
    from dummy_tui.ui.settings import Settings

    settings = Settings(lang="en", ai_delay=0.0)
    app = DummyApp(settings=settings, persist=True, resume=mode == "end")
    async with app.run_test(size=(100, 30)) as pilot:
        if mode == "end":
            for _ in range(500):
                if isinstance(app.screen, TableScreen):
                    break
                await pilot.pause(0.01)
            table = app.screen
            assert isinstance(table, TableScreen), app.screen
            for _ in range(5):  # the earlier rounds the history lacks, written after a frame
                await pilot.pause()
            assert table.moves.play(table.session.round.parse_move(move))
            for _ in range(500):
                if isinstance(app.screen, RoundEndScreen):
                    break
                await pilot.pause(0.01)
            assert isinstance(app.screen, RoundEndScreen) and app.screen.match_over
            for _ in range(3):
                await pilot.pause()
        else:
            app.saver.start_recovery()  # as the app does a moment after its first frame
            for _ in range(500):
                if app.saver.recovery is not None and app.saver.recovery.is_set():
                    break
                await pilot.pause(0.01)
            assert app.saver.recovery is not None and app.saver.recovery.is_set()
            for _ in range(5):  # what the start did, said
                await pilot.pause()
        said = [str(n.message) for n in app._notifications]
        await pilot.press("ctrl+q")
    return said


if __name__ == "__main__":
    install()
    what = sys.argv[1]
    if what == "rounds":
        print(json.dumps(rounds(int(sys.argv[2]))))
    elif what in ("hold", "list"):
        print(json.dumps(asyncio.run(windows(what))))
    else:
        print(json.dumps(asyncio.run(run(what, sys.argv[2]))))
