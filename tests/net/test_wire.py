"""What goes over the wire: a seat's view and back, the shadow round a terminal
plays on, a move in records.md's notation and back, a table's address."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from record_util import ace_at_either_end

from dummy_tui.engine.actions import LayOff
from dummy_tui.engine.families import new_round
from dummy_tui.engine.record import apply_moves, parse_record, replay
from dummy_tui.engine.round import Round
from dummy_tui.families import FAMILIES
from dummy_tui.net.protocol import action_from_words, move_words, view_json, view_of
from dummy_tui.net.remote import parse_address
from dummy_tui.net.shadow import shadow_round
from dummy_tui.rules import get_ruleset
from dummy_tui.rules.loader import load_rulesets
from dummy_tui.rules.schema import RULESET_TYPES

PRESETS = {
    name: [preset for preset, rules in load_rulesets().items() if rules.family == name]
    for name in FAMILIES
}
"""Every shipped preset, by the family it plays."""


@pytest.mark.parametrize("family", list(FAMILIES))
@settings(max_examples=8, deadline=None)
@given(data=st.data())
def test_a_seats_view_crosses_the_wire_and_plays_as_the_round_does(
    family: str, data: st.DataObject
) -> None:
    """At every position of a random round of each family: the view read back
    equals the view sent; the shadow round made from it offers the real
    round's moves, refuses what it refuses for the same rule, and shows its
    seat the same view; each move's words read back as that move, in that
    round.  At some positions the same for a seat not to move."""
    preset = data.draw(st.sampled_from(PRESETS[family]), label="preset")
    options: dict[str, object] = {}
    if "melds_per_turn" in RULESET_TYPES[family].model_fields:  # a limit the turn keeps count of
        options["melds_per_turn"] = data.draw(st.sampled_from([0, 1]), label="melds_per_turn")
    rules = get_ruleset(preset, overrides=options)
    players = data.draw(st.sampled_from(sorted(rules.player_counts)), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    game = new_round(rules, players, seed)
    rng = random.Random(seed)
    words: list[str] = []
    while not game.is_over:
        view = game.view(game.seat)
        sent = json.loads(json.dumps(view_json(view)))
        back = view_of(sent, rules, type(view))
        assert back == view
        shadow = shadow_round(back)
        legal = game.legal_actions()
        assert sorted(map(repr, shadow.legal_actions())) == sorted(map(repr, legal))
        assert shadow.view(game.seat) == view
        assert refusals(shadow) == refusals(game)
        if rng.random() < 0.2:
            other = (game.seat + 1) % players
            assert shadow_round(game.view(other)).view(other) == game.view(other)
        action = rng.choice(legal)
        said = move_words(shadow, action)
        assert action_from_words(game.clone(), said) == action
        words += said
        game.apply(action)
    # the words are records.md's own: the round replays from them
    replayed = game.fresh()
    assert apply_moves(replayed, words) == (len(words), None, None)
    assert replayed.history == game.history


def refusals(game: Round[Any]) -> list[tuple[str, str] | None]:
    """Why each kind of move cannot be made now, with each card of the mover's
    hand (None where it can): the rule and its detail."""
    out: list[tuple[str, str] | None] = []
    for kind in sorted(game.kinds):
        for cards in [(), *((c,) for c in game.hand(game.seat))]:
            refused = game.refusal(kind, cards)
            out.append(None if refused is None else (refused.rule, refused.detail))
    out.append(None if game.can_undo() else ("undo", ""))
    return out


def test_an_ace_laid_off_at_either_end_is_named_so() -> None:
    """§14.1: with both its 2 and its K, a run takes the ace below the 2 or above
    the K, and the layoff's target card says which: each crosses the wire whole."""
    game = replay(parse_record(ace_at_either_end())).game
    shadow = shadow_round(view_of(view_json(game.view(2)), game.rules, type(game.view(2))))
    aces = [a for a in shadow.legal_actions() if isinstance(a, LayOff)]
    assert sorted(a.low for a in aces) == [False, True]
    said = [move_words(shadow, a) for a in aces]
    assert said[0] != said[1]
    for action, words in zip(aces, said, strict=True):
        assert action_from_words(game.clone(), words) == action


def test_a_spectators_view_makes_a_round_of_the_table_as_it_is() -> None:
    """A spectator's view (no seat, no hand) of each family rebuilds the table."""
    for name in FAMILIES:
        game = new_round(get_ruleset(name), min(get_ruleset(name).player_counts), 3)
        for action in game.legal_actions()[:1]:
            game.apply(action)
        seen = dataclasses.replace(game.view(game.seat), seat=-1, hand=[])
        shadow = shadow_round(seen)
        assert shadow.seat == game.seat and shadow.phase == game.phase
        assert shadow.discards == game.discards and shadow.history == game.history
        assert [len(shadow.hand(s)) for s in range(game.players)] == seen.hand_counts


@pytest.mark.parametrize(
    ("text", "url", "code"),
    [
        ("127.0.0.1:8765/k7qx2m", "ws://127.0.0.1:8765/", "K7QX2M"),
        ("example.org/ABC", "ws://example.org:8765/", "ABC"),
        ("[::1]:9000/ABC", "ws://[::1]:9000/", "ABC"),
        ("wss://example.org/dummy/ABC", "wss://example.org/dummy/", "ABC"),
        ("ws://host:1/ABC", "ws://host:1/", "ABC"),
    ],
)
def test_a_tables_address(text: str, url: str, code: str) -> None:
    assert parse_address(text) == (url, code)


@pytest.mark.parametrize("text", ["", "host", "host/", "/ABC", "wss://", "a b/ABC"])
def test_not_a_tables_address(text: str) -> None:
    with pytest.raises(ValueError):
        parse_address(text)
