"""Fit the position values of ``hard``'s lookahead, and show how well they predict.

    python benchmarks/position_model.py [--rounds N] [--seed N] [--jobs N] [--write]

Plays ``--rounds`` seeded rounds of four (and three, and two) ``normal``
players at ``dummy`` and at ``dummy-house``.  At the start of every turn it
notes the position's features for the seat to move
(:func:`dummy_tui.ai.dummy.position.features`), and when the round is over that
seat's outcome as ``hard``'s search counts it.  Each fifth round is held
out; the weights are fit by least squares on the others.  It prints, per
ruleset and number of players, the share of the held-out outcomes' variance
explained (R²) by the hand-made value the lookahead used before and by the
fit.  With ``--write`` the weights, fit on every round, go to
``dummy_tui/ai/dummy/position_data.py``.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from dummy_tui.ai import make_player
from dummy_tui.ai.dummy.heuristic import HeuristicPlayer
from dummy_tui.ai.dummy.position import design, features
from dummy_tui.ai.dummy.search import hand_made_value, outcome
from dummy_tui.ai.dummy.weights import NORMAL
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.rules.schema import DummyRules
from dummy_tui.sim import player_seed, round_seed

PRESETS = ("dummy", "dummy-house")
Row = tuple[list[float], float, float, int]  # design row, hand-made value, outcome, round


def play(job: tuple[str, int, int, int, int]) -> list[Row]:
    """Rounds ``start .. start + n - 1``: one row per turn."""
    preset, players, seed, start, n = job
    rules = get_ruleset(preset)
    assert isinstance(rules, DummyRules)
    policy = HeuristicPlayer(0, NORMAL)
    rows: list[Row] = []
    for i in range(start, start + n):
        seats = [make_player("dummy", "normal", player_seed(seed, i, s)) for s in range(players)]
        game = DummyRound.new(rules, players, round_seed(seed, i), starter=i % players)
        noted: list[tuple[int, list[float], float]] = []
        last = -1
        while not game.is_over:
            s = game.seat
            if game.phase == "take" and s != last:
                x = design(features(game, s, NORMAL))
                noted.append((s, x, hand_made_value(game, s, policy)))
            last = s
            legal = game.legal_actions()
            action = legal[0] if len(legal) == 1 else seats[s].choose(game.view(s), legal)
            game.apply(action)
        rows += [(x, v, outcome(game, s), i) for s, x, v in noted]
    return rows


def least_squares(rows: list[Row], ridge: float = 1e-6) -> list[float]:
    """Weights minimising the squared error of the outcomes (normal equations)."""
    k = len(rows[0][0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, _, y, _ in rows:
        for i, xi in enumerate(x):
            if xi == 0.0:
                continue
            row = a[i]
            for j in range(i, k):
                row[j] += xi * x[j]
            b[i] += xi * y
    # scale by the diagonal so that the ridge weighs every feature alike
    for i in range(k):
        for j in range(i):
            a[i][j] = a[j][i]
    scale = [max(a[i][i], 1e-12) ** 0.5 for i in range(k)]
    m = [[a[i][j] / (scale[i] * scale[j]) for j in range(k)] for i in range(k)]
    for i in range(k):
        m[i][i] += ridge
    v = [b[i] / scale[i] for i in range(k)]
    solution = solve(m, v)
    return [solution[i] / scale[i] for i in range(k)]


def solve(m: list[list[float]], v: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(v)
    m = [[*row, v[i]] for i, row in enumerate(m)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        p = m[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(col + 1, n):
            f = m[r][col] / p
            if f:
                mr, mc = m[r], m[col]
                for c in range(col, n + 1):
                    mr[c] -= f * mc[c]
    out = [0.0] * n
    for r in range(n - 1, -1, -1):
        p = m[r][r]
        s = m[r][n] - sum(m[r][c] * out[c] for c in range(r + 1, n))
        out[r] = s / p if abs(p) >= 1e-12 else 0.0
    return out


def r_squared(predicted: list[float], actual: list[float]) -> float:
    """Variance of ``actual`` explained by the best straight-line fit of ``predicted``."""
    n = len(actual)
    mp = sum(predicted) / n
    ma = sum(actual) / n
    spa = sum((p - mp) * (a - ma) for p, a in zip(predicted, actual, strict=True))
    spp = sum((p - mp) ** 2 for p in predicted)
    saa = sum((a - ma) ** 2 for a in actual)
    if spp == 0 or saa == 0:
        return 0.0
    return spa * spa / (spp * saa)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3000, help="rounds per ruleset and table")
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--write", action="store_true", help="write position_data.py")
    args = parser.parse_args()
    chunks = max(1, args.jobs) * 4
    step = -(-args.rounds // chunks)
    weights: dict[int, list[float]] = {}
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for players in (4, 3, 2):
            data: dict[str, list[Row]] = {}
            for preset in PRESETS:
                seed = args.seed + 10 * players + PRESETS.index(preset)
                jobs = [
                    (preset, players, seed, start, min(step, args.rounds - start))
                    for start in range(0, args.rounds, step)
                ]
                data[preset] = [r for part in pool.map(play, jobs) for r in part]
            every = [r for rows in data.values() for r in rows]
            held = least_squares([r for r in every if r[3] % 5])
            for preset, rows in data.items():
                test = [r for r in rows if r[3] % 5 == 0]
                actual = [r[2] for r in test]
                fit = [sum(c * v for c, v in zip(held, r[0], strict=True)) for r in test]
                before = r_squared([r[1] for r in test], actual)
                after = r_squared(fit, actual)
                print(
                    f"{preset:12} {players} players: {len(rows):6} positions, "
                    f"held-out R² hand-made {before:.3f}, fit {after:.3f}",
                    flush=True,
                )
            weights[players] = least_squares(every)
    if args.write:
        path = Path(__file__).resolve().parents[1] / "dummy_tui/ai/dummy/position_data.py"
        lines = [
            '"""Weights of :mod:`dummy_tui.ai.dummy.position`, written by '
            "benchmarks/position_model.py",
            f"(--rounds {args.rounds} --seed {args.seed}); do not edit by hand.",
            '"""',
            "",
            "WEIGHTS: dict[int, tuple[float, ...]] = {",
        ]
        for players in sorted(weights):
            lines.append(f"    {players}: (")
            lines += [f"        {w!r}," for w in weights[players]]
            lines.append("    ),")
        lines.append("}")
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
