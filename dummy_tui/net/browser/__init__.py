"""``dummy-tui serve``: the game in a web browser, through textual-serve.

Each visit of the page starts the game in a process of its own, its screen
drawn in the page by textual-serve's terminal.  Each browser keeps its own
saves, settings and history: the page gives it a random key in a cookie, and
its games run with the data folder ``browsers/KEY`` of the server's; a
browser that comes back finds its game where it left it.  The page is this
package's own (``templates/app_index.html``): its font is served from the
server, never fetched from the internet, the keyboard works as soon as the
game is drawn, and a game that is quit says so in the game's words.
"""

from __future__ import annotations

import asyncio
import contextvars
import re
import secrets
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from textual_serve.server import Server

COOKIE = "dummy_tui_browser"
"""The cookie that holds a browser's key."""
KEY = re.compile(r"[0-9a-f]{32}\Z")
TEMPLATES = Path(__file__).resolve().parent / "templates"
FONTS = Path(__file__).resolve().parent / "fonts"
"""The page's own fonts, served at ``/fonts``: the card suits (LICENSE there)."""

_command: contextvars.ContextVar[str | None] = contextvars.ContextVar("command", default=None)
"""The command of the visit being answered (each request is a task of its own)."""


def browser_key(cookies: Any) -> str | None:
    """The browser's key from its cookies, if it has a well-formed one."""
    key = cookies.get(COOKIE)
    return key if isinstance(key, str) and KEY.match(key) else None


def game_command(home: Path, lang: str | None, play_args: Sequence[str] = ()) -> str:
    """The shell command that plays the game with ``home`` as its folders
    (``play_args``: the ``play`` options ``serve`` was given, ``--rules FILE``...)."""
    words = [sys.executable, "-m", "dummy_tui"]
    if lang is not None:
        words += ["--lang", lang]
    words += play_args
    return f"DUMMY_TUI_HOME={shlex.quote(str(home))} " + " ".join(map(shlex.quote, words))


class GameServer(Server):
    """textual-serve's server, each browser with its own data folder."""

    def __init__(
        self,
        root: Path,
        host: str,
        port: int,
        lang: str | None = None,
        title: str = "dummy-tui",
        play_args: Sequence[str] = (),
    ) -> None:
        self.root = root
        self.lang = lang
        self.play_args = tuple(play_args)
        self._visits: dict[asyncio.Task[Any], Any] = {}
        """The tasks that play a game with a browser, each with its request."""
        self._default = game_command(root / "shared", lang, self.play_args)
        super().__init__(self._default, host=host, port=port, title=title, templates_path=TEMPLATES)

    @property
    def command(self) -> str:
        return _command.get() or self._default

    @command.setter
    def command(self, value: str) -> None:
        self._default = value

    def home_of(self, key: str | None) -> Path:
        """The folders of the browser with ``key`` (none: a visit of its own)."""
        return self.root / (key or f"visit-{secrets.token_hex(16)}")

    async def _make_app(self) -> Any:
        # textual-serve builds its routes here and has no public way to add one
        # (tests/test_private_names.py fails the day it changes)
        app = await super()._make_app()
        app.router.add_static("/fonts", FONTS, name="fonts")
        return app

    async def handle_index(self, request: Any) -> Any:
        response = await super().handle_index(request)
        if browser_key(request.cookies) is None:
            response.set_cookie(
                COOKIE, secrets.token_hex(16), max_age=5 * 365 * 24 * 3600,
                httponly=True, samesite="Strict",
            )  # fmt: skip
        return response

    async def handle_websocket(self, request: Any) -> Any:
        home = self.home_of(browser_key(request.cookies))
        _command.set(game_command(home, self.lang, self.play_args))
        task = asyncio.current_task()
        assert task is not None
        self._visits[task] = request
        try:
            return await super().handle_websocket(request)
        finally:
            del self._visits[task]

    async def on_shutdown(self, app: Any) -> None:
        """End every browser's game at once when serving stops (Ctrl+C): the
        web server would otherwise wait twenty-odd seconds for their
        websockets.  Each connection is closed, and its game told to quit, as
        when its page is closed."""
        visits = list(self._visits.items())
        for _, request in visits:
            if request.transport is not None:
                request.transport.close()
        await asyncio.gather(*(task for task, _ in visits), return_exceptions=True)

    def initialize_logging(self) -> None:
        """What the server says while it serves: its problems, not a line for
        every file a page fetches (textual-serve's own logging, which it leaves
        to a subclass, writes each request as it comes)."""
        import logging

        from rich.logging import RichHandler

        handler = RichHandler(show_path=False, show_time=False, console=self.console)
        logging.basicConfig(level=logging.WARNING, format="%(message)s", handlers=[handler])

    async def on_startup(self, app: Any) -> None:
        """Say where to open the game instead of textual-serve's banner."""
        from dummy_tui.i18n import say

        print(say("out.serve.open", url=self.public_url), flush=True)


__all__ = ["COOKIE", "GameServer", "browser_key", "game_command"]
