"""Playing through the interface: keys, mouse, hot-seat privacy, saving and resuming."""

from __future__ import annotations

import json
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

import pytest
from broken_ai import Broken
from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual._xterm_parser import XTermParser
from textual.widgets import Button, Footer, Input, OptionList
from textual.widgets._footer import FooterKey
from textual.widgets.input import Selection
from textual.worker import WorkerFailed
from ui_helpers import (
    app_for,
    ask_hint,
    born_session,
    cards,
    new_game_screen,
    pickup_session,
    play_keys,
    played_by_ai,
    played_until,
    pressed,
    put_save,
    running,
    saved_moves,
    saved_paths,
    settle,
    settled_table,
    setup,
    table_after_draw,
    table_turns,
    table_under,
    the_save,
    two_seat_session,
    two_turns_saved,
    until,
)

from dummy_tui.ai import AIError
from dummy_tui.engine.actions import Action, Discard, Draw, LayOff, Meld, Pick, PickLayoff
from dummy_tui.engine.cards import card_pretty, cards_of, parse_card, sort_key_rank, sort_key_suit
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.melds import TableMeld
from dummy_tui.engine.record import apply_moves
from dummy_tui.engine.round import PLAY
from dummy_tui.rules import DummyRules
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.screens.modals import ChoiceScreen, PrivacyScreen
from dummy_tui.ui.screens.new_game import NewGameScreen
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.screens.saved_games import SavedGamesScreen
from dummy_tui.ui.screens.table import TableScreen
from dummy_tui.ui.session import HintTask, Session
from dummy_tui.ui.settings import GameSetup, SeatSetup
from dummy_tui.ui.widgets.hand import Hand
from dummy_tui.ui.widgets.row import DiscardRow
from dummy_tui.ui.widgets.table import GameLog, MeldLine, MeldTable, Scoreboard


async def test_a_whole_round_with_keys_only() -> None:
    # the round's first turns drawn and thrown before the interface opens
    app = app_for(session=played_until(setup(humans=1, seed=11), lambda g: len(g.stock) <= 8))
    async with app.run_test(size=(100, 30)) as pilot:
        await play_keys(pilot, app)
        screen = app.screen
        assert isinstance(screen, RoundEndScreen)
        session = screen.session
        assert len(session.match.results) == 1
        # the people's moves were all keyboard draws and discards
        human_moves = [a for s, a in screen.game.history if s == 0]
        assert human_moves, "Ann never moved"
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.screen.session.round_number == 2


