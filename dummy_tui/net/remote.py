"""A person's side of a hosted table: the connection, and the session the table
screen plays through.

:class:`RemoteSession` is a :class:`~dummy_tui.ui.session.Session` whose round
is a shadow (:mod:`.shadow`) of the seat's view: the table screen shows it,
offers its legal moves and explains its refusals as it does at home, and
:meth:`RemoteSession.submit` sends the move to the host instead of playing it.
The host's answer (the next view, or a refusal) comes back as a frame, which
:meth:`RemoteSession.update` takes in.  At a round's end the host sends the
finished round whole: it is replayed here into a real round, so the round's
end, the scores and the match's totals are the engine's own.

No Textual here: the screen that reads the frames is
:mod:`dummy_tui.ui.screens.table_remote`.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from dummy_tui.ai import LEVELS
from dummy_tui.engine import actions as act
from dummy_tui.engine.families import round_from_deal, round_type
from dummy_tui.engine.match import Match
from dummy_tui.engine.record import RecordModel, _build_deal, apply_moves
from dummy_tui.engine.round import OVER, Round
from dummy_tui.i18n import t
from dummy_tui.net.protocol import (
    REACTIONS,
    VERSION,
    WIRE_LIMIT,
    chat_text,
    dumps,
    move_words,
    view_of,
)
from dummy_tui.net.shadow import shadow_round
from dummy_tui.rules.schema import RULESET_TYPES, Ruleset
from dummy_tui.ui.session import LogEntry, Session
from dummy_tui.ui.settings import GameSetup, SeatSetup


class JoinRefused(Exception):
    """The host would not seat us: ``reason`` is a key of ``net.error``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class HostProblem(ValueError):
    """The host sent something this game cannot read."""


def parse_address(text: str) -> tuple[str, str]:
    """``HOST[:PORT]/CODE`` (port 8765 unless named), or a ``ws://`` or
    ``wss://`` URL whose last part is the code (behind a proxy: its path
    before the code), as (the websocket URL, the code)."""
    text = text.strip()
    scheme = ""
    for prefix in ("ws://", "wss://"):
        if text.startswith(prefix):
            scheme, text = prefix[:-3], text[len(prefix) :]
    where, slash, code = text.rpartition("/")
    host, _, path = where.partition("/")
    if not slash or not host or not code.strip() or any(c.isspace() for c in where):
        raise ValueError(text)
    if not scheme:
        scheme = "ws"
        if ":" not in host.rsplit("]", 1)[-1]:
            host += ":8765"
    return f"{scheme}://{host}/{path + '/' if path else ''}", code.strip().upper()


def round_of_record(record: dict[str, Any], rules: Ruleset) -> Round[Any]:
    """The finished round a ``round_end`` frame sends, replayed by the engine."""
    model = RecordModel.model_validate(record)
    players = len(model.players)
    deal = _build_deal(model.deal, rules, players, "host")
    game = round_from_deal(rules, deal, model.starter, model.direction)
    _, error, pending = apply_moves(game, list(model.moves))
    if error is not None or pending is not None or not game.is_over:
        raise HostProblem(f"the host's round does not replay: {error or pending}")
    return game


class Link:
    """The connection to the host, with what it takes to open it again."""

    def __init__(
        self,
        url: str,
        code: str,
        name: str,
        password: str | None,
        token: str | None = None,
        watch: bool = False,
    ) -> None:
        self.watch = watch
        """A spectator's connection (no seat)."""
        self.url = url
        self.code = code
        self.name = name
        self.password = password
        self.token = token
        self.ws: ClientConnection | None = None
        self.closing = False

    async def open(self) -> dict[str, Any]:
        """Connect and say hello; the welcome, or :class:`JoinRefused`, or OSError."""
        try:
            ws = await connect(self.url, max_size=WIRE_LIMIT, compression=None, open_timeout=10)
        except (InvalidHandshake, InvalidURI) as exc:
            raise OSError(str(exc)) from None
        hello = {
            "type": "hello",
            "version": VERSION,
            "code": self.code,
            "name": self.name,
            "token": self.token,
            "password": self.password,
            "watch": self.watch,
        }
        try:
            await ws.send(dumps(hello))
            frame = json.loads(await ws.recv())
        except ConnectionClosed as exc:
            raise OSError(str(exc)) from None
        if frame.get("type") == "error":
            await ws.close()
            raise JoinRefused(str(frame.get("reason")))
        if frame.get("type") != "welcome":
            await ws.close()
            raise HostProblem(f"expected a welcome, got {frame.get('type')!r}")
        self.token = None if frame.get("token") is None else str(frame["token"])
        self.ws = ws
        return dict(frame)

    async def receive(self) -> dict[str, Any]:
        """The next frame; ConnectionClosed when the connection ends."""
        assert self.ws is not None
        frame = json.loads(await self.ws.recv())
        if not isinstance(frame, dict):
            raise HostProblem("a frame that is not an object")
        return frame

    def send(self, message: dict[str, Any]) -> Any:
        """Send ``message`` (a coroutine to await, or to hand to the event loop)."""
        assert self.ws is not None
        return self.ws.send(dumps(message))

    async def close(self) -> None:
        self.closing = True
        if self.ws is not None:
            await self.ws.close()


