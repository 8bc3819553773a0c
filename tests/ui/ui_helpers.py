"""Shared set-ups for the interface tests: fixed seeds, fixed names, no AI delay."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable, Hashable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Collapsible

from dummy_tui.ai import checked_choice, make_player
from dummy_tui.engine.actions import Action, Draw, Pick
from dummy_tui.engine.cards import parse_card
from dummy_tui.engine.deal import Deal
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.match import Match
from dummy_tui.engine.round import TAKE, Round
from dummy_tui.rules import DummyRules
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.screens.modals import ChoiceScreen, PrivacyScreen
from dummy_tui.ui.screens.new_game import NewGameScreen
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.screens.table import TableScreen
from dummy_tui.ui.session import Session
from dummy_tui.ui.settings import GameSetup, SeatSetup, Settings
from dummy_tui.ui.widgets.choice import Choice


def setup(
    humans: int = 1,
    players: int = 4,
    seed: int = 11,
    level: str = "random",
    ruleset: str = "dummy",
) -> GameSetup:
    names = ["Ann", "Bee", "Chai", "Dao"]
    seats = [SeatSetup(name=names[i], human=i < humans, level=level) for i in range(players)]
    return GameSetup(seats=seats, seed=seed, ruleset=ruleset)


def settings(lang: str = "en", coach: str = "off") -> Settings:
    """The tests' settings: no AI delay; the coach off unless a test wants it."""
    return Settings.model_validate({"lang": lang, "ai_delay": 0.0, "coach": coach})


def app_for(
    game_setup: GameSetup | None = None,
    *,
    lang: str = "en",
    persist: bool = False,
    coach: str = "off",
    **kw: object,
) -> DummyApp:
    return DummyApp(
        settings=settings(lang, coach),
        setup=game_setup,
        persist=persist,
        **kw,  # type: ignore[arg-type]
    )


def value_now(choice: Choice) -> Hashable:
    """``choice.value`` as declared: after ``assert choice.value == 4`` mypy keeps
    ``choice.value`` narrowed to ``Literal[4]`` across the awaits that change it."""
    return choice.value


def card(text: str) -> int:
    return parse_card(text)


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def two_seat_session(ann: str, bee: str, upcard: str, rules: DummyRules | None = None) -> Session:
    """Ann (a person, to start) and Bee (random AI) with these hands; the rest is the stock."""
    rules = rules or DummyRules()
    hands = [cards(ann), cards(bee)]
    up = parse_card(upcard)
    used = set(hands[0]) | set(hands[1]) | {up}
    stock = [c for c in range(52) if c not in used]
    game = DummyRound(rules, Deal([sorted(h) for h in hands], up, stock), starter=0)
    game_setup = GameSetup(
        seats=[SeatSetup(name="Ann", human=True), SeatSetup(name="Bee", level="random")], seed=5
    )
    return Session(game_setup, rules, rules, Match(rules, 2, 5), game)


def born_session(
    ann: str, bee: str, upcard: str, meld: str, rules: DummyRules | None = None
) -> tuple[Session, DummyRound]:
    """:func:`two_seat_session` once Ann has picked up the upcard into ``meld`` (born)."""
    session = two_seat_session(ann, bee, upcard, rules)
    game = session.round
    assert isinstance(game, DummyRound)
    game.apply(Pick(parse_card(upcard), tuple(sorted(cards(meld)))))
    return session, game


def speto_session() -> Session:
    """Ann holds the spe-to 2♣ among cards of no use to anyone, and has drawn
    (Bee holds nothing that melds with 2♣)."""
    session = two_seat_session("2C 7D KS 4H 9S JD", "5D 6H 8C 10S JH 3H", "QH")
    session.apply(Draw())
    return session


async def coach_question(pilot: Pilot[int], app: DummyApp) -> None:
    """On the table of :func:`speto_session`, x on 2♣: the coach's question up."""
    await settle(pilot, app)
    table = app.screen
    assert isinstance(table, TableScreen)
    await press_x_on(pilot, table, "2C")
    assert isinstance(app.screen, ChoiceScreen)


async def press_x_on(pilot: Pilot[int], table: TableScreen, text: str) -> None:
    """The hand's cursor on the card ``text``, then x (discard it), and a pause."""
    table.hand.cursor = table.hand.cards.index(parse_card(text))
    await pilot.press("x")
    await pilot.pause()


