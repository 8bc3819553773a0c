"""How fast the game screen is.

Prints two figures:

* launch to the first interactive frame: a fresh Python process starts the
  game (a quick game with a fixed seed, headless) and stops as soon as the
  table has been drawn and waits for a key; the same is timed for a minimal
  Textual app (one Static) in the same run.  Target: at most 1.5× of it.
* key press to updated screen: in a running game, the median time from a
  key press (moving along the hand, sorting) until the screen has been
  redrawn.  Target: at most 50 ms.

Run: ``.venv/bin/python benchmarks/ui.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def child(kind: str) -> None:
    """Run one app headless and exit at its first interactive frame."""
    if kind == "minimal":
        from textual.app import App, ComposeResult
        from textual.widgets import Static

        class Minimal(App[None]):
            def compose(self) -> ComposeResult:
                yield Static("Hello")

            def on_mount(self) -> None:
                self.call_after_refresh(self.exit)

        Minimal().run(headless=True)
        return
    from dummy_tui.ui.app import DummyApp
    from dummy_tui.ui.screens.table import TableScreen
    from dummy_tui.ui.settings import Settings, quick_setup

    app = DummyApp(
        settings=Settings(ai_delay=0.0),
        setup=quick_setup().model_copy(update={"seed": 1}),
        persist=False,
    )

    def ready() -> None:
        if isinstance(app.screen, TableScreen):
            app.exit()
        else:
            app.call_after_refresh(ready)

    app.call_later(lambda: app.call_after_refresh(ready))
    app.run(headless=True)


def launch_times(kind: str, runs: int) -> list[float]:
    times = []
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with tempfile.TemporaryDirectory() as home:
        env["DUMMY_TUI_HOME"] = home
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, __file__, "--child", kind], check=True, env=env, cwd=ROOT
            )
            times.append(time.perf_counter() - start)
    return times


async def key_latency(presses: int) -> tuple[float, float]:
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="launches of each app (default 5)")
    parser.add_argument("--presses", type=int, default=60, help="key presses timed (default 60)")
    parser.add_argument("--child", choices=("ours", "minimal"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    os.environ.setdefault("DUMMY_TUI_HOME", tempfile.mkdtemp(prefix="dummy-bench-"))
    sys.path.insert(0, str(ROOT))
    minimal = statistics.median(launch_times("minimal", args.runs))
    ours = statistics.median(launch_times("ours", args.runs))
    median, worst = asyncio.run(key_latency(args.presses))
    ratio = ours / minimal
    rows = [
        ("launch → first frame, minimal Textual app", f"{minimal * 1000:7.0f} ms", ""),
        ("launch → first frame, dummy-tui table", f"{ours * 1000:7.0f} ms", ""),
        ("  ratio (target ≤ 1.5×)", f"{ratio:7.2f} ×", "ok" if ratio <= 1.5 else "OVER"),
        ("key press → updated screen, median", f"{median * 1000:7.1f} ms",
         "ok" if median <= 0.050 else "OVER"),
        ("key press → updated screen, worst", f"{worst * 1000:7.1f} ms", ""),
    ]  # fmt: skip
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'value':>10}  target")
    print("-" * (width + 20))
    for name, value, verdict in rows:
        print(f"{name:<{width}}  {value:>10}  {verdict}")
    print(f"\n({args.runs} launches each, median; {args.presses} key presses at 120×40)")


if __name__ == "__main__":
    main()
