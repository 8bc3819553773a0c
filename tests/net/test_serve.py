"""``dummy-tui serve``: the page needs nothing from the internet, each browser
gets a key of its own, and a visit plays the game in its own folders."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


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


def page(url: str) -> tuple[str, str]:
    """The page and its cookie, once the server listens (it says where to go
    just before it does)."""
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url, timeout=30) as answer:
                return answer.read().decode("utf-8"), answer.headers["Set-Cookie"]
        except ConnectionRefusedError:
            pass
        except urllib.error.URLError as exc:
            if not isinstance(exc.reason, ConnectionRefusedError):
                raise
        if time.monotonic() > deadline:
            raise TimeoutError(f"nothing listens at {url}")
        time.sleep(0.05)


def test_a_browser_plays_in_its_own_folders_and_nothing_comes_from_elsewhere(
    tmp_path: Path,
) -> None:
    port = free_port()
    env = dict(os.environ, DUMMY_TUI_HOME=str(tmp_path), LANG="C.UTF-8")
    server = subprocess.Popen(
        [sys.executable, "-m", "dummy_tui", "serve", "--port", str(port), "--lang", "en"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        lines = [server.stdout.readline() for _ in range(2)]
        assert any(f"http://127.0.0.1:{port}" in line for line in lines), lines
        html, cookie = page(f"http://127.0.0.1:{port}/")
        assert not re.search(r"https?://(?!127\.0\.0\.1)", html), "the page fetches from elsewhere"
        key = re.match(r"dummy_tui_browser=([0-9a-f]{32});", cookie)
        assert key is not None and "HttpOnly" in cookie
        font = f"http://127.0.0.1:{port}/static/fonts/RobotoMono-VariableFont_wght.ttf"
        with urllib.request.urlopen(font, timeout=30) as served:
            assert served.status == 200 and len(served.read()) > 10_000
        url = f"ws://127.0.0.1:{port}/ws?width=100&height=30"
        screen = asyncio.run(first_frames(url, key[1]))
        assert "Dummy (ดัมมี่) — new game" in screen
        folders = sorted(p.name for p in (tmp_path / "data" / "browsers").iterdir())
        assert folders == [key[1]]  # this browser's own, and no one else's
    finally:
        server.terminate()
        server.wait(timeout=30)
