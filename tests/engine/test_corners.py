"""The corners of the rules where two readings once differed, settled in the spec.

- §9, §14.1: with ``ace_low_runs`` and the stock empty, a hand that can knock
  by laying off the 2 and then the ace below it is not ended by itself;
- §14.1: an ace on a run that holds its 2 and its K goes to the end its
  target picks (the 2: below it; any other card: above the K), and that end
  decides the layoff chain, who is charged for a spe-to laid beside a card,
  what the ace counts and whether a card fits (the discard penalty, the knock
  bonus, money's closing card);
- the settled readings: ``show`` with ``speto_cards = []`` is refused;
  ``first_turn_must_draw`` with the whole deck dealt ends the round at once;
  ``show`` is the first move of that player's own first turn, whoever started;
  under ``owner_or_self`` the meld's owner may extend past another's layoff.

The deals are written out here (the shared scenarios hold the same corners).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from engine_util import card, dummy

from dummy_tui.engine.actions import END, LayOff, Pick, Show
from dummy_tui.engine.errors import IllegalMoveError
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.families.dummy_money import closing_card
from dummy_tui.engine.record import (
    ReplayResult,
    apply_moves,
    dumps_record,
    parse_record,
    record_of,
    replay,
    result_json,
)
from dummy_tui.rules.loader import get_ruleset


def start(
    hands: list[str],
    upcard: str,
    stock: str = "",
    options: dict[str, Any] | None = None,
    moves: tuple[str, ...] = (),
) -> DummyRound:
    """The round of a record of these parts, after ``moves`` (each must apply)."""
    data = {
        "format": "dummy-tui-record/1",
        "ruleset": "dummy",
        "options": options or {},
        "players": [f"P{i}" for i in range(len(hands))],
        "deal": {"hands": [h.split() for h in hands], "upcard": upcard, "stock": stock.split()},
        "moves": list(moves),
    }
    result = replay(parse_record(data))
    assert result.error is None, result.error
    return dummy(result.game)


def play(game: DummyRound, *moves: str) -> None:
    _, error, pending = apply_moves(game, list(moves))
    assert error is None and pending is None, error


def refused(game: DummyRound, move: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as caught:
        game.apply(game.parse_move(move))
    return caught.value


def replay_of(game: DummyRound) -> ReplayResult:
    """The round written as a record and replayed."""
    names = [f"P{i}" for i in range(game.players)]
    data = json.loads(dumps_record(record_of(game, names, "dummy", get_ruleset("dummy"))))
    result = replay(parse_record(data))
    assert result.error is None, result.error
    return result


def replayed(game: DummyRound) -> DummyRound:
    """The round written as a record and read back."""
    return dummy(replay_of(game).game)


# ---------------------------------------------------------------------------
# §9 with ace_low_runs: the 2 laid off, then the ace below it

TWO_THEN_ACE = {
    "hands": [
        "4S 5S 2S AS KD 9H KS 6C 7C 8C 9C 10C JD JH JS",
        "KH 2C 3C 4C 5C JC QC KC AC 3D 4D 5D 6D 7D 8D",
    ],
    "upcard": "3S",
    "stock": "2D 9D 10D QD AD 2H 3H 4H 5H 6H 7H 8H 10H QH AH 6S 7S 8S 9S 10S QS",
    "options": {"ace_low_runs": True, "hand_size": {"2": 15}, "burn_two_player": 20},
    "moves": (
        "pick 3S", "meld 3S 4S 5S", "meld 6C 7C 8C 9C 10C", "meld JD JH JS", "discard KS",
        "draw", "discard KH",
    ),
}  # fmt: skip


def test_the_stock_out_leaves_a_knock_by_the_two_then_the_ace_below_it() -> None:
    game = start(**TWO_THEN_ACE)  # type: ignore[arg-type]
    # the stock is empty and P0 holds 2S AS KD 9H: pick KS, meld the kings, lay
    # off 2S below 3S, then AS below 2S, knock with 9H
    assert not game.stock and not game.is_over and game.to_move == 0
    kings = Pick(card("KS"), tuple(sorted([card("KD"), card("KH"), card("KS")])))
    assert game.legal_actions() == [kings, END]
    play(game, "pick KS", "meld KS KH KD", "layoff 2S 3S", "layoff AS 3S", "knock 9H")
    assert game.end == "knock" and game.went_out == 0
    assert [b.total for b in game.scores()] == [175, -290]


def test_without_ace_low_runs_that_hand_cannot_knock_and_the_round_ends() -> None:
    setup: dict[str, Any] = {**TWO_THEN_ACE, "options": {"hand_size": {"2": 15}}}
    setup["options"]["burn_two_player"] = 20
    game = start(**setup)
    assert game.is_over and game.end == "stock_out"


# ---------------------------------------------------------------------------
# §14.1: the ace of a run 2…K goes to the end its target picks

FULL_RUN = {
    "hands": [
        "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 5D",
        "2C 3D 4D 6D 7D 8D 9D 10D JD QD KD AD",
        "AC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
    ],
    "upcard": "2S",
    "stock": "3S 4S KH",
    # P0 lays 3C…KC, P1 lays 2C off below it, P2 draws KH
    "moves": ("draw", "meld 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "discard 5D", "draw",
              "layoff 2C 3C", "discard 3D", "draw"),
}  # fmt: skip
FREE = {"hand_size": {"3": 12}, "unborn_play": "free", "ace_low_runs": True}


def full_run(**options: Any) -> DummyRound:
    return start(**{**FULL_RUN, "options": {**FREE, **options}})  # type: ignore[arg-type]


def test_the_ace_of_a_full_run_goes_above_the_king_unless_the_two_is_named() -> None:
    for target, first in (("KC", "2C"), ("7C", "2C"), ("2C", "AC")):
        game = full_run()
        play(game, f"layoff AC {target}")
        meld = game.melds[0]
        assert len(meld.cards) == 13
        assert (meld.cards[0], meld.layers[0]) == (card(first), 1 if first == "2C" else 2)
        ace_at = meld.cards.index(card("AC"))
        assert ace_at == (0 if target == "2C" else 12), target


def test_under_owner_or_self_the_end_the_target_picks_decides_the_chain() -> None:
    # the 2 was laid by P1 (closed to P2), the K by the owner P0 (open to all)
    game = full_run(layoff_chain="owner_or_self")
    aces = [a for a in game.legal_actions() if isinstance(a, LayOff)]
    assert aces == [LayOff(card("AC"), 0, low=False)]
    assert refused(game, "layoff AC 2C").rule == "layoff_chain"
    play(game, "layoff AC KC")
    assert game.melds[0].cards[-1] == card("AC")
    assert replayed(game).melds[0].cards == game.melds[0].cards


def test_both_ends_are_listed_when_both_are_open_and_each_replays() -> None:
    game = full_run()
    aces = [a for a in game.legal_actions() if isinstance(a, LayOff) and a.card == card("AC")]
    assert aces == [LayOff(card("AC"), 0, low=False), LayOff(card("AC"), 0, low=True)]
    for action in aces:
        trial = game.clone()
        trial.apply(action)
        again = replayed(trial)
        assert again.melds[0].cards == trial.melds[0].cards
        assert again.moves() == trial.moves()


def test_a_record_names_the_king_when_the_meld_begins_with_the_two() -> None:
    # a run laid from 2C up, then the ace above its K: "layoff AC 2C" would put it
    # below the 2, so the record names the K
    game = start(
        ["2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 5D", "AC 3D 4D 6D 7D 8D 9D 10D JD QD KD AD 2D"],
        "2S",
        "3S 4S",
        {"hand_size": {"2": 13}, "ace_low_runs": True, "unborn_play": "free"},
        ("draw", "meld 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "discard 5D", "draw"),
    )
    for move, written, ace_at in (
        ("layoff AC 5C", "layoff AC KC", 12),
        ("layoff AC 2C", "layoff AC 2C", 0),
    ):
        trial = game.clone()
        play(trial, move)
        assert trial.moves()[-1] == written
        assert trial.melds[0].cards.index(card("AC")) == ace_at
        assert replayed(trial).melds[0].cards == trial.melds[0].cards


def test_a_spe_to_ace_is_charged_to_whoever_laid_the_card_beside_it() -> None:
    options = {"speto_cards": ["AC", "QS"], "penalty_speto_laid_off": 50}
    for target, payer in (("KC", 0), ("2C", 1)):
        game = full_run(**options)
        play(game, f"layoff AC {target}")
        assert [(p.seat, p.kind) for p in game.penalty_items] == [(payer, "penalty_speto_laid_off")]


def test_an_ace_above_the_king_counts_ace_high_run_points_below_the_two_not() -> None:
    for target, points in (("KC", 20), ("2C", 15)):
        game = full_run(ace_high_run_points=20)
        play(game, f"layoff AC {target}")
        assert game.table_points()[2] == points, target


def test_a_card_fits_where_an_open_end_takes_it() -> None:
    # only the K's end is open to P2: the ace fits (above the K)
    game = full_run(layoff_chain="owner_or_self")
    assert game.fits_any(card("AC"), 2)
    # the discard is charged, and the knock with it earns the bonus
    charged = full_run(layoff_chain="owner_or_self", penalty_discard_layoff=50)
    play(charged, "discard AC")
    assert [(p.seat, p.kind) for p in charged.penalty_items] == [(2, "penalty_discard_layoff")]
    bonus = full_run(layoff_chain="owner_or_self", layoff_knock_bonus=50)
    play(bonus, "meld 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "knock AC")
    assert bonus.scores()[2].knock_bonus == 50
    money = full_run(layoff_chain="owner_or_self", scoring="money")
    play(money, "meld 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "knock AC")
    assert closing_card(money)


def test_an_ace_fits_no_full_run_whose_two_ends_are_both_closed() -> None:
    # P1 laid the 2 and the K of P0's run: under owner_or_self P2 may extend neither
    game = start(
        [
            "3C 4C 5C 6C 7C 8C 9C 10C JC QC 5D 6S",
            "2C KC 4D 6D 7D 8D 9D 10D JD QD KD AD",
            "AC 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
        ],
        "2S",
        "3S 4S KH",
        {**FREE, "layoff_chain": "owner_or_self", "penalty_discard_layoff": 50},
        ("draw", "meld 3C 4C 5C 6C 7C 8C 9C 10C JC QC", "discard 5D", "draw",
         "layoff 2C 3C", "layoff KC QC", "discard 4D", "draw"),
    )  # fmt: skip
    assert not game.fits_any(card("AC"), 2)
    assert not any(isinstance(a, LayOff) for a in game.legal_actions())
    play(game, "discard AC")
    assert game.penalty_items == []


# ---------------------------------------------------------------------------
# the settled readings


SPETO_HANDS = [
    "3C 4C 5C 6C 7C 8C 9C 10C JC KC AC",
    "2C QS 3D 4D 5D 6D 7D 8D 9D 10D JD",
]


def test_show_with_no_spe_to_cards_is_refused() -> None:
    game = start(SPETO_HANDS, "5H", options={"show_speto_points": 50, "speto_cards": []})
    assert Show() not in game.legal_actions()
    error = refused(game, "show")
    assert (error.rule, error.detail) == ("show", "none")
    assert game.refusal("show") is not None


def test_show_is_the_first_move_of_the_players_own_first_turn() -> None:
    game = start(SPETO_HANDS, "5H", options={"show_speto_points": 50})
    play(game, "draw", "discard AC")
    assert game.to_move == 1 and Show() in game.legal_actions()
    play(game, "show", "draw")
    assert refused(game, "show").rule == "show"
    assert game.shown == [False, True]


def test_first_turn_must_draw_with_the_whole_deck_dealt_ends_at_once() -> None:
    game = start(
        [
            "4S 5S 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D 5D 9H",
            "6D 7D 8D 9D 10D JD QD KD AD 2H 3H 4H 5H 6H 7H 8H 10H JH QH KH",
        ],
        "3S",
        options={"hand_size": {"2": 20}, "burn_two_player": 11, "first_turn_must_draw": True},
    )
    out = result_json(replay_of(game))
    assert game.is_over and game.end == "stock_out" and game.history == []
    assert out["scores"] == [-175, -150] and out["moves_applied"] == 0


def test_under_owner_or_self_the_owner_extends_past_another_players_layoff() -> None:
    game = start(
        ["9C 10C 5D 2H 3H 4H 6S 7S KS KH KD", "5H 5S 7C 8D 9D 2S 3S 4S JH JS AD"],
        "8C",
        "6C 2C 3C",
        {"layoff_chain": "owner_or_self"},
        ("pick 8C", "meld 8C 9C 10C", "discard 5D", "pick 5D", "meld 5D 5H 5S",
         "layoff 7C 8C", "discard AD", "draw"),
    )  # fmt: skip
    # P1 laid 7C onto P0's 8C 9C 10C; P0, the owner, may lay 6C below it
    assert LayOff(card("6C"), 0) in game.legal_actions()
    play(game, "layoff 6C 7C")
    assert game.melds[0].layers[:2] == [0, 1]