async def test_pick_up_and_lay_off_with_the_mouse() -> None:
    session = pickup_session()
    app = app_for(session=session)
    async with running(app, (100, 30), settled_table) as (pilot, table):
        # click the head card 9♥ in the row
        row = table.row
        region = row.content_region
        await pilot.click(offset=(region.x + 1, region.y))
        await pilot.pause()
        choice = app.screen
        assert isinstance(choice, ChoiceScreen)
        wanted = tuple(sorted(parse_card(c) for c in ("7H", "8H", "9H")))
        index = next(
            i for i, (_, a) in enumerate(choice.choices) if getattr(a, "meld", None) == wanted
        )
        options = choice.query_one(OptionList).content_region
        await pilot.click(offset=(options.x + 2, options.y + index))
        await pilot.pause()
        game = session.round
        assert isinstance(game, DummyRound)
        assert game.born[0] and game.phase == PLAY
        assert game.melds[0].cards == list(wanted)
        # select 10♥ in the hand with a click, then click the meld
        hand = table.query_one(Hand)
        ten = parse_card("10H")
        i = hand.cards.index(ten)
        hr = hand.content_region
        per_line = hand.per_line(hr.width)
        await pilot.click(
            offset=(hr.x + (i % per_line) * hand.cell_width + 1, hr.y + i // per_line)
        )
        await pilot.pause()
        assert hand.selected == {ten}
        line = next(w for w in table.query(MeldLine) if w.index == 0)
        await pilot.click(offset=(line.region.x + 3, line.region.y))
        await pilot.pause()
        assert ten in game.melds[0].cards
        assert game.melds[0].layers[-1] == 0
        assert ten not in cards_of(game.hands[0])


async def test_hot_seat_never_shows_the_other_persons_hand(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # the last turns of a round (everyone drew and threw until then): each
    # person's turn still comes round twice
    session = played_until(setup(humans=2, players=3, seed=4), lambda g: len(g.stock) <= 6)
    app = app_for(session=session)
    frames: list[tuple[int | None, list[int], int | None]] = []
    confirmed: list[int | None] = [None]
    original = Hand.render

    def spy(self: Hand):  # type: ignore[no-untyped-def]
        out = original(self)
        frames.append((self.owner, list(self.cards), confirmed[0]))
        screen = self.screen
        if isinstance(screen, TableScreen) and self.cards:
            owner = self.owner
            assert owner is not None
            # every card drawn belongs to the person who last pressed Enter
            assert owner == confirmed[0], (owner, confirmed[0])
            assert set(self.cards) <= set(cards_of(screen.session.round.hands[owner]))
        return out

    monkeypatch.setattr(Hand, "render", spy)
    privacy_seen: list[str] = []
    async with app.run_test(size=(100, 30)) as pilot:
        async for privacy, table in table_turns(pilot, app, 600):
            if privacy is not None:
                assert table.hand.cards == []  # hidden before the screen went up
                privacy_seen.append(privacy.player_name)
                confirmed[0] = table.session.round.seat
                await pilot.press("enter")
                continue
            game = table.session.round
            await pilot.press(
                "d"
                if game.phase == "take" and game.stock
                else ("o" if game.phase == "take" else "x")
            )
        assert isinstance(app.screen, RoundEndScreen)
    assert {"Ann", "Bee"} <= set(privacy_seen)
    shown = [f for f in frames if f[1]]
    assert {f[0] for f in shown} == {0, 1}, "both people saw their own cards"


@pytest.mark.parametrize(("start", "given", "after"), [("th", "คุณ", "You"), ("en", "You", "คุณ")])
async def test_the_name_the_game_gave_a_person_follows_the_language(
    start: str, given: str, after: str
) -> None:
    game = setup(humans=1, players=4, seed=2)
    game.seats[0].name = given  # the game's own name for the one person
    game.seats[1].name = "Player 2" if start == "en" else "ผู้เล่น 2"  # and for a second
    game.seats[2].name = "Malee" if start == "en" else "มาลี"  # and for an AI player
    app = app_for(game, lang=start)
    async with running(app, (100, 30), settled_table) as (pilot, table):
        await pilot.press("ctrl+l")
        await pilot.pause()
        shown = table.session.names
        assert shown[0] == after
        assert shown[1] == ("ผู้เล่น 2" if start == "en" else "Player 2")
        assert shown[2] == ("มาลี" if start == "en" else "Malee")
        assert shown[3] == "Dao"  # a chosen name stays as it is
        assert after in str(table.query_one(Hand).border_title)
        # records keep the names the game was set up with
        assert table.session.record()["players"] == [s.name for s in game.seats]


async def test_resume_after_quitting_mid_round() -> None:
    app = app_for(setup(humans=1, seed=21), persist=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        for key in ("d", "x"):
            await pilot.press(key)
            await settle(pilot, app)
        await pilot.press("d")
        table = await settled_table(pilot, app)
        before = table.session.round.moves()
        hands = list(table.session.round.hands)
        await pilot.press("q")
    assert the_save().exists()
    again = app_for(persist=True, resume=True)
    async with again.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        resumed = again.screen
        assert isinstance(resumed, TableScreen)
        assert resumed.session.round.moves() == before
        assert resumed.session.round.hands == hands
        assert resumed.session.round.phase == PLAY  # the draw was kept: mid-turn
        await pilot.press("u")  # a drawn card has been seen: it cannot go back
        await pilot.pause()
        assert resumed.session.round.phase == PLAY
        status = str(resumed.query_one("#status").render())
        assert "Undo" in status and "a draw cannot be taken back" in status, status


async def _saved_game(game_setup: GameSetup | None = None) -> list[str]:
    """Leave a match saved mid-round (Ann, Bee, Chai, Dao); its moves."""
    app = app_for(game_setup or setup(humans=1, seed=21), persist=True)
    async with app.run_test(size=(100, 30)) as pilot:
        table = await table_after_draw(pilot, app)
        moves = table.session.round.moves()
        path = saved_paths()[0]
        await pilot.press("q")
    assert saved_moves(path) == moves
    return moves


async def test_the_saved_games_are_offered_first_and_enter_enter_resumes_the_last() -> None:
    before = await _saved_game()
    again = app_for(persist=True)  # started as a player starts it: no --resume
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, NewGameScreen)
        buttons = list(screen.query("#ng-buttons Button").results(Button))
        assert [b.id for b in buttons] == ["resume", "quick", "start"]
        assert str(buttons[0].label) == "Saved games: 1 (r)"
        assert screen.focused is buttons[0]
        for button in buttons:  # every label whole at 80 columns
            assert button.region.right <= 80, (button.id, button.region)
            assert button.region.width == len(str(button.label)) + 2, button.id
        await pilot.press("enter")  # the list, the last played first and highlighted
        await pilot.pause()
        await pilot.press("enter")
        table = await settled_table(pilot, again)
        assert table.session.round.moves() == before


async def test_a_new_game_starts_beside_the_saved_one_and_both_are_kept() -> None:
    moves = await _saved_game()
    [dummy] = saved_paths()
    app = app_for(persist=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("g")  # no question: nothing is lost
        table = await settled_table(pilot, app)
        assert table.session.setup.seats[0].name == "You"
        # the new game is saved just after its first frame (later on a busy machine)
        await until(pilot, lambda: len(saved_paths()) == 2, "the new game saved")
    assert saved_moves(dummy) == moves  # the first match as it was
    assert saved_paths()[1] == dummy  # the new one is the last played


async def test_a_game_from_the_command_line_starts_beside_the_saved_one() -> None:
    moves = await _saved_game()  # a game of Dummy, Ann against the AI
    [dummy] = saved_paths()
    app = app_for(setup(humans=2, players=2, seed=5, ruleset="gin"), persist=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.session is not None, "the gin game started")
        assert app.session is not None and app.session.setup.ruleset == "gin"
        await until(pilot, lambda: len(saved_paths()) == 2, "the gin game saved")
    assert saved_moves(dummy) == moves


async def test_ctrl_c_leaves_the_table_with_the_game_saved() -> None:
    app = app_for(setup(humans=1, seed=21), persist=True)
    async with app.run_test(size=(100, 30)) as pilot:
        table = await table_after_draw(pilot, app)
        moves = table.session.round.moves()
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert not app.is_running
    assert saved_moves() == moves
    assert app.saver.farewell() == "Your game is saved: dummy-tui --resume goes back to it."


async def test_ctrl_c_copies_a_selected_name_and_leaves_otherwise() -> None:
    app = app_for(persist=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await new_game_screen(pilot, app)
        await pilot.click("#name-0")
        name = screen.query_one("#name-0", Input)
        name.selection = Selection(0, len(name.value))
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert app.is_running and app.screen is screen
        assert app.clipboard == name.value
        name.selection = Selection.cursor(0)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert not app.is_running
    assert app.saver.farewell() is None  # no game was started: nothing to go back to


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("{ this is not a save", "(not JSON (line 1, column 3"),
        ("", "(the file is empty)"),
        ("[]", "(not a JSON object)"),
        ('{"format": "dummy-tui-save/0"}', "(written by another version of dummy-tui"),
        ('{"format": "dummy-tui-save/2"}', "(missing key 'setup')"),
        (
            json.dumps(
                {"format": "dummy-tui-save/2", "setup": {"seats": [{"name": "A" * 41}] * 2}}
            ),
            "(setup.seats[0].name: must be at most 40 characters long (got 41))",
        ),
        (
            # resumed as if valid: the game did not write it
            '{"setup": {"seats": [{"name": "Ann", "human": true}, {"name": "Bee"}], "seed": 5}}',
            "(missing key 'format')",
        ),
        (
            # a lone surrogate: it would resume, and then no autosave could write it
            '{"format": "dummy-tui-save/2", "setup": '
            '{"seats": [{"name": "Ann\\ud800", "human": true}, {"name": "Bee"}], "seed": 5}}',
            "(setup.seats[0].name: holds a lone surrogate (\\ud800), which cannot be written)",
        ),
    ],
    ids=["not-json", "empty", "list", "older", "no-setup", "long-name", "no-format", "surrogate"],
)
async def test_a_damaged_save_is_set_aside_and_what_is_wrong_is_said(
    home: Path, content: str, said: str
) -> None:
    path = put_save(content)
    app = app_for(persist=True, resume=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await until(pilot, lambda: bool(app._notifications), "the damage told")
        messages = [n.message for n in app._notifications]
        assert any("could not be read" in m and said in m for m in messages), messages
        assert not any("SaveGame" in m or "validation error" in m for m in messages), messages
        assert not any("\ud800" in m for m in messages)  # as an escape: it can be shown
    assert not path.exists()
    (aside,) = path.parent.glob(f"{path.name}.damaged-*")
    assert aside.read_text(encoding="utf-8") == content  # kept, not written over


def _told_aside(app: DummyApp, lang: str, said: str) -> None:
    [told] = [" ".join(n.message.split()) for n in app._notifications]
    if lang == "en":
        assert told.startswith("The saved game could not be read and was set aside as "), told
    else:
        assert told.startswith("อ่านเกมที่เซฟไว้ไม่ได้ ย้ายไฟล์ไปไว้ที่ "), told
    assert said in told, told


@pytest.mark.parametrize("lang", ["en", "th"])
async def test_a_save_that_is_not_json_is_set_aside_at_the_start_and_told(lang: str) -> None:
    path = put_save("{ this is not a save")
    app = app_for(persist=True, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await until(pilot, lambda: bool(app._notifications), "the damage told")
        _told_aside(app, lang, "not JSON (line 1, column 3")
        await until(pilot, lambda: not screen.query_one("#resume", Button).display, "no list")
        assert app.focused is not None and app.focused.id == "quick"
        await pilot.press("r")  # nothing to list
        await pilot.pause()
        assert app.screen is screen
    (aside,) = path.parent.glob(f"{path.name}.damaged-*")
    assert aside.read_text(encoding="utf-8") == "{ this is not a save"  # kept, not written over


@pytest.mark.parametrize("lang", ["en", "th"])
async def test_a_save_whose_match_cannot_be_rebuilt_is_set_aside_when_resumed(lang: str) -> None:
    await _saved_game()
    path = the_save()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["current"]["moves"] = ["discard 2C", "discard 3C"]
    path.write_text(json.dumps(data), encoding="utf-8")
    damaged = path.read_text(encoding="utf-8")
    app = app_for(persist=True, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        saved = await pressed(pilot, app, "r", SavedGamesScreen)
        assert saved.matches[0].resumable  # as far as can be told without replaying it
        await pilot.press("enter")
        await until(pilot, lambda: bool(app._notifications), "the damage told")
        _told_aside(app, lang, "the current round")
        assert app.screen is saved and saved.matches == []  # the list as it is now
    (aside,) = path.parent.glob(f"{path.name}.damaged-*")
    assert aside.read_text(encoding="utf-8") == damaged  # kept, not written over


async def test_a_save_that_cannot_be_written_is_told_not_a_crash() -> None:
    # text UTF-8 cannot hold, as no set-up the game builds would have
    seats = [SeatSetup.model_construct(name="Ann\ud800", human=True, level="normal")]
    seats.append(SeatSetup(name="Bee", level="random"))
    game_setup = GameSetup.model_construct(
        seats=seats, ruleset="dummy", options={}, seed=5, lang="en", rules_path=None
    )
    app = app_for(game_setup, persist=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        for _ in range(100):  # the first save, a moment after the table is up
            if app.saver.save_failure is not None:
                break
            await pilot.pause(0.05)
        assert app.is_running
        assert isinstance(app.screen, TableScreen)
        assert (
            app.saver.save_failure is not None
            and "surrogates not allowed" in app.saver.save_failure
        )
        assert "\ud800" not in app.saver.save_failure
    assert saved_paths() == []


async def test_a_save_with_an_illegal_move_is_set_aside() -> None:
    app = app_for(setup(humans=1, seed=3), persist=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("q")
    path = the_save()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["current"]["moves"] = ["discard 2C", "discard 3C"]
    path.write_text(json.dumps(data), encoding="utf-8")
    again = app_for(persist=True, resume=True)
    async with again.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, NewGameScreen)
    assert list(path.parent.glob(f"{path.name}.damaged-*"))
    assert saved_paths() == []


async def test_quick_game_is_one_key_from_the_new_game_screen() -> None:
    app = app_for(seed=8)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")
        table = await settled_table(pilot, app)
        seats = table.session.setup.seats
        assert [s.human for s in seats] == [True, False, False, False]
        assert {s.level for s in seats[1:]} == {"normal"}
        assert table.session.setup.ruleset == "dummy"


async def test_before_being_born_the_prompt_and_the_meld_key_say_so() -> None:
    app = app_for(setup(humans=1, seed=21))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await table_after_draw(pilot, app)
        game = table.session.round
        assert isinstance(game, DummyRound)
        assert not game.born[0] and not game.knock_possible(0)
        status = str(table.query_one("#status").render())
        assert "Not born yet" in status and "Meld (m)" not in status
        await pilot.press("m")
        await pilot.pause()
        status = str(table.query_one("#status").render())
        assert status.startswith("m — Meld: not born: you lay cards down after your first"), status


async def test_the_prompt_says_which_card_was_drawn_until_the_next_move() -> None:
    app = app_for(setup(humans=1, seed=21))
    async with running(app, (80, 24), settled_table) as (pilot, table):
        before = table.session.round.hands[0]
        await pilot.press("d")
        await settle(pilot, app)
        (card,) = cards_of(table.session.round.hands[0] & ~before)
        status = str(table.query_one("#status").render())
        assert status.startswith(f"You drew {app.look.text(card).plain}. "), status
        await pilot.press("x")
        await settle(pilot, app)
        assert "You drew" not in str(table.query_one("#status").render())


async def test_letter_suits_mark_the_head_card_apart_from_hearts_and_ctrl_a_flips_them() -> None:
    app = app_for(setup(humans=1, seed=5), ascii=True)  # as with --ascii
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settled_table(pilot, app)
        game = table.session.round
        assert isinstance(game, DummyRound) and game.discards == [game.head]
        row = table.query_one(DiscardRow)

        def shown() -> tuple[str, str]:
            return str(row.render()).strip(), str(row.border_subtitle)

        head = app.look.text(game.head).plain
        assert head[-1] in "CDHS"  # letters
        assert shown() == (f"{head}#", "# head card · * spe-to")
        await pilot.press("ctrl+a")  # the key flips what is shown, --ascii or not
        await pilot.pause()
        head = app.look.text(game.head).plain
        assert head[-1] in "♣♦♥♠"
        assert shown() == (f"{head}H", "H head card · * spe-to")
        await pilot.press("ctrl+a")
        await pilot.pause()
        assert shown()[1] == "# head card · * spe-to"


@pytest.mark.parametrize(
    ("lang", "legend"),
    [("en", "H head card, a spe-to too · * spe-to"), ("th", "H หัวกองเป็นสเปโตด้วย · * สเปโต")],
)
async def test_a_head_card_that_is_a_spe_to_is_named_both_under_the_row(
    lang: str, legend: str
) -> None:
    app = app_for(setup(humans=1, seed=41), lang=lang)  # the head card is 2♣
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settled_table(pilot, app)
        game = table.session.round
        assert isinstance(game, DummyRound) and game.is_speto(game.head)
        row = table.query_one(DiscardRow)
        assert str(row.render()).strip() == "2♣H"  # one mark: the head's
        assert str(row.border_subtitle) == legend


@pytest.mark.parametrize(("lang", "legend"), [("en", "* spe-to"), ("th", "* สเปโต")])
async def test_once_the_head_card_is_picked_up_the_row_no_longer_explains_its_mark(
    lang: str, legend: str
) -> None:
    session, game = born_session(*HEARTS_MELDED)  # Ann picked up the head card, 9♥
    assert not game.head_in_row
    app = app_for(session=session, lang=lang)
    async with running(app, (80, 24), settled_table) as (_pilot, table):
        assert str(table.query_one(DiscardRow).border_subtitle) == legend


async def test_the_log_wraps_again_when_the_screen_narrows() -> None:
    app = app_for(setup(humans=1, seed=5))
    async with app.run_test(size=(200, 50)) as pilot:
        for _ in range(6):  # a few turns: long lines at full width
            table = await settled_table(pilot, app)
            await pilot.press("d" if table.session.round.phase == "take" else "x")
        table = await settled_table(pilot, app)
        log = table.query_one(GameLog)
        written = len(log.lines)
        widest = max(strip.cell_length for strip in log.lines)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        room = log.scrollable_content_region.width
        assert written > 5 and widest > room  # lines wrapped wide would not fit now
        assert max(strip.cell_length for strip in log.lines) <= room
        assert log.max_scroll_x == 0, log.max_scroll_x  # no horizontal scrollbar
        assert not log.show_horizontal_scrollbar
        assert len(log.lines) >= written  # every move still there, wrapped


async def test_each_look_key_says_what_it_changed() -> None:
    app = app_for(setup(humans=1, seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for key, said in (
            ("ctrl+k", "Four-colour deck: ♣ green, ♦ blue."),
            ("ctrl+k", "Two-colour deck."),
            ("ctrl+t", "Light theme."),
            ("ctrl+t", "Dark theme."),
            ("ctrl+a", "Suits as letters: C D H S."),
            ("ctrl+a", "Suits as symbols: ♣ ♦ ♥ ♠."),
        ):
            await pilot.press(key)
            await pilot.pause()
            assert [n.message for n in app._notifications][-1] == said
        assert not app.look.four_colour and not app.look.ascii


async def test_illegal_move_is_explained_in_one_line() -> None:
    app = app_for(session=pickup_session())
    async with running(app, (100, 30), settled_table) as (pilot, table):
        await pilot.press("d")
        await pilot.press("space", "right", "space", "m")  # 2♠ 4♠? not a meld
        status = str(table.query_one("#status").render())
        assert "meld" in status.lower()
        assert "\n" not in status.strip()


async def test_a_long_message_is_shown_whole_on_a_small_terminal() -> None:
    app = app_for(setup(players=4, seed=3))
    async with running(app, (80, 24), settled_table) as (pilot, table):
        long = (
            "pickup must be played: after picking 10♦ the next move must meld it "
            "or lay it off, with the cards picked up or from your hand"
        )
        table.say(long, error=True)
        await pilot.pause()
        status = table.query_one("#status")
        # 78 columns inside the padding: the message needs two lines, and gets them
        assert status.size.height == 2
        assert table.query_one("#hand").size.height > 0


async def test_a_seat_that_only_laid_off_is_headed_with_its_layoffs() -> None:
    app = app_for(setup(players=3, seed=5, ruleset="rummy"))
    async with running(app, (100, 30), settled_table) as (pilot, table):
        fives = TableMeld.new(0, [parse_card(c) for c in ("5C", "5D", "5H")], ace_low=True)
        fives.add(parse_card("5S"), 2)
        meld_table = table.query_one(MeldTable)
        names = table.session.names
        headings = [Text(n) for n in names]
        meld_table.update_table([fives], names, headings, app.look, set(), set())
        await pilot.pause()
        lines = [str(w.render()) for w in meld_table.query(MeldLine)]
        assert lines[0] == "Ann"
        assert lines[2] == "Chai  laid off 5♠"
        assert len(lines) == 3  # Bee laid nothing and is left out


async def test_language_switch_is_kept() -> None:
    app = app_for(setup(humans=1, seed=2), persist=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert "จั่ว" in str(app.screen.query_one("#status").render())
    from dummy_tui.ui.settings import load_settings

    assert load_settings().lang == "th"


async def test_a_meld_hint_selects_its_cards_and_keys_are_named_as_printed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from dummy_tui.engine.actions import Meld

    app = app_for(session=pickup_session())
    async with running(app, (100, 30), settled_table) as (pilot, table):
        await pilot.press(".")  # no AI move to skip: said with the key as printed
        status = str(table.query_one("#status").render())
        assert status.startswith(". — ") and "full_stop" not in status
        meld = (parse_card("7H"), parse_card("8H"), parse_card("10H"))
        monkeypatch.setattr(HintTask, "run", lambda self: Meld(meld))
        await ask_hint(pilot, app)
        assert table.hand.selected == set(meld)
        assert "7♥" in str(table.query_one("#status").render())


@pytest.mark.parametrize(
    ("lang", "expected", "prompt"),
    [
        (
            "en",
            "p — Pick up: first turn must draw: the first turn of the round must draw",
            "Your turn: draw (d). The first turn of the round must draw from the stock.",
        ),
        (
            "th",
            "p (เก็บ) — ตาแรกของรอบต้องจั่ว",
            "ตาคุณ: ตาแรกของรอบต้องจั่ว (d) ยังเก็บไม่ได้",
        ),
    ],
)
async def test_a_first_turn_that_must_draw_says_so_when_the_head_card_would_meld(
    lang: str, expected: str, prompt: str
) -> None:
    game_setup = setup(humans=1, seed=0).model_copy(
        update={"options": {"first_turn_must_draw": True}}
    )
    app = app_for(game_setup, lang=lang)
    async with running(app, (80, 24), settled_table) as (pilot, table):
        game = table.session.round
        assert isinstance(game, DummyRound) and game.first_turn
        # without the option the head card could be picked up and melded at once
        free = DummyRound(DummyRules(), game.deal, game.starter, game.direction)
        assert any(isinstance(a, Pick) for a in free.legal_actions())
        assert str(table.query_one("#status").render()) == prompt  # before the key, too
        await pilot.press("p")
        await pilot.pause()
        status = str(table.query_one("#status").render())
        assert status.startswith(expected), status


# Ann has picked up 9♥ into 7♥ 8♥ 9♥; she holds 10♥ and J♥, which extend it,
# and 2♠, which fits nothing
HEARTS_MELDED = (
    "7H 8H 10H JH 2S 4S 6C 8C JD KD 3D",
    "2H 3H 4H 5C 7C 9C QC AC 6S 8S 10S",
    "9H",
    "7H 8H 9H",
)


async def status_after_f(session: Session, lang: str, card: int) -> tuple[str, list[int]]:
    """The status line after pressing f with the cursor on ``card``, and the hand then."""
    app = app_for(session=session, lang=lang)
    async with running(app, (80, 24), settled_table) as (pilot, table):
        table.hand.cursor = table.hand.cards.index(card)
        await pilot.press("f")
        await pilot.pause()
        return str(table.query_one("#status").render()), list(table.hand.cards)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "f — Lay off: layoff limit: you have laid off 1 card this round, as many as"),
        ("th", "f (ฝาก) — ฝากครบแล้ว: รอบนี้คุณฝากไป 1 ใบ ครบจำนวนที่เกมนี้อนุญาต"),
    ],
)
async def test_a_card_that_fits_but_passes_the_layoff_limit_names_the_limit(
    lang: str, expected: str
) -> None:
    session, game = born_session(*HEARTS_MELDED, DummyRules(layoff_limit=1))
    game.apply(LayOff(parse_card("10H"), 0))  # the one layoff this game allows
    jack = parse_card("JH")
    assert game.melds[0].fits(jack, 0, "any")  # J♥ would extend 7♥–10♥
    status, _ = await status_after_f(session, lang, jack)
    assert status.startswith(expected), status


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "f — Lay off: does not fit: 2♠ fits no meld on the table"),
        ("th", "f (ฝาก) — ฝากไม่ได้: 2♠ ไม่เข้าชุดไหนบนโต๊ะเลย"),
    ],
)
async def test_f_on_a_card_that_fits_no_meld_says_so_of_every_meld(
    lang: str, expected: str
) -> None:
    session, game = born_session(*HEARTS_MELDED)
    spade = parse_card("2S")
    assert not game.melds[0].fits(spade, 0, "any")
    status, hand = await status_after_f(session, lang, spade)
    assert expected in status, status
    assert "that meld" not in status and "ชุดนั้น" not in status
    assert hand.count(spade) == 1  # nothing was played


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "m — Meld: no meld of your hand holds 2♠ 4♠"),
        ("th", "m (ลงชุด) — ไม่มีชุดในมือที่มี 2♠ 4♠"),
    ],
)
async def test_m_on_two_chosen_cards_that_meld_with_nothing_names_them(
    lang: str, expected: str
) -> None:
    session, game = born_session(*HEARTS_MELDED)
    assert not any(isinstance(a, Meld) for a in game.legal_actions())
    app = app_for(session=session, lang=lang)
    async with running(app, (80, 24), settled_table) as (pilot, table):
        table.hand.selected = set(cards("2S 4S"))
        await pilot.press("m")
        await pilot.pause()
        status = str(table.query_one("#status").render())
        assert status.startswith(expected), status
        assert "remain" not in status and "ต้องเหลือ" not in status


