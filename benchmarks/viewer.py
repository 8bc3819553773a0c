"""How fast the replay viewer steps: milliseconds a move, engine and screen.

    python benchmarks/viewer.py [--rounds N] [--size 80x24]

Plays N seeded rounds (default 2) of each family with the normal AI, opens
the viewer on each in a headless app and steps through every move with →,
then back with ←.  Printed per family:

- positions: building every position from the deal (the viewer does it once,
  when it opens), per move;
- draw: the viewer's update of its widgets for one position (``show``);
- step: one move to a drawn frame: the processor time of the step and the
  frame it asks for (a step and a pause, less a pause with nothing to draw;
  processor time, since a pause also waits for the screen's refresh timer).

The figures are printed, never judged: this is not part of the test run.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dummy_tui.ai import make_player
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.review import RoundReplay, review_session
from dummy_tui.ui.screens.viewer import ViewerScreen
from dummy_tui.ui.session import Session
from dummy_tui.ui.settings import GameSetup, SeatSetup, Settings

TABLES = (("dummy", 4), ("dummy", 2), ("rummy", 4), ("gin", 2), ("persian", 4))
NAMES = ["Ann", "Bee", "Chai", "Dao"]


def played(ruleset: str, players: int, seed: int) -> Session:
    seats = [SeatSetup(name=NAMES[i], level="normal") for i in range(players)]
    session = Session.new(GameSetup(seats=seats, seed=seed, ruleset=ruleset))
    ai = [make_player(session.family, "normal", seed + i) for i in range(players)]
    game = session.round
    while not game.is_over:
        legal = game.legal_actions()
        session.apply(
            legal[0] if len(legal) == 1 else ai[game.seat].choose(game.view(game.seat), legal)
        )
    return session


async def step_times(session: Session, size: tuple[int, int]) -> tuple[list[float], list[float]]:
    """Per move: the widgets' update, and a step to its frame (less an idle pause)."""
    game = session.round
    gc.freeze()  # as the app's entry does (run_viewer, run_app) before it starts
    app = DummyApp(settings=Settings(ai_delay=0.0), persist=False, history=False)
    draws: list[float] = []
    steps: list[float] = []
    async with app.run_test(size=size) as pilot:
        viewer = ViewerScreen(review_session(session, game), game, round_number=1)
        await app.push_screen(viewer)
        await pilot.pause()
        for direction in (1, -1):
            for _ in range(len(viewer.replay)):
                start = time.process_time()
                await pilot.pause()
                idle = time.process_time() - start
                start = time.process_time()
                viewer.action_step(direction)
                drawn = time.process_time()
                await pilot.pause()
                end = time.process_time()
                draws.append(drawn - start)
                steps.append(max(0.0, end - start - idle))
    return draws, steps


def ms(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[int(len(values) * 0.95)]
    return f"mean {statistics.fmean(values) * 1000:6.2f} ms, p95 {p95 * 1000:6.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--size", default="120x40")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    print(f"replay viewer at {width}×{height}, {args.rounds} rounds a table")
    for ruleset, players in TABLES:
        builds: list[float] = []
        draws: list[float] = []
        steps: list[float] = []
        moves = 0
        for seed in range(args.rounds):
            session = played(ruleset, players, seed)
            game = session.round
            start = time.perf_counter()
            replay = RoundReplay(game)
            builds.append((time.perf_counter() - start) / max(1, len(replay)))
            moves += len(replay)
            d, s = asyncio.run(step_times(session, (width, height)))
            draws += d
            steps += s
        print(f"{ruleset:8} {players} seats, {moves:4} moves")
        print(f"  positions {ms(builds)} a move")
        print(f"  draw      {ms(draws)}")
        print(f"  step      {ms(steps)}")


if __name__ == "__main__":
    main()
