"""What a newcomer meets at the table: the hand's order, the words of the
refusals, where the cursor rests, the round's opening line, the log kept."""

from __future__ import annotations

import pytest
from ui_helpers import (
    app_for,
    born_session,
    cards,
    running,
    settled_table,
)

from dummy_tui.engine.cards import parse_card


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "not a meld: 2♠ 3♦ 4♣ "),
        ("th", "ไม่เป็นชุด: 2♠ 3♦ 4♣ "),
    ],
)
async def test_not_a_meld_lists_the_cards_lowest_first(lang: str, expected: str) -> None:
    session, _ = born_session("7H 8H 4C 3D 2S KD", "2H 3H 4H 5C 7C 9C", "9H", "7H 8H 9H")
    app = app_for(session=session, lang=lang)
    async with running(app, (80, 24), settled_table) as (pilot, table):
        table.hand.selected = set(cards("4C 3D 2S"))
        await pilot.press("m")
        await pilot.pause()
        status = str(table.query_one("#status").render())
        assert expected in status, status


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "knock with it (k)"), ("th", "ให้น็อคด้วยใบนั้น (k)")],
)
async def test_the_last_card_gets_one_sentence_from_f_and_from_x(lang: str, said: str) -> None:
    session, game = born_session("7H 8H 5S", "2H 3H 4H 5C 7C 9C", "9H", "7H 8H 9H")
    assert game.hand(0) == [parse_card("5S")]
    app = app_for(session=session, lang=lang)
    async with running(app, (80, 24), settled_table) as (pilot, table):
        lines = []
        for key in ("f", "x"):
            await pilot.press(key)
            await pilot.pause()
            lines.append(str(table.query_one("#status").render()))
        assert all(said in line for line in lines), lines
        assert not any("discard it" in line or "ให้ทิ้ง" in line for line in lines), lines


async def test_the_cursor_never_comes_to_rest_on_a_spe_to_by_itself() -> None:
    session, _ = born_session("2C 5C 7H 8H 10H QS", "2H 3H 4H 5H 7C 9C", "9H", "7H 8H 9H")
    app = app_for(session=session)
    async with running(app, (80, 24), settled_table) as (pilot, table):
        hand = table.hand
        assert hand.cards == cards("2C 5C 10H QS")
        assert hand.cursor_card == parse_card("5C")  # not the 2♣ the hand starts with
        await pilot.press("right")  # the player's own choice: 10♥
        assert hand.cursor_card == parse_card("10H")
        await pilot.press("f")  # laid off on 7♥ 8♥ 9♥: Q♠ slides under the cursor
        await pilot.pause()
        assert hand.cards == cards("2C 5C QS")
        assert hand.cursor_card == parse_card("5C")
        await pilot.press("right")  # where the player puts it, it stays
        assert hand.cursor_card == parse_card("QS")
        await pilot.press("space", "space")
        await pilot.pause()
        assert hand.cursor_card == parse_card("QS")
