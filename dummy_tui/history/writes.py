"""The history's writes, each inside a caller's transaction, and what they are given:
the seats and the match as :meth:`History.start_match` was told them.

:mod:`transfer` (imports) and the benchmarks write through these too.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dummy_tui.history import summary
from dummy_tui.history.capture import RoundLines, compact
from dummy_tui.history.names import AI, PERSON, person_key, shown_name
from dummy_tui.rules.loader import RulesetError, get_ruleset

if TYPE_CHECKING:
    from dummy_tui.engine.round import Round
    from dummy_tui.rules.schema import Ruleset


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat of a match: its name at the table and, for an AI, its level."""

    name: str
    level: str | None = None  # None: a person
    anonymous: bool = False  # a person no longer known (forgotten)


@dataclass(slots=True)
class MatchInfo:
    """What :meth:`History.start_match` was told, kept to write the match (again)."""

    uid: str
    started: str
    ruleset: str
    family: str
    options: str  # JSON: every option in force
    overrides: dict[str, Any]  # the record's "options"
    seed: int | None
    seats: tuple[SeatInfo, ...]


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """A finished round for :meth:`History.record_match`: its ``number`` in the
    match (the first is 0), the ``game`` played out, its ``record`` and the
    round's ``seed`` (``RoundResult.seed``; None when not known)."""

    number: int
    game: Round[Any]
    record: Mapping[str, Any]
    seed: int | None = None


def overrides_of(rules: Ruleset, ruleset: str, base: Ruleset | None) -> dict[str, Any]:
    from dummy_tui.engine.record import option_overrides

    if base is None:
        try:
            base = get_ruleset(ruleset)
        except RulesetError:
            # not a packaged preset: the record names every option, so it replays as played
            return {
                k: v
                for k, v in rules.model_dump(mode="json").items()
                if k not in ("description", "family")
            }
    return option_overrides(rules, base)


def player_id(conn: sqlite3.Connection, seat: SeatInfo) -> int | None:
    """The id of the person or AI level of ``seat``, added if new; None for a
    person without a name or forgotten."""
    if seat.anonymous:
        return None
    if seat.level is None:
        kind, key, name = PERSON, person_key(seat.name), shown_name(seat.name)
        if not key:
            return None
    else:
        kind, key, name = AI, seat.level, seat.level
    conn.execute(
        "INSERT INTO players (kind, key, name) VALUES (?, ?, ?) ON CONFLICT (kind, key) DO NOTHING",
        (kind, key, name),
    )
    row = conn.execute("SELECT id FROM players WHERE kind = ? AND key = ?", (kind, key)).fetchone()
    return int(row[0])


def ensure_match(conn: sqlite3.Connection, info: MatchInfo) -> int:
    """The id of match ``info.uid``, written with its seats if it is not there yet."""
    row = conn.execute("SELECT id FROM matches WHERE uid = ?", (info.uid,)).fetchone()
    if row is not None:
        return int(row[0])
    cur = conn.execute(
        "INSERT INTO matches (uid, started, ruleset, family, seed, players)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (info.uid, info.started, info.ruleset, info.family, info.seed, len(info.seats)),
    )
    match_id = cur.lastrowid
    assert match_id is not None
    conn.execute(
        "INSERT INTO match_rules (match_id, options, overrides) VALUES (?, ?, ?)",
        (match_id, info.options, compact(info.overrides)),
    )
    conn.executemany(
        "INSERT INTO match_seats (match_id, seat, player_id, name, level, started, ruleset)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (match_id, seat, player_id(conn, s), s.name, s.level, info.started, info.ruleset)
            for seat, s in enumerate(info.seats)
        ],
    )
    return match_id


def insert_round(
    conn: sqlite3.Connection,
    match_id: int,
    number: int,
    ended: str,
    lines: RoundLines,
    refresh: bool = True,
) -> int:
    """Write round ``number`` of the match and (unless ``refresh`` is False: the
    caller refreshes them later) its seats' summaries; if it is there already,
    its id."""
    cur = conn.execute(
        "INSERT INTO rounds (match_id, number, ended, seed, ending, knocker, dark_knock,"
        " one_suit_knock, breakdown) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (match_id, number) DO NOTHING",
        (
            match_id,
            number,
            ended,
            lines.seed,
            lines.ending,
            lines.knocker,
            int(lines.dark_knock),
            int(lines.one_suit_knock),
            lines.breakdown_json(),
        ),
    )
    if cur.rowcount == 0:
        row = conn.execute(
            "SELECT id FROM rounds WHERE match_id = ? AND number = ?", (match_id, number)
        ).fetchone()
        return int(row[0])
    round_id = cur.lastrowid
    assert round_id is not None
    conn.execute(
        "INSERT INTO records (round_id, record) VALUES (?, ?)", (round_id, lines.record_json())
    )
    conn.executemany(
        "INSERT INTO round_seats (round_id, seat, score, won, knocked, dark_knock,"
        " one_suit_knock, fell, fooled, penalties, money) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                round_id,
                seat,
                s.score,
                int(s.won),
                int(s.knocked),
                int(s.dark_knock),
                int(s.one_suit_knock),
                int(s.fell),
                int(s.fooled),
                s.penalties,
                s.money,
            )
            for seat, s in enumerate(lines.seats)
        ],
    )
    conn.executemany(
        "INSERT INTO penalties (round_id, seat, kind, points, card) VALUES (?, ?, ?, ?, ?)",
        [(round_id, p.seat, p.kind, p.points, p.card) for p in lines.penalties],
    )
    conn.executemany(
        "INSERT INTO bonuses (round_id, seat, kind, payer, card) VALUES (?, ?, ?, ?, ?)",
        [(round_id, b.seat, b.kind, b.payer, b.card) for b in lines.bonuses],
    )
    if refresh:
        summary.refresh(conn, [match_id])
    return round_id


def finish(
    conn: sqlite3.Connection, match_id: int, ended: str, finals: Sequence[tuple[int, int]]
) -> None:
    """The match's end: when (kept as first written: the end of a match written
    again after a crash is the same end), and each seat's (total, won)."""
    conn.execute("UPDATE matches SET ended = coalesce(ended, ?) WHERE id = ?", (ended, match_id))
    conn.executemany(
        "UPDATE match_seats SET total = ?, won = ?, finished = 1 WHERE match_id = ? AND seat = ?",
        [(total, won, match_id, seat) for seat, (total, won) in enumerate(finals)],
    )


def write_match(
    conn: sqlite3.Connection,
    info: MatchInfo,
    ended: str,
    rounds: Sequence[tuple[int, RoundLines]],
    finals: Sequence[tuple[int, int]] | None,
    seed: int | None = None,
) -> int:
    """The match ``info``, its ``rounds`` (number, lines) not there yet, its
    seats' summaries and, with ``finals``, its end (and ``seed``, the match's
    seed if it has none yet); how many rounds were new."""
    match_id = ensure_match(conn, info)
    query = "SELECT number FROM rounds WHERE match_id = ?"
    have = {int(row[0]) for row in conn.execute(query, (match_id,))}
    for number, lines in rounds:
        insert_round(conn, match_id, number, ended, lines, refresh=False)
    summary.refresh(conn, [match_id])
    if finals is not None:
        finish(conn, match_id, ended, finals)
        if seed is not None:
            query = "UPDATE matches SET seed = ? WHERE id = ? AND seed IS NULL"
            conn.execute(query, (seed, match_id))
    return len({number for number, _ in rounds} - have)
