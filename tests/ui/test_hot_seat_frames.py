"""Hot-seat privacy, frame by frame: two people and a computer player play
whole matches, and every frame the screen draws is read as the terminal
would show it.  From the moment a person's turn ends to the moment the next
person passes the hand-over screen, no frame shows a card that person holds
unseen (their hand, a card drawn, a hint, a refusal): not while the
computer plays, not across a round's end.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.console import RenderableType
from textual.pilot import Pilot
from textual.screen import Screen
from ui_helpers import draw_and_throw, played_until, settings

from dummy_tui.ai import checked_choice, make_player
from dummy_tui.engine import actions as act
from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.round import Round
from dummy_tui.ui import app as app_module
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.screens.modals import PrivacyScreen
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.screens.table import TableScreen
from dummy_tui.ui.session import Session
from dummy_tui.ui.settings import GameSetup, SeatSetup
from dummy_tui.ui.widgets.table import GameLog, MeldTable

SUITS = frozenset("♣♦♥♠")


def public_cards(game: Round[Any]) -> set[int]:
    """The cards of the round everyone has seen: the upcard and every discard
    (a card picked up from the row stays known)."""
    seen = set(game.fresh().discards)
    for _, action in game.history:
        if isinstance(action, act.Discard):
            seen.add(action.card)
    return seen


class WatchedApp(DummyApp):
    """The app, reading every frame it draws (headless: drawn, not written)."""

    CSS_PATH = str(Path(app_module.__file__).with_name("dummy.tcss"))

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.holder: int | None = None
        """The person who last took the keyboard at the hand-over screen."""
        self.frames = 0
        self.between = 0  # frames drawn while no person's hand may show
        self.problems: list[str] = []

    def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
        super()._display(screen, renderable)
        if renderable is None or self._batch_count or screen is not self.screen:
            return
        self.frames += 1
        if isinstance(screen, RoundEndScreen):  # every hand shown: Dummy's custom
            self.holder = None
            return
        table = next((s for s in self.screen_stack if isinstance(s, TableScreen)), None)
        if table is None:
            return
        lines = [strip.text for strip in screen._compositor.render_strips()]
        frame = "\n".join(without_table(lines, table))
        game = table.session.round
        look = table.dapp.look
        owner = game.seat if self.holder == game.seat and not game.is_over else None
        if owner is None:
            self.between += 1
        public = public_cards(game)
        for seat in table.session.human_seats:
            if seat == owner:
                continue
            for card in cards_of(game.hands[seat]):
                label = look.label(card)
                if card not in public and label in frame:
                    self.problems.append(
                        f"frame {self.frames}: {table.session.names[seat]}'s {label} shown"
                        f" at seat {game.seat}'s turn\n{frame}"
                    )
        if owner is None and table is screen:
            region = table.hand.region
            shown = "".join(
                line[region.x : region.right] for line in lines[region.y : region.bottom]
            )
            if SUITS & set(shown):
                self.problems.append(f"frame {self.frames}: a hand shown\n{frame}")


def without_table(lines: list[str], table: TableScreen) -> list[str]:
    """The frame's ``lines`` with the melds on the table and the game log
    blanked out: they show cards everyone saw (the log's words are made
    from moves, which name no card drawn), and for a frame at a round's start
    lines of the round before, whose cards may be dealt to someone again."""
    out = list(lines)
    for widget in (table.query_one(GameLog), table.query_one(MeldTable)):
        area = widget.region
        for y in range(area.y, area.bottom):
            out[y] = out[y][: area.x] + " " * area.width + out[y][area.right :]
    return out


def hot_seat(seed: int, target: int = 200) -> GameSetup:
    """Ann and Bee at the keyboard, Chai (the computer) between Bee and Ann."""
    seats = [
        SeatSetup(name="Ann", human=True),
        SeatSetup(name="Bee", human=True),
        SeatSetup(name="Chai", level="easy"),
    ]
    return GameSetup(seats=seats, seed=seed, options={"target_score": target})


async def play(pilot: Pilot[Any], app: WatchedApp, seed: int, stop: type[Screen[Any]]) -> int:
    """Play on, the people as an easy AI would through the table's moves, until
    the screen ``stop`` comes (a match's end for a :class:`RoundEndScreen`);
    the number of hints asked for on the way (each followed by a key refused,
    both said on that turn only; the hint may come after the turn is over)."""
    people = [make_player("dummy", "easy", seed + seat) for seat in range(2)]
    hints = 0
    for _ in range(3000):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, stop) and (
            not isinstance(screen, RoundEndScreen) or screen.match_over
        ):
            return hints
        if isinstance(screen, PrivacyScreen):
            table = app.screen_stack[-2]
            assert isinstance(table, TableScreen)
            app.holder = table.session.round.seat
            await pilot.press("enter")
        elif isinstance(screen, RoundEndScreen):
            await pilot.press("enter")
        elif isinstance(screen, TableScreen) and screen.my_turn:
            game = screen.session.round
            if hints < 3 and len(game.history) % 5 == 1:
                await pilot.press("h", "f")
                hints += 1
            seat = game.seat
            action = checked_choice(people[seat], game.view(seat), game.legal_actions())
            assert screen.moves.play(action)
    raise AssertionError(f"no {stop.__name__} came")


async def test_no_frame_shows_a_persons_cards_after_their_turn() -> None:
    """A whole match of three rounds: Bee's turn is followed by the computer's,
    Ann's by Bee's; rounds end by Ann's and Bee's knock."""
    seed = 17
    app = WatchedApp(settings=settings(), setup=hot_seat(seed), persist=False)
    async with app.run_test(size=(80, 24)) as pilot:
        hints = await play(pilot, app, seed, RoundEndScreen)
        table = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        rounds = len(table.session.match.results)
    assert not app.problems, app.problems[0]
    assert rounds == 3 and hints == 3
    assert app.between > 50, app.between  # the frames between turns were looked at


@pytest.mark.parametrize("to_move", ["Bee", "Chai"])
async def test_a_resumed_hot_seat_game_shows_no_hand_until_the_hand_over(to_move: str) -> None:
    """A saved game resumed at a person's turn or the computer's: no hand
    until the person to move has taken the keyboard."""
    game_setup = hot_seat(5)
    session = played_until(game_setup, lambda g: g.seat == 1 and len(g.history) > 6)
    if to_move == "Chai":
        session.apply(draw_and_throw(session.round))
        session.apply(draw_and_throw(session.round))
    assert session.names[session.round.seat] == to_move
    resumed = Session.from_save(session.to_save())
    app = WatchedApp(settings=settings(), session=resumed, persist=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await play(pilot, app, 5, PrivacyScreen)
        assert isinstance(app.screen, PrivacyScreen)
        assert app.screen.player_name == ("Ann" if to_move == "Chai" else "Bee")
    assert not app.problems, app.problems[0]
    assert app.between > 0
