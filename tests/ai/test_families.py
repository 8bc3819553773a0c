"""The AI in gin, basic rummy and Persian rummy: built positions, fairness, whole rounds."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import dummy_tui.ai.gin.players as gin_ai
from dummy_tui.ai import LEVELS, make_player
from dummy_tui.engine.actions import Action, Discard, Draw, Knock, LayOff, Meld, Pass, TakeDiscard
from dummy_tui.engine.cards import parse_card
from dummy_tui.engine.deadwood import deadwood
from dummy_tui.engine.deal import Deal
from dummy_tui.engine.families import round_from_deal
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.families.gin import GinRound, GinView
from dummy_tui.engine.families.persian import PersianRound
from dummy_tui.engine.families.rummy import RummyRound
from dummy_tui.engine.round import Round
from dummy_tui.rules.loader import get_ruleset

SMART = ["normal", "hard"]


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def mask(text: str) -> int:
    return sum(1 << c for c in cards(text))


def build(
    ruleset: str,
    hands: list[str],
    upcard: str,
    stock: str,
    moves: list[str],
    fill: int = 0,
    table: str = "",
) -> Round[Any]:
    """A round of ``ruleset``: these hands, the stock's top cards ``stock`` then ``fill``
    more cards that nobody holds nor are on the ``table``, after ``moves`` (record text)."""
    rules = get_ruleset(ruleset)
    used = [c for h in hands for c in cards(h)] + [parse_card(upcard)] + cards(stock)
    used += cards(table)
    assert len(set(used)) == len(used), "a card dealt twice"
    rest = [c for c in range(int(rules.deck_size())) if c not in used]
    deal = Deal([sorted(cards(h)) for h in hands], parse_card(upcard), cards(stock) + rest[:fill])
    game = round_from_deal(rules, deal)
    for move in moves:
        assert not isinstance(game, DummyRound), "moves are parsed for the other families only"
        game.apply(game.parse_move(move))
    return game


def choose(level: str, game: Round[Any], seed: int = 3) -> Action:
    return make_player(game.family, level, seed).choose(game.view(game.seat), game.legal_actions())


GIN_OTHER = "3D 4D 5D 6S 7S 2H 4H 6H 8C 10C"


# ---------------------------------------------------------------------------
# Gin


@pytest.mark.parametrize("level", LEVELS)
def test_gin_knocks_with_low_deadwood(level: str) -> None:
    # 2C 3C 4C, 7D 8D 9D, KH KS KD and 5S; the draw brings AH: deadwood 1 after throwing 5S
    game = build("gin", ["2C 3C 4C 7D 8D 9D KH KS KD 5S", GIN_OTHER], "JC", "AH",
                 ["pass", "pass", "draw"], fill=20)  # fmt: skip
    action = choose(level, game)
    if level == "random":
        assert action in game.legal_actions()
        return
    assert action == Knock(parse_card("5S"))


@pytest.mark.parametrize("level", ["easy", *SMART])
def test_gin_goes_gin(level: str) -> None:
    # the draw 6C makes 2C-6C: eleven cards in melds; the knock keeps gin
    game = build("gin", ["2C 3C 4C 5C 7D 8D 9D KH KS KD", GIN_OTHER], "JC", "6C",
                 ["pass", "pass", "draw"], fill=20)  # fmt: skip
    action = choose(level, game)
    assert isinstance(action, Knock)
    assert isinstance(game, GinRound)
    assert deadwood(game.hands[0] & ~(1 << action.card)) == 0


@pytest.mark.parametrize("level", SMART)
def test_gin_keeps_its_melds(level: str) -> None:
    # melds 2C 3C 4C and 7D 8D 9D; the rest is loose: the discard is never a meld card
    game = build("gin", ["2C 3C 4C 7D 8D 9D QS 5H JS 9C", GIN_OTHER], "AD", "KH",
                 ["pass", "pass", "draw"], fill=20)  # fmt: skip
    action = choose(level, game)
    assert isinstance(action, Discard)
    assert not mask("2C 3C 4C 7D 8D 9D") >> action.card & 1
    assert action.card in cards("QS JS KH 9C")  # a high loose card, not 5H


@pytest.mark.parametrize("level", SMART)
def test_gin_does_not_feed_the_opponents_known_set(level: str) -> None:
    # The opponent took 9H, then 9S from the pile: 9C completes its set.  By
    # deadwood and chances alone 9C is this hand's discard (the same player
    # with the danger weights at zero throws it); a safe card is at hand.
    game = build(
        "gin",
        ["9C 3D 8D 8H 3S 4S 6S 8S JS QS", "9D 2D 3H KD 5S 6C 8C 10C QD AS"],
        "9H",
        "9S 4H",
        ["pass", "pick 9H", "discard 2D", "draw", "discard 9S", "pick 9S", "discard 3H", "draw"],
        fill=20,
    )
    assert isinstance(game, GinRound)
    view = game.view(0)
    assert isinstance(view, GinView)
    assert view.hand == sorted(cards("9C 3D 8D 8H 3S 4S 6S 8S JS QS 4H"))
    action = choose(level, game)
    assert isinstance(action, Discard)
    assert action.card != parse_card("9C")
    weights = gin_ai.HARD if level == "hard" else gin_ai.NORMAL
    blind = gin_ai.GinPlayer(level, 3)
    blind.weights = replace(weights, danger=0.0)
    assert blind.choose(view, game.legal_actions()) == Discard(parse_card("9C"))


def _gin_redeal(other: str, stock: str) -> Round[Any]:
    return build(
        "gin",
        ["2C 3C 4C 7D 8D 9D QS 5H JS 9C", other],
        "AD",
        "KH " + stock,
        ["pass", "pass", "draw", "discard JS", "draw", "discard 10C", "draw"],
        fill=10,
    )


@pytest.mark.parametrize("level", LEVELS)
def test_gin_choice_does_not_depend_on_hidden_cards(level: str) -> None:
    # seat 1 holds other cards and draws another card, and throws 10C in both deals
    a = _gin_redeal("3D 4D 5D 6S 7S 2H 4H 6C 8C 10C", "2S 3S")
    b = _gin_redeal("6D 7C 8S QC 10S JD 6H 7H 8H 10C", "4S 3S")
    assert a.hands[1] != b.hands[1] and a.hands[0] == b.hands[0]
    va, vb = a.view(0), b.view(0)
    assert (va.hand, va.discards, va.history, va.stock_count) == (
        vb.hand,
        vb.discards,
        vb.history,
        vb.stock_count,
    )
    assert choose(level, a, 11) == choose(level, b, 11)


# ---------------------------------------------------------------------------
# Basic rummy


@pytest.mark.parametrize("level", ["easy", *SMART])
def test_rummy_goes_out_when_it_can(level: str) -> None:
    # 5C 6C 7C, 9D 9S 9H and KS; drawing 8C: meld everything, discard KS and go out
    game = build("rummy", ["5C 6C 7C 9D 9S 9H KS", "2D 3D 4H 6S 7S JC QD", "AD 3C 10D 4C 2C JS QS"],
                 "KC", "8C", ["draw"], fill=20)  # fmt: skip
    for _ in range(6):
        if game.is_over:
            break
        game.apply(choose(level, game))
    assert game.is_over and game.went_out == 0


@pytest.mark.parametrize("level", SMART)
def test_rummy_takes_the_discard_that_makes_a_meld(level: str) -> None:
    game = build("rummy", ["5C 6C 9D KS 2H 4S JD", "2D 3D 4H 6S 7S JC QD"], "7C", "", [], 20)
    assert choose(level, game) == TakeDiscard(parse_card("7C"))


@pytest.mark.parametrize("level", LEVELS)
def test_rummy_choice_does_not_depend_on_hidden_cards(level: str) -> None:
    mine = "5C 6C 9D KS 2H 4S JD"
    a = build("rummy", [mine, "2D 3D 4H 6S 7S JC QD"], "7D", "3S 6D 8S 10S", [], 20)
    b = build("rummy", [mine, "3S 6D 8S 10S QC 7C 7H"], "7D", "2D 3D 4H 6S", [], 20)
    assert a.view(0).hand == b.view(0).hand and a.view(0).discards == b.view(0).discards
    assert choose(level, a, 5) == choose(level, b, 5)


# ---------------------------------------------------------------------------
# Persian rummy


def persian(
    hands: list[str], upcard: str, stock: str, melds: list[tuple[int, str]]
) -> PersianRound:
    """A Persian deal with ``melds`` (owner, cards) already on the table."""
    from dummy_tui.engine.families.persian import table_meld

    laid = " ".join(text for _, text in melds)
    game = build("persian", hands, upcard, stock, [], fill=20, table=laid)
    assert isinstance(game, PersianRound)
    for owner, text in melds:
        game.melds.append(table_meld(owner, sorted(cards(text))))
    return game


OTHERS = ["2C 3C 5D 8D 9C JC 4H", "4C 5C 6C 7D 3H 10C 8H", "2D 3D JH 7H 6H KC AC"]


@pytest.mark.parametrize("level", ["easy", *SMART])
def test_persian_goes_out_by_laying_the_last_card(level: str) -> None:
    # Q K A of spades to meld; 10D and the drawn 9D extend the partner's J Q K of diamonds
    game = persian(["QS KS AS 10D", *OTHERS], "AD", "9D", [(2, "JD QD KD")])
    for _ in range(6):
        if game.is_over or game.seat != 0:
            break
        game.apply(choose(level, game))
    assert game.is_over and game.went_out == 0
    assert Meld(tuple(cards("QS KS AS"))) in [a for _, a in game.history]


@pytest.mark.parametrize("level", SMART)
def test_persian_plays_onto_the_opponents_meld_rather_than_feed_it(level: str) -> None:
    # the opponents (seat 1) own 10S JS QS: 9S laid off scores for our team; thrown, it
    # would score for theirs.  After the layoff the throw is one of the loose cards.
    game = persian(["9S 4D", *OTHERS], "AD", "2H", [(1, "10S JS QS")])
    game.apply(Draw())
    assert choose(level, game) == LayOff(parse_card("9S"), 0)
    game.apply(LayOff(parse_card("9S"), 0))
    assert choose(level, game) in (Discard(parse_card("4D")), Discard(parse_card("2H")))


@pytest.mark.parametrize("level", LEVELS)
def test_persian_choice_does_not_depend_on_hidden_cards(level: str) -> None:
    mine = "QS KS 10D 5H 5C 2C 9H"
    a = build("persian", [mine, "2D 3C 5D 8D 9C JC 4H", "4C 6C 7D 3H 10C KD JD",
                          "3D JH 9D QD KC AC 7H"], "AS", "", [], 20)  # fmt: skip
    b = build("persian", [mine, "3D JH 9D QD KC AC 7H", "2D 3C 5D 8D 9C JC 4H",
                          "4C 6C 7D 3H 10C KD JD"], "AS", "", [], 20)  # fmt: skip
    assert a.view(0).hand == b.view(0).hand and a.view(0).discards == b.view(0).discards
    assert choose(level, a, 2) == choose(level, b, 2)


# ---------------------------------------------------------------------------
# Whole rounds


@pytest.mark.parametrize(
    ("ruleset", "players"), [("gin", 2), ("rummy", 3), ("rummy", 2), ("persian", 4)]
)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_every_family_to_the_end(ruleset: str, players: int, level: str) -> None:
    from dummy_tui.engine.families import new_round

    game = new_round(get_ruleset(ruleset), players, 17)
    ais = [make_player(game.family, level, s) for s in range(players)]
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        action = ais[game.seat].choose(game.view(game.seat), legal)
        assert action in legal
        game.apply(action)
        steps += 1
        assert steps < 2000
    assert isinstance(game, GinRound | RummyRound | PersianRound)
    game.scores()


def test_the_upcard_offer_is_taken_or_passed() -> None:
    game = build("gin", ["2C 3C 4C 7D 8D 9D QS 5H JS 9C", GIN_OTHER], "AD", "", [], 20)
    assert choose("normal", game) in (Pass(), TakeDiscard(parse_card("AD")))
    # 5C makes 2C-5C: it is taken
    game = build("gin", ["2C 3C 4C 7D 8D 9D QS 5H JS 9C", GIN_OTHER], "5C", "", [], 20)
    assert choose("normal", game) == TakeDiscard(parse_card("5C"))
