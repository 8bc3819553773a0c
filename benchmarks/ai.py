"""Decision times of each AI level, and simulation speed.

    python benchmarks/ai.py [--rounds N] [--samples N | --budget-ms N] [--ruleset NAME]
    python benchmarks/ai.py --every-preset N [--seed S] [--preset NAME ...]

Prints p50/p99 of the time per decision (only decisions with a choice, i.e.
more than one legal action) for each level in four-player rounds (``hard``
as ``--ai hard`` plays: its default number of sampled deals, unless
``--samples`` or ``--budget-ms`` says otherwise), for ``hard`` the sampled
deals per searched decision (p50 and mean), and the rounds per second of
``sim`` with four normal players in one process (three runs of the same 400
seeded rounds, their median and each run).

``--every-preset N``: instead, ``hard`` as ``--ai hard`` plays it, in seat 0
against ``normal`` players, N seeded rounds (``sim``'s deals) of every preset
at every table size it allows: per table the decisions with a choice, their
CPU time p50 / p99 / max and the longest by the clock (milliseconds).  The
issue's ceiling is a second for any decision of any preset.
"""

from __future__ import annotations

import argparse
import statistics
import time

from dummy_tui.ai import LEVELS, make_player
from dummy_tui.engine.families import new_round
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.rules import load_rulesets
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.rules.schema import DummyRules
from dummy_tui.sim import player_seed, round_seed, simulate


def decision_times(
    rules: DummyRules, level: str, rounds: int, options: dict[str, object]
) -> tuple[list[float], list[int]]:
    """The times of the decisions with a choice, and the deals sampled by each
    decision that searched (``hard``; players without the count give none)."""
    times: list[float] = []
    samples: list[int] = []
    for i in range(rounds):
        players = [make_player("dummy", level, 31 * i + s, **options) for s in range(4)]
        game = DummyRound.new(rules, 4, 1000 + i, starter=i % 4)
        while not game.is_over:
            legal = game.legal_actions()
            view = game.view(game.seat)
            player = players[game.seat]
            start = time.perf_counter()
            action = player.choose(view, legal)
            if len(legal) > 1:
                times.append((time.perf_counter() - start) * 1000)
                sampled = getattr(player, "sampled", None)
                if isinstance(sampled, int):
                    samples.append(sampled)
            game.apply(action)
    return times, samples


def every_preset(rounds: int, seed: int, only: list[str] | None = None) -> None:
    """``hard`` in seat 0 against ``normal``, at every preset (or those ``only``
    names) and table size."""
    print(f"hard in seat 0 against normal, {rounds} rounds a table (seed {seed}), milliseconds")
    print(f"  {'preset':18} players  decisions  CPU p50    p99     max   wall max")
    longest = 0.0
    for name, rules in load_rulesets(None).items():
        if only and name not in only:
            continue
        for players in rules.player_counts:
            cpu: list[float] = []
            wall: list[float] = []
            for index in range(rounds):
                ais = [
                    make_player(
                        rules.family, "hard" if s == 0 else "normal", player_seed(seed, index, s)
                    )
                    for s in range(players)
                ]
                game = new_round(rules, players, round_seed(seed, index), starter=index % players)
                while not game.is_over:
                    legal = game.legal_actions()
                    view = game.view(game.seat)
                    clock, used = time.perf_counter(), time.process_time()
                    action = legal[0] if len(legal) == 1 else ais[game.seat].choose(view, legal)
                    if len(legal) > 1 and game.seat == 0:
                        cpu.append((time.process_time() - used) * 1000)
                        wall.append((time.perf_counter() - clock) * 1000)
                    game.apply(action)
            cuts = statistics.quantiles(cpu, n=100, method="inclusive")
            longest = max(longest, max(cpu))
            print(
                f"  {name:18} {players:7}  {len(cpu):9}  {cuts[49]:7.1f} {cuts[98]:7.1f} "
                f"{max(cpu):7.1f} {max(wall):10.1f}"
            )
    print(f"longest decision: {longest:.0f} ms of CPU (ceiling: 1,000)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--samples", type=int, default=None)
    parser.add_argument("--budget-ms", type=float, default=None)
    parser.add_argument("--ruleset", default="dummy")
    parser.add_argument("--every-preset", type=int, default=None, metavar="N")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--preset", action="append", default=None, metavar="NAME",
        help="with --every-preset: this preset only (may be repeated)",
    )  # fmt: skip
    args = parser.parse_args()
    if args.every_preset is not None:
        every_preset(args.every_preset, args.seed, args.preset)
        return
    rules = get_ruleset(args.ruleset)
    assert isinstance(rules, DummyRules)
    print(f"decision time per level ({args.ruleset}, 4 players), milliseconds")
    for level in LEVELS:
        rounds = max(2, args.rounds // 10) if level == "hard" else args.rounds
        options: dict[str, object] = {}
        if level == "hard" and args.samples is not None:
            options["samples"] = args.samples
        if level == "hard" and args.budget_ms is not None:
            options["budget_ms"] = args.budget_ms
        t, samples = decision_times(rules, level, rounds, options)
        extra = ""
        if level == "hard":
            extra = f" ({', '.join(f'{k} {v}' for k, v in options.items()) or 'the default'})"
        # the times measured are the whole population: interpolated within them
        cuts = statistics.quantiles(t, n=100, method="inclusive")
        print(
            f"  {level:7} p50 {cuts[49]:7.2f}  p99 {cuts[98]:7.2f}  "
            f"max {max(t):7.2f}  n={len(t)}{extra}"
        )
        if samples:
            print(
                f"  {'':7} sampled deals per searched decision: p50 "
                f"{statistics.median(samples):g}  mean {statistics.fmean(samples):.1f}  "
                f"n={len(samples)}"
            )
    # three runs of the same seeded rounds: a shared machine's noise shows as their spread
    speeds = []
    for _ in range(3):
        result = simulate(rules, args.ruleset, ["normal"] * 4, 400, 7, jobs=1)
        speeds.append(result.rounds / result.seconds)
    runs = ", ".join(f"{s:.1f}" for s in speeds)
    print(
        f"sim, four normal players, one process: median {statistics.median(speeds):.1f} "
        f"rounds/s (runs: {runs})"
    )


if __name__ == "__main__":
    main()
