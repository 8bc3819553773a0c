"""The coach at the table: what can be done now, the cards just taken, the
question before a risky discard, the hint that says why; on for a person's
first games, then a setting (c, the command palette)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from rummy_util import cards as rummy_cards
from rummy_util import draw_and_throw, turned_over
from textual.pilot import Pilot
from ui_helpers import (
    app_for,
    born_session,
    card,
    cards,
    pickup_session,
    played_by_ai,
    played_until,
    press_x_on,
    running,
    settled_table,
    setup,
    speto_session,
    table_turns,
    two_seat_session,
    write_settings,
)

from dummy_tui.engine.actions import Discard, Draw, LayOff, Meld, Pick, TakeDiscard
from dummy_tui.engine.cards import cards_of
from dummy_tui.i18n import set_language, template
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.presenters import presenter_for
from dummy_tui.ui.screens.modals import ChoiceScreen
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.screens.table import TableScreen
from dummy_tui.ui.session import Session
from dummy_tui.ui.settings import COACH_GAMES, Settings, settings_from


def coach_line(table: TableScreen) -> str:
    line = table.query_one("#coach")
    return str(line.render()) if line.display else ""


def status(table: TableScreen) -> str:
    return str(table.query_one("#status").render())


async def test_the_coach_says_what_a_pick_up_makes_and_what_comes_along() -> None:
    app = app_for(session=pickup_session(), coach="on")
    async with running(app, (100, 30), settled_table) as (_pilot, table):
        said = coach_line(table)
        assert said.startswith("You can pick up 9♥: it makes 7♥ 8♥ 9♥"), said
        assert "with your 7♥ 8♥" in said
        assert "Not born yet: you can lay cards down after a pick-up, or all at once" in said


@asynccontextmanager
async def speto_table(coach: str) -> AsyncIterator[tuple[DummyApp, Pilot[int], TableScreen]]:
    """The settled table of :func:`speto_session` at 100×30, the coach ``coach``."""
    app = app_for(session=speto_session(), coach=coach)
    async with running(app, (100, 30), settled_table) as (pilot, table):
        yield app, pilot, table


async def test_without_the_coach_there_is_no_line_and_no_question() -> None:
    async with speto_table("off") as (app, pilot, table):
        assert coach_line(table) == ""
        await press_x_on(pilot, table, "2C")
        assert app.screen is table and card("2C") in table.session.round.discards


async def test_the_coach_asks_once_before_a_spe_to_is_thrown() -> None:
    async with speto_table("on") as (app, pilot, table):
        assert "Safest discards:" in coach_line(table)
        await press_x_on(pilot, table, "2C")
        question = app.screen
        assert isinstance(question, ChoiceScreen)
        assert question.title_text == "Discard 2♣?"
        assert question.intro is not None
        intro = question.intro.plain
        assert intro.startswith("2♣ is a spe-to: whoever picks it up scores 50 for it")
        assert "A safer discard: " in intro
        await pilot.press("escape")  # choose again: nothing thrown
        await pilot.pause()
        assert app.screen is table and card("2C") not in table.session.round.discards
        await pilot.press("x")  # asked once: the second x throws it
        await pilot.pause()
        assert card("2C") in table.session.round.discards


async def test_enter_on_the_coachs_question_discards_anyway() -> None:
    async with speto_table("on") as (app, pilot, table):
        await press_x_on(pilot, table, "2C")
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert card("2C") in table.session.round.discards


async def test_a_safe_discard_is_made_without_a_question() -> None:
    async with speto_table("on") as (_app, pilot, table):
        await press_x_on(pilot, table, "KS")
        assert card("KS") in table.session.round.discards


async def test_the_cards_just_taken_are_marked_until_the_next_turn() -> None:
    session = two_seat_session("2C 7D KS 4H 9S JD", "5D 6H 8C 10S JH 3H", "QH")
    app = app_for(session=session, coach="on")
    async with running(app, (100, 30), settled_table) as (pilot, table):
        assert table.hand.fresh == set()
        await pilot.press("d")
        await pilot.pause()
        drawn = table.drawn
        assert drawn is not None and table.hand.fresh == {drawn}
        assert "new" in str(table.hand.border_subtitle)
        await pilot.press("c")  # the coach off: no mark
        await pilot.pause()
        assert table.hand.fresh == set() and "new" not in str(table.hand.border_subtitle)


async def test_every_hint_says_why() -> None:
    app = app_for(session=pickup_session(), coach="on")
    async with running(app, (100, 30), settled_table) as (pilot, table):
        coach = table.coach
        game = table.session.round
        look = app.look
        for action in game.legal_actions():  # a draw, and each pick-up
            why = coach.explain(action, look)
            assert why is not None and why.plain, action
        await pilot.press("p", "enter", "enter")  # the pick-up: born
        await pilot.pause()
        game = table.session.round
        for action in game.legal_actions():  # layoffs and discards
            why = coach.explain(action, look)
            assert why is not None and why.plain, action


@pytest.mark.parametrize("lang", ["en", "th"])
async def test_c_turns_the_coach_off_and_on_and_the_settings_keep_it(lang: str) -> None:
    app = app_for(session=pickup_session(), coach="on", lang=lang)
    async with running(app, (100, 30), settled_table) as (pilot, table):
        assert coach_line(table)
        settings = app.prefs.settings
        await pilot.press("c")
        await pilot.pause()
        assert not settings.coach_on and not coach_line(table)
        assert "(c" in status(table) or "c " in status(table)
        await pilot.press("c")
        await pilot.pause()
        assert settings.coach_on and coach_line(table)
        assert settings.coach == "on"


def test_the_coach_is_on_for_a_persons_first_games() -> None:
    settings = Settings()
    assert settings.coach == "auto" and settings.coach_on
    settings.games = COACH_GAMES
    assert settings.coach_on
    settings.games = COACH_GAMES + 1
    assert not settings.coach_on
    settings.coach = "on"
    assert settings.coach_on
    # settings of an earlier version, from a player who has played: not a first game
    old = settings_from({"lang": "en", "last_setup": setup().model_dump(mode="json")})
    assert old.games == COACH_GAMES and old.coach == "auto"
    assert settings_from({"lang": "en"}).games == 0


async def test_a_game_with_a_person_counts_for_the_coach(home: Any) -> None:
    write_settings(home, lang="en", ai_delay=0.0, games=COACH_GAMES)
    app = DummyApp(setup=setup(humans=1, seed=3))
    async with app.run_test(size=(100, 30)) as pilot:
        table = await settled_table(pilot, app)
        assert app.prefs.settings.games == COACH_GAMES + 1
        assert not app.prefs.settings.coach_on and not coach_line(table)


async def test_the_command_palette_turns_the_coach_on_and_off() -> None:
    app = app_for(session=pickup_session(), coach="on")
    async with running(app, (100, 30), settled_table) as (pilot, table):
        from dummy_tui.ui.commands import screen_commands

        commands = {c.title: c for c in screen_commands(app, table)}
        assert "Coach on or off" in commands
        await commands["Coach on or off"].callback()
        await pilot.pause()
        assert app.prefs.settings.coach == "off"


async def test_gin_and_rummy_have_the_line_of_what_can_be_done() -> None:
    app = app_for(setup(players=2, seed=7, ruleset="rummy"), coach="on")
    async with running(app, (100, 30), settled_table) as (_pilot, table):
        said = coach_line(table)
        top = table.session.round.discards[-1]
        assert said and app.look.label(top) in said, said


async def test_the_hand_of_a_born_player_names_its_melds_and_layoffs() -> None:
    session, _ = born_session("7H 8H 10H 5C 6C 7C KS", "2H 4C 6S", "9H", "7H 8H 9H")
    app = app_for(session=session, coach="on")
    async with running(app, (100, 30), settled_table) as (_pilot, table):
        said = coach_line(table)
        assert "You can meld 5♣ 6♣ 7♣." in said
        assert "You can lay 10♥ off on 7♥ 8♥ 9♥." in said
        assert cards("KS")


def test_the_coach_asks_before_a_card_of_a_meld_in_hand_is_thrown() -> None:
    session = two_seat_session("7C 7D 7H 2S 4S JD", "5D 6H 8C 10S JH 3H", "QH")
    session.apply(Draw())
    question = presenter_for(session).make_coach().question(Discard(card("7C")), DummyApp().look)
    assert question is not None and question.title == "Discard 7♣?"
    why = question.why.plain
    assert "7♣ is in your meld 7♣ 7♦ 7♥: discarding it breaks the meld." in why, why
    assert "A safer discard:" in why


def test_the_knock_is_no_discard_to_ask_about() -> None:
    session, game = born_session("7H 8H 2C", "2H 4C 6S", "9H", "7H 8H 9H")
    coach = presenter_for(session).make_coach()
    assert game.legal_actions() == [Discard(card("2C"))]
    assert coach.question(Discard(card("2C")), DummyApp().look) is None


@pytest.mark.parametrize(
    ("ruleset", "players", "words"),
    [
        # Dummy's row: a card is picked up with two of one's own
        ("dummy", 2, "Nothing in the row melds with it"),
        # melds laid as the round goes: it fits none of them either
        ("rummy", 2, "It fits no meld on the table"),
        ("persian", 4, "It fits no meld on the table"),
        # gin's melds are laid only at the knock
        ("gin", 2, "No card the other player is known to hold melds with it."),
    ],
)
def test_each_family_words_a_safe_discard_by_what_its_table_shows(
    ruleset: str, players: int, words: str
) -> None:
    """The hint on a discard that gives nothing away speaks of what the family's
    table shows (a Dummy row, melds laid as the round goes, or neither)."""
    from dummy_tui.ai.advice import SAFE

    session = played_by_ai(setup(players=players, seed=1, ruleset=ruleset))
    game = session.round
    replay = game.fresh()
    session.round = replay
    coach = presenter_for(session).make_coach()
    look = DummyApp().look
    said = []
    last = len(game.history) - 1  # a discard that goes out is worded as going out
    for i, (_, action) in enumerate(game.history):
        if isinstance(action, Discard) and i < last and coach.risks()[action.card].level == SAFE:
            words_said = coach.explain(action, look)
            assert words_said is not None
            said.append(words_said.plain)
        replay.apply(action)
    assert said, "no discard of the round gave nothing away"
    assert [line for line in said if not line.startswith(words)] == []


@pytest.mark.parametrize(
    ("ruleset", "players"), [("dummy-house", 3), ("persian", 4), ("gin", 2), ("rummy", 3)]
)
def test_every_family_explains_every_move_of_a_round(ruleset: str, players: int) -> None:
    """Each move the hint could name, in a round of normal players, says why."""
    session = played_by_ai(setup(players=players, seed=5, ruleset=ruleset))
    game = session.round
    assert game.is_over
    replay = game.fresh()
    session.round = replay
    coach = presenter_for(session).make_coach()
    look = DummyApp().look
    silent = []
    kinds = set()
    for _, action in game.history:
        kinds.add(type(action).__name__)
        if len(replay.legal_actions()) > 1 and coach.explain(action, look) is None:
            silent.append(action)
        replay.apply(action)
    assert silent == []
    assert {"Discard", "Draw"} <= kinds and len(kinds) >= 3, kinds  # more than draws and throws


async def test_at_a_hot_seat_table_the_coach_speaks_to_the_hand_shown_alone() -> None:
    # two people, the last turns of a round: the coach's line and marks belong
    # to the hand on show, and go with it when the keyboard changes hands
    session = played_until(setup(humans=2, players=3, seed=4), lambda g: len(g.stock) <= 6)
    app = app_for(session=session, coach="on")
    lines = 0
    async with app.run_test(size=(100, 30)) as pilot:
        async for privacy, table in table_turns(pilot, app, 600):
            line = table.query_one("#coach")
            if privacy is not None:
                assert not line.display and table.hand.fresh == set()
                await pilot.press("enter")
                continue
            game = table.session.round
            viewer = table.viewer
            assert viewer == game.seat
            assert table.hand.fresh <= set(cards_of(game.hands[viewer]))
            lines += line.display
            take = "d" if game.stock else "o"
            await pilot.press(take if game.phase == "take" else "x")
            if isinstance(app.screen, ChoiceScreen):  # the coach's question: discard anyway
                await pilot.press("enter")
        assert isinstance(app.screen, RoundEndScreen)
    assert lines > 0


async def test_a_discard_hinted_where_a_lay_is_possible_says_the_lay_can_wait() -> None:
    app = app_for(session=pickup_session(), coach="on")
    async with running(app, (100, 30), settled_table) as (pilot, table):
        coach, look = table.coach, app.look
        wait = template("coach.hint_hold")
        await pilot.press("p", "enter", "enter")  # the pick-up: born, 10♥ lays off
        await pilot.pause()
        legal = table.session.round.legal_actions()
        assert any(isinstance(a, LayOff) for a in legal)
        for action in legal:
            why = coach.explain(action, look)
            assert why is not None
            assert why.plain.startswith(wait) == isinstance(action, Discard), action


def _dealt(ruleset: str, hands: list[str], upcard: str, stock: str) -> tuple[Any, Any]:
    """A coach at a round of ``ruleset`` dealt ``hands`` (seat 0 to move), and the round."""
    from dummy_tui.engine.deal import Deal
    from dummy_tui.engine.families import round_from_deal
    from dummy_tui.rules.loader import get_ruleset

    session = Session.new(setup(players=len(hands), seed=1, ruleset=ruleset))
    cards = [[card(t) for t in h.split()] for h in hands]
    deal = Deal(cards, card(upcard), [card(t) for t in stock.split()])
    session.round = round_from_deal(get_ruleset(ruleset), deal, starter=0)
    return presenter_for(session).make_coach(), session.round


P3 = "2S 3S 4S 5S 6S 7S 8S"


def test_the_hint_counts_a_persian_set_of_four_laid_at_once_double() -> None:
    coach, game = _dealt(
        "persian",
        ["AC AD AH AS 2C 9C KH", "2H 3H 4H 5H 6H 7H 8H", "2D 3D 4D 5D 6D 7D 8D", P3],
        "QC",
        "5D 6C 7C 8C",
    )
    game.apply(Draw())
    aces = Meld(tuple(cards("AC AD AH AS")))
    assert aces in game.legal_actions()
    said = coach.explain(aces, DummyApp().look)
    # an ace counts 15: four laid at once score double, as the table then shows
    assert said is not None and said.plain.startswith("120 points on the table")


def test_basic_rummy_hints_speak_of_the_points_kept_from_whoever_goes_out() -> None:
    """Basic rummy scores nothing on the table: a meld or a layoff takes its
    points out of the hand, away from another player going out."""
    coach, game = _dealt(
        "rummy", ["2C 3C 4C AC 9D KH QS", "2H 3H 4H 5H 6H 7H 8H"], "QD", "5D 6D 7D 8D"
    )
    game.apply(Draw())
    clubs = Meld(tuple(cards("2C 3C 4C")))
    said = coach.explain(clubs, DummyApp().look)
    assert said is not None and "on the table" not in said.plain, said.plain
    assert said.plain.startswith("3 cards fewer in your hand"), said.plain
    assert said.plain.endswith("no longer score these 9 points."), said.plain
    game.apply(clubs)
    ace = next(a for a in game.legal_actions() if isinstance(a, LayOff) and a.card == card("AC"))
    said = coach.explain(ace, DummyApp().look)
    # an ace is one point: the singular
    assert said is not None and said.plain.endswith("no longer score its 1 point."), said.plain


def test_a_layoff_with_no_meld_on_the_table_says_there_is_none_yet() -> None:
    _, game = _dealt("rummy", ["2C 3C 4C AC 9D KH QS", "2H 3H 4H 5H 6H 7H 8H"], "QD", "5D 6D")
    game.apply(Draw())
    refusal = game.refusal("layoff", (card("AC"),))
    assert refusal is not None and refusal.rule == "no_meld" and refusal.detail == "empty"
    game.apply(Meld(tuple(cards("2C 3C 4C"))))
    # with a meld there, a card that fits none of them is refused for that
    refusal = game.refusal("layoff", (card("KH"),))
    assert refusal is not None and refusal.rule == "no_fit", refusal


def test_the_pick_up_hint_counts_the_cards_that_come_with_the_card_picked() -> None:
    """Picking up the head card of a row of three brings the two after it."""
    coach, game = _dealt(
        "dummy",
        ["5C 5D 9H JS QD 2H 3D", "4S 7S 8C 10D KC KD 6H"],
        "5H",
        "AD 9C 2S 3S 4D 6D 7D 8D",
    )
    game.apply(Draw())
    game.apply(Discard(card("QD")))
    game.apply(Draw())
    game.apply(Discard(card("KC")))
    assert len(game.discards) == 3
    pick = next(a for a in game.legal_actions() if isinstance(a, Pick) and a.card == card("5H"))
    said = coach.explain(pick, DummyApp().look)
    assert said is not None and said.plain.endswith("2 more cards come with it."), said.plain


def test_the_gin_hint_on_a_card_taken_for_no_meld_says_what_it_saves() -> None:
    """Taking an upcard that melds with nothing is explained by the deadwood it
    saves for the card thrown instead, not by "it makes no meld"."""
    coach, _ = _dealt(
        "gin", ["AC 2D 3H 4S 6C 7D 8H 9S JC KD", "2H 5H 6H 9D 10D QS QH 5S 5C 8C"], "2C", "3D 4D"
    )
    said = coach.explain(TakeDiscard(card("2C")), DummyApp().look)
    # 60 of deadwood; with 2C in and a ten-point card out: 52
    assert said is not None and "deadwood falls from 60 to 52" in said.plain, said.plain
    # a king for a ten-point card saves nothing, but pairs with the king of the hand
    king = coach.explain(TakeDiscard(card("KH")), DummyApp().look)
    assert king is not None and "pairs with your K♦" in king.plain, king.plain
    # the queen of hearts neither saves deadwood nor pairs with a card of the hand
    queen = coach.explain(TakeDiscard(card("QH")), DummyApp().look)
    assert queen is not None and queen.plain.endswith("makes no meld with your hand."), queen.plain


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "your next draws are known: with K♥ you go out next turn."),
        ("th", "เก็บ K♥ แล้วจะหมดมือตาหน้า"),
    ],
)
def test_the_rummy_hint_on_a_take_for_the_known_draws_says_when_it_goes_out(
    lang: str, words: str
) -> None:
    """K♠ 2♣ 5♦ with K♥ on the turned-over pile's discards and K♦ two cards
    down the stock: the hint takes K♥, which melds with nothing, and says why."""
    hands = ["KS 2C 5D", "4H 7H 9C"]
    game = turned_over(hands, "6S", "KH 9S KD")
    for seat in (0, 1):
        draw_and_throw(game, rummy_cards(hands[seat]))
    session = Session.new(setup(players=2, seed=1, ruleset="rummy"))
    session.round = game
    coach = presenter_for(session).make_coach()
    look = DummyApp().look  # the app starts in its settings' language
    set_language(lang)
    try:
        said = coach.explain(TakeDiscard(card("KH")), look)
    finally:
        set_language("en")
    assert said is not None
    assert said.plain.endswith(words), said.plain
