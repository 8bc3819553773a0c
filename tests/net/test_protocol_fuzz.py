"""The host survives whatever a connection sends: every message gets an
answer (a refusal, or the new position) or the connection is closed, the
host goes on answering new connections, and the match goes on (the seat to
move is the fuzzed one, so that moves reach the engine's move reader; the
computer plays the other seats)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from net_util import setup_of
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from dummy_tui.net import server as server_module
from dummy_tui.net.protocol import FLOOD, MAX_FRAME, VERSION, WIRE_LIMIT
from dummy_tui.net.server import Table, open_table
from dummy_tui.ui.session import Session

ANSWER_SECONDS = 5.0
NOW = 10**9
"""In a fuzzed move: the round or move count of the position now."""


class Served:
    """A table served from a thread of its own, and its two seats' connections."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.stop: asyncio.Event | None = None
        self.table: Table | None = None
        self.port = 0
        self.run: asyncio.Task[None] | None = None
        self.connections = contextlib.ExitStack()
        self.refused = 0
        """Messages refused on the fuzzed seat's connection (the host closes it at FLOOD)."""
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()
        assert self.ready.wait(10)
        self.fuzzer = self.sit(0)

    def _serve(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_until_complete(self._main())

    async def _main(self) -> None:
        self.stop = asyncio.Event()
        self.table = Table(Session.new(setup_of(1, 2, seed=9)), ai_delay=0, rate=1e6)
        hosted = await open_table(self.table, "127.0.0.1", 0)
        self.port = hosted.port
        self.run = asyncio.create_task(self.table.run())
        self.ready.set()
        await self.stop.wait()
        self.run.cancel()
        await hosted.close()

    def hello(self, seat: int) -> dict[str, Any]:
        assert self.table is not None
        token = self.table.seats[seat].token if self.table.seats[seat].claimed else None
        return {"type": "hello", "version": VERSION, "code": self.table.code, "token": token}

    def connect(self) -> ClientConnection:
        ws = connect(f"ws://127.0.0.1:{self.port}/", max_size=None, open_timeout=10)
        return self.connections.enter_context(ws)

    def sit(self, seat: int) -> ClientConnection:
        ws = self.connect()
        ws.send(json.dumps(self.hello(seat)))
        welcome = json.loads(ws.recv(timeout=ANSWER_SECONDS))
        assert welcome["type"] == "welcome" and welcome["seat"] == seat
        self.refused = 0
        return ws

    def position(self) -> tuple[int, int]:
        """The round and the moves made in it, as a move names them."""
        assert self.table is not None
        session = self.table.session
        return session.round_number, len(session.round.history)

    def alive(self) -> None:
        """The host answers a new connection, and its match has not failed."""
        ws = self.connect()
        ws.send(json.dumps({"type": "hello", "version": VERSION, "code": "NOPE"}))
        assert answered(ws) == {"type": "error", "reason": "code"}
        ws.close()
        assert self.run is not None
        if self.run.done():
            assert self.run.exception() is None
            assert self.table is not None and self.table.session.match.is_over

    def close(self) -> None:
        self.connections.close()
        assert self.stop is not None
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(10)


@pytest.fixture(scope="module")
def served() -> Iterator[Served]:
    guess, server_module.GUESS_SECONDS = server_module.GUESS_SECONDS, 0.0
    found = Served()
    yield found
    found.close()
    server_module.GUESS_SECONDS = guess


def drain(ws: ClientConnection) -> int:
    """Read what the table sent meanwhile (the computer's moves after a legal
    one); the refusals among it (one may come after a computer's move that
    was read as the answer)."""
    refused = 0
    with contextlib.suppress(TimeoutError, ConnectionClosed):
        while True:
            refused += json.loads(ws.recv(timeout=0.05))["type"] in ("error", "refusal")
    return refused


def answered(ws: ClientConnection) -> dict[str, Any] | None:
    """The answer to the message just sent (None: the connection was closed)."""
    try:
        while True:
            frame = json.loads(ws.recv(timeout=ANSWER_SECONDS))
            if frame["type"] in ("error", "refusal") or frame["type"] == "state":
                return dict(frame)
    except ConnectionClosed:
        return None


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
move_words = st.lists(
    st.sampled_from(
        ["draw", "pick", "meld", "layoff", "discard", "knock", "end", "show", "pass"]
    ).flatmap(
        lambda verb: st.lists(
            st.sampled_from(["2C", "AS", "10H", "QS", "JK", "7♥", "ZZ", "", "-1"]), max_size=4
        ).map(lambda cards: " ".join([verb, *cards]))
    )
    | st.text(max_size=90),
    max_size=3,
)
well_formed = st.fixed_dictionaries(
    {
        "type": st.sampled_from(["move", "move", "move", "undo"]),
        "round": st.sampled_from([2, NOW, NOW, NOW, NOW]),
        "at": st.sampled_from([0, 5, NOW, NOW, NOW, NOW]),
        "words": move_words.filter(lambda words: 1 <= len(words) <= 2).map(
            lambda words: [w[:80] or "draw" for w in words]
        ),
    }
).map(
    lambda message: json.dumps(
        message if message["type"] == "move" else {k: v for k, v in message.items() if k != "words"}
    )
)
messages = st.one_of(
    well_formed,
    well_formed,
    well_formed,
    st.text(max_size=200),
    st.binary(max_size=200),
    st.just("x" * (MAX_FRAME + 1)),
    json_values.map(json.dumps),
    st.fixed_dictionaries(
        {
            "type": st.sampled_from(["move", "undo", "hello", "chat", ""]),
            "round": st.sampled_from([-1, 0, 2, NOW, NOW, NOW]),
            "at": st.sampled_from([-1, 0, 5, NOW, NOW, NOW]),
            "words": move_words,
        },
        optional={"version": st.integers(0, 2), "code": st.text(max_size=8), "x": json_values},
    ).map(json.dumps),
)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(frames=st.lists(messages, min_size=1, max_size=4), first=st.booleans())
def test_the_host_survives_any_message(
    served: Served, frames: list[str | bytes], first: bool
) -> None:
    if first:  # a new connection whose first message is this: a greeting, or refused
        ws = served.connect()
        ws.send(frames[0])
        answer = answered(ws)
        assert answer is not None and answer["type"] == "error"
        ws.close()
    for frame in frames:
        if isinstance(frame, str) and str(NOW) in frame:
            number, moves = served.position()
            frame = frame.replace(f'"round": {NOW}', f'"round": {number}')
            frame = frame.replace(f'"at": {NOW}', f'"at": {moves}')
        try:
            served.fuzzer.send(frame)
            answer = answered(served.fuzzer)
        except ConnectionClosed:
            answer = None
        if answer is None:  # closed: only for a flood of refused messages
            assert served.refused >= FLOOD
            served.fuzzer = served.sit(0)
        elif answer["type"] == "state":  # a move played, or a computer's: what follows
            served.refused += drain(served.fuzzer)
        else:
            served.refused += 1
    served.alive()


def test_an_oversized_frame_closes_only_its_connection(served: Served) -> None:
    drain(served.fuzzer)
    served.fuzzer.send("x" * (WIRE_LIMIT + 1))
    assert answered(served.fuzzer) is None
    served.alive()
    served.fuzzer = served.sit(0)
