"""Gin rummy beside OpenSpiel and RLCard: random-play hands and least deadwood.

Run in an environment holding ``open-spiel`` and ``rlcard`` beside this package::

    python benchmarks/peers.py [--repeats 7] [--seconds 1] [--tree DIR]

By default the ``dummy_tui`` the running Python has installed is timed (a
compiled install's, when run with its Python); ``--tree DIR`` times the
package of a checkout instead (this one, or the commit before a change), so
that one environment can time both.  Each result's heading names the build
timed: compiled (mypyc) or pure Python.

Every comparison is interleaved: in each of the repeats every contender runs
for ``--seconds``, in an order that rotates from one repeat to the next, so a
machine that gets busier slows them alike.  Printed for each figure: every
contender's median rate and each ratio (ours / theirs), both as the median
over the repeats with the lowest and highest in brackets, and the load average
(1, 5, 15 minutes) after the figure.

Figures:

* random-play gin hands per second: ours (``GinRound``, the moves chosen in
  Python); OpenSpiel driven move by move from Python; OpenSpiel playing whole
  hands in C++ (``evaluate_bots`` with uniform random bots: no Python in the
  loop); RLCard.
* least deadwood of a 10-card hand, on random hands and on meld-rich ones
  (cards A–6 only): ours **cold** (its memo cleared before every hand),
  OpenSpiel's C++ ``GinRummyUtils.min_deadwood``, RLCard's best meld clusters;
  and ours **warm** (the memo kept: a hand seen before is a lookup), shown
  apart, never as the headline.  The deadwood of every hand is checked to be
  the same as OpenSpiel's before anything is timed.

Targets (issue figures): gin random play ≥ 8× OpenSpiel whole-hand-in-C++;
least deadwood cold ≥ 1.0× OpenSpiel's ``min_deadwood``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

Batch = Callable[[], int]
"""One batch of work; returns how many units (hands, deadwood counts) it did."""


def rate(batch: Batch, seconds: float) -> float:
    """Units per second of ``batch`` run again and again for ``seconds``."""
    done = 0
    start = time.perf_counter()
    while True:
        done += batch()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def interleaved(
    contenders: dict[str, Batch], repeats: int, seconds: float
) -> dict[str, list[float]]:
    """Each contender's rate in each repeat, the order rotated every repeat."""
    names = list(contenders)
    rates: dict[str, list[float]] = {name: [] for name in names}
    for r in range(repeats):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            rates[name].append(rate(contenders[name], seconds))
    return rates


def load() -> str:
    """The load average (1, 5 and 15 minutes) as printed."""
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


BUILD = "?"
"""The build of dummy_tui timed (:func:`build`), named in every result."""


def report(title: str, rates: dict[str, list[float]], ours: str, targets: dict[str, float]) -> None:
    print(f"{title} — ours: {BUILD.split(',')[0]}")
    for name, values in rates.items():
        print(
            f"  {name:<34} {statistics.median(values):10.0f} /s "
            f"[{min(values):.0f}–{max(values):.0f}]"
        )
    for name, values in rates.items():
        if name.startswith("ours"):
            continue  # ours warm is shown for what it is, not as a ratio
        ratios = [a / b for a, b in zip(rates[ours], values, strict=True)]
        target = targets.get(name)
        wanted = ""
        if target is not None:
            wanted = f"  (target ≥ {target:g}×: {'met' if min(ratios) >= target else 'NOT met'})"
        print(
            f"  {ours} / {name:<28} {statistics.median(ratios):7.2f}× "
            f"[{min(ratios):.2f}–{max(ratios):.2f}]{wanted}"
        )
    print(f"  {load()}")


# ---------------------------------------------------------------------------
# random play


def ours_hands() -> Batch:
    from dummy_tui.engine.families.gin import GinRound
    from dummy_tui.rules.loader import get_ruleset
    from dummy_tui.rules.schema import GinRules

    rules = get_ruleset("gin-openspiel")
    assert isinstance(rules, GinRules)
    rng = random.Random(1)

    def one() -> int:
        game = GinRound.new(rules, 2, rng)
        while not game.is_over:
            game.apply_unchecked(rng.choice(game.legal_actions()))
        game.scores()
        return 1

    return one


def openspiel_hands_stepwise() -> Batch:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(1)

    def one() -> int:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        state.returns()
        return 1

    return one


def openspiel_hands_in_cpp() -> Batch:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(2)]
    seeds = iter(range(1, 1 << 30))

    def batch() -> int:
        for _ in range(20):  # whole hands, chance and moves, in C++
            pyspiel.evaluate_bots(game.new_initial_state(), bots, next(seeds))
        return 20

    return batch


