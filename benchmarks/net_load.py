"""Hosted tables under load, on this machine's loopback: move-to-update latency
and the host's memory per table.

    python benchmarks/net_load.py [--tables 100] [--seconds 120] [--pace 1.0] [--seed 1]

Opens ``--tables`` tables of four seats for people behind one port of
127.0.0.1 (a lobby, as ``host --tables N`` does), in a process of its own, and
joins every seat from this process with the game's own client (a
:class:`~dummy_tui.net.remote.RemoteSession` on a websocket, which rebuilds
its round from each frame as a terminal does), which plays a random legal
move ``--pace`` seconds (0.5 to 1.5 times it) after its turn comes: a person's
thinking; with 0, at once, which measures how many moves the processes carry.
Every table plays its match from its own seeded deal; the run stops when
``--seconds`` have passed (or every match is over).  The tables' limit on
messages a second is lifted, for the runs at machine speed.

Printed: the latency from a move sent to the frame that shows it applied, at
the player who made it (p50, p99, max, and how many moves), the moves per
second over all tables, and the host's memory per table (the resident size
added by opening the tables and their matches, before any player joins,
divided by their number, and its whole resident size at the end over the
tables).  The players' own work (each rebuilds its round from every frame) is
in the other process, on the same two processors: the latency is an upper
bound of what the host alone adds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dummy_tui.net.remote import Link, RemoteSession
from dummy_tui.net.server import new_table
from dummy_tui.ui.settings import GameSetup, SeatSetup


def rss_kib() -> int:
    """The process's resident size now (Linux: /proc; else the peak)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def setup(seed: int) -> GameSetup:
    seats = [SeatSetup(name=f"P{i}", human=True) for i in range(4)]
    return GameSetup(seats=seats, ruleset="dummy", seed=seed)


async def player(
    port: int, code: str, seat_name: str, rng: random.Random, latencies: list[float],
    stop: float, pace: float,
) -> int:  # fmt: skip
    """Join, then play random legal moves until the match ends or time is up;
    the moves made."""
    link = Link(f"ws://127.0.0.1:{port}/", code, seat_name, None)
    outbox: list[dict[str, Any]] = []
    session = RemoteSession(await link.open(), outbox.append)
    sent_at: float | None = None
    moves = 0
    try:
        while time.monotonic() < stop:
            game = session.round
            if sent_at is None and not game.is_over and game.seat == session.seat:
                if pace > 0:
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * pace)
                session.submit(rng.choice(game.legal_actions()))
                sent_at = time.perf_counter()
                moves += 1
            while outbox:
                await link.send(outbox.pop(0))
            try:
                frame = await asyncio.wait_for(link.receive(), max(0.1, stop - time.monotonic()))
            except TimeoutError:
                break
            kind = frame["type"]
            if kind in ("error", "refusal"):
                raise SystemExit(f"a legal move was refused: {frame}")
            session.update(frame)
            if sent_at is not None and not session.waiting:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if kind == "round_end":
                sent_at = None
                session.finish_round()
                if frame["view"] is None:
                    break
                session.start_next_round()
    finally:
        await link.close()
    return moves


async def host(tables: int, seed: int) -> None:
    """The host's process: ``tables`` tables behind one port (a lobby); prints one
    line of JSON (the port, the codes, its memory per table), then plays on."""
    from dummy_tui.net.lobby import Lobby, open_lobby

    before = rss_kib()
    # the players may move far above a person's pace (--pace 0): no rate limit
    made = [new_table(setup(seed * 10_000 + i), ai_delay=0.0, rate=1e6) for i in range(tables)]
    lobby = Lobby(made)
    served = await open_lobby(lobby, "127.0.0.1", 0)
    per_table = (rss_kib() - before) / tables
    codes = [t.code for t in made]
    print(json.dumps({"port": served.port, "codes": codes, "kib": per_table}), flush=True)
    await lobby.run()


async def run(tables: int, seconds: float, seed: int, pace: float) -> None:
    child = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--host", "--tables", str(tables), "--seed", str(seed),
        stdout=asyncio.subprocess.PIPE,
    )  # fmt: skip
    assert child.stdout is not None
    opened = json.loads(await asyncio.wait_for(child.stdout.readline(), 120))
    port, codes = int(opened["port"]), list(opened["codes"])
    latencies: list[float] = []
    start = time.monotonic()
    stop = start + seconds
    rng = random.Random(seed)
    players = [
        player(port, code, f"P{s}", random.Random(rng.random()), latencies, stop, pace)
        for code in codes
        for s in range(4)
    ]
    try:
        moves = sum(await asyncio.gather(*players))
    finally:
        host_kib = rss_of(child.pid)
        child.kill()
        await child.wait()
    elapsed = time.monotonic() - start
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))] if ordered else 0.0
    print(f"{tables} tables of 4 players on 127.0.0.1, {elapsed:.1f} s")
    print(f"pace {pace:g} s, seed {seed}; the host in a process of its own, the players in another")
    print(
        f"move → update latency: p50 {1000 * statistics.median(ordered):.1f} ms, "
        f"p99 {1000 * p99:.1f} ms, max {1000 * ordered[-1]:.1f} ms over {len(ordered)} moves"
        if ordered
        else "no move was timed"
    )
    print(f"moves per second, all tables: {moves / elapsed:.0f}")
    print(f"host memory per table: {opened['kib']:.0f} KiB opened, {host_kib / tables:.0f} KiB")
    print("  at the end (the host's whole resident size over the tables)")


def rss_of(pid: int) -> int:
    """The resident size of process ``pid`` in KiB (Linux), else 0."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pace", type=float, default=1.0, help="seconds a player thinks (1)")
    parser.add_argument("--host", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.host:
        asyncio.run(host(args.tables, args.seed))
        return
    asyncio.run(run(args.tables, args.seconds, args.seed, args.pace))


if __name__ == "__main__":
    main()
