"""``dummy-tui serve``: the page needs nothing from the internet, each browser
gets a key of its own, and a visit plays the game in its own folders."""

from __future__ import annotations

import asyncio
import re
import time
import urllib.request
from pathlib import Path

import websockets
from serve_util import page, serving


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
