"""Invariants over seeded random legal play (OpenSpiel's random_sim_test, for Dummy).

For 2, 3 and 4 players, both presets and a few option combinations:
- the 52 cards are all present exactly once after every action;
- every action ``legal_actions()`` lists is accepted by ``apply``;
- ``legal_actions()`` has no duplicates and is empty only at the end;
- undo within a turn restores the state exactly;
- every round ends within a bounded number of actions;
- the scores follow §10 from their breakdown;
- a round written with ``record_of`` and replayed is the same round;
- text fed as a move is either a legal move or refused with IllegalMoveError.
"""

from __future__ import annotations

import json
import random
from typing import Any

from engine_util import all_cards, dummy, rules, snapshot
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dummy_tui.engine.actions import Discard, Draw, End
from dummy_tui.engine.errors import MoveError
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.melds import meld_kind
from dummy_tui.engine.record import (
    apply_moves,
    dumps_record,
    parse_record,
    record_of,
    replay,
)

SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("dummy", 2, {}),
    ("dummy", 3, {}),
    ("dummy", 4, {}),
    ("dummy-house", 2, {}),
    ("dummy-house", 3, {}),
    ("dummy-house", 4, {}),
    ("dummy", 3, {"layoff_chain": "owner_or_self"}),
    ("dummy", 4, {"layoff_limit": 2}),
    ("dummy", 2, {"pickup_to_layoff": True}),
    ("dummy", 3, {"first_turn_must_draw": True}),
    (
        "dummy-house",
        4,
        {"layoff_chain": "owner_or_self", "layoff_limit": 2, "pickup_to_layoff": True},
    ),
    ("dummy-house", 2, {"first_turn_must_draw": True, "pickup_to_layoff": True}),
]

MAX_ACTIONS = 400  # a round of Dummy takes well under 200 actions


def new_game(setup: tuple[str, int, dict[str, Any]], seed: int) -> DummyRound:
    preset, players, options = setup
    return DummyRound.new(rules(preset, **options), players, seed, starter=seed % players)


def check_state(game: DummyRound) -> None:
    found = all_cards(game)
    assert sorted(found) == list(range(52)), "a card is missing or twice"
    for seat, h in enumerate(game.hands):
        if h == 0:
            assert game.is_over and game.knocker == seat
    for m in game.melds:
        assert meld_kind(m.cards) == m.kind
        assert len(m.layers) == len(m.cards)
        assert m.anchor in m.cards
    assert (game.to_move is None) == game.is_over
    if game.is_over:
        assert game.end in ("knock", "stock_out")
        assert (game.knocker is not None) == (game.end == "knock")


def check_scores(game: DummyRound) -> None:
    for b in game.scores():
        m = b.hand_multiplier
        assert b.total == (b.table + b.knock - b.hand * m) * b.multiplier - b.penalties
        assert b.penalties == sum(p.points for p in b.penalty_items)
        if b.seat != game.knocker:
            assert (b.knock, b.multiplier) == (0, 1)
        assert b.fell == (m != 1) or game.rules.unborn_hand_multiplier == 1
        if b.fell:
            assert game.end == "knock" and not game.born[b.seat]


def play_round(game: DummyRound, rng: random.Random, *, try_all: bool) -> None:
    """Random legal play to the end, checking after every action."""
    born_before = list(game.born)
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, "no legal action before the end"
        assert len(set(legal)) == len(legal), "an action listed twice"
        if try_all:
            for action in legal:
                trial = game.clone()
                trial.apply(action)  # must not raise
                check_state(trial)
        action = rng.choice(legal)
        if not isinstance(action, Discard | End | Draw) and rng.random() < 0.3:
            before = snapshot(game)
            game.apply(action)
            game.undo()
            assert snapshot(game) == before
        game.apply(action)
        check_state(game)
        assert all(game.born[s] or not born_before[s] for s in range(game.players))
        born_before = list(game.born)
        assert len(game.history) <= MAX_ACTIONS, "the round does not end"
    assert game.legal_actions() == []
    check_scores(game)