def pickup_session() -> Session:
    """Two players; Ann (human) can pick up the head card 9♥ with 7♥ 8♥ and lay 10♥ off."""
    return two_seat_session(
        "7H 8H 10H 2S 4S 6C 8C JD KD 3D 5D", "2H 3H 4H 5C 7C 9C QC AC 6S 8S 10S", "9H"
    )


async def settle(pilot: Pilot[int], app: DummyApp, limit: int = 400) -> None:
    """Wait until a person must act (or a screen over the table waits for a key)."""
    for _ in range(limit):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, RoundEndScreen | PrivacyScreen):
            return
        if isinstance(screen, TableScreen) and (screen.my_turn or screen.session.round.is_over):
            return
    raise AssertionError("the game did not come back to a person")


async def until(pilot: Pilot[int], holds: Callable[[], bool], what: str, limit: int = 300) -> None:
    """Wait, a frame at a time, until *holds* (a scroll that animates, a layout
    that comes a frame late); fail naming *what* did not come."""
    for _ in range(limit):
        if holds():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"{what} did not happen")


async def ask_hint(pilot: Pilot[int], app: DummyApp) -> None:
    """Press h and wait for the hint to be worked out and shown."""
    await pilot.press("h")
    await app.workers.wait_for_complete()
    await pilot.pause()


async def new_game_screen(pilot: Pilot[int], app: DummyApp) -> NewGameScreen:
    """The new-game screen, once the app has started (its options section too,
    which comes a frame after the rest)."""
    for _ in range(100):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, NewGameScreen) and screen.query("#house"):
            return screen
    raise AssertionError(f"no new-game screen with its options came up: {app.screen}")


def write_settings(home: Path, **settings: object) -> None:
    """``settings.json`` in *home*'s config folder, as an earlier run left it."""
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "settings.json").write_text(json.dumps(settings), encoding="utf-8")


async def open_house_rules(pilot: Pilot[int], screen: NewGameScreen) -> None:
    """Open the new-game screen's house-rules section and let its options lay out."""
    screen.query_one("#house", Collapsible).collapsed = False
    for _ in range(100):
        await pilot.pause()
        if screen.query(".opt-line"):
            break
    await pilot.pause()


S = TypeVar("S", bound=Screen[Any])


async def pressed(pilot: Pilot[int], app: DummyApp, key: str, kind: type[S]) -> S:
    """Press ``key``, pause, and the screen it led to, which must be a ``kind``."""
    await pilot.press(key)
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, kind)
    return screen


def table_under(app: DummyApp) -> TableScreen:
    """The table under the screen on top (a privacy screen, a dialog)."""
    table = app.screen_stack[-2]
    assert isinstance(table, TableScreen)
    return table


async def settled_table(pilot: Pilot[int], app: DummyApp) -> TableScreen:
    """:func:`settle`, then the table the person acts on."""
    await settle(pilot, app)
    table = app.screen
    assert isinstance(table, TableScreen)
    return table


@asynccontextmanager
async def running(
    app: DummyApp, size: tuple[int, int], reach: Callable[[Pilot[int], DummyApp], Awaitable[S]]
) -> AsyncIterator[tuple[Pilot[int], S]]:
    """``app`` run at ``size``: its pilot and the screen ``reach`` waits for
    (:func:`settled_table`, :func:`new_game_screen`, ...)."""
    async with app.run_test(size=size) as pilot:
        yield pilot, await reach(pilot, app)


