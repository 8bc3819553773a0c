"""How many rounds could seat 0 win at all? A search that is allowed to cheat.

    python benchmarks/ceiling.py [--ruleset NAME] [--players N]
        [--opponents random|normal] [--knows stock|hands|nothing] [--rounds N]
        [--seed N] [--candidates N] [--rollouts N] [--exact] [--reading]
        [--objective wins|outcome] [--same-deals] [--halving N] [--jobs N] [--log FILE]
    python benchmarks/ceiling.py --summary FILE

This is a measuring stick, not a player of the game: seat 0 reads the full
state, which no AI level ever does.  At each of its decisions with a choice,
the normal player's best ``--candidates`` options (every take, or every
discard; melds and layoffs follow the normal player) are each played to the
end of the round ``--rollouts`` times, seat 0 by the normal policy and the
other seats by the opponents' own policy (``random``: uniform over the legal
actions, as the random level plays; ``normal``: the normal policy, as
playouts run it, not reading which cards were picked up; ``--exact``: every
seat as the normal player at the table plays, so that with ``--knows stock``
one rollout is the round's true end should seat 0 play normal from there on),
and the option that wins the round (the top score alone) most often is
played (``--objective outcome``: whose mean outcome, as hard scores a
finished round, is best; ``--same-deals``: each option's nth rollout starts
from the same deal, as hard compares its options; ``--halving N``: N
rollouts an option on average, shared out by successive halving on the same
deals, as hard does at three or four players).  The normal player never
draws at random: with ``--knows stock`` all rollouts of an option are alike,
and one is enough.  What the rollouts start from:

- ``stock``: the true state, every hand and the order of the stock (so seat 0
  knows its own next draws);
- ``hands``: every hand as it is, the stock (and burned cards) reshuffled for
  each rollout;
- ``nothing``: a deal of the hidden cards sampled from seat 0's own view, as
  the hard player deals them (no reading of the opponents' play; with
  ``--reading``, by their play, as hard reads it).  Seat 0 then cheats no
  more than hard does: the opponents' way of play is all it is told.

Opponents play their real level with the seeds ``dummy-tui sim`` gives them,
so ``dummy-tui sim --seed N`` with seat 0 normal plays the same rounds: each
round is also played that way (:func:`dummy_tui.sim.play_round`), the paired
baseline.  Printed: the rounds seat 0 won (standard error of a proportion),
its mean score and the other seats', the normal player's in seat 0 on the
same rounds, the paired differences (standard error of the per-round
differences' mean), and the time of seat 0's decisions with a choice (p50,
p99, max: the search's cost, as hard's is measured).  ``--log FILE`` writes
one JSON line per round as it ends, and ``--summary FILE`` prints the same
summary from such a file: a run stopped early still counts its rounds.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import time
from multiprocessing import get_context
from typing import Any

import dummy_tui
from dummy_tui.ai import make_player
from dummy_tui.ai.dummy.evaluator import Evaluator
from dummy_tui.ai.dummy.heuristic import HeuristicPlayer
from dummy_tui.ai.dummy.inference import Evidence, view_evidence
from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.ai.dummy.sampling import determinize
from dummy_tui.ai.dummy.search import INFERENCE, discard_options, outcome, policy_action
from dummy_tui.engine.actions import Action, Discard
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.rules.schema import DummyRules
from dummy_tui.sim import play_round as sim_round
from dummy_tui.sim import player_seed, round_seed

PLAYERS = 4


def won(game: DummyRound) -> bool:
    totals = [b.total for b in game.scores()]
    return totals[0] > max(totals[1:])


def rollout(
    game: DummyRound, me: HeuristicPlayer, opponents: str, rng: random.Random, exact: bool = False
) -> DummyRound:
    """Play ``game`` to its end, and return it.  ``exact``: every seat plays
    the normal player as at the table (from its own view, the history read),
    not the playouts' cheaper normal that forgets which cards were picked up."""
    table = [HeuristicPlayer(0) for _ in range(game.players)] if exact else []
    while not game.is_over:
        legal = game.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        elif exact:
            action = table[game.seat].choose(game.view(game.seat), legal)
        elif game.seat == 0 or opponents == "normal":
            action = policy_action(game, me)
        else:
            action = rng.choice(legal)
        game.apply_unchecked(action)
    return game


def value(game: DummyRound, objective: str) -> float:
    """A finished rollout's worth to seat 0: 1 for a round won (``wins``), or
    the hard player's outcome (the score against the others', a bonus for a
    round won: ``outcome``)."""
    return outcome(game, 0) if objective == "outcome" else float(won(game))


def candidates(game: DummyRound, me: HeuristicPlayer, legal: list[Action], n: int) -> list[Action]:
    """The normal player's best ``n`` options at seat 0's decision (best first)."""
    k = Knowledge.from_round(game, 0)
    ev = Evaluator(k, me.weights)
    if k.phase == "take":
        options = me.take_values(ev, legal)
    else:
        choice = me.play(ev, legal)
        if not isinstance(choice, Discard):
            return [choice]
        options = discard_options(ev, legal)
    options.sort(key=lambda va: -va[0])
    return [a for _, a in options[:n]]


