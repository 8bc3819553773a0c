"""Our gin AI against OpenSpiel's SimpleGinRummyBot, inside OpenSpiel's engine.

Run in an environment holding ``open-spiel`` beside this package::

    python benchmarks/vs_openspiel.py [--hands 1000] [--levels normal,hard] [--jobs 2]

Our player takes OpenSpiel's seats 0 and 1 in turn, so the dealer alternates.
A hand is decided when its return is not zero (a dead hand at the wall, or a
knock met with equal deadwood, decides nothing).  Targets: ``normal`` wins at
least 55% of the decided hands, ``hard`` at least 65%.

Under each level it prints where the hands went: who knocked first (the bot
knocks at its first chance and never lays off), and the win rate by how many
of our discards the bot took (it takes one only to complete a meld).
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "peers"))

from openspiel_player import Tally, play_hands  # noqa: E402

TARGETS = {"normal": 0.55, "hard": 0.65}


def _chunk(args: tuple[str, int, int, int]) -> Tally:
    import pyspiel

    level, hands, seed, start = args
    return play_hands(pyspiel, level, hands, seed, start)


def measure(level: str, hands: int, seed: int, jobs: int) -> Tally:
    jobs = max(1, jobs)
    size = (hands + jobs - 1) // jobs
    parts = [(level, min(size, hands - s), seed, s) for s in range(0, hands, size)]
    if jobs == 1:
        tallies = [_chunk(p) for p in parts]
    else:
        with get_context("fork").Pool(jobs) as pool:
            tallies = pool.map(_chunk, parts)
    total = Tally()
    for t in tallies:
        total.merge(t)
    return total


def _share(part: int, whole: int) -> str:
    return f"{part / whole:.1%}" if whole else "-"


def breakdown(t: Tally) -> list[str]:
    """Where the hands were won and lost: who knocked, and feeding the bot."""
    won_knocking = _share(t.won_knocking, t.knocked_first)
    lines = [
        f"knocked first in {t.knocked_first} hands (won {won_knocking}); "
        f"the bot knocked first in {t.bot_knocked} (undercut {t.undercuts}); "
        f"dead hands {t.hands - t.knocked_first - t.bot_knocked}",
    ]
    fed = []
    for label, (hands, decided, won) in zip(("none", "one", "two or more"), t.by_fed, strict=True):
        fed.append(f"{label} {hands} (won {_share(won, decided)})")
    lines.append("hands by how many of our discards the bot took: " + ", ".join(fed))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--levels", default="normal,hard")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    print(f"our gin AI vs OpenSpiel SimpleGinRummyBot, {args.hands} hands, dealer alternating")
    for level in args.levels.split(","):
        start = time.perf_counter()
        t = measure(level, args.hands, args.seed, args.jobs)
        secs = time.perf_counter() - start
        target = TARGETS.get(level)
        verdict = "" if target is None else f" (target >= {target:.0%}: "
        verdict += "" if target is None else ("met)" if t.rate >= target else "NOT met)")
        print(
            f"  {level:<7} decided {t.decided:4d} of {t.hands}, won {t.won:4d}: "
            f"{t.rate:.1%}{verdict}; mean points {t.points / max(1, t.hands):+.2f}; {secs:.0f} s"
        )
        for line in breakdown(t):
            print(f"          {line}")


if __name__ == "__main__":
    main()
