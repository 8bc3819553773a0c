"""Helpers for the engine tests: cards from text, rules with options, hand-built rounds.

Positions in these tests are reached by playing real moves from a fixed
:class:`Deal`; the helpers only save typing.
"""

from __future__ import annotations

import json
import random
from typing import Any

from record_util import dark_knock

from dummy_tui.engine.actions import Action, Discard, LayOff, Meld, Pick, PickLayoff
from dummy_tui.engine.cards import card_text, cards_of, mask_of, parse_card
from dummy_tui.engine.deal import Deal
from dummy_tui.engine.families import new_round
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.melds import TableMeld
from dummy_tui.engine.record import (
    ReplayResult,
    apply_moves,
    parse_record,
    record_of,
    replay,
    result_json,
)
from dummy_tui.engine.round import Round, state_of
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.rules.schema import DummyRules

_RULES: dict[str, DummyRules] = {}


def rules(preset: str = "dummy", **options: Any) -> DummyRules:
    """A preset with some options changed (cached: loading TOML is slow)."""
    key = preset + json.dumps(options, sort_keys=True)
    if key not in _RULES:
        found = get_ruleset(preset, overrides=options or None)
        assert isinstance(found, DummyRules)
        _RULES[key] = found
    return _RULES[key]


def dummy(game: object) -> DummyRound:
    """The round of a Dummy record (records may hold other families' rounds)."""
    assert isinstance(game, DummyRound)
    return game


def card(text: str) -> int:
    return parse_card(text)


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def mask(text: str) -> int:
    return mask_of(cards(text))


def texts(mask_or_cards: int | list[int] | tuple[int, ...]) -> set[str]:
    """Card texts of a mask or a list, as a set (order-free comparisons)."""
    found = cards_of(mask_or_cards) if isinstance(mask_or_cards, int) else mask_or_cards
    return {card_text(c) for c in found}


def hand(game: DummyRound, seat: int) -> set[str]:
    return texts(game.hands[seat])


def make_round(
    hands: list[str],
    upcard: str,
    stock: str = "",
    *,
    ruleset: DummyRules | None = None,
    starter: int = 0,
    direction: int = 1,
    fill: bool = True,
    **options: Any,
) -> DummyRound:
    """A round from a fixed deal; ``stock`` is listed from the top down.  Its rules:
    ``ruleset``, else Dummy's with ``options`` (:func:`rules`).

    With ``fill`` the cards named nowhere follow in canonical deck order (as in
    a record), so all 52 cards are in play; without it the stock is exactly
    ``stock`` (to reach an empty stock quickly).
    """
    hand_cards = [cards(h) for h in hands]
    up = card(upcard)
    top = cards(stock)
    if fill:
        named = {c for h in hand_cards for c in h} | {up} | set(top)
        top += [c for c in range(52) if c not in named]
    deal = Deal(hand_cards, up, top)
    assert ruleset is None or not options, "a ruleset or options, not both"
    return DummyRound(ruleset or rules(**options), deal, starter, direction)


def play(game: DummyRound, *moves: str) -> None:
    """Apply record moves; any refusal fails the test with its message."""
    applied, error, pending = apply_moves(game, list(moves))
    assert error is None, error
    assert pending is None
    assert applied == len(moves)


def hearts_deal(**options: Any) -> DummyRound:
    """Seat 0 holds 5♥ 6♥ 2♣ 3♦ 4♥ under the head 7♥, seat 1 holds 9♠ 8♥ J♦ 4♣ Q♦,
    and 10♠ tops the stock: the deal of the ``pickup_to_layoff`` tests."""
    return make_round(["5H 6H 2C 3D 4H", "9S 8H JD 4C QD"], "7H", "10S", **options)


def born_facing_4h_8h(**options: Any) -> DummyRound:
    """:func:`hearts_deal` two turns on: seat 0 is born with 5♥ 6♥ 7♥ on the table
    (the head picked up), holds 2♣ 3♦ and faces the row 4♥ 8♥."""
    game = hearts_deal(**options)
    play(game, "pick 7H", "meld 5H 6H 7H", "discard 4H", "draw", "discard 8H")
    assert game.seat == 0 and game.born[0]
    assert game.discards == [card("4H"), card("8H")]
    return game


def pick(chosen: str, meld: str) -> Pick:
    return Pick(card(chosen), tuple(sorted(cards(meld))))


def pick_layoff(game: DummyRound, chosen: str, target: str) -> PickLayoff:
    index = game.find_meld(card(target))
    assert index is not None
    return PickLayoff(card(chosen), index)


def listed_pickups(game: DummyRound) -> set[tuple[object, ...]]:
    """The pick-ups ``game`` lists, keyed as the referee's ``pickups`` keys them:
    ``("pick", card, meld cards)`` and ``("pick_layoff", card, target, low)``."""
    listed: set[tuple[object, ...]] = set()
    for action in game.legal_actions():
        if isinstance(action, Pick):
            listed.add(("pick", action.card, action.meld))
        elif isinstance(action, PickLayoff):
            listed.add(("pick_layoff", action.card, action.target, action.low))
    return listed


def meld(text: str) -> Meld:
    return Meld(tuple(sorted(cards(text))))


