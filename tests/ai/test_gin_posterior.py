"""The measuring stick that reads OpenSpiel's gin bot by its own rule
(``benchmarks/gin_posterior.py``): the rule as the bot plays it, and hands
weighed by it."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

from dummy_tui.engine.cards import CARDS_52, parse_card

ROOT = Path(__file__).resolve().parents[2]


def load() -> ModuleType:
    path = ROOT / "benchmarks" / "gin_posterior.py"
    spec = importlib.util.spec_from_file_location("gin_posterior", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


def mask(*texts: str) -> int:
    m = 0
    for t in texts:
        m |= 1 << parse_card(t)
    return m


def test_the_bot_throws_its_highest_ranked_card_outside_its_melds() -> None:
    rule = load().BotRule(10)
    # melds 3C 4C 5C and 8D 8H 8S; left out 2H 6D 9C JH KS, 37 points (a king is highest)
    hand = mask("3C", "4C", "5C", "8D", "8H", "8S", "2H", "6D", "9C", "JH", "KS")
    assert rule.throws(hand, parse_card("KS"))
    assert not rule.throws(hand, parse_card("JH"))  # lower than the king
    assert not rule.throws(hand, parse_card("4C"))  # in a meld


def test_the_bot_knocks_rather_than_throw_when_it_can() -> None:
    rule = load().BotRule(10)
    # melds 3C 4C 5C 6C, 8D 8H 8S, JS QS KS; left out 2H (2 points) after throwing one
    hand = mask("3C", "4C", "5C", "6C", "8D", "8H", "8S", "JS", "QS", "KS", "2H")
    assert not rule.throws(hand, parse_card("2H"))


def test_the_bot_takes_a_card_that_melds_and_leaves_one_that_does_not() -> None:
    rule = load().BotRule(10)
    hand = mask("7C", "7D", "2H", "9S", "JD", "KC", "4S", "QH", "3D", "AC")
    assert rule.takes(hand, parse_card("7H"))  # a set of three sevens
    assert not rule.takes(hand, parse_card("5H"))  # melds with nothing


def test_a_card_the_bot_let_go_is_read_as_less_likely_to_meld_with_its_hand() -> None:
    gp = load()
    seven = parse_card("7H")
    mine = mask("2C", "3D", "4H", "5S", "6C", "8D", "9H", "10S", "JC", "QD")
    king = parse_card("KS")
    unseen = CARDS_52 & ~mine & ~(1 << seven) & ~(1 << king)
    pool = [c for c in range(52) if unseen >> c & 1]
    # it left the seven on the pile, drew, and threw the king
    told = gp.Story([("decline", seven), ("draw", -1), ("discard", king)], 10, 10)
    blind = gp.Story([("draw", -1), ("discard", king)], 10, 10)
    read = gp.read_bot(told, pool, [seven], random.Random(1))[seven]
    prior = gp.read_bot(blind, pool, [seven], random.Random(1))[seven]
    assert read < prior / 2, (read, prior)
