"""Inputs made to break the command line, a few of each kind, through its real
entry point: every answer is an exit code of 0, 1 or 2, with no traceback,
UTF-8 output and, for ``replay --json``, one JSON object.

The same strategies run long in ``benchmarks/fuzz.py``; here the examples are
few and always the same (``derandomize``), so that the suite stays quick and
repeatable.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from fuzz_config import CONFIG_STRATEGIES
from fuzz_inputs import STRATEGIES, check
from hypothesis import HealthCheck, given, settings

EXAMPLES = {
    "record": 120,
    "rules file": 80,
    "options": 80,
    "save": 80,
    "save --resume": 3,
    "command line": 120,
    "subprocess": 5,
    "config file": 80,
    "config --start": 3,
}
"""Examples per target: about ten seconds in all, the most of it in the few
that start a process or the screens."""
SLOW = {"save --resume", "subprocess", "config --start"}
"""Targets whose every example starts a process or the screens."""
TARGETS = {**STRATEGIES, **CONFIG_STRATEGIES}


def _fuzz(name: str) -> Any:
    strategy, target = TARGETS[name]

    @settings(
        max_examples=EXAMPLES[name],
        # far above what an example takes: one over it hangs or prints a flood
        deadline=timedelta(seconds=30 if name in SLOW else 3),
        derandomize=True,
        database=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.large_base_example,
        ],
    )
    @given(strategy)
    def run(args: tuple[Any, ...]) -> None:
        outcome = target(*args)
        faults = check(outcome)
        assert not faults, f"{outcome.argv!r}:\n" + "\n".join(faults)

    return run


def test_the_targets_are_the_strategies() -> None:
    assert set(EXAMPLES) == set(TARGETS)


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_fuzzed_inputs_get_an_answer_not_a_traceback(name: str) -> None:
    _fuzz(name)()