def layoff(game: DummyRound, chosen: str, target: str) -> LayOff:
    index = game.find_meld(card(target))
    assert index is not None
    return LayOff(card(chosen), index)


def discard(text: str) -> Discard:
    return Discard(card(text))


def all_cards(game: Round[Any]) -> list[int]:
    """Every card of the round wherever it is (hands, stock, row, table, burned, knock)."""
    out: list[int] = []
    for h in game.hands:
        out += cards_of(h)
    out += game.stock
    out += game.discards
    for m in game.melds:
        out += m.cards
    if isinstance(game, DummyRound):
        out += game.burned
    if game.out_card is not None and game.out_card not in game.discards:
        out.append(game.out_card)  # Dummy's knock card lies face down, off the row
    return out


def snapshot(game: Round[Any]) -> dict[str, Any]:
    """The whole state of a round, every field of it (the rules and the deal, which
    never change, aside), and the legal actions: for exact before/after comparisons.

    Taken from the round's own attributes, so a field added to a family is
    compared too without this helper knowing of it; the ones named with a
    leading underscore are caches of the others (the legal list, what fits
    the table) and are left out.  Lists are copied, and the
    melds in them (the only mutable things they hold; actions are frozen).
    """
    state: dict[str, Any] = {}
    for name, value in state_of(game).items():
        if name in ("rules", "deal") or name.startswith("_"):
            continue  # the rules and the deal never change; _names are caches of the rest
        if isinstance(value, list):
            value = [m.copy() if isinstance(m, TableMeld) else m for m in value]
        state[name] = value
    state["legal"] = game.legal_actions()
    return state


def totals(game: DummyRound) -> list[int]:
    return [b.total for b in game.scores()]


def first(actions: list[Action], kind: type) -> Action:
    return next(a for a in actions if isinstance(a, kind))


def row_of_three() -> DummyRound:
    """Three players, seat 1 starts; seats 1 and 2 draw and discard 2♦ and 9♠.

    Seat 0 then holds 5♥ 6♥ 8♥ 9♣ 9♦ 9♥ and faces the row 7♥ (head) 2♦ 9♠.
    """
    game = make_round(
        ["5H 6H 8H 9C 9D 9H", "2D KC QD 4S 3C 10S", "9S 10C JD 2H 3H AS"],
        "7H",
        "JS 4D",
        starter=1,
    )
    play(game, "draw", "discard 2D", "draw", "discard 9S")
    assert game.seat == 0
    assert game.discards == [card("7H"), card("2D"), card("9S")]
    return game


# The worked example at the end of dummy-rules.md, as played in test_scoring.py:
# seats A = 0, B = 1, C = 2, D = 3; head card 9♣; B knocks with 3♥.
EXAMPLE_STOCK = "2S KH 7D 3S 4S 5S 3H"
EXAMPLE_HANDS = [
    "9S 9H 10D KC 4C",
    "7C 7H 4D 5D 6D QS KS AS 8S",
    "2C 5H",
    "JH QH AD 2D",
]
EXAMPLE_MOVES = [
    "pick 9C", "meld 9C 9H 9S", "discard 4C",
    "draw", "discard 2S",
    "draw", "discard KH",
    "pick KH", "meld JH QH KH", "discard 2D",
    "draw", "discard 7D",
    "pick 7D", "meld 7C 7D 7H", "discard 8S",
    "draw", "discard 3S",
    "draw", "discard 4S",
    "draw", "discard 5S",
    "draw", "meld 4D 5D 6D", "meld QS KS AS", "knock 3H",
]  # fmt: skip


def base_record(**changes: Any) -> dict[str, Any]:
    """Four players: seat 0 draws 6♥ and dark-knocks."""
    return dark_knock(**{"starter": 0, **changes})


# ---------------------------------------------------------------------------
# Records of any family


def play_record(
    ruleset: str,
    hands: list[str],
    upcard: str,
    moves: list[str],
    stock: str = "",
    options: dict[str, Any] | None = None,
    starter: int = 0,
) -> tuple[ReplayResult, dict[str, Any]]:
    """Replay a record made of these parts; returns the result and its JSON."""
    data = {
        "format": "dummy-tui-record/1",
        "ruleset": ruleset,
        "options": options or {},
        "players": [f"P{i}" for i in range(len(hands))],
        "starter": starter,
        "deal": {"hands": [h.split() for h in hands], "upcard": upcard, "stock": stock.split()},
        "moves": moves,
    }
    result = replay(parse_record(data))
    return result, result_json(result)


def random_round(ruleset: str, players: int, seed: int, prefer: type | None = None) -> Round[Any]:
    """A round played to its end by random legal moves (``prefer``: take that kind first)."""
    rules = get_ruleset(ruleset)
    rng = random.Random(seed)
    game = new_round(rules, players, rng, starter=seed % players)
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        wanted = [a for a in legal if prefer is not None and isinstance(a, prefer)]
        game.apply(rng.choice(wanted or legal))
        steps += 1
        assert steps < 3000
    return game


def round_trip(game: Round[Any], ruleset: str) -> dict[str, Any]:
    """Write the round as a record, replay it, and return the replay's JSON."""
    data = record_of(game, [f"P{i}" for i in range(game.players)], ruleset)
    result = replay(parse_record(data))
    assert result.ok, result.error
    return result_json(result)