async def test_a_refused_row_card_is_named_and_its_refusal_goes_when_a_good_one_is_chosen() -> None:
    session = pickup_session()
    game = session.round
    assert isinstance(game, DummyRound)
    for action in (Draw(), Discard(parse_card("KD")), Draw(), Discard(parse_card("5C"))):
        game.apply(action)
    five, nine = parse_card("5C"), parse_card("9H")
    picks = {a.card for a in game.legal_actions() if isinstance(a, Pick | PickLayoff)}
    assert game.discards[-1] == five and five not in picks and nine in picks
    app = app_for(session=session)
    async with running(app, (100, 30), settled_table) as (pilot, table):
        await pilot.press("p")
        row = table.query_one(DiscardRow)
        assert row.picking
        while row.cursor_card != five:
            await pilot.press("right")
        await pilot.press("enter")
        await pilot.pause()
        said = str(table.query_one("#status").render())
        assert "5♣" in said and "meld" in said, said
        while row.cursor_card != nine:
            await pilot.press("left")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        said = str(table.query_one("#status").render())
        assert "5♣" not in said and "meld" not in said, said


async def test_spe_to_cards_on_the_table_carry_the_rows_mark() -> None:
    session, game = born_session(
        "3C 4C 5C QH JH 10H 2S 4S 6D 8D KD",
        "2H 3H 4H 5D 7C 9C QC AC 6S 8S 10S",
        "2C",
        "2C 3C 4C 5C",
    )
    game.apply(Meld(tuple(sorted(cards("10H JH QH")))))
    app = app_for(session=session)
    async with running(app, (80, 24), settled_table) as (_pilot, table):
        lines = {w.index: str(w.render()) for w in table.query(MeldLine) if w.index is not None}
        assert "2♣* 3♣ 4♣ 5♣" in lines[0], lines  # 2♣ is a spe-to card
        assert "*" not in lines[1], lines  # Q♥ is not (Q♠ is)
        assert "* spe-to" in str(table.query_one(DiscardRow).border_subtitle)


