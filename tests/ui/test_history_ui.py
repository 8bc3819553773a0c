"""The game keeps its history: every round played in the app, in a real SQLite file."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget
from ui_helpers import app_for, new_game_screen, play_keys, played_until, settings, settle, setup

from dummy_tui.cli import build_parser
from dummy_tui.engine.record import apply_moves, dumps_record, parse_record, record_of
from dummy_tui.engine.round import TAKE
from dummy_tui.history import History, default_path
from dummy_tui.i18n import t
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.recording import Recorder
from dummy_tui.ui.screens.new_game import NewGameScreen
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.screens.stats import FIGURES, StatsScreen, rate_text, running_totals
from dummy_tui.ui.screens.table import TableScreen
from dummy_tui.ui.session import Session
from dummy_tui.ui.settings import GameSetup


async def round_end(pilot: Pilot[int], app: DummyApp) -> RoundEndScreen:
    """Play the round to its end with keys."""
    await play_keys(pilot, app)
    screen = app.screen
    assert isinstance(screen, RoundEndScreen)
    return screen


def play_out(session: Session, seed: int = 0) -> None:
    """Random legal moves to the end of the session's round (quicker than keys)."""
    rng = random.Random(seed)
    while not session.round.is_over:
        session.apply(rng.choice(session.round.legal_actions()))


async def played_out(pilot: Pilot[int], app: DummyApp) -> RoundEndScreen:
    """The table's round played out at once; the table ends it as after a last move."""
    await pilot.pause()
    table = app.screen
    assert isinstance(table, TableScreen)
    play_out(table.session)
    table.turns.advance()
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, RoundEndScreen)
    return screen


def finished(game_setup: GameSetup) -> Session:
    """A new session whose first round is played out (the table ends it when shown)."""
    session = Session.new(game_setup)
    play_out(session)
    return session


def warnings(app: DummyApp) -> list[str]:
    """The warnings the app has shown (each kept, though a notice goes after a while)."""
    return [text for text, severity in getattr(app, "said", []) if severity == "warning"]


def listening(app: DummyApp) -> DummyApp:
    said: list[tuple[str, str]] = []
    notify = app.notify

    def spy(message: str, *args: object, severity: str = "information", **kw: object) -> None:
        said.append((str(message), severity))
        notify(message, *args, severity=severity, **kw)  # type: ignore[arg-type]

    app.notify = spy  # type: ignore[method-assign]
    app.said = said  # type: ignore[attr-defined]
    return app


async def test_a_round_played_with_keys_is_kept_and_replays(home: Path) -> None:
    assert not default_path().exists()
    # the fixed deal played to the last three cards of the stock, Ann to draw: her
    # last turns (d, x, then o once the stock is out) end the round with keys
    session = played_until(setup(humans=1, seed=11), lambda game: len(game.stock) <= 3)
    assert session.round.phase == TAKE and not session.round.is_over
    app = listening(app_for(session=session, history=True))
    async with app.run_test(size=(100, 30)) as pilot:
        # the start-up opens no history: nothing is written before a round ends
        await pilot.pause()
        assert not default_path().exists()
        end = await round_end(pilot, app)
        session = end.session
        played = end.game
        export = dumps_record(
            record_of(played, session.seat_names, session.setup.ruleset, session.base_rules)
        )
    assert warnings(app) == []
    with History() as history:
        [match] = history.matches()
        assert match.uid == session.history_uid
        assert [s.name for s in match.seats] == ["Ann", "Bee", "Chai", "Dao"]
        assert [s.level for s in match.seats] == [None, "random", "random", "random"]
        assert match.ended is None  # one round of a match to 1,000 points
        [kept] = history.match_rounds(match.uid)
        assert kept.number == 0
        assert list(kept.scores) == session.match.results[0].scores
        record = history.round_record(kept.id)
    assert record is not None
    assert dumps_record(record) == export
    loaded = parse_record(record, source="the history")
    _, error, pending = apply_moves(loaded.game, list(loaded.model.moves))
    game = loaded.game
    assert error is None and pending is None and game.is_over
    assert [line.total for line in game.scores()] == list(kept.scores)