def rlcard_hands() -> Batch:
    from rlcard.games.gin_rummy.game import GinRummyGame

    game = GinRummyGame()
    rng = random.Random(1)

    def one() -> int:
        game.init_game()
        while not game.is_over():
            legal = game.judge.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))])
        return 1

    return one


# ---------------------------------------------------------------------------
# least deadwood


def random_hands(count: int, seed: int, rich: bool) -> list[list[int]]:
    """10-card hands; ``rich``: of the cards A–6 only, where melds cross."""
    rng = random.Random(seed)
    pool = [c for c in range(52) if not rich or c % 13 in (12, 0, 1, 2, 3, 4)]
    return [rng.sample(pool, 10) for _ in range(count)]


def openspiel_card(card: int) -> int:
    """Our card (suit × 13 + rank, the 2 first) as OpenSpiel numbers it (the ace first)."""
    return (card // 13) * 13 + (card % 13 + 1) % 13


def ours_deadwood(hands: list[list[int]], cold: bool) -> Batch:
    from dummy_tui.engine import deadwood as common
    from dummy_tui.engine.deadwood import deadwood

    masks = [sum(1 << c for c in hand) for hand in hands]

    def batch() -> int:
        for mask in masks:
            if cold:
                common._CACHE.clear()
            deadwood(mask)
        return len(masks)

    return batch


def openspiel_deadwood(hands: list[list[int]]) -> Batch:
    import pyspiel

    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    theirs = [[openspiel_card(c) for c in hand] for hand in hands]
    min_deadwood = utils.min_deadwood

    def batch() -> int:
        for hand in theirs:
            min_deadwood(hand)
        return len(theirs)

    return batch


def rlcard_deadwood(hands: list[list[int]]) -> Batch:
    from rlcard.games.base import Card
    from rlcard.games.gin_rummy.utils import melding, utils

    suits = "CDHS"
    ranks = "23456789TJQKA"
    theirs = [[Card(suits[c // 13], ranks[c % 13]) for c in hand] for hand in hands[:200]]

    def batch() -> int:
        for hand in theirs:
            clusters = melding.get_best_meld_clusters(hand=hand)
            if clusters:
                utils.get_deadwood_count(hand=hand, meld_cluster=clusters[0])
            else:
                sum(utils.get_deadwood_value(card) for card in hand)
        return len(theirs)

    return batch


def check_same_deadwood(hands: list[list[int]]) -> None:
    """Ours and OpenSpiel's least deadwood agree on every hand timed."""
    import pyspiel

    from dummy_tui.engine import deadwood as common
    from dummy_tui.engine.deadwood import deadwood

    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    for hand in hands:
        common._CACHE.clear()
        ours = deadwood(sum(1 << c for c in hand))
        theirs = utils.min_deadwood([openspiel_card(c) for c in hand])
        if ours != theirs:
            raise SystemExit(f"deadwood differs on {hand}: ours {ours}, OpenSpiel {theirs}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="interleaved repeats (default 7)")
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="seconds per contender per repeat (default 1)"
    )
    parser.add_argument(
        "--tree",
        type=Path,
        default=None,
        help="a checkout whose dummy_tui is timed (default: the installed one)",
    )
    args = parser.parse_args()
    if args.tree is not None:
        sys.path.insert(0, str(args.tree.resolve()))
    from _common import build

    global BUILD
    BUILD = build()

    r, s = args.repeats, args.seconds
    print(f"dummy_tui: {BUILD}")
    print(f"{r} interleaved repeats of {s:g} s per contender; before: {load()}")
    hands = interleaved(
        {
            "ours": ours_hands(),
            "OpenSpiel, stepped from Python": openspiel_hands_stepwise(),
            "OpenSpiel, whole hand in C++": openspiel_hands_in_cpp(),
            "RLCard": rlcard_hands(),
        },
        r,
        s,
    )
    report("random-play gin hands", hands, "ours", {"OpenSpiel, whole hand in C++": 8.0})
    for rich in (False, True):
        sample = random_hands(2000, 7 if rich else 3, rich)
        check_same_deadwood(sample)
        label = "meld-rich hands (A–6)" if rich else "random hands"
        counts = interleaved(
            {
                "ours, cold": ours_deadwood(sample, cold=True),
                "OpenSpiel min_deadwood (C++)": openspiel_deadwood(sample),
                "RLCard best meld clusters": rlcard_deadwood(sample),
                "ours, warm (memo kept)": ours_deadwood(sample, cold=False),
            },
            r,
            s,
        )
        report(
            f"least deadwood of a 10-card hand, {label}",
            counts,
            "ours, cold",
            {"OpenSpiel min_deadwood (C++)": 1.0},
        )
    print(f"after: {load()}")


if __name__ == "__main__":
    main()
