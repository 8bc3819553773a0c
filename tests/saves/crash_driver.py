"""The real game, headless, in a process of its own, that can kill itself.

``python crash_driver.py end MOVE``: resume the saved match (``--resume``),
make the person's move MOVE (the match's last), wait for the round end, quit.
``python crash_driver.py start MOVE``: start the game as a player does (the
new-game screen), wait until the start has put the data folder right, quit.
Either prints what the game told the player, as a JSON list.

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
            assert table.play(table.session.round.parse_move(move))
            for _ in range(500):
                if isinstance(app.screen, RoundEndScreen):
                    break
                await pilot.pause(0.01)
            assert isinstance(app.screen, RoundEndScreen) and app.screen.match_over
            for _ in range(3):
                await pilot.pause()
        else:
            app.start_recovery()  # as the app does a moment after its first frame
            for _ in range(500):
                if app.recovery is not None and app.recovery.is_set():
                    break
                await pilot.pause(0.01)
            assert app.recovery is not None and app.recovery.is_set()
            for _ in range(5):  # what the start did, said
                await pilot.pause()
        said = [str(n.message) for n in app._notifications]
        await pilot.press("ctrl+q")
    return said


if __name__ == "__main__":
    install()
    print(json.dumps(asyncio.run(run(sys.argv[1], sys.argv[2]))))
