"""The rummy families, one :class:`~dummy_tui.engine.round.Round` subclass each.

:data:`FAMILIES` maps a ruleset's ``family`` to its round class, as
python-chess's ``find_variant`` finds a variant: Dummy is one entry among
four, each registered once in :mod:`dummy_tui.families`.  A family's module
is imported the first time it is asked for, so a game of Dummy starts without
loading the others.  Everything above the
engine (matches, records, ``sim``, the interface) reaches a family through
this registry and never names one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from dummy_tui.engine.deal import Deal
from dummy_tui.engine.round import Round
from dummy_tui.families import FAMILIES as REGISTERED
from dummy_tui.lazy import LazyRegistry
from dummy_tui.rules.schema import RulesetBase

_MODULES: dict[str, tuple[str, str]] = {f.name: f.round for f in REGISTERED.values()}


FAMILIES: Mapping[str, type[Round[Any]]] = LazyRegistry(_MODULES, "no rummy family named {name}")
"""Every family's round class, by the ``family`` of its ruleset."""


def round_type(rules: RulesetBase) -> type[Round[Any]]:
    """The round class of the family ``rules`` belong to."""
    return FAMILIES[rules.family]


def round_from_deal(
    rules: RulesetBase, deal: Deal, starter: int = 0, direction: int = 1
) -> Round[Any]:
    """The round of ``rules``' family with a fixed deal."""
    return round_type(rules)(rules, deal, starter, direction)


def new_round(
    rules: RulesetBase,
    players: int,
    seed: int | random.Random | None = None,
    starter: int = 0,
    direction: int = 1,
) -> Round[Any]:
    """A freshly shuffled round of ``rules``' family."""
    found: Round[Any] = round_type(rules).new(rules, players, seed, starter, direction)
    return found


__all__ = ["FAMILIES", "new_round", "round_from_deal", "round_type"]
