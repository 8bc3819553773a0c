"""The table screen at a hosted table (``dummy-tui join``).

The same table as at home: only where it talks to the session does it differ.
The person's moves go to the host through the
:class:`~dummy_tui.net.remote.RemoteSession`; the host's frames, read here in
a worker, bring the new position, which is drawn, and the turn handed on as
after any move.  The other seats' turns are the host's: nothing thinks here.
A lost connection is opened again with the seat's token until the person
quits.
"""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual import work
from textual.binding import Binding, BindingType
from websockets.exceptions import ConnectionClosed

from dummy_tui.engine.cards import cards_of
from dummy_tui.i18n import t
from dummy_tui.net.protocol import refusal_of
from dummy_tui.net.remote import HostProblem, JoinRefused, Link, RemoteSession
from dummy_tui.ui.screens.table import TableScreen
from dummy_tui.ui.screens.table_turns import Turns
from dummy_tui.ui.words import fmt, refusal_text

RETRY_SECONDS = 2.0
"""The wait between two tries to reach the host again."""

FATAL = ("replaced", "token", "code", "password", "full", "version")
"""Refusals after which trying again cannot help."""


class RemoteTurns(Turns):
    """The turns at a hosted table: another seat's turn is the host's."""

    screen: RemoteTableScreen

    def start_ai(self) -> None:
        """Another seat's turn: the host plays it or waits for its person."""
        screen = self.screen
        seat = screen.session.round.seat
        if screen.offline:
            return
        name = screen.session.names[seat]
        if not screen.remote.joined(seat):
            screen.say(t("net.joining", name=name))
            screen.said_wait = True
        elif screen.remote.away(seat):
            screen.say(t("net.away", name=name))
            screen.said_wait = True


