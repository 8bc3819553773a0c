"""Our gin AI against OpenSpiel's SimpleGinRummyBot, inside OpenSpiel's engine.

Run in an environment holding ``open-spiel`` beside this package::

    python benchmarks/vs_openspiel.py [--hands 1000] [--levels normal,hard] [--jobs 2]
        [--seed 0 | --seed 1,2,3,4,5,6]

Our player takes OpenSpiel's seats 0 and 1 in turn, so the dealer alternates.
With several seeds, ``--hands`` hands are played for each (other deals) and the
rate is also given over all of them, with its 95% margin: one seed's 1,000
hands decide a rate only to about three points either way.
A hand is decided when its return is not zero (a dead hand at the wall, or a
knock met with equal deadwood, decides nothing).  Targets: ``normal`` wins at
least 55% of the decided hands, ``hard`` at least 62% and 4 points above
``normal`` on the same deals (printed when both levels are run).

Under each level it prints where the hands went: who knocked first (the bot
knocks at its first chance and never lays off), the win rate by how many
of our discards the bot took (it takes one only to complete a meld), and how
long our player's choices took (p50, p99, max; with ``--jobs 1`` on a quiet
machine for figures that mean something).
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# the installed dummy_tui (a compiled build, when run with its Python) is timed;
# this checkout's sources only when none is installed
sys.path.append(str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "peers"))

from openspiel_player import Tally, play_hands  # noqa: E402

TARGETS = {"normal": 0.55, "hard": 0.62}
HARD_OVER_NORMAL = 0.04


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
    if t.times:
        ms = sorted(x * 1000 for x in t.times)
        p50, p99 = ms[len(ms) // 2], ms[min(len(ms) - 1, len(ms) * 99 // 100)]
        lines.append(
            f"decision time over {len(ms)} choices: p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
            f"max {ms[-1]:.1f} ms"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--levels", default="normal,hard")
    parser.add_argument(
        "--seed", default="0", help="a seed, or seeds separated by commas (default 0)"
    )
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    try:
        seeds = [int(s) for s in args.seed.split(",")]
    except ValueError:
        parser.error(f"--seed: {args.seed!r} is not a seed or a list of seeds such as 1,2,3")
    from _common import build

    print(
        f"our gin AI vs OpenSpiel SimpleGinRummyBot, {args.hands} hands a seed, "
        f"seeds {','.join(map(str, seeds))}, dealer alternating; dummy_tui: {build()}"
    )
    totals: dict[str, Tally] = {}
    for level in args.levels.split(","):
        total = totals[level] = Tally()
        for seed in seeds:
            start = time.perf_counter()
            t = measure(level, args.hands, seed, args.jobs)
            secs = time.perf_counter() - start
            total.merge(t)
            print(
                f"  {level:<7} seed {seed}: decided {t.decided:4d} of {t.hands}, won {t.won:4d}: "
                f"{t.rate:.1%}{verdict(level, t)}; "
                f"mean points {t.points / max(1, t.hands):+.2f}; {secs:.0f} s"
            )
        if len(seeds) > 1:
            print(
                f"  {level:<7} all seeds: decided {total.decided} of {total.hands}, "
                f"won {total.won}: {total.rate:.1%} ± {margin(total):.1%}{verdict(level, total)}"
            )
        for line in breakdown(total):
            print(f"          {line}")
    if "normal" in totals and "hard" in totals:
        hard, normal = totals["hard"], totals["normal"]
        gain = float(hard.rate) - float(normal.rate)
        both = (margin(hard) ** 2 + margin(normal) ** 2) ** 0.5
        met = "met" if gain >= HARD_OVER_NORMAL else "NOT met"
        print(
            f"  hard − normal: {gain * 100:+.1f} ± {both * 100:.1f} points of the decided hands "
            f"won (target >= +{HARD_OVER_NORMAL * 100:.0f}: {met})"
        )


def margin(t: Tally) -> float:
    """The 95% margin of a tally's win rate (normal approximation)."""
    if not t.decided:
        return 0.0
    rate = float(t.rate)
    return 1.96 * (rate * (1 - rate) / t.decided) ** 0.5


def verdict(level: str, t: Tally) -> str:
    target = TARGETS.get(level)
    if target is None:
        return ""
    return f" (target >= {target:.0%}: " + ("met)" if t.rate >= target else "NOT met)")


if __name__ == "__main__":
    main()
