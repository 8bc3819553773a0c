"""Gin rummy on the table screen: the knock dialog, dead hands, the taken
mark, a hand played to its end with keys."""

from __future__ import annotations

from typing import Any

import pytest
from family_util import SIZES, plain, play_family, status
from textual.pilot import Pilot
from ui_helpers import app_for, cards, played_until, round_of, running, settle, settled_table, setup

from dummy_tui.engine.actions import Knock, Pass, TakeDiscard
from dummy_tui.engine.cards import card_pretty, cards_of, parse_card, sort_key_suit_low
from dummy_tui.engine.deal import Deal
from dummy_tui.engine.families import round_from_deal
from dummy_tui.engine.families.gin import GinRound
from dummy_tui.engine.match import Match
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.ui.presenters.gin import layout_of
from dummy_tui.ui.screens.modals import ChoiceScreen
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.screens.table import TableScreen
from dummy_tui.ui.session import Session
from dummy_tui.ui.settings import GameSetup, SeatSetup


@pytest.mark.parametrize(("lang", "gin"), [("en", "Gin! Discarding"), ("th", "จิน! ทิ้ง")])
async def test_the_gin_knock_dialog_offers_the_least_deadwood_first(lang: str, gin: str) -> None:
    rules = get_ruleset("gin")
    hands = [cards("4D 5D 4H 5H 6H 7H 8H 9H 10H 4S"), cards("2C 3C 7C 9C JC QC KC 2S 8S QS")]
    up = parse_card("5S")
    used = {*hands[0], *hands[1], up}
    deal = Deal([sorted(h) for h in hands], up, [c for c in range(52) if c not in used])
    game = round_from_deal(rules, deal)
    game.apply(TakeDiscard(up))  # Ann takes the upcard: discarding 6♥ or 10♥ goes gin
    seats = [SeatSetup(name="Ann", human=True), SeatSetup(name="Bee", level="random")]
    session = Session(GameSetup(seats=seats, seed=5, ruleset="gin"), rules, rules,
                      Match(rules, 2, 5), game)  # fmt: skip
    app = app_for(session=session, lang=lang)
    async with running(app, (100, 30), settled_table) as (pilot, table):
        four = parse_card("4S")  # throwing it knocks with 8 deadwood
        table.hand.cursor = table.hand.cards.index(four)
        await pilot.press("k")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        first_label, first = dialog.choices[0]
        assert isinstance(first, Knock) and first.card in cards("6H 10H"), dialog.choices
        assert first_label.plain.startswith(gin), first_label.plain
        await pilot.press("enter")  # Enter takes the first: a gin, not the 4♠ under the cursor
        await pilot.pause()
        assert game.is_over and game.out_card == first.card


