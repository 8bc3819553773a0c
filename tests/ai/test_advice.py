"""What a discard gives away (ai/advice): the coach's judgement and the hint's,
read from the seat's own view alone."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dummy_tui.ai.advice import BAD, RISKY, SAFE, advised, calm, discard_risks, warning
from dummy_tui.engine.actions import DRAW, Action, Discard, Pick
from dummy_tui.engine.cards import parse_card
from dummy_tui.engine.round import Round
from dummy_tui.ui.session import HintTask

from .conftest import cards, decisions, fixed_round, redeal

# seat 0 holds the spe-to 2♣ among cards that meld with nothing; it draws A♦
SPETO_HAND = ["2C 7D KS 4H 9S JD", "3C 4C 5D 6H 8C 10S"]
SPETO_STOCK = "AD 5S 6S 7S 8S 9H 10H 2H 3H"


def card(text: str) -> int:
    return parse_card(text)


def after_draw(hands: list[str], upcard: str, stock: str) -> Round[Any]:
    game = fixed_round(hands, upcard, stock)
    game.apply(DRAW)
    return game


def test_a_spe_to_is_asked_about_while_a_card_of_no_use_to_anyone_is_there() -> None:
    game = after_draw(SPETO_HAND, "QH", SPETO_STOCK)
    view, legal = game.view(0), game.legal_actions()
    risks = discard_risks(view)
    assert risks[card("2C")].level == BAD and risks[card("2C")].reasons == ("speto",)
    assert risks[card("KS")].level == SAFE and not risks[card("KS")].reasons
    # the normal player values throwing 2♣ above any other card (its 50 points
    # leave the hand): the coach still asks, and the hint throws a safe card
    assert max(risks.values(), key=lambda r: r.value).card == card("2C")
    assert warning(risks, legal, Discard(card("2C"))) is risks[card("2C")]
    assert warning(risks, legal, Discard(card("KS"))) is None
    hinted = advised(view, legal, Discard(card("2C")))
    assert isinstance(hinted, Discard) and risks[hinted.card].level == SAFE
    assert card("2C") not in [r.card for r in calm(risks, legal)]


def test_a_card_that_melds_with_the_row_is_one_card_from_a_pick_up() -> None:
    # 8♠ is the head card: 9♠ goes with it, and the next player needs 7♠ or 10♠
    game = after_draw(["9S 2D 4H 6C KD QC", "3C 4C 5D 6H 8C JH"], "8S", SPETO_STOCK)
    risk = discard_risks(game.view(0))[card("9S")]
    assert risk.level == RISKY and risk.reasons == ("feeds",)
    assert risk.partners == (card("8S"),) and set(risk.needs) == {card("7S"), card("10S")}
    assert risk.seat == 1


def test_a_feed_to_a_player_close_to_the_knock_is_bad() -> None:
    # the next player holds three cards: a pick-up may be the knock, and a fool
    game = after_draw(["9S 2D 4H 6C KD QC", "3C 4C JH"], "8S", SPETO_STOCK)
    risk = discard_risks(game.view(0))[card("9S")]
    assert risk.level == BAD and risk.reasons == ("feeds", "knock")


def test_a_card_a_house_penalty_charges_at_once_is_bad() -> None:
    # dummy-house charges a discard that makes a meld with two cards of the row
    game = fixed_round(["5S 2D 9H", "3C 4C JH"], "4S", "7S 6S 8S", "dummy-house")
    game.apply(DRAW)
    game.apply(Discard(card("7S")))  # the row: 4♠ 7♠; seat 1 draws and throws 6♠
    game.apply(DRAW)
    game.apply(Discard(card("6S")))
    game.apply(DRAW)  # seat 0 holds 5♠, which melds with 4♠ and 6♠ of the row
    risk = discard_risks(game.view(0))[card("5S")]
    assert risk.level == BAD and "penalty_row_meld" in risk.reasons


def test_on_the_last_turns_a_spe_to_is_not_bad_by_itself() -> None:
    # a stock of one card: nothing held can be laid later, so holding 2♣ costs as much
    game = after_draw(SPETO_HAND, "QH", "AD")
    assert discard_risks(game.view(0))[card("2C")].level == SAFE


def test_the_knock_is_never_asked_about() -> None:
    # picking up 9♥ into 7♥ 8♥ 9♥ leaves 2♣ alone: discarding it is the knock
    game = fixed_round(["7H 8H 2C", "3C 4C 5D"], "9H", SPETO_STOCK)
    game.apply(Pick(card("9H"), tuple(cards("7H 8H 9H"))))
    legal = game.legal_actions()
    assert legal == [Discard(card("2C"))]
    assert warning(discard_risks(game.view(0)), legal, Discard(card("2C"))) is None


# seat 0 holds the set 7♣ 7♦ 7♥ beside cards of no use; it draws 8♠
SET_HANDS = ["7C 7D 8D JD 7H 2S 4S", "3C 4C 5D 6H 9C 10S KH", "3D 5S 9H QC KC 2H 6D",
             "AS 3H 5H QD 10D 9D 4D"]  # fmt: skip
SET_STOCK = "8S AD 5C 6S 10H JC QH KD 2C"


def test_a_card_of_a_meld_in_hand_is_asked_about_while_a_loose_card_is_there() -> None:
    game = after_draw(SET_HANDS, "3H", SET_STOCK)
    legal = game.legal_actions()
    risks = discard_risks(game.view(0))
    for seven in ("7C", "7D", "7H"):
        risk = risks[card(seven)]
        assert risk.level == RISKY and risk.reasons == ("breaks_meld",)
        assert set(risk.meld) == set(cards("7C 7D 7H"))
        assert warning(risks, legal, Discard(card(seven))) is risk
    assert warning(risks, legal, Discard(card("JD"))) is None
    assert card("7C") not in [r.card for r in calm(risks, legal)]


def test_a_card_a_meld_can_spare_is_not_asked_about() -> None:
    # four sevens: any one of them leaves a set; the ends of a four-card run
    # leave a run, its middle cards break it
    game = after_draw(["7C 7D 7S JD 7H 2S 4S", *SET_HANDS[1:]], "3H", SET_STOCK)
    risks = discard_risks(game.view(0))
    assert all(risks[card(c)].level == SAFE for c in ("7C", "7D", "7H", "7S"))
    hands = ["4C 5C 6C 7C JD 2S 9H", "3D 4D 5D 6H 9C 10S KH", "3S 5S AH QC KC 2H 6D",
             "AS 3H 5H QD 10D 9D 4H"]  # fmt: skip
    risks = discard_risks(after_draw(hands, "8H", SET_STOCK).view(0))
    assert risks[card("4C")].level == SAFE and risks[card("7C")].level == SAFE
    assert risks[card("5C")].reasons == ("breaks_meld",)
    assert set(risks[card("5C")].meld) == set(cards("4C 5C 6C 7C"))


ROUNDS = {"dummy": ("dummy-house", 3, 4), "gin": ("gin", 2, 6), "rummy": ("rummy", 3, 2),
          "persian": ("persian", 4, 1)}  # fmt: skip


def plays(game: Round[Any]) -> bool:
    return game.phase != "take" and sum(isinstance(a, Discard) for a in game.legal_actions()) > 1


@pytest.mark.parametrize("family", sorted(ROUNDS))
def test_the_advice_and_the_hint_do_not_depend_on_the_hidden_cards(family: str) -> None:
    ruleset, players, seed = ROUNDS[family]
    positions = [g for g in decisions(ruleset, players, seed, every=1) if plays(g)][2:5]
    assert positions
    for i, game in enumerate(positions):
        seat = game.seat
        view, legal = game.view(seat), game.legal_actions()
        risks = discard_risks(view)
        assert set(risks) == set(cards_of_hand(game, seat))
        hint = HintTask(family, 7, len(game.history), view, legal).run()
        said = coach_words(game, hint)
        for redeal_seed in range(2):
            other = redeal(game, seat, random.Random(redeal_seed + 10 * i))
            assert other.hands != game.hands or other.stock != game.stock
            assert other.view(seat) == view
            assert discard_risks(other.view(seat)) == risks
            again = HintTask(family, 7, len(game.history), other.view(seat), legal).run()
            assert again == hint
            assert coach_words(other, hint) == said


def coach_words(game: Round[Any], hint: Action) -> list[str]:
    """All the coach says to the seat to move: what it can do, the question
    before each discard, why the hint's move."""
    from dummy_tui.engine.match import Match
    from dummy_tui.ui.cardtext import CardLook
    from dummy_tui.ui.presenters import presenter_for
    from dummy_tui.ui.session import Session
    from dummy_tui.ui.settings import GameSetup, SeatSetup

    seats = [SeatSetup(name=f"P{s}", human=s == game.seat) for s in range(game.players)]
    setup = GameSetup(seats=seats, seed=1, ruleset=game.rules.family)
    session = Session(setup, game.rules, game.rules, Match(game.rules, game.players, 1), game)
    coach = presenter_for(session).make_coach()
    look = CardLook()
    possible, why = coach.possible(look), coach.explain(hint, look)
    out = [possible.plain if possible else "", why.plain if why else ""]
    for action in game.legal_actions():
        question = coach.question(action, look)
        out.append(f"{question.title} {question.why.plain}" if question else "")
    return out


def cards_of_hand(game: Round[Any], seat: int) -> list[int]:
    return game.hand(seat)


def test_the_hint_never_throws_what_the_coach_would_ask_about(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Whatever the hint's AI chooses, a discard the coach would ask about
    becomes the safer discard it points to."""
    import dummy_tui.ai as ai

    class Thrower:
        level = "hard"

        def choose(self, view: object, legal: list[Action]) -> Action:
            return Discard(card("2C"))

    monkeypatch.setattr(ai, "make_player", lambda *args, **kw: Thrower())
    game = after_draw(SPETO_HAND, "QH", SPETO_STOCK)
    task = HintTask("dummy", 1, len(game.history), game.view(0), game.legal_actions())
    hint = task.run()
    assert isinstance(hint, Discard) and hint.card != card("2C")
    assert hint.card in cards("AD KS JD 7D 4H 9S")
