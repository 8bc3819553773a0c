"""``dummy-tui stats`` and ``dummy-tui history``: the history on the command line.

::

    dummy-tui stats [--player NAME] [--ruleset NAME] [--since DATE] [--json]
    dummy-tui history [--export FILE | --import FILE | --forget NAME | --record ROUND_ID]

Exit codes: 0 done (an empty history too, which is said); 1 the history file
cannot be used, or the person or round asked for is not in it; 2 a bad
argument or an import file that cannot be read, told in one line.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from dummy_tui.commands import EXIT_USAGE, PROG

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from dummy_tui.history.stats import PlayerStats, Stats

EXIT_MISSING = 1


class UsageError(ValueError):
    """A bad argument, told in one line (exit code 2)."""


def _since(text: str | None) -> datetime | None:
    if text is None:
        return None
    try:
        when = datetime.fromisoformat(text.strip())  # a date alone is its midnight, local time
    except ValueError:
        raise UsageError(
            f"--since must be a date such as 2024-05-31 (or a time, 2024-05-31T18:00), not {text!r}"
        ) from None
    try:  # the history compares UTC times: 0001-01-01 east of Greenwich is before year 1
        when.astimezone(UTC)
    except (OverflowError, ValueError):
        raise UsageError(
            f"--since must be a date from 0001-01-02 to 9999-12-30, not {text.strip()!r}"
        ) from None
    return when


def _word(flag: str, text: str | None) -> str | None:
    if text is not None and not text.strip():
        raise UsageError(f"{flag} must not be empty")
    return text


def _usage(command: str, exc: UsageError) -> int:
    print(f"{PROG} {command}: {exc}", file=sys.stderr)
    return EXIT_USAGE


def add_commands(
    command: Callable[[str], argparse.ArgumentParser], h: Callable[[str], str]
) -> None:
    """Add ``stats`` and ``history`` to the subcommands of ``dummy-tui``'s parser
    (``command(name)`` adds one, with its help; ``h(key)``: a help text)."""
    stats = command("stats")
    stats.add_argument("--player", metavar="NAME", help=h("stats.player"))
    stats.add_argument("--ruleset", metavar="NAME", help=h("stats.ruleset"))
    stats.add_argument("--since", metavar="DATE", help=h("stats.since"))
    stats.add_argument("--json", action="store_true", help=h("stats.json"))
    stats.set_defaults(handler=stats_main)

    history = command("history")
    history.add_argument("--export", metavar="FILE", help=h("history.export"))
    history.add_argument("--import", dest="import_file", metavar="FILE", help=h("history.import"))
    history.add_argument("--forget", metavar="NAME", help=h("history.forget"))
    history.add_argument("--record", metavar="ROUND_ID", help=h("history.record"))
    history.set_defaults(handler=history_main)


# ---------------------------------------------------------------------------
# stats


def _open_history() -> Any:
    from dummy_tui.history import History

    return History(strict=True)


def stats_main(args: argparse.Namespace) -> int:
    from dummy_tui.history import HistoryUnavailable

    try:
        player = _word("--player", args.player)
        ruleset = _word("--ruleset", args.ruleset)
        since = _since(args.since)
    except UsageError as exc:
        return _usage("stats", exc)
    history = _open_history()
    try:
        stats = history.stats(player, ruleset, since)
    except HistoryUnavailable as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return EXIT_MISSING
    finally:
        history.close()
    if args.json:
        from dummy_tui.replay import json_text

        print(json_text(stats.as_json()))
        return 0
    if stats.empty:
        print(_nothing(stats, history.path, history.exists()))
        return 0
    if player is not None and not stats.players:
        print(f"No games of {player.strip()!r} in the history.")
        return 0
    print_stats(stats)
    return 0


def _nothing(stats: Stats, path: Path, exists: bool) -> str:
    if not exists:
        return f"No games recorded yet: the history ({path}) fills as games are played."
    chosen = []
    if stats.filters.ruleset is not None:
        chosen.append(f"of {stats.filters.ruleset!r}")
    if stats.filters.since is not None:
        chosen.append(f"since {stats.filters.since:%Y-%m-%d %H:%M}")
    if chosen:
        return f"No recorded matches {' '.join(chosen)}."
    return f"The history ({path}) is empty."


def _who(p: PlayerStats) -> str:
    return p.name if p.level is None else f"AI {p.name}"


def _rate(won: int, n: int) -> tuple[str, str]:
    """The win rate, and its 95% interval."""
    from dummy_tui.history.stats import wilson

    found = wilson(won, n)
    if found is None:
        return "-", "-"
    return f"{won / n:.0%}", f"{found[0] * 100:.0f}–{found[1] * 100:.0f}"


def print_stats(stats: Stats) -> None:
    from rich.console import Console

    table = _table
    console = Console()
    head = f"{stats.matches} {'match' if stats.matches == 1 else 'matches'}"
    if stats.unfinished:
        head += f" (and {stats.unfinished} unfinished)"
    chosen = []
    if stats.filters.player and stats.players:
        chosen.append(stats.players[0].name)
    if stats.filters.ruleset:
        chosen.append(f"ruleset {stats.filters.ruleset}")
    if stats.filters.since:
        chosen.append(f"since {stats.filters.since:%Y-%m-%d}")
    where = f", {', '.join(chosen)}" if chosen else ""
    rounds = f"{stats.rounds} {'round' if stats.rounds == 1 else 'rounds'}"
    results = table(
        f"History: {head}, {rounds}{where}",
        "player",
        "matches",
        "won",
        "win\nrate",
        "95%",
        "rounds",
        "won",
        "win\nrate",
        "95%",
        "mean\nscore",
        "best\nround",
        "round\nid",
    )
    for p in stats.players:
        mean = p.mean_score
        best = p.best_round is not None
        results.add_row(
            _who(p),
            str(p.matches),
            str(p.matches_won),
            *_rate(p.matches_won, p.matches),
            str(p.rounds),
            str(p.rounds_won),
            *_rate(p.rounds_won, p.rounds),
            "-" if mean is None else f"{mean:.1f}",
            str(p.best_score) if best else "-",
            str(p.best_round) if best else "-",
        )
    console.print(results)
    play = table(
        "Play",
        "player",
        "knocks",
        "dark",
        "one-suit",
        "falls",
        "fools",
        "penalty\npoints",
        "money\nunits",
        "streak\nrounds",
        "streak\nmatches",
    )
    for p in stats.players:
        play.add_row(
            _who(p),
            str(p.knocks),
            str(p.dark_knocks),
            str(p.one_suit_knocks),
            str(p.falls),
            str(p.fools),
            str(p.penalty_points),
            str(p.money) if p.money_rounds else "-",
            "-" if p.round_streak is None else str(p.round_streak),
            "-" if p.match_streak is None else str(p.match_streak),
        )
    console.print(play)
    kinds = table("Penalties by kind", "player", "penalty", "times", "points")
    for p in stats.players:
        for kind, count in sorted(p.penalties.items()):
            kinds.add_row(_who(p), kind, str(count.count), str(count.points))
    if kinds.row_count:
        console.print(kinds)
    pairs = table(
        "Head to head (matches finished together)",
        "people",
        "matches",
        "wins",
        "higher total",
        "rounds won",
    )
    for h in stats.head_to_head:
        pairs.add_row(
            f"{h.a} – {h.b}",
            str(h.matches),
            f"{h.a_won}–{h.b_won}",
            f"{h.a_ahead}–{h.b_ahead}",
            f"{h.a_rounds_won}–{h.b_rounds_won} of {h.rounds}",
        )
    if pairs.row_count:
        console.print(pairs)


# ---------------------------------------------------------------------------
# history


def history_main(args: argparse.Namespace) -> int:
    from pathlib import Path

    from dummy_tui.history import HistoryUnavailable
    from dummy_tui.history.transfer import ImportFileError

    chosen = [
        flag
        for flag, value in (
            ("--export", args.export),
            ("--import", args.import_file),
            ("--forget", args.forget),
            ("--record", args.record),
        )
        if value is not None
    ]
    try:
        if len(chosen) > 1:
            raise UsageError(f"give one of {', '.join(chosen)}, not {len(chosen)}")
        _word("--export", args.export)
        _word("--import", args.import_file)
        _word("--forget", args.forget)
        round_id = _round_id(args.record)
    except UsageError as exc:
        return _usage("history", exc)
    history = _open_history()
    try:
        if args.export is not None:
            return _export(history, Path(args.export))
        if args.import_file is not None:
            return _import(history, Path(args.import_file))
        if args.forget is not None:
            return _forget(history, args.forget)
        if round_id is not None:
            return _record(history, round_id)
        return _summary(history)
    except HistoryUnavailable as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return EXIT_MISSING
    except ImportFileError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        history.close()


ROUND_ID_MAX = 2**63 - 1
"""The largest round id: SQLite's largest integer."""