async def test_the_hand_marks_melds_layoffs_and_a_loose_spe_to_in_both_suit_styles() -> None:
    # Ann has melded 7♥ 8♥ 9♥: 10♥ lays off; Q♠ Q♥ Q♦ make a set (Q♠ is a
    # spe-to, but the meld mark comes first); 2♣ is a spe-to that fits nothing.
    session, _ = born_session(
        "7H 8H QS QH QD 2C 10H 4S 8D KD 3D", "2H 3H 4H 5C 7C 9C JC AC 6S 8S 10S", "9H", "7H 8H 9H"
    )
    app = app_for(session=session)
    async with running(app, (80, 24), settled_table) as (pilot, table):
        hand = table.query_one(Hand)

        def marks() -> dict[str, str]:
            words = str(hand.render()).split()
            return {w[:-1]: w[-1] for w in words if w[-1] in "•o*+^"}

        assert marks() == {"Q♠": "•", "Q♥": "•", "Q♦": "•", "10♥": "+", "2♣": "*"}
        assert str(hand.border_subtitle) == "• melds · + lays off · * spe-to · space selects"
        await pilot.press("ctrl+a")  # letter suits: the meld mark is o, apart from the row's *
        await pilot.pause()
        assert marks() == {"QS": "o", "QH": "o", "QD": "o", "10H": "+", "2C": "*"}
        assert str(hand.border_subtitle).startswith("o melds · ")