async def test_a_match_played_to_its_end_is_finished_in_the_history(home: Path) -> None:
    game_setup = setup(humans=1, players=2, seed=11)
    game_setup.options["target_score"] = 1  # the first round ends the match
    app = app_for(session=finished(game_setup), history=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        end = app.screen
        assert isinstance(end, RoundEndScreen) and end.match_over
        totals = end.session.match.totals
        winners = end.session.match.winners
    with History() as history:
        [match] = history.matches()
    assert match.ended is not None
    assert [s.total for s in match.seats] == totals
    assert match.winners == winners


def test_no_history_is_a_flag_of_play() -> None:
    args = build_parser().parse_args(["play", "--no-history"])
    assert args.no_history is True
    assert build_parser().parse_args(["play"]).no_history is False


@pytest.mark.parametrize("off", ["no-history", "setting-off"])
async def test_with_the_history_off_no_database_is_made(home: Path, off: str) -> None:
    session = finished(setup(humans=1, seed=11))
    if off == "no-history":  # --no-history: run_app makes the app with history=False
        app = app_for(session=session, history=False)
    else:  # the history setting off
        unrecorded = settings()
        unrecorded.history = False
        app = DummyApp(settings=unrecorded, session=session, persist=False, history=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)
    assert not default_path().exists()


async def test_a_damaged_history_is_told_once_and_the_game_goes_on(home: Path) -> None:
    path = default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    garbage = b"this is not a database at all\x00\xff" * 200
    path.write_bytes(garbage)
    session = finished(setup(humans=1, players=2, seed=11))
    app = listening(app_for(session=session, history=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)
        said = warnings(app)
        assert len(said) == 1
        assert "damaged" in said[0] and str(path) in said[0]
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        await played_out(pilot, app)  # a second round: nothing more said
        assert len(warnings(app)) == 1
        assert len(session.match.results) == 2
    assert path.read_bytes() == garbage  # left as it was


async def test_the_notice_speaks_thai(home: Path) -> None:
    path = default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"garbage" * 500)
    session = finished(setup(humans=1, players=2, seed=11))
    app = listening(app_for(session=session, lang="th", history=True))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        [said] = warnings(app)
    assert "เสียหาย" in said


async def test_a_resumed_match_goes_on_in_the_same_history_match(home: Path) -> None:
    session = finished(setup(humans=1, players=2, seed=11))
    uid = session.history_uid
    app = app_for(session=session, persist=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)
        await pilot.press("enter")
        await settle(pilot, app)
        await pilot.press("ctrl+q")
    again = app_for(persist=True, resume=True)
    async with again.run_test(size=(100, 30)) as pilot:
        await settle(pilot, again)
        table = again.screen
        assert isinstance(table, TableScreen)
        assert table.session.history_uid == uid
        await played_out(pilot, again)
    with History() as history:
        [match] = history.matches()
        assert match.uid == uid
        assert [r.number for r in history.match_rounds(uid)] == [0, 1]


# ----------------------------------------------------------------------
# the Statistics screen


def record_matches(count: int, players: int = 2) -> list[Session]:
    """``count`` matches of one round each (the first round ends them), kept in the history."""
    sessions = []
    with History() as history:
        recorder = Recorder(history)
        for i in range(count):
            game_setup = setup(humans=1, players=players, seed=20 + i)
            game_setup.options["target_score"] = 1
            session = finished(game_setup)
            game = session.round
            result = session.finish_round()
            recorder.round_ended(session, game, result)
            sessions.append(session)
    return sessions


def widget_text(widget: Widget) -> list[str]:
    """A widget as it draws itself, line by line (all of it, scrolled into view or not)."""
    width, height = widget.outer_size
    return [strip.text.rstrip() for strip in widget.render_lines(Region(0, 0, width, height))]


async def stats_screen(pilot: Pilot[int], app: DummyApp) -> StatsScreen:
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, StatsScreen)
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert screen.read
    return screen


