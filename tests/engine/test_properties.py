"""Invariants over random legal play (OpenSpiel's random_sim_test, for Dummy).

The choices are drawn through hypothesis (``randoms()``), so that a failure
shrinks to a small game; one test plays seeded rounds with ``random.Random``.

For 2, 3 and 4 players, both presets and a few option combinations:
- the 52 cards are all present exactly once after every action;
- every action ``legal_actions()`` lists is accepted by ``apply``;
- ``legal_actions()`` has no duplicates and is empty only at the end;
- undo within a turn restores the state exactly;
- every round ends within a bounded number of actions;
- the scores follow §8-§10, worked out again from the cards and the moves;
- a round written with ``record_of`` and replayed is the same round;
- text fed as a move is either a legal move or refused with IllegalMoveError.
"""

from __future__ import annotations

import json
import random
from typing import Any

from engine_util import all_cards, dummy, rules, snapshot
from house_rules_util import house_rules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dummy_tui.engine.actions import Discard, Draw, End, Pick, PickLayoff
from dummy_tui.engine.cards import RANKS, cards_of, parse_card
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

Setup = tuple[str, int, dict[str, Any]]
"""A preset, a player count and options changed from the preset."""

SETUPS: list[Setup] = [
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


def new_game(setup: Setup, rng: random.Random | int) -> DummyRound:
    """A shuffled round of ``setup``: from hypothesis's ``randoms()`` (so that a
    failure shrinks to a small deal and few choices) or from a seed."""
    preset, players, options = setup
    rng = rng if isinstance(rng, random.Random) else random.Random(rng)
    return DummyRound.new(rules(preset, **options), players, rng, starter=rng.randrange(players))


def check_state(game: DummyRound) -> None:
    found = all_cards(game)
    assert sorted(found) == list(range(52)), "a card is missing or twice"
    for seat, h in enumerate(game.hands):
        if h == 0:
            assert game.is_over and game.went_out == seat
    for m in game.melds:
        assert meld_kind(m.cards, both=game.both) == m.kind
        assert len(m.layers) == len(m.cards)
        assert m.anchor in m.cards
    assert (game.to_move is None) == game.is_over
    if game.is_over:
        assert game.end in ("knock", "stock_out")
        assert (game.went_out is not None) == (game.end == "knock")


def points_of(game: DummyRound, card: int) -> int:
    """What a card counts, read from the rules (§1, §10's head card)."""
    r = game.rules
    speto = {parse_card(t) for t in r.speto_cards}
    if card == game.head and r.head_card_points:
        return r.head_card_speto_points if card in speto else r.head_card_points
    return r.speto_points if card in speto else r.rank_points[RANKS[card % 13]]


def expected_totals(game: DummyRound) -> list[int]:
    """Each seat's round score worked out from the cards and the moves (§8-§10),
    not from the breakdown the engine builds: who laid which card on the table,
    what is left in each hand, the knock card, whether the knocker was born
    before the knocking turn, whether a pick-up of the previous discard made a
    fool, and the penalties charged during play."""
    r = game.rules
    laid: dict[int, list[int]] = {s: [] for s in range(game.players)}
    for m in game.melds:
        for c, layer in zip(m.cards, m.layers, strict=True):
            laid[layer].append(c)
    charged = [0] * game.players
    for p in game.penalty_items:
        if p.kind != "fool_penalty":
            charged[p.seat] += p.points
    knocker = game.went_out
    turn = game.history[game.turn_start :]  # the last turn: the knock's, if any
    before = game.history[: game.turn_start]
    if knocker is not None:
        discards = [(s, a.card) for s, a in before if isinstance(a, Discard)]
        if discards:
            prev_seat, prev_card = discards[-1]
            if any(isinstance(a, Pick | PickLayoff) and a.card == prev_card for _, a in turn):
                charged[prev_seat] += r.fool_penalty  # โง่
    totals = []
    for seat in range(game.players):
        table = sum(points_of(game, c) for c in laid[seat])
        hand = sum(points_of(game, c) for c in cards_of(game.hands[seat]))
        base = table - hand
        born = any(isinstance(a, Pick | PickLayoff) for s, a in game.history if s == seat)
        if knocker is not None and seat != knocker and not born:
            base = table - hand * r.unborn_hand_multiplier  # ตกตึก
        if seat == knocker:
            assert game.out_card is not None
            kc = game.out_card
            speto = {parse_card(t) for t in r.speto_cards}
            knock = r.speto_knock_points if kc in speto else r.knock_points
            fits = any(m.fits(kc, seat, r.layoff_chain) for m in game.melds)
            if r.layoff_knock_bonus and fits:  # the limit is not looked at (§12)
                knock += r.layoff_knock_bonus
            base += knock
            if not any(isinstance(a, Pick | PickLayoff) for s, a in before if s == seat):
                base *= r.dark_knock_multiplier  # น็อคมืด
            if len({c // 13 for c in [*laid[seat], kc]}) == 1:
                base *= r.one_suit_knock_multiplier  # น็อคสี
        totals.append(base - charged[seat])
    return totals


def check_scores(game: DummyRound) -> None:
    rows = game.scores()
    assert [b.total for b in rows] == expected_totals(game)
    table_cards = [c for m in game.melds for c in m.cards]
    assert sum(b.table for b in rows) == sum(points_of(game, c) for c in table_cards)
    assert [b.hand for b in rows] == [
        sum(points_of(game, c) for c in cards_of(h)) for h in game.hands
    ]


def check_house_scores(game: DummyRound) -> None:
    """The scores under any house rules (§14): in money every round sums to zero and
    each seat's three parts add up to its units; in points each seat but the
    knocker scores its table less its hand (fallen: times the multiplier), less
    what it was charged, plus a show."""
    r = game.rules
    rows = game.scores()
    n = game.players
    if r.scoring == "money":
        assert sum(b.total for b in rows) == 0, "money does not sum to zero"
        for b in rows:
            assert b.money is not None
            assert b.money.result + b.money.bonuses + b.money.penalties == b.total
            assert 0 <= b.money.tier <= 3
            charges = [p for p in game.penalty_items if p.seat == b.seat]
            charges = [
                p for p in charges if p.kind not in ("fool_penalty", "penalty_speto_laid_off")
            ]
            assert b.penalties == (n - 1) * len(charges)
        return
    knocked = game.end == "knock"
    for b in rows:
        if b.seat == game.went_out:
            continue
        table = 0
        for m in game.melds:
            for c, layer in zip(m.cards, m.layers, strict=True):
                if layer != b.seat:
                    continue
                above_king = m.kind == "run" and c % 13 == 12 and not m.ace_low and m.lo > 0
                if (
                    above_king
                    and r.ace_high_run_points
                    and points_of(game, c) == r.rank_points["A"]
                ):
                    table += r.ace_high_run_points
                else:
                    table += points_of(game, c)
        hand = sum(points_of(game, c) for c in cards_of(game.hands[b.seat]))
        fell = not game.born[b.seat] and (knocked or r.stock_out_fall)
        charged = sum(p.points for p in game.penalty_items if p.seat == b.seat)
        shown = r.show_speto_points if game.shown[b.seat] else 0
        multiplier = r.unborn_hand_multiplier if fell else 1
        assert b.total == table - hand * multiplier - charged + shown, b


def play_round(game: DummyRound, rng: random.Random, *, try_all: bool, house: bool = False) -> None:
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
    if house:
        check_house_scores(game)
    else:
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
@given(rng=st.randoms(use_true_random=False), setup=st.sampled_from(SETUPS))
def test_random_play_keeps_every_invariant(rng: random.Random, setup: Setup) -> None:
    game = new_game(setup, rng)
    check_state(game)
    play_round(game, rng, try_all=True)
    assert_same_round(game, round_trip(game, setup[0]))


@settings(max_examples=50, deadline=None, derandomize=True)
@given(rng=st.randoms(use_true_random=False), setup=st.sampled_from(SETUPS))
def test_rounds_end_and_replay_identically(rng: random.Random, setup: Setup) -> None:
    game = new_game(setup, rng)
    play_round(game, rng, try_all=False)
    assert_same_round(game, round_trip(game, setup[0]))


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    rng=st.randoms(use_true_random=False),
    setup=st.sampled_from(SETUPS),
    cut=st.integers(0, 150),
)
def test_a_round_cut_off_midway_replays_identically(
    rng: random.Random, setup: Setup, cut: int
) -> None:
    game = new_game(setup, rng)
    while not game.is_over and len(game.history) < cut:
        game.apply(rng.choice(game.legal_actions()))
    assert_same_round(game, round_trip(game, setup[0]))


MOVE_LIKE = st.from_regex(
    r"(draw|pick|meld|layoff|discard|knock|end|pass|DRAW|Meld)"
    r"( (10|[2-9TJQKA1]|JK)[CDHSX♣♦♥♠cdhs]?){0,5}",
    fullmatch=True,
)


@settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    rng=st.randoms(use_true_random=False),
    setup=st.sampled_from(SETUPS),
    steps=st.integers(0, 80),
    text=st.one_of(st.text(max_size=40), MOVE_LIKE),
)
def test_text_as_a_move_is_a_move_or_refused(
    rng: random.Random, setup: Setup, steps: int, text: str
) -> None:
    game = new_game(setup, rng)
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
    other = game.fresh()
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


HOUSE_RULES = house_rules()


@settings(max_examples=40, deadline=None, derandomize=True)
@given(
    rng=st.randoms(use_true_random=False),
    preset=st.sampled_from(["dummy", "dummy-house"]),
    players=st.integers(2, 4),
    options=HOUSE_RULES,
    try_all=st.booleans(),
)
def test_house_rules_keep_every_invariant(
    rng: random.Random, preset: str, players: int, options: dict[str, Any], try_all: bool
) -> None:
    """Random play under random house rules (§14): every legal action applies, undo
    restores the state, cards are conserved, the scores add up, records replay."""
    game = new_game((preset, players, options), rng)
    play_round(game, rng, try_all=try_all, house=True)
    names = [f"P{i}" for i in range(players)]
    base = rules(preset)
    data = json.loads(dumps_record(record_of(game, names, preset, base)))
    again = dummy(replay(parse_record(data)).game)
    assert_same_round(game, again)
