"""How fast the Dummy engine plays: rounds per second and the cost of legal_actions().

    python benchmarks/engine.py [--rounds N] [--seed S] [--repeats R] [--profile]

Plays seeded rounds choosing uniformly among ``legal_actions()`` for 2, 3 and
4 players with the ``dummy`` and ``dummy-house`` presets, each round scored at
its end, ``--repeats`` times with the lines interleaved (so that a busy machine
slows them alike), and prints rounds per CPU second (min / median / max) and
the mean time of one ``legal_actions()`` call (the first call
after each action: the one that computes the list).  Then it builds positions
whose discard row is 20 cards or longer (by drawing and discarding only) and
times ``legal_actions()`` there in the take phase, in the play phase, and in
the take phase with the stock empty (mean, median and 95th percentile), and
``apply()`` of the discard that leaves the next player facing the empty
stock: that is where the pick-ups that can still lead to a knock (§9) are
looked for, once a turn; the legal list after it reuses them.  ``--profile``
adds a cProfile listing of play up to those discards.  The figures are printed, never
judged: this is not part of the test run.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dummy_tui.engine.actions import DRAW, Discard, Draw
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.round import PLAY, TAKE
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.rules.schema import DummyRules

PRESETS = ("dummy", "dummy-house")
PLAYER_COUNTS = (2, 3, 4)
LONG_ROW = 20


def load(preset: str) -> DummyRules:
    rules = get_ruleset(preset)
    assert isinstance(rules, DummyRules)
    return rules


def timed_legal(game: DummyRound) -> float:
    """Seconds for one legal_actions() that computes the list (cache cleared)."""
    game._legal_cache = None  # the engine caches the list until the next action
    start = time.perf_counter()
    game.legal_actions()
    return time.perf_counter() - start


# --------------------------------------------------------------------------
# Whole rounds


def seeded_rounds(
    rules: DummyRules, players: int, rounds: int, seed: int
) -> Iterator[tuple[DummyRound, random.Random]]:
    """The rounds to play, each new with the generator of its choices."""
    for i in range(rounds):
        round_seed = seed * 1_000_003 + i
        yield (
            DummyRound.new(rules, players, round_seed, starter=i % players),
            random.Random(round_seed),
        )


def play_once(rules: DummyRules, players: int, rounds: int, seed: int) -> float:
    """CPU seconds of ``rounds`` seeded rounds of plain play, each scored at its end
    (no timer inside the loop: two clock reads an action would weigh on a fast
    engine)."""
    start = time.process_time()
    for game, rng in seeded_rounds(rules, players, rounds, seed):
        while not game.is_over:
            game.apply_unchecked(rng.choice(game.legal_actions()))
        game.scores()
    return time.process_time() - start


def legal_share(rules: DummyRules, players: int, rounds: int, seed: int) -> dict[str, float]:
    """The same rounds again with each ``legal_actions()`` timed, for its mean and
    its share of the (timed) play."""
    legal_time = 0.0
    legal_calls = 0
    start = time.process_time()
    for game, rng in seeded_rounds(rules, players, rounds, seed):
        while not game.is_over:
            t0 = time.perf_counter()
            legal = game.legal_actions()
            legal_time += time.perf_counter() - t0
            legal_calls += 1
            game.apply_unchecked(rng.choice(legal))
        game.scores()
    timed = time.process_time() - start
    return {
        "actions_per_round": legal_calls / rounds,
        "legal_us": 1e6 * legal_time / legal_calls,
        "legal_share": min(1.0, legal_time / timed) if timed else float("nan"),
        "legal_time": legal_time,
        "legal_calls": legal_calls,
    }


def build() -> str:
    """Which build of the engine is timed: compiled (mypyc) or pure Python, and where."""
    import dummy_tui.engine.families.dummy as module

    where = Path(module.__file__ or "?")
    kind = "compiled" if where.suffix in (".so", ".pyd") else "pure Python"
    return f"{kind} ({where.parents[3]})"


# --------------------------------------------------------------------------
# Positions with a long discard row


def long_row_position(rules: DummyRules, players: int, seed: int) -> DummyRound | None:
    """Draw and discard only, until the row holds LONG_ROW cards (take phase)."""
    rng = random.Random(seed)
    game = DummyRound.new(rules, players, seed)
    while not game.is_over:
        if game.phase == TAKE and len(game.discards) >= LONG_ROW:
            return game
        legal = game.legal_actions()
        if game.phase == TAKE:
            if not any(isinstance(a, Draw) for a in legal):
                return None  # the stock ran out first
            game.apply(DRAW)
        else:
            game.apply(rng.choice([a for a in legal if isinstance(a, Discard)]))
    return None


def stock_empty_position(rules: DummyRules, players: int, seed: int) -> DummyRound | None:
    """Draw and discard only until the stock is empty and a choice remains (take phase)."""
    game, _ = last_discard(rules, players, seed)
    if game.is_over or len(game.discards) < LONG_ROW:
        return None
    return game


def last_discard(rules: DummyRules, players: int, seed: int) -> tuple[DummyRound, float]:
    """Draw and discard only until the stock is empty.

    Returns the position and the seconds ``apply`` took for the discard that
    left the next player facing the empty stock: it decides whether any
    pickup can still lead to a knock (§9), and ends the round if none can.
    """
    rng = random.Random(seed)
    game = DummyRound.new(rules, players, seed)
    spent = 0.0
    while not game.is_over:
        legal = game.legal_actions()
        if game.phase == TAKE:
            if not game.stock:
                break
            game.apply(DRAW)
        else:
            action = rng.choice([a for a in legal if isinstance(a, Discard)])
            start = time.perf_counter()
            game.apply(action)
            spent = time.perf_counter() - start
    return game, spent


def time_positions(
    make: Callable[[DummyRules, int, int], DummyRound | None],
    rules: DummyRules,
    players: int,
    seed: int,
    count: int,
    then_draw: bool = False,
) -> tuple[list[float], float]:
    """The µs of one legal_actions() call on each position, and the mean row length."""
    times: list[float] = []
    rows: list[int] = []
    s = seed
    tries = 0
    while len(rows) < count and tries < count * 20:
        tries += 1
        s += 1
        game = make(rules, players, s)
        if game is None:
            continue
        if then_draw:
            game.apply(DRAW)
            assert game.phase == PLAY
        rows.append(len(game.discards))
        times.append(1e6 * min(timed_legal(game) for _ in range(3)))
    return times, statistics.fmean(rows) if rows else float("nan")


def spread(times: list[float]) -> str:
    """Mean, median and 95th percentile of some µs figures, in columns."""
    if not times:
        return f"{'-':>9} {'-':>9} {'-':>9}"
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{statistics.fmean(times):>9.1f} {statistics.median(times):>9.1f} {p95:>9.1f}"


# --------------------------------------------------------------------------


def print_header(*parts: str) -> None:
    """A table's column heads and the rule under them."""
    header = "".join(parts)
    print(header)
    print("-" * len(header))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=300, help="rounds per line (default 300)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and choices")
    parser.add_argument(
        "--positions", type=int, default=40, help="long-row positions per line (default 40)"
    )
    parser.add_argument("--profile", action="store_true", help="cProfile the long-row cases")
    parser.add_argument(
        "--repeats", type=int, default=5, help="timed runs of each line (default 5)"
    )
    args = parser.parse_args(argv)

    print(
        f"Dummy engine, random legal play, every round scored: {args.rounds} rounds per "
        f"line, seed {args.seed}, {args.repeats} repeats interleaved; build: {build()}"
    )
    print()
    cases = [(preset, players) for preset in PRESETS for players in PLAYER_COUNTS]
    rules_of = {preset: load(preset) for preset in PRESETS}
    cpu: dict[tuple[str, int], list[float]] = {case: [] for case in cases}
    for repeat in range(args.repeats):
        shift = repeat % len(cases)
        for preset, players in cases[shift:] + cases[:shift]:
            cpu[preset, players].append(
                play_once(rules_of[preset], players, args.rounds, args.seed)
            )
    print_header(
        f"{'preset':<12} {'players':>7} {'rounds/CPU-s min / median / max':>32}",
        f" {'actions/round':>14} {'legal_actions µs':>17} {'share':>6}",
    )
    total_time = 0.0
    total_calls = 0.0
    for preset, players in cases:
        rates = sorted(args.rounds / t for t in cpu[preset, players])
        r = legal_share(rules_of[preset], players, args.rounds, args.seed)
        total_time += r["legal_time"]
        total_calls += r["legal_calls"]
        figures = f"{rates[0]:.0f} / {statistics.median(rates):.0f} / {rates[-1]:.0f}"
        print(
            f"{preset:<12} {players:>7} {figures:>32} "
            f"{r['actions_per_round']:>14.1f} {r['legal_us']:>17.1f} "
            f"{100 * r['legal_share']:>5.0f}%"
        )
    overall = 1e6 * total_time / total_calls
    print(f"legal_actions overall: {overall:.1f} µs per call ({total_calls:.0f} calls)")
    print("(rounds per CPU second: untimed play, scoring included, over the repeats;")
    print(" legal_actions µs and share: one more, timed pass)")
    print()

    print(f"legal_actions on positions with a discard row of {LONG_ROW}+ cards (dummy-house)")
    print()
    print_header(
        f"{'phase':<22} {'players':>7} {'positions':>9} {'row (mean)':>10}",
        f" {'µs/call':>9} {'p50':>9} {'p95':>9}",
    )
    rules = load("dummy-house")
    cases: list[tuple[str, Callable[[DummyRules, int, int], DummyRound | None], bool]] = [
        ("take", long_row_position, False),
        ("play (after a draw)", long_row_position, True),
        ("take, stock empty", stock_empty_position, False),
    ]
    for name, make, then_draw in cases:
        for players in PLAYER_COUNTS:
            times, row = time_positions(
                make, rules, players, args.seed * 7919, args.positions, then_draw
            )
            shown = f"{row:>10.1f}" if times else f"{'-':>10}"
            print(f"{name:<22} {players:>7} {len(times):>9} {shown} {spread(times)}")
    for players in PLAYER_COUNTS:
        spent = [last_discard(rules, players, args.seed * 7919 + i) for i in range(args.positions)]
        rows = statistics.fmean(len(g.discards) for g, _ in spent)
        times = [1e6 * t for _, t in spent]
        name = "discard into no stock"
        print(f"{name:<22} {players:>7} {len(spent):>9} {rows:>10.1f} {spread(times)}")
    print("(the last line times apply() of the discard that empties the stock's last")
    print(" options: it lists the pick-ups that can still lead to a knock, §9, which the")
    print(" legal_actions() after it reuses, and may end the round)")

    if args.profile:
        print()
        print("cProfile: drawing and discarding up to the discard into no stock (2 players)")
        profiler = cProfile.Profile()
        profiler.enable()
        for s in range(args.seed, args.seed + 40):
            last_discard(rules, 2, s)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(12)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