def assert_same_round(a: DummyRound, b: DummyRound) -> None:
    assert b.moves() == a.moves()
    assert snapshot(b) == snapshot(a)
    if a.is_over:
        assert [x.as_json() for x in b.scores()] == [x.as_json() for x in a.scores()]
        assert b.next_round() == a.next_round()


def round_trip(game: DummyRound, preset: str) -> DummyRound:
    names = [f"P{i}" for i in range(game.players)]
    data = json.loads(dumps_record(record_of(game, names, preset, rules(preset))))
    result = replay(parse_record(data))
    assert result.ok, result.error
    return dummy(result.game)


@settings(max_examples=36, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), setup=st.sampled_from(SETUPS))
def test_random_play_keeps_every_invariant(
    seed: int, setup: tuple[str, int, dict[str, Any]]
) -> None:
    game = new_game(setup, seed)
    check_state(game)
    play_round(game, random.Random(seed), try_all=True)
    assert_same_round(game, round_trip(game, setup[0]))


@settings(max_examples=120, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), setup=st.sampled_from(SETUPS))
def test_rounds_end_and_replay_identically(
    seed: int, setup: tuple[str, int, dict[str, Any]]
) -> None:
    game = new_game(setup, seed)
    play_round(game, random.Random(seed), try_all=False)
    assert_same_round(game, round_trip(game, setup[0]))


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32 - 1),
    setup=st.sampled_from(SETUPS),
    cut=st.integers(0, 150),
)
def test_a_round_cut_off_midway_replays_identically(
    seed: int, setup: tuple[str, int, dict[str, Any]], cut: int
) -> None:
    game = new_game(setup, seed)
    rng = random.Random(seed)
    while not game.is_over and len(game.history) < cut:
        game.apply(rng.choice(game.legal_actions()))
    assert_same_round(game, round_trip(game, setup[0]))


MOVE_LIKE = st.from_regex(
    r"(draw|pick|meld|layoff|discard|knock|end|pass|DRAW|Meld)"
    r"( (10|[2-9TJQKA1]|JK)[CDHSX♣♦♥♠cdhs]?){0,5}",
    fullmatch=True,
)


@settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**32 - 1),
    steps=st.integers(0, 80),
    text=st.one_of(st.text(max_size=40), MOVE_LIKE),
)
def test_text_as_a_move_is_a_move_or_refused(seed: int, steps: int, text: str) -> None:
    game = new_game(SETUPS[seed % len(SETUPS)], seed)
    rng = random.Random(seed)
    while not game.is_over and len(game.history) < steps:
        game.apply(rng.choice(game.legal_actions()))
    before = snapshot(game)
    try:
        action = game.parse_move(text)
        game.apply(action)
    except MoveError:
        assert snapshot(game) == before, "a refused move changed the state"
    else:
        check_state(game)
    # The record path (which also reads `pick`) never raises either.
    other = new_game(SETUPS[seed % len(SETUPS)], seed)
    for _, a in game.history[: len(before["history"])]:
        other.apply(a)
    applied, error, _ = apply_moves(other, [text])
    assert applied in (0, 1)
    if error is not None:
        assert error["index"] == 0 and error["move"] == text and error["message"]
    check_state(other)


def test_random_play_covers_the_interesting_cases() -> None:
    """Random play reaches knocks, stock-outs, falls, fools and penalties."""
    seen: set[str] = set()
    for seed in range(300):
        setup = SETUPS[seed % len(SETUPS)]
        game = new_game(setup, seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        seen.add(str(game.end))
        if game.dark_knock:
            seen.add("dark")
        if game.fool is not None:
            seen.add("fool")
        seen.update(p.kind for p in game.penalty_items)
        if any(b.fell for b in game.scores()):
            seen.add("fell")
    assert {"knock", "stock_out", "fell", "fool", "penalty_discard_layoff"} <= seen, seen
