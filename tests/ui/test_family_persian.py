"""Persian rummy on the table screen: picks from any depth, jokers, refusals, the game's end."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from family_util import SIZES, plain, play_family, scoreboard_text, status
from rich.console import Console
from textual.pilot import Pilot
from ui_helpers import (
    app_for,
    played_until,
    round_of,
    running,
    settle,
    settled_table,
    setup,
    table_after_draw,
)

from dummy_tui.engine.actions import Pick
from dummy_tui.engine.families.persian import PersianRound
from dummy_tui.engine.round import Round
from dummy_tui.ui.screens.modals import ChoiceScreen
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.widgets.row import DiscardRow
from dummy_tui.ui.widgets.table import Scoreboard


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
