"""``dummy-tui serve``: the page needs nothing from the internet, each browser
gets a key of its own, and a visit plays the game in its own folders."""

from __future__ import annotations

import asyncio
import contextlib
import re
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import websockets
from serve_util import page, serving, start_serving


async def first_frames(url: str, key: str) -> str:
    """What the game sends a browser with ``key`` until its screen is drawn."""
    headers = {"Cookie": f"dummy_tui_browser={key}"}
    got = b""
    text = ""
    async with websockets.connect(url, additional_headers=headers) as ws:
        deadline = time.monotonic() + 30
        while "new game" not in text and time.monotonic() < deadline:
            message = await asyncio.wait_for(ws.recv(), 30)
            if isinstance(message, bytes):
                got += message
                text = re.sub(r"\x1b\[[0-9;?$]*[A-Za-z]", "", got.decode("utf-8", "replace"))
    return text


def test_a_browser_plays_in_its_own_folders_and_nothing_comes_from_elsewhere(
    tmp_path: Path,
) -> None:
    with serving(tmp_path) as url:
        html, cookie = page(f"{url}/")
        assert not re.search(r"https?://(?!127\.0\.0\.1)", html), "the page fetches from elsewhere"
        key = re.match(r"dummy_tui_browser=([0-9a-f]{32});", cookie)
        assert key is not None and "HttpOnly" in cookie
        for font in ("static/fonts/RobotoMono-VariableFont_wght.ttf", "fonts/card-suits.ttf"):
            with urllib.request.urlopen(f"{url}/{font}", timeout=30) as served:
                assert served.status == 200 and len(served.read()) > 5_000, font
        ws = url.replace("http:", "ws:") + "/ws?width=100&height=30"
        screen = asyncio.run(first_frames(ws, key[1]))
        assert "Dummy (ดัมมี่) — new game" in screen
        folders = sorted(p.name for p in (tmp_path / "data" / "browsers").iterdir())
        assert folders == [key[1]]  # this browser's own, and no one else's


async def ctrl_c_while_playing(server: subprocess.Popen[str], url: str) -> float:
    """Seconds ``serve`` takes to stop on Ctrl+C while a browser plays on it."""
    ws = url.replace("http:", "ws:") + "/ws?width=100&height=30"
    async with websockets.connect(ws) as browser:
        text = ""
        while "new game" not in text:
            message = await asyncio.wait_for(browser.recv(), 30)
            if isinstance(message, bytes):
                text += message.decode("utf-8", "replace")
        start = time.monotonic()
        server.send_signal(signal.SIGINT)
        with contextlib.suppress(websockets.ConnectionClosed):
            async for _ in browser:  # read on, as a page does, until the game is closed
                pass
        while server.poll() is None and time.monotonic() - start < 30:
            await asyncio.sleep(0.05)
        return time.monotonic() - start


def test_ctrl_c_stops_serving_at_once_while_a_game_is_played(tmp_path: Path) -> None:
    server, url = start_serving(tmp_path)
    try:
        took = asyncio.run(ctrl_c_while_playing(server, url))
        assert server.returncode == 0, server.communicate()[1]
        # the web server waited twenty-odd seconds for the game's websocket
        assert took < 5, f"serve took {took:.1f} s to stop"
    finally:
        if server.poll() is None:
            server.kill()
        server.communicate(timeout=30)
