"""The normal player's evaluator, judged by the choices it makes on fixed
positions, each against the same player with one part of its judgement taken
away (which then chooses otherwise)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from dummy_tui.ai.dummy.heuristic import HeuristicPlayer
from dummy_tui.ai.dummy.plans import point_tables
from dummy_tui.ai.dummy.weights import NORMAL, Weights
from dummy_tui.engine.actions import DRAW, Action, Discard
from dummy_tui.engine.cards import card_text, parse_card
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.melds import TableMeld

from .conftest import cards, fixed_round, pair_of_aces_round
from .test_heuristics import _scenario


def discard(game: DummyRound, weights: Weights = NORMAL) -> str:
    action: Action = HeuristicPlayer(1, weights).choose(game.view(0), game.legal_actions())
    assert isinstance(action, Discard)
    return card_text(action.card)


def kings_position(kings_on_table: bool) -> DummyRound:
    """Seat 0 holds K♦ K♠, two lone fives-pointers (4♦ 6♣ 3♥) and 9♣ 10♣, and
    draws J♣.  The other kings are in opponents' hands, or laid in their runs."""
    others = ["2D 4S 6H 8C", "3D 5S 7C 9D", "3S 5H 7D 9S JD 8D 4H"]
    if not kings_on_table:
        others[0] += " QH KH AH"
        others[1] += " QC KC AC"
    game = fixed_round(
        ["KD KS 4D 6C 9C 10C 3H", *others], "2H", "JC 3C 5D 6S 10S QD 4C 10D JS 7S 8S 2S AS"
    )
    if kings_on_table:
        for seat, meld in ((1, "QH KH AH"), (2, "QC KC AC")):
            game.melds.append(TableMeld.new(seat, cards(meld)))
            game.born[seat] = True
    game.apply(DRAW)
    return game


def test_it_keeps_a_pair_while_its_third_card_can_still_come() -> None:
    # K♥ and K♣ unseen: the kings may become a set; a lone five-pointer goes
    assert discard(kings_position(False)) not in ("KD", "KS")
    # with no chance on pairs it throws the heavy king
    no_outs = replace(NORMAL, out_value=0.0)
    assert discard(kings_position(False), no_outs) in ("KD", "KS")


def test_a_pair_whose_third_cards_are_on_the_table_is_no_pair() -> None:
    # K♥ and K♣ laid in runs: the kings can never meld, and one of them goes
    assert discard(kings_position(True)) in ("KD", "KS")


def test_it_does_not_throw_the_card_the_next_player_knocks_with() -> None:
    # seat 1 holds Q♥ K♥ (picked up) and 3♠: J♥ or A♥ lets it meld and knock
    game = _scenario("5S QH KH JH AH 2S 3D 4C 6D 10C JS", "5S QH KH", ("2H", "3S"), "KD 10D 6S 3H")
    assert discard(game) not in ("JH", "AH")
    for blind in (replace(NORMAL, avoid_danger=False), replace(NORMAL, danger_scale=0.0)):
        assert discard(game, blind) == "AH"  # its highest loose card, which feeds the knock


@pytest.mark.parametrize(
    ("stock", "throws_an_ace"), [("5C 10S JS", True), ("5C 10S JS 6D 7S 8D 9H", False)]
)
def test_on_its_last_turn_every_card_kept_is_charged(stock: str, throws_an_ace: bool) -> None:
    # on its last turn nothing kept can be laid, so it throws an ace (15) rather than the 4♦
    game = pair_of_aces_round(stock)
    assert (discard(game) in ("AH", "AD")) == throws_an_ace
    if throws_an_ace:  # without the end-game reading it would still hope on the pair
        assert discard(game, replace(NORMAL, endgame=False)) not in ("AH", "AD")


def test_suit_tables_give_the_points_of_any_mask() -> None:
    rng = random.Random(5)
    points = [rng.randrange(1, 60) for _ in range(52)]
    t0, t1, t2, t3 = point_tables(points).suits
    for _ in range(500):
        m = rng.getrandbits(52)
        assert t0[m & 8191] + t1[m >> 13 & 8191] + t2[m >> 26 & 8191] + t3[m >> 39] == sum(
            points[c] for c in range(52) if m >> c & 1
        )
    assert point_tables(points) is point_tables(points)
    assert parse_card("AS") == 51
