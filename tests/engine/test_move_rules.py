"""The copy of the house rules the moves read (:class:`MoveRules`) cannot drift
from the ruleset: the same names and types as :class:`DummyRules`, the same
values in every round, and the engine reads those fields from the copy only."""

from __future__ import annotations

import re
import typing
from dataclasses import fields
from pathlib import Path
from typing import Any

from house_rules_util import house_rules
from hypothesis import given, settings

import dummy_tui.engine
from dummy_tui.engine.families import dummy_move_rules
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.families.dummy_move_rules import MoveRules
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.rules.schema import DummyRules

COPIED = [f.name for f in fields(MoveRules)]


def test_every_copied_field_has_the_rulesets_name_and_type() -> None:
    schema = typing.get_type_hints(DummyRules)
    copy = typing.get_type_hints(MoveRules)
    # a compiled build erases the class's annotations (a Literal reads as type):
    # the pure build's run compares the types
    compiled = not str(getattr(dummy_move_rules, "__file__", "")).endswith(".py")
    for name in COPIED:
        assert name in DummyRules.model_fields, f"MoveRules.{name} is no rule"
        if not compiled:
            assert copy[name] == schema[name], f"MoveRules.{name}: {copy[name]} ≠ {schema[name]}"


@settings(max_examples=25, deadline=None, derandomize=True)
@given(options=house_rules())
def test_a_round_reads_the_rules_it_was_given(options: dict[str, Any]) -> None:
    base = get_ruleset("dummy-house")
    rules = DummyRules.model_validate({**base.model_dump(), **options})
    game = DummyRound.new(rules, 3, 7)
    for name in COPIED:
        assert getattr(game.move_rules, name) == getattr(rules, name), name


def test_the_engine_reads_the_copied_fields_from_the_copy_only() -> None:
    root = Path(dummy_tui.engine.__file__).parent
    pattern = re.compile(r"(?<![\w.])(?:\w+\.)?rules\.(" + "|".join(COPIED) + r")\b")
    found = []
    for path in sorted(root.rglob("dummy*.py")):
        if path.name == "dummy_move_rules.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in pattern.finditer(line):
                if not match.group(0).startswith("move_rules"):
                    found.append(f"{path.name}:{number}: {match.group(0)}")
    assert not found, "read from the ruleset beside its copy:\n" + "\n".join(found)
