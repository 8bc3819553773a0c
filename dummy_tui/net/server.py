"""The host: one table, its one real round, and the people playing it from afar.

:class:`Table` holds a :class:`~dummy_tui.ui.session.Session` (the match, the
round, the log) exactly as a terminal playing alone does, and a websocket
connection for each person's seat.  Every move a person sends is read with
the notation of ``records.md`` and checked by the engine; what each person is
sent is their own seat's view.  The computer plays the seats no person holds,
and a person's seat while that person is away: their turn waits
:attr:`Table.hold` seconds for them, then the normal computer player plays
it, and every later turn, until they come back with their seat's token.
Every finished round goes into the host's history.

Plain asyncio and ``websockets``: no Textual here.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from dummy_tui.engine.errors import MoveError
from dummy_tui.net.links import Bucket, Link, Seat, new_code
from dummy_tui.net.listening import Listening, listen
from dummy_tui.net.protocol import (
    FLOOD,
    MAX_FRAME,
    RATE,
    VERSION,
    Chat,
    Hello,
    LobbyAsk,
    Move,
    ProtocolError,
    Undo,
    action_from_words,
    chat_text,
    dumps,
    parse_client,
    refusal_json,
    view_json,
)
from dummy_tui.ui.session import LogEntry, Session

if TYPE_CHECKING:
    from dummy_tui.ui.recording import Recorder
    from dummy_tui.ui.settings import GameSetup

HELLO_SECONDS = 10.0
"""How long a new connection has to say hello."""

MAX_WATCHERS = 50
"""Spectators a table takes at once."""

CHAT_KEPT = 30
"""Chat lines a table keeps for whoever joins later."""

GUESS_SECONDS = 0.5
"""How long a wrong table code or password waits for its refusal (slows a guesser)."""


class Table:
    """One hosted table (see the module)."""

    def __init__(
        self,
        session: Session,
        *,
        code: str | None = None,
        password: str | None = None,
        hold: float = 60.0,
        ai_delay: float = 0.6,
        recorder: Recorder | None = None,
        said: Callable[[str, dict[str, Any]], None] | None = None,
        rate: float = RATE,
        turn_time: float | None = None,
    ) -> None:
        self.session = session
        self.code = code or new_code()
        self.password = password
        self.hold = hold
        """Seconds an away person's turn waits before the computer plays it."""
        self.ai_delay = ai_delay
        self.recorder = recorder
        self.said = said
        self.rate = rate
        """Messages a second a player may send on average (:data:`BURST` at once)."""
        """Called with each event to tell the host: a key of the CLI catalog, its values."""
        self.turn_time = turn_time
        """Seconds a present person has for a turn (None: no limit); then the
        computer plays that turn for them."""
        self._turn: tuple[int, int, int] | None = None  # (round, moves, seat) being timed
        self._turn_started = time.monotonic()
        self.seats = [Seat(person=s.human) for s in session.setup.seats]
        self.watchers: list[Link] = []
        """The spectators' connections."""
        self.chat: list[dict[str, Any]] = []
        """The last chat lines, for a person who joins or comes back."""
        self.wake = asyncio.Event()
        self.done = asyncio.Event()

    # ------------------------------------------------------------------
    # what is sent

    @property
    def started(self) -> bool:
        """Every person's seat has been taken once: the computer may play."""
        return all(s.claimed for s in self.seats if s.person)

    def seats_json(self) -> list[dict[str, Any]]:
        return [
            {
                "name": name,
                "person": seat.person,
                "level": None if seat.person else setup.level,
                "present": seat.link is not None,
                "claimed": seat.claimed,
                "standing_in": seat.standing_in,
            }
            for name, seat, setup in zip(
                self.session.seat_names, self.seats, self.session.setup.seats, strict=True
            )
        ]

    def _log(self, link: Link) -> dict[str, Any]:
        log = self.session.log
        start = min(link.log_sent, len(log))
        link.log_sent = len(log)
        return {"log_start": start, "log": [asdict(e) for e in log[start:]]}

    def turn_left(self) -> float | None:
        """Seconds left of the turn being played, when turns are timed: the
        present person's to move (None: no limit, or not such a turn)."""
        game = self.session.round
        if self.turn_time is None or game.is_over or self.session.recorded:
            return None
        key = (self.session.round_number, len(game.history), game.seat)
        if self._turn is None or self._turn[0] != key[0] or self._turn[2] != key[2]:
            self._turn = key  # another seat's turn (or round): its clock starts now
            self._turn_started = time.monotonic()
        seat = self.seats[game.seat]
        if not seat.person or seat.link is None or seat.standing_in or not self.started:
            return None
        return max(0.0, self._turn_started + self.turn_time - time.monotonic())

    def view_for(self, link: Link) -> dict[str, Any]:
        """What ``link`` is sent of the round in play: its seat's view, or for a
        spectator the mover's view with no hand in it and no seat."""
        game = self.session.round
        if not link.watching:
            return view_json(game.view(link.seat))
        seen = game.view(game.seat if game.to_move is not None else 0)
        return view_json(dataclasses.replace(seen, seat=-1, hand=[]))

    def state(self, link: Link) -> dict[str, Any]:
        """The ``state`` frame for ``link``'s seat: its view, the new log lines, the
        seats, and the seconds left of the turn when turns are timed."""
        session = self.session
        return {
            "type": "state",
            "round": session.round_number,
            "view": self.view_for(link),
            "seats": self.seats_json(),
            "turn_left": self.turn_left(),
            **self._log(link),
        }

    def welcome(self, link: Link) -> dict[str, Any]:
        session = self.session
        link.log_sent = 0
        setup = session.setup
        return {
            **self.state(link),
            "type": "welcome",
            "version": VERSION,
            "seat": link.seat,
            "token": None if link.watching else self.seats[link.seat].token,
            "watching": link.watching,
            "ruleset": setup.ruleset,
            "rules": session.rules.model_dump(mode="json"),
            "base_rules": session.base_rules.model_dump(mode="json"),
            "first_starter": session.match.first_starter,
            "rounds": list(session.rounds),
            "chat": list(self.chat),
        }

    async def send(self, link: Link, message: dict[str, Any]) -> None:
        with contextlib.suppress(ConnectionClosed):
            await link.ws.send(dumps(message))

    def links(self) -> list[Link]:
        """Everyone connected: the seats' people, then the spectators."""
        found = [seat.link for seat in self.seats if seat.link is not None]
        return [*found, *self.watchers]

    async def broadcast(self) -> None:
        for link in self.links():
            await self.send(link, self.state(link))

    def tell(self, key: str, **values: Any) -> None:
        if self.said is not None:
            self.said(key, values)

    # ------------------------------------------------------------------
    # connections

    async def handle(self, ws: ServerConnection, hello: Hello | None = None) -> None:
        """One connection, from its hello (read here, or already read by a
        lobby) to its end."""
        link = await self._greet(ws, hello)
        if link is None:
            return
        if link.watching:
            await self._watch(link)
            return
        seat = self.seats[link.seat]
        try:
            async for frame in ws:
                await self._message(link, frame)
                if link.refused >= FLOOD:
                    await ws.close(1008, "too many refused messages")
                    break
        except ConnectionClosed:
            pass
        finally:
            if seat.link is link:
                seat.link = None
                seat.away_since = time.monotonic()
                self.tell("host.left", name=self.session.seat_names[link.seat])
                self.wake.set()
                await self.broadcast()

    async def _watch(self, link: Link) -> None:
        """A spectator's connection: their chat read, nothing else taken."""
        try:
            async for frame in link.ws:
                await self._message(link, frame)
                if link.refused >= FLOOD:
                    await link.ws.close(1008, "too many refused messages")
                    break
        except ConnectionClosed:
            pass
        finally:
            if link in self.watchers:
                self.watchers.remove(link)

    async def _refuse(self, ws: ServerConnection, reason: str, close: bool = False) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(dumps({"type": "error", "reason": reason}))
            if close:
                await ws.close(1008, reason)

    async def _greet(self, ws: ServerConnection, given: Hello | None = None) -> Link | None:
        hello: Any = given
        if hello is None:
            try:
                frame = await asyncio.wait_for(ws.recv(), HELLO_SECONDS)
                hello = parse_client(frame)
            except (TimeoutError, ConnectionClosed):
                return None
            except ProtocolError as exc:
                await self._refuse(ws, exc.reason, close=True)
                return None
        if not isinstance(hello, Hello):
            await self._refuse(ws, "hello", close=True)
            return None
        if hello.version != VERSION:
            await self._refuse(ws, "version", close=True)
            return None
        if not hmac.compare_digest(hello.code.strip().upper().encode(), self.code.encode()):
            await asyncio.sleep(GUESS_SECONDS)
            await self._refuse(ws, "code", close=True)
            return None
        if self.password is not None and not hmac.compare_digest(
            (hello.password or "").encode(), self.password.encode()
        ):
            await asyncio.sleep(GUESS_SECONDS)
            await self._refuse(ws, "password", close=True)
            return None
        if self.session.round.is_over and not self.session.recorded:
            # a round just over, its end not yet sent: sent first, so that a
            # welcome never shows a finished round the host has not recorded
            await self._end_round()
        if hello.watch:
            if len(self.watchers) >= MAX_WATCHERS:
                await self._refuse(ws, "full", close=True)
                return None
            name = "".join(ch for ch in hello.name if ch.isprintable()).strip()[:40] or "?"
            link = Link(ws, -1, Bucket(self.rate), name=name)
            self.watchers.append(link)
            self.tell("host.watching", name=name)
            await self.send(link, self.welcome(link))
            return link
        index = self._seat_for(hello.token)
        if index is None:
            await self._refuse(ws, "token" if hello.token else "full", close=True)
            return None
        seat = self.seats[index]
        old = seat.link
        link = Link(ws, index, Bucket(self.rate))
        seat.link = link
        seat.away_since = None
        seat.standing_in = False
        if not seat.claimed:
            seat.claimed = True
            self._name_seat(index, hello.name)
            self.tell("host.joined", name=self.session.seat_names[index], seat=index + 1)
        else:
            self.tell("host.back", name=self.session.seat_names[index])
        if old is not None:  # the same seat from a new connection: the old one is over
            await self._refuse(old.ws, "replaced", close=True)
        await self.send(link, self.welcome(link))
        self.wake.set()
        await self.broadcast()
        return link

    def _seat_for(self, token: str | None) -> int | None:
        """The seat a hello takes: the one its token names, else the first free person's seat."""
        if token:
            found = None
            for i, seat in enumerate(self.seats):
                # every token compared, in constant time each
                if hmac.compare_digest(token.encode(), seat.token.encode()) and seat.person:
                    found = i
            return found
        for i, seat in enumerate(self.seats):
            if seat.person and not seat.claimed:
                return i
        return None

    def _name_seat(self, index: int, name: str) -> None:
        name = "".join(ch for ch in name if ch.isprintable()).strip()
        if not name:
            return
        setup = self.session.setup
        seats = list(setup.seats)
        seats[index] = seats[index].model_copy(update={"name": name})
        self.session.setup = setup.model_copy(update={"seats": seats})

    async def _message(self, link: Link, frame: str | bytes) -> None:
        if not link.bucket.take():
            link.refused += 1
            await self.send(link, {"type": "error", "reason": "rate"})
            return
        try:
            message = parse_client(frame)
        except ProtocolError as exc:
            link.refused += 1
            await self.send(link, {"type": "error", "reason": exc.reason})
            return
        if isinstance(message, Hello | LobbyAsk):
            link.refused += 1
            await self.send(link, {"type": "error", "reason": "hello_again"})
            return
        if isinstance(message, Chat):
            await self._chat(link, message)
            return
        if link.watching:
            link.refused += 1
            await self.send(link, {"type": "error", "reason": "watching"})
            return
        reason = self._position_refusal(link, message)
        if reason is not None:
            link.refused += 1
            await self.send(link, {"type": "error", "reason": reason})
            return
        session = self.session
        try:
            if isinstance(message, Undo):
                session.undo()
            else:
                session.apply(action_from_words(session.round.clone(), message.words))
        except MoveError as exc:
            await self.send(link, refusal_json(exc))
            return
        except ProtocolError as exc:
            link.refused += 1
            await self.send(link, {"type": "error", "reason": exc.reason})
            return
        self.wake.set()
        if not session.round.is_over:
            await self.broadcast()

    async def _chat(self, link: Link, message: Chat) -> None:
        """A chat line or reaction, to everyone at the table (its sender too)."""
        if not link.chat.take():
            await self.send(link, {"type": "error", "reason": "chat_rate"})
            return
        text = chat_text(message.text)
        if not text and message.reaction is None:
            await self.send(link, {"type": "error", "reason": "chat_empty"})
            return
        line = {
            "type": "chat",
            "seat": link.seat,
            "name": link.name if link.watching else self.session.seat_names[link.seat],
            "text": text,
            "reaction": message.reaction,
        }
        self.chat = [*self.chat[-(CHAT_KEPT - 1) :], line]
        for other in self.links():
            await self.send(other, line)

    def _position_refusal(self, link: Link, message: Move | Undo) -> str | None:
        """Why a move or undo cannot be taken now, whatever it is: a key of ``net.error``."""
        session = self.session
        game = session.round
        if session.recorded or game.is_over:
            return "turn"
        if message.round != session.round_number or message.at != len(game.history):
            return "stale"  # sent twice, or for a position that has moved on
        if game.seat != link.seat:
            return "turn"
        return None

    # ------------------------------------------------------------------
    # the computer's turns and the rounds' ends

    async def run(self) -> None:
        """Play the match to its end: the computer's turns, the away seats', the rounds' ends."""
        session = self.session
        while not session.match.is_over:
            game = session.round
            if game.is_over:
                await self._end_round()
                continue
            seat = self.seats[game.seat]
            wait: float | None = None  # wait for news (None: as long as it takes)
            if seat.person and seat.link is None and seat.claimed and not seat.standing_in:
                assert seat.away_since is not None
                wait = seat.away_since + self.hold - time.monotonic()
                if wait <= 0:
                    seat.standing_in = True
                    self.tell("host.standing_in", name=session.seat_names[game.seat])
                    await self.broadcast()
                    continue
            elif (not seat.person or seat.standing_in) and self.started:
                await self._computer_turn(game.seat)
                continue
            else:
                left = self.turn_left()
                if left is not None and left <= 0:
                    # the person's time is up: the computer plays this turn for them
                    self.tell("host.timed_out", name=session.seat_names[game.seat])
                    await self._computer_turn(game.seat, delay=False)
                    continue
                wait = left
            self.wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), wait)
        self.done.set()

    def _returned(self, index: int) -> bool:
        """Is ``index`` a person's seat that the computer no longer stands in for?"""
        seat = self.seats[index]
        return seat.person and not seat.standing_in

    async def _computer_turn(self, seat: int, delay: bool = True) -> None:
        """Play one move for ``seat``: a computer's, or a person's it stands in
        for (after ``ai_delay``), or, ``delay`` False, a person's whose time is up."""
        from dummy_tui.ai import AIError, checked_choice

        session = self.session
        game = session.round
        moves = len(game.history)
        if self.ai_delay > 0 and delay:
            self.wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), self.ai_delay)
            if session.round is not game or len(game.history) != moves or self._returned(seat):
                return  # the person came back (and may have moved) meanwhile
        view, legal = game.view(seat), game.legal_actions()
        player = session.player(seat)
        try:
            action = await asyncio.to_thread(checked_choice, player, view, legal)
        except AIError as exc:
            stand_in = session.stand_in(seat)
            session.ai_failed(seat, exc, session.record_text(), stand_in)
            action = await asyncio.to_thread(checked_choice, stand_in, view, legal)
        if session.round is not game or len(game.history) != moves or game.seat != seat:
            return  # the seat's person moved while the computer thought
        if delay and self._returned(seat):
            return  # the person came back while the computer thought: the turn is theirs
        session.apply(action)
        if not game.is_over:
            await self.broadcast()

    async def _end_round(self) -> None:
        """The round is over: into the match and the history; the next dealt; everyone told."""
        session = self.session
        if session.recorded:
            return  # ended already (for a player welcomed meanwhile)
        session.finish_round()
        if self.recorder is not None:
            self.recorder.round_ended(session)
            notice = self.recorder.notice()
            if notice is not None:
                self.tell("host.history", notice=notice)
        record = session.rounds[-1]
        over = session.match.is_over
        if not over:
            session.start_next_round()
        self.tell("host.round_over", n=len(session.match.results), totals=session.match.totals)
        for link in self.links():
            message: dict[str, Any] = {
                "type": "round_end",
                "record": record,
                "seats": self.seats_json(),
                "round": None if over else session.round_number,
                "view": None if over else self.view_for(link),
                **self._log(link),
            }
            await self.send(link, message)


@dataclass(slots=True)
class Hosted(Listening):
    """A table being hosted: its listening server and the table."""

    table: Table


async def open_table(table: Table, host: str = "127.0.0.1", port: int = 0) -> Hosted:
    """Listen for ``table``'s players on ``host``:``port`` (0: any free port)."""
    return Hosted(server=await listen(table.handle, host, port), table=table)


def new_table(setup: GameSetup, **how: Any) -> Table:
    """A table of a new match of ``setup`` (see :class:`Table` for ``how``)."""
    return Table(Session.new(setup), **how)


__all__ = [
    "MAX_FRAME",
    "Hosted",
    "Listening",
    "LogEntry",
    "Table",
    "listen",
    "new_table",
    "open_table",
]
