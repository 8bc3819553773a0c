"""Gin rummy: the upcard offer, knocking, layout, scoring and the wall."""

from __future__ import annotations

import pytest
from engine_util import play_record

from dummy_tui.engine.actions import Discard, Draw, Knock, Pass, TakeDiscard
from dummy_tui.engine.cards import card_text, parse_card
from dummy_tui.engine.deal import Deal
from dummy_tui.engine.errors import IllegalMoveError
from dummy_tui.engine.families import round_from_deal
from dummy_tui.engine.families.gin import GinRound, GinView
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.rules.schema import GinRules

KNOCKER = "AC 2C 3C 4D 5D 6D 8H 8S 8C KS"
DEFENDER = "9H 9S 9D 4C 7D 8D QH QD JC 10C"


def test_knock_layout_layoffs_and_score() -> None:
    result, out = play_record("gin", [KNOCKER, DEFENDER], "2S", ["pick 2S", "knock KS"])
    assert out["ok"] and out["round_over"]
    assert (out["end"], out["knocker"], out["dark_knock"]) == ("knock", 0, False)
    # knocker: 2S left = 2; defender lays 9s, lays off 4C, 7D and 8D: QH QD JC 10C = 40
    assert out["breakdown"][0] == {
        "seat": 0, "deadwood": 2, "gin": False, "undercut": False, "bonus": 0, "total": 38,
    }  # fmt: skip
    assert out["breakdown"][1]["deadwood"] == 40
    assert out["scores"] == [38, 0]
    game = result.game
    laid = {
        card_text(c) for m in game.melds for c, s in zip(m.cards, m.layers, strict=True) if s == 1
    }
    assert laid == {"9H", "9S", "9D", "4C", "7D", "8D"}
    assert out["next"] == {"starter": 1, "direction": 1}  # the winner deals


def test_gin_gets_the_bonus_and_no_layoffs() -> None:
    defender = "9H 9S 9D 4C 7D 2D QH QD JC 10C"
    _, out = play_record(
        "gin", [KNOCKER.replace("KS", "9C"), defender], "8D", ["pick 8D", "knock 9C"]
    )
    assert out["breakdown"][0]["gin"] is True
    # no layoffs on gin: 4C and 7D stay deadwood: 4 + 7 + 2 + 40
    assert out["breakdown"][1]["deadwood"] == 53
    assert out["scores"] == [53 + 25, 0]


def test_zero_sum_scores_give_the_loser_minus_the_winner() -> None:
    _, out = play_record(
        "gin", [KNOCKER, DEFENDER], "2S", ["pick 2S", "knock KS"], options={"zero_sum_scores": True}
    )
    assert out["scores"] == [38, -38]


UNDERCUT_KNOCKER = "AC 2C 3C 4D 5D 6D 8H 8S 8C 9S"  # knocks with 9S: deadwood 9
UNDERCUT_DEFENDER = "10H 10S 10D JD QD KD 2H 3H 4H 5S"  # deadwood 5


def test_undercut() -> None:
    _, out = play_record(
        "gin", [UNDERCUT_KNOCKER, UNDERCUT_DEFENDER], "KS", ["pick KS", "knock KS"]
    )
    assert out["ok"] is False  # the taken card may not be discarded
    assert out["error"]["message"].startswith("taken discard:")
    _, out = play_record(
        "gin", [UNDERCUT_KNOCKER, UNDERCUT_DEFENDER], "7C", ["pass", "pass", "draw", "knock KC"],
        stock="KC",
    )  # fmt: skip
    assert out["breakdown"][1]["undercut"] is True
    assert out["scores"] == [0, 9 - 5 + 10]
    assert out["next"]["starter"] == 0  # seat 1 won and deals; seat 0 leads


def test_equal_deadwood_is_an_undercut_only_with_undercut_on_tie() -> None:
    defender = "10H 10S 10D JD QD KD 2H 3H 4H 9C"  # deadwood 9, as the knocker's
    moves = ["pass", "pass", "draw", "knock KC"]
    _, out = play_record("gin", [UNDERCUT_KNOCKER, defender], "7C", moves, stock="KC")
    assert out["scores"] == [0, 10]
    _, out = play_record("gin-openspiel", [UNDERCUT_KNOCKER, defender], "7C", moves, stock="KC")
    assert out["scores"] == [0, 0]
    assert out["breakdown"][1]["undercut"] is False