class RemoteSession(Session):
    """The session of one seat at a hosted table (see the module)."""

    def __init__(self, welcome: dict[str, Any], send: Callable[[dict[str, Any]], None]) -> None:
        family = str(welcome["rules"]["family"])
        kind = RULESET_TYPES[family]
        rules = kind.model_validate(welcome["rules"])
        base = kind.model_validate(welcome["base_rules"])
        seats = [
            SeatSetup(
                name=str(s["name"])[:40] or "?",
                human=bool(s["person"]),
                level=s.get("level") if s.get("level") in LEVELS else "normal",
            )
            for s in welcome["seats"]
        ]
        setup = GameSetup(seats=seats, ruleset=str(welcome["ruleset"]))
        match = Match(rules, len(seats), 0, int(welcome["first_starter"]))
        self.seat = int(welcome["seat"])
        self.send = send
        self.view_type = round_type(rules).view_type
        records = list(welcome["rounds"])
        # at the match's end the round in view is over, and the last record is
        # that round whole: shown as it ended, and recorded here as it is shown
        ended = welcome["view"]["phase"] == OVER
        if ended and not records:
            raise HostProblem("a finished round the host has not sent")
        game = round_of_record(records.pop(), rules) if ended else None
        super().__init__(setup, rules, base, match, game or self._shadow(welcome["view"], rules))
        self.seat_status: list[dict[str, Any]] = list(welcome["seats"])
        self.waiting = False
        """A move was sent and the host has not answered yet."""
        self.sent_at: tuple[int, int, bool] | None = None
        """:attr:`position` when the move was sent."""
        self.next_round: Round[Any] | None = None
        for record in records:
            played = round_of_record(record, rules)
            match.record(played)
            self.finished.append(played)
            self.rounds.append(record)
        self.log = [_entry(e) for e in welcome["log"]]
        self.chat: list[tuple[str, str]] = []
        """The table's chat, oldest first: (name, line), each as it is to be shown
        (a reaction worded in this player's language)."""
        for line in welcome.get("chat") or []:
            self.hear(line)
        self.turn_deadline: float | None = None
        """When the turn being played runs out (``time.monotonic()``), when the
        host times turns; the host's own clock decides."""
        self._timed(welcome)

    def hear(self, frame: dict[str, Any]) -> tuple[str, str]:
        """A ``chat`` frame: (name, line) kept and returned; a reaction in the
        words of this player's catalog."""

        name = chat_text(str(frame.get("name") or "?"))[:40]
        reaction = frame.get("reaction")
        if reaction in REACTIONS:
            line = t(f"react.{reaction}")
        else:
            line = chat_text(str(frame.get("text") or ""))[:200]
        self.chat = [*self.chat[-29:], (name, line)]
        return name, line

    def _timed(self, frame: dict[str, Any]) -> None:
        left = frame.get("turn_left")
        if isinstance(left, int | float) and not isinstance(left, bool) and 0 <= left <= 86_400:
            self.turn_deadline = time.monotonic() + float(left)
        else:
            self.turn_deadline = None

    def turn_seconds_left(self) -> int | None:
        """Whole seconds left of the timed turn (None: turns are not timed now)."""
        if self.turn_deadline is None:
            return None
        return max(0, math.ceil(self.turn_deadline - time.monotonic()))

    def _shadow(self, data: dict[str, Any], rules: Ruleset | None = None) -> Round[Any]:
        view = view_of(data, rules if rules is not None else self.rules, self.view_type)
        if view.seat != self.seat:
            raise HostProblem("a view of another seat")
        return shadow_round(view)

    # ------------------------------------------------------------------
    # the seats: only ours is played from here

    def is_human(self, seat: int) -> bool:
        return seat == self.seat

    @property
    def human_seats(self) -> list[int]:
        return [] if self.seat < 0 else [self.seat]  # a spectator has no seat

    def joined(self, seat: int) -> bool:
        """A seat of the computer's, or a person's that a person has taken."""
        status = self.seat_status[seat] if seat < len(self.seat_status) else {}
        return not status.get("person") or bool(status.get("claimed"))

    def away(self, seat: int) -> bool:
        """A person's seat whose person is not at the table now."""
        status = self.seat_status[seat] if seat < len(self.seat_status) else {}
        return bool(status.get("person")) and not status.get("present")

    # ------------------------------------------------------------------
    # moves go to the host

    def submit(self, action: act.Action) -> LogEntry | None:
        """Check ``action`` here (a refusal at once, in our words), then send it."""
        game = self.round
        game.check(action)
        self.waiting = True
        self.sent_at = self.position
        self.send(
            {
                "type": "move",
                "round": self.round_number,
                "at": len(game.history),
                "words": move_words(game, action),
            }
        )
        return None

    def undo(self) -> act.Action:
        game = self.round
        refusal = game.undo_refusal()
        if refusal is not None:
            raise refusal
        self.waiting = True
        self.sent_at = self.position
        self.send({"type": "undo", "round": self.round_number, "at": len(game.history)})
        return game.history[-1][1]

    def start_next_round(self) -> None:
        """The next round as the host dealt it (sent with the last one's end)."""
        if self.next_round is not None:
            self.round = self.next_round
            self.next_round = None
        self.recorded = False
        self.hand_orders.clear()

    def rejoin(self, welcome: dict[str, Any]) -> None:
        """Back at the table after a lost connection: everything as the host has it now."""
        fresh = RemoteSession(welcome, self.send)
        for name in (
            "setup", "match", "round", "rounds", "finished", "log", "seat_status", "next_round",
            "recorded", "turn_deadline", "chat",
        ):  # fmt: skip
            setattr(self, name, getattr(fresh, name))
        self.waiting = False

    # ------------------------------------------------------------------
    # the host's frames

    def update(self, frame: dict[str, Any]) -> None:
        """Take in a ``state`` or ``round_end`` frame."""
        kind = frame.get("type")
        try:
            if kind == "state":
                number = int(frame["round"])
                if frame["view"]["phase"] == OVER:
                    pass  # a round just over: the round_end that follows holds it whole
                elif self.round.is_over and number == self.round_number + 1:
                    # the next round moves on while this one's end is shown
                    self.next_round = self._shadow(frame["view"])
                elif number == self.round_number and not self.round.is_over:
                    self.round = self._shadow(frame["view"])
            elif kind == "round_end":
                self.round = round_of_record(frame["record"], self.rules)
                view = frame.get("view")
                self.next_round = None if view is None else self._shadow(view)
            else:
                raise HostProblem(f"unknown frame {kind!r}")
            self._seats(frame["seats"])
            self._timed(frame)
            start = int(frame["log_start"])
            self.log[start:] = [_entry(e) for e in frame["log"]]
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise HostProblem(f"{kind}: {exc!r}") from None
        if self.position != self.sent_at:
            self.waiting = False  # the host has played our move (a frame sent before it has not)

    @property
    def position(self) -> tuple[int, int, bool]:
        """The round and the moves made in it: what a move is sent for."""
        return (self.round_number, len(self.round.history), self.round.is_over)

    def _seats(self, seats: list[dict[str, Any]]) -> None:
        self.seat_status = list(seats)
        names = [str(s["name"])[:40] or "?" for s in seats]
        if names != self.seat_names:
            updated = [
                seat.model_copy(update={"name": name})
                for seat, name in zip(self.setup.seats, names, strict=True)
            ]
            self.setup = self.setup.model_copy(update={"seats": updated})


def _entry(data: dict[str, Any]) -> LogEntry:
    return LogEntry(
        str(data["kind"]),
        int(data["seat"]),
        tuple(int(c) for c in data["cards"]),
        tuple(int(c) for c in data["extra"]),
        str(data["reason"]),
    )
