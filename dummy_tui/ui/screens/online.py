"""Hosting and joining a table from the new-game screen (``o`` and ``j``).

Host a table: the form's set-up becomes a hosted table (its Person seats for
people who join, the first one this window's), served from the game's own
event loop on port 8765 (another free one when that is taken), on this
machine only or on every network, as the player chooses; the line to give
friends is said on the table.  Join a table: an address as the host printed
it and a name, then the table.  Both play on the same table screen as
``dummy-tui host --play`` and ``dummy-tui join``.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from dummy_tui.i18n import say, t
from dummy_tui.ui.widgets.field import TextField

if TYPE_CHECKING:
    from dummy_tui.ui.settings import GameSetup

DummyApp = Any  # the game's app (screens do not import ui/app.py, which imports them)

HOST_PORT = 8765


class JoinScreen(ModalScreen[tuple[str, str] | None]):
    """The address of a table and the name to sit with (Enter), or nothing (Esc)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="cancel"),
    ]

    def __init__(self, name: str) -> None:
        super().__init__(classes="choice")
        self.name_given = name

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as box:
            box.border_title = t("online.join_title")
            yield Static(t("online.join_intro"), id="intro")
            yield TextField(placeholder="192.168.1.20:8765/K7QX2M", max_length=200, id="address")
            yield TextField(value=self.name_given, max_length=16, id="join-name")
            yield Static(t("online.join_help"), id="choice-help")

    def on_mount(self) -> None:
        self.query_one("#address", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        address = self.query_one("#address", Input).value.strip()
        if event.input.id == "address" and address:
            self.query_one("#join-name", Input).focus()
            return
        name = self.query_one("#join-name", Input).value.strip()
        self.dismiss((address, name) if address else None)

    def action_cancel(self) -> None:
        self.dismiss(None)


async def sit_at(
    app: DummyApp,
    url: str,
    code: str,
    name: str,
    note: str | None = None,
    password: str | None = None,
) -> bool:
    """Join the table at ``url`` with ``code`` and show it; False (and said why)
    when it cannot be joined."""
    from dummy_tui.net.remote import HostProblem, JoinRefused, Link, RemoteSession
    from dummy_tui.ui.screens.table_remote import RemoteTableScreen

    link = Link(url, code, name, password)
    try:
        welcome = await link.open()
        session = RemoteSession(welcome, lambda message: _send(app, link, message))
    except JoinRefused as exc:
        app.notify(t(f"net.error.{exc.reason}"), severity="error")
        return False
    except (HostProblem, KeyError, TypeError, ValueError):
        app.notify(t("net.unreadable"), severity="error")
        return False
    except OSError as exc:
        app.notify(t("online.unreachable", error=str(exc)), severity="error")
        return False
    await app.push_screen(RemoteTableScreen(session, link, note=note))
    return True


def _send(app: DummyApp, link: Any, message: dict[str, Any]) -> None:
    from websockets.exceptions import ConnectionClosed

    async def deliver() -> None:
        with contextlib.suppress(ConnectionClosed):
            await link.send(message)

    app.run_worker(deliver(), group="send")


async def host_here(app: DummyApp, setup: GameSetup, everyone: bool) -> None:
    """Host ``setup``'s table from this window and sit at its first Person seat."""
    from dummy_tui.net.commands import shown_address
    from dummy_tui.net.server import new_table, open_table

    bind = "0.0.0.0" if everyone else "127.0.0.1"
    table = new_table(setup)
    try:
        hosted = await open_table(table, bind, HOST_PORT)
    except OSError:
        hosted = await open_table(table, bind, 0)  # 8765 taken: any free port
    app.hosting = (table, hosted, app.run_worker(table.run(), group="host"))
    address = f"{shown_address(bind)}:{hosted.port}/{table.code}"
    note = say("out.host.open", address=address, prog="dummy-tui").replace("\n", " ")
    if not everyone:
        note += " " + t("online.this_machine")
    first = next((s for s in setup.seats if s.human), setup.seats[0])
    if not await sit_at(app, f"ws://127.0.0.1:{hosted.port}/", table.code, first.name, note):
        await hosted.close()


__all__ = ["JoinScreen", "host_here", "sit_at"]