def _round_id(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        value = int(text)
    except ValueError:  # not a number, or one of more digits than Python reads
        value = 0
    if not 1 <= value <= ROUND_ID_MAX:
        given = repr(text if len(text) <= 40 else text[:37] + "...")
        raise UsageError(
            f"--record takes a round id, a whole number from 1 to {ROUND_ID_MAX}, not {given}"
        )
    return value


def _export(history: Any, path: Path) -> int:
    matches, rounds = history.export(path)
    where = "the standard output" if str(path) == "-" else str(path)
    told = sys.stderr if str(path) == "-" else sys.stdout
    print(f"Exported {_count(matches, 'match')} ({_count(rounds, 'round')}) to {where}.", file=told)
    return 0


def _import(history: Any, path: Path) -> int:
    done = history.import_file(path)
    line = f"Imported {_count(done.matches, 'new match')} and {_count(done.rounds, 'new round')}"
    if done.known:
        line += f"; {_count(done.known, 'match')} {'was' if done.known == 1 else 'were'} there"
        line += " already"
    print(line + ".")
    return 0


def _forget(history: Any, name: str) -> int:
    seats = history.forget(name)
    if not seats:
        print(f"{PROG}: no one called {name.strip()!r} in the history", file=sys.stderr)
        return EXIT_MISSING
    print(f"Forgot {name.strip()}: {_count(seats, 'seat')} now anonymous.")
    return 0


def _record(history: Any, round_id: int) -> int:
    from dummy_tui.engine.record import dumps_record

    record = history.round_record(round_id)
    if record is None:
        print(f"{PROG}: no round {round_id} in the history", file=sys.stderr)
        return EXIT_MISSING
    sys.stdout.write(dumps_record(record))
    return 0


def _count(n: int, word: str) -> str:
    plural = word + ("es" if word.endswith("ch") else "s")
    return f"{n} {word if n == 1 else plural}"


def _summary(history: Any) -> int:
    from rich.console import Console

    found = history.summary()
    if not found["exists"]:
        print(f"No games recorded yet: the history ({found['path']}) fills as games are played.")
        return 0
    size = found["bytes"] / 2**20
    print(f"History: {found['path']} (schema version {found['schema']}, {size:.1f} MiB)")
    line = f"{_count(found['matches'], 'match')}"
    if found["unfinished"]:
        line += f" (and {found['unfinished']} unfinished)"
    line += f", {_count(found['rounds'], 'round')}, {_count(found['people'], 'person')}"
    print(line.replace("persons", "people") + f", {_count(found['ai_levels'], 'AI level')}")
    latest = history.matches(limit=10)
    if not latest:
        return 0
    table = _table(
        "Latest matches", "started", "preset", "seats (* won)", "rounds", "round ids", left=3
    )
    for m in latest:
        seats = ", ".join(
            (s.player or s.name if s.level is None else f"AI {s.level}") + ("*" if s.won else "")
            for s in m.seats
        )
        ids = "-" if m.first_round is None else f"{m.first_round}–{m.last_round}"
        if m.first_round == m.last_round and m.first_round is not None:
            ids = str(m.first_round)
        started = m.started.astimezone().strftime("%Y-%m-%d %H:%M")
        table.add_row(started, m.ruleset, seats, str(m.rounds), ids)
    Console().print(table)
    return 0


def _table(title: str, *columns: str, left: int = 1) -> Any:
    """A table as ``sim`` prints them: a rule under the heads, one space between
    columns; the first ``left`` columns to the left, the others (figures) to the right."""
    from rich import box
    from rich.table import Table

    made = Table(
        title=title,
        box=box.SIMPLE_HEAD,
        padding=0,  # the box puts one space between columns
        pad_edge=False,
        title_justify="left",
    )
    for i, name in enumerate(columns):
        made.add_column(name, justify="left" if i < left else "right", no_wrap=i == 0)
    return made
