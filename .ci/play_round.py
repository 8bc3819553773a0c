"""Play the installed game headless, as a person would, through ``dummy-tui`` itself.

CI runs this in a venv holding the lowest versions pyproject.toml allows of
every dependency (.ci/floors.py): the command line is parsed, the config file
read and the app built exactly as ``dummy-tui`` does, only the terminal is
Textual's headless one.  It plays a round of Dummy in Thai with the keyboard
(draw, discard) to the round's end and quits; then opens the new-game screen
in English, the history list, the statistics (their charts), the help and the
language switch, and leaves.  It fails (exit 1)
with the screen it stopped on when a step does not come, and checks that the
round reached the game history.

    python .ci/play_round.py        (the dummy_tui that python imports)
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

Drive = Callable[[Any, Any], Awaitable[None]]

SIZE = (100, 30)


async def _until(pilot: Any, holds: Callable[[], bool], what: str, limit: int = 2000) -> None:
    for _ in range(limit):
        if holds():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"{what} did not come (screen: {pilot.app.screen!r})")


async def play_a_round(app: Any, pilot: Any) -> None:
    """Draw (d, or o when the stock is out) and discard (x) at every turn of the
    person, to the round's end; then quit.  The coach is on in a first game: a
    discard it asks about is made anyway (Enter, the question's first answer)."""
    from dummy_tui.engine.round import TAKE
    from dummy_tui.ui.screens.modals import ChoiceScreen
    from dummy_tui.ui.screens.round_end import RoundEndScreen
    from dummy_tui.ui.screens.table import TableScreen

    def waiting() -> bool:
        screen = app.screen
        if isinstance(screen, RoundEndScreen | ChoiceScreen):
            return True
        return isinstance(screen, TableScreen) and (screen.my_turn or screen.session.round.is_over)

    moves = asked = 0
    while True:
        await _until(pilot, waiting, "the person's turn or the round's end")
        screen = app.screen
        if isinstance(screen, RoundEndScreen):
            break
        if isinstance(screen, ChoiceScreen):
            await pilot.press("enter")
            asked += 1
            await pilot.pause()
            continue
        if screen.session.round.is_over:
            await pilot.pause(0.01)
            continue
        game = screen.session.round
        await pilot.press(("d" if game.stock else "o") if game.phase == TAKE else "x")
        moves += 1
        if moves > 400:
            raise AssertionError("the round did not end in 400 moves")
    print(
        f"   a round of Dummy in Thai: {moves} keys of the person's, to the round's end"
        f" ({asked} discards the coach asked about, made anyway)"
    )
    await pilot.press("q")


async def look_around(app: Any, pilot: Any) -> None:
    """The new-game screen: history, statistics, help, language; then leave."""
    from dummy_tui.ui.screens.new_game import NewGameScreen

    def on(name: str) -> Callable[[], bool]:
        return lambda: type(app.screen).__name__ == name

    await _until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new-game screen")
    await pilot.pause()
    for key, screen in (("h", "HistoryListScreen"), ("s", "StatsScreen")):
        await pilot.press(key)
        await _until(pilot, on(screen), screen)
        await _until(pilot, lambda: not app.workers._workers, f"{screen}'s figures")
        await pilot.pause()
        await pilot.press("escape")
        await _until(pilot, on("NewGameScreen"), "the new-game screen again")
    await pilot.press("f1")
    await _until(pilot, lambda: not isinstance(app.screen, NewGameScreen), "the help")
    await pilot.press("escape")
    await _until(pilot, on("NewGameScreen"), "the new-game screen after the help")
    await pilot.press("ctrl+l")
    await pilot.pause()
    print("   the new-game screen, its history, statistics, help and language switch")
    await pilot.press("escape")


def run(argv: list[str], drive: Drive) -> int:
    """``dummy-tui ARGV``, its app driven headless by ``drive``."""
    from dummy_tui import cli
    from dummy_tui.ui.app import DummyApp

    failed: list[BaseException] = []

    def run_headless(app: Any, *args: object, **kwargs: object) -> None:
        async def go() -> None:
            async with app.run_test(size=SIZE) as pilot:
                try:
                    await drive(app, pilot)
                    await _until(pilot, lambda: not app.is_running, "the app's end", 500)
                except BaseException as exc:
                    failed.append(exc)
                    app.exit()

        asyncio.run(go())

    DummyApp.run = run_headless  # type: ignore[method-assign]
    code = cli.main(argv)
    if failed:
        raise failed[0]
    return code


def main() -> int:
    import platformdirs
    import pydantic
    import textual

    from dummy_tui import __file__ as where

    versions = {
        "textual": textual.__version__,
        "rich": _version("rich"),
        "pydantic": pydantic.VERSION,
        "platformdirs": platformdirs.__version__,
        "textual-plotext": _version("textual-plotext"),
    }
    print("   " + ", ".join(f"{k} {v}" for k, v in versions.items()))
    print(f"   dummy_tui from {Path(where).parent}")
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as home:
        os.environ["DUMMY_TUI_HOME"] = home
        config = Path(home, "config", "config.toml")
        config.parent.mkdir(parents=True)
        config.write_text("ai_speed = 0\n", encoding="utf-8")
        seats = ["--players", "2", "--humans", "1", "--ai", "random", "--seed", "7"]
        code = run(["--lang", "th", *seats], play_a_round)
        if code != 0:
            print(f"the game ended with exit code {code}", file=sys.stderr)
            return 1
        from dummy_tui.history import History

        with History() as history:
            rounds = history.summary().get("rounds")
        if rounds != 1:
            print(f"the history holds {rounds} rounds, not the one played", file=sys.stderr)
            return 1
        code = run(["--lang", "en"], look_around)
        if code != 0:
            print(f"the game ended with exit code {code}", file=sys.stderr)
            return 1
    print(f"   played headless in {time.monotonic() - start:.1f} s")
    return 0


def _version(name: str) -> str:
    from importlib.metadata import version

    return version(name)


if __name__ == "__main__":
    sys.exit(main())
