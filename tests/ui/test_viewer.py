"""The replay viewer: a finished round stepped through move by move."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot
from ui_helpers import app_for, played_by_ai, setup

from dummy_tui.cli import main
from dummy_tui.engine.round import Round
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.screens.viewer import ViewerScreen
from dummy_tui.ui.widgets.row import DiscardRow
from dummy_tui.ui.widgets.table import MeldLine


async def viewer_from_round_end(pilot: Pilot[int], app: DummyApp) -> ViewerScreen:
    """The round end (the table ends its played-out round when shown), then r."""
    for _ in range(50):
        await pilot.pause()
        if isinstance(app.screen, RoundEndScreen):
            break
    assert isinstance(app.screen, RoundEndScreen)
    await pilot.press("r")
    await pilot.pause()
    viewer = app.screen
    assert isinstance(viewer, ViewerScreen)
    return viewer


def played_app(lang: str = "en") -> tuple[DummyApp, Round[Any]]:
    """The app on a round the AI played to its end (seed 11), and that round."""
    session = played_by_ai(setup(humans=1, seed=11))
    return app_for(session=session, lang=lang), session.round


def after(game: Round[Any], k: int) -> Round[Any]:
    """The engine's own position after the round's first k moves."""
    position = game.fresh()
    for _, action in game.history[:k]:
        position.apply(action)
    return position


def plain(renderable: object, width: int = 200) -> str:
    console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def assert_shows(viewer: ViewerScreen, expected: Round[Any]) -> None:
    """The viewer's position and what its widgets show are ``expected``'s."""
    shown = viewer.position
    assert shown.hands == expected.hands
    assert shown.discards == expected.discards
    assert [(m.cards, m.layers, m.owner) for m in shown.melds] == [
        (m.cards, m.layers, m.owner) for m in expected.melds
    ]
    assert viewer.query_one(DiscardRow).cards == expected.discards
    look = viewer.dapp.look
    hands = plain(viewer.query_one("#viewer-hands").render())
    for seat in range(expected.players):
        cards = viewer.presenter.hand_cards(expected, seat, look).plain
        if cards:
            assert cards in hands
    laid = [line for line in viewer.query(MeldLine) if line.index is not None]
    assert len(laid) == len(expected.melds)
    for line in laid:
        meld = expected.melds[line.index or 0]
        text = plain(line.render())
        for card in meld.cards:
            assert look.label(card) in text


async def test_the_round_end_opens_the_viewer_and_it_steps_as_the_engine_played() -> None:
    app, game = played_app()
    async with app.run_test(size=(120, 40)) as pilot:
        viewer = await viewer_from_round_end(pilot, app)
        total = len(game.history)
        assert viewer.last == total and viewer.at == 0
        assert_shows(viewer, game.fresh())
        # a step at a time, then a page of the move list at a time, then the end
        for k in (1, 2):
            await pilot.press("right")
            assert viewer.at == k
            assert_shows(viewer, after(game, k))
        await pilot.press("pagedown")
        paged = viewer.at
        assert 2 < paged < total
        assert_shows(viewer, after(game, paged))
        await pilot.press("pagedown")
        assert paged < viewer.at <= total
        assert_shows(viewer, after(game, viewer.at))
        await pilot.press("end")
        assert viewer.at == total
        assert_shows(viewer, after(game, total))
        assert viewer.query_one("#viewer-score").display
        score = plain(viewer.end_text())
        assert "Round score" in score
        for b in game.scores():
            assert str(b.total) in score
        await pilot.press("right")  # past the end: nothing more
        assert viewer.at == total
        await pilot.press("left", "left")
        assert viewer.at == total - 2
        assert_shows(viewer, after(game, total - 2))
        assert not viewer.query_one("#viewer-score").display
        await pilot.press("home")
        assert viewer.at == 0
        assert_shows(viewer, game.fresh())
        await pilot.press("end")
        assert viewer.at == total
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)


async def test_the_move_list_jumps_and_names_each_move_as_the_log_does() -> None:
    app, game = played_app()
    async with app.run_test(size=(80, 24)) as pilot:
        viewer = await viewer_from_round_end(pilot, app)
        await pilot.press("down", "down", "down")
        assert viewer.at == 3
        assert_shows(viewer, after(game, 3))
        move = plain(viewer.query_one("#viewer-move").render())
        # the third move as the game log words it
        assert move.strip() == viewer.move_text(3).plain
        assert "Ann" in move or "Bee" in move or "Chai" in move or "Dao" in move
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)


async def test_the_viewer_speaks_thai() -> None:
    app, _ = played_app("th")
    async with app.run_test(size=(80, 24)) as pilot:
        viewer = await viewer_from_round_end(pilot, app)
        top = plain(viewer.query_one("#viewer-top").render())
        assert "ดูย้อนรอบที่ 1" in top
        await pilot.press("end")
        assert "คะแนนรอบนี้" in plain(viewer.end_text())
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert "Replay of round 1" in plain(viewer.query_one("#viewer-top").render())


# ----------------------------------------------------------------------
# replay FILE --view


def record_file(tmp_path: Path) -> tuple[Path, Round[Any]]:
    """A record of a round played to its end, as the round end exports it."""
    session = played_by_ai(setup(humans=1, seed=11))
    path = tmp_path / "round.json"
    path.write_text(session.record_text(), encoding="utf-8")
    return path, session.round


def test_replay_view_opens_the_viewer_on_the_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, game = record_file(tmp_path)
    seen: dict[str, Any] = {}

    def headless(app: DummyApp, *args: object, **kw: object) -> None:
        # the app the command made, run without a terminal
        async def look() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                viewer = app.screen
                assert isinstance(viewer, ViewerScreen)
                seen["top"] = plain(viewer.query_one("#viewer-top").render())
                await pilot.press("right", "right", "right")
                assert_shows(viewer, after(game, 3))
                await pilot.press("end")
                seen["end"] = plain(viewer.end_text())
                await pilot.press("escape")
                await pilot.pause()

        asyncio.run(look())

    monkeypatch.setattr(DummyApp, "run", headless)
    assert main(["replay", str(path), "--view"]) == 0
    assert "round.json" in seen["top"] and f"of {len(game.history)}" in seen["top"]
    assert "Round score" in seen["end"]
    # --lang before the command, or after it: the viewer in Thai
    for words in (
        ["--lang", "th", "replay", str(path), "--view"],
        ["replay", str(path), "--view", "--lang", "th"],
    ):
        assert main(words) == 0
        assert f"ตาที่ 0 จาก {len(game.history)}" in seen["top"], seen["top"]
        assert "คะแนนรอบนี้" in seen["end"]


BAD = {
    "missing": None,
    "not json": "{",
    "a bad card": None,
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_record_that_cannot_be_read_is_told_as_replay_tells_it(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    if case == "not json":
        path.write_text("{", encoding="utf-8")
    elif case == "a bad card":
        good, _ = record_file(tmp_path)
        data = json.loads(good.read_text(encoding="utf-8"))
        data["deal"]["upcard"] = "ZZ"
        path.write_text(json.dumps(data), encoding="utf-8")
    plain_code = main(["replay", str(path)])
    told = capsys.readouterr()
    view_code = main(["replay", str(path), "--view"])
    viewed = capsys.readouterr()
    assert plain_code == view_code == 2
    assert viewed.err == told.err and told.err.count("\n") == 1
    assert viewed.out == ""


def test_replay_loads_textual_only_for_the_viewer(tmp_path: Path) -> None:
    path, _ = record_file(tmp_path)
    script = (
        "import sys; from dummy_tui.cli import main; code = main(sys.argv[1:]); "
        "print(code, any(m.split('.')[0] == 'textual' for m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, "replay", str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.stdout.splitlines()[-1] == "0 False"


def test_json_and_view_are_not_given_together(tmp_path: Path) -> None:
    path, _ = record_file(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(["replay", str(path), "--json", "--view"])
    assert stop.value.code == 2


async def test_the_thai_viewer_counts_moves_and_starts_a_line_lower() -> None:
    # a move is การเดิน, a turn ตา: the viewer steps through moves
    app, _ = played_app("th")
    async with app.run_test(size=(80, 24)) as pilot:
        viewer = await viewer_from_round_end(pilot, app)
        top = viewer.query_one("#viewer-top")
        assert "ตาที่ 0 จาก" in plain(top.render()), plain(top.render())
        assert top.region.y == 1  # the marks above ดูย้อน cannot show on the first line
