"""``dummy-tui serve`` started as a person starts it, for the tests: its own
process on a free port of 127.0.0.1, with a data folder of the test's own."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_serving(
    home: Path, lang: str = "en", args: Sequence[str] = ()
) -> tuple[subprocess.Popen[str], str]:
    """``serve`` started with ``home`` as its folders (and ``args``), once it
    says where it is: the process and its address."""
    port = free_port()
    env = dict(os.environ, DUMMY_TUI_HOME=str(home), LANG="C.UTF-8")
    server = subprocess.Popen(
        [sys.executable, "-m", "dummy_tui", "serve", "--port", str(port), "--lang", lang, *args],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    stdout = server.stdout
    assert stdout is not None
    # its first two lines, waited for within a minute (a server that says less
    # and goes on running fails here instead of holding the test up)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(stdout.readline() for _ in range(2)))
    reader.daemon = True
    reader.start()
    reader.join(60)
    url = f"http://127.0.0.1:{port}"
    if reader.is_alive() or not any(url in line for line in lines):
        server.kill()
        raise AssertionError(f"serve did not say where it is within 60 s: {lines}")
    deadline = time.monotonic() + 30  # it says where just before it listens
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=30).close()
            return server, url
        except ConnectionRefusedError:
            if time.monotonic() > deadline:
                server.kill()
                raise
            time.sleep(0.05)


@contextmanager
def serving(home: Path, lang: str = "en", args: Sequence[str] = ()) -> Iterator[str]:
    """``serve`` running with ``home`` as its folders (and ``args``), for the
    block; its address."""
    server, url = start_serving(home, lang, args)
    try:
        yield url
    finally:
        server.terminate()
        server.wait(timeout=30)


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
