"""The inputs that broke the command line once, through the fuzzing targets
and their checks: the suite's few random examples might miss them, these
never do."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from fuzz_inputs import BUILT_IN_RECORDS, SEED_SAVES, STRATEGIES, check

DEEP = "[" * 500 + "]" * 500
PRESET = '[presets.mine]\nfamily = "dummy"\n'


def _record(**changes: Any) -> bytes:
    record = {**copy.deepcopy(BUILT_IN_RECORDS[0]), **changes}
    return json.dumps(record).encode()  # "\ud800" goes in as the JSON escape


def _save(*, drop: str = "", name: str = "Ann") -> bytes:
    save = copy.deepcopy(SEED_SAVES[0])
    save["setup"]["seats"][0]["name"] = name
    save.pop(drop, None)
    return json.dumps(save).encode()


MOVES = BUILT_IN_RECORDS[0]["moves"]
NAMES = BUILT_IN_RECORDS[0]["players"]
KNOWN: list[tuple[str, str, tuple[Any, ...]]] = [
    ("toml-500-deep", "rules file", ((PRESET + f"description = {DEEP}\n").encode(), "rules", "")),
    (
        "toml-500-deep-replay",
        "rules file",
        ((PRESET + f"description = {DEEP}\n").encode(), "replay --json", ""),
    ),
    (
        "toml-300-deep",
        "rules file",
        ((PRESET + "description = " + "[" * 300 + "]" * 300 + "\n").encode(), "rules", ""),
    ),
    (
        "toml-long-int",
        "rules file",
        ((PRESET + "knock_points = " + "9" * 5000).encode(), "rules", ""),
    ),
    ("options-600-deep-sim", "options", (["knock_points=" + "[" * 600 + "]" * 600], "sim")),
    ("options-600-deep-play", "options", (["knock_points=" + "[" * 600 + "]" * 600], "play")),
    ("options-long-int", "options", (["knock_points=" + "9" * 5000], "sim")),
    ("options-knock-10e24", "options", ([f"knock_points={10**24}"], "sim")),
    ("options-target-2e63", "options", ([f"target_score={2**63}"], "play")),
    ("options-layoff-2e64", "options", ([f"layoff_limit={2**64 + 1}"], "sim")),
    ("record-surrogate-move", "record", (_record(moves=[*MOVES[:2], "dra\ud800w"]), True)),
    ("record-surrogate-name", "record", (_record(players=["A\ud800", *NAMES[1:]]), False)),
    ("record-megabyte-name", "record", (_record(players=["N" * 1_000_000, *NAMES[1:]]), False)),
    ("record-surrogate-option", "record", (_record(options={"speto_cards": ["2C\ud800"]}), True)),
    ("options-surrogate-value", "options", (["r=\udbff"], "sim")),
    ("rules-no-value", "command line", (["--rules"],)),
    ("rules-empty", "command line", (["--rules="],)),
    ("rules-empty-too", "command line", (["rules", "--rules", ""],)),
    ("file-name-surrogate", "command line", (["rules", "--rules", "\udc00"],)),
    ("file-name-nul", "command line", (["replay", "a\x00b", "--json"],)),
    ("save-surrogate-name", "save", (_save(name="A\ud800"),)),
    ("save-no-format", "save", (_save(drop="format"),)),
    ("save-no-format-resumed", "save --resume", (_save(drop="format"),)),
    # through python -m dummy_tui, its output strictly UTF-8
    (
        "subprocess-surrogate-move",
        "subprocess",
        ("record", _record(moves=[*MOVES[:2], "dra\ud800w"]), True),
    ),
    ("subprocess-rules-empty", "subprocess", ("command line", ["rules", "--rules="], False)),
]


@pytest.mark.parametrize(("target", "args"), [k[1:] for k in KNOWN], ids=[k[0] for k in KNOWN])
def test_an_input_that_broke_the_command_line_once(target: str, args: tuple[Any, ...]) -> None:
    outcome = STRATEGIES[target][1](*args)
    faults = check(outcome)
    assert not faults, "\n".join(faults)
