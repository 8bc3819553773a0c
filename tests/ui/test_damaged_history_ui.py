"""A history file of this game's that is not in a shape the game knows, in the
game: the History and Statistics screens say what is wrong, in the player's
language, and a round played on it is not recorded, said once; the game goes on
and the file is left as it was (``tests/data/history/``: the damaged files)."""

from __future__ import annotations

import random
import re
import sqlite3
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.widget import Widget
from ui_helpers import app_for, new_game_screen, pressed, setup

from dummy_tui.history import History, default_path
from dummy_tui.ui.recording import Recorder
from dummy_tui.ui.screens.history_list import HistoryListScreen
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.screens.stats import StatsScreen
from dummy_tui.ui.session import Session

DATA = Path(__file__).resolve().parents[1] / "data" / "history"


def finished() -> Session:
    """A new session whose first round is played out at random."""
    session = Session.new(setup(humans=1, players=2, seed=11))
    rng = random.Random(0)
    while not session.round.is_over:
        session.apply(rng.choice(session.round.legal_actions()))
    return session


def damaged_history(script: str) -> Path:
    """The history file with a round the game recorded, then damaged by
    ``tests/data/history/SCRIPT.sql``."""
    session = finished()
    with History() as history:
        game = session.round
        Recorder(history).round_ended(session, game, session.finish_round())
    path = default_path()
    conn = sqlite3.connect(path)
    conn.executescript((DATA / f"{script}.sql").read_text(encoding="utf-8"))
    conn.close()
    return path


def text_of(widget: Widget) -> str:
    width, height = widget.outer_size
    lines = widget.render_lines(Region(0, 0, width, height))
    return re.sub(r"\s+", " ", " ".join(strip.text for strip in lines))


SAID = {
    "en": {
        "unversioned": "it holds tables but no version number",
        "rounds_without_id": "rounds.id is missing",
    },
    "th": {
        "unversioned": "มีตารางข้อมูลแต่ไม่มีเลขรุ่น",
        "rounds_without_id": "ไม่มี rounds.id",
    },
}


@pytest.mark.parametrize("lang", ["en", "th"])
@pytest.mark.parametrize("script", ["unversioned", "rounds_without_id"])
async def test_history_and_statistics_say_what_is_wrong(home: Path, lang: str, script: str) -> None:
    path = damaged_history(script)
    before = path.read_bytes()
    app = app_for(lang=lang)
    async with app.run_test(size=(120, 30)) as pilot:
        await new_game_screen(pilot, app)
        listed = await pressed(pilot, app, "h", HistoryListScreen)
        note = text_of(listed.query_one("#hlist-note"))
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        stats = app.screen
        assert isinstance(stats, StatsScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        summary = text_of(stats.query_one("#stats-summary"))
    for said in (note, summary):
        assert SAID[lang][script] in said, said
        if lang == "en":
            assert "is not a game history in a shape this dummy-tui knows" in said
        else:
            assert "อ่านประวัติเกมไม่ได้" in said and "รูปแบบที่ dummy-tui รุ่นนี้ไม่รู้จัก" in said
    assert path.read_bytes() == before


@pytest.mark.parametrize("lang", ["en", "th"])
async def test_a_round_played_on_it_is_not_recorded_and_that_is_said_once(
    home: Path, lang: str
) -> None:
    path = damaged_history("rounds_without_id")
    before = path.read_bytes()
    said: list[str] = []
    app = app_for(session=finished(), lang=lang, history=True)
    notify = app.notify

    def spy(message: str, *args: object, **kw: object) -> None:
        said.append(str(message))
        notify(message, *args, **kw)  # type: ignore[arg-type]

    app.notify = spy  # type: ignore[method-assign]
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)  # the game goes on
    [notice] = said
    assert str(path) in notice
    if lang == "en":
        assert notice.startswith(f"The game history ({path}) is not in a shape this dummy-tui")
        assert "(rounds.id is missing): this game is not recorded" in notice
    else:
        assert "ไม่มี rounds.id" in notice and "เกมนี้จะไม่ลงประวัติ" in notice
    assert path.read_bytes() == before
