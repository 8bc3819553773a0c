"""How fast the game history is: writing a round, statistics, opening, on a big file.

    python benchmarks/history.py [--matches N] [--rounds R] [--seed S] [--file PATH]

Builds a history of N matches (default 10,000) of R rounds each (default 10:
100,000 rounds) and then times what the game and ``dummy-tui stats`` do on it:

- recording one round (``History.record_round``: the round's capture, its
  record and one transaction), the mean and the 95th percentile of 200, in
  matches of 10 rounds;
- the statistics (``History.stats``): of everyone, of one person, of one
  preset, since a date;
- opening the file (``History.connection``: checks and pragmas).

The rounds are real: a pool of seeded random-play rounds of every family
(Dummy in points and in money scoring, basic, gin and Persian rummy) is
played once and written again and again with other seats and dates, in one
transaction; the per-match summaries are computed in one pass at the end.
Thirty people and the four AI levels share the seats.  The file is made
in a temporary folder unless ``--file`` names one (kept then, and reused if
it is there).  The figures are printed, never judged: this is not part of
the test run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dummy_tui.ai import LEVELS
from dummy_tui.ai.base import RandomPlayer
from dummy_tui.engine.families import new_round
from dummy_tui.engine.record import record_of
from dummy_tui.engine.round import Round
from dummy_tui.history import History
from dummy_tui.history import summary as summaries
from dummy_tui.history.capture import RoundLines, capture, compact
from dummy_tui.history.store import stamp
from dummy_tui.history.writes import MatchInfo, SeatInfo, ensure_match, finish, insert_round
from dummy_tui.rules.loader import load_rulesets
from dummy_tui.rules.schema import Ruleset

TABLES = (("dummy", 4), ("dummy", 3), ("dummy-money", 4), ("rummy", 4), ("gin", 2), ("persian", 4))
POOL = 12  # rounds played per table
PEOPLE = [f"Player {i:02d}" for i in range(30)]
T0 = datetime(2021, 1, 1, tzinfo=UTC)


def played_round(rules: Ruleset, players: int, seed: int) -> Round[Any]:
    game = new_round(rules, players, seed)
    chooser = RandomPlayer(seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[0] if len(legal) == 1 else chooser.choose(game.view(game.seat), legal))
    return game


def pool(presets: dict[str, Ruleset]) -> dict[tuple[str, int], list[tuple[Round[Any], RoundLines]]]:
    found = {}
    for preset, players in TABLES:
        rounds = []
        for i in range(POOL):
            game = played_round(presets[preset], players, 1000 * players + i)
            record = record_of(game, [f"seat {s}" for s in range(players)], preset)
            rounds.append((game, capture(game, record, seed=i)))
        found[(preset, players)] = rounds
    return found


def build(path: Path, matches: int, rounds: int, seed: int) -> float:
    """Fill ``path`` with ``matches`` matches of ``rounds`` rounds; returns the seconds."""
    presets = load_rulesets(None)
    rounds_of = pool(presets)
    rng = random.Random(seed)
    start = time.perf_counter()
    history = History(path, strict=True)
    with history.transaction() as conn:
        for m in range(matches):
            preset, players = TABLES[rng.randrange(len(TABLES))]
            people = rng.sample(PEOPLE, rng.randint(1, min(2, players)))
            seats = [SeatInfo(n) for n in people]
            seats += [SeatInfo(f"AI {s}", rng.choice(LEVELS)) for s in range(players - len(seats))]
            rng.shuffle(seats)
            rules = presets[preset]
            when = T0 + timedelta(hours=3 * m)
            info = MatchInfo(
                f"bench-{seed}-{m}",
                stamp(when),
                preset,
                rules.family,
                compact(rules.model_dump(mode="json")),
                {},
                m,
                tuple(seats),
            )
            match_id = ensure_match(conn, info)
            totals = [0] * players
            for n in range(rounds):
                _, lines = rng.choice(rounds_of[(preset, players)])
                ended = stamp(when + timedelta(minutes=10 * (n + 1)))
                insert_round(conn, match_id, n, ended, lines, refresh=False)
                for s, line in enumerate(lines.seats):
                    totals[s] += line.score
            best = max(totals)
            finish(conn, match_id, ended, [(t, int(t == best)) for t in totals])
        summaries.refresh(conn)
    history.close()
    return time.perf_counter() - start


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def timed(call: Any, times: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of each of ``times`` calls (the CPU time is what a
    busy machine does not stretch)."""
    wall, cpu = [], []
    for _ in range(times):
        t, c = time.perf_counter(), time.process_time()
        call()
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    return wall, cpu


