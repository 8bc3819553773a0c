"""A fingerprint of what the engine does: seeded random rounds of every preset.

    python benchmarks/identity.py [--rounds N] [--seed S] [--preset P ...]

For every preset in ``rulesets.toml`` (or the ones named), plays ``--rounds``
seeded rounds (default 10,000), spread over the preset's player counts, each
move chosen uniformly among ``legal_actions()`` and applied through the
checked ``apply``.  Every round's move list, the size of each legal list and
the final scores go into one SHA-256 per preset, printed with the rounds and
moves it covers.  Two builds of the engine that print the same digests played
the same moves, offered the same choices and scored the same: run it before
and after a change to the engine and compare the lines.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dummy_tui.engine.families import new_round
from dummy_tui.rules.loader import load_rulesets
from dummy_tui.rules.schema import Ruleset


def fingerprint(rules: Ruleset, rounds: int, seed: int) -> tuple[str, int]:
    """The digest of ``rounds`` seeded random rounds of ``rules``, and their moves."""
    digest = hashlib.sha256()
    counts = sorted(rules.hand_size)
    moves = 0
    for i in range(rounds):
        players = counts[i % len(counts)]
        round_seed = seed * 1_000_003 + i
        rng = random.Random(round_seed)
        game = new_round(rules, players, round_seed, starter=i % players)
        sizes = []
        while not game.is_over:
            legal = game.legal_actions()
            sizes.append(len(legal))
            game.apply(rng.choice(legal))
        text = game.moves()
        moves += len(text)
        scores = [repr(score) for score in game.scores()]
        digest.update("\n".join([*text, repr(sizes), *scores, ""]).encode())
    return digest.hexdigest(), moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10_000, help="rounds per preset")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and choices")
    parser.add_argument("--preset", action="append", help="only this preset (repeatable)")
    args = parser.parse_args(argv)
    presets = load_rulesets()
    names = args.preset or list(presets)
    for name in names:
        start = time.perf_counter()
        digest, moves = fingerprint(presets[name], args.rounds, args.seed)
        seconds = time.perf_counter() - start
        print(f"{name:18} {args.rounds:6} rounds {moves:9} moves  {digest}  ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
