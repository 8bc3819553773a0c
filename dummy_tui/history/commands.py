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
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dummy_tui.completion import complete_with, files, presets
from dummy_tui.exits import EXIT_USAGE, PROG
from dummy_tui.i18n import has, language, preset_name, say, t

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from dummy_tui.history.stats import PlayerStats, Stats

EXIT_MISSING = 1


class UsageError(ValueError):
    """A bad argument, told in one line (exit code 2): ``key`` of the
    command's catalog, in the language."""

    def __init__(self, key: str, **values: object) -> None:
        super().__init__(say(key, **values))


def _since(text: str | None) -> datetime | None:
    if text is None:
        return None
    try:
        when = datetime.fromisoformat(text.strip())  # a date alone is its midnight, local time
    except ValueError:
        raise UsageError("out.history.bad_since", text=repr(text)) from None
    try:  # the history compares UTC times: 0001-01-01 east of Greenwich is before year 1
        when.astimezone(UTC)
    except (OverflowError, ValueError):
        raise UsageError("out.history.since_range", text=repr(text.strip())) from None
    return when


def _word(flag: str, text: str | None) -> str | None:
    if text is not None and not text.strip():
        raise UsageError("out.history.empty_flag", flag=flag)
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
    complete_with(stats.add_argument("--ruleset", metavar="NAME", help=h("stats.ruleset")), presets)
    stats.add_argument("--since", metavar="DATE", help=h("stats.since"))
    stats.add_argument("--json", action="store_true", help=h("stats.json"))
    stats.set_defaults(handler=stats_main)

    history = command("history")
    complete_with(history.add_argument("--export", metavar="FILE", help=h("history.export")), files)
    complete_with(
        history.add_argument(
            "--import", dest="import_file", metavar="FILE", help=h("history.import")
        ),
        files,
    )
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
        print(f"{PROG}: {unavailable(exc)}", file=sys.stderr)
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
        print(say("out.stats.no_player", name=repr(player.strip())))
        return 0
    print_stats(stats)
    return 0


def _nothing(stats: Stats, path: Path, exists: bool) -> str:
    if not exists:
        return say("out.history.none_yet", path=path)
    chosen = []
    if stats.filters.ruleset is not None:
        chosen.append(say("out.stats.of_ruleset", ruleset=repr(stats.filters.ruleset)))
    if stats.filters.since is not None:
        chosen.append(say("out.stats.since", since=f"{stats.filters.since:%Y-%m-%d %H:%M}"))
    if chosen:
        return say("out.stats.none_chosen", chosen=" ".join(chosen))
    return say("out.history.empty", path=path)


def unavailable(exc: Exception) -> str:
    """Why the history cannot be used, in the language (the catalog's
    ``unread.KIND``), or the history's own English line."""
    from dummy_tui.history.problems import HistoryUnavailable

    if language() == "en" or not isinstance(exc, HistoryUnavailable):
        return str(exc)
    problem = exc.problem
    key = f"unread.{problem.kind}"
    if not has(key):
        return str(exc)
    why = t(key, path=problem.path or "", detail=problem.detail)
    return t("stats.unavailable", detail=why)


def _who(p: PlayerStats) -> str:
    return p.name if p.level is None else say("out.stats.ai", level=_level(p.name))


def _level(level: str) -> str:
    """An AI level in the language (normal, ปกติ)."""

    return t(f"level.{level}") if has(f"level.{level}") else level


def _rate(won: int, n: int) -> tuple[str, str]:
    """The win rate, and its 95% interval."""
    from dummy_tui.history.stats import wilson

    found = wilson(won, n)
    if found is None:
        return "-", "-"
    return f"{won / n:.0%}", f"{found[0] * 100:.0f}–{found[1] * 100:.0f}"


def print_stats(stats: Stats) -> None:
    from dummy_tui.printing import text_console

    table = _table
    console = text_console()
    head = say("out.stats.matches", n=stats.matches)
    if stats.unfinished:
        head += say("out.stats.unfinished", n=stats.unfinished)
    chosen = []
    if stats.filters.player and stats.players:
        chosen.append(stats.players[0].name)
    if stats.filters.ruleset:
        chosen.append(say("out.stats.ruleset", ruleset=stats.filters.ruleset))
    if stats.filters.since:
        chosen.append(say("out.stats.since", since=f"{stats.filters.since:%Y-%m-%d}"))
    where = say("out.stats.where", chosen=", ".join(chosen)) if chosen else ""
    rounds = say("out.stats.rounds", n=stats.rounds)
    heads = say("out.stats.results_heads").split("|")
    results = table(say("out.stats.title", head=head, rounds=rounds, where=where), *heads)
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
    play = table(say("out.stats.play"), *say("out.stats.play_heads").split("|"))
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
    kinds = table(say("out.stats.penalties"), *say("out.stats.penalties_heads").split("|"))
    for p in stats.players:
        for kind, count in sorted(p.penalties.items()):
            kinds.add_row(_who(p), _penalty(kind), str(count.count), str(count.points))
    if kinds.row_count:
        console.print(kinds)
    pairs = table(say("out.stats.h2h"), *say("out.stats.h2h_heads").split("|"))
    for h in stats.head_to_head:
        pairs.add_row(
            f"{h.a} – {h.b}",
            str(h.matches),
            f"{h.a_won}–{h.b_won}",
            f"{h.a_ahead}–{h.b_ahead}",
            say("out.stats.rounds_of", a=h.a_rounds_won, b=h.b_rounds_won, n=h.rounds),
        )
    if pairs.row_count:
        console.print(pairs)


