"""``dummy-tui serve``: the page needs nothing from the internet, each browser
gets a key of its own, and a visit plays the game in its own folders."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import websockets
from serve_util import page, serving, start_serving


async def first_frames(url: str, key: str, until: str = "new game") -> str:
    """What the game sends a browser with ``key`` until its screen shows ``until``."""
    headers = {"Cookie": f"dummy_tui_browser={key}"}
    got = b""
    text = ""
    async with websockets.connect(url, additional_headers=headers) as ws:
        deadline = time.monotonic() + 30
        while until not in text and time.monotonic() < deadline:
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
        assert "Dummy — new game" in screen
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


def test_the_games_read_the_rules_file_serve_was_given(tmp_path: Path) -> None:
    rules = tmp_path / "family.toml"
    rules.write_text('[presets.dummy]\nfamily = "dummy"\ntarget_score = 777\n', encoding="utf-8")
    with serving(tmp_path, args=("--rules", str(rules))) as url:
        _, cookie = page(f"{url}/")
        key = re.match(r"dummy_tui_browser=([0-9a-f]{32});", cookie)
        assert key is not None
        ws = url.replace("http:", "ws:") + "/ws?width=100&height=30"
        screen = asyncio.run(first_frames(ws, key[1], until="777"))
    assert re.search(r"Target score +777", screen)  # the file's, not the built-in 500


def test_serve_refuses_a_rules_file_its_games_could_not_start_with(tmp_path: Path) -> None:
    rules = tmp_path / "family.toml"
    rules.write_text('[presets.ours]\nfamily = "dummy"\ntarget_scor = 300\n', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "dummy_tui", "serve", "--rules", str(rules), "--port", "1"],
        env=dict(os.environ, DUMMY_TUI_HOME=str(tmp_path)),
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert "target_scor" in done.stderr and str(rules) in done.stderr
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1


def test_with_a_seed_every_browser_is_dealt_the_same_hand(tmp_path: Path) -> None:
    hands = []
    with serving(tmp_path, args=("--seed", "5")) as url:
        ws = url.replace("http:", "ws:") + "/ws?width=100&height=30"
        for key in ("1" * 32, "2" * 32):  # two browsers, each with its own folders
            screen = asyncio.run(first_frames(ws, key, until="Your turn"))
            hand = re.search(r"You: 7 cards.*?\n(.*?)\n", screen, re.S)
            assert hand is not None, screen[-2000:]
            hands.append(re.findall(r"(?:10|[2-9JQKA])[♣♦♥♠]", hand[1]))
    assert len(hands[0]) == 7 and hands[0] == hands[1]


def test_serving_says_where_to_go_and_not_each_request(tmp_path: Path) -> None:
    server, url = start_serving(tmp_path)  # it said where to go
    try:
        for _ in range(3):
            page(f"{url}/")
    finally:
        server.terminate()
        out, err = server.communicate(timeout=30)
    assert "GET" not in out + err, out + err
