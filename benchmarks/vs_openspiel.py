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

Two measuring sticks, which are not levels of the game:

- the level ``hard+melds``: ``hard`` told, at each choice, which of its cards
  (and the upcard) the bot's hand would meld, instead of reading it from the
  bot's play; everything else as ``hard``.  How many hands perfect reading
  would win: the ceiling of hard's way of reading.
- the level ``hard+bayes``: ``hard`` with the best reading there can be of
  the bot's hand from its play alone: hands weighed by the bot's own rule at
  every turn it played (``benchmarks/gin_posterior.py``; about 150 ms a
  decision).  How many hands a better reading could win ``hard``.
- ``--reading``: how well ``hard`` reads.  Its choices are unchanged; each
  chance it gives a card of being meldable by the bot is scored against the
  bot's real hand: the AUC (the chance that a card the bot could meld was
  given a higher chance than one it could not; 0.5 is a guess, 1.0 perfect)
  and the mean chance given to each kind.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import get_context
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# the installed dummy_tui (a compiled build, when run with its Python) is timed;
# this checkout's sources only when none is installed
sys.path.append(str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "peers"))

from gin_posterior import meldable, opponent_story, read_bot  # noqa: E402
from openspiel_player import Tally, play_hands  # noqa: E402

from dummy_tui.ai.base import own_stream  # noqa: E402
from dummy_tui.ai.gin.players import GinEvaluator, GinKnowledge, GinPlayer  # noqa: E402
from dummy_tui.engine.cards import cards_of  # noqa: E402
from dummy_tui.engine.families.gin import GinView  # noqa: E402

TARGETS = {"normal": 0.55, "hard": 0.62}
HARD_OVER_NORMAL = 0.04
STICKS = ("hard+melds", "hard+bayes")  # measuring sticks among the levels (not levels of the game)


class Told(GinPlayer):
    """``hard`` shown the bot's hand (:func:`openspiel_player.play_hand` calls
    :meth:`see_opponent`): with ``use``, it plays by which cards the bot would
    meld (``hard+melds``); without, it plays as ``hard``, or reads by the bot's
    own rule (``hard+bayes``), and scores its reading (``--reading``): (chance
    read, meldable) for each card it read."""

    def __init__(
        self, seed: int, use: bool, scored: list[tuple[float, bool]], bayes: bool = False
    ) -> None:
        super().__init__("hard", own_stream(seed, "gin"))  # as make_player seeds it
        self.use = use
        self.bayes = bayes
        self.opponent = 0
        self.scored = scored  # where it adds what it read

    def see_opponent(self, mask: int) -> None:
        self.opponent = mask

    def _read(
        self, view: GinView, knowledge: GinKnowledge, ev: GinEvaluator, rng: Any, started: float
    ) -> None:
        cards = self._cards_to_read(view, knowledge)
        truth = {c: meldable(c, self.opponent) for c in cards}
        if self.use:
            ev.meld_chance = {c: float(m) for c, m in truth.items()}
            return
        if self.bayes:
            ev.meld_chance = read_bot(opponent_story(view), cards_of(knowledge.unseen), cards, rng)
        else:
            super()._read(view, knowledge, ev, rng, started)
        assert ev.meld_chance is not None
        self.scored.extend((ev.meld_chance[c], truth[c]) for c in cards)


def _chunk(args: tuple[str, int, int, int, bool]) -> tuple[Tally, list[tuple[float, bool]]]:
    import pyspiel

    level, hands, seed, start, reading = args
    scored: list[tuple[float, bool]] = []

    def told(hand_seed: int) -> Told:
        return Told(hand_seed, level == "hard+melds", scored, level == "hard+bayes")

    make = told if level in STICKS or (reading and level == "hard") else None
    return play_hands(pyspiel, level, hands, seed, start, make), scored


def measure(
    level: str, hands: int, seed: int, jobs: int, reading: bool = False
) -> tuple[Tally, list[tuple[float, bool]]]:
    jobs = max(1, jobs)
    size = (hands + jobs - 1) // jobs
    parts = [(level, min(size, hands - s), seed, s, reading) for s in range(0, hands, size)]
    if jobs == 1:
        results = [_chunk(p) for p in parts]
    else:
        with get_context("fork").Pool(jobs) as pool:
            results = pool.map(_chunk, parts)
    total = Tally()
    scored: list[tuple[float, bool]] = []
    for t, s in results:
        total.merge(t)
        scored.extend(s)
    return total, scored


def auc(scored: list[tuple[float, bool]]) -> float:
    """The chance that a meldable card was read above an unmeldable one (ties half)."""
    ranked = sorted(scored, key=lambda pm: pm[0])
    positives = sum(1 for _, m in ranked if m)
    negatives = len(ranked) - positives
    if not positives or not negatives:
        return float("nan")
    below = 0.0  # unmeldable cards read lower, summed over the meldable ones
    seen_neg = 0
    i = 0
    while i < len(ranked):
        j = i
        while j < len(ranked) and ranked[j][0] == ranked[i][0]:
            j += 1
        pos = sum(1 for _, m in ranked[i:j] if m)
        neg = (j - i) - pos
        below += pos * (seen_neg + neg / 2)
        seen_neg += neg
        i = j
    return below / (positives * negatives)


def reading_line(scored: list[tuple[float, bool]]) -> str:
    yes = [p for p, m in scored if m]
    no = [p for p, m in scored if not m]
    return (
        f"reading: AUC {auc(scored):.3f} over {len(scored)} cards read; mean chance "
        f"{sum(yes) / max(1, len(yes)):.3f} for the {len(yes)} the bot could meld, "
        f"{sum(no) / max(1, len(no)):.3f} for the others"
    )


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
    parser.add_argument(
        "--reading", action="store_true", help="score hard's reading of the bot's hand (AUC)"
    )
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
        scored: list[tuple[float, bool]] = []
        for seed in seeds:
            start = time.perf_counter()
            t, read = measure(level, args.hands, seed, args.jobs, args.reading)
            secs = time.perf_counter() - start
            total.merge(t)
            scored.extend(read)
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
        lines = breakdown(total)
        if scored and level in ("hard", "hard+bayes"):
            lines.append(reading_line(scored))
        if level == "hard+melds":
            lines.append("a measuring stick, not a level: it is told the bot's melds")
        elif level == "hard+bayes":
            lines.append("a measuring stick, not a level: it reads by the bot's own rule")
        for line in lines:
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
