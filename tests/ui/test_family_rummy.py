"""Basic rummy on the table screen: the pile turned over, the top card
taken, going out, the meld limit."""

from __future__ import annotations

import pytest
from family_util import status
from ui_helpers import (
    app_for,
    ask_hint,
    played_until,
    round_of,
    running,
    settle,
    settled_table,
    setup,
    table_after_draw,
)

from dummy_tui.engine.actions import TakeDiscard
from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.families.rummy import RummyRound
from dummy_tui.ui.screens.modals import ChoiceScreen
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.widgets.table import GameLog


async def test_basic_rummy_says_when_the_pile_is_turned_over_into_a_new_stock() -> None:
    # everyone draws and throws until the stock is nearly out; the keys do the rest
    session = played_until(setup(players=3, seed=3, ruleset="rummy"), lambda g: len(g.stock) <= 2)
    app = app_for(session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(40):
            table = await settled_table(pilot, app)
            game = round_of(table, RummyRound)
            if game.restocks or game.is_over:
                break
            await pilot.press("d" if game.phase == "take" else "x")
        assert isinstance(game, RummyRound) and game.restocks == 1, "the stock never ran out"
        kinds = [e.kind for e in table.session.log]
        assert kinds.count("restock") == 1
        await pilot.pause()
        shown = " ".join(str(line.text) for line in table.query_one(GameLog).lines)
        assert "the discard pile, turned over, is the new stock" in " ".join(shown.split())


async def test_rummy_takes_the_top_card_and_unavailable_keys_say_why() -> None:
    app = app_for(setup(players=3, seed=5, ruleset="rummy"))
    async with running(app, (100, 30), settled_table) as (pilot, table):
        game = round_of(table, RummyRound)
        await pilot.press("x")
        assert status(app).startswith("x — Discard: take first: draw from the stock")
        top = game.discards[-1]
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(game.history[-1][1], TakeDiscard) and top in table.hand.cards
        await pilot.press("d")
        assert "already taken" in status(app)


@pytest.mark.parametrize(
    ("lang", "key", "hint", "line"),
    [
        ("en", "Go out", "Hint: Go out, discarding", "Ann went out, discarding"),
        ("th", "หมดมือ", "ใบ้: ทิ้ง", "Ann ทิ้ง"),
    ],
)
async def test_rummy_speaks_of_going_out_not_knocking(
    lang: str, key: str, hint: str, line: str
) -> None:
    app = app_for(setup(players=3, seed=5, ruleset="rummy"), lang=lang)
    async with app.run_test(size=(100, 30)) as pilot:
        table = await table_after_draw(pilot, app)
        game = round_of(table, RummyRound)
        last = max(cards_of(game.hands[0]))
        game.hands[0] = 1 << last  # one card left after the draw
        game._legal_cache = None
        table.refresh_view()
        await pilot.pause()
        (k,) = [b for b in table._bindings.key_to_bindings["k"] if b.show]
        assert k.description == key and table.moves.move_possible("knock")
        await ask_hint(pilot, app)
        assert status(app).startswith(hint), status(app)
        await pilot.press("k")
        await settle(pilot, app)
        assert isinstance(app.screen, RoundEndScreen)
        said = [x.plain for x in app.screen.last_turn()]
        assert any(x.startswith(line) for x in said), said
        assert not any("knock" in x or "น็อค" in x for x in said), said


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "m — Meld: melds per turn: at most 1 new meld a turn; lay off or discard"),
        ("th", "m (ลงชุด) — ลงชุดครบแล้ว: ตานี้ลงชุดใหม่ได้ไม่เกิน 1 ชุด ให้ฝากหรือทิ้ง"),
    ],
)
async def test_rummy_meld_limit_is_named_when_m_is_pressed_with_no_cards_selected(
    lang: str, expected: str
) -> None:
    game_setup = setup(players=2, seed=19, ruleset="rummy")
    game_setup.options["melds_per_turn"] = 1
    app = app_for(game_setup, lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await table_after_draw(pilot, app)
        game = round_of(table, RummyRound)
        # this deal gives Ann two melds after her draw: J♦ Q♦ K♦ and 10♠ J♠ Q♠
        assert table.moves.move_possible("meld")
        # the cursor is on a card of neither meld: m offers both
        assert table.hand.cursor_card not in {22, 23, 24, 47, 48, 49}
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert game.melds_this_turn == 1 and not table.moves.move_possible("meld")
        table.hand.selected = set()
        await pilot.press("m")
        await pilot.pause()
        line = status(app)
        assert line.startswith(expected), line
        assert "no meld in your hand" not in line and "ไม่มีชุดในมือ" not in line, line