@pytest.mark.parametrize("lang", ["en", "th"])
async def test_a_narrow_footer_drops_select_to_keep_every_move_and_the_language_key(
    lang: str,
) -> None:
    # after a pick-up Ann may meld (the queens), lay off (10♥), undo and
    # discard: the widest footer a Dummy turn has (knock comes with one card)
    session, _ = born_session(
        "7H 8H QS QH QD 2C 10H 4S 8D KD 3D", "2H 3H 4H 5C 7C 9C JC AC 6S 8S 10S", "9H", "7H 8H 9H"
    )
    app = app_for(session=session, lang=lang)
    async with running(app, (80, 24), settled_table) as (pilot, table):

        def footer() -> list[str]:
            return [k.action for k in table.query_one(Footer).query(FooterKey)]

        keys = footer()
        assert {"meld", "layoff", "undo", "discard", "toggle_language"} <= set(keys), keys
        assert "select" not in keys
        # every key fits on the line: the last one ends inside the screen
        last = list(table.query_one(Footer).query(FooterKey))[-1]
        assert last.region.right <= 80 and last.region.width > 0, last.region
        hand = table.query_one(Hand)
        await pilot.press("space")  # the key still selects
        assert hand.selected == {hand.cursor_card}
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert "select" in footer()
        select = next(k for k in table.query_one(Footer).query(FooterKey) if k.action == "select")
        assert select.key_display == {"en": "space", "th": "สเปซบาร์"}[lang]  # named in Thai too


@pytest.mark.parametrize(
    ("ruleset", "lang", "draw_only", "may_pick"),
    [
        (
            "dummy",
            "en",
            "No card in the row makes a meld with your hand.",
            "pick up from the row (p)",
        ),
        ("dummy", "th", "กองกลางไม่มีใบให้เก็บ จั่วเลย", "หรือเก็บจากกองกลาง (p)"),
        ("persian", "en", "No card in the pile can be played at once", "pick up from the pile (p)"),
    ],
    ids=["dummy-en", "dummy-th", "persian-en"],
)
async def test_the_take_prompt_offers_a_pick_up_only_when_one_is_legal(
    ruleset: str, lang: str, draw_only: str, may_pick: str
) -> None:
    app = app_for(setup(humans=1, seed=21, ruleset=ruleset), lang=lang)
    seen = {True: 0, False: 0}
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(60):
            table = await settled_table(pilot, app)
            game = table.session.round
            if game.is_over:
                break
            legal = game.legal_actions()
            can_pick = any(isinstance(a, (Pick, PickLayoff)) for a in legal)
            said = str(table.query_one("#status").render())
            assert (may_pick in said) is can_pick and (draw_only in said) is not can_pick, said
            seen[can_pick] += 1
            if all(seen.values()):
                break
            await pilot.press("d")
            await settle(pilot, app)
            await pilot.press("x")
    assert all(seen.values()), seen


async def test_a_hint_to_draw_past_a_pick_up_says_why() -> None:
    app = app_for(setup(humans=1, players=2, seed=5, level="normal"))
    reasons: set[str] = set()
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(200):
            await settle(pilot, app)
            if isinstance(app.screen, RoundEndScreen):
                await pilot.press("enter")  # the next round
                continue
            table = await settled_table(pilot, app)
            game = table.session.round
            if len(reasons) == 2:
                break
            await ask_hint(pilot, app)
            said = str(table.query_one("#status").render())
            legal = game.legal_actions()
            can_pick = any(isinstance(a, (Pick, PickLayoff)) for a in legal)
            hint = table.session.hint()
            explained = "Not a pick-up:" in said
            assert explained is (can_pick and isinstance(hint, Draw)), said
            if explained:
                reason = said.split("Not a pick-up:")[1]
                rows = game.discards
                depth = min(
                    len(rows) - 1 - rows.index(a.card)
                    for a in legal
                    if isinstance(a, (Pick, PickLayoff))
                )
                # the first fact that holds: more cards, then the dark knock
                assert ("more card" in reason) is (depth > 0), reason
                reasons.add(reason.split()[0])
            await pilot.press("d")
            await settle(pilot, app)
            await pilot.press("x")
    assert reasons == {"even", "it"}, reasons  # both kinds of reason were met


async def test_a_save_that_fails_is_reported_once_and_again_on_leaving(home: Path) -> None:
    (home / "data").write_text("a file where the save folder should be\n")
    async with two_turns_saved() as (pilot, app):
        messages = [n.message for n in app._notifications]
        assert len(messages) == 1, messages  # one notice, not one a move
        assert messages[0].startswith("The game could not be saved:")
        assert str(home / "data") in messages[0]
        table = app.screen
        assert isinstance(table, TableScreen) and table.session.round.moves()
        await pilot.press("q")
    note = app.saver.farewell()
    assert note is not None and note.startswith("The game could not be saved:"), note


async def test_a_person_can_arrange_the_hand_and_sort_it_again() -> None:
    app = app_for(setup(humans=1, seed=21))
    async with running(app, (100, 30), settled_table) as (pilot, table):
        hand = table.hand
        before = list(hand.cards)
        hand.cursor = 0
        await pilot.press("shift+right")  # the first card, two places right
        await pilot.pause()
        assert "Your own order" in str(table.query_one("#status").render())
        await pilot.press("shift+right")
        assert hand.cards == [before[1], before[2], before[0], *before[3:]]
        assert hand.cursor == 2 and hand.cursor_card == before[0]
        await pilot.press("less_than_sign")  # and one back
        assert hand.cards == [before[1], before[0], *before[2:]]
        arranged = list(hand.cards)
        await pilot.press("d")
        await settle(pilot, app)
        drawn = table.drawn
        assert drawn is not None and hand.cards == [*arranged, drawn]  # it joins at the right
        sort = app.prefs.settings.sort
        await pilot.press("s")
        await pilot.pause()
        assert app.prefs.settings.sort == sort  # back to the sorted hand, not the other sort
        key = sort_key_suit if sort == "suit" else sort_key_rank
        assert hand.cards == sorted(hand.cards, key=key)
        assert hand.cards != [*arranged, drawn]


async def test_the_round_end_shows_how_the_knocker_went_out() -> None:
    # normal players play the round out; the interface opens on its end
    for seed in range(3, 20):
        session = played_by_ai(setup(humans=1, players=3, seed=seed, level="normal"))
        if session.round.end == "knock":
            break
    app = app_for(session=session)
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot, app)
        end = app.screen
        assert isinstance(end, RoundEndScreen)
        game = end.game
        knocker = game.went_out
        assert knocker is not None
        turn = []
        for seat, action in reversed(game.history):
            if seat != knocker:
                break
            turn.append(action)
        shown = str(end.query_one("#round-end-hands").render())
        name = end.session.names[knocker]
        assert f"{name}'s last turn" in shown or "Your last turn" in shown, shown
        lines = end.last_turn()
        assert len(lines) == len(turn)  # one line a move, the take first
        assert "knocked" in lines[-1].plain
        assert lines[0].plain.startswith(f"{name} drew") or "picked up" in lines[0].plain