def test_the_upcard_offer() -> None:
    rules = get_ruleset("gin")
    deal = Deal(
        [[parse_card(t) for t in KNOCKER.split()], [parse_card(t) for t in DEFENDER.split()]],
        parse_card("2S"),
        [c for c in range(52) if card_text(c) not in (KNOCKER + " " + DEFENDER + " 2S").split()],
    )
    game = round_from_deal(rules, deal, starter=1)
    assert isinstance(game, GinRound)
    assert game.to_move == 1
    assert game.legal_actions() == [TakeDiscard(parse_card("2S")), Pass()]
    with pytest.raises(IllegalMoveError, match=r"^upcard offer:"):
        game.apply(Draw())
    game.apply(Pass())
    assert game.to_move == 0  # the dealer
    view = game.view(0)
    assert isinstance(view, GinView) and view.offer is True
    game.apply(Pass())
    assert game.to_move == 1
    assert game.legal_actions() == [Draw()]
    with pytest.raises(IllegalMoveError, match=r"^upcard passed:"):
        game.apply(TakeDiscard(parse_card("2S")))
    with pytest.raises(IllegalMoveError, match=r"^pass:"):
        game.apply(Pass())
    game.apply(Draw())
    assert not game.can_undo()  # the drawn card has been seen
    with pytest.raises(IllegalMoveError, match=r"^undo: the card you drew"):
        game.undo()
    assert game.to_move == 1 and game.phase == "play"


def test_knock_limit_is_checked() -> None:
    _, out = play_record("gin", [KNOCKER, DEFENDER], "2S", ["pick 2S", "knock 2C"])
    assert out["ok"] is False
    assert out["error"]["message"].startswith("knock limit:")
    game_out = play_record(
        "gin", [KNOCKER, DEFENDER], "2S", ["pick 2S", "knock KS"], options={"knock_limit": 1}
    )[1]
    assert game_out["error"]["message"] == (
        "knock limit: after discarding KS your deadwood is 2, more than 1"
    )


def test_the_wall_voids_the_hand() -> None:
    rules = get_ruleset("gin")
    assert isinstance(rules, GinRules)
    game = GinRound.new(rules, 2, 7)
    while not game.is_over:
        legal = [a for a in game.legal_actions() if not isinstance(a, Knock)]
        game.apply(next((a for a in legal if isinstance(a, Pass | Draw)), legal[0]))
    assert game.end == "dead"
    assert len(game.stock) == rules.wall
    assert [b.total for b in game.scores()] == [0, 0]
    assert game.next_round() == (0, 1)  # the same dealer deals again


def test_legal_knocks_are_exactly_the_discards_within_the_limit() -> None:
    rules = get_ruleset("gin")
    assert isinstance(rules, GinRules)
    for seed in range(30):
        game = GinRound.new(rules, 2, seed)
        for _ in range(40):
            if game.is_over:
                break
            legal = game.legal_actions()
            if game.phase == "play":
                knocks = {a.card for a in legal if isinstance(a, Knock)}
                hand = game.hands[game.seat]
                expect = {
                    c for c in range(52)
                    if hand >> c & 1 and c != game.taken and game.knock_deadwood(c) <= 10
                }  # fmt: skip
                assert knocks == expect
                game.apply(next(a for a in legal if isinstance(a, Discard)))
            else:
                game.apply(legal[0])


def test_moves_are_refused_with_the_rule_named() -> None:
    _, out = play_record("gin", [KNOCKER, DEFENDER], "2S", ["pick 2S", "meld AC 2C 3C"])
    assert out["error"]["message"].startswith("meld: not a move in gin")
    _, out = play_record("gin", [KNOCKER, DEFENDER], "2S", ["pick 3S"])
    assert out["error"]["message"] == "not the upcard: the upcard is 2S"
