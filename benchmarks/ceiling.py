"""How many rounds could seat 0 win at all? A search that is allowed to cheat.

    python benchmarks/ceiling.py [--ruleset NAME] [--opponents random|normal]
        [--knows stock|hands|nothing] [--rounds N] [--seed N]
        [--candidates N] [--rollouts N] [--jobs N]

This is a measuring stick, not a player of the game: seat 0 reads the full
state, which no AI level ever does.  At each of its decisions with a choice,
the normal player's best ``--candidates`` options (every take, or every
discard; melds and layoffs follow the normal player) are each played to the
end of the round ``--rollouts`` times, seat 0 by the normal policy and the
other seats by the opponents' own policy (``random``: uniform over the legal
actions, as the random level plays; ``normal``: the normal policy), and the
option that wins the round (the top score alone) most often is played.  What
the rollouts start from:

- ``stock``: the true state, every hand and the order of the stock (so seat 0
  knows its own next draws);
- ``hands``: every hand as it is, the stock (and burned cards) reshuffled for
  each rollout;
- ``nothing``: a deal of the hidden cards sampled from seat 0's own view, as
  the hard player deals them (no reading of the opponents' play).

Opponents play their real level with the seeds ``dummy-tui sim`` gives them,
so the line printed for the normal player on the same rounds (``dummy-tui sim
--seed N``, seat 0 normal) is the paired baseline.
"""

from __future__ import annotations

import argparse
import random
import time
from multiprocessing import get_context

from dummy_tui.ai import make_player
from dummy_tui.ai.dummy.evaluator import Evaluator
from dummy_tui.ai.dummy.heuristic import HeuristicPlayer
from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.ai.dummy.sampling import determinize
from dummy_tui.ai.dummy.search import discard_options, policy_action
from dummy_tui.engine.actions import Action, Discard
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.rules.schema import DummyRules
from dummy_tui.sim import player_seed, round_seed

PLAYERS = 4


def won(game: DummyRound) -> bool:
    totals = [b.total for b in game.scores()]
    return totals[0] > max(totals[1:])


def rollout(game: DummyRound, me: HeuristicPlayer, opponents: str, rng: random.Random) -> bool:
    while not game.is_over:
        legal = game.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        elif game.seat == 0 or opponents == "normal":
            action = policy_action(game, me)
        else:
            action = rng.choice(legal)
        game.apply_unchecked(action)
    return won(game)


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


def start_of_rollout(game: DummyRound, knows: str, rng: random.Random) -> DummyRound:
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
    return determinize(view, Knowledge.from_view(view), rng)


def play_round(args: argparse.Namespace, rules: DummyRules, index: int) -> bool:
    me = HeuristicPlayer(0)
    others = [
        make_player("dummy", args.opponents, player_seed(args.seed, index, s))
        for s in range(PLAYERS)
    ]
    rng = random.Random(f"{args.seed}:ceiling:{index}")
    game = DummyRound.new(rules, PLAYERS, round_seed(args.seed, index), starter=index % PLAYERS)
    while not game.is_over:
        legal = game.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        elif game.seat != 0:
            action = others[game.seat].choose(game.view(game.seat), legal)
        else:
            options = candidates(game, me, legal, args.candidates)
            action = options[0]
            if len(options) > 1:
                wins = []
                for option in options:
                    count = 0
                    for _ in range(args.rollouts):
                        world = start_of_rollout(game, args.knows, rng)
                        world.apply_unchecked(option)
                        count += rollout(world, me, args.opponents, rng)
                    wins.append(count)
                action = options[max(range(len(options)), key=lambda i: (wins[i], -i))]
        game.apply(action)
    return won(game)


_JOB: tuple[argparse.Namespace, DummyRules] | None = None


def _init(args: argparse.Namespace, rules: DummyRules) -> None:
    global _JOB
    _JOB = (args, rules)


def _work(index: int) -> bool:
    assert _JOB is not None
    return play_round(*_JOB, index)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="dummy")
    parser.add_argument("--opponents", choices=("random", "normal"), default="random")
    parser.add_argument("--knows", choices=("stock", "hands", "nothing"), default="stock")
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--candidates", type=int, default=10)
    parser.add_argument("--rollouts", type=int, default=32)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    rules = get_ruleset(args.ruleset)
    if not isinstance(rules, DummyRules):
        parser.error(f"{args.ruleset} is not a Dummy preset")
    start = time.perf_counter()
    with get_context("fork").Pool(args.jobs, initializer=_init, initargs=(args, rules)) as pool:
        results = pool.map(_work, range(args.rounds))
    wins = sum(results)
    print(
        f"{args.ruleset}, seat 0 searching (knows {args.knows}) against 3 {args.opponents}, "
        f"{args.candidates} options x {args.rollouts} rollouts, seed {args.seed}: "
        f"{wins}/{args.rounds} rounds won = {wins / args.rounds:.1%} "
        f"({time.perf_counter() - start:.0f} s)"
    )


if __name__ == "__main__":
    main()
