"""A hosted table's seats: who may sit (code, password, token), what a person
may send (their turn, the position they saw, a move the rules allow), and a
person who drops out: their seat held, the computer in their place after the
hold, everything back when they return."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest
from match_util import short_match
from net_util import Player, hosted, setup_of
from websockets.exceptions import ConnectionClosed

from dummy_tui.engine.actions import DRAW, Discard
from dummy_tui.families import FAMILIES
from dummy_tui.net import server as server_module
from dummy_tui.net.protocol import FLOOD, MAX_FRAME, dumps
from dummy_tui.net.remote import JoinRefused, Link, RemoteSession
from dummy_tui.net.server import Hosted, Table
from dummy_tui.rules import get_ruleset
from dummy_tui.ui.session import Session


@pytest.fixture(autouse=True)
def no_guess_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "GUESS_SECONDS", 0.0)


async def until(check: Any, seconds: float = 10.0) -> None:
    """Wait until ``check()`` is true (failing after ``seconds``)."""
    for _ in range(int(seconds / 0.01)):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("waited too long")


async def refusal(
    port: int, code: str, password: str | None = None, token: str | None = None
) -> str:
    link = Link(f"ws://127.0.0.1:{port}/", code, "X", password, token)
    with pytest.raises(JoinRefused) as refused:
        await link.open()
    return refused.value.reason


async def joined(server: Hosted, table: Table, *names: str) -> list[Player]:
    """Players of these names at ``table``, joined in turn."""
    players = [Player(server.port, table.code, name) for name in names]
    for player in players:
        await player.join()
    return players


async def past_states(link: Link) -> dict[str, Any]:
    """The next frame on ``link`` that is not a state (the table's news in between)."""
    frame = await link.receive()
    while frame["type"] == "state":
        frame = await link.receive()
    return frame


async def test_code_password_and_seats_decide_who_sits() -> None:
    table = Table(Session.new(setup_of(2, seed=4)), password="sesame", ai_delay=0)
    async with hosted(table) as (server, run):
        port = server.port
        assert await refusal(port, "WRONG1", "sesame") == "code"
        assert await refusal(port, table.code) == "password"
        assert await refusal(port, table.code, "sesamE") == "password"
        first = Link(f"ws://127.0.0.1:{port}/", table.code.lower(), "Ann", "sesame")
        welcome = await first.open()
        assert welcome["seat"] == 0 and welcome["token"] == table.seats[0].token
        second = Link(f"ws://127.0.0.1:{port}/", table.code, "Bo", "sesame")
        assert (await second.open())["seat"] == 1
        assert await refusal(port, table.code, "sesame") == "full"
        assert await refusal(port, table.code, "sesame", token="not-a-token") == "token"
        # the seat's token from another window takes the seat; the old window is told
        again = Link(f"ws://127.0.0.1:{port}/", table.code, "Ann", "sesame", welcome["token"])
        assert (await again.open())["seat"] == 0
        # past the news of Bo's arrival, told to all
        assert await past_states(first) == {"type": "error", "reason": "replaced"}
        assert [s["name"] for s in welcome["seats"]] == ["Ann", "P1"]
        assert not run.done()


async def test_every_bad_message_is_refused_and_the_table_plays_on() -> None:
    table = Table(Session.new(setup_of(2, seed=4)), ai_delay=0)
    async with hosted(table) as (server, run):
        ann, bo = await joined(server, table, "Ann", "Bo")
        game = table.session.round
        assert game.seat == 0
        not_in_hand = next(c for c in range(52) if c not in game.hand(0) and c not in game.discards)

        async def answer(player: Player, message: dict[str, Any] | str) -> dict[str, Any]:
            text = message if isinstance(message, str) else dumps(message)
            await raw(player, text)
            while True:  # the other seats' news in between
                frame = await player.link.receive()
                if frame["type"] in ("error", "refusal"):
                    return frame

        move = {"type": "move", "round": 1, "at": 0, "words": ["draw"]}
        assert (await answer(bo, move))["reason"] == "turn"
        assert (await answer(ann, {**move, "at": 3}))["reason"] == "stale"
        assert (await answer(ann, {**move, "round": 2}))["reason"] == "stale"
        assert (await answer(ann, "x" * (MAX_FRAME + 1)))["reason"] == "size"
        assert (await answer(ann, "{not json"))["reason"] == "malformed"
        assert (await answer(ann, {**move, "extra": 1}))["reason"] == "malformed"
        hello = {"type": "hello", "version": 1, "code": table.code}
        assert (await answer(ann, hello))["reason"] == "hello_again"
        refused = await answer(ann, {**move, "words": [f"discard {_text(not_in_hand)}"]})
        assert refused["type"] == "refusal" and refused["rule"] == "take_first"
        assert (await answer(ann, {**move, "words": ["fly away"]}))["rule"] == "syntax"
        # none of it moved the game, and a move the rules allow is played
        assert game.history == []
        await raw(ann, dumps(move))
        await until(lambda: game.history == [(0, DRAW)])
        discard = game.hand(0)[0]
        await raw(ann, dumps({**move, "at": 1, "words": [f"discard {_text(discard)}"]}))
        await until(lambda: len(game.history) == 2)
        assert game.history[1] == (0, Discard(discard))
        assert not run.done()


async def test_a_flood_is_cut_off_and_only_that_connection_is() -> None:
    table = Table(Session.new(setup_of(2, seed=4)), ai_delay=0)
    async with hosted(table) as (server, run):
        ann, bo = await joined(server, table, "Ann", "Bo")
        for _ in range(FLOOD + 5):
            with contextlib.suppress(ConnectionClosed):
                await raw(ann, "{}")
        reasons = set()
        while True:
            try:
                frame = await ann.link.receive()
                if frame["type"] == "error":
                    reasons.add(frame["reason"])
            except ConnectionClosed:
                break
        assert reasons == {"malformed", "rate"}  # the burst allowed, then refused, then closed
        await until(lambda: table.seats[0].link is None)
        # Bo's seat plays on
        await raw(bo, dumps({"type": "undo", "round": 1, "at": 0}))
        # past the news that Ann's seat is away now, told to all
        assert (await past_states(bo.link))["reason"] == "turn"
        assert not run.done()


@pytest.mark.parametrize("family", list(FAMILIES))
async def test_a_dropped_seat_is_held_then_played_then_given_back(family: str) -> None:
    """In each family: the turn waits, the computer plays it, and the person
    who comes back gets the round as it is, rebuilt from their seat's view."""
    others = get_ruleset(family).default_players - 1
    table = Table(Session.new(setup_of(1, others, 8, family)), ai_delay=0.02, hold=0.3)
    session = table.session
    async with hosted(table) as (server, run):
        ann = Player(server.port, table.code, "Ann")
        welcome = await ann.join()
        assert session.round.seat == 0
        await ann.link.close()
        await until(lambda: table.seats[0].link is None)
        await asyncio.sleep(0.15)
        assert session.round.history == []  # held: the turn waits for her
        await until(lambda: table.seats[0].standing_in)
        # the computer plays her turns now
        await until(lambda: sum(1 for s, _ in session.round.history if s == 0) >= 4)
        back = Link(f"ws://127.0.0.1:{server.port}/", table.code, "Ann", None, ann.link.token)
        frame = await back.open()
        assert frame["seat"] == 0 and not table.seats[0].standing_in
        assert welcome.seat == 0
        restored = RemoteSession(frame, lambda _: None)
        game = session.round
        assert restored.round.hand(0) == game.hand(0)
        assert restored.round.history == game.history
        if game.seat == 0:  # her turn: the moves she is offered are the host's
            assert restored.round.legal_actions() == game.legal_actions()
        assert restored.log == session.log
        assert restored.match.totals == session.match.totals
        assert frame["seats"][0]["name"] == "Ann"
        # back in her seat, her turn waits for her again, past the hold
        await until(lambda: session.round.seat == 0 and not session.round.is_over)
        moves = len(session.round.history)
        await asyncio.sleep(0.5)
        assert len(session.round.history) == moves
        assert not run.done()


async def test_the_computer_leaves_a_turn_to_the_person_who_comes_back_before_its_move() -> None:
    """The computer stands in for Ann, and it is her turn: while it waits its
    moment to move, she comes back, and the move is hers to make (the
    computer's move, already chosen, is not played for her)."""
    table = Table(Session.new(setup_of(1, 1, 8, "rummy")), ai_delay=0.4, hold=0.05)
    session = table.session
    async with hosted(table) as (server, run):
        ann = Player(server.port, table.code, "Ann")
        await ann.join()
        assert session.round.seat == 0
        await ann.link.close()
        await until(lambda: table.seats[0].standing_in)
        await asyncio.sleep(0.1)  # the computer waits its moment for her seat
        assert session.round.history == []
        back = Link(f"ws://127.0.0.1:{server.port}/", table.code, "Ann", None, ann.link.token)
        await back.open()
        assert not table.seats[0].standing_in
        await asyncio.sleep(0.6)  # past the moment it would have moved
        assert session.round.history == []
        assert not run.done()


def _text(card: int) -> str:
    from dummy_tui.engine.cards import card_text

    return card_text(card)


async def raw(player: Player, text: str) -> None:
    """Send ``text`` as it is, whatever it holds."""
    assert player.link.ws is not None
    await player.link.ws.send(text)


async def test_a_timed_turn_is_counted_down_and_played_by_the_computer_when_it_runs_out() -> None:
    said: list[str] = []
    table = Table(
        Session.new(setup_of(2, seed=4)), ai_delay=0, turn_time=0.6,
        said=lambda key, values: said.append(key),
    )  # fmt: skip
    async with hosted(table) as (server, run):
        ann = Player(server.port, table.code, "Ann")
        bo = Player(server.port, table.code, "Bo")
        ann_session = await ann.join()
        await bo.join()
        game = table.session.round
        assert game.seat == 0
        frame = await ann.link.receive()
        while frame["turn_left"] is None:  # until Bo's arrival starts the turn's clock
            frame = await ann.link.receive()
        assert isinstance(frame["turn_left"], float) and 0 < frame["turn_left"] <= 0.6
        ann_session.update(frame)
        left = ann_session.turn_seconds_left()
        assert left is not None and left <= 1
        # Ann does nothing: when her time is up the computer plays her whole turn
        await until(lambda: table.session.round.seat == 1, seconds=10)
        assert "host.timed_out" in said
        assert [seat for seat, _ in table.session.round.history] == [0] * len(
            table.session.round.history
        )
        # Bo's turn is timed afresh
        left_now = table.turn_left()
        assert left_now is not None and left_now > 0.3
        assert not run.done()


async def test_untimed_turns_say_no_time() -> None:
    table = Table(Session.new(setup_of(2, seed=4)), ai_delay=0)
    async with hosted(table) as (server, _):
        ann = Player(server.port, table.code, "Ann")
        session = await ann.join()
        assert ann.frames[0]["turn_left"] is None and session.turn_seconds_left() is None


async def test_chat_goes_to_everyone_as_text_within_its_limits() -> None:
    table = Table(Session.new(setup_of(3, seed=4)), ai_delay=0)
    async with hosted(table) as (server, run):
        ann = Player(server.port, table.code, "Ann")
        bo = Player(server.port, table.code, "Bo")
        await ann.join()
        bo_session = await bo.join()

        await ann.link.send({"type": "chat", "text": "[bold]hi[/]\x07  there\n"})
        line = await past_states(bo.link)
        assert line == {
            "type": "chat", "seat": 0, "name": "Ann", "text": "[bold]hi[/] there",
            "reaction": None,
        }  # fmt: skip
        assert bo_session.hear(line) == ("Ann", "[bold]hi[/] there")
        await ann.link.send({"type": "chat", "reaction": "well_played"})
        heard = bo_session.hear(await past_states(bo.link))
        assert heard == ("Ann", "Well played!")  # in Bo's own words
        await ann.link.send({"type": "chat", "text": "   "})
        frame = await past_states(ann.link)
        while frame["type"] == "chat":  # her own lines come back to her too
            frame = await past_states(ann.link)
        assert frame == {"type": "error", "reason": "chat_empty"}
        for _ in range(4):  # the burst is spent: refused, and the table plays on
            await ann.link.send({"type": "chat", "text": "again"})
        reasons = set()
        for _ in range(8):
            frame = await past_states(ann.link)
            if frame["type"] == "error":
                reasons.add(frame["reason"])
            if "chat_rate" in reasons:
                break
        assert "chat_rate" in reasons
        # whoever joins later reads the table's last lines
        cy = Player(server.port, table.code, "Cy")
        cy_session = await cy.join()
        assert ("Ann", "Well played!") in cy_session.chat
        assert not run.done()


async def test_a_spectator_takes_no_seat_and_cannot_move() -> None:
    table = Table(Session.new(setup_of(2, seed=4)), ai_delay=0)
    async with hosted(table) as (server, run):
        url = f"ws://127.0.0.1:{server.port}/"
        watcher = Link(url, table.code, "Wat", None, watch=True)
        welcome = await watcher.open()
        assert welcome["seat"] == -1 and welcome["watching"] and welcome["token"] is None
        assert welcome["view"]["hand"] == [] and welcome["view"]["seat"] == -1
        # both seats are still free for people
        assert (await Link(url, table.code, "Ann", None).open())["seat"] == 0
        assert (await Link(url, table.code, "Bo", None).open())["seat"] == 1
        await watcher.send({"type": "move", "round": 1, "at": 0, "words": ["draw"]})
        assert await past_states(watcher) == {"type": "error", "reason": "watching"}
        assert table.session.round.history == [] and not run.done()


@pytest.mark.parametrize("family", list(FAMILIES))
async def test_back_after_the_matchs_end_the_last_round_is_shown_as_it_ended(family: str) -> None:
    """A person whose line dropped as the match ended comes back to its last
    round, finished as the host played it, and ends it as the table does."""
    others = get_ruleset(family).default_players - 1
    table = Table(Session.new(setup_of(1, others, 3, family, **short_match(family))), ai_delay=0)
    async with hosted(table) as (server, run):
        ann = Player(server.port, table.code, "Ann")
        await ann.join()
        await ann.play_match()
        await asyncio.wait_for(run, 10)
        back = Link(f"ws://127.0.0.1:{server.port}/", table.code, "Ann", None, ann.link.token)
        frame = await back.open()
        assert frame["view"]["phase"] == "over"
        session = RemoteSession(frame, lambda _: None)
        host = table.session
        # the round whole (its moves as records write them: a joker is any joker)
        assert session.round.is_over and session.round.moves() == host.round.moves()
        assert session.round.scores() == host.round.scores()
        session.finish_round()
        assert session.match.is_over and session.match.totals == host.match.totals


async def test_a_round_just_over_is_ended_before_anyone_is_welcomed_to_it() -> None:
    """Between a round's last move and its end, a person who arrives is sent the
    finished round whole and the next one, never a finished round's view; a
    state frame of a finished round leaves a player's round as it is."""
    table = Table(Session.new(setup_of(2, seed=4, target_score=10_000)), ai_delay=0)
    session = table.session
    async with hosted(table) as (server, _):
        ann = Player(server.port, table.code, "Ann")
        ann_session = await ann.join()
        game = session.round
        while not game.is_over:  # the round played here, the host's loop not told
            session.apply(game.legal_actions()[0])
        link = table.seats[0].link
        assert link is not None
        over = table.state(link)
        assert over["view"]["phase"] == "over"
        before = ann_session.round
        ann_session.update(over)
        assert ann_session.round is before and not before.is_over
        bo = Player(server.port, table.code, "Bo")
        await bo.join()
        welcome = bo.frames[0]
        assert len(welcome["rounds"]) == 1 and welcome["view"]["phase"] != "over"
        assert session.round is not game and len(session.match.results) == 1


async def test_a_terminal_names_the_computers_level_as_the_host_plays_it() -> None:
    table = Table(Session.new(setup_of(1, 1, seed=4)), ai_delay=0.5)
    async with hosted(table) as (server, _):
        session = await Player(server.port, table.code, "Ann").join()
        assert [(s.human, s.level) for s in session.setup.seats][1] == (False, "easy")
        assert session.setup.seats[0].human