async def test_the_round_ends_totals_stand_in_one_column_with_thai_names() -> None:
    names = ["คุณ", "สมชาย", "มาลี", "นิรันดร์"]  # นิรันดร์: eight characters, five cells
    seats = [SeatSetup(name=n, human=i == 0, level="random") for i, n in enumerate(names)]
    session = played_until(GameSetup(seats=seats, seed=11), lambda g: len(g.stock) <= 6)
    app = app_for(session=session, lang="th")
    async with app.run_test(size=(80, 24)) as pilot:
        await play_keys(pilot, app)
        end = app.screen
        assert isinstance(end, RoundEndScreen)
        lines = end.totals().plain.splitlines()[1:5]
    assert sorted(line.split()[0] for line in lines) == sorted(names)
    assert len({cell_len(line) for line in lines}) == 1, lines  # every score ends in one column


async def test_the_hand_over_screen_tells_what_the_others_did_meanwhile() -> None:
    app = app_for(setup(humans=2, players=4, seed=4))
    seen = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):
            await settle(pilot, app)
            screen = app.screen
            if isinstance(screen, PrivacyScreen):
                table = table_under(app)
                seat = table.session.round.seat
                # every move since this person's own last one (or the round's start)
                expected = []
                for entry in reversed(table.session.log):
                    if entry.kind == "round" or entry.seat == seat:
                        break
                    expected.append(entry)
                since = str(screen.query_one("#privacy-since").render())
                if expected:
                    assert since.startswith("While you waited:"), since
                    # a draw and its discard share a line
                    pairs = sum(
                        1
                        for b, a in pairwise(expected)  # newest first: a comes before b
                        if a.kind == "draw" and b.kind == "discard" and a.seat == b.seat
                    )
                    assert since.count("\n") == len(expected) - pairs
                    assert all(table.session.names[e.seat] in since for e in expected)
                    seen += 1
                else:
                    assert not screen.query_one("#privacy-since").display
                if seen == 2:
                    await pilot.press("ctrl+l")  # the screen follows the language
                    await pilot.pause()
                    assert str(screen.query_one("#privacy-since").render()).startswith("ระหว่างที่รอ:")
                    assert "ถึงตา" in str(screen.query_one("#privacy-title").render())
                    break
                await pilot.press("enter")
                continue
            assert isinstance(screen, TableScreen)
            await pilot.press("d" if screen.session.round.phase == "take" else "x")
    assert seen == 2


async def test_an_arranged_hand_is_kept_in_the_saved_game() -> None:
    app = app_for(setup(humans=1, seed=21), persist=True)
    async with running(app, (100, 30), settled_table) as (pilot, table):
        table.hand.cursor = 0
        await pilot.press("greater_than_sign", "greater_than_sign", "greater_than_sign")
        arranged = list(table.hand.cards)
        assert arranged != sorted(arranged, key=sort_key_suit)
        await pilot.press("q")
    again = app_for(persist=True, resume=True)
    async with again.run_test(size=(100, 30)) as pilot:
        resumed = await settled_table(pilot, again)
        assert resumed.hand.cards == arranged


async def test_the_log_gives_a_draw_and_its_discard_one_line() -> None:
    app = app_for(setup(humans=1, players=4, seed=3))
    async with running(app, (80, 24), settled_table) as (pilot, table):
        await pilot.press("d")
        await settle(pilot, app)
        log = table.query_one(GameLog)
        shown = [strip.text for strip in log.lines]
        assert not any("You drew" in line for line in shown)  # held for its discard
        await pilot.press("x")
        table = await settled_table(pilot, app)  # the three AI players have played
        entries = table.session.log
        turns = [
            (a, b)
            for a, b in pairwise(entries)
            if a.kind == "draw" and b.kind == "discard" and a.seat == b.seat
        ]
        assert turns, "no plain draw-and-discard turn to show"
        text = " ".join(" ".join(strip.text.split()) for strip in log.lines)
        for draw, discard in turns:
            name = table.session.names[draw.seat]
            card = card_pretty(discard.cards[0])
            assert f"{name} drew, discarded {card}." in text, (name, card, text)
        assert "drew from the stock" not in text


async def test_a_short_screen_shows_the_log_or_the_scores() -> None:
    """At 80×24 the side column holds the game log alone (the seat panels show the
    totals); ``t`` swaps in the scores and back, and the moves made meanwhile are
    in the log, wrapped to its width."""
    app = app_for(setup(humans=1, players=4, seed=3))
    async with running(app, (80, 24), settled_table) as (pilot, table):
        log = table.query_one(GameLog)
        scores = table.query_one(Scoreboard)
        assert log.display and not scores.display
        assert log.size.height >= 8  # beside a four-seat scoreboard it had 4
        assert log.border_subtitle == "t: scores"  # the key, where the scores were
        assert any(b.binding.id == "scores" for b in table.active_bindings.values())
        await pilot.press("t")
        await pilot.pause()
        assert scores.display and not log.display
        assert scores.border_title == "Scores · t: log"
        await pilot.press("d", "x")
        table = await settled_table(pilot, app)  # the three AI players have played
        await pilot.press("t")
        await settle(pilot, app)
        assert log.display and not scores.display
        me = table.session.names[table.viewer or 0]
        for _ in range(100):  # the log is written again at its width once shown
            text = [strip.text.rstrip() for strip in log.lines]
            if any(f"{me} drew, discarded" in line for line in text):
                break
            await pilot.pause()
        width = log.scrollable_content_region.width
        assert any(f"{me} drew, discarded" in line for line in text), text
        # written at the log's width, not at no width at all while it was hidden
        assert max(len(line) for line in text) > width // 2, text
    app = app_for(setup(humans=1, players=4, seed=3))
    async with running(app, (120, 40), settled_table) as (pilot, table):
        assert table.query_one(GameLog).display and table.query_one(Scoreboard).display
        assert not table.query_one(GameLog).border_subtitle
        assert not any(b.binding.id == "scores" for b in table.active_bindings.values())
        await pilot.press("t")
        await pilot.pause()
        assert table.query_one(GameLog).display and table.query_one(Scoreboard).display


def test_the_hint_is_the_hard_players_move_and_the_same_every_time() -> None:
    from dummy_tui.ai import make_player
    from dummy_tui.families import FAMILIES

    session = hinted_pick_session()
    task = session.hint_task()
    assert task is not None
    first = session.hint()
    assert first in task.legal
    assert [session.hint() for _ in range(2)] == [first, first]
    hard = make_player("dummy", "hard", task.seed, samples=FAMILIES["dummy"].hint_samples)
    assert hard.choose(task.view, task.legal) == first


