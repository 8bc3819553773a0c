"""Hosted tables under load, on this machine's loopback: move-to-update latency
and the host's memory per table.

    python benchmarks/net_load.py [--tables 100] [--seconds 120] [--seed 1]

Opens ``--tables`` tables of four seats for people, each on its own port of
127.0.0.1, and joins every seat with the game's own client (a
:class:`~dummy_tui.net.remote.RemoteSession` on a websocket, which rebuilds
its round from each frame as a terminal does), which plays a random legal
move whenever it is its turn.  Every table plays its match from its own seeded
deal; the run stops when ``--seconds`` have passed (or every match is over).
The players move as soon as it is their turn, far faster than people do, so
the tables' limit on messages a second is lifted for the run.

Printed: the latency from a move sent to the frame that shows it applied, at
the player who made it (p50, p99, max, and how many moves), the moves per
second over all tables, and the host's memory per table (the resident size
added by opening the tables and their matches, before any player joins,
divided by their number).  Hosts, players and their rounds share one process
and one event loop here: the latency counts the players' own work too, so it
is an upper bound of what a host alone would add.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dummy_tui.net.remote import Link, RemoteSession
from dummy_tui.net.server import Hosted, Table, new_table, open_table
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
    port: int, table: Table, seat_name: str, rng: random.Random, latencies: list[float],
    stop: float,
) -> int:  # fmt: skip
    """Join, then play random legal moves until the match ends or time is up;
    the moves made."""
    link = Link(f"ws://127.0.0.1:{port}/", table.code, seat_name, None)
    outbox: list[dict[str, Any]] = []
    session = RemoteSession(await link.open(), outbox.append)
    sent_at: float | None = None
    moves = 0
    try:
        while time.monotonic() < stop:
            game = session.round
            if sent_at is None and not game.is_over and game.seat == session.seat:
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


async def run(tables: int, seconds: float, seed: int) -> None:
    before = rss_kib()
    opened: list[tuple[Table, Hosted]] = []
    for i in range(tables):
        # the players move at once, far above a person's pace: no rate limit
        table = new_table(setup(seed * 10_000 + i), ai_delay=0.0, rate=1e6)
        opened.append((table, await open_table(table, "127.0.0.1", 0)))
    per_table = (rss_kib() - before) / tables
    runs = [asyncio.create_task(table.run()) for table, _ in opened]
    latencies: list[float] = []
    start = time.monotonic()
    stop = start + seconds
    rng = random.Random(seed)
    players = [
        player(hosted.port, table, f"P{s}", random.Random(rng.random()), latencies, stop)
        for table, hosted in opened
        for s in range(4)
    ]
    moves = sum(await asyncio.gather(*players))
    elapsed = time.monotonic() - start
    for task in runs:
        task.cancel()
    await asyncio.gather(*runs, return_exceptions=True)
    for _, hosted in opened:
        await hosted.close()
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))] if ordered else 0.0
    print(f"{tables} tables of 4 players on 127.0.0.1, {elapsed:.1f} s, seed {seed}")
    print(
        f"move → update latency: p50 {1000 * statistics.median(ordered):.1f} ms, "
        f"p99 {1000 * p99:.1f} ms, max {1000 * ordered[-1]:.1f} ms over {len(ordered)} moves"
        if ordered
        else "no move was timed"
    )
    print(f"moves per second, all tables: {moves / elapsed:.0f}")
    print(f"host memory per table (before players join): {per_table:.0f} KiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    asyncio.run(run(args.tables, args.seconds, args.seed))


if __name__ == "__main__":
    main()
