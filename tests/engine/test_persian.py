"""Persian rummy: jokers, the spread pile, going out, teams and scoring."""

from __future__ import annotations

from engine_util import play_record, round_trip

from dummy_tui.engine.actions import Pass, Pick
from dummy_tui.engine.cards import card_text, parse_card
from dummy_tui.engine.deal import Deal
from dummy_tui.engine.families.persian import PersianRound
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.rules.schema import PersianRules

P1 = "2H 3H 4H 5H 6H 7H 8H"
P2 = "2D 3D 4D 5D 6D 7D 8D"
P3 = "2S 3S 4S 5S 6S 7S 8S"


def test_going_out_by_melding_the_last_cards_scores_for_the_team() -> None:
    hands = ["JK JK JK 2C 3C 4C 5C", P1, P2, P3]
    _, out = play_record(
        "persian", hands, "6C", ["pick 6C", "meld 2C 3C 4C 5C 6C", "meld JK JK JK"]
    )
    assert out["ok"] and (out["end"], out["knocker"]) == ("knock", 0)
    # team 0: jokers 60 + clubs 20 on the table, 35 in P2's hand, bonus 25
    row = {"team": 0, "table": 80, "hand": 35, "out_bonus": 25, "total": 70}
    assert out["breakdown"][0] == {"seat": 0, **row}
    assert out["breakdown"][2] == {"seat": 2, **row}
    assert out["scores"] == [70, -70, 70, -70]


def test_jokers_are_not_wild() -> None:
    hands = ["JK JK 2C 3C 9C KH 5C", P1, P2, P3]
    _, out = play_record("persian", hands, "QD", ["draw", "meld JK 2C 3C"], stock="AD")
    assert out["error"]["message"] == (
        "not a meld: 2C 3C JK (jokers are not wild: they make sets of jokers only)"
    )


def test_the_ace_is_high_only() -> None:
    hands = ["AC 2C 3C QH KH AH 9D", P1, P2, P3]
    _, out = play_record(
        "persian", hands, "QD", ["draw", "meld QH KH AH", "meld AC 2C 3C"], stock="JS"
    )
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
    _, out = play_record("persian", hands, "JC", [*moves, "pick KS", "meld KS KD KH"], stock=stock)
    assert out["error"] == {
        "index": 8,
        "move": "pick KS",
        "message": "pickup must be played: KS makes no meld and fits no meld on the table",
    }
    _, out = play_record("persian", hands, "JC", [*moves, "pick 10D"], stock=stock)
    assert out["error"]["message"].startswith("not in the pile: 10D")
    result, out = play_record(
        "persian", hands, "JC", [*moves, "pick JC", "meld 9C 10C JC"], stock=stock
    )
    assert out["ok"] and out["moves_applied"] == 10
    game = result.game
    # took JC and everything above it: KS AS JH AH came into the hand
    assert game.discards == []
    hand = {parse_card(t) for t in ["9H", "KS", "KD", "2C", "3C", "4C", "AS", "JH", "AH"]}
    assert {c for c in range(56) if game.hands[0] >> c & 1} == hand


def test_discarding_the_last_card_does_not_end_the_round() -> None:
    hands = ["AC AD AH AS JK JK 2C", P1, P2, P3]
    result, out = play_record(
        "persian", hands, "JK", ["pick JK", "meld JK JK JK", "meld AC AD AH AS", "discard 2C"]
    )
    assert out["ok"] and out["round_over"] is False
    assert out["to_move"] == 1
    game = result.game
    assert isinstance(game, PersianRound)
    assert game.hands[0] == 0
    # four aces laid at once score double: 4 x 15 x 2; jokers 3 x 20
    assert game.team_table(0) == 120 + 60
    _, out = play_record("persian", hands, "JK", ["pick JK", "meld JK JK JK", "knock 2C"])
    assert out["error"]["message"].startswith("knock: in Persian rummy you go out")


def test_four_passes_with_the_stock_empty_end_the_round_without_a_bonus() -> None:
    rules = get_ruleset("persian")
    assert isinstance(rules, PersianRules)
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
    _, out = play_record("persian", ["2C 5C 9C JC KD 9S 10H", P1, P2, P3], "QC", ["pass"])
    assert out["error"]["message"].startswith("pass: you may pass only when the stock is empty")


def _jokers_in_the_pile(p0: str) -> tuple[list[str], list[str]]:
    """A deal and moves that leave three jokers deep in the pile for seat 0."""
    hands = [p0, "JK 2H 3H 4H 5H 6H 7H", P2, P3]
    moves = ["draw", "discard JK", "draw", "discard JK", "draw", "discard 2D", "draw", "discard 2S"]
    return hands, moves


def test_a_joker_meld_takes_the_deeper_joker_it_needs() -> None:
    hands, moves = _jokers_in_the_pile("JK 2C 9C KH 5C 10D 9S")
    result, out = play_record(
        "persian", hands, "JK", [*moves, "pick JK", "meld JK JK JK"], stock="QS QD QH QC"
    )
    assert out["ok"], out["error"]
    game = result.game
    # the three jokers were the upcard and the next two discards: the whole pile came up
    assert game.discards == []
    assert [card_text(c) for c in game.melds[0].cards] == ["JK", "JK", "JK"]
    assert game.hands[0] >> parse_card("2D") & 1 and game.hands[0] >> parse_card("2S") & 1


def test_a_held_joker_counts_towards_the_jokers_taken() -> None:
    hands, moves = _jokers_in_the_pile("JK JK 2C 9C KH 5C 9S")
    result, out = play_record(
        "persian", hands, "JK", [*moves, "pick JK", "meld JK JK JK"], stock="QS QD QH QC"
    )
    assert out["ok"], out["error"]
    # one joker in hand: the two nearest the top are enough, the upcard stays
    assert [card_text(c) for c in result.game.discards] == ["JK"]
    result, out = play_record(
        "persian", hands, "JK", [*moves, "pick JK", "meld JK JK JK JK"], stock="QS QD QH QC"
    )
    assert out["ok"], out["error"]
    game = result.game
    assert isinstance(game, PersianRound)
    assert game.discards == []
    # four jokers laid at once score double
    assert game.team_table(0) == 4 * 20 * 2


def test_a_deep_joker_pick_is_offered_once_and_replays_the_same() -> None:
    hands, moves = _jokers_in_the_pile("JK 2C 9C KH 5C 10D 9S")
    result, _ = play_record("persian", hands, "JK", moves, stock="QS QD QH QC")
    game = result.game
    assert isinstance(game, PersianRound) and game.to_move == 0
    picks = [a for a in game.legal_actions() if isinstance(a, Pick) and a.card >= 52]
    # only the deepest joker makes a joker meld, and it is offered once
    assert len(picks) == 1 and picks[0].card == game.discards[0]
    game.apply(picks[0])
    assert game.moves()[-2:] == ["pick JK", "meld JK JK JK"]
    out = round_trip(game, "persian")
    assert out["ok"] and out["moves_applied"] == len(game.moves())
