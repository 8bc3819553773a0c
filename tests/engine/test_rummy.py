"""Basic rummy: ace low, the pile, melds and layoffs, going out, restock and void."""

from __future__ import annotations

from engine_util import play_record

from dummy_tui.engine.actions import Discard, Draw
from dummy_tui.engine.families.rummy import RummyRound
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.rules.schema import RummyRules

P0 = "AC 2C 3C 4D 5D 6D 7H 7S 7C 7D"
P1 = "9H 9S 9D 4C 8D QH QD JC 10C KS"  # 89 points


def test_going_out_in_one_turn_is_rummy_and_scores_double() -> None:
    moves = ["draw", "meld AC 2C 3C", "meld 4D 5D 6D", "meld 7C 7D 7H 7S", "knock 2S"]
    _, out = play_record("rummy", [P0, P1], "KH", moves, stock="2S")
    assert (out["end"], out["knocker"]) == ("knock", 0)
    assert out["breakdown"][0] == {
        "seat": 0, "hand": 0, "went_out": True, "rummy": True, "multiplier": 2, "total": 178,
    }  # fmt: skip
    assert out["scores"] == [178, 0]
    assert out["next"] == {"starter": 1, "direction": 1}


def test_going_out_after_melding_before_is_not_rummy() -> None:
    moves = [
        "draw", "meld AC 2C 3C", "discard 2S",
        "draw", "layoff 4C AC", "discard KS",
        "draw", "meld 4D 5D 6D", "meld 7C 7D 7H 7S", "layoff 5C AC",
    ]  # fmt: skip
    _, out = play_record("rummy", [P0, P1], "KH", moves, stock="2S 3S 5C")
    assert out["ok"] and (out["end"], out["knocker"]) == ("knock", 0)
    # P0 went out by melding the last cards; P1 holds 89 - 4 - 10 + 3 = 78
    assert out["breakdown"][0]["rummy"] is False
    assert out["scores"] == [78, 0]


def test_the_ace_is_low_only() -> None:
    hands = ["JH KH AH 2D 3D 4D 8S 8C 5S 6C", "QH 9S 9D 4C 8D 9H QD JC 10C KS"]
    _, out = play_record("rummy", hands, "KC", ["draw", "meld JH KH AH"], stock="QS")
    assert out["error"]["message"] == (
        "not a meld: JH KH AH (a meld is 3 or 4 of a rank, or 3+ in a row of one suit)"
    )
    hands = ["QH KH AH 2D 3D 4D 8S 8C 5S 6C", "JH 9S 9D 4C 8D 9H QD JC 10C KS"]
    _, out = play_record("rummy", hands, "KC", ["draw", "meld QH KH AH"], stock="QS")
    assert out["error"]["message"] == (
        "not a meld: QH KH AH (the ace is low only: Q K A is not a run)"
    )


def test_melds_per_turn() -> None:
    moves = ["draw", "meld AC 2C 3C", "meld 4D 5D 6D"]
    _, out = play_record("rummy", [P0, P1], "KH", moves, stock="2S", options={"melds_per_turn": 1})
    assert out["error"]["index"] == 2
    assert out["error"]["message"].startswith("melds per turn:")


def test_the_taken_discard_may_not_be_discarded() -> None:
    _, out = play_record("rummy", [P0, P1], "KH", ["pick KH", "discard KH"])
    assert out["error"]["message"].startswith("taken discard:")
    _, out = play_record("rummy", [P0, P1], "KH", ["pick QH"])
    assert out["error"]["message"].startswith("not the top card:")


def test_restock_once_then_the_hand_is_void() -> None:
    rules = get_ruleset("rummy")
    assert isinstance(rules, RummyRules)
    game = RummyRound.new(rules, 2, 3)
    assert isinstance(game, RummyRound)
    piles = 0
    while not game.is_over:
        before = game.hands[game.seat]
        if not game.stock:
            piles += 1
        game.apply(Draw())
        drawn = (game.hands[game.seat] & ~before).bit_length() - 1
        game.apply(Discard(drawn))
        if game.restocks == 1 and piles == 0:
            piles = 1
            # turned over: the oldest discard (the upcard) is now the top of the stock
            assert game.stock[-1] == game.deal.upcard
            assert len(game.discards) == 1
    assert game.end == "dead" and game.restocks == 1
    assert [b.total for b in game.scores()] == [0, 0]