async def test_the_hint_thinks_off_the_ui_thread_and_a_stale_hint_is_never_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hint says it is thinking; a move made meanwhile wins over the late hint."""
    import threading

    release = threading.Event()

    def slow_run(self: HintTask) -> Draw:
        release.wait(10)
        return Draw()

    monkeypatch.setattr(HintTask, "run", slow_run)
    app = app_for(session=pickup_session())
    async with running(app, (100, 30), settled_table) as (pilot, table):
        status = table.query_one("#status")
        await pilot.press("h")
        await pilot.pause()
        assert str(status.render()) == "Hint: thinking…"
        game = table.session.round
        await pilot.press("d")  # the person draws before the hint is ready
        await pilot.pause()
        assert isinstance(game.history[-1][1], Draw)
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert table.moves.hinted is None
        assert not str(status.render()).startswith("Hint:"), str(status.render())


async def test_a_hint_whose_ai_fails_says_there_is_none_and_logs_why(
    monkeypatch: pytest.MonkeyPatch, home: Path
) -> None:
    def failing(self: HintTask) -> Action:
        raise AIError("hard", 0, "RuntimeError: lost its way")

    monkeypatch.setattr(HintTask, "run", failing)
    app = app_for(session=pickup_session())
    async with running(app, (100, 30), settled_table) as (pilot, table):
        await ask_hint(pilot, app)
        assert str(table.query_one("#status").render()).startswith(
            "No hint this time: the hint's AI failed"
        )
    logged = (home / "data" / "dummy-tui.log").read_text(encoding="utf-8")
    assert "the hard AI of seat 0 failed: RuntimeError: lost its way" in logged
    assert '"moves": []' in logged  # the position, as a record


def raising() -> Broken:
    """An AI that cannot read the view it is given."""
    return Broken("easy", RuntimeError("cannot read this view"))


def illegal() -> Broken:
    """An AI that answers with a card it does not hold."""
    return Broken("easy", Discard(parse_card("AS")))


@pytest.mark.parametrize(
    ("broken", "why"),
    [
        (raising, "RuntimeError: cannot read this view"),
        (illegal, "answered Discard(card=51), which is not legal"),
    ],
)
async def test_an_ai_that_fails_is_logged_said_once_and_the_normal_ai_plays_on(
    broken: Callable[[], Broken], why: str, home: Path
) -> None:
    session = pickup_session()
    session.ai[1] = broken()
    app = app_for(session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(2):  # Bee's turn twice
            table = await settled_table(pilot, app)
            await pilot.press("d")
            await pilot.pause()
            await pilot.press("x")
            await settle(pilot, app)
        game = table.session.round
        bee = [a for seat, a in game.history if seat == 1]
        assert len(bee) >= 4 and Discard(parse_card("AS")) not in bee  # it played on
        assert session.ai[1].level == "normal"
        said = [e.kind for e in session.log].count("ai_failed")
        shown = " ".join(str(line.text) for line in table.query_one(GameLog).lines)
        assert said == 1 and shown.count("Bee's AI failed") == 1, shown
    logged = (home / "data" / "dummy-tui.log").read_text(encoding="utf-8")
    assert f"the easy AI of seat 1 failed: {why}" in logged
    assert "Traceback (most recent call last)" in logged
    # the player's own error is the cause, under it
    assert ("RuntimeError: cannot read this view\n" in logged) == (broken is raising)
    assert '"moves": [\n    "draw",' in logged  # the position: Ann had drawn and discarded


async def test_an_ai_failing_twice_is_not_covered_up() -> None:
    session = pickup_session()
    session.ai[1] = raising()
    session.stand_in = lambda seat: illegal()  # type: ignore[method-assign]
    app = app_for(session=session)
    with pytest.raises(WorkerFailed):
        async with app.run_test(size=(100, 30)) as pilot:
            await settled_table(pilot, app)
            await pilot.press("d", "x")
            await app.workers.wait_for_complete()
            await pilot.pause()


async def test_a_key_refused_while_an_ai_moves_gives_way_to_the_prompt_on_your_turn() -> None:
    import threading

    session = pickup_session()
    gate = threading.Event()
    bee = session.player(1)

    class Slow:
        level = "random"

        def choose(self, view: object, legal: list[object]) -> object:
            gate.wait(10)
            return bee.choose(view, legal)  # type: ignore[arg-type]

    session.ai[1] = Slow()  # type: ignore[assignment]
    app = app_for(session=session)
    async with running(app, (100, 30), settled_table) as (pilot, table):
        status = table.query_one("#status")
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("x")  # Bee is still thinking
        await pilot.pause()
        assert "Bee" in str(status.render())
        gate.set()
        await settle(pilot, app)
        assert table.my_turn
        assert str(status.render()) == str(table.turn_prompt())


def hinted_pick_session() -> Session:
    """Ann to move with 9♥ (head) 2♠ 3♥ in the row: she can pick up the newest card,
    3♥, with 3♣ 3♦, or the head card with 7♥ 8♥."""
    session = two_seat_session(
        "7H 8H 3C 3D 2S 4S 6C 8C JD KD 5D", "2H 4H 5H 5C 7C 9C QC AC 6S 8S 3H", "9H"
    )
    game = session.round
    assert isinstance(game, DummyRound)
    for move in ("draw", "discard 2S", "draw", "discard 3H"):
        apply_moves(game, [move])
    return session


async def test_p_after_a_hint_to_pick_up_starts_on_the_hinted_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = hinted_pick_session()
    # a hint to pick up the head card, the deeper of the two pick-ups
    hinted = next(
        a
        for a in session.round.legal_actions()
        if isinstance(a, Pick) and a.card == parse_card("9H")
    )
    monkeypatch.setattr(HintTask, "run", lambda self: hinted)
    app = app_for(session=session)
    async with running(app, (100, 30), settled_table) as (pilot, table):
        await pilot.press("p")  # no hint: the newest card that can be picked up
        assert table.row.cursor_card == parse_card("3H")
        await pilot.press("escape")
        await ask_hint(pilot, app)
        await pilot.press("p")
        assert table.row.cursor_card == parse_card("9H")
        await pilot.press("enter")
        await pilot.pause()
        choice = app.screen
        assert isinstance(choice, ChoiceScreen)
        assert choice.choices[0][1] == hinted  # highlighted: Enter takes it
        await pilot.press("enter")
        await pilot.pause()
        game = session.round
        assert isinstance(game, DummyRound)
        assert game.melds[0].cards == sorted(cards("7H 8H 9H"))


async def test_the_game_keys_work_with_the_thai_layout_on() -> None:
    """Thai keyboards type ก on the key marked d, ป on x, ้ on h: the same moves."""
    app = app_for(setup(humans=1, players=4, seed=3))
    async with running(app, (100, 30), settled_table) as (pilot, table):
        game = table.session.round
        await pilot.press("ก")  # d: draw
        await pilot.pause()
        assert game.phase == PLAY and isinstance(game.history[-1][1], Draw)
        status = table.query_one("#status")
        await pilot.press("ก")  # d again: told with the key's own letter
        await pilot.pause()
        assert str(status.render()).startswith("d — "), str(status.render())
        await pilot.press("thai_character_mai_tho")  # h: the hint
        await pilot.pause()
        assert "Hint:" in str(status.render())
        moves = len(game.history)
        await pilot.press("ป")  # x: discard
        await pilot.pause()
        assert len(game.history) > moves and isinstance(game.history[moves][1], Discard)
        # the footer shows each key once, as printed on the keyboard
        await pilot.pause()
        shown = [key.key for key in table.query_one(Footer).query(FooterKey)]
        assert "d" in shown and "h" in shown
        assert not any(not key.isascii() for key in shown), shown
        assert len(shown) == len(set(shown)), shown


async def test_ctrl_keys_answer_with_the_thai_layout_on() -> None:
    """A terminal that reports keys in full (the kitty keyboard protocol) sends
    Ctrl with the Thai letter of the key: Ctrl+L comes as ctrl+ส."""
    parsed = [e.key for e in XTermParser().feed("\x1b[3626;5u") if isinstance(e, events.Key)]
    assert parsed == ["ctrl+ส"]
    app = app_for(setup(humans=1, players=4, seed=3))
    async with app.run_test(size=(100, 30)) as pilot:
        await settled_table(pilot, app)

        def lang() -> str:  # read afresh: mypy would keep the first comparison's narrowing
            return app.prefs.settings.lang

        await pilot.press("ctrl+ส")  # Ctrl+L: the language
        await pilot.pause()
        assert lang() == "th"
        await pilot.press("ctrl+ฟ")  # Ctrl+A: letter suits
        await pilot.pause()
        assert app.look.ascii
        await pilot.press("ctrl+ส")
        await pilot.pause()
        assert lang() == "en"


@pytest.mark.parametrize(("lang", "said"), [("en", "Enter makes no move"), ("th", "Enter ไม่ได้")])
async def test_enter_at_the_table_says_each_move_has_its_key(lang: str, said: str) -> None:
    app = app_for(setup(humans=1, players=4, seed=3), lang=lang)
    async with running(app, (80, 24), settled_table) as (pilot, table):
        game = table.session.round
        moves = len(game.history)
        await pilot.press("space", "enter")  # a card chosen, then Enter
        await pilot.pause()
        assert said in str(table.query_one("#status").render())
        assert len(game.history) == moves  # and nothing was played


async def test_home_and_end_jump_to_the_first_and_last_card_of_the_hand_and_the_row() -> None:
    session = hinted_pick_session()
    app = app_for(session=session)
    async with running(app, (100, 30), settled_table) as (pilot, table):
        hand = table.hand
        hand.cursor = 1
        await pilot.press("end")
        assert hand.cursor == len(hand.cards) - 1
        await pilot.press("home")
        assert hand.cursor == 0
        await pilot.press("p")  # to the row: the newest card that can be picked up
        row = table.row
        await pilot.press("home")
        assert row.cursor == 0 and row.cursor_card == row.cards[0]
        await pilot.press("end")
        assert row.cursor_card == row.cards[-1]


@pytest.mark.parametrize("key", ["q", "ๆ"])  # ๆ: the key marked q on the Thai layout
async def test_q_on_the_enlarge_the_window_screen_quits_with_the_game_saved(key: str) -> None:
    from dummy_tui.ui.screens.modals import TooSmallScreen

    app = app_for(setup(humans=1, seed=21), persist=True)
    async with running(app, (100, 30), settled_table) as (pilot, table):
        await pilot.press("d")
        await settle(pilot, app)
        moves = table.session.round.moves()
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "q" in str(app.screen.query_one("#small-text").render())  # it says so
        await pilot.press(key)
        await pilot.pause()
        assert not app.is_running
    assert saved_moves() == moves


def focused(app: DummyApp) -> object:
    """The focused widget, as the app says now (mypy keeps an earlier answer)."""
    return app.focused


async def test_the_melds_and_the_log_scroll_by_keyboard_at_80x24() -> None:
    """Page Up/Down scroll the melds from the hand; Tab goes to the melds and the
    log, whose own keys then scroll them; the newest log line stays in view."""
    session = played_until(
        setup(players=4, seed=1, level="normal"), lambda g: len(g.melds) >= 8, ai=True
    )
    app = app_for(session=session)
    async with running(app, (80, 24), settled_table) as (pilot, table):
        melds = table.query_one(MeldTable)
        assert melds.max_scroll_y > 0  # more melds than lines
        assert focused(app) is table.hand
        await pilot.press("pagedown")
        await until(pilot, lambda: melds.scroll_y > 0, "Page Down scrolling the melds")
        assert app.focused is table.hand
        await pilot.press("pageup")
        await until(pilot, lambda: melds.scroll_y == 0, "Page Up scrolling the melds back")
        await pilot.press("tab")
        assert focused(app) is melds
        await pilot.press("end")
        await until(pilot, lambda: melds.scroll_y == melds.max_scroll_y, "End in the melds")
        if table.has_class("-short"):  # at 80×24 the log shares its place with the scores
            assert not table.log_hidden
        log = table.query_one(GameLog)
        await pilot.press("tab")
        assert focused(app) is log
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y  # the newest line
        await pilot.press("home")
        await until(pilot, lambda: log.scroll_y == 0, "Home in the log")
        await pilot.press("tab")
        assert focused(app) is table.hand


def test_the_saved_game_line_gives_the_games_own_names_in_the_language_of_the_screen() -> None:
    from dummy_tui.i18n import set_language
    from dummy_tui.ui.saving import saved_line
    from dummy_tui.ui.settings import SaveGame

    names = ["คุณ", "สมชาย", "Lek", "ผู้เล่น 4"]  # saved from a Thai game; Lek was typed
    seats = [SeatSetup(name=n, human=i in (0, 3), level="normal") for i, n in enumerate(names)]
    saved = SaveGame(setup=GameSetup(seats=seats, seed=3), rounds=[], current=None)
    set_language("en")
    line = saved_line(saved)
    assert line.startswith("You, Somchai, Lek, Player 4 · "), line


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Lay off (f), discard (x). Space selects several cards."),
        ("th", "ฝาก (f) แล้วทิ้ง (x) · กดสเปซบาร์เลือกหลายใบ"),
    ],
)
def test_the_prompt_offers_only_the_moves_that_can_be_made(lang: str, expected: str) -> None:
    from dummy_tui.i18n import set_language
    from dummy_tui.ui.cardtext import CardLook
    from dummy_tui.ui.presenters import presenter_for

    # Ann picked 9♥ up with 7♥ 8♥: 10♥ lays off on it, and nothing else melds
    session, _ = born_session(
        "7H 8H 10H 2S 4S 6C 8C JD KD 3D 5D", "2H 3H 4H 5C 7C 9C QC AC 6S 8S 10S", "9H", "7H 8H 9H"
    )
    set_language(lang)
    try:
        shown = presenter_for(session).prompt(
            0, CardLook(ascii=False, four_colour=False, dark=True)
        )
    finally:
        set_language("en")
    assert shown.plain == expected


async def test_a_table_of_ai_players_offers_no_select_in_the_footer() -> None:
    app = app_for(setup(humans=0, players=2, seed=3, level="random"))
    app.prefs.settings.ai_delay = 0.7  # slow enough to look at the footer between moves
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and table.hand.owner is None
        keys = [b.binding.key for b in app.active_bindings.values() if b.binding.show and b.enabled]
        assert "space" not in keys, keys
        assert table.hand.check_action("select", ()) is False


@pytest.mark.parametrize(("ascii_look", "mark"), [(False, "✓"), (True, "v")])
async def test_a_selected_card_is_marked_not_only_coloured(ascii_look: bool, mark: str) -> None:
    app = app_for(setup(humans=1, seed=11))
    app.prefs.settings.ascii = ascii_look
    async with app.run_test(size=(100, 30)) as pilot:
        table = await table_after_draw(pilot, app)
        hand = table.hand
        before = str(hand.render())
        await pilot.press("space")
        await pilot.pause()
        shown = str(hand.render())
        label = table.dapp.look.label(hand.cards[hand.cursor or 0])
        assert mark not in before
        assert shown.count(mark) == 1 and f"{label}" in shown.split(mark)[0][-5:], shown


async def test_the_speed_keys_show_in_the_footer_while_an_ai_moves() -> None:
    app = app_for(setup(humans=0, players=2, seed=3, level="random"))
    app.prefs.settings.ai_delay = 2.0  # long enough to look at the footer
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = {b.binding.id for b in app.active_bindings.values() if b.binding.show and b.enabled}
        assert {"faster", "slower"} <= shown, shown
        await pilot.press("plus")
        await pilot.pause()
        assert app.prefs.settings.ai_delay == 1.2


async def test_the_speed_keys_work_in_a_persons_turn_without_filling_the_footer() -> None:
    app = app_for(setup(humans=1, seed=11))
    app.prefs.settings.ai_delay = 0.7
    async with app.run_test(size=(100, 30)) as pilot:
        await settled_table(pilot, app)
        shown = {b.binding.id for b in app.active_bindings.values() if b.binding.show and b.enabled}
        assert not {"faster", "slower"} & shown
        await pilot.press("minus")
        await pilot.pause()
        assert app.prefs.settings.ai_delay == 1.2


async def test_hot_seat_says_nothing_of_the_other_persons_hidden_cards() -> None:
    """What a person reads at their turn (the status line, the log, the hand-over
    screen) names no card the other person holds unseen: not after the other
    asked for a hint, had a key refused or drew."""
    app = app_for(setup(humans=2, players=2, seed=9))
    public: set[int] = set()
    async with app.run_test(size=(120, 40)) as pilot:
        async for privacy, table in table_turns(pilot, app, 6):  # three turns each
            said = ""
            if privacy is not None:
                said = " ".join(
                    line.plain for line in table.turns.since_last_turn(table.session.round.seat)
                )
                await pilot.press("enter")
                await settle(pilot, app)
            game = table.session.round
            look = table.dapp.look
            other = 1 - game.seat
            public |= set(game.discards) | {c for m in game.melds for c in m.cards}
            hidden = [c for c in cards_of(game.hands[other]) if c not in public]
            log = " ".join(strip.text for strip in table.query_one(GameLog).lines)
            status = str(table.query_one("#status").render())
            for card in hidden:
                label = look.label(card)
                assert label not in said and label not in status and label not in log, label
            # this person's turn: a hint, a refused key, a draw and a discard
            await ask_hint(pilot, app)
            await pilot.press("f" if game.phase != "take" else "x")
            await pilot.press("d" if game.stock else "o")
            await settle(pilot, app)
            if isinstance(app.screen, TableScreen) and app.screen.my_turn:
                await pilot.press("x")