def _penalty(kind: str) -> str:
    """A kind of penalty: its key in English, its Thai name in Thai."""

    if language() == "en":
        return kind
    return t("item.fool") if kind == "fool_penalty" else t(f"item.{kind}")


# ---------------------------------------------------------------------------
# history


def history_main(args: argparse.Namespace) -> int:

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
            raise UsageError("out.history.one_of", flags=", ".join(chosen), n=len(chosen))
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
        print(f"{PROG}: {unavailable(exc)}", file=sys.stderr)
        return EXIT_MISSING
    except ImportFileError as exc:
        print(f"{PROG}: {say('out.history.import_failed', detail=exc)}", file=sys.stderr)
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
        raise UsageError("out.history.bad_round", text=given, most=ROUND_ID_MAX)
    return value


def _export(history: Any, path: Path) -> int:
    matches, rounds = history.export(path)
    where = say("out.history.stdout") if str(path) == "-" else str(path)
    told = sys.stderr if str(path) == "-" else sys.stdout
    line = say(
        "out.history.exported",
        matches=_count(matches, "out.history.count_match"),
        rounds=_count(rounds, "out.history.count_round"),
        where=where,
    )
    print(line, file=told)
    return 0


def _import(history: Any, path: Path) -> int:
    done = history.import_file(path)
    line = say(
        "out.history.imported",
        matches=_count(done.matches, "out.history.count_new_match"),
        rounds=_count(done.rounds, "out.history.count_new_round"),
    )
    if done.known:
        line += say(
            "out.history.known", matches=_count(done.known, "out.history.count_match"), n=done.known
        )
    print(line + say("out.history.end"))
    return 0


def _forget(history: Any, name: str) -> int:
    seats = history.forget(name)
    if not seats:
        print(f"{PROG}: {say('out.history.nobody', name=repr(name.strip()))}", file=sys.stderr)
        return EXIT_MISSING
    print(
        say("out.history.forgot", name=name.strip(), seats=_count(seats, "out.history.count_seat"))
    )
    return 0


def _record(history: Any, round_id: int) -> int:
    from dummy_tui.engine.record import dumps_record

    record = history.round_record(round_id)
    if record is None:
        print(f"{PROG}: {say('out.history.no_round', id=round_id)}", file=sys.stderr)
        return EXIT_MISSING
    sys.stdout.write(dumps_record(record))
    return 0


def _count(n: int, key: str) -> str:
    """``n`` of something, as the catalog's ``key`` counts it: "1 match", "2 matches", "2 เกม"."""
    return say(key, n=n)


def _summary(history: Any) -> int:
    from dummy_tui.printing import text_console

    found = history.summary()
    if not found["exists"]:
        print(say("out.history.none_yet", path=found["path"]))
        return 0
    size = found["bytes"] / 2**20
    print(say("out.history.file", path=found["path"], schema=found["schema"], size=f"{size:.1f}"))
    line = _count(found["matches"], "out.history.count_match")
    if found["unfinished"]:
        line += say("out.stats.unfinished", n=found["unfinished"])
    line = say(
        "out.history.holds",
        matches=line,
        rounds=_count(found["rounds"], "out.history.count_round"),
        people=_count(found["people"], "out.history.count_person"),
        levels=_count(found["ai_levels"], "out.history.count_ai_level"),
    )
    print(line)
    latest = history.matches(limit=10)
    if not latest:
        return 0
    table = _table(say("out.history.latest"), *say("out.history.latest_heads").split("|"), left=3)
    for m in latest:
        seats = ", ".join(
            (s.player or s.name if s.level is None else say("out.stats.ai", level=_level(s.level)))
            + ("*" if s.won else "")
            for s in m.seats
        )
        ids = "-" if m.first_round is None else f"{m.first_round}–{m.last_round}"
        if m.first_round == m.last_round and m.first_round is not None:
            ids = str(m.first_round)
        started = m.started.astimezone().strftime("%Y-%m-%d %H:%M")
        table.add_row(started, _preset(m.ruleset), seats, str(m.rounds), ids)
    text_console().print(table)
    return 0


def _preset(name: str) -> str:

    return name if language() == "en" else preset_name(name)


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