def measure(path: Path) -> None:
    size = path.stat().st_size / 2**20
    opened, _ = timed(lambda: History(path, strict=True).connection().close(), 20)
    print(f"file: {path} ({size:.0f} MiB)")
    print(f"opening the file: {ms(statistics.mean(opened))} (mean of 20)")

    history = History(path, strict=True)
    history.connection()
    t = time.perf_counter()
    history.stats()
    print(f"first statistics after opening: {ms(time.perf_counter() - t)}")
    cases: list[tuple[str, dict[str, Any]]] = [
        ("everyone", {}),
        ("one person (--player)", {"player": PEOPLE[3]}),
        ("one preset (--ruleset dummy)", {"ruleset": "dummy"}),
        ("the last year (--since)", {"since": T0 + timedelta(days=3 * 365)}),
    ]
    for name, filters in cases:
        wall, cpu = timed(lambda f=filters: history.stats(**f), 5)
        print(
            f"statistics of {name}: {ms(statistics.median(wall))} "
            f"({ms(statistics.median(cpu))} of CPU; median of 5)"
        )

    wall, cpu = timed(lambda: (history.match_count(), history.matches(limit=50)), 5)
    print(
        f"a page of the history list (50 matches and the count): {ms(statistics.median(wall))} "
        f"({ms(statistics.median(cpu))} of CPU; median of 5)"
    )
    [newest] = history.matches(limit=1)
    wall, _ = timed(lambda: history.match_rounds(newest.uid), 5)
    print(f"the rounds of a match: {ms(statistics.median(wall))} (median of 5)")
    wall, cpu = timed(history.trends, 5)
    print(
        f"the charts' figures (win rates, score bins): {ms(statistics.median(wall))} "
        f"({ms(statistics.median(cpu))} of CPU; median of 5)"
    )
    print(f"the history list screen, h to drawn: {ms(list_screen(path))}")

    presets = load_rulesets(None)
    rules = presets["dummy"]
    games = [played_round(rules, 4, 5000 + i) for i in range(20)]
    names, levels = ["Ann", "Bo", "AI", "AI"], [None, None, "easy", "hard"]
    spent = []
    for m in range(20):  # 20 matches of 10 rounds, as a game writes them
        uid = history.start_match(rules, "dummy", names, levels, base=rules)
        for i in range(10):
            t = time.perf_counter()
            history.record_round(uid, games[(m + i) % len(games)], number=i)
            spent.append(time.perf_counter() - t)
    spent.sort()
    print(
        f"recording one round: {ms(statistics.mean(spent))} mean, "
        f"{ms(spent[int(len(spent) * 0.95)])} 95th percentile, {ms(spent[-1])} at most "
        "(200 rounds)"
    )
    history.close()


def list_screen(path: Path) -> float:
    """Seconds from h on the new-game screen to the history list drawn, on ``path``
    (the app run headless at 120×40)."""
    import asyncio

    from dummy_tui.history import store
    from dummy_tui.ui.app import DummyApp
    from dummy_tui.ui.screens.history_list import HistoryListScreen
    from dummy_tui.ui.settings import Settings

    store.default_path = lambda: path
    app = DummyApp(settings=Settings(ai_delay=0.0), persist=False)
    spent = 0.0

    async def run() -> None:
        nonlocal spent
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            t = time.perf_counter()
            await pilot.press("h")
            while not isinstance(app.screen, HistoryListScreen):
                await pilot.pause()
            await pilot.pause()
            spent = time.perf_counter() - t

    asyncio.run(run())
    return spent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=10, help="rounds per match")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--file", type=Path, help="keep the history here (reused if there)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = args.file or Path(folder) / "history.sqlite3"
        if not path.exists():
            seconds = build(path, args.matches, args.rounds, args.seed)
            total = args.matches * args.rounds
            print(f"built {args.matches} matches, {total} rounds in {seconds:.1f} s")
        measure(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