def start_of_rollout(
    game: DummyRound, knows: str, rng: random.Random, evidence: Evidence | None = None
) -> DummyRound:
    if knows == "stock":
        return game.clone()
    if knows == "hands":
        world = game.clone()
        hidden = world.stock + world.burned
        rng.shuffle(hidden)
        world.stock = hidden[: len(world.stock)]
        world.burned = hidden[len(world.stock) :]
        return world
    view = game.view(0)
    return determinize(view, Knowledge.from_view(view), rng, evidence)


def reading(game: DummyRound) -> Evidence:
    """Seat 0's reading of the opponents' play, as the hard player reads it."""
    return view_evidence(game.view(0), INFERENCE)


def decide(
    args: argparse.Namespace, game: DummyRound, me: HeuristicPlayer, legal: list[Action],
    rng: random.Random,
) -> Action:  # fmt: skip
    """Seat 0's choice: the candidate whose rollouts are worth most (:func:`value`)."""
    options = candidates(game, me, legal, args.candidates)
    if len(options) == 1:
        return options[0]
    evidence = reading(game) if args.reading else None
    if args.halving:
        return halving(args, game, me, options, rng, evidence)
    worlds = (
        [start_of_rollout(game, args.knows, rng, evidence) for _ in range(args.rollouts)]
        if args.same_deals
        else []
    )
    totals = []
    for option in options:
        total = 0.0
        for i in range(args.rollouts):
            world = (
                worlds[i].clone() if worlds else start_of_rollout(game, args.knows, rng, evidence)
            )
            world.apply_unchecked(option)
            total += value(rollout(world, me, args.opponents, rng, args.exact), args.objective)
        totals.append(total)
    return options[max(range(len(options)), key=lambda i: (totals[i], -i))]


