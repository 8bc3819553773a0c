"""A pick-up that melds with nothing is refused naming the card, in both languages."""

from __future__ import annotations

import re

import pytest
from ui_helpers import settings, settled_table, two_seat_session

from dummy_tui.engine.actions import Discard, Draw
from dummy_tui.engine.cards import parse_card
from dummy_tui.engine.errors import IllegalMoveError
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.i18n import set_language
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.cardtext import CardLook
from dummy_tui.ui.words import refusal_text

# Ann holds nothing that melds with the head card 9♠ (no 9, no 7♠ 8♠ 10♠ J♠)
ANN = "2S 4S 6C 8C JD KD 3D 5D 7H 10C QH"
BEE = "2H 3H 4H 5C 7C 9C QC AC 6S 8S 10S"

SAID = {
    "en": "p — Pick up: 9♠, the head card, makes no meld with the cards in your hand, "
    "so it cannot be picked up",
    "th": "p (เก็บ) — หัวกอง 9♠ ไม่เข้าชุดกับไพ่ในมือ จึงเก็บไม่ได้",
}


@pytest.mark.parametrize("lang", ["en", "th"])
async def test_p_on_a_head_card_that_melds_with_nothing_names_it(lang: str) -> None:
    session = two_seat_session(ANN, BEE, "9S")
    app = DummyApp(settings=settings(lang), session=session, persist=False)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settled_table(pilot, app)
        await pilot.press("p")
        await pilot.pause()
        assert str(table.query_one("#status").render()) == SAID[lang]
        # choosing the card itself in the row says the same
        table.row.clicked(0)
        await pilot.pause()
        assert str(table.query_one("#status").render()) == SAID[lang]


def test_the_one_card_of_a_row_is_named_and_several_are_not() -> None:
    game = two_seat_session(ANN, BEE, "9S").round
    assert isinstance(game, DummyRound)
    refused = game.refusal("pick")
    assert refused is not None and refused.key == "pickup_meld_none_head"
    assert refused.params == {"card": parse_card("9S")}
    game.apply(Draw())
    game.apply(Discard(parse_card("QH")))
    game.apply(Draw())
    game.apply(Discard(parse_card("6S")))
    assert game.discards[1:] == [parse_card("QH"), parse_card("6S")]
    hand = set(game.hand(0))
    assert not hand & {parse_card(c) for c in ("QC", "QD", "QS", "JH", "KH")}, "QH melds"
    # a row card other than the head card: named, without the head's words
    refused = game.refusal("pick", (parse_card("QH"),))
    assert refused is not None and refused.key == "pickup_meld_none"
    assert refused.params == {"card": parse_card("QH")}


LOOK = CardLook()


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ("cannot be laid off", "pickup_to_layoff")), ("th", ("เก็บมาฝากไม่ได้", "«เก็บมาฝาก»"))],
)
def test_a_pick_up_to_lay_off_where_it_is_off_names_the_option(
    lang: str, words: tuple[str, ...]
) -> None:
    set_language(lang)
    try:
        said = refusal_text(IllegalMoveError("pickup_meld", "new_meld"), LOOK).plain
    finally:
        set_language("en")
    assert all(w in said for w in words), said
    if lang == "th":
        assert not re.search(r"[A-Za-z]", said), said
