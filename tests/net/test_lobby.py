"""Several tables on one host (``host --tables N``): one socket, each hello
sent to its table by code, a lobby that lists them, and a table's trouble kept
to itself."""

from __future__ import annotations

import asyncio

import pytest
from net_util import hosted, setup_of

from dummy_tui.net import server as server_module
from dummy_tui.net.commands import lobby_line
from dummy_tui.net.lobby import Lobby, ask_lobby, open_lobby
from dummy_tui.net.protocol import FLOOD
from dummy_tui.net.remote import JoinRefused, Link
from dummy_tui.net.server import Table
from dummy_tui.ui.session import Session


@pytest.fixture(autouse=True)
def no_guess_delay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "GUESS_SECONDS", 0.0)


async def test_the_lobby_lists_the_tables_and_each_hello_reaches_its_own() -> None:
    first = Table(Session.new(setup_of(2, seed=1)), ai_delay=0)
    second = Table(Session.new(setup_of(3, seed=2)), ai_delay=0, password="pw")
    lobby = Lobby([first, second])
    served = await open_lobby(lobby, "127.0.0.1", 0)
    run = asyncio.create_task(lobby.run())
    url = f"ws://127.0.0.1:{served.port}/"
    try:
        listing = await ask_lobby(url)
        tables = {t["code"]: t for t in listing["tables"]}
        assert set(tables) == {first.code, second.code}
        assert tables[first.code]["free"] == 2 and not tables[first.code]["password"]
        assert tables[second.code]["players"] == 3 and tables[second.code]["password"]
        ann = Link(url, first.code, "Ann", None)
        assert (await ann.open())["seat"] == 0
        assert first.seats[0].claimed and not any(s.claimed for s in second.seats)
        listing = await ask_lobby(url)
        line = next(t for t in listing["tables"] if t["code"] == first.code)
        assert line["free"] == 1 and line["sitting"] == ["Ann"]
        shown = lobby_line(line)
        assert first.code in shown and "1 of 2 seats free" in shown and "Ann" in shown
        with pytest.raises(JoinRefused) as refused:
            await Link(url, "NOSUCH", "X", None).open()
        assert refused.value.reason == "code"
        with pytest.raises(JoinRefused) as refused:
            await Link(url, second.code, "X", "wrong").open()
        assert refused.value.reason == "password"
        # a flood at the first table closes that connection; the second plays on
        bo = Link(url, first.code, "Bo", None)
        await bo.open()
        assert bo.ws is not None
        for _ in range(FLOOD + 5):
            await bo.ws.send("not json")
        await asyncio.sleep(0.2)
        assert (await Link(url, second.code, "Cy", "pw").open())["seat"] == 0
        assert not run.done()
    finally:
        run.cancel()
        await served.close()


async def test_a_single_table_has_no_lobby() -> None:
    table = Table(Session.new(setup_of(2, seed=1)), ai_delay=0)
    async with hosted(table) as (server, _):
        with pytest.raises(OSError, match="hello"):
            await ask_lobby(f"ws://127.0.0.1:{server.port}/")
        assert not any(s.claimed for s in table.seats)
