"""A hosted table's people: each connection, its message allowance, and the seats.

A seat belongs to a person or to the computer; a person's seat is claimed with
its token and held while its connection is away.  Plain ``websockets``.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection

from dummy_tui.net.protocol import BURST, CHAT_BURST, CHAT_RATE, RATE

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""A table code's letters: none that reads as another (no I/1, O/0)."""


def new_code() -> str:
    """A short table code: six letters, about 30 bits (with a password for a public host)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(6))


@dataclass(slots=True)
class Bucket:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    rate: float = RATE
    burst: float = float(BURST)
    tokens: float = float(BURST)
    last: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass(slots=True)
class Link:
    """One person's connection to their seat."""

    ws: ServerConnection
    seat: int  # -1: a spectator
    bucket: Bucket
    chat: Bucket = field(default_factory=lambda: Bucket(CHAT_RATE, CHAT_BURST, CHAT_BURST))
    log_sent: int = 0  # the lines of the match's log this connection has been sent
    refused: int = 0
    name: str = ""  # a spectator's own name (a seat's is the session's)

    @property
    def watching(self) -> bool:
        return self.seat < 0


@dataclass(slots=True)
class Seat:
    person: bool  # a person's seat (else the computer's)
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    claimed: bool = False  # a person has taken it
    link: Link | None = None
    away_since: float | None = None
    standing_in: bool = False  # the computer plays it until the person is back