def halving(
    args: argparse.Namespace, game: DummyRound, me: HeuristicPlayer, options: list[Action],
    rng: random.Random, evidence: Evidence | None,
) -> Action:  # fmt: skip
    """Successive halving over ``options`` with ``args.halving`` rollouts an option:
    each stage gives every option left the same share of the stage's rollouts,
    on the same deals, and keeps the better half (ties: normal's order)."""
    stages = max(1, math.ceil(math.log2(len(options))))
    alive = list(range(len(options)))
    sums = [0.0] * len(options)
    done = 0
    worlds: list[DummyRound] = []
    while True:
        share = max(1, args.halving * len(options) // (len(alive) * stages))
        need = done + share
        while len(worlds) < need:
            worlds.append(start_of_rollout(game, args.knows, rng, evidence))
        for i in alive:
            for k in range(done, need):
                world = worlds[k].clone()
                world.apply_unchecked(options[i])
                world = rollout(world, me, args.opponents, rng, args.exact)
                sums[i] += value(world, args.objective)
        done = need
        alive.sort(key=lambda i: (-sums[i], i))
        alive = alive[: (len(alive) + 1) // 2]
        if len(alive) == 1:
            return options[alive[0]]


def play_round(args: argparse.Namespace, rules: DummyRules, index: int) -> dict[str, object]:
    """Round ``index`` with seat 0 searching, and the same round with seat 0
    normal: each seat's score, and seat 0's decision times in milliseconds."""
    players = args.players
    me = HeuristicPlayer(0)
    others = [
        make_player("dummy", args.opponents, player_seed(args.seed, index, s))
        for s in range(players)
    ]
    rng = random.Random(f"{args.seed}:ceiling:{index}")
    game = DummyRound.new(rules, players, round_seed(args.seed, index), starter=index % players)
    times: list[float] = []
    while not game.is_over:
        legal = game.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        elif game.seat != 0:
            action = others[game.seat].choose(game.view(game.seat), legal)
        else:
            start = time.perf_counter()
            action = decide(args, game, me, legal, rng)
            times.append(round((time.perf_counter() - start) * 1000, 2))
        game.apply(action)
    levels = ["normal"] + [args.opponents] * (players - 1)
    baseline = sim_round(rules, levels, args.seed, index)
    return {
        "index": index,
        "scores": [b.total for b in game.scores()],
        "normal": [outcome[0] for outcome in baseline],
        "ms": times,
    }


_JOB: tuple[argparse.Namespace, DummyRules] | None = None


def _init(args: argparse.Namespace, rules: DummyRules) -> None:
    global _JOB
    _JOB = (args, rules)


def _work(index: int) -> dict[str, object]:
    assert _JOB is not None
    return play_round(*_JOB, index)


def top_alone(scores: list[int]) -> int:
    """1 when seat 0 has the top score alone (the round's winner), else 0."""
    return int(scores[0] > max(scores[1:]))


def mean_se(values: list[float]) -> tuple[float, float]:
    """The mean and its standard error (the sample's deviation over the square root of n)."""
    n = len(values)
    mean = statistics.fmean(values)
    return mean, (statistics.stdev(values) / math.sqrt(n) if n > 1 else math.nan)


def summary(rounds: list[dict[str, Any]]) -> list[str]:
    """The lines printed for ``rounds`` (each as :func:`play_round` gives it)."""
    n = len(rounds)
    mine = [r["scores"] for r in rounds]
    base = [r["normal"] for r in rounds]
    wins = [top_alone(s) for s in mine]
    base_wins = [top_alone(s) for s in base]
    win, win_se = mean_se([float(w) for w in wins])
    bwin, bwin_se = mean_se([float(w) for w in base_wins])
    seats = len(mine[0])
    means = [statistics.fmean(s[i] for s in mine) for i in range(seats)]
    bmeans = [statistics.fmean(s[i] for s in base) for i in range(seats)]
    dscore, dscore_se = mean_se([float(a[0] - b[0]) for a, b in zip(mine, base, strict=True)])
    dwin, dwin_se = mean_se([float(a - b) for a, b in zip(wins, base_wins, strict=True)])
    lines = [
        f"{n} rounds; seat 0 searching won {sum(wins)} = {win:.1%} ± {win_se:.1%}, "
        f"mean score {means[0]:.1f} (others {', '.join(f'{m:.1f}' for m in means[1:])})",
        f"  normal in seat 0, same rounds: won {sum(base_wins)} = {bwin:.1%} ± {bwin_se:.1%}, "
        f"mean score {bmeans[0]:.1f} (others {', '.join(f'{m:.1f}' for m in bmeans[1:])})",
        f"  paired, searching − normal: {dscore:+.1f} ± {dscore_se:.1f} points, "
        f"{dwin:+.1%} ± {dwin_se:.1%} of rounds won",
    ]
    times = [t for r in rounds for t in r["ms"]]
    if len(times) > 1:
        cuts = statistics.quantiles(times, n=100, method="inclusive")
        lines.append(
            f"  seat 0's decisions with a choice: p50 {cuts[49]:.1f} ms, p99 {cuts[98]:.1f} ms, "
            f"max {max(times):.1f} ms, n={len(times)}"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="dummy")
    parser.add_argument("--players", type=int, default=PLAYERS)
    parser.add_argument("--opponents", choices=("random", "normal"), default="random")
    parser.add_argument("--knows", choices=("stock", "hands", "nothing"), default="stock")
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--candidates", type=int, default=10)
    parser.add_argument("--rollouts", type=int, default=32)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--halving",
        type=int,
        default=0,
        metavar="N",
        help="successive halving, N rollouts an option in all (same deals), instead of --rollouts",
    )
    parser.add_argument(
        "--reading",
        action="store_true",
        help="--knows nothing: deal the hidden cards by the opponents' play, as hard does",
    )
    parser.add_argument(
        "--exact",
        action="store_true",
        help="rollouts play every seat as the normal player at the table plays (normal opponents)",
    )
    parser.add_argument(
        "--objective",
        choices=("wins", "outcome"),
        default="wins",
        help="what a rollout is worth: a round won, or hard's outcome (score, bonus for a win)",
    )
    parser.add_argument(
        "--same-deals",
        action="store_true",
        help="every option is tried on the same deals (the nth rollout of each), as hard does",
    )
    parser.add_argument("--log", help="write one JSON line per round to this file")
    parser.add_argument("--summary", metavar="FILE", help="summarize a --log file and stop")
    args = parser.parse_args()
    if args.summary:
        with open(args.summary, encoding="utf-8") as f:
            print("\n".join(summary([json.loads(line) for line in f if line.strip()])))
        return
    if args.reading and args.knows != "nothing":
        parser.error("--reading is for --knows nothing")
    if args.exact and args.opponents != "normal":
        parser.error("--exact models normal opponents only")
    rules = get_ruleset(args.ruleset)
    if not isinstance(rules, DummyRules):
        parser.error(f"{args.ruleset} is not a Dummy preset")
    start = time.perf_counter()
    print(
        f"{args.ruleset}, {args.players} players, seat 0 searching (knows {args.knows}) against "
        f"{args.opponents}, {args.candidates} options x "
        f"{f'{args.halving} rollouts halved' if args.halving else f'{args.rollouts} rollouts'}"
        f"{' (exact model)' if args.exact else ''}{' (reading)' if args.reading else ''}"
        f"{' (same deals)' if args.same_deals else ''}, objective {args.objective}, "
        f"seed {args.seed}, dummy_tui from {os.path.dirname(dummy_tui.__file__)}",
        flush=True,
    )
    results = []
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
    try:
        with get_context("fork").Pool(args.jobs, initializer=_init, initargs=(args, rules)) as pool:
            for done in pool.imap(_work, range(args.rounds)):
                results.append(done)
                if log is not None:
                    log.write(json.dumps(done) + "\n")
                    log.flush()
    finally:
        if log is not None:
            log.close()
    print("\n".join(summary(results)))
    print(f"  ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
