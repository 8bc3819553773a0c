"""A websocket server listening for players, with the protocol's limits on what
a connection may send: one table's (:mod:`server`) or a lobby's (:mod:`lobby`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from websockets.asyncio.server import Server, serve

from dummy_tui.net.protocol import BURST, WIRE_LIMIT


@dataclass(slots=True)
class Listening:
    """A listening server: its port, and closing it."""

    server: Server

    @property
    def port(self) -> int:
        port: int = self.server.sockets[0].getsockname()[1]
        return port

    async def close(self) -> None:
        self.server.close()
        await self.server.wait_closed()


async def listen(handler: Any, host: str, port: int) -> Server:
    """A websocket server on ``host``:``port`` (0: any free port) for ``handler``."""
    return await serve(handler, host, port, max_size=WIRE_LIMIT, max_queue=BURST, compression=None)


__all__ = ["Listening", "listen"]
