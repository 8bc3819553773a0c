"""The coach at the table: its line, its marks, its question, the hint's
reasons; all from the seat's own view, and shown to that seat alone."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from ui_helpers import (
    app_for,
    born_session,
    pickup_session,
    played_until,
    running,
    settled_table,
    setup,
    table_turns,
    two_seat_session,
    write_settings,
)

from dummy_tui.ai.coach import DummyCoach, guarded
from dummy_tui.engine.actions import Discard
from dummy_tui.engine.cards import cards_of, parse_card
from dummy_tui.engine.families.dummy import DummyRound, DummyView
from dummy_tui.ui.cardtext import CardLook
from dummy_tui.ui.i18n import set_language
from dummy_tui.ui.presenters import presenter_for
from dummy_tui.ui.screens.modals import CoachQuestion
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.session import Session
from dummy_tui.ui.settings import COACH_GAMES, Settings, settings_from

# Ann holds Q♠ (a spe-to) and cards no one can want as much, once born with 7♥ 8♥ 9♥
ANN = "7H 8H QS 5C 9D KD 2D"
BEE = "2H 3H 4H 5H 7C 9C JC"
QS = parse_card("QS")


def coached() -> tuple[Session, DummyRound]:
    return born_session(ANN, BEE, "9H", "7H 8H 9H")


async def test_the_coach_asks_once_before_a_spe_to_is_discarded() -> None:
    session, game = coached()
    app = app_for(session=session, coach=True)
    async with running(app, (80, 24), settled_table) as (pilot, table):
        table.hand.put_cursor(QS)
        await pilot.press("x")
        await pilot.pause()
        question = app.screen
        assert isinstance(question, CoachQuestion)
        said = question.question.plain
        assert said.startswith("Discard Q♠?") and "spe-to" in said, said
        assert "Q♠" not in said.split("Safer: ")[1]
        await pilot.press("escape")  # choose again: nothing was played
        await pilot.pause()
        assert not isinstance(app.screen, CoachQuestion) and QS in game.hand(0)
        await pilot.press("x")  # asked once: the same discard goes now
        await pilot.pause()
        assert not isinstance(app.screen, CoachQuestion)
        assert QS not in game.hand(0) and QS in game.row


async def test_enter_discards_anyway_and_a_safe_discard_is_not_questioned() -> None:
    session, game = coached()
    app = app_for(session=session, coach=True)
    async with running(app, (80, 24), settled_table) as (pilot, table):
        safe = parse_card("KD")
        assert DummyCoach(game.view(0)).judge(game.hand(0)).warnings.get(safe) is None
        table.hand.put_cursor(safe)
        await pilot.press("x")
        await pilot.pause()
        assert not isinstance(app.screen, CoachQuestion)  # no question
        assert safe not in game.hand(0) and safe in game.row


async def test_without_the_coach_nothing_is_asked() -> None:
    session, game = coached()
    app = app_for(session=session)
    async with running(app, (80, 24), settled_table) as (pilot, table):
        table.hand.put_cursor(QS)
        await pilot.press("x")
        await pilot.pause()
        assert QS in game.row
        assert not table.query_one("#coach").display


def test_snapshot_of_the_coachs_question(snap_compare: Any) -> None:
    session, _ = coached()
    app = app_for(session=session, coach=True)

    async def ask(pilot: Pilot[int]) -> None:
        table = await settled_table(pilot, app)
        table.hand.put_cursor(QS)
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, CoachQuestion)

    assert snap_compare(app, terminal_size=(80, 24), run_before=ask)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "Coach: You can pick up 9♥: it makes 7♥ 8♥ 9♥ 10♥ with your 7♥ 8♥ 10♥."
            " It makes you born.",
        ),
        ("th", "โค้ช: เก็บ 9♥ ได้: ลงชุด 7♥ 8♥ 9♥ 10♥ กับ 7♥ 8♥ 10♥ ในมือ เก็บแล้วเกิด"),
    ],
)
async def test_the_coachs_line_says_what_can_be_done_now(lang: str, said: str) -> None:
    app = app_for(session=pickup_session(), lang=lang, coach=True)
    async with running(app, (80, 24), settled_table) as (_, table):
        line = table.query_one("#coach")
        assert line.display
        assert str(line.render()).replace("\n", " ") == said


async def test_the_cards_just_taken_are_marked_until_the_next_turn() -> None:
    session = two_seat_session(ANN, BEE, "9H")
    app = app_for(session=session, coach=True)
    async with running(app, (80, 24), settled_table) as (pilot, table):
        game = session.round
        await pilot.press("d")
        await pilot.pause()
        drawn = table.drawn
        assert drawn is not None and table.hand.fresh == {drawn}
        table.hand.put_cursor(parse_card("KD"))
        await pilot.press("x")  # the AI plays; Ann's turn again
        table = await settled_table(pilot, app)
        assert game.seat == 0 and table.hand.fresh == {drawn}  # still: until the next take
        await pilot.press("d")
        await pilot.pause()
        assert table.hand.fresh == {table.drawn} != {drawn}


async def test_at_a_hot_seat_table_the_coach_speaks_to_the_hand_shown_alone() -> None:
    session = played_until(setup(humans=2, players=3, seed=4), lambda g: len(g.stock) <= 6)
    app = app_for(session=session, coach=True)
    lines = 0
    async with app.run_test(size=(100, 30)) as pilot:
        async for privacy, table in table_turns(pilot, app, 600):
            line = table.query_one("#coach")
            if privacy is not None:
                # nothing of the last person's hand while the keyboard changes hands
                assert not line.display and table.hand.fresh == set()
                await pilot.press("enter")
                continue
            game = table.session.round
            viewer = table.viewer
            assert viewer == game.seat
            assert table.hand.fresh <= set(cards_of(game.hands[viewer]))
            lines += line.display
            await pilot.press(
                "d"
                if game.phase == "take" and game.stock
                else ("o" if game.phase == "take" else "x")
            )
            if isinstance(app.screen, CoachQuestion):
                await pilot.press("enter")
        assert isinstance(app.screen, RoundEndScreen)
    assert lines > 0


def other_deal(bee: str) -> Session:
    """Ann's position after her pick-up, with Bee's hand (and so the stock) ``bee``."""
    session, _ = born_session(ANN, bee, "9H", "7H 8H 9H")
    return session


def test_the_coachs_advice_and_the_hint_do_not_change_with_the_hidden_cards() -> None:
    look = CardLook()
    deals = [
        other_deal(BEE),
        other_deal("AS KS JS 10S 6D 4C 3C"),
        other_deal("2S 3S 4S 6H 10H JH QH"),
    ]
    views = [s.round.view(0) for s in deals]
    assert all(v == views[0] for v in views)  # Ann sees the same table each time
    assert len({s.round.hands[1] for s in deals}) == 3  # Bee's hand is another each time
    said = []
    for session in deals:
        presenter = presenter_for(session)
        game = session.round
        questions = [presenter.discard_question(c, look) for c in game.hand(0)]
        hint = session.hint()
        assert hint is not None
        explained = presenter.explain(hint, look)
        said.append(
            (
                presenter.possible_now(0, look),
                [q.plain if q else None for q in questions],
                hint,
                explained.plain if explained else None,
            )
        )
    assert said[0][1][deals[0].round.hand(0).index(QS)] is not None  # the spe-to is questioned
    assert all(s == said[0] for s in said)


def test_the_hint_never_advises_a_discard_the_coach_would_question() -> None:
    rng = random.Random(3)
    checked = 0
    for seed in range(4):
        session = Session.new(setup(humans=0, seed=seed, level="normal"))
        game = session.round
        while not game.is_over:
            legal = game.legal_actions()
            discards = [a for a in legal if isinstance(a, Discard)]
            if len(discards) > 1:
                view = game.view(game.seat)
                assert isinstance(view, DummyView)
                judgement = DummyCoach(view).judge([a.card for a in discards])
                for a in discards:
                    kept = guarded(view, legal, a)
                    assert isinstance(kept, Discard) and kept in legal
                    if judgement.safe:
                        assert kept.card not in judgement.warnings
                    if not judgement.warnings.get(a.card):
                        assert kept == a  # a safe discard is left as it is
                checked += 1
            game.apply(rng.choice(legal))
    assert checked > 40


@pytest.mark.parametrize("ruleset", ["dummy", "rummy", "gin", "persian"])
def test_the_hint_has_a_reason_for_every_move(ruleset: str) -> None:
    players = 2 if ruleset == "gin" else 4
    session = Session.new(setup(humans=1, players=players, seed=7, ruleset=ruleset))
    presenter = presenter_for(session)
    look = CardLook()
    rng = random.Random(7)
    game = session.round
    kinds = set()
    for _ in range(80):
        if game.is_over:
            break
        for action in game.legal_actions():
            why = presenter.explain(action, look)
            assert why is not None and why.plain.strip(), action
            kinds.add(game.kind_of(action))
        presenter.possible_now(game.seat, look)
        session.apply(rng.choice(game.legal_actions()))
    assert {"draw", "discard"} <= kinds


def test_the_coach_sits_in_on_a_new_players_first_matches() -> None:
    settings = Settings()
    on = []
    for _ in range(COACH_GAMES + 2):
        settings.match_started()
        on.append(settings.coach_on)
    assert on == [True] * COACH_GAMES + [False, False]
    settings.coach = "on"
    assert settings.coach_on
    # a player of an earlier version, who has started games, is no newcomer
    earlier = settings_from({"last_setup": setup().model_dump(mode="json")})
    assert not earlier.coach_on
    assert settings_from({}).coach_on


async def test_c_and_the_palette_turn_the_coach_off_and_on(home: Path) -> None:
    write_settings(home, lang="en", ai_delay=0.0)
    app = app_for(session=pickup_session(), coach=True, persist=True)
    async with running(app, (80, 24), settled_table) as (pilot, table):
        assert table.query_one("#coach").display
        await pilot.press("c")
        await pilot.pause()
        assert not table.query_one("#coach").display and app.settings.coach == "off"
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"coach")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert table.query_one("#coach").display and app.settings.coach_on
    kept = json.loads((home / "config" / "settings.json").read_text(encoding="utf-8"))
    assert settings_from(kept).coach == "on"


def test_the_thai_coach_speaks_thai() -> None:
    session, _ = coached()
    set_language("th")
    try:
        question = presenter_for(session).discard_question(QS, CardLook())
        assert question is not None and "สเปโต" in question.plain
    finally:
        set_language("en")
