"""One registration per family (dummy_tui/families.py): every part it names
exists and every registry of the game is that list, so adding a family is one
entry, and a family left out of one place fails here."""

from __future__ import annotations

import importlib
from dataclasses import fields

import pytest

from dummy_tui import ai
from dummy_tui.engine.families import FAMILIES as ROUNDS
from dummy_tui.families import FAMILIES, Words, family
from dummy_tui.i18n import catalog
from dummy_tui.rules.loader import load_rulesets
from dummy_tui.rules.schema import RULESET_TYPES
from dummy_tui.ui.presenters import PRESENTERS

NAMES = sorted(FAMILIES)


def test_every_registry_is_the_one_list() -> None:
    assert sorted(ROUNDS) == NAMES
    assert sorted(ai.FAMILIES) == NAMES
    assert sorted(PRESENTERS) == NAMES
    assert sorted(RULESET_TYPES) == NAMES
    # every family has a preset of its own name, and every preset a family
    presets = load_rulesets()
    assert set(NAMES) <= set(presets)
    assert {p.family for p in presets.values()} == set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_each_part_a_family_names_exists_and_is_that_familys(name: str) -> None:
    entry = family(name)
    assert RULESET_TYPES[name].__name__ == entry.rules
    assert RULESET_TYPES[name]().family == name
    assert ROUNDS[name].family == name
    assert PRESENTERS[name].family == name
    assert callable(importlib.import_module(entry.players).player)
    module, account = entry.account
    assert isinstance(getattr(importlib.import_module(module), account), type)


@pytest.mark.parametrize("lang", ["en", "th"])
@pytest.mark.parametrize("name", NAMES)
def test_a_familys_words_are_in_both_catalogs(name: str, lang: str) -> None:
    words = family(name).words
    texts = catalog(lang)
    for f in fields(Words):
        key = getattr(words, f.name)
        assert key in texts, f"{name}: {f.name} = {key!r} is not in the {lang} catalog"


def test_an_unknown_family_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="no rummy family named 'canasta'"):
        family("canasta")
