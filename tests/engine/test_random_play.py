"""Random playouts of every family (OpenSpiel's random_sim_test), with the checks the
Dummy property tests make: every legal action applies (each one tried on a clone),
undo restores every field of the state, cards are conserved, views hide the other
hands, rounds end, and a record of the round replays to the same outcome."""

from __future__ import annotations

import random
from typing import Any

from engine_util import all_cards, round_trip, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from dummy_tui.engine.actions import Knock
from dummy_tui.engine.errors import IllegalMoveError
from dummy_tui.engine.families import new_round
from dummy_tui.engine.record import result_json
from dummy_tui.engine.round import Round
from dummy_tui.rules.loader import get_ruleset

FAMILIES = [
    ("gin", 2),
    ("gin-openspiel", 2),
    ("rummy", 2),
    ("rummy", 3),
    ("rummy", 4),
    ("persian", 4),
]
RULES = {name: get_ruleset(name) for name, _ in FAMILIES}


def check_state(game: Round[Any]) -> None:
    cards = all_cards(game)
    assert sorted(cards) == list(range(game.rules.deck_size())), "a card is missing or twice"
    for m in game.melds:
        assert len(m.layers) == len(m.cards) and m.anchor in m.cards
        assert m.mask.bit_count() == len(m.cards)
    assert (game.to_move is None) == game.is_over
    if game.is_over:
        assert game.end in ("knock", "dead")
        assert (game.went_out is not None) == (game.end == "knock")


def check_view(game: Round[Any]) -> None:
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    assert view.family == game.family and view.hand == game.hand(seat)
    assert view.hand_counts == [h.bit_count() for h in game.hands]
    assert view.teams == [game.team_of(s) for s in range(game.players)]
    hidden = {c for s in range(game.players) if s != seat for c in game.hand(s)}
    assert hidden.isdisjoint(view.hand) and hidden.isdisjoint(view.discards)


@settings(max_examples=12, deadline=None, derandomize=True)
@given(family=st.sampled_from(FAMILIES), rng=st.randoms(use_true_random=False), knock=st.booleans())
def test_random_play(family: tuple[str, int], rng: random.Random, knock: bool) -> None:
    name, players = family
    game = new_round(RULES[name], players, rng, starter=rng.randrange(players))
    check_state(game)
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        assert legal and len(set(legal)) == len(legal), "no action, or one listed twice"
        for action in legal:
            trial = game.clone()
            trial.apply(action)  # every listed action is accepted
            check_state(trial)
        check_view(game)
        knocks = [a for a in legal if isinstance(a, Knock)]
        action = rng.choice(knocks if knock and knocks else legal)
        if rng.random() < 0.3:  # undo it, if the rules let it be taken back
            before = snapshot(game)
            game.apply(action)
            if game.can_undo():
                game.undo()
                assert snapshot(game) == before, "undo did not restore the state"
                game.apply(action)
        else:
            game.apply(action)
        check_state(game)
        steps += 1
        assert steps < 3000, "the round does not end"
    assert game.legal_actions() == []
    rows = game.scores()
    assert [r.seat for r in rows] == list(range(players))
    # the record of the round replays to the same outcome
    replayed = round_trip(game, name)
    assert replayed["round_over"] is True
    assert replayed["scores"] == [r.total for r in rows]
    assert replayed["breakdown"] == [r.as_json() for r in rows]
    assert replayed["end"] == game.end and replayed["knocker"] == game.went_out


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    for name, players in FAMILIES:
        game = new_round(RULES[name], players, 1)
        before = snapshot(game)
        try:
            game.apply(Knock(0))
        except IllegalMoveError as exc:
            assert exc.rule in ("take_first", "upcard_offer", "never")
        else:
            raise AssertionError(f"{name}: a knock before taking was accepted")
        assert snapshot(game) == before


def test_clone_and_undo_keep_the_round_apart() -> None:
    for name, players in FAMILIES:
        game = new_round(RULES[name], players, 5)
        game.apply(game.legal_actions()[0])
        before = snapshot(game)
        copy = game.clone()
        while not copy.is_over:
            copy.apply(copy.legal_actions()[0])
        assert snapshot(game) == before, f"{name}: playing a clone changed the round"


def test_result_json_of_a_round_in_progress() -> None:
    from dummy_tui.engine.record import ReplayResult

    game = new_round(RULES["gin"], 2, 3)
    out = result_json(ReplayResult(game, ["A", "B"], 0))
    assert out["end"] is None and out["scores"] is None and out["to_move"] == 0
