"""Fuzz the command line long: mutated records, rules files, options, saves,
config files and command lines through ``dummy_tui.cli.main`` and ``python -m
dummy_tui``.

    python benchmarks/fuzz.py [--examples N] [--seed S] [--only TARGET,...]
                              [--subprocess N] [--resume N] [--show K]

Runs the strategies of ``tests/fuzz/fuzz_inputs.py`` and
``tests/fuzz/fuzz_config.py`` (the suite runs a few examples of each) with N
examples per target (``--subprocess`` and ``--resume``, which start a
process or the screens for each example, default to N/50 and N/20;
``--resume`` counts the config's headless starts too), and prints for each
target how many inputs were tried, the exits by code, the tracebacks and any
other fault (output that is not UTF-8, --json output that is not one JSON
object, a save resumed but not written back).  The first K faults of each
target are shown.  The exit status is 1 if any input went wrong, else 0; this
is not part of the test run.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "fuzz"))

from fuzz_config import CONFIG_STRATEGIES  # noqa: E402
from fuzz_inputs import STRATEGIES as INPUT_STRATEGIES  # noqa: E402
from fuzz_inputs import Outcome, check  # noqa: E402
from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import seed as hypothesis_seed  # noqa: E402

STRATEGIES = {**INPUT_STRATEGIES, **CONFIG_STRATEGIES}


@dataclass
class Tally:
    tried: int = 0
    codes: Counter[str] = field(default_factory=Counter)
    tracebacks: int = 0
    faulty: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    shown: list[str] = field(default_factory=list)

    def add(self, outcome: Outcome, show: int) -> None:
        self.tried += 1
        self.codes[str(outcome.code)] += 1
        faults = check(outcome)
        if outcome.traceback is not None or b"Traceback" in outcome.stderr:
            self.tracebacks += 1
        if faults:
            self.faulty += 1
            self.kinds[_kind(faults[0])] += 1
            if len(self.shown) < show:
                argv = " ".join(repr(a)[:80] for a in outcome.argv)
                self.shown.append(f"{argv}\n    " + "\n    ".join(f[:2000] for f in faults))


def _kind(fault: str) -> str:
    """A fault in a few words: the exception a traceback ends with, or its first line."""
    lines = [line for line in fault.splitlines() if line.strip()]
    if len(lines) > 1 and lines[0].startswith(("an exception escaped", "a traceback")):
        return lines[-1].split(":")[0][:60]
    return lines[0][:60] if lines else "?"


def run_target(name: str, examples: int, seed: int, show: int) -> Tally:
    strategy, target = STRATEGIES[name]
    tally = Tally()

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def fuzz(args: tuple[Any, ...]) -> None:
        tally.add(target(*args), show)

    hypothesis_seed(seed)(fuzz)()
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=2000, help="inputs per target")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", help="targets to run, comma-separated: " + ", ".join(STRATEGIES))
    parser.add_argument("--subprocess", type=int, help="subprocess runs (default: N/50)")
    parser.add_argument("--resume", type=int, help="headless --resume runs (default: N/20)")
    parser.add_argument("--show", type=int, default=3, help="faults shown per target")
    args = parser.parse_args()
    names = args.only.split(",") if args.only else list(STRATEGIES)
    counts = {name: args.examples for name in names}
    if "subprocess" in counts:
        counts["subprocess"] = args.subprocess or max(1, args.examples // 50)
    for slow in ("save --resume", "config --start"):  # each example starts the screens
        if slow in counts:
            counts[slow] = args.resume or max(1, args.examples // 20)
    os.environ["DUMMY_TUI_HOME"] = tempfile.mkdtemp(prefix="dummy-fuzz-")  # never the real one
    os.environ.setdefault("COLUMNS", "100")
    results: dict[str, tuple[Tally, float]] = {}
    for name in names:
        start = time.perf_counter()
        tally = run_target(name, counts[name], args.seed, args.show)
        results[name] = (tally, time.perf_counter() - start)
        print(f"{name}: {tally.tried} inputs, {tally.tracebacks} tracebacks", file=sys.stderr)
    print(f"seed {args.seed}, {args.examples} examples per target\n")
    head = f"{'target':<15}{'tried':>7}{'exit 0':>8}{'exit 1':>8}{'exit 2':>8}{'other':>7}"
    print(head + f"{'tracebacks':>12}{'faulty':>8}{'seconds':>9}")
    total = Tally()
    for name, (tally, seconds) in results.items():
        other = tally.tried - sum(tally.codes[c] for c in ("0", "1", "2"))
        print(
            f"{name:<15}{tally.tried:>7}{tally.codes['0']:>8}{tally.codes['1']:>8}"
            f"{tally.codes['2']:>8}{other:>7}{tally.tracebacks:>12}{tally.faulty:>8}"
            f"{seconds:>9.1f}"
        )
        total.tried += tally.tried
        total.codes.update(tally.codes)
        total.tracebacks += tally.tracebacks
        total.faulty += tally.faulty
    other = total.tried - sum(total.codes[c] for c in ("0", "1", "2"))
    print(
        f"{'all':<15}{total.tried:>7}{total.codes['0']:>8}{total.codes['1']:>8}"
        f"{total.codes['2']:>8}{other:>7}{total.tracebacks:>12}{total.faulty:>8}"
    )
    for name, (tally, _) in results.items():
        for kind, n in tally.kinds.most_common():
            print(f"{name}: {n} x {kind}")
    for name, (tally, _) in results.items():
        if tally.shown:
            print(f"\n{name}: the first faults")
            for line in tally.shown:
                print("  " + line)
    return 1 if total.faulty else 0


if __name__ == "__main__":
    sys.exit(main())
