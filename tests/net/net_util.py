"""Helpers for the hosted table's tests: a table served on 127.0.0.1 in the
test's own event loop, and players that join it as the game's own client does
(a :class:`RemoteSession` on a real websocket) and choose their moves from
what their seat sees."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from dummy_tui.ai import checked_choice, make_player
from dummy_tui.ai.base import Player as AIPlayer
from dummy_tui.engine.actions import Action
from dummy_tui.net.links import Link as ServerLink
from dummy_tui.net.remote import Link, RemoteSession
from dummy_tui.net.server import Hosted, Table, open_table
from dummy_tui.ui.session import Session
from dummy_tui.ui.settings import GameSetup, SeatSetup


def setup_of(
    people: int, computers: int = 0, seed: int = 1, ruleset: str = "dummy", **options: Any
) -> GameSetup:
    seats = [SeatSetup(name=f"P{i}", human=True) for i in range(people)]
    seats += [SeatSetup(name=f"C{i}", level="easy") for i in range(computers)]
    return GameSetup(seats=seats, ruleset=ruleset, options=options, seed=seed)


class Recording(Table):
    """A table that keeps every frame it sends, with the seat it went to."""

    def __init__(self, session: Session, **how: Any) -> None:
        super().__init__(session, **how)
        self.sent: list[tuple[int, dict[str, Any], set[int]]] = []
        """(seat, frame, the cards hidden from that seat when it was sent)."""

    async def send(self, link: ServerLink, message: dict[str, Any]) -> None:
        self.sent.append((link.seat, message, hidden_from(self.session, link.seat)))
        await super().send(link, message)


def hidden_from(session: Session, seat: int) -> set[int]:
    """The cards ``seat`` may not know now: the other hands, the stock and the
    burned cards, less every card that was ever face up (the row's cards,
    picked up since, and the cards shown)."""
    game = session.round
    if game.is_over:
        return set()  # a finished round shows everything
    hidden: set[int] = set(game.stock) | set(getattr(game, "burned", ()))
    for other, hand in enumerate(game.hands):
        if other != seat:
            hidden |= {c for c in range(64) if hand >> c & 1}
    fresh = game.fresh()
    face_up = set(fresh.discards)
    for _, action in game.history:
        face_up |= set(fresh.shown_cards()) if type(action).__name__ == "Show" else set()
        fresh.apply_unchecked(action)
        face_up |= set(fresh.discards)
    return hidden - face_up


@asynccontextmanager
async def hosted(table: Table) -> AsyncIterator[tuple[Hosted, asyncio.Task[None]]]:
    """``table`` served on a free port of 127.0.0.1, its match played, for the block."""
    server = await open_table(table, "127.0.0.1", 0)
    run = asyncio.create_task(table.run())
    try:
        yield server, run
    finally:
        run.cancel()
        await server.close()


class Player:
    """A person's terminal without the screen: the game's own client session,
    with moves chosen from the seat's view by an AI (or at random)."""

    def __init__(
        self, port: int, code: str, name: str, seed: int = 0, *, ai: str | None = "easy"
    ) -> None:
        self.link = Link(f"ws://127.0.0.1:{port}/", code, name, None)
        self.rng = random.Random(seed)
        self.seed = seed
        self.ai = ai
        self.chooser: AIPlayer[Any] | None = None  # the table's family's player, once joined
        self.frames: list[dict[str, Any]] = []
        self.outbox: list[dict[str, Any]] = []
        self.session: RemoteSession | None = None
        self.over = False

    async def join(self) -> RemoteSession:
        welcome = await self.link.open()
        self.frames.append(welcome)
        self.session = RemoteSession(welcome, self.outbox.append)
        if self.ai is not None:
            self.chooser = make_player(self.session.rules.family, self.ai, self.seed)
        return self.session

    def choose(self) -> Action:
        assert self.session is not None
        game = self.session.round
        legal = game.legal_actions()
        if self.chooser is None:
            return self.rng.choice(legal)
        return checked_choice(self.chooser, game.view(game.seat), legal)

    async def step(self) -> None:
        """Move if it is our turn, else take in the host's next frame."""
        session = self.session
        assert session is not None
        game = session.round
        if not game.is_over and game.seat == session.seat and not session.waiting:
            session.submit(self.choose())
        while self.outbox:
            await self.link.send(self.outbox.pop(0))
        frame = await self.link.receive()
        self.frames.append(frame)
        kind = frame["type"]
        if kind in ("error", "refusal"):
            raise AssertionError(f"a legal move was refused: {frame}")
        session.update(frame)
        if kind == "round_end":
            session.finish_round()
            if frame["view"] is None:
                self.over = True
            else:
                session.start_next_round()

    async def play_match(self) -> None:
        while not self.over:
            await self.step()
