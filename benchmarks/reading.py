"""What reading the opponent is worth to ``hard`` heads-up, and how well it reads.

    python benchmarks/reading.py told [--told F] [--rounds N] [--seed N] [--jobs N]
    python benchmarks/reading.py calibration [--rounds N] [--seed N] [--deals K]
    python benchmarks/reading.py danger [--rounds N] [--seed N] [--deals K]

``told`` is a measuring stick, not a player: Dummy heads-up, ``hard`` in seat
0 against ``normal``, every round played twice on the deals of ``dummy-tui sim
--seed N``: once as shipped, once with ``hard``'s sampled deals told a share
``F`` of the opponent's hidden cards (each card of its hand is told with
probability ``F`` on every deal, the rest are dealt at random from the unseen
cards; ``F`` = 1: its whole hand, the stock still unknown).  Printed: the
rounds each won (the top score alone), the paired difference in rounds won in
100 and in points a round (standard error of the per-round differences).

``calibration`` plays heads-up rounds of two ``normal`` players and, at every
third decision of seat 0, deals seat 1's hidden cards ``K`` times as ``hard``
reads them (:data:`search.INFERENCE`) and uniformly: the share of its true
hidden cards dealt to it, and the Brier score of the dealt frequency of every
unseen card (lower is better; the difference to uniform with its standard
error).  A reading that deals more true cards but a worse Brier score is too
sure of itself.

``danger`` plays heads-up rounds of two ``normal`` players and, at each
discard of seat 0 once the stock is below 24 cards, tries normal's four best
discards: in the true deal, whether seat 1 goes out on its next turn (played
by ``normal``), and on ``K`` deals of ``hard``'s reading the share of deals
where it does.  Printed per state of seat 1 (born or not): the mean chance
the deals gave against how often it went out, with the Brier score; and, for
a seat 1 not born, how many cards of its hand make a meld with two others of
it, in truth and in the deals, by the stock left.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from multiprocessing import get_context
from typing import Any

from _common import build

import dummy_tui.ai.dummy.search as search
from dummy_tui.ai import make_player
from dummy_tui.ai.dummy.evaluator import Evaluator
from dummy_tui.ai.dummy.heuristic import HeuristicPlayer
from dummy_tui.ai.dummy.inference import view_evidence
from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.ai.dummy.sampling import determinize, sample_hidden
from dummy_tui.engine.actions import Discard
from dummy_tui.engine.cards import cards_of, mask_of
from dummy_tui.engine.families import new_round
from dummy_tui.engine.families.dummy import DummyRound, DummyView
from dummy_tui.engine.relations import partners
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.sim import player_seed, round_seed

_TRUE: list[DummyRound] = []  # the round being played, for the told deals
_TOLD = [0.0]


def told_deal(
    view: DummyView, knowledge: Knowledge, rng: random.Random, evidence: Any = None
) -> DummyRound:
    """A deal told each of the opponent's hidden cards with probability ``_TOLD``."""
    game = _TRUE[0]
    hands = [0] * view.players
    for seat in range(view.players):
        if seat == view.seat:
            hands[seat] = knowledge.hand
            continue
        hidden = game.hands[seat] & ~knowledge.known[seat]
        told = [c for c in cards_of(hidden) if rng.random() < _TOLD[0]]
        hands[seat] = knowledge.known[seat] | mask_of(told)
    used = 0
    for hand in hands:
        used |= hand
    free = [c for c in cards_of(knowledge.unseen) if not used >> c & 1]
    rng.shuffle(free)
    for seat in range(view.players):
        if seat != view.seat:
            need = game.hands[seat].bit_count() - hands[seat].bit_count()
            hands[seat] |= mask_of(free[:need])
            free = free[need:]
    stock = free[: len(game.stock)]
    return DummyRound.from_view(view, hands, stock, free[len(game.stock) :])


def play(seed: int, index: int, told: float | None) -> tuple[int, int]:
    """Round ``index`` as ``sim --seed`` deals it: seat 0's score and whether it won."""
    rules = get_ruleset("dummy")
    game = new_round(rules, 2, round_seed(seed, index), starter=index % 2)
    assert isinstance(game, DummyRound)
    levels = ("hard", "normal")
    players = [make_player("dummy", lv, player_seed(seed, index, s)) for s, lv in enumerate(levels)]
    shipped = search.determinize
    if told is not None:
        _TOLD[0] = told
        search.determinize = told_deal  # type: ignore[assignment]
    try:
        while not game.is_over:
            legal = game.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                _TRUE[:] = [game]
                action = players[game.seat].choose(game.view(game.seat), legal)
                assert action in legal, f"round {index}: {action!r} is not legal"
            game.apply_unchecked(action)
    finally:
        search.determinize = shipped
    totals = [b.total for b in game.scores()]
    return totals[0], int(totals[0] > totals[1])


