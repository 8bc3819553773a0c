"""Rulesets: the schema of every option, and loading ``rulesets.toml``."""

from __future__ import annotations

from dummy_tui.rules.loader import (
    RulesetError,
    apply_overrides,
    get_ruleset,
    load_rulesets,
    option_docs,
    parse_option_assignment,
)
from dummy_tui.rules.schema import RULESET_TYPES, DummyRules, Ruleset, RulesetBase

__all__ = [
    "RULESET_TYPES",
    "DummyRules",
    "Ruleset",
    "RulesetBase",
    "RulesetError",
    "apply_overrides",
    "get_ruleset",
    "load_rulesets",
    "option_docs",
    "parse_option_assignment",
]
