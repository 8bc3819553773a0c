"""``dummy-tui sim``: AI players play rounds headless; a table (or JSON) per seat.

Each round's deal and each player's seed come from (seed, round index) only,
and the starting seat rotates with the round index, so the results for a seed
are the same however the rounds are spread over processes (``--jobs``).

An AI that fails (raises, or answers with an action that is not legal) stops
the run: the exit code is :data:`EXIT_AI_FAILED`, one line names the round,
the seat and the level, and the round up to that decision is written as a
record (``sim-failure-<seed>-<round>.json``) that ``dummy-tui replay`` reads.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context
from multiprocessing.synchronize import Event
from pathlib import Path

from dummy_tui.ai import AIError, RandomPlayer, checked_choice, make_player
from dummy_tui.engine.families import new_round
from dummy_tui.engine.record import dumps_record, record_of
from dummy_tui.rules.schema import Ruleset

EXIT_AI_FAILED = 3
"""The exit code of a run that an AI's failure stopped."""


@dataclass(slots=True)
class SeatStats:
    seat: int
    ai: str
    round_wins: int = 0
    score: int = 0
    knocks: int = 0
    dark_knocks: int = 0
    falls: int = 0
    fools: int = 0
    penalty_points: int = 0


@dataclass(slots=True)
class SimResult:
    ruleset: str
    players: int
    rounds: int
    seed: int
    seconds: float
    seats: list[SeatStats] = field(default_factory=list)

    def as_json(self) -> dict[str, object]:
        rounds = max(1, self.rounds)
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "rounds": self.rounds,
            "seed": self.seed,
            "rounds_per_second": round(self.rounds / self.seconds, 1) if self.seconds else 0.0,
            "seats": [
                {
                    "seat": s.seat,
                    "ai": s.ai,
                    "round_wins": s.round_wins,
                    "win_rate": round(s.round_wins / rounds, 4),
                    "mean_score": round(s.score / rounds, 2),
                    "knocks": s.knocks,
                    "dark_knocks": s.dark_knocks,
                    "falls": s.falls,
                    "fools": s.fools,
                    "penalty_points": s.penalty_points,
                }
                for s in self.seats
            ],
        }


# One round's outcome per seat: (score, win, knock, dark knock, fall, fool, penalties)
RoundOutcome = list[tuple[int, int, int, int, int, int, int]]
COUNTED = ("score", "round_wins", "knocks", "dark_knocks", "falls", "fools", "penalty_points")
"""The :class:`SeatStats` field that adds up each place of a seat's outcome."""


class SimFailure(Exception):
    """An AI failed in round ``index``: its :class:`AIError` and the round up
    to that decision as a record (the text of a record file)."""

    def __init__(self, error: AIError, index: int, record: str) -> None:
        super().__init__(f"round {index}: {error}")
        self.error = error
        self.index = index
        self.record = record

    def fields(self) -> tuple[str, int, str, int, str]:
        """Plain values that cross a process boundary (see :meth:`from_fields`)."""
        return (self.error.level, self.error.seat, self.error.reason, self.index, self.record)

    @classmethod
    def from_fields(cls, fields: tuple[str, int, str, int, str]) -> SimFailure:
        level, seat, reason, index, record = fields
        return cls(AIError(level, seat, reason), index, record)


def round_seed(seed: int, index: int) -> int:
    return random.Random(f"{seed}:deal:{index}").getrandbits(48)


def player_seed(seed: int, index: int, seat: int) -> int:
    return random.Random(f"{seed}:player:{index}:{seat}").getrandbits(48)


