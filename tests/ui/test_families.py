"""Gin, basic rummy and Persian rummy through the interface, keys only."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.geometry import Region
from textual.pilot import Pilot
from ui_helpers import (
    app_for,
    ask_hint,
    cards,
    new_game_screen,
    open_house_rules,
    played_until,
    pressed,
    round_of,
    running,
    settle,
    settled_table,
    setup,
    table_after_draw,
    until,
    value_now,
)

from dummy_tui.engine.actions import Knock, Pass, Pick, TakeDiscard
from dummy_tui.engine.cards import card_pretty, cards_of, parse_card, sort_key_suit_low
from dummy_tui.engine.deal import Deal
from dummy_tui.engine.families import round_from_deal
from dummy_tui.engine.families.gin import GinRound
from dummy_tui.engine.families.persian import PersianRound
from dummy_tui.engine.families.rummy import RummyRound
from dummy_tui.engine.match import Match
from dummy_tui.engine.round import Round
from dummy_tui.i18n import catalog, set_language, t
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.common import signed
from dummy_tui.ui.presenters.base import add_item, score_item, score_table
from dummy_tui.ui.presenters.gin import layout_of
from dummy_tui.ui.screens.modals import ChoiceScreen
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.screens.table import TableScreen
from dummy_tui.ui.session import Session
from dummy_tui.ui.settings import GameSetup, SeatSetup
from dummy_tui.ui.widgets.row import DiscardRow
from dummy_tui.ui.widgets.table import GameLog, MeldLine, PlayerPanel, Scoreboard, fit_parts

SIZES = [(80, 24), (120, 40)]


def plain(renderable: object) -> str:
    console = Console(width=140, file=io.StringIO(), record=True)
    console.print(renderable)
    return console.export_text()


def status(app: DummyApp) -> str:
    return str(app.screen.query_one("#status").render())


async def play_family(pilot: Pilot[int], app: DummyApp, turns: int = 400) -> list[str]:
    """Play the person's turns with keys to the round end; returns the keys pressed."""
    pressed: list[str] = []
    for _ in range(turns):
        await settle(pilot, app)
        screen = app.screen
        if isinstance(screen, RoundEndScreen):
            return pressed
        if isinstance(screen, ChoiceScreen):
            key = "enter"
        else:
            assert isinstance(screen, TableScreen)
            game = screen.session.round
            legal = game.legal_actions()
            if any(isinstance(a, Knock) for a in legal):
                key = "k"  # opens the knock choice with the deadwood of each discard
            elif game.phase == "take":
                key = "o" if any(isinstance(a, Pass) for a in legal) else "d"
            else:
                key = "x"
        pressed.append(key)
        await pilot.press(key)
    raise AssertionError("the round did not end")


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
        if first == "o":
            await pilot.press("d")  # then draw from the stock
            table = await settled_table(pilot, app)
        assert len(table.hand.cards) == 11
        legend = str(table.hand.border_subtitle)
        assert "deadwood after the best discard" in legend
        assert ("^ just taken" in legend) == (first == "p"), legend
        assert (table.hand.taken is not None) == (first == "p")


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


async def test_a_persian_round_to_its_round_end_with_keys_only() -> None:
    # the first turns drawn and thrown before the interface opens; the keys play the rest
    session = played_until(setup(players=4, seed=3, ruleset="persian"), lambda g: len(g.stock) <= 8)
    app = app_for(session=session)
    async with running(app, (120, 40), settled_table) as (pilot, table):
        assert isinstance(table.session.round, PersianRound)
        panels = [str(table.query_one(f"#seat-{s}").render()) for s in range(4)]
        assert "Team A" in panels[0] and "Team A" in panels[2] and "Team B" in panels[1]
        assert "partner" in panels[2] and "partner" not in panels[1]
        assert "Team A" in str(table.query_one("#topbar").render())
        board = scoreboard_text(table.query_one(Scoreboard))  # one line a team, headed so
        assert board[0].split()[0] == "Team", board
        assert [line.split(" 0")[0].strip() for line in board[1:]] == ["Ann & Chai", "Bee & Dao"]
        await play_family(pilot, app, turns=600)
        end = app.screen
        assert isinstance(end, RoundEndScreen)
        text = plain(end.breakdown())
        assert "Team A" in text and "Ann & Chai" in text
        assert "Team B" in text and "Bee & Dao" in text
        # on a narrow screen the team's players are written whole, under the team
        narrow = Console(width=60, file=io.StringIO(), record=True)
        narrow.print(end.breakdown())
        shown = narrow.export_text()
        assert "Ann & Chai" in shown and "Bee & Dao" in shown
        assert "Team's table points" in text
        assert "Deal score" in text and "Round score" not in text  # a deal, as in the title
        rows = end.result.breakdown
        assert rows[0].total == rows[2].total and rows[1].total == rows[3].total
        totals = str(end.query_one("#round-end-totals").render())
        assert "Team totals" in totals and "Enter: next deal" in totals, totals
        # a Persian game is counted in deals
        assert [b.description for b in end._bindings.key_to_bindings["enter"]] == ["Next deal"]
        await pilot.press("e")  # the deal saved as a record, and said so in a deal's words
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert any(m.startswith("Deal saved as a record: ") for m in said), said
        path = Path(said[-1].split(": ", 1)[1])
        assert json.loads(path.read_text(encoding="utf-8"))["ruleset"] == "persian"


