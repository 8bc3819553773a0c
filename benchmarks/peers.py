"""Gin rummy side by side with OpenSpiel and RLCard: hands per second and deadwood speed.

Run in an environment holding ``open-spiel`` and ``rlcard`` beside this package::

    python benchmarks/peers.py [--seconds 5]

It prints the figures and the ratios (ours / theirs).  Targets: random-play hands
at least 1.0x OpenSpiel and 5x RLCard; least-deadwood computations on meld-rich
hands (cards A-6 only) at least 3x RLCard's ``get_best_meld_clusters``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dummy_tui.engine import deadwood as common
from dummy_tui.engine.deadwood import deadwood
from dummy_tui.engine.families.gin import GinRound
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.rules.schema import GinRules


def rate(run: Callable[[], int], seconds: float) -> float:
    """Units per second of ``run`` (which returns how many units it did) over ``seconds``."""
    done = 0
    start = time.perf_counter()
    while True:
        done += run()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def ours_hands(seconds: float) -> float:
    rules = get_ruleset("gin-openspiel")
    assert isinstance(rules, GinRules)
    rng = random.Random(1)

    def one() -> int:
        game = GinRound.new(rules, 2, rng)
        while not game.is_over:
            game.apply_unchecked(rng.choice(game.legal_actions()))
        game.scores()
        return 1

    return rate(one, seconds)


def openspiel_hands(seconds: float) -> float:
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

    return rate(one, seconds)


def rlcard_hands(seconds: float) -> float:
    from rlcard.games.gin_rummy.game import GinRummyGame

    game = GinRummyGame()
    rng = random.Random(1)

    def one() -> int:
        game.init_game()
        while not game.is_over():
            legal = game.judge.get_legal_actions()
            game.step(legal[rng.randrange(len(legal))])
        return 1

    return rate(one, seconds)


def rich_hands(count: int) -> list[list[int]]:
    rng = random.Random(7)
    pool = [c for c in range(52) if c % 13 in (12, 0, 1, 2, 3, 4)]
    return [rng.sample(pool, 10) for _ in range(count)]


def ours_deadwood(seconds: float, cold: bool) -> float:
    hands = rich_hands(2000)
    masks = [sum(1 << c for c in h) for h in hands]

    def batch() -> int:
        for m in masks:
            if cold:
                common._CACHE.clear()
            deadwood(m)
        return len(masks)

    return rate(batch, seconds)


def rlcard_deadwood(seconds: float) -> float:
    from rlcard.games.base import Card
    from rlcard.games.gin_rummy.utils import melding, utils

    suits = "CDHS"
    ranks = "23456789TJQKA"
    hands = [[Card(suits[c // 13], ranks[c % 13]) for c in h] for h in rich_hands(500)]

    def batch() -> int:
        for hand in hands:
            clusters = melding.get_best_meld_clusters(hand=hand)
            if clusters:
                utils.get_deadwood_count(hand=hand, meld_cluster=clusters[0])
            else:
                sum(utils.get_deadwood_value(card) for card in hand)
        return len(hands)

    return rate(batch, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    args = parser.parse_args()
    s = args.seconds
    print(f"random-play gin hands per second ({s:g} s each)")
    ours = ours_hands(s)
    print(f"  ours       {ours:10.0f}")
    os_rate = openspiel_hands(s)
    print(f"  OpenSpiel  {os_rate:10.0f}")
    rl_rate = rlcard_hands(s)
    print(f"  RLCard     {rl_rate:10.0f}")
    print(f"  ratio ours/OpenSpiel {ours / os_rate:6.2f}x (target >= 1.0x)")
    print(f"  ratio ours/RLCard    {ours / rl_rate:6.2f}x (target >= 5x)")
    print("least-deadwood computations per second, meld-rich 10-card hands (A-6)")
    warm = ours_deadwood(s, cold=False)
    cold = ours_deadwood(s, cold=True)
    rl = rlcard_deadwood(s)
    print(f"  ours (memo kept)     {warm:10.0f}")
    print(f"  ours (memo cleared)  {cold:10.0f}")
    print(f"  RLCard best clusters {rl:10.0f}")
    print(f"  ratio ours/RLCard    {warm / rl:6.1f}x (target >= 3x)")
    print(f"  ratio memo cleared   {cold / rl:6.1f}x")


if __name__ == "__main__":
    main()