def _pair(job: tuple[int, int, float]) -> tuple[tuple[int, int], tuple[int, int]]:
    seed, index, told = job
    return play(seed, index, None), play(seed, index, told)


def told_run(args: argparse.Namespace) -> None:
    jobs = [(args.seed, i, args.told) for i in range(args.rounds)]
    with get_context("spawn").Pool(args.jobs) as pool:
        rows = pool.map(_pair, jobs, chunksize=4)
    n = len(rows)
    won = [[r[k][1] for r in rows] for k in (0, 1)]
    dw = [b - a for a, b in zip(*won, strict=True)]
    dp = [r[1][0] - r[0][0] for r in rows]

    def se(values: list[int]) -> float:
        return statistics.stdev(values) / math.sqrt(len(values))

    print(f"dummy_tui: {build()}")
    print(f"heads-up, hard vs normal, {n} rounds of seed {args.seed}")
    for name, w in (("hard as shipped", won[0]), (f"hard told {args.told:.0%}", won[1])):
        p = sum(w) / n
        print(f"  {name:18s} won {100 * p:.1f}% ± {100 * math.sqrt(p * (1 - p) / n):.1f}")
    print(
        f"  told − shipped: {100 * statistics.mean(dw):+.2f} ± {100 * se(dw):.2f} rounds in 100,"
        f" {statistics.mean(dp):+.1f} ± {se(dp):.1f} points a round"
    )


def calibration(args: argparse.Namespace) -> None:
    rules = get_ruleset("dummy")
    brier: dict[str, list[float]] = {"read": [], "uniform": []}
    share: dict[str, list[float]] = {"read": [], "uniform": []}
    for index in range(args.rounds):
        game = new_round(rules, 2, round_seed(args.seed, index), starter=index % 2)
        assert isinstance(game, DummyRound)
        players = [make_player("dummy", "normal", player_seed(args.seed, index, s)) for s in (0, 1)]
        step = 0
        while not game.is_over:
            legal = game.legal_actions()
            if len(legal) > 1 and game.seat == 0:
                step += 1
                if step % 3 == 0:
                    score(game, args.deals, f"{args.seed}:{index}:{step}", brier, share)
            action = (
                legal[0]
                if len(legal) == 1
                else players[game.seat].choose(game.view(game.seat), legal)
            )
            game.apply_unchecked(action)
    n = len(brier["read"])
    print(f"dummy_tui: {build()}")
    print(f"heads-up normal rounds, seed {args.seed}: {n} positions, {args.deals} deals each")
    for name in ("uniform", "read"):
        print(
            f"  {name:8s} true hidden cards dealt {100 * statistics.mean(share[name]):.2f}%,"
            f" Brier {1000 * statistics.mean(brier[name]):.2f} (×1000)"
        )
    diff = [a - b for a, b in zip(brier["read"], brier["uniform"], strict=True)]
    print(
        f"  read − uniform Brier: {1000 * statistics.mean(diff):+.2f}"
        f" ± {1000 * statistics.stdev(diff) / math.sqrt(n):.2f}"
    )


def score(
    game: DummyRound,
    deals: int,
    key: str,
    brier: dict[str, list[float]],
    share: dict[str, list[float]],
) -> None:
    """Seat 0's deals of seat 1's hidden cards, read and uniform, against the truth."""
    view = game.view(0)
    knowledge = Knowledge.from_view(view)
    truth = game.hands[1] & ~knowledge.known[1]
    if not truth:
        return
    unseen = cards_of(knowledge.unseen)
    for name, evidence in (("read", view_evidence(view, search.INFERENCE)), ("uniform", None)):
        rng = random.Random(f"{key}:{name}")
        seen = [0] * 52
        hits = 0
        for _ in range(deals):
            dealt = sample_hidden(view, knowledge, rng, evidence)[0][1] & ~knowledge.known[1]
            hits += (dealt & truth).bit_count()
            for card in cards_of(dealt):
                seen[card] += 1
        share[name].append(hits / deals / truth.bit_count())
        brier[name].append(
            sum((seen[c] / deals - (truth >> c & 1)) ** 2 for c in unseen) / len(unseen)
        )


