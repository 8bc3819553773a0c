"""How long a person waits for the game's first screen, and for each thing the
first time it is used; how much memory the first screen takes.

Every figure comes from fresh Python processes, each run of every kind in turn
(interleaved, the order rotating each round), so that a busy machine slows them
alike; each is printed as min / median / max over the runs.

First frame: from starting the process to the first frame where the screen is
drawn and waits for a key (the process stops there).

* ``bare``: a minimal Textual app (one Static), the yardstick;
* ``dummy-tui``: ``dummy-tui`` with no arguments, as after any earlier game
  (the settings hold the last set-up, the start facts are cached): the
  new-game screen;
* ``first start``: the same with nothing remembered and nothing cached (an
  empty data folder), as the very first start after an install.

For each: the CPU seconds of the process to that frame (user + system, every
thread; Python's own start included, as the player waits for it too), the wall
seconds, the peak memory (the largest resident size) and the modules loaded.
The ratios to the bare app are taken run by run (each run against the bare
app of the same round), then summed up as min / median / max.  Goals: CPU and
wall at most 1.3× the bare app, peak memory at most 1.25×.

First use: in a process started as ``dummy-tui``, once the loading it does in
the background after its first frame is over (a person's first key comes a
second or more after the screen), the CPU and wall time from a key to the
first frame that shows what it opened: ``g`` (a quick game: the table), F1 on
the new-game screen, F1 on the table (goal: at most 100 ms), ``h`` (the
history), ``s`` (the statistics).  ``background loading`` is the CPU time that
loading took, spent while the person looks at the first screen.

``--checkout PATH`` times another copy of the game's sources too (an older
commit: ``git archive COMMIT | tar -x -C PATH``), interleaved with this one in
the same run, with the same Python and the same Textual.  The checkouts' modules
are compiled to bytecode first, as an installed package's are.

The CPU time is the figure to compare on a shared machine: the wall time
counts the waits for a processor that other programs hold.

Run: ``.venv/bin/python benchmarks/startup.py [--runs N] [--checkout PATH]``.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

USES = {
    # name: (key pressed, the screen that shows its result, on the table first?)
    "g → table": ("g", "TableScreen", False),
    "F1 → help (new game)": ("f1", "HelpScreen", False),
    "F1 → help (table)": ("f1", "HelpScreen", True),
    "h → history": ("h", "HistoryListScreen", False),
    "s → statistics": ("s", "StatsScreen", False),
}


# ---------------------------------------------------------------------------
# the child processes: each prints one line of JSON


def _cpu() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _report(**figures: object) -> None:
    import json
    import resource

    figures.setdefault("cpu", _cpu())
    figures.setdefault("wall", time.time() - float(os.environ["BENCH_T0"]))
    figures.setdefault("rss_kib", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    figures.setdefault("modules", len(sys.modules))
    if os.environ.get("BENCH_MODULES"):  # the modules loaded at the frame, one a line
        with open(os.environ["BENCH_MODULES"], "w", encoding="utf-8") as f:
            f.write("\n".join(sorted(sys.modules)))
    print("BENCH " + json.dumps(figures), flush=True)


def _watch_frames(app: object) -> list[tuple[str, float, float]]:
    """The frames the app draws from now on: (its screen's class name, CPU, clock).

    Textual hands each frame to ``App._display`` (its private method: the one
    place where a frame is known to go to the terminal; headless, it is not
    written, for the bare app as for the game)."""
    frames: list[tuple[str, float, float]] = []
    display = app._display  # type: ignore[attr-defined]

    def timed_display(screen: object, renderable: object) -> None:
        display(screen, renderable)
        if renderable is not None and not app._batch_count:  # type: ignore[attr-defined]
            frames.append((type(screen).__name__, _cpu(), time.perf_counter()))

    app._display = timed_display  # type: ignore[attr-defined]
    return frames


def child_bare() -> None:
    import asyncio

    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Minimal(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("Hello")

        def on_mount(self) -> None:
            # waited for in a worker: a handler that waits holds up the frame
            self.run_worker(self.first_frame(_watch_frames(self)))

        async def first_frame(self, frames: list[tuple[str, float, float]]) -> None:
            while not frames:
                await asyncio.sleep(0.001)
            _report(cpu=frames[0][1], wall=_wall(frames[0][2]))
            self.exit()

    Minimal().run(headless=True)


def _wall(clock: float) -> float:
    """Seconds since the process was started, of a ``time.perf_counter()`` reading."""
    return time.time() - (time.perf_counter() - clock) - float(os.environ["BENCH_T0"])


def _when_loaded(name: str, then: Callable[[Any], None]) -> None:
    """Call ``then`` with the module ``name`` the moment it has been loaded
    (by whoever imports it first): an import hook, removed once used."""
    import importlib.machinery

    class Hook:
        def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
            if fullname != name:
                return None
            sys.meta_path.remove(self)
            spec = importlib.machinery.PathFinder.find_spec(fullname, path)
            loader = spec.loader if spec is not None else None
            if loader is not None:
                exec_module = loader.exec_module

                def exec_and_then(module: Any) -> None:
                    exec_module(module)
                    then(module)

                loader.exec_module = exec_and_then  # type: ignore[method-assign]
            return spec

    sys.meta_path.insert(0, Hook())


def child_game(use: str | None) -> None:
    """``dummy-tui`` as its entry point runs it, headless; stops at the first
    frame of the new-game screen, or after the ``use`` timed.

    Textual is loaded by the game, as from the entry point (what the game does
    while it loads counts): ``App.run`` is made headless and timed the moment
    ``textual.app`` is loaded."""

    async def first_frame(frames: list[tuple[str, float, float]], name: str) -> tuple[float, float]:
        """(CPU, clock) of the first frame from now on drawn with the screen ``name`` up."""
        import asyncio

        seen = len(frames)
        while True:
            for shown, cpu, clock in frames[seen:]:
                if shown == name:
                    return cpu, clock
            seen = len(frames)
            await asyncio.sleep(0.001)

    async def settled(app: Any) -> None:
        """The background loading after the first frame is over, and a moment more."""
        import asyncio

        since = time.perf_counter()
        while time.perf_counter() - since < 0.6 or any(
            w.group == "warm" and not w.is_finished for w in app.workers
        ):
            await asyncio.sleep(0.05)

    async def steps(app: Any, frames: list[tuple[str, float, float]]) -> None:
        cpu, clock = await first_frame(frames, "NewGameScreen")
        if use is None:
            _report(cpu=cpu, wall=_wall(clock))
            app.exit()
            return
        key, screen, on_table = USES[use]
        await settled(app)
        warm = _cpu() - cpu
        if on_table:
            app.simulate_key("g")
            await first_frame(frames, "TableScreen")
            await settled(app)
        cpu, clock = _cpu(), time.perf_counter()
        app.simulate_key(key)
        shown_cpu, shown_clock = await first_frame(frames, screen)
        _report(cpu=shown_cpu - cpu, wall=shown_clock - clock, warm=warm)
        app.exit()

    def headless(module: Any) -> None:
        run = module.App.run

        def headless_run(app: Any, *args: object, **kwargs: object) -> object:
            frames = _watch_frames(app)
            app.call_later(lambda: app.run_worker(steps(app, frames), group="bench"))
            kwargs["headless"] = True
            return run(app, *args, **kwargs)

        module.App.run = headless_run

    _when_loaded("textual.app", headless)
    from dummy_tui.cli import main

    code = main([])
    if code:
        raise SystemExit(code)


# ---------------------------------------------------------------------------
# the parent


TIMEOUT = 120
"""Seconds a child may take before the run stops and says which one hung."""


def _run(command: list[str], checkout: str | None, home: str) -> dict[str, float]:
    import json
    import subprocess

    env = dict(os.environ, DUMMY_TUI_HOME=home, BENCH_T0=repr(time.time()))
    if checkout is not None:
        env["PYTHONPATH"] = checkout
    try:
        done = subprocess.run(
            [sys.executable, __file__, *command],
            env=env,
            cwd=checkout or ROOT,
            capture_output=True,
            text=True,
            check=False,
            timeout=TIMEOUT,
        )
    except subprocess.TimeoutExpired as stuck:
        out = stuck.stdout or b""
        text = out.decode(errors="replace") if isinstance(out, bytes) else out
        stuck_line = f"{' '.join(command)}: no figure after {TIMEOUT} s"
        raise SystemExit(f"{stuck_line}\n{text[-2000:]}") from None
    lines = [line for line in done.stdout.splitlines() if line.startswith("BENCH ")]
    if done.returncode != 0 or not lines:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stdout[-2000:]}{done.stderr[-3000:]}")
    figures: dict[str, float] = json.loads(lines[0].removeprefix("BENCH "))
    return figures


def _spread(values: list[float], scale: float = 1.0, digits: int = 3) -> str:
    import statistics

    low, mid, high = min(values), statistics.median(values), max(values)
    return f"{low * scale:.{digits}f} / {mid * scale:.{digits}f} / {high * scale:.{digits}f}"


def main() -> None:
    import argparse
    import compileall
    import os.path
    import platform
    import tempfile

    from _common import first_game_home

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs of each kind (default 9)")
    parser.add_argument(
        "--use-runs", type=int, default=5, help="runs of each first use (default 5; 0: none)"
    )
    parser.add_argument(
        "--checkout", action="append", default=[], metavar="PATH",
        help="another copy of the sources to time too (may be repeated)",
    )  # fmt: skip
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--use", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child == "bare":
        child_bare()
        return
    if args.child == "game":
        child_game(args.use)
        return

    checkouts: list[tuple[str, str | None]] = [("this checkout", None)]
    checkouts += [
        (os.path.basename(os.path.normpath(p)), os.path.abspath(p)) for p in args.checkout
    ]
    for _, path in checkouts:
        compileall.compile_dir(os.path.join(path or ROOT, "dummy_tui"), quiet=1)
    temp = tempfile.mkdtemp(prefix="dummy-startup-")
    homes = {
        name: first_game_home(os.path.join(temp, f"home-{i}"))
        for i, (name, _) in enumerate(checkouts)
    }
    for name, path in checkouts:  # the untimed warm-up: caches written, files in the OS cache
        _run(["--child", "game"], path, homes[name])
        _run(["--child", "bare"], None, homes[name])

    kinds: list[tuple[str, list[str], str | None, str | None]] = [
        ("bare Textual app", ["--child", "bare"], None, None)
    ]
    for name, path in checkouts:
        kinds.append((f"dummy-tui ({name})", ["--child", "game"], path, name))
        kinds.append((f"first start ({name})", ["--child", "game"], path, None))
    results: dict[str, list[dict[str, float]]] = {k[0]: [] for k in kinds}
    fresh = 0
    for round_ in range(args.runs):
        shift = round_ % len(kinds)
        for label, command, path, home_of in kinds[shift:] + kinds[:shift]:
            if home_of is not None:
                home = homes[home_of]
            elif label.startswith("first start"):
                fresh += 1
                home = os.path.join(temp, f"fresh-{fresh}")  # nothing remembered or cached
            else:
                home = homes[checkouts[0][0]]
            results[label].append(_run(command, path, home))

    uses: dict[str, list[dict[str, float]]] = {}
    use_kinds = [(f"{use} ({name})", use, path, name) for use in USES for name, path in checkouts]
    for round_ in range(args.use_runs):
        shift = round_ % len(use_kinds)
        for label, use, path, name in use_kinds[shift:] + use_kinds[:shift]:
            command = ["--child", "game", "--use", use]
            uses.setdefault(label, []).append(_run(command, path, homes[name]))

    bare = results["bare Textual app"]
    print(
        f"Python {platform.python_version()}, {os.cpu_count()} CPUs, load average "
        + " ".join(f"{x:.2f}" for x in os.getloadavg())
        + f" at the end; {args.runs} runs of each kind, interleaved"
    )
    print("\nFirst frame (process start → the screen drawn, waiting for a key)")
    print("                                   min / median / max")
    for label, runs in results.items():
        print(f"  {label}")
        print(f"    CPU s              {_spread([r['cpu'] for r in runs])}")
        print(f"    wall s             {_spread([r['wall'] for r in runs])}")
        print(f"    peak memory MiB    {_spread([r['rss_kib'] for r in runs], 1 / 1024, 1)}")
        print(f"    modules loaded     {_spread([r['modules'] for r in runs], digits=0)}")
        if runs is bare:
            continue
        for figure, name, goal in (("cpu", "CPU", 1.3), ("wall", "wall", 1.3),
                                   ("rss_kib", "peak memory", 1.25)):  # fmt: skip
            ratios = [r[figure] / b[figure] for r, b in zip(runs, bare, strict=True)]
            print(f"    {name + ' ÷ bare':<18} {_spread(ratios, digits=2)}   (goal ≤ {goal}×)")
    if uses:
        print(
            f"\nFirst use ({args.use_runs} runs each, in a fresh `dummy-tui` once its "
            "background loading is over; key → the first frame that shows the result)"
        )
        print("                                   min / median / max")
        for label, runs in uses.items():
            print(f"  {label}")
            print(f"    CPU ms             {_spread([r['cpu'] for r in runs], 1000, 0)}")
            print(f"    wall ms            {_spread([r['wall'] for r in runs], 1000, 0)}")
        warm = [r["warm"] for runs in uses.values() for r in runs]
        print(f"  background loading after the first frame, CPU ms  {_spread(warm, 1000, 0)}")
    print(
        "\nCPU: user + system seconds of the process (all threads); wall counts waits for a"
        "\nprocessor too, so on a busy machine compare the CPU figures and the ratios."
    )


if __name__ == "__main__":
    main()