async def test_a_dead_gin_hand_shows_each_hand_best_arranged_ace_low() -> None:
    # both drew and threw until the wall was near; the keys play the rest
    session = played_until(setup(players=2, seed=7, ruleset="gin"), lambda g: len(g.stock) <= 6)
    app = app_for(session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(200):  # draw and throw, never knock: to the wall
            await settle(pilot, app)
            end = app.screen
            if isinstance(end, RoundEndScreen):
                break
            assert isinstance(end, TableScreen)
            legal = end.session.round.legal_actions()
            if end.session.round.phase == "take":
                await pilot.press("o" if any(isinstance(a, Pass) for a in legal) else "d")
            else:
                await pilot.press("x")
        assert isinstance(end, RoundEndScreen) and end.game.end == "dead"
        shown = end.hands().plain
    assert "Deadwood left" not in shown and "best arranged" in shown, shown
    assert any(layout_of(hand)[1] for hand in end.game.hands)  # a hand holds melds
    for seat, name in enumerate(end.session.names):
        line = next(x for x in shown.splitlines() if x.strip().startswith(f"{name}:"))
        _, melds, dead = layout_of(end.game.hands[seat])
        for meld in melds:  # each meld in brackets, ace low: [A♣ 2♣ 3♣]
            assert "[" + " ".join(card_pretty(c) for c in meld) + "]" in line, line
        assert line.endswith(" ".join(card_pretty(c) for c in dead)), line


@pytest.mark.parametrize("first", ["p", "o"])
async def test_the_gin_hands_legend_names_the_taken_mark_only_when_a_card_was_taken(
    first: str,
) -> None:
    app = app_for(setup(players=2, seed=7, ruleset="gin"))
    async with running(app, (100, 30), settled_table) as (pilot, table):
        await pilot.press(first)  # take the upcard, or pass it
        table = await settled_table(pilot, app)
        before = set(table.hand.cards)
        if first == "o":
            await pilot.press("d")  # then draw from the stock
            table = await settled_table(pilot, app)
        assert len(table.hand.cards) == 11
        legend = str(table.hand.border_subtitle)
        assert "deadwood after the best discard" in legend
        assert ("^ just taken" in legend) == (first == "p"), legend
        assert (table.hand.taken is not None) == (first == "p")
        # the cursor shows a card drawn from the stock, not the upcard taken,
        # which may not be thrown back
        if first == "o":
            (drawn,) = set(table.hand.cards) - before
            assert table.hand.cursor_card == drawn
        else:
            assert table.hand.cursor_card != table.hand.taken


async def test_a_gin_hand_to_its_round_end_with_keys_only() -> None:
    app = app_for(setup(players=2, seed=7, ruleset="gin"))
    async with running(app, (100, 30), settled_table) as (pilot, table):
        game = round_of(table, GinRound)
        # the upcard is offered first: take it or pass, no draw yet
        assert "offered" in status(app)
        assert not table.moves.move_possible("draw") and table.moves.move_possible("pass_turn")
        assert table.row.pile_size == 1 and table.row.cards == [game.discards[-1]]
        # a move that gin does not have is explained, not ignored
        await pilot.press("m")
        assert "not a move in gin" in status(app)
        await pilot.press("o")
        await settle(pilot, app)
        assert table.session.round.history[0][1] == Pass()
    # the turns up to the last few cards of the stock played before the
    # interface opens again there; the keys play the rest
    session = played_until(
        setup(players=2, seed=7, ruleset="gin"), lambda g: len(g.stock) <= 12, ai=True
    )
    app = app_for(session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled_table(pilot, app)
        pressed = await play_family(pilot, app)
        end = app.screen
        assert isinstance(end, RoundEndScreen)
        text = plain(end.breakdown())
        assert "Deadwood" in text
        result = end.result
        assert [b.total for b in result.breakdown] == end.session.match.totals
        if end.game.end == "knock":
            assert "knock" in pressed or "k" in pressed
            assert any(isinstance(a, Knock) for _, a in end.game.history)
            layout = str(end.query_one("#round-end-hands").render())
            assert "layout" in layout
        # the cards left are listed ace low, as gin counts them (A♦ 3♦, not 3♦ A♦)
        shown = end.hands().plain
        for seat, name in enumerate(end.session.names):
            left = sorted(cards_of(end.game.hands[seat]), key=sort_key_suit_low)
            if left:
                assert f"{name}: " + " ".join(card_pretty(c) for c in left) in shown, shown
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.screen.session.round_number == 2


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_gin_table(snap_compare: Any, size: tuple[int, int]) -> None:
    app = app_for(setup(players=2, seed=7, ruleset="gin"))

    async def ready(pilot: Pilot[int]) -> None:
        await settle(pilot, app)
        await pilot.press("o")  # pass the upcard; Bee passes or takes it
        await settle(pilot, app)

    assert snap_compare(app, terminal_size=size, run_before=ready)


def test_the_gin_hand_marks_only_the_melds_of_its_best_arrangement() -> None:
    """8♠ 8♣ would make a set with 8♥, but the run 8♥ 9♥ 10♥ leaves less
    deadwood: the panel lists them as deadwood, and the hand does not mark them."""
    from dummy_tui.ui.presenters import presenter_for

    session = Session.new(setup(players=2, seed=1, ruleset="gin"))
    hands = [cards("8H 9H 10H 8S 8C 2D 5C KS QD JC"), cards("2H 3H 4H 5H 6H 7H AS AD AC 3D")]
    session.round = round_from_deal(
        get_ruleset("gin"), Deal(hands, parse_card("4C"), cards("5D 6D 7D")), starter=0
    )
    marks = presenter_for(session).hand_marks(0)
    assert set(marks) == set(cards("8H 9H 10H")), sorted(card_pretty(c) for c in marks)
    _, melds, dead = layout_of(session.round.hands[0])
    assert sorted(melds[0]) == sorted(cards("8H 9H 10H")) and parse_card("8S") in dead
