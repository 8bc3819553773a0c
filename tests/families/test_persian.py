"""Persian rummy: jokers, the spread pile, going out, teams and scoring."""

from __future__ import annotations

from family_util import play

from dummy_tui.engine.actions import Pass
from dummy_tui.engine.cards import parse_card
from dummy_tui.engine.families import PersianRound
from dummy_tui.engine.state import Deal
from dummy_tui.rules.loader import get_ruleset

P1 = "2H 3H 4H 5H 6H 7H 8H"
P2 = "2D 3D 4D 5D 6D 7D 8D"
P3 = "2S 3S 4S 5S 6S 7S 8S"


def test_going_out_by_melding_the_last_cards_scores_for_the_team() -> None:
    hands = ["JK JK JK 2C 3C 4C 5C", P1, P2, P3]
    _, out = play("persian", hands, "6C", ["pick 6C", "meld 2C 3C 4C 5C 6C", "meld JK JK JK"])
    assert out["ok"] and (out["end"], out["knocker"]) == ("knock", 0)
    # team 0: jokers 60 + clubs 20 on the table, 35 in P2's hand, bonus 25
    row = {"team": 0, "table": 80, "hand": 35, "out_bonus": 25, "total": 70}
    assert out["breakdown"][0] == {"seat": 0, **row}
    assert out["breakdown"][2] == {"seat": 2, **row}
    assert out["scores"] == [70, -70, 70, -70]


def test_jokers_are_not_wild() -> None:
    hands = ["JK JK 2C 3C 9C KH 5C", P1, P2, P3]
    _, out = play("persian", hands, "QD", ["draw", "meld JK 2C 3C"], stock="AD")
    assert out["error"]["message"] == (
        "not a meld: 2C 3C JK (jokers are not wild: they make sets of jokers only)"
    )


def test_the_ace_is_high_only() -> None:
    hands = ["AC 2C 3C QH KH AH 9D", P1, P2, P3]
    _, out = play("persian", hands, "QD", ["draw", "meld QH KH AH", "meld AC 2C 3C"], stock="JS")
    assert out["error"]["index"] == 2
    assert out["error"]["message"] == (
        "not a meld: 2C 3C AC (the ace is high only: A 2 3 is not a run)"
    )


def test_a_pick_from_depth_takes_the_cards_above_and_plays_the_card_at_once() -> None:
    hands = ["9C 10C 9H KS KD 2C 3C", P1, P2, P3]
    moves = [
        "draw", "discard KS", "draw", "discard AS", "draw", "discard JH", "draw", "discard AH",
    ]  # fmt: skip
    stock = "4C AS JH AH 10D"
    _, out = play("persian", hands, "JC", [*moves, "pick KS", "meld KS KD KH"], stock=stock)
    assert out["error"] == {
        "index": 8,
        "move": "pick KS",
        "message": "pickup must be played: KS makes no meld and fits no meld on the table",
    }
    _, out = play("persian", hands, "JC", [*moves, "pick 10D"], stock=stock)
    assert out["error"]["message"].startswith("not in the pile: 10D")
    result, out = play("persian", hands, "JC", [*moves, "pick JC", "meld 9C 10C JC"], stock=stock)
    assert out["ok"] and out["moves_applied"] == 10
    game = result.game
    # took JC and everything above it: KS AS JH AH came into the hand
    assert game.row == []
    hand = {parse_card(t) for t in ["9H", "KS", "KD", "2C", "3C", "4C", "AS", "JH", "AH"]}
    assert {c for c in range(56) if game.hands[0] >> c & 1} == hand


def test_discarding_the_last_card_does_not_end_the_round() -> None:
    hands = ["AC AD AH AS JK JK 2C", P1, P2, P3]
    result, out = play(
        "persian", hands, "JK", ["pick JK", "meld JK JK JK", "meld AC AD AH AS", "discard 2C"]
    )
    assert out["ok"] and out["round_over"] is False
    assert out["to_move"] == 1
    game = result.game
    assert isinstance(game, PersianRound)
    assert game.hands[0] == 0
    # four aces laid at once score double: 4 x 15 x 2; jokers 3 x 20
    assert game.team_table(0) == 120 + 60
    _, out = play("persian", hands, "JK", ["pick JK", "meld JK JK JK", "knock 2C"])
    assert out["error"]["message"].startswith("knock: in Persian rummy you go out")


def test_four_passes_with_the_stock_empty_end_the_round_without_a_bonus() -> None:
    rules = get_ruleset("persian")
    hands = [[parse_card(t) for t in h.split()] for h in ("2C 5C 9C JC KD 9S 10H", P1, P2, P3)]
    game = PersianRound(rules, Deal(hands, parse_card("QC"), []), starter=0)
    for seat in range(4):
        assert game.to_move == seat
        assert Pass() in game.legal_actions()
        game.apply(Pass())
    assert game.end == "dead"
    rows = game.scores()
    assert [r.out_bonus for r in rows] == [0, 0, 0, 0]
    assert rows[0].total == -(2 + 5 + 9 + 10 + 10 + 9 + 10) - 35
    assert [r.total for r in rows][1] == -70


def test_a_pass_is_only_for_an_empty_stock() -> None:
    _, out = play("persian", ["2C 5C 9C JC KD 9S 10H", P1, P2, P3], "QC", ["pass"])
    assert out["error"]["message"].startswith("pass: you may pass only when the stock is empty")
