"""A match's end killed (kill -9) at each of its writes, then the game started
again: every finished round is in the history exactly once, and the match is
either saved one move from its end (and resumes there) or cleanly finished.

The match is played by the real game in a process of its own
(``crash_driver.py``), which counts its writes to the data folder (a file
renamed into place or removed, a history commit) and kills itself with
SIGKILL just before write N.  Then the game is started again as a player
starts it, in another process, and the folder and the history are checked.

Each sweep goes over every write of its case, N by N:

- ``waiting``: the match's first round never reached the history (a kill, or
  a busy history, kept it in the save): the start writes it, then the match
  resumes and ends;
- ``held``: another program holds the history at the match's end: the match
  is kept in ``history-pending/`` and written at the next start;
- ``start``: the process was killed between the last move's save and the
  history; the start that finishes the match is killed at each of its writes;
- ``recorded``: the first round in the history, as after a plain round end.

The suite runs the first whole and a few writes of the others (two processes
of a second or less each); ``DUMMY_TUI_CRASH_SWEEP=all`` runs every case.
"""

from __future__ import annotations

import functools
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from saves_util import (
    UID,
    HistoryHeld,
    Run,
    before_last_move,
    copy_home,
    data,
    ending,
    history_rounds,
    leftovers,
    match_ended,
    prepare,
    run_driver,
)

from dummy_tui.saves import save_file
from dummy_tui.ui.saved import read_save
from dummy_tui.ui.session import Session

SAVE = f"data/saves/{UID}.json"
LOCK = f"data/saves/{UID}.lock"
PENDING = f"data/history-pending/{UID}.json"

THE_END = [
    f"replace {SAVE}",  # the last move
    "commit history",  # its round, earlier ones the history lacks, the match's end
    f"unlink {SAVE}",
    f"unlink {LOCK}",  # the match let go
]
WRITES = {
    # the start writes the waiting round and notes it in the save, then the match resumes
    "waiting": ["commit history", f"replace {SAVE}", f"unlink {LOCK}", *THE_END],
    "recorded": THE_END,
    "held": [f"replace {SAVE}", f"replace {PENDING}", f"unlink {SAVE}", f"unlink {LOCK}"],
    # the start after a kill just after the last move's save: the killed window's
    # lock file tidied, then the match finished
    "start": [f"unlink {LOCK}", "commit history", f"unlink {SAVE}", f"unlink {LOCK}"],
}
"""Every write of each case, in order, as the driver logs them."""

EVERY = os.environ.get("DUMMY_TUI_CRASH_SWEEP") == "all"
IN_THE_SUITE = {"held": {2, 4}, "start": {2}}
"""The cases the suite runs besides every write of ``waiting``."""


def cases() -> list[object]:
    out: list[object] = []
    for case, writes in WRITES.items():
        for n in range(1, len(writes) + 1):
            wanted = EVERY or case == "waiting" or n in IN_THE_SUITE.get(case, ())
            marks = () if wanted else (pytest.mark.skip(reason="DUMMY_TUI_CRASH_SWEEP=all"),)
            out.append(pytest.param(case, n, id=f"{case}-{n}", marks=marks))
    return out


@dataclass(frozen=True)
class Case:
    base: Path
    """The data folder the case starts from."""
    whole: Run
    """The case run to its end with no kill."""


@functools.cache
def prepared(case: str) -> Case:
    """The case's starting folder and its run with no kill (once a process)."""
    root = Path(tempfile.mkdtemp(prefix=f"crash-{case}-"))
    base = root / "base"
    prepare(base, recorded=case in ("recorded", "held"))
    if case == "start":
        stopped = root / "stopped"
        saved_at = len(WRITES["waiting"]) - len(THE_END) + 1
        killed = run_driver(copy_home(base, stopped), "end", kill_at=saved_at + 1)
        assert killed.code == -9 and killed.points[-1].endswith("commit history"), killed
        base = stopped
    home = copy_home(base, root / "whole")
    held = HistoryHeld(home) if case == "held" else None
    try:
        whole = run_driver(home, "start" if case == "start" else "end", busy=held is not None)
    finally:
        if held is not None:
            held.release()
    assert whole.code == 0, whole.err
    return Case(base, whole)


def check_after_restart(home: Path, final_move_saved: bool, said: list[str]) -> None:
    """The history holds every round the data folder says is finished, each
    once, with the moves played; the match is finished, or saved before its
    last move and resumes there."""
    end = ending()
    rounds = history_rounds(home)
    played = len(end.rounds) if final_move_saved else len(end.rounds) - 1
    assert [n for n, _ in rounds] == list(range(played)), rounds  # each once, in order
    for number, moves in rounds:
        assert moves == list(end.rounds[number])
    assert not any("could not be read" in line for line in said), said
    if final_move_saved:
        assert match_ended(home)
        assert leftovers(home) == []  # no save, no pending match, no lock, no temporary file
        return
    assert not match_ended(home)
    assert leftovers(home) == [f"saves/{UID}.json"]  # nothing else: no temporary file
    session = Session.from_save(read_save(save_file(data(home), UID)))
    assert session.round.moves() == before_last_move().round.moves()
    assert session.history_rounds == played


@pytest.mark.parametrize(("case", "n"), cases())
def test_killed_at_a_write_of_a_match_end_and_started_again(
    tmp_path: Path, case: str, n: int
) -> None:
    prepared_case = prepared(case)
    writes = WRITES[case]
    assert [p.split(" ", 1)[1] for p in prepared_case.whole.points] == writes
    if case == "held":  # the player is told where the match waits
        kept = "is in use by another program: this match is kept in"
        assert any(kept in s for s in prepared_case.whole.said), prepared_case.whole.said
    home = copy_home(prepared_case.base, tmp_path / "home")
    mode = "start" if case == "start" else "end"
    held = HistoryHeld(home) if case == "held" else None
    try:
        killed = run_driver(home, mode, kill_at=n, busy=held is not None)
    finally:
        if held is not None:
            held.release()  # the other program is done before the game starts again
    assert killed.code == -9, killed.err
    assert [p.split(" ", 1)[1] for p in killed.points] == writes[:n]  # killed at write n
    start = run_driver(home, "start")
    assert start.code == 0, start.err
    # the last move is saved once the write that saves it was made
    saves = [i for i, w in enumerate(writes, 1) if w == f"replace {SAVE}"]
    last_move_write = saves[-1] if case != "start" else 0  # "start": saved before it
    saved = n > last_move_write
    check_after_restart(home, saved, start.said)
    unsaved = case == "start" and n <= writes.index(f"unlink {SAVE}") + 1
    if unsaved or (case in ("waiting", "recorded") and n == last_move_write + 1):
        # the save of a match over found by the start: finished, and said
        assert any("stopped at its very end is now finished" in s for s in start.said), start
    if case == "held" and n > writes.index(f"replace {PENDING}") + 1:
        told = "A match the game history could not take when it ended is now written to it"
        assert any(told in s for s in start.said), start.said
