"""The house rules of other tables (dummy-rules.md §14), each pinned on a small deal.

The shared records under ../shared/scenarios/house-rules replay each option
once; these tests pin the readings the spec leaves to us (marked
``reading``) and the refusals a player meets.
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_util import card, make_round, play, snapshot, totals

from dummy_tui.engine.actions import SHOW, Discard, LayOff, Meld
from dummy_tui.engine.errors import IllegalMoveError
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.families.dummy_scoring import Bonus
from dummy_tui.engine.record import apply_moves


def game_with(
    hands: list[str], upcard: str, stock: str = "", fill: bool = True, **options: Any
) -> DummyRound:
    return make_round(hands, upcard, stock, fill=fill, **options)


def refusal_of(game: DummyRound, action: Any) -> IllegalMoveError:
    before = snapshot(game)
    with pytest.raises(IllegalMoveError) as info:
        game.apply(action)
    assert snapshot(game) == before, "a refused move changed the state"
    return info.value


# --------------------------------------------------------------------------
# §14.1


def test_ace_low_runs_pick_and_meld_a_2_3() -> None:
    hands = ["AH 2H 9C KS", "4D 5D 6D 9S"]
    game = game_with(hands, "3H", ace_low_runs=True)
    play(game, "pick 3H", "meld AH 2H 3H", "discard 9C")
    assert game.melds[0].ace_low and game.table_points()[0] == 15 + 5 + 5
    plain = game_with(hands, "3H")  # without the option the pick-up is refused, the ace named
    refused = plain.pick_refusal(card("3H"))
    assert refused is not None and refused.detail == "none_ace_high"


def test_an_ace_goes_below_a_run_of_twos_only_with_ace_low_runs() -> None:
    hands = ["2C 3C 4C 8S KH", "AC 9S 10S JD QH"]
    moves = ["pick 5C", "meld 2C 3C 4C 5C", "discard 8S", "pick 8S", "meld 8S 9S 10S"]
    game = game_with(hands, "5C", ace_low_runs=True)
    play(game, *moves, "layoff AC 2C", "discard JD")
    meld = game.melds[0]
    assert meld.cards == [card(c) for c in ("AC", "2C", "3C", "4C", "5C")]
    assert meld.layers == [1, 0, 0, 0, 0] and meld.ace_low
    assert game.table_points() == [50 + 5 + 5 + 5, 5 + 5 + 10 + 15]  # 2♣ is a spe-to
    plain = game_with(hands, "5C")
    play(plain, *moves)
    assert refusal_of(plain, LayOff(card("AC"), 0)).rule == "no_fit"


def test_an_ace_above_the_king_counts_ace_high_run_points_and_others_do_not() -> None:
    hands = ["QH KH 9C 9D 9S 2D", "4D 5D 6D 9H 10H JS"]
    game = game_with(hands, "AH", ace_high_run_points=10)
    play(game, "pick AH", "meld QH KH AH")
    assert game.table_points()[0] == 10 + 10 + 10  # the ace: 10, not 15
    play(game, "meld 9C 9D 9S")
    assert game.table_points()[0] == 30 + 15


def test_unborn_play_never_refuses_a_meld_from_hand_and_free_accepts_it() -> None:
    hands = ["6C 6D 6H KS 2D", "4D 5D 7S 9H 10H"]
    never = game_with(hands, "9C", unborn_play="never")
    play(never, "draw")
    refused = refusal_of(never, Meld((card("6C"), card("6D"), card("6H"))))
    assert (refused.rule, refused.detail) == ("not_born", "never")
    assert [a for a in never.legal_actions() if not isinstance(a, Discard)] == []
    free = game_with(hands, "9C", unborn_play="free")
    play(free, "draw", "meld 6C 6D 6H", "discard KS")
    assert free.born[0] and not free.is_over  # a meld from hand makes one born


def test_a_layoff_alone_does_not_make_one_born_with_unborn_play_free() -> None:
    hands = ["5H 6H 7H 2C KS", "8H 9C 9D 3S 4S"]
    game = game_with(hands, "JD", unborn_play="free")
    play(game, "draw", "meld 5H 6H 7H", "discard KS", "draw", "layoff 8H 5H", "discard 3S")
    assert game.born == [True, False]


# --------------------------------------------------------------------------
# §14.2 and §9


def test_a_move_after_the_round_ended_by_itself_says_the_round_is_over() -> None:
    game = game_with(["2C 5D", "3H 9S"], "KD", "7C", fill=False)
    play(game, "draw", "discard 7C")  # seat 1 cannot pick up to knock: the round ends
    assert game.end == "stock_out" and game.is_over
    for text in ("pick 7C", "draw", "end", "discard 3H"):
        _, error, _ = apply_moves(game, [text])
        assert error is not None and error["message"].startswith("round over:"), text


def test_stock_out_pickup_any_plays_on_and_the_discard_ends_the_round() -> None:
    hands = ["KC 2S 5D 6D", "8H 8D JS 3H 4C"]
    plain = game_with(hands, "4D", "8S", fill=False)
    play(plain, "draw", "discard 8S")
    assert plain.is_over  # by default seat 1's pick-up would not lead to a knock
    game = game_with(hands, "4D", "8S", fill=False, stock_out_pickup="any")
    play(game, "draw", "discard 8S")
    assert not game.is_over and game.parse_move("end") in game.legal_actions()
    play(game, "pick 8S", "meld 8S 8H 8D", "discard JS")
    assert (game.end, game.went_out, game.end_seat) == ("stock_out", None, 1)
    assert totals(game) == [-(10 + 5 + 5 + 5), 15 - 10]


def test_stock_out_fall_charges_the_players_not_born_at_a_stock_out() -> None:
    hands = ["2H 5D", "3H 9S"]
    plain = game_with(hands, "KD", "7C", fill=False)
    falls = game_with(hands, "KD", "7C", fill=False, stock_out_fall=True)
    for game in (plain, falls):
        play(game, "draw", "discard 7C")
    assert totals(plain) == [-10, -10]
    assert totals(falls) == [-20, -20]
    assert [b.fell for b in falls.scores()] == [True, True]


# --------------------------------------------------------------------------
# §14.3


def test_show_is_offered_to_the_holder_of_both_spetos_at_the_first_move_only() -> None:
    hands = ["2C QS 5D 9H", "3H 4H 7S 8S"]
    game = game_with(hands, "KD", show_speto_points=50)
    assert SHOW in game.legal_actions()
    play(game, "show")
    assert SHOW not in game.legal_actions()
    assert refusal_of(game, SHOW).detail == "late"
    play(game, "draw", "discard 9H")
    assert refusal_of(game, SHOW).detail == "cards"  # seat 1 holds neither
    off = game_with(hands, "KD")
    assert SHOW not in off.legal_actions() and refusal_of(off, SHOW).detail == "off"
    late = game_with(hands, "KD", show_speto_points=50)
    play(late, "draw")
    assert refusal_of(late, SHOW).detail == "late"
    money = game_with(hands, "KD", scoring="money")
    assert SHOW in money.legal_actions()  # money scoring pays a show whatever its points


def test_a_show_scores_on_top_and_is_written_in_the_breakdown() -> None:
    hands = ["2C QS 5D 9H", "3H 4H 7S 8S"]
    game = game_with(hands, "KD", "5S", fill=False, show_speto_points=50)
    play(game, "show", "draw", "discard 5S")  # the stock is out: the round ends
    rows = game.scores()
    assert game.end == "stock_out"
    assert rows[0].bonus == 50 and rows[0].total == -(50 + 50 + 5 + 5) + 50
    assert rows[0].as_json()["bonus"] == 50 and rows[1].as_json()["bonus"] == 0
    plain = game_with(hands, "KD", "5S", fill=False)
    play(plain, "draw", "discard 5S")
    assert "bonus" not in plain.scores()[0].as_json()


@pytest.mark.parametrize("text", ["show", "SHOW"])
def test_show_is_written_and_read_as_records_md_has_it(text: str) -> None:
    game = game_with(["2C QS 5D 9H", "3H 4H 7S 8S"], "KD", show_speto_points=50)
    play(game, text)
    assert game.moves() == ["show"] and game.shown == [True, False]


# --------------------------------------------------------------------------
# §14.4


def test_a_spetos_layoff_is_charged_to_the_player_it_lies_beside() -> None:
    # reading: in a run, the player who laid the card the spe-to now lies next to
    hands = ["9S 10S 2C 4H 7C", "QS 7D 7H 5C 8D"]
    moves = ["pick JS", "meld 9S 10S JS", "discard 7C", "pick 7C", "meld 7C 7D 7H"]
    game = game_with(hands, "JS", penalty_speto_laid_off=50)
    play(game, *moves, "layoff QS 9S", "discard 5C")
    charged = [(p.seat, p.kind, p.points, p.card) for p in game.penalty_items]
    assert charged == [(0, "penalty_speto_laid_off", 50, card("QS"))]  # beside 0's J♠
    assert Bonus("speto_layoff", 1, 0, card("QS")) in game.bonuses
    off = game_with(hands, "JS")
    play(off, *moves, "layoff QS 9S", "discard 5C")
    assert off.penalty_items == []


def test_discard_penalties_that_do_not_stack_pay_the_larger_once() -> None:
    # 8H fits seat 0's 5H 6H 7H and melds with 8C and 8S lying in the row
    hands = ["5H 6H 8C KS QD", "8S 8H 3D 4S 9C"]
    moves = ["pick 7H", "meld 5H 6H 7H", "discard 8C", "draw", "discard 8S", "draw"]
    moves += ["discard KS", "draw", "discard 8H"]
    for layoff, row, stack, kept in (
        (50, 30, True, ["penalty_discard_layoff", "penalty_discard_row_meld"]),
        (50, 30, False, ["penalty_discard_layoff"]),
        (30, 60, False, ["penalty_discard_row_meld"]),
    ):
        options: dict[str, Any] = {
            "penalty_discard_layoff": layoff,
            "penalty_discard_row_meld": row,
        }
        game = game_with(hands, "7H", discard_penalties_stack=stack, **options)
        play(game, *moves)
        charged = [p for p in game.penalty_items if p.card == card("8H")]
        assert [p.kind for p in charged] == kept and all(p.seat == 1 for p in charged)


# --------------------------------------------------------------------------
# §14.5


def test_next_starter_rotate_passes_the_start_whoever_knocked() -> None:
    hands = ["5H 6H 2C", "8C 9C 3D"]
    game = game_with(hands, "7H", next_starter="rotate")
    play(game, "pick 7H", "meld 5H 6H 7H", "knock 2C")
    assert game.went_out == 0 and game.next_round() == (1, 1)
    knocker = game_with(hands, "7H")
    play(knocker, "pick 7H", "meld 5H 6H 7H", "knock 2C")
    assert knocker.next_round() == (0, 1)


def test_bonus_is_a_record_of_what_money_pays_for() -> None:
    game = game_with(["8C 8S 2D 5H", "4C 4H 9D KC"], "8D", scoring="money")
    play(game, "pick 8D", "meld 8D 8C 8S")
    assert game.bonuses == [Bonus("head", 0, None, card("8D"))]
