"""What a newcomer meets at the table: the hand's order, the words of the
refusals, where the cursor rests, the round's opening line, the log kept."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Input
from textual.widgets._footer import FooterKey
from ui_helpers import (
    app_for,
    born_session,
    cards,
    new_game_screen,
    played_by_ai,
    played_until,
    running,
    settle,
    settled_table,
    setup,
)

from dummy_tui.engine.cards import parse_card
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.round import Round
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.saved import write_save
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.session import Session
from dummy_tui.ui.settings import GameSetup, SeatSetup, Settings
from dummy_tui.ui.storage import data_dir
from dummy_tui.ui.widgets.choice import Choice
from dummy_tui.ui.widgets.table import GameLog, MeldGroup


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


async def test_the_seats_survive_browsing_every_preset_and_coming_back() -> None:
    seats = [
        SeatSetup(name="Ann", human=True),
        SeatSetup(name="Bee", level="hard"),
        SeatSetup(name="Chai", level="easy"),
        SeatSetup(name="Dao", human=True),
    ]
    last = GameSetup(seats=seats, seed=3)
    app = DummyApp(settings=Settings(lang="en", ai_delay=0.0, last_setup=last), persist=False)
    async with running(app, (80, 24), new_game_screen) as (pilot, screen):

        def table() -> list[tuple[object, str]]:
            count = screen.query_one("#players", Choice).value
            assert isinstance(count, int)
            return [
                (
                    screen.query_one(f"#kind-{i}", Choice).value,
                    screen.query_one(f"#name-{i}", Input).value,
                )
                for i in range(count)
            ]

        before = table()
        assert before == [("human", "Ann"), ("hard", "Bee"), ("easy", "Chai"), ("human", "Dao")]
        ruleset = screen.query_one("#ruleset", Choice)
        ruleset.focus()
        start = ruleset.value

        async def step(key: str) -> None:
            await pilot.press(key)
            await pilot.pause()
            counts = screen.presets[str(ruleset.value)].player_counts
            assert screen.player_count() == (4 if 4 in counts else max(counts))

        # to gin (two seats) and straight back, as a player trying the rules
        # selector would; then every preset in turn, back to the start
        steps = 0
        while ruleset.value != "gin":
            await step("right")
            steps += 1
        for _ in range(steps):
            await step("left")
        assert ruleset.value == start and table() == before
        for _ in range(len(ruleset.options)):
            await step("right")
        assert ruleset.value == start and table() == before


@pytest.mark.parametrize(("lang", "name"), [("en", "Dummy for money"), ("th", "ดัมมี่น็อค (เล่นเงิน)")])
async def test_a_money_game_names_its_preset_in_the_top_bar(lang: str, name: str) -> None:
    app = app_for(setup(humans=1, ruleset="dummy-money"), lang=lang)
    async with running(app, (80, 24), settled_table) as (_, table):
        assert str(table.query_one("#topbar").render()).startswith(name)


def fooled_session() -> Session:
    """A match whose first round (normal players throughout) ended in a fool."""
    for seed in range(40):
        session = played_by_ai(setup(humans=1, seed=seed, level="normal"))
        game = session.round
        assert isinstance(game, DummyRound)
        if game.fool is not None and game.knocker is not None:
            return session
    raise AssertionError("no fool in forty rounds")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "was fooled last round: play now goes the other way, "),
        ("th", "โดนโง่รอบที่แล้ว: รอบนี้เล่นวนกลับทาง "),
    ],
)
async def test_after_a_fool_the_round_end_and_the_log_say_why_play_turns(
    lang: str, said: str
) -> None:
    session = fooled_session()
    finished = session.round
    assert isinstance(finished, DummyRound) and finished.fool is not None
    fool, knocker = session.names[finished.fool], session.names[finished.knocker or 0]
    app = app_for(session=session, lang=lang)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot, app)  # the table ends the played-out round: its round end
        screen = app.screen
        assert isinstance(screen, RoundEndScreen)
        totals = str(screen.query_one("#round-end-totals").render())
        assert f"{fool} {said}" in totals, totals
        assert knocker in totals.split(said)[1] and knocker in totals.split(said)[0]
        await pilot.press("enter")
        table = await settled_table(pilot, app)
        log = "\n".join(line.text for line in table.query_one(GameLog).lines)
        assert f"{fool} {said}".replace(" ", "") in log.replace(" ", "").replace("\n", "")


def test_a_resumed_match_keeps_the_whole_matchs_log() -> None:
    session = fooled_session()
    session.finish_round()
    session.start_next_round()
    game = session.round
    for _ in range(6):
        session.apply(game.legal_actions()[0])
    resumed = Session.from_save(session.to_save())
    kinds = [e.kind for e in resumed.log]
    assert kinds.count("round") == 2 and kinds.count("knock") == 1
    assert resumed.log == session.log


@pytest.mark.parametrize("lang", ["en", "th"])
async def test_at_80x24_the_new_game_screen_shows_every_field_and_its_whole_footer(
    lang: str,
) -> None:
    write_save(data_dir(), Session.new(setup(humans=1, seed=21)))  # "Saved games: 1 (r)"
    app = app_for(lang=lang, persist=True)
    async with running(app, (80, 24), new_game_screen) as (pilot, screen):
        assert screen.query_one("#resume").display
        footer = [key for key in screen.query(FooterKey) if key.display]
        assert footer[-1].key == "f1"
        assert all(key.region.right <= 80 and key.region.y == 23 for key in footer)
        ruleset = screen.query_one("#ruleset", Choice)
        ruleset.focus()
        for _ in range(len(ruleset.options)):
            await pilot.press("right")
            await pilot.pause()
            form = screen.query_one("#ng-scroll")
            # the form does not scroll: the options section's title, its last
            # line, is in view above the footer
            assert form.max_scroll_y == 0, ruleset.value
            assert screen.query_one("#house").region.bottom <= 23


async def test_a_200x60_table_has_large_cards_a_wide_log_and_melds_side_by_side() -> None:
    def two_seats_melded(game: Round[Any]) -> bool:
        return len({m.owner for m in game.melds}) >= 2

    session = played_until(setup(humans=1, seed=5, level="normal"), two_seats_melded, ai=True)
    app = app_for(session=session)
    async with running(app, (200, 60), settled_table) as (_, table):
        hand, row = table.hand, table.row
        assert hand.large and row.large and hand.lines_per_row == 5 and hand.cell_width >= 7
        assert table.query_one("#side").region.width >= 70  # the log's lines stand whole
        blocks = [b.region for b in table.query(MeldGroup)]
        assert len(blocks) >= 2
        assert blocks[0].y == blocks[1].y and blocks[0].x < blocks[1].x  # two seats side by side
        melds = table.query_one("#melds").region
        assert melds.width <= 130