@asynccontextmanager
async def two_turns_saved() -> AsyncIterator[tuple[Pilot[int], DummyApp]]:
    """Ann against three random players (seed 21) with saves on, at 80×24: her
    first two turns played (draw and discard, d and x), a save tried after each move."""
    app = app_for(setup(humans=1, seed=21), persist=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for key in ("d", "x", "d", "x"):
            await pilot.press(key)
            await settle(pilot, app)
        yield pilot, app


R = TypeVar("R", bound=Round[Any])


def round_of(table: TableScreen, kind: type[R]) -> R:
    """The table's round, which must be a ``kind`` (a family's round class)."""
    game = table.session.round
    assert isinstance(game, kind)
    return game


async def table_after_draw(pilot: Pilot[int], app: DummyApp) -> TableScreen:
    """:func:`settled_table`, then the person draws (d) and the game settles again."""
    table = await settled_table(pilot, app)
    await pilot.press("d")
    await settle(pilot, app)
    return table


async def table_turns(
    pilot: Pilot[int], app: DummyApp, limit: int
) -> AsyncIterator[tuple[PrivacyScreen | None, TableScreen]]:
    """Each stop of the game until its round end (at most ``limit``), settled:
    the privacy screen that hands the table over in a hot-seat game (None
    when the table is up) and the table."""
    for _ in range(limit):
        await settle(pilot, app)
        screen = app.screen
        if isinstance(screen, RoundEndScreen):
            return
        if isinstance(screen, PrivacyScreen):
            yield screen, table_under(app)
        else:
            assert isinstance(screen, TableScreen)
            yield None, screen


async def play_keys(pilot: Pilot[int], app: DummyApp, turns: int = 500) -> None:
    """Play the people's turns with the keyboard only (draw, discard) to the round end."""
    async for privacy, table in table_turns(pilot, app, turns):
        if privacy is not None:
            await pilot.press("enter")
            continue
        game = table.session.round
        if game.phase == TAKE:
            await pilot.press("d" if game.stock else "o")
        else:
            await pilot.press("x")
    if not isinstance(app.screen, RoundEndScreen):
        raise AssertionError("the round did not end")


def draw_and_throw(game: Round[Any]) -> Action:
    """The move of a player who only draws and discards (or passes, or ends the
    round when the stock is out): the moves the keys d, x and o make."""
    legal = game.legal_actions()
    for kind in ("draw", "discard", "pass", "end"):
        for action in legal:
            if game.kind_of(action) == kind:
                return action
    return legal[0]


def played_until(
    game_setup: GameSetup, stop: Callable[[Round[Any]], bool], ai: bool = False
) -> Session:
    """A new session of ``game_setup`` whose round has been played until ``stop``
    holds at a person's turn: people by :func:`draw_and_throw`, and the AI seats
    too, or with ``ai`` as their AI would.  A test starts the interface there
    instead of playing the same moves through it."""
    session = Session.new(game_setup)
    game = session.round
    for _ in range(1000):
        seat = game.seat
        human = session.is_human(seat)
        if game.is_over or (human and stop(game)):
            return session
        if ai and not human:  # the seat's own player, as the table asks it
            legal = game.legal_actions()
            session.apply(checked_choice(session.player(seat), game.view(seat), legal))
        else:
            session.apply(draw_and_throw(game))
    raise AssertionError("the round never came to that position")


def played_by_ai(game_setup: GameSetup, level: str = "normal") -> Session:
    """A new session of ``game_setup`` whose round every seat (people too) has
    played to its end as the AI ``level`` would: a test of the round end starts
    the interface there."""
    session = Session.new(game_setup)
    family = session.family
    players = [make_player(family, level, seed) for seed in range(len(game_setup.seats))]
    game = session.round
    while not game.is_over:
        legal = game.legal_actions()
        choice = (
            legal[0] if len(legal) == 1 else players[game.seat].choose(game.view(game.seat), legal)
        )
        session.apply(choice)
    return session


def write_config(home: Path, text: str) -> Path:
    """The config file under ``home`` (the ``home`` fixture's DUMMY_TUI_HOME), holding ``text``."""
    path = home / "config" / "config.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


async def config_notices(home: Path, text: str) -> tuple[Path, list[str]]:
    """The config file holding ``text``, and what a game started with it says
    by the time its table is up (the notifications, in order)."""
    from dummy_tui.config import load_config

    path = write_config(home, text)
    app = app_for(setup(humans=1, seed=21), config=load_config())
    async with app.run_test(size=(100, 30)) as pilot:
        await settled_table(pilot, app)
        return path, [n.message for n in app._notifications]


def saves_folder() -> Path:
    """Where the saved matches are, one file each (``saves/<uid>.json``)."""
    from dummy_tui.saves import saves_dir
    from dummy_tui.storage import data_dir

    return saves_dir(data_dir())


def saved_paths() -> list[Path]:
    """The saved matches' files, the last played first."""
    from dummy_tui.saves import saved_files
    from dummy_tui.storage import data_dir

    return [f.path for f in saved_files(data_dir())]


def the_save() -> Path:
    """The one saved match's file (there must be exactly one)."""
    paths = saved_paths()
    assert len(paths) == 1, paths
    return paths[0]


def saved_moves(path: Path | None = None) -> list[str]:
    """The moves of the round being played in a save (default: the one save)."""
    data = json.loads((path or the_save()).read_text(encoding="utf-8"))
    return list(data["current"]["moves"])


def put_save(text: str, uid: str = "ab" * 16) -> Path:
    """A save file with this text, as a match's own save."""
    path = saves_folder() / f"{uid}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
