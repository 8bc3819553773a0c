"""Whole matches at a hosted table, every frame to every player captured: no
frame names a card its seat may not know, the players' terminals end with the
host's scores, and the host keeps every round in its history."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from match_util import short_match
from net_util import Player, Recording, hidden_from, hosted, setup_of

from dummy_tui.engine.cards import card_text
from dummy_tui.families import FAMILIES
from dummy_tui.net.protocol import dumps, view_cards, view_json
from dummy_tui.net.remote import Link, RemoteSession, round_of_record
from dummy_tui.rules import get_ruleset
from dummy_tui.ui.recording import Recorder
from dummy_tui.ui.session import Session


def current_round_log(frame: dict[str, Any]) -> list[dict[str, Any]]:
    """The log lines a frame sends that belong to the round in play (a
    ``round_end`` frame also sends the finished round's last lines)."""
    lines: list[dict[str, Any]] = frame["log"]
    starts = [i for i, e in enumerate(lines) if e["kind"] == "round"]
    if frame["type"] == "round_end":
        return lines[starts[-1] :] if starts else []
    return lines


def frame_cards(frame: dict[str, Any]) -> set[int]:
    found: set[int] = set()
    if frame.get("view") is not None:
        found |= view_cards(frame["view"])
    for entry in current_round_log(frame):
        if entry["kind"] not in ("round", "start"):  # their numbers are a round's, seats
            found |= set(entry["cards"]) | set(entry["extra"])
    return found


def check_frames(table: Recording) -> int:
    """Every frame the table sent holds no hidden card; the count of frames."""
    for seat, frame, hidden in table.sent:
        leaked = frame_cards(frame) & hidden
        assert not leaked, (
            f"seat {seat} was sent {[card_text(c) for c in sorted(leaked)]} in a "
            f"{frame['type']} frame"
        )
        if frame["type"] == "round_end":
            # the finished round, whole: only once it is over
            assert round_of_record(frame["record"], table.session.rules).is_over
    return len(table.sent)


async def watch(port: int, code: str, frames: list[dict[str, Any]]) -> RemoteSession:
    """A spectator's terminal: every frame taken in as the screen would, to the
    match's end."""
    link = Link(f"ws://127.0.0.1:{port}/", code, "Watcher", None, watch=True)
    welcome = await link.open()
    frames.append(welcome)
    session = RemoteSession(welcome, lambda message: None)
    assert session.seat == -1 and session.human_seats == []
    while True:
        frame = await link.receive()
        if frame["type"] == "chat":
            continue
        frames.append(frame)
        session.update(frame)
        if frame["type"] == "round_end":
            session.finish_round()
            if frame["view"] is None:
                break
            session.start_next_round()
    await link.close()
    return session


async def play_match(
    people: int, computers: int, seed: int, history: Path, ruleset: str = "dummy", **options: Any
) -> tuple[Recording, list[Player]]:
    setup = setup_of(people, computers, seed, ruleset, **(options or {"target_score": 150}))
    recorder = Recorder.at(history)
    table = Recording(Session.new(setup), ai_delay=0, recorder=recorder, rate=1e6)
    async with hosted(table) as (server, run):
        players = [
            Player(server.port, table.code, f"N{i}", seed + i, ai=None if i % 2 else "easy")
            for i in range(people)
        ]
        watched: list[dict[str, Any]] = []
        watcher = asyncio.create_task(watch(server.port, table.code, watched))
        await asyncio.sleep(0.05)
        for p in players:
            await p.join()
        await asyncio.wait_for(asyncio.gather(*(p.play_match() for p in players)), 60)
        spectator = await asyncio.wait_for(watcher, 10)
        assert spectator.match.totals == table.session.match.totals
        # a spectator is sent no hand at all while a round is played
        assert all(f["view"]["hand"] == [] for f in watched if f.get("view") is not None)
        assert any(seat == -1 for seat, _, _ in table.sent)
        await asyncio.wait_for(run, 10)
    recorder.close()
    # what each terminal read is what the host sent to that seat (up to the
    # match's end, where it stops reading)
    for i, p in enumerate(players):
        sent = [json.loads(dumps(f)) for seat, f, _ in table.sent if seat == i]
        assert p.frames == sent[: len(p.frames)]
        assert p.frames[-1]["type"] == "round_end"
    return table, players


@pytest.mark.parametrize(
    ("people", "computers", "seed"),
    [(2, 2, 11), (3, 0, 12)],
)
async def test_a_whole_match_sends_no_seat_a_card_it_may_not_see(
    people: int, computers: int, seed: int, tmp_path: Path
) -> None:
    history = tmp_path / "history.sqlite3"
    table, players = await play_match(people, computers, seed, history)
    frames = check_frames(table)
    session = table.session
    rounds = len(session.match.results)
    assert session.match.is_over and rounds >= 2  # round ends crossed, not one round
    assert frames > 100
    for p in players:
        assert p.session is not None
        assert p.session.match.totals == session.match.totals
        assert [r.scores for r in p.session.match.results] == [
            r.scores for r in session.match.results
        ]
    with sqlite3.connect(history) as conn:
        (kept,) = conn.execute("select count(*) from rounds").fetchone()
    assert kept == rounds


@pytest.mark.parametrize("family", list(FAMILIES))
async def test_a_hosted_match_of_each_family_sends_no_seat_a_card_it_may_not_see(
    family: str, tmp_path: Path
) -> None:
    """Each family's preset, hosted: two people's terminals play a short match
    from their shadow rounds (every move they choose is legal at the host),
    the computer the other seats; no frame leaks a card, and both terminals
    end with the host's scores."""
    rules = get_ruleset(family)
    players = rules.default_players
    history = tmp_path / "history.sqlite3"
    table, people = await play_match(2, players - 2, 21, history, family, **short_match(family))
    assert check_frames(table) > 10
    session = table.session
    assert session.match.is_over and session.rules.family == family
    for p in people:
        assert p.session is not None
        assert p.session.match.totals == session.match.totals
    with sqlite3.connect(history) as conn:
        (kept,) = conn.execute("select count(*) from rounds").fetchone()
    assert kept == len(session.match.results) >= 1


def test_the_check_finds_a_leak() -> None:
    """The check above fails a frame that names another seat's card."""
    session = Session.new(setup_of(2, seed=3))
    table = Recording(session)
    other = session.round.hand(1)[0]
    view = session.round.view(0)
    sent = view_json(view)
    sent["discards"] = [*sent["discards"], other]
    frame: dict[str, Any] = {"type": "state", "view": sent, "log": []}
    table.sent.append((0, frame, hidden_from(session, 0)))
    with pytest.raises(AssertionError, match=card_text(other)):
        check_frames(table)
