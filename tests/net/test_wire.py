"""What goes over the wire: a seat's view and back, the shadow round a terminal
plays on, a move in records.md's notation and back, a table's address."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from record_util import ace_at_either_end

from dummy_tui.engine.actions import LayOff
from dummy_tui.engine.families import new_round
from dummy_tui.engine.record import apply_moves, parse_record, replay
from dummy_tui.net.protocol import action_from_words, move_words, view_json, view_of
from dummy_tui.net.remote import parse_address
from dummy_tui.net.shadow import can_host, shadow_round
from dummy_tui.rules import get_ruleset


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]), preset=st.sampled_from(
    ["dummy", "dummy-money", "dummy-pip", "dummy-house"]
))  # fmt: skip
def test_a_seats_view_crosses_the_wire_and_plays_as_the_round_does(
    seed: int, players: int, preset: str
) -> None:
    """At every position of a random round: the view read back equals the
    view sent, the shadow round made from it offers the real round's moves,
    and each move's words read back as that move, in that round."""
    rules = get_ruleset(preset)
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
        assert shadow.hand(game.seat) == game.hand(game.seat)
        action = rng.choice(legal)
        said = move_words(shadow, action)
        assert action_from_words(game.clone(), said) == action
        words += said
        game.apply(action)
    # the words are records.md's own: the round replays from them
    replayed = game.fresh()
    assert apply_moves(replayed, words) == (len(words), None, None)
    assert replayed.history == game.history


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


def test_only_families_a_view_rebuilds_can_be_hosted() -> None:
    assert can_host(get_ruleset("dummy"))
    assert not can_host(get_ruleset("gin"))


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