def play_round(
    rules: Ruleset,
    levels: Sequence[str],
    seed: int,
    index: int,
    player_options: dict[str, object] | None = None,
    ruleset: str = "",
    base: Ruleset | None = None,
) -> RoundOutcome:
    """Play round ``index`` of a simulation; every seat's outcome.

    A round is won by the one seat with the highest score, and in Persian
    rummy by every seat of the team with the highest score; a tie (a dead
    hand) has no winner.  An AI that fails raises :class:`SimFailure` with the
    round so far as a record of the preset ``ruleset`` (its options those of
    ``rules`` that differ from ``base``, the preset as loaded).
    """
    players = len(levels)
    options = player_options or {}
    ais = [
        make_player(
            rules.family, level, player_seed(seed, index, s), **(options if level == "hard" else {})
        )
        for s, level in enumerate(levels)
    ]
    game = new_round(rules, players, round_seed(seed, index), starter=index % players)
    while not game.is_over:
        seat = game.seat
        legal = game.legal_actions()
        player = ais[seat]
        if len(legal) == 1:
            action = legal[0]
        elif isinstance(player, RandomPlayer):
            action = player.pick(legal)  # uniform over the legal list: no view to build
        else:
            try:
                action = checked_choice(player, game.view(seat), legal)
            except AIError as error:
                names = [f"{level} AI" for level in levels]
                record = dumps_record(record_of(game, names, ruleset, base or rules))
                raise SimFailure(error, index, record) from error
        game.apply_unchecked(action)  # one of the legal list (checked_choice saw to it)
    totals = [b.total for b in game.scores()]
    won = game.round_winners()
    return [
        (
            totals[s],
            int(s in won),
            int(t.knocked),
            int(t.dark_knock),
            int(t.fell),
            int(t.fooled),
            t.penalties,
        )
        for s, t in enumerate(game.tallies())
    ]


@dataclass(frozen=True, slots=True)
class _Job:
    rules: Ruleset
    levels: tuple[str, ...]
    seed: int
    options: tuple[tuple[str, object], ...]
    ruleset: str = ""
    base: Ruleset | None = None

    def play(self, index: int) -> RoundOutcome:
        """Round ``index``'s outcome; :class:`SimFailure` if an AI fails in it."""
        return play_round(
            self.rules, self.levels, self.seed, index, dict(self.options), self.ruleset, self.base
        )


_JOB: _Job | None = None
_STOP: Event | None = None  # the parent's: once set, rounds not yet begun are skipped


def _init_worker(job: _Job, stop: Event | None = None) -> None:
    global _JOB, _STOP
    _JOB = job
    _STOP = stop
    # Ctrl+C reaches every process of the terminal's group: the parent stops
    # the pool and exits quietly; a worker printing its own traceback would not
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _work(index: int) -> RoundOutcome | tuple[str, int, str, int, str] | None:
    """Round ``index``'s outcome, or the fields of its :class:`SimFailure`:
    plain values, which the parent turns back into the failure (an exception
    that fails to unpickle there would stall the pool instead); None once the
    parent has stopped the run."""
    assert _JOB is not None
    if _STOP is not None and _STOP.is_set():
        return None
    try:
        return _JOB.play(index)
    except SimFailure as failure:
        return failure.fields()