class RemoteTableScreen(TableScreen):
    """The table, played against a host (see the module)."""

    turns_type = RemoteTurns

    BINDINGS: ClassVar[list[BindingType]] = [
        *TableScreen.BINDINGS,  # the table's own, which its key handling reads here
        Binding("slash", "chat", "Chat", id="chat"),
    ]

    def __init__(self, session: RemoteSession, link: Link, note: str | None = None) -> None:
        """``note``: said once the table is up (to a host who plays: the line
        to give friends)."""
        super().__init__(session)
        self.note = note
        self.remote = session
        self.link = link
        self.watching = session.seat < 0
        """A spectator: no hand is shown while a round is played, no move is made."""
        self.viewer = None if self.watching else session.seat
        self.offline = False
        self.said_wait = False  # the status line says whose return the table waits for

    def on_mount(self) -> None:
        super().on_mount()
        self.listen()
        self.set_interval(1.0, self._tick)
        if self.note is not None:
            self.app.notify(self.note, timeout=30)

    def _tick(self) -> None:
        """A timed turn's countdown, once a second."""
        if self.remote.turn_deadline is not None and self.message is None:
            self.refresh_status()

    @property
    def my_turn(self) -> bool:
        if self.watching:
            return False
        return super().my_turn and not self.remote.waiting and not self.offline

    def refresh_hand(self) -> None:
        super().refresh_hand()
        if self.watching:
            self.hand.set_cards(
                None, [], {}, self.dapp.prefs.settings.sort, Text(t("net.watching"))
            )
            self.hand.border_title = t("net.watching_title")

    def _turn_prompt(self) -> Text:
        prompt = self._whose_turn()
        left = self.remote.turn_seconds_left()
        if left is None or self.session.round.is_over:
            return prompt
        clock = fmt("net.time_left", seconds=left)
        clock.stylize(Style(bold=True, color="red" if left <= 10 else None))
        return Text.assemble(clock, " · ", prompt)

    def _whose_turn(self) -> Text:
        game = self.session.round
        if game.is_over or game.seat == self.remote.seat:
            return super()._turn_prompt()
        name = Text(self.session.names[game.seat], Style(bold=True))
        if self.remote.seat_status[game.seat].get("person"):
            return fmt("prompt.waiting", name=name)
        return fmt("net.playing", name=name)  # the host's AI: no wait to skip here

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("instant", "speed"):
            return False  # the host sets the pace of the computer's moves
        if action == "chat":
            return not self.offline
        return super().check_action(action, parameters)

    def action_chat(self) -> None:
        """Say something to the table: a line, or a quick reaction."""
        from dummy_tui.ui.screens.chat import ChatScreen

        def said(message: dict[str, Any] | None) -> None:
            if message is not None and not self.offline:
                self.remote.send({"type": "chat", **message})

        self.app.push_screen(ChatScreen(self.remote.chat), said)

    # ------------------------------------------------------------------
    # the host's frames

    @work(exclusive=True, group="host")
    async def listen(self) -> None:
        """Read the host's frames until the person quits; reconnect when the line drops."""
        link = self.link
        while not link.closing:
            try:
                frame = await link.receive()
            except ConnectionClosed:
                if link.closing or self.session.match.is_over:
                    return  # quitting, or the match is over and the host has closed
                await self.reconnect()
                continue
            self.received(frame)

    async def reconnect(self) -> None:
        link = self.link
        self.offline = True
        self.say(t("net.reconnecting"), error=True)
        self.refresh_bindings()
        while not link.closing:
            await asyncio.sleep(RETRY_SECONDS)
            try:
                welcome = await link.open()
            except OSError:
                continue
            except JoinRefused as exc:
                self.say(t(f"net.error.{exc.reason}"), error=True)
                if exc.reason in FATAL:
                    link.closing = True
                    return
                continue
            self.offline = False
            self.remote.rejoin(welcome)
            self.message = None
            self.refresh_view()
            self.turns.advance()
            return

    def received(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "chat":
            name, line = self.remote.hear(frame)
            self.app.notify(line, title=name, timeout=8)  # the words as data, never markup
            return
        if kind == "error":
            self.remote.waiting = False
            reason = str(frame.get("reason"))
            self.say(t(f"net.error.{reason}"), error=True)
            self.refresh_bindings()
            return
        if kind == "refusal":
            self.remote.waiting = False
            self.say(refusal_text(refusal_of(frame), self.dapp.look), error=True)
            self.refresh_bindings()
            return
        session = self.remote
        seat = session.seat
        before = session.round.hands[seat]
        moves = len(session.log)
        try:
            session.update(frame)
        except HostProblem as exc:
            from dummy_tui.logs import logger

            logger.warning("the host sent what cannot be read: %s", exc)
            self.say(t("net.unreadable"), error=True)
            return
        self.turns.token += 1
        game = session.round
        if frame.get("type") == "state" and not game.is_over:
            self._moved(before, moves)
        if len(session.log) != moves or self.message_is_error or self.said_wait:
            self.message = None  # said of the position before this one
            self.said_wait = False
        self.refresh_view()
        self.refresh_bindings()
        self.turns.advance()

    def _moved(self, before: int, moves: int) -> None:
        """What the new frame changed: the cards our last take brought, or those others moved."""
        session = self.remote
        new_entries = session.log[moves:]
        ours = [e for e in new_entries if e.seat == session.seat]
        now = session.round.hands[session.seat]
        if ours:
            gained = now & ~before
            last = ours[-1]
            self.drawn = gained.bit_length() - 1 if last.kind == "draw" and gained else None
            if last.kind in ("draw", "pick", "pick_head", "pick_layoff", "take"):
                self.fresh[session.seat] = set(cards_of(gained))
            self.highlight = set()
        elif new_entries:
            self.highlight = Turns.moved_cards(new_entries[-1])

    def action_quit_game(self) -> None:
        self.link.closing = True
        self.app.exit()


__all__ = ["RemoteTableScreen", "RemoteTurns"]
