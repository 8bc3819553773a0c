"""The rules corners, checked long: the knock search against brute force, and random
rounds of every preset replayed through ``dummy-tui replay --json``.

    python benchmarks/corners.py [--positions N] [--rounds N] [--seed S] [--batch N]

``--positions``: random positions (half in the play phase, half facing the
empty stock) on which the engine's knock search, ``knock_cards``, what fits
and the stock-out pick-ups and automatic end are compared with the referee's
brute force (``tests/engine/referee.py``, as ``tests/engine/test_knock_search.py``
does a few hundred times).  ``--rounds``: seeded rounds spread over every
preset, with random house rules, checked against the referee as they are
played and replayed by the command in batches of ``--batch`` records
(``tests/engine/differential.py``).  Prints the counts; the exit status is 1
on the first disagreement (which is raised, with its position or round).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from differential import PRESETS, Tally, own_result, play, replay_all, write_record  # noqa: E402
from test_knock_search import check_play_position, check_stock_out_position  # noqa: E402


def positions(count: int, seed: int) -> None:
    rng = random.Random(seed)
    start = time.perf_counter()
    plays = knocks = outs = listed = ended = 0
    for i in range(count):
        both = rng.random() < 0.7
        chain = rng.choice(["any", "owner_or_self"])
        limit = rng.choice([None, None, 0, 1, 2, 3])
        corner = rng.random() < 0.5
        if i % 2 == 0:
            plays += 1
            knocks += check_play_position(
                rng.randrange(2**32), both, chain, limit, rng.randint(1, 8), corner
            )
        else:
            outs += 1
            n, over = check_stock_out_position(
                rng.randrange(2**32),
                both,
                chain,
                limit,
                rng.randint(1, 7),
                rng.randint(1, 6),
                rng.random() < 0.5,
                rng.random() < 0.5,
                rng.random() < 0.25,
                corner,
            )
            listed += n > 0
            ended += over
    seconds = time.perf_counter() - start
    print(
        f"positions: {count} compared ({plays} in the play phase, {knocks} of them can "
        f"knock; {outs} facing the empty stock, {listed} with a pick-up listed, "
        f"{ended} ended by themselves)  {seconds:.0f} s"
    )


def rounds(count: int, seed: int, batch: int) -> None:
    tally = Tally()
    start = time.perf_counter()
    replayed = 0
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        paths: list[Path] = []
        wanted = []
        for i in range(count):
            preset = PRESETS[i % len(PRESETS)]
            game, base = play(preset, seed * 1_000_003 + i, tally)
            paths.append(write_record(game, preset, base, where, i))
            wanted.append(own_result(game))
            if len(paths) == batch or i == count - 1:
                answers = replay_all(paths, where)
                for path, want, (got, code) in zip(paths, wanted, answers, strict=True):
                    if code != 0 or got != want:
                        raise AssertionError(f"{path.name}: {got} != {want}")
                    path.unlink()
                replayed += len(paths)
                paths, wanted = [], []
    seconds = time.perf_counter() - start
    ends = ", ".join(f"{key} {n}" for key, n in sorted(tally.ends.items()))
    print(
        f"rounds: {tally.rounds} over {len(tally.presets)} presets, {tally.moves} moves, "
        f"{replayed} replayed by the command, all the same; ends: {ends}\n"
        f"  referee: {tally.stock_out_turns} turns facing the empty stock "
        f"({tally.automatic_ends} ended by themselves), {tally.knock_checks} play phases; "
        f"{tally.referee_knocks} rounds knocked by its moves ({tally.two_then_ace} laying "
        f"a 2 and its ace); {tally.two_end_aces} aces laid onto a run 2…K  {seconds:.0f} s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--batch", type=int, default=500)
    args = parser.parse_args(argv)
    if args.positions:
        positions(args.positions, args.seed)
    if args.rounds:
        rounds(args.rounds, args.seed, args.batch)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
