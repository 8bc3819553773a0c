"""Random playouts of every family: cards conserved, legal actions apply, rounds end,
records replay to the same outcome, views hide the other hands."""

from __future__ import annotations

import random
from typing import Any

from family_util import round_trip
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


def _conserved(game: Round[Any]) -> int:
    return (
        sum(h.bit_count() for h in game.hands)
        + len(game.stock)
        + len(game.row)
        + sum(len(m.cards) for m in game.melds)
    )


@settings(max_examples=25, deadline=None)
@given(family=st.sampled_from(FAMILIES), seed=st.integers(0, 10**6), knock=st.booleans())
def test_random_play(family: tuple[str, int], seed: int, knock: bool) -> None:
    name, players = family
    rules = RULES[name]
    rng = random.Random(seed)
    game = new_round(rules, players, rng, starter=seed % players)
    deck = rules.deck_size()
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        knocks = [a for a in legal if isinstance(a, Knock)]
        action = rng.choice(knocks if knock and knocks else legal)
        game.check(action)
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        assert view.hand == game.hand(seat)
        assert sum(view.hand_counts) == sum(h.bit_count() for h in game.hands)
        game.apply(action)
        assert _conserved(game) == deck
        steps += 1
        assert steps < 3000
    assert game.legal_actions() == []
    assert game.end in ("knock", "dead")
    rows = game.scores()
    assert [r.seat for r in rows] == list(range(players))
    if game.end == "dead" and name.startswith("gin"):
        assert all(r.total == 0 for r in rows)
    if name == "persian":
        assert rows[0].total == rows[2].total and rows[1].total == rows[3].total
    # the record of the round replays to the same outcome
    replayed = round_trip(game, name)
    assert replayed["round_over"] is True
    assert replayed["scores"] == [r.total for r in rows]
    assert replayed["breakdown"] == [r.as_json() for r in rows]
    assert replayed["end"] == game.end and replayed["knocker"] == game.knocker


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    for name, players in FAMILIES:
        game = new_round(RULES[name], players, 1)
        before = game.moves()
        hand_before = list(game.hands)
        try:
            game.apply(Knock(0))
        except IllegalMoveError as exc:
            assert str(exc).split(":")[0]
        else:
            raise AssertionError(f"{name}: a knock before taking was accepted")
        assert game.moves() == before and game.hands == hand_before


def test_clone_and_undo_keep_the_round_apart() -> None:
    for name, players in FAMILIES:
        game = new_round(RULES[name], players, 5)
        game.apply(game.legal_actions()[0])
        copy = game.clone()
        while not copy.is_over:
            copy.apply(copy.legal_actions()[0])
        assert not game.is_over
        if game.can_undo():
            game.undo()
            assert game.history == []


def test_result_json_of_a_round_in_progress() -> None:
    from dummy_tui.engine.record import ReplayResult

    game = new_round(RULES["gin"], 2, 3)
    out = result_json(ReplayResult(game, ["A", "B"], 0))
    assert out["end"] is None and out["scores"] is None and out["to_move"] == 0