def goes_out(game: DummyRound, policy: HeuristicPlayer) -> bool:
    """Whether seat 1, playing ``policy``, goes out before seat 0's next turn."""
    while not game.is_over and game.seat != 0:
        game.apply_unchecked(search.policy_action(game, policy))
    return game.is_over and game.went_out == 1


def in_melds(hand: int, pairs: tuple[tuple[tuple[int, int], ...], ...]) -> int:
    """Cards of ``hand`` that make a meld with two others of it (``pairs``:
    the pairs that do so with each card, :func:`relations.partners`)."""
    return sum(
        1 for c in cards_of(hand) if any(hand >> x & 1 and hand >> y & 1 for x, y in pairs[c])
    )


def danger(args: argparse.Namespace) -> None:
    rules = get_ruleset("dummy")
    # seat 1 born -> (chance the deals gave, went out) per option
    rows: dict[bool, list[tuple[float, int]]] = {}
    melded: dict[int, list[tuple[int, float]]] = {}  # stock band -> (truth, dealt)
    for index in range(args.rounds):
        game = new_round(rules, 2, round_seed(args.seed, index), starter=index % 2)
        assert isinstance(game, DummyRound)
        players = [make_player("dummy", "normal", player_seed(args.seed, index, s)) for s in (0, 1)]
        while not game.is_over:
            legal = game.legal_actions()
            action = (
                legal[0]
                if len(legal) == 1
                else players[game.seat].choose(game.view(game.seat), legal)
            )
            if game.seat == 0 and isinstance(action, Discard) and len(game.stock) < 24:
                danger_at(game, legal, args.deals, f"{args.seed}:{index}", rows, melded)
            game.apply_unchecked(action)
    print(f"dummy_tui: {build()}")
    print(
        f"heads-up normal rounds, seed {args.seed}: normal's four best discards, {args.deals} deals"
    )
    for born in (True, False):
        got = rows.get(born, [])
        if not got:
            continue
        chance = statistics.mean(p for p, _ in got)
        went = statistics.mean(t for _, t in got)
        brier = statistics.mean((p - t) ** 2 for p, t in got)
        state = "born" if born else "not born"
        print(
            f"  seat 1 {state:8s} {len(got):5d} discards: the deals gave "
            f"{100 * chance:.1f}%, it went out {100 * went:.1f}%,"
            f" Brier {1000 * brier:.2f} (×1000)"
        )
    print("  seat 1 not born, cards of its hand in a meld of it (truth / deals):")
    for band in sorted(melded, reverse=True):
        got_melded = melded[band]
        truth = statistics.mean(r[0] for r in got_melded)
        dealt = statistics.mean(r[1] for r in got_melded)
        print(
            f"    stock {band:2d}-{band + 7:2d}: {len(got_melded):4d} positions, "
            f"{truth:.2f} / {dealt:.2f}"
        )


def danger_at(
    game: DummyRound,
    legal: list[Any],
    deals: int,
    key: str,
    rows: dict[bool, list[tuple[float, int]]],
    melded: dict[int, list[tuple[int, float]]],
) -> None:
    """One discard of seat 0 (:func:`danger`)."""
    view = game.view(0)
    knowledge = Knowledge.from_view(view)
    policy = HeuristicPlayer(0)
    options = search.discard_options(Evaluator(knowledge, policy.weights), legal)
    options.sort(key=lambda va: -va[0])
    chosen = [d for _, d in options[:4]]
    if len(chosen) < 2:
        return
    rng = random.Random(f"{key}:{len(view.history)}")
    evidence = view_evidence(view, search.INFERENCE)
    worlds = [determinize(view, knowledge, rng, evidence) for _ in range(deals)]
    born = game.born[1]
    for d in chosen:
        truth = game.clone()
        truth.apply_unchecked(d)
        out = 0
        for world in worlds:
            trial = world.clone()
            trial.apply_unchecked(d)
            out += goes_out(trial, policy)
        rows.setdefault(born, []).append((out / deals, int(goes_out(truth, policy))))
    if not born:
        pairs = partners(game.rules.ace_low_runs)
        dealt = statistics.mean(in_melds(w.hands[1], pairs) for w in worlds)
        melded.setdefault(len(game.stock) // 8 * 8, []).append(
            (in_melds(game.hands[1], pairs), dealt)
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("told", "calibration", "danger"))
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7100)
    parser.add_argument("--told", type=float, default=1.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--deals", type=int, default=32)
    args = parser.parse_args()
    if args.what == "told":
        told_run(args)
    elif args.what == "danger":
        danger(args)
    else:
        calibration(args)


if __name__ == "__main__":
    main()
