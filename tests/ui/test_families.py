"""Gin, basic rummy and Persian rummy through the interface, keys only."""

from __future__ import annotations

import io

import pytest
from family_util import scoreboard_text
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from ui_helpers import (
    app_for,
    new_game_screen,
    open_house_rules,
    played_until,
    pressed,
    running,
    settle,
    settled_table,
    setup,
    until,
    value_now,
)

from dummy_tui.families import HOME
from dummy_tui.i18n import catalog, set_language, t
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.ui.common import signed
from dummy_tui.ui.presenters.base import add_item, score_item, score_table
from dummy_tui.ui.presenters.gin import layout_of
from dummy_tui.ui.screens.table import TableScreen
from dummy_tui.ui.widgets.table import GameLog, MeldLine, PlayerPanel, Scoreboard, fit_parts


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
                if table.presenter.teams and seat == 2:  # the viewer's partner
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
        # the home family's rules open the help; the others' come after them
        assert (scroll.scroll_y > 0) == (get_ruleset(ruleset).family != HOME)


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
