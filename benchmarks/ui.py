"""How fast the game screen is.

Prints these figures:

* launch to the first interactive frame of ``dummy-tui`` with no arguments
  (the headline): a fresh Python process runs the command's own entry point
  (``dummy_tui.cli.main([])``: ``play`` → ``run_app``, headless) and stops at
  the first frame where the new-game screen is drawn and has the focus, that
  is, waits for a key; a remembered set-up is in the settings, as after any
  earlier game.  The same is timed for a minimal Textual app (one Static) in
  the same run.  Target: at most 1.5× of it.
* launch to the first interactive frame of ``dummy-tui play --seed 1`` (the
  flags skip the new-game screen): the same, stopping once the table is drawn
  and waits for the human's first move.
* key press to updated screen: in a running game, the median time from a
  key press (moving along the hand, sorting) until the screen has been
  redrawn.  Target: at most 50 ms.

The launches of the three kinds are interleaved, so that a busy machine
slows them alike; the ratios compare medians of the same run.  The game's
modules are compiled to bytecode first, as an installed package's are (pip
compiles them, as it did Textual's): with ``PYTHONDONTWRITEBYTECODE`` set,
every launch would otherwise compile our sources again, and only ours.

Run: ``.venv/bin/python benchmarks/ui.py [--runs N]``.
"""

from __future__ import annotations

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMMANDS = {"newgame": [], "table": ["play", "--seed", "1"]}
"""The ``dummy-tui`` command line each kind of launch runs."""


def child(kind: str) -> None:
    """Run one app headless and exit at its first interactive frame.

    Only what the app itself needs is imported here, so that the script adds
    nothing to the time of either kind.
    """
    from textual.app import App

    if kind == "minimal":
        from textual.app import ComposeResult
        from textual.widgets import Static

        class Minimal(App[None]):
            def compose(self) -> ComposeResult:
                yield Static("Hello")

            def on_mount(self) -> None:
                self.call_after_refresh(self.ready)

            def ready(self) -> None:
                print(time.time(), flush=True)
                self.exit()

        Minimal().run(headless=True)
        return

    wanted = "NewGameScreen" if kind == "newgame" else "TableScreen"
    run = App.run

    def headless_run(app: App[object], *args: object, **kwargs: object) -> object:
        # the app as ``dummy-tui`` starts it, but headless and stopping at its
        # first frame that waits for a key on the wanted screen
        def ready() -> None:
            screen = app.screen
            if type(screen).__name__ == wanted and screen.is_mounted and app.focused is not None:
                print(time.time(), flush=True)
                app.exit()
            else:
                app.call_after_refresh(ready)

        app.call_later(lambda: app.call_after_refresh(ready))
        kwargs["headless"] = True
        return run(app, *args, **kwargs)  # type: ignore[arg-type]

    App.run = headless_run  # type: ignore[method-assign,assignment]
    from dummy_tui.cli import main

    code = main(COMMANDS[kind])
    if code:
        raise SystemExit(code)


def launch_times(kinds: list[str], runs: int) -> dict[str, list[float]]:
    """Seconds from starting a fresh interpreter to its first interactive frame.

    The child prints the clock when that frame is drawn; what it does after
    (exiting, finishing a background import) is not counted.
    """
    import compileall
    import subprocess
    import tempfile

    from _common import first_game_home

    compileall.compile_dir(os.path.join(ROOT, "dummy_tui"), quiet=1)
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    env = dict(os.environ, PYTHONPATH=ROOT)
    with tempfile.TemporaryDirectory() as home:
        env["DUMMY_TUI_HOME"] = home
        first_game_home(home)  # the settings a player has after a first game
        for _ in range(runs):
            for kind in kinds:
                start = time.time()
                done = subprocess.run(
                    [sys.executable, __file__, "--child", kind],
                    check=True,
                    env=env,
                    cwd=ROOT,
                    capture_output=True,
                    text=True,
                )
                times[kind].append(float(done.stdout.split()[-1]) - start)
    return times