def test_a_seat_line_gives_way_from_the_front_and_keeps_the_points() -> None:
    team = (Text("Team A"), Text("A"))
    parts: list[Text | tuple[Text, Text]] = [team, Text("partner"), Text("table 145")]
    assert fit_parts(parts, 0).plain == "Team A · partner · table 145"
    assert fit_parts(parts, 40).plain == "Team A · partner · table 145"
    assert fit_parts(parts, 23).plain == "A · partner · table 145"
    assert fit_parts(parts, 22).plain == "partner · table 145"
    assert fit_parts(parts, 19).plain == "partner · table 145"
    assert fit_parts(parts, 18).plain == "table 145"
    assert fit_parts(parts, 16).plain == "table 145"
    assert fit_parts(parts, 4).plain == "table 145"  # the last part is never dropped
    # an empty short form: that part goes first
    parts = [team, Text("partner"), (Text("table 145"), Text())]
    assert fit_parts(parts, 23).plain == "A · partner · table 145"
    assert fit_parts(parts, 22).plain == "A · partner"
    assert fit_parts(parts, 11).plain == "A · partner"
    assert fit_parts(parts, 10).plain == "partner"


@pytest.mark.parametrize("lang", ["en", "th"])
@pytest.mark.parametrize("ruleset", ["persian", "dummy"])
async def test_four_seat_panels_at_80_columns_show_the_table_points_whole(
    ruleset: str, lang: str
) -> None:
    # the AI seats played until cards were laid; the keys play on from there
    session = played_until(
        setup(players=4, seed=3, ruleset=ruleset), lambda g: sum(g.table_points()) > 0, ai=True
    )
    app = app_for(session=session, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        seen = 0
        for _ in range(200):
            await settle(pilot, app)
            table = app.screen
            if not isinstance(table, TableScreen):
                break
            laid = table.session.round.table_points()
            for seat in range(4):
                panel = table.query_one(f"#seat-{seat}", PlayerPanel)
                line = str(panel.render()).split("\n")[1]
                assert cell_len(line) <= panel.content_size.width, line
                if ruleset == "persian" and seat == 2:  # the viewer's partner
                    assert line.split(" · ")[-1] in (
                        t("panel.partner"),
                        t("panel.table", table=laid[seat]),
                    ), line
                    assert t("panel.partner") in line, line  # it outlasts the points
                elif laid[seat]:
                    assert line.endswith(f" {laid[seat]}"), line
                    seen += 1
            if seen >= 6:  # points on several panels, over more than one turn
                break
            game = table.session.round
            await pilot.press("d" if game.phase == "take" else "x")
        assert seen, "nobody laid cards: the test saw no points"


def deep_pick(game: Round[Any]) -> bool:
    picks = [a for a in game.legal_actions() if isinstance(a, Pick)]
    return game.phase == "take" and any(a.card != game.discards[-1] for a in picks)


async def test_persian_pick_from_any_depth_is_played_at_once() -> None:
    # drawn and thrown until a pick-up from below the top card is offered
    app = app_for(session=played_until(setup(players=4, seed=3, ruleset="persian"), deep_pick))
    async with running(app, (120, 40), settled_table) as (pilot, table):
        game = table.session.round
        assert deep_pick(game)
        picks = [a for a in game.legal_actions() if isinstance(a, Pick)]
        deep = next(a for a in picks if a.card != game.discards[-1])
        before = len(game.discards)
        depth = game.discards.index(deep.card)
        await pilot.press("p")
        row = table.query_one(DiscardRow)
        assert row.picking
        while row.cursor_card != deep.card:
            await pilot.press("left")
        await pilot.press("enter")
        await pilot.pause()
        choice = app.screen
        assert isinstance(choice, ChoiceScreen)
        index = next(i for i, (_, a) in enumerate(choice.choices) if a == deep)
        for _ in range(index):
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert len(game.discards) == depth < before
        assert any(deep.card in m.cards for m in game.melds)


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


async def test_new_game_offers_every_preset_with_its_seats() -> None:
    app = app_for()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await new_game_screen(pilot, app)
        from textual.widgets import Input

        from dummy_tui.ui.widgets.choice import Choice

        ruleset = screen.query_one("#ruleset", Choice)
        names = [str(v) for _, v in ruleset.options]
        assert set(names) >= {"dummy", "dummy-house", "rummy", "gin", "gin-openspiel", "persian"}
        players = screen.query_one("#players", Choice)
        ruleset.value = "gin"
        await pilot.pause()
        assert players.value == 2
        assert [v for _, v in players.options] == [2]
        # the options section shows the chosen preset's options once opened
        assert not screen.query(".opt-line")
        await open_house_rules(pilot, screen)
        assert screen.query_one("#opt-knock_limit", Input).value == "10"
        assert not screen.query("#optline-fool_penalty")
        ruleset.value = "persian"
        await pilot.pause()
        assert value_now(players) == 4
        assert "Team A" in str(screen.query_one("#kind-0", Choice).label)
        setup_ = screen.collect()
        assert setup_.ruleset == "persian" and len(setup_.seats) == 4


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_gin_table(snap_compare: Any, size: tuple[int, int]) -> None:
    app = app_for(setup(players=2, seed=7, ruleset="gin"))

    async def ready(pilot: Pilot[int]) -> None:
        await settle(pilot, app)
        await pilot.press("o")  # pass the upcard; Bee passes or takes it
        await settle(pilot, app)

    assert snap_compare(app, terminal_size=size, run_before=ready)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_persian_table(snap_compare: Any, size: tuple[int, int]) -> None:
    app = app_for(setup(players=4, seed=3, ruleset="persian"))

    async def ready(pilot: Pilot[int]) -> None:
        await settle(pilot, app)
        for key in ("d", "x"):
            await pilot.press(key)
            await settle(pilot, app)

    assert snap_compare(app, terminal_size=size, run_before=ready)


async def test_persian_a_joker_chosen_in_the_pile_takes_the_joker_the_meld_needs() -> None:
    app = app_for(setup(players=4, seed=3, ruleset="persian"))
    async with running(app, (120, 40), settled_table) as (pilot, table):
        game = table.session.round
        assert isinstance(game, PersianRound) and game.to_move == 0 and game.phase == "take"
        # three jokers deep in the pile, none in any hand or the stock
        jokers = [52, 53, 54]
        moved = set(jokers) | {55, game.discards[-1]}
        game.hands = [h & ~sum(1 << c for c in moved) for h in game.hands]
        game.stock[:] = [c for c in game.stock if c not in moved]
        top = game.discards[-1]
        game.discards[:] = [*jokers, top]
        game._legal_cache = None
        table.refresh_view()
        await pilot.pause()
        await pilot.press("p")
        row = table.query_one(DiscardRow)
        assert row.picking
        # the joker nearest the top makes no meld alone; the deepest one does
        while row.cursor_card != 54:
            await pilot.press("left")
        await pilot.press("enter")
        await pilot.pause()
        choice = app.screen
        assert isinstance(choice, ChoiceScreen)
        assert [a for _, a in choice.choices] == [Pick(52, (52, 53, 54))]
        await pilot.press("enter")
        await pilot.pause()
        assert game.discards == []
        assert list(game.melds[-1].cards) == [52, 53, 54]
        assert game.hands[0] >> top & 1


async def test_the_end_of_a_persian_game_says_who_won_first() -> None:
    game_setup = setup(players=4, seed=3, ruleset="persian")
    game_setup.options["deals"] = 1
    app = app_for(session=played_until(game_setup, lambda g: len(g.stock) <= 8))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_family(pilot, app, turns=600)
        end = app.screen
        assert isinstance(end, RoundEndScreen) and end.match_over
        winner = end.session.match.winner
        first = plain(end.query_one("#round-end-title").render()).splitlines()[0]
        if winner is None:
            assert "tie" in first
        else:
            team = "Team A" if winner % 2 == 0 else "Team B"
            assert first.startswith(team) and first.rstrip().endswith("wins the game!")
        assert "the game is one deal" in plain(end.query_one("#round-end-totals").render())
        # the next key starts a new game: there is no next deal
        keys = {b.key for bs in end._bindings.key_to_bindings.values() for b in bs}
        assert end.check_action("next", ()) is False and "n" in keys


@pytest.mark.parametrize(
    ("ruleset", "players", "heading", "size"),
    [
        ("gin", 2, "Gin rummy", (80, 24)),
        ("persian", 4, "Persian rummy", (100, 30)),
        ("dummy", 4, "How to play Dummy", (80, 24)),
    ],
    ids=["gin-80x24", "persian-100x30", "dummy-80x24"],
)
async def test_help_opens_at_the_rules_of_the_game_on_the_table(
    ruleset: str, players: int, heading: str, size: tuple[int, int]
) -> None:
    from dummy_tui.ui.screens.modals import HelpScreen

    app = app_for(setup(players=players, seed=5, ruleset=ruleset))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        await pilot.press("f1")
        for _ in range(3):
            await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        scroll = help_screen.query_one("#help-scroll")
        part = next(p for p in help_screen.query(".help-section") if heading in (p.name or ""))
        # the game's heading is on screen, at the top of the help
        await until(
            pilot, lambda: 0 <= part.region.y - scroll.region.y <= 3, "the help at the game"
        )
        assert (scroll.scroll_y > 0) == (ruleset != "dummy")


async def test_help_closed_at_once_leaves_the_table_as_it_was() -> None:
    app = app_for(setup(players=2, seed=5, ruleset="gin"))
    async with running(app, (100, 30), settled_table) as (pilot, table):
        await pilot.press("f1", "escape")  # before the help has found gin's section
        await pilot.pause(0.6)  # any look for the section again finds the help gone
        assert app.screen is table and app.is_running


async def test_help_opened_again_is_the_same_screen_at_the_games_section_in_the_language() -> None:
    """The help is laid out once: F1 again shows the same screen, still at the
    game's section, and in a language changed meanwhile."""
    from dummy_tui.ui.screens.modals import HelpScreen

    app = app_for(setup(players=2, seed=5, ruleset="gin"))
    async with running(app, (100, 30), settled_table) as (pilot, table):
        first = await pressed(pilot, app, "f1", HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table
        await pilot.press("ctrl+l")  # Thai, while the help is closed
        await pilot.press("f1")
        for _ in range(3):
            await pilot.pause()
        again: object = app.screen
        assert again is first
        scroll = first.query_one("#help-scroll")
        part = next(p for p in first.query(".help-section") if "จินรัมมี่" in (p.name or ""))
        assert (part.name or "").startswith("### จินรัมมี่")  # the Thai help's own section
        await until(
            pilot, lambda: 0 <= part.region.y - scroll.region.y <= 3, "the help at the game"
        )


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "m — Meld: not a meld: K♥ K♠ JK (jokers are not wild"),
        ("th", "m (ลงชุด) — ไม่เป็นชุด: K♥ K♠ JK (โจ๊กเกอร์ใช้แทนไพ่อื่นไม่ได้"),
    ],
)
async def test_persian_cards_selected_that_make_no_meld_are_refused_by_the_rule_that_forbids_them(
    lang: str, expected: str
) -> None:
    app = app_for(setup(players=4, seed=3, ruleset="persian"), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await table_after_draw(pilot, app)
        round_of(table, PersianRound)
        kings = [c for c in table.hand.cards if c < 52 and c % 13 == 11]
        jokers = [c for c in table.hand.cards if c >= 52]
        assert len(kings) == 2 and jokers  # K♥ K♠ and a joker in this deal
        # no meld in the hand at all: the key would otherwise only say so
        assert not table.moves.move_possible("meld")
        table.hand.selected = {*kings, jokers[0]}
        await pilot.press("m")
        await pilot.pause()
        assert status(app).startswith(expected), status(app)
        # fewer than three cards selected: no meld of the hand holds them
        table.hand.selected = set(kings)
        await pilot.press("m")
        await pilot.pause()
        line = status(app)
        assert "no meld of your hand holds" in line or "ไม่มีชุดในมือที่มี" in line, line
        assert all(table.dapp.look.text(k).plain in line for k in kings), line


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


def score_items_at_80(
    lang: str, columns: list[str], keys: list[str], value: str
) -> tuple[str, list[str]]:
    """The round end's score table with these items (each ``value`` for every
    column) as printed at 80×24, and the items' names, in ``lang``."""
    set_language(lang)
    try:
        table = score_table(columns)
        for key in keys:
            add_item(table, key, [value] * len(columns), always=True)
        labels = [score_item(key).plain for key in keys]
    finally:
        set_language("en")
    console = Console(width=76, file=io.StringIO(), record=True)  # inside the round end's box
    console.print(table)
    return console.export_text(), labels


@pytest.mark.parametrize("lang", ["en", "th"])
@pytest.mark.parametrize("columns", [["Team A", "Team B"], ["Ann", "Bee", "Chai", "Dao"]])
def test_every_score_item_is_named_whole_at_80_columns(lang: str, columns: list[str]) -> None:
    keys = [k.removeprefix("item.") for k in catalog("en") if k.startswith("item.")]
    shown, labels = score_items_at_80(lang, columns, keys, "+10")
    assert "…" not in shown
    words = " ".join(shown.split())
    for label in labels:
        for word in label.split():
            assert word in words, (label, word)


@pytest.mark.parametrize("lang", ["en", "th"])
def test_a_dummy_rounds_items_each_keep_to_one_line_with_four_seats_at_80_columns(
    lang: str,
) -> None:
    # the items of nearly every Dummy round end: a fall, with its Thai term, is the longest
    keys = ["table", "hand", "fall", "knock"]
    columns = ["Somchai", "Player 2", "Niran", "Malee"]
    shown, labels = score_items_at_80(lang, columns, keys, "−110")
    assert "…" not in shown  # and every name and score whole
    lines = shown.splitlines()
    for label in labels:
        assert any(line.startswith(label) for line in lines), (label, shown)


def scoreboard_text(board: Scoreboard) -> list[str]:
    """The scoreboard as it shows now, line by line."""
    width, height = board.outer_size
    strips = board.render_lines(Region(0, 0, width, height))
    return [strip.text[1:-1].strip() for strip in strips[1:-1]]  # inside the border


async def test_the_scoreboard_keeps_names_whole_and_shows_the_rounds_that_fit() -> None:
    names = ["Player 1", "Player 2", "Somchai", "Malee"]
    rounds = [[110, -5, 70, -100], [-80, 65, 125, 40], [1000, -260, 15, 5], [5, 5, -5, 5]]
    totals = [sum(r[s] for r in rounds) for s in range(4)]
    app = app_for(setup(players=4, seed=3))
    async with running(app, (80, 24), settled_table) as (pilot, table):
        await pilot.press("t")  # a short screen: the scores in place of the game log
        board = table.query_one(Scoreboard)
        board.update_scores(names, rounds, totals, 500)
        await pilot.pause()
        narrow = scoreboard_text(board)
        assert len(narrow) == 5  # a heading and one line a player: nothing wrapped
        for name, line in zip(names, narrow[1:], strict=True):
            assert line.split()[: len(name.split())] == name.split(), line
        assert "R4" in narrow[0] and "R1" not in narrow[0]  # the latest round first
        assert [line.split()[-1] for line in narrow[1:]] == [signed(v) for v in totals]
        await pilot.resize_terminal(200, 60)
        # wider, the board is fitted again: room for every round
        await until(
            pilot,
            lambda: all(f"R{n}" in scoreboard_text(board)[0] for n in range(1, 5)),
            "the scoreboard fitted again to its new width",
        )


async def test_at_80_columns_the_commonest_lines_are_not_wrapped() -> None:
    """A draw-and-discard line with the longest AI name and a 10, and gin's eleven
    deadwood cards after taking, each fit on one line at 80×24."""
    app = app_for(setup(players=4, seed=3))
    async with running(app, (80, 24), settled_table) as (pilot, table):
        log = table.query_one(GameLog)
        assert log.scrollable_content_region.width >= len("Somchai drew, discarded 10♣.")
    app = app_for(setup(players=2, seed=8, ruleset="gin"))
    async with running(app, (80, 24), settled_table) as (pilot, table):
        await pilot.press("p")  # take the upcard: eleven cards, no meld among them here
        await pilot.pause()
        hand = table.session.round.hands[table.viewer or 0]
        assert hand.bit_count() == 11 and not layout_of(hand)[1]
        dead = [
            w for w in table.query(MeldLine) if "♣" in str(w.render()) or "♦" in str(w.render())
        ]
        assert dead, "no card line in the layout"
        assert all(w.size.height == 1 for w in dead), [str(w.render()) for w in dead]
