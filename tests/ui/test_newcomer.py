"""What a newcomer meets on a first evening, in order: no spe-to steered to,
why each round starts where it does, seats that survive browsing the presets,
a new-game screen whole at 80×24, a money game named, a hand and refusals in
order, the whole match's log after a resume, a wide screen used well."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Footer, Input
from textual.widgets._footer import FooterKey
from ui_helpers import (
    app_for,
    born_session,
    card,
    cards,
    new_game_screen,
    played_by_ai,
    running,
    settled_table,
    setup,
    two_seat_session,
)

from dummy_tui.engine.actions import Discard, Draw, Pick
from dummy_tui.engine.errors import IllegalMoveError
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.ui.cardtext import CardLook
from dummy_tui.ui.presenters import presenter_for
from dummy_tui.ui.session import Session
from dummy_tui.ui.widgets.choice import Choice
from dummy_tui.ui.widgets.table import GameLog, MeldTable
from dummy_tui.ui.words import refusal_text


def log_text(table: Any) -> str:
    return "\n".join(str(line.text) for line in table.query_one(GameLog).lines)


# 1 -----------------------------------------------------------------------


async def test_after_a_layoff_the_cursor_does_not_come_to_rest_on_a_spe_to() -> None:
    # Ann picks up 9♥ into 7♥ 8♥ 9♥ and keeps 3♦ 10♥ Q♠ (sorted: 3♦ 10♥ Q♠)
    session, _ = born_session("7H 8H 3D 10H QS", "2H 4C 6S", "9H", "7H 8H 9H")
    app = app_for(session=session)
    async with running(app, (100, 30), settled_table) as (pilot, table):
        hand = table.hand
        assert [c for c in hand.cards] == cards("3D 10H QS")
        hand.cursor = 1  # on 10♥, which lays off on the run
        await pilot.press("f")
        await pilot.pause()
        assert hand.cards == cards("3D QS")
        # the place it left is Q♠'s: the cursor goes to 3♦ instead
        assert hand.cursor_card == card("3D")


# 2 -----------------------------------------------------------------------


def fooled_session() -> Session:
    """Ann discards 9♥; Bee picks up that one card into 7♥ 8♥ 9♥ and knocks
    with Q♠: Ann is fooled, and play reverses for the next round."""
    session = two_seat_session("9H 2D 4S", "7H 8H QS", "KD")
    session.apply(Draw())
    drawn = next(c for c in session.round.hand(0) if c not in cards("9H 2D 4S"))
    assert drawn != card("9H")
    session.apply(Discard(card("9H")))
    session.apply(Pick(card("9H"), tuple(cards("7H 8H 9H"))))
    session.apply(Discard(card("QS")))
    game = session.round
    assert isinstance(game, DummyRound) and game.fool == 0
    return session


def test_each_round_opens_with_who_starts_and_why_and_a_fool_turns_play_round() -> None:
    fresh = Session.new(setup(humans=1, players=4, seed=2))
    assert [e.kind for e in fresh.log] == ["round", "start"]
    first = fresh.log[1]
    assert first.seat == fresh.round.starter and first.reason == "first"
    session = fooled_session()
    session.finish_round()
    session.start_next_round()
    start = session.log[-1]
    assert start.kind == "start" and start.seat == 1 and start.extra == (0,)
    presenter = presenter_for(session)
    look = CardLook()
    from dummy_tui.ui.words import log_lines

    said = log_lines([start], session.names, look, presenter.key)[0].plain
    assert said.startswith("Bee starts: whoever knocks starts the next round.")
    assert "Ann was fooled last round: play now goes the other way, 2→1." in said
    # the round end says the same of the next round
    assert f"Next round: {said}" in presenter.totals(over=False).plain


# 3 -----------------------------------------------------------------------


async def test_the_seats_survive_browsing_every_preset_and_coming_back() -> None:
    app = app_for()
    async with running(app, (100, 40), new_game_screen) as (pilot, screen):
        kinds = ["human", "easy", "normal", "hard"]
        for i, kind in enumerate(kinds):
            screen.query_one(f"#kind-{i}", Choice).value = kind
        screen.query_one("#name-2", Input).value = "Ploy"
        await pilot.pause()

        def seats() -> list[tuple[object, str, bool]]:
            return [
                (
                    screen.query_one(f"#kind-{i}", Choice).value,
                    screen.query_one(f"#name-{i}", Input).value,
                    bool(screen.query_one(f"#seat-row-{i}").display),
                )
                for i in range(4)
            ]

        before = seats()
        assert [s[2] for s in before] == [True] * 4
        ruleset = screen.query_one("#ruleset", Choice)
        presets = [value for _, value in ruleset.options]
        assert "gin" in presets and "persian" in presets
        ruleset.focus()
        for name in presets[1:]:
            # to each preset and straight back, as a player looks and changes their mind
            ruleset.value = name
            await pilot.pause()
            counts = screen.presets[str(name)].player_counts
            shown = 4 if 4 in counts else max(counts)
            assert screen.player_count() == shown, name
            ruleset.value = "dummy"
            await pilot.pause()
            assert seats() == before, name
        for _ in presets:  # and once round them all, a key at a time
            await pilot.press("right")
        await pilot.pause()
        assert ruleset.value == "dummy" and seats() == before


# 4 -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "th"])
async def test_at_80x24_every_field_of_the_new_game_screen_is_in_view_and_the_footer_whole(
    lang: str,
) -> None:
    app = app_for(lang=lang)
    async with running(app, (80, 24), new_game_screen) as (pilot, screen):
        await pilot.pause()
        fields = ["#players", *(f"#kind-{i}" for i in range(4)), *(f"#name-{i}" for i in range(4))]
        fields += ["#ruleset", "#target", "#speed", "#lang", "#house"]
        for field in fields:
            region = screen.query_one(field).region
            assert region.height and region.bottom <= 23 and region.right <= 80, (field, region)
        keys = list(screen.query_one(Footer).query(FooterKey))
        assert keys and all(key.region.right <= 80 and key.region.width for key in keys)
        shown = [key.key for key in keys]
        assert shown[-1] == "f1" and "escape" in shown and "ctrl+l" in shown


# 5 -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "name"), [("dummy-money", "Dummy for money"), ("gin", "Gin rummy")]
)
async def test_the_top_bar_names_the_preset(ruleset: str, name: str) -> None:
    players = max(get_ruleset(ruleset).player_counts)
    app = app_for(setup(players=players, seed=3, ruleset=ruleset))
    async with running(app, (100, 30), settled_table) as (_pilot, table):
        bar = str(table.query_one("#topbar").render())
        assert bar.startswith(f" {name}") or bar.startswith(name), bar


# 6 -----------------------------------------------------------------------


async def test_a_new_rounds_hand_is_sorted_though_the_last_one_was_arranged() -> None:
    session = played_by_ai(setup(humans=1, players=2, seed=4))
    session.hand_orders[0] = sorted(range(52), reverse=True)  # last round's own order
    session.finish_round()
    session.start_next_round()
    assert session.hand_orders == {}
    app = app_for(session=session)
    async with running(app, (100, 30), settled_table) as (_pilot, table):
        hand = table.hand.cards
        assert hand == sorted(hand, key=lambda c: (c // 13, c % 13))


def test_a_refusal_lists_its_cards_as_a_meld_is_read() -> None:
    refusal = IllegalMoveError("not_a_meld", cards=tuple(sorted(cards("4C 3D 2S"))))
    assert "not a meld: 2♠ 3♦ 4♣ " in refusal_text(refusal, CardLook()).plain


async def test_the_last_card_is_said_one_way_whether_f_or_x_is_pressed() -> None:
    # after the pick-up only 2♠ is left in Ann's hand
    session, _ = born_session("7H 8H 2S", "2H 4C 6S", "9H", "7H 8H 9H")
    app = app_for(session=session)
    async with running(app, (100, 30), settled_table) as (pilot, table):
        said = []
        for key in ("f", "x"):
            await pilot.press(key)
            await pilot.pause()
            said.append(str(table.query_one("#status").render()).split(": ", 1)[1])
        assert said[0] == said[1] == "2♠ is your last card: knock with it (k)", said


# 7 -----------------------------------------------------------------------


async def test_a_resumed_match_keeps_the_log_of_its_earlier_rounds() -> None:
    session = played_by_ai(setup(humans=1, players=2, seed=4))
    first = session.round.moves()
    session.finish_round()
    session.start_next_round()
    session.apply(session.round.legal_actions()[0])
    resumed = Session.from_save(session.to_save())
    assert resumed.log == session.log
    kinds = [e.kind for e in resumed.log]
    assert kinds.count("round") == 2 and kinds.count("start") == 2
    assert len(resumed.log) > len(first)  # the first round's moves are there
    app = app_for(session=resumed)
    async with running(app, (100, 40), settled_table) as (pilot, table):
        table.rewrite_log()
        await pilot.pause()
        shown = log_text(table)
        assert "— Round 1 —" in shown and "— Round 2 —" in shown


# 8 -----------------------------------------------------------------------


async def test_a_wide_screen_has_large_cards_two_columns_of_melds_and_a_wide_log() -> None:
    session, _ = born_session("7H 8H 3D 10H QS", "2H 4C 6S", "9H", "7H 8H 9H")
    app = app_for(session=session)
    async with running(app, (200, 60), settled_table) as (pilot, table):
        await pilot.pause()
        hand = table.hand
        assert hand.large and hand.lines_per_row == 4 and hand.cell_width == 8
        assert hand.content_region.height == 4  # one row of four-line cards
        assert table.row.large
        from dummy_tui.ui.widgets.table import MeldColumn

        melds = table.query_one(MeldTable)
        assert melds.has_class("-columns")
        first, second = list(melds.query(MeldColumn))
        assert second.display and first.region.right <= second.region.x
        log = table.query_one(GameLog)
        assert log.region.width >= 200 // 3
        # back to a small screen: one column, one-line cards
        await pilot.resize_terminal(100, 30)
        assert not hand.large and not melds.has_class("-columns")