async def key_latency(presses: int) -> tuple[float, float]:
    import statistics

    from dummy_tui.ui.app import DummyApp
    from dummy_tui.ui.screens.table import TableScreen
    from dummy_tui.ui.settings import Settings, quick_setup

    app = DummyApp(
        settings=Settings(ai_delay=0.0),
        setup=quick_setup().model_copy(update={"seed": 1}),
        persist=False,
    )
    samples: list[float] = []
    frames: list[float] = []
    display = app._display

    def timed_display(screen, renderable):  # type: ignore[no-untyped-def]
        if renderable is not None:
            frames.append(time.perf_counter())
        display(screen, renderable)

    app._display = timed_display  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40), headless=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        keys = ["right", "right", "left", "space", "s"]
        for i in range(presses):
            key = keys[i % len(keys)]
            frames.clear()
            start = time.perf_counter()
            await pilot.press(key)
            await pilot.pause()
            # the first frame written after the key: the screen shows the change
            after = [f for f in frames if f > start]
            if after:
                samples.append(after[0] - start)
    return statistics.median(samples), max(samples)


async def help_times(opens: int) -> list[float]:
    """Seconds from F1 to the first frame that shows the help, at each opening
    (Escape closes it between them): the first, then the later ones."""
    from dummy_tui.ui.app import DummyApp
    from dummy_tui.ui.screens.modals import HelpScreen
    from dummy_tui.ui.screens.table import TableScreen
    from dummy_tui.ui.settings import Settings, quick_setup

    app = DummyApp(
        settings=Settings(ai_delay=0.0),
        setup=quick_setup().model_copy(update={"seed": 1}),
        persist=False,
    )
    frames: list[tuple[float, bool]] = []
    display = app._display

    def timed_display(screen, renderable):  # type: ignore[no-untyped-def]
        if renderable is not None:
            frames.append((time.perf_counter(), isinstance(screen, HelpScreen)))
        display(screen, renderable)

    app._display = timed_display  # type: ignore[method-assign]
    out: list[float] = []
    async with app.run_test(size=(120, 40), headless=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        for _ in range(opens):
            frames.clear()
            start = time.perf_counter()
            await pilot.press("f1")
            for _ in range(100):
                if any(help_frame for _, help_frame in frames):
                    break
                await pilot.pause()
            out.append(next(at for at, help_frame in frames if help_frame) - start)
            await pilot.press("escape")
            await pilot.pause()
    return out


def main() -> None:
    import argparse
    import asyncio
    import statistics
    import tempfile

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="launches of each app (default 9)")
    parser.add_argument("--presses", type=int, default=60, help="key presses timed (default 60)")
    parser.add_argument("--child", choices=("newgame", "table", "minimal"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    os.environ.setdefault("DUMMY_TUI_HOME", tempfile.mkdtemp(prefix="dummy-bench-"))
    sys.path.insert(0, ROOT)
    times = launch_times(["minimal", "newgame", "table"], args.runs)
    minimal, newgame, table = (statistics.median(times[k]) for k in ("minimal", "newgame", "table"))
    median, worst = asyncio.run(key_latency(args.presses))
    helps = asyncio.run(help_times(6))
    again = statistics.median(helps[1:])

    def ratio(value: float) -> tuple[str, str]:
        r = value / minimal
        return f"{r:7.2f} ×", "ok" if r <= 1.5 else "OVER"

    rows = [
        ("launch → first frame, minimal Textual app", f"{minimal * 1000:7.0f} ms", ""),
        ("launch → first frame, `dummy-tui` (new game)", f"{newgame * 1000:7.0f} ms", ""),
        ("  ratio (target ≤ 1.5×)", *ratio(newgame)),
        ("launch → first frame, `dummy-tui play --seed 1`", f"{table * 1000:7.0f} ms", ""),
        ("  ratio", ratio(table)[0], ""),
        ("key press → updated screen, median", f"{median * 1000:7.1f} ms",
         "ok" if median <= 0.050 else "OVER"),
        ("key press → updated screen, worst", f"{worst * 1000:7.1f} ms", ""),
        ("F1 → help on screen, first time", f"{helps[0] * 1000:7.0f} ms", ""),
        ("F1 → help on screen, later (median of 5)", f"{again * 1000:7.1f} ms",
         "ok" if again <= 0.100 else "OVER"),
    ]  # fmt: skip
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'value':>10}  target")
    print("-" * (width + 20))
    for name, value, verdict in rows:
        print(f"{name:<{width}}  {value:>10}  {verdict}")
    print(
        f"\n({args.runs} launches of each, interleaved, median; "
        f"{args.presses} key presses at 120×40)"
    )


if __name__ == "__main__":
    main()