@pytest.mark.parametrize("lang", ["en", "th"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_the_statistics_screen_from_the_new_game_screen(
    home: Path, lang: str, size: tuple[int, int]
) -> None:
    sessions = record_matches(3, players=3)
    with History() as history:
        stats = history.stats()
    ann = stats.player("Ann")
    assert ann is not None and ann.matches == 3
    app = app_for(lang=lang)
    async with app.run_test(size=size) as pilot:
        await new_game_screen(pilot, app)
        await pilot.press("s")
        screen = await stats_screen(pilot, app)
        lines = widget_text(screen.query_one("#stats-tables"))
        summary = "\n".join(widget_text(screen.query_one("#stats-summary")))
        width = screen.query_one("#stats-tables").content_size.width
        assert width <= size[0]
        text = "\n".join(lines)
        assert "…" not in text  # every name and figure whole
        # people by name, the AI by level, every figure named in the language
        assert "Ann" in text
        assert t("stats.ai", level=t("level.random")) in text
        for key, _ in FIGURES:
            assert any(line.lstrip().startswith(t(f"stats.row_{key}")) for line in lines), key
        assert t("stats.of", n=3, won=ann.matches_won) in text
        assert rate_text(ann.matches_won, 3) in text
        assert str(len(sessions)) in summary
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


async def test_the_statistics_follow_a_language_switch(home: Path) -> None:
    record_matches(1)
    app = app_for(lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game_screen(pilot, app)
        await pilot.press("s")
        screen = await stats_screen(pilot, app)
        assert "Fools (โง่)" in "\n".join(widget_text(screen.query_one("#stats-tables")))
        await pilot.press("ctrl+l")
        await pilot.pause()
        text = "\n".join(widget_text(screen.query_one("#stats-tables")))
        assert "ชนะรอบ" in text and "Rounds won" not in text


async def stats_summary(lang: str = "en") -> list[str]:
    """The lines of the statistics screen's summary, opened (s) from the new-game screen."""
    app = app_for(lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game_screen(pilot, app)
        await pilot.press("s")
        screen = await stats_screen(pilot, app)
        return widget_text(screen.query_one("#stats-summary"))


async def test_an_empty_or_damaged_history_is_said_on_the_statistics_screen(home: Path) -> None:
    assert "no rounds yet" in "\n".join(await stats_summary())
    assert not default_path().exists()  # looking makes no file
    default_path().parent.mkdir(parents=True, exist_ok=True)
    default_path().write_bytes(b"garbage" * 500)
    said = " ".join(await stats_summary())
    assert "cannot be read" in said and "damaged" in said
    said = " ".join(await stats_summary("th"))
    assert "อ่านประวัติเกมไม่ได้" in said and "เสียหาย" in said
    # no English but the file's name (which the screen may break anywhere)
    compact = re.sub(r"\s", "", said).replace(str(default_path()), "")
    assert not re.search(r"[A-Za-z]", compact), said


async def test_the_round_end_of_a_match_opens_the_statistics(home: Path) -> None:
    game_setup = setup(humans=1, players=2, seed=11)
    game_setup.options["target_score"] = 1
    app = app_for(session=finished(game_setup), history=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen) and app.screen.match_over
        await pilot.press("s")
        screen = await stats_screen(pilot, app)
        text = "\n".join(widget_text(screen.query_one("#stats-tables")))
        assert "Ann" in text  # the match just played is counted
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)


async def test_a_round_end_in_the_middle_of_a_match_has_no_statistics_key(home: Path) -> None:
    app = app_for(session=finished(setup(humans=1, players=2, seed=11)), history=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen) and not app.screen.match_over
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, RoundEndScreen)


def braille(text: str) -> bool:
    return any("\u2800" <= c <= "\u28ff" for c in text)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("look", ["symbols", "ascii", "no_color"])
async def test_after_a_match_the_statistics_chart_its_totals(
    home: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], look: str
) -> None:
    if look == "no_color":
        monkeypatch.setenv("NO_COLOR", "1")
    game_setup = setup(humans=1, players=3, seed=11)
    game_setup.options["target_score"] = 1
    session = finished(game_setup)
    app = app_for(session=session, history=True, ascii=look == "ascii")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("s")
        screen = await stats_screen(pilot, app)
        text = "\n".join(widget_text(screen.query_one("#stats-totals")))
        assert t("stats.totals_title") in text
        for name in ("Ann", "Bee", "Chai"):
            assert name in text  # the legend
        if look == "symbols":
            assert braille(text)
        else:  # a marker of its own for each seat: read without colours
            assert not braille(text)
            assert all(
                f"{m}{m} {name}" in text
                for m, name in zip("*+o", ("Ann", "Bee", "Chai"), strict=True)
            )
        # the figures of the history follow the chart
        assert "Ann" in "\n".join(widget_text(screen.query_one("#stats-tables")))


def test_the_running_totals_start_at_nought() -> None:
    assert running_totals([[10, -5], [20, 0]]) == [[0, 10, 30], [0, -5, -5]]
    assert running_totals([]) == []