def iter_rounds(job: _Job, rounds: int, jobs: int = 1) -> Iterator[RoundOutcome]:
    """Outcomes of rounds 0..rounds-1, in order; :class:`SimFailure` stops
    them, in a worker process as in this one."""
    if jobs <= 1 or rounds < 2:
        for i in range(rounds):
            yield job.play(i)
        return
    ctx = get_context("spawn" if sys.platform == "win32" else "fork")
    stop = ctx.Event()
    pool = ctx.Pool(jobs, initializer=_init_worker, initargs=(job, stop))
    try:
        chunk = max(1, min(16, rounds // (jobs * 8)))
        for done in pool.imap(_work, range(rounds), chunksize=chunk):
            if isinstance(done, tuple):
                raise SimFailure.from_fields(done)
            assert done is not None  # only skipped once stopped, below
            yield done
    except KeyboardInterrupt:
        # Ctrl+C: at once, as asked (should the wait below hang on a worker
        # killed mid-write, a second Ctrl+C ends it)
        pool.terminate()
        raise
    finally:
        # Otherwise stop without killing a worker (terminate() would): one
        # killed while it writes a result keeps the result queue's lock, and
        # the pool then waits on that lock for ever, a hang instead of the
        # failure.  Each worker ends the round it plays and skips the rest.
        stop.set()
        pool.close()
        pool.join()


def simulate(
    rules: Ruleset,
    ruleset: str,
    levels: Sequence[str],
    rounds: int,
    seed: int,
    jobs: int = 1,
    player_options: dict[str, object] | None = None,
    progress: bool = False,
    base: Ruleset | None = None,
) -> SimResult:
    """Play the rounds and count them per seat; :class:`SimFailure` if an AI fails."""
    seats = [SeatStats(s, level) for s, level in enumerate(levels)]
    start = time.perf_counter()
    options = tuple(sorted((player_options or {}).items()))
    job = _Job(rules, tuple(levels), seed, options, ruleset, base)
    outcomes = iter_rounds(job, rounds, jobs)
    if progress:
        from rich.progress import Progress

        with Progress(transient=True) as bar:
            task = bar.add_task("playing rounds", total=rounds)
            for outcome in outcomes:
                _add(seats, outcome)
                bar.advance(task)
    else:
        for outcome in outcomes:
            _add(seats, outcome)
    seconds = time.perf_counter() - start
    return SimResult(ruleset, len(levels), rounds, seed, seconds, seats)


def _add(seats: list[SeatStats], outcome: RoundOutcome) -> None:
    for st, counts in zip(seats, outcome, strict=True):
        for name, n in zip(COUNTED, counts, strict=True):
            setattr(st, name, getattr(st, name) + n)


def print_table(result: SimResult) -> None:
    from rich import box
    from rich.table import Table

    from dummy_tui.i18n import has, language, preset_name, say, t
    from dummy_tui.printing import text_console

    data = result.as_json()
    table = Table(
        title=say(
            "out.sim.title",
            ruleset=result.ruleset if language() == "en" else preset_name(result.ruleset),
            players=result.players,
            rounds=result.rounds,
            seed=result.seed,
            rate=data["rounds_per_second"],
        ),
        box=box.SIMPLE_HEAD,  # no column rules, one space between columns:
        collapse_padding=True,  # every column whole at 80 columns
    )
    for key in ("out.sim.seat", "out.sim.ai", "out.sim.wins", "out.sim.win_rate", "out.sim.mean",
                "out.sim.knocks", "out.sim.dark", "out.sim.falls", "out.sim.fools",
                "out.sim.penalties"):  # fmt: skip
        if key == "out.sim.ai":
            table.add_column(say(key), min_width=6, no_wrap=True)  # "normal", "random"
        else:
            table.add_column(say(key), justify="right")
    seats = data["seats"]
    assert isinstance(seats, list)
    for s in seats:
        level = str(s["ai"])
        table.add_row(
            str(s["seat"]),
            t(f"level.{level}") if has(f"level.{level}") else level,
            str(s["round_wins"]),
            f"{s['win_rate']:.1%}",
            f"{s['mean_score']:.1f}",
            str(s["knocks"]),
            str(s["dark_knocks"]),
            str(s["falls"]),
            str(s["fools"]),
            str(s["penalty_points"]),
        )
    text_console().print(table)


def main(args: argparse.Namespace, rules: Ruleset, levels: Sequence[str], base: Ruleset) -> int:
    """Run ``dummy-tui sim`` from its parsed arguments, with ``rules`` the preset and
    its ``--options`` and ``levels`` one a seat; the exit code (0, or
    :data:`EXIT_AI_FAILED`).

    ``base`` is the preset as loaded, before ``--options``: a failure's record
    names the options that differ from it.
    """
    options: dict[str, object] = {}
    if args.budget_ms is not None:
        options["budget_ms"] = args.budget_ms
    if args.samples is not None:
        options["samples"] = args.samples
    progress = not args.json and sys.stdout.isatty()
    try:
        result = simulate(
            rules, args.ruleset, levels, args.rounds, args.seed, args.jobs, options, progress, base
        )
    except SimFailure as failure:
        report_failure(failure, args.seed)
        return EXIT_AI_FAILED
    if args.json:
        print(json.dumps(result.as_json()))
    else:
        print_table(result)
    return 0


def report_failure(failure: SimFailure, seed: int) -> None:
    """One line on stderr naming the round, the seat and the level, and the
    round's record in ``sim-failure-<seed>-<round>.json`` (on stderr after
    the line when that file cannot be written)."""
    from dummy_tui.i18n import say

    path = Path(f"sim-failure-{seed}-{failure.index}.json")
    try:
        path.write_text(failure.record, encoding="utf-8")
    except OSError as exc:
        why = exc.strerror or str(exc)
        said = say("out.sim.failed_unwritten", failure=failure, path=path, why=why)
        print(f"dummy-tui sim: {said}", file=sys.stderr)
        sys.stderr.write(failure.record)
        return
    print(f"dummy-tui sim: {say('out.sim.failed', failure=failure, path=path)}", file=sys.stderr)
