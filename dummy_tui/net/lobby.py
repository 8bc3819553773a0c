"""Several tables on one host, and the lobby that lists them
(``dummy-tui host --tables N``).

One listening socket serves every table: a connection's first message is a
hello, sent on to the table whose code it names (the codes compared in
constant time, a wrong one answered as slowly as by a single table), or a
``lobby`` request, answered with the tables: their code, rules, free seats,
who sits and who waits, and whether a password is asked.  A single table
(the usual ``host``) has no lobby: its code stays its secret.  Each table
plays on its own: a table's flood or failure never reaches another.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from dummy_tui.net import server as hosting
from dummy_tui.net.listening import Listening, listen
from dummy_tui.net.protocol import (
    VERSION,
    WIRE_LIMIT,
    Hello,
    LobbyAsk,
    ProtocolError,
    dumps,
    parse_client,
)
from dummy_tui.net.server import Table


class Lobby:
    """The tables of one host, by code (see the module)."""

    def __init__(self, tables: list[Table]) -> None:
        self.tables = list(tables)

    def listing(self) -> dict[str, Any]:
        """The ``lobby`` frame: every table, what it plays and who is there."""
        out = []
        for table in self.tables:
            session = table.session
            seats = table.seats_json()
            out.append(
                {
                    "code": table.code,
                    "ruleset": session.setup.ruleset,
                    "players": len(seats),
                    "free": sum(1 for s in seats if s["person"] and not s["claimed"]),
                    "sitting": [s["name"] for s in seats if s["person"] and s["present"]],
                    "waiting_for": [
                        s["name"]
                        for s in seats
                        if s["person"] and s["claimed"] and not s["present"]
                    ],
                    "watching": len(table.watchers),
                    "round": session.round_number,
                    "over": session.match.is_over,
                    "password": table.password is not None,
                }
            )
        return {"type": "lobby", "version": VERSION, "tables": out}

    def table_of(self, code: str) -> Table | None:
        """The table of ``code``: every code compared, in constant time each."""
        wanted = code.strip().upper().encode()
        found = None
        for table in self.tables:
            if hmac.compare_digest(wanted, table.code.encode()):
                found = table
        return found

    async def handle(self, ws: ServerConnection) -> None:
        """A connection's first message: a hello for a table, or the lobby."""
        try:
            first = parse_client(await asyncio.wait_for(ws.recv(), hosting.HELLO_SECONDS))
        except (TimeoutError, ConnectionClosed):
            return
        except ProtocolError as exc:
            await _refuse(ws, exc.reason)
            return
        if isinstance(first, LobbyAsk):
            with contextlib.suppress(ConnectionClosed):
                await ws.send(dumps(self.listing()))
                await ws.close()
            return
        if not isinstance(first, Hello):
            await _refuse(ws, "hello")
            return
        table = self.table_of(first.code)
        if table is None:
            await asyncio.sleep(hosting.GUESS_SECONDS)
            await _refuse(ws, "code")
            return
        await table.handle(ws, first)

    async def run(self) -> None:
        """Play every table's match to its end."""
        await asyncio.gather(*(table.run() for table in self.tables))


async def _refuse(ws: ServerConnection, reason: str) -> None:
    with contextlib.suppress(ConnectionClosed):
        await ws.send(dumps({"type": "error", "reason": reason}))
        await ws.close(1008, reason)


@dataclass(slots=True)
class HostedLobby(Listening):
    """A lobby being served: its listening server and the lobby."""

    lobby: Lobby


async def open_lobby(lobby: Lobby, host: str = "127.0.0.1", port: int = 0) -> HostedLobby:
    """Listen for every table's players on ``host``:``port`` (0: any free port)."""
    return HostedLobby(server=await listen(lobby.handle, host, port), lobby=lobby)


async def ask_lobby(url: str) -> dict[str, Any]:
    """The lobby of the host at ``url``: its tables (OSError when unreachable or
    when the host has a single table, whose code is its own)."""

    from websockets.asyncio.client import connect

    try:
        async with connect(url, max_size=WIRE_LIMIT, compression=None, open_timeout=10) as ws:
            await ws.send(dumps({"type": "lobby", "version": VERSION}))
            frame = json.loads(await ws.recv())
    except (InvalidHandshake, InvalidURI, ConnectionClosed) as exc:
        raise OSError(str(exc)) from None
    if not isinstance(frame, dict) or frame.get("type") != "lobby":
        raise OSError(str(frame.get("reason") if isinstance(frame, dict) else frame))
    return frame


__all__ = ["HostedLobby", "Lobby", "ask_lobby", "open_lobby"]
