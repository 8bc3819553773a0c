"""A match one move from its end, saved in a data folder of its own, and the
processes that play that move (or start the game) on it: the crash tests
kill them, the window tests run two at once.

The match: Ann (a person) and Bee (the random AI), Dummy to 400, seed 1;
every move of it chosen once by random AI players (Ann's too).  It is over
after two rounds, with Ann's knock.  The facts the tests rely on are checked
when it is made, so that a change in the AI shows here, not as a strange
failure.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dummy_tui.ai import make_player
from dummy_tui.engine.record import apply_moves
from dummy_tui.history import History
from dummy_tui.saves import pending_dir, saves_dir
from dummy_tui.ui.recording import Recorder
from dummy_tui.ui.saved import write_save
from dummy_tui.ui.session import Session
from dummy_tui.ui.settings import GameSetup, SeatSetup

DRIVER = Path(__file__).with_name("crash_driver.py")
UID = "c0ffee" + "0" * 26
"""The match's uid: its save is ``saves/<UID>.json``."""
SEED, TARGET = 1, 400


@dataclass(frozen=True)
class Ending:
    """The match: its set-up and each round's moves (as records write them)."""

    setup: GameSetup
    rounds: tuple[tuple[str, ...], ...]

    @property
    def last_move(self) -> str:
        return self.rounds[-1][-1]


@functools.cache
def ending() -> Ending:
    seats = [SeatSetup(name="Ann", human=True), SeatSetup(name="Bee", level="random")]
    setup = GameSetup(seats=seats, seed=SEED, options={"target_score": TARGET})
    session = Session.new(setup)
    players = [make_player("dummy", "random", SEED * 10 + seat) for seat in range(2)]
    rounds = []
    while True:
        game = session.round
        while not game.is_over:
            legal = game.legal_actions()
            mover = game.seat
            pick = legal[0] if len(legal) == 1 else players[mover].choose(game.view(mover), legal)
            session.apply(pick)
        session.finish_round()
        rounds.append(tuple(game.moves()))
        if session.match.is_over:
            break
        session.start_next_round()
    assert len(rounds) == 2, "the match is over after its second round"
    assert mover == 0, "Ann (the person) makes the match's last move"
    return Ending(setup, tuple(rounds))


def before_last_move() -> Session:
    """The match rebuilt up to its last move."""
    end = ending()
    session = Session.new(end.setup)
    session.history_uid = UID
    for number, moves in enumerate(end.rounds):
        last = number == len(end.rounds) - 1
        _, error, pending = apply_moves(session.round, list(moves[:-1] if last else moves))
        assert error is None and pending is None, (error, pending)
        if not last:
            session.finish_round()
            session.start_next_round()
    assert not session.round.is_over and session.round.seat == 0
    return session


def prepare(home: Path, recorded: bool) -> None:
    """A data folder (``home``/data, as ``DUMMY_TUI_HOME=home`` makes it) with
    the match saved one move from its end; its first round in the history
    when ``recorded``, else an empty history (the round waits in the save)."""
    folder = data(home)
    session = before_last_move()
    with History(folder / "history.sqlite3", strict=True) as history:
        if recorded:
            assert Recorder(history).catch_up(session) == 1
        else:
            history.connection()
    write_save(folder, session)
    assert session.history_rounds == (1 if recorded else 0)


def data(home: Path) -> Path:
    return home / "data"


def copy_home(base: Path, to: Path) -> Path:
    shutil.copytree(base, to)
    return to


@dataclass
class Run:
    """A process of the driver, finished: its exit code, the write points it
    reached (each ``N label``) and what it told the player."""

    code: int
    points: list[str]
    said: list[Any]
    err: str


def run_driver(
    home: Path, mode: str, kill_at: int | None = None, busy: bool = False, timeout: float = 60
) -> Run:
    """The driver (``crash_driver.py``) in its own process on ``home``:
    ``end`` resumes the match and plays its last move, then quits; ``start``
    starts the game (its new-game screen) and quits once the start is done.
    ``kill_at``: the process kills itself (SIGKILL) just before its write
    number ``kill_at``; ``busy``: another program holds the history then."""
    log = home / f"points-{mode}.txt"
    log.unlink(missing_ok=True)
    env = {
        **os.environ,
        "DUMMY_TUI_HOME": str(home),
        "CRASH_LOG": str(log),
        "CRASH_KILL_AT": str(kill_at or 0),
        "CRASH_BUSY": "1" if busy else "",
    }
    argv = [sys.executable, str(DRIVER), mode, ending().last_move]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=timeout)
    said = json.loads(done.stdout) if done.returncode == 0 and done.stdout.strip() else []
    points = log.read_text(encoding="utf-8").splitlines() if log.exists() else []
    return Run(done.returncode, points, said, done.stderr)


def history_rounds(home: Path) -> list[tuple[int, list[str]]]:
    """Every round of the match in the history: its number and its moves, in
    the order the rows are (a round twice would show twice)."""
    path = data(home) / "history.sqlite3"
    with sqlite3.connect(path) as conn:
        rows = conn.execute(
            "SELECT r.number, c.record FROM rounds r JOIN matches m ON m.id = r.match_id"
            " JOIN records c ON c.round_id = r.id WHERE m.uid = ? ORDER BY r.id",
            (UID,),
        ).fetchall()
    return [(int(n), list(json.loads(record)["moves"])) for n, record in rows]


def match_ended(home: Path) -> bool:
    with sqlite3.connect(data(home) / "history.sqlite3") as conn:
        row = conn.execute("SELECT ended FROM matches WHERE uid = ?", (UID,)).fetchone()
    return row is not None and row[0] is not None


def leftovers(home: Path) -> list[str]:
    """The files of the match left in the saves and the pending folders."""
    found = []
    for place in (saves_dir(data(home)), pending_dir(data(home))):
        if place.exists():
            found += [f"{place.name}/{p.name}" for p in sorted(place.iterdir())]
    return found


class HistoryHeld:
    """Another program holding the history database (``BEGIN EXCLUSIVE``)."""

    def __init__(self, home: Path) -> None:
        self.conn = sqlite3.connect(data(home) / "history.sqlite3", isolation_level=None)
        self.conn.execute("BEGIN EXCLUSIVE")

    def release(self) -> None:
        self.conn.execute("ROLLBACK")
        self.conn.close()
