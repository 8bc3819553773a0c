"""Moving the history between machines, and forgetting a person.

Export: one JSON object per line (JSON Lines), one line per match, oldest
first, with everything the history keeps of it (``format``
``dummy-tui-history/1``): its seats, its options, and every round with its
record, its score lines and its seats' figures.  Import reads such a file
and adds what is not there yet: a match is known by its ``uid`` and a round
by its number in the match, so importing the same file twice adds nothing,
and importing a later export of a match adds only its new rounds (and its
end).  People are matched by name (:mod:`names`).  A file with a fault is
refused whole, naming the line.

Forget: a person's seats become anonymous ("Player 2"), in the seats and in
the records of their rounds alike, and the person is removed; the matches
stay, so that the other players' figures do not change.  The freed pages
are overwritten (``secure_delete``) and the write-ahead log is emptied, so
that the name does not linger in the file.  Importing an export made before
the person was forgotten brings them back.
"""

from __future__ import annotations

import contextlib
import sqlite3
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from dummy_tui.files import atomic_open
from dummy_tui.history import summary
from dummy_tui.history.capture import BonusLine, PenaltyLine, RoundLines, SeatLine, compact
from dummy_tui.history.names import PERSON, anonymous_name, person_key
from dummy_tui.history.problems import stored_json
from dummy_tui.history.writes import MatchInfo, SeatInfo, ensure_match, finish, insert_round
from dummy_tui.problems import json_problem, validation_problem

FORMAT = "dummy-tui-history/1"
TIME = r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$"


class ImportFileError(ValueError):
    """An import file that cannot be read: one line naming the file and the line."""


# ----------------------------------------------------------------------
# the file's shape


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatModel(_Model):
    name: str
    level: str | None = None
    anonymous: bool = False
    total: int | None = None
    won: bool = False


class RoundSeatModel(_Model):
    score: int
    won: bool
    knocked: bool
    dark_knock: bool
    one_suit_knock: bool
    fell: bool
    fooled: bool
    penalties: int
    money: int | None = None


class PenaltyModel(_Model):
    seat: int
    kind: str
    points: int
    card: str | None = None


class BonusModel(_Model):
    seat: int
    kind: str
    payer: int | None = None
    card: str | None = None


class RoundModel(_Model):
    number: int = Field(ge=0)
    ended: str = Field(pattern=TIME)
    seed: int | None = None
    ending: str | None = None
    knocker: int | None = None
    dark_knock: bool = False
    one_suit_knock: bool = False
    breakdown: list[dict[str, Any]]
    record: dict[str, Any]
    seats: list[RoundSeatModel]
    penalties: list[PenaltyModel] = Field(default_factory=list)
    bonuses: list[BonusModel] = Field(default_factory=list)


class MatchModel(_Model):
    format: Literal["dummy-tui-history/1"]
    uid: str = Field(min_length=1)
    started: str = Field(pattern=TIME)
    ended: str | None = Field(default=None, pattern=TIME)
    ruleset: str
    family: str
    seed: int | None = None
    options: dict[str, Any]
    overrides: dict[str, Any]
    seats: list[SeatModel] = Field(min_length=2, max_length=4)
    rounds: list[RoundModel] = Field(default_factory=list)


def _check(match: MatchModel) -> str | None:
    """A fault of a match that its shape does not show, or None."""
    n = len(match.seats)
    numbers = [r.number for r in match.rounds]
    if len(set(numbers)) != len(numbers):
        return "rounds: a round number is given twice"
    for i, r in enumerate(match.rounds):
        if len(r.seats) != n or len(r.breakdown) != n:
            return f"rounds[{i}]: {len(r.seats)} seats in a match of {n}"
        seats = [p.seat for p in r.penalties] + [b.seat for b in r.bonuses]
        if any(not 0 <= s < n for s in seats) or (r.knocker is not None and not 0 <= r.knocker < n):
            return f"rounds[{i}]: a seat that is not at this table"
    return None


# ----------------------------------------------------------------------
# export


def _lines(conn: sqlite3.Connection) -> Iterator[dict[str, Any]]:
    matches = conn.execute(
        "SELECT m.id, m.uid, m.started, m.ended, m.ruleset, m.family, m.seed, r.options,"
        " r.overrides FROM matches m JOIN match_rules r ON r.match_id = m.id"
        " ORDER BY m.started, m.id"
    ).fetchall()
    for match_id, uid, started, ended, ruleset, family, seed, options, overrides in matches:
        seats = [
            {
                "name": name,
                "level": level,
                "anonymous": player is None and level is None,
                "total": total,
                "won": bool(won),
            }
            for name, level, player, total, won in conn.execute(
                "SELECT name, level, player_id, total, won FROM match_seats"
                " WHERE match_id = ? ORDER BY seat",
                (match_id,),
            )
        ]
        yield {
            "format": FORMAT,
            "uid": uid,
            "started": started,
            "ended": ended,
            "ruleset": ruleset,
            "family": family,
            "seed": seed,
            "options": stored_json(options, f"match_rules.options of match {match_id}"),
            "overrides": stored_json(overrides, f"match_rules.overrides of match {match_id}"),
            "seats": seats,
            "rounds": list(_rounds(conn, match_id)),
        }


def _rounds(conn: sqlite3.Connection, match_id: int) -> Iterator[dict[str, Any]]:
    rounds = conn.execute(
        "SELECT r.id, r.number, r.ended, r.seed, r.ending, r.knocker, r.dark_knock,"
        " r.one_suit_knock, r.breakdown, c.record FROM rounds r"
        " JOIN records c ON c.round_id = r.id WHERE r.match_id = ? ORDER BY r.number",
        (match_id,),
    ).fetchall()
    for round_id, number, ended, seed, ending, knocker, dark, one_suit, breakdown, record in rounds:
        seats = conn.execute(
            "SELECT score, won, knocked, dark_knock, one_suit_knock, fell, fooled, penalties,"
            " money FROM round_seats WHERE round_id = ? ORDER BY seat",
            (round_id,),
        )
        penalties = conn.execute(
            "SELECT seat, kind, points, card FROM penalties WHERE round_id = ? ORDER BY rowid",
            (round_id,),
        )
        bonuses = conn.execute(
            "SELECT seat, kind, payer, card FROM bonuses WHERE round_id = ? ORDER BY rowid",
            (round_id,),
        )
        yield {
            "number": number,
            "ended": ended,
            "seed": seed,
            "ending": ending,
            "knocker": knocker,
            "dark_knock": bool(dark),
            "one_suit_knock": bool(one_suit),
            "breakdown": stored_json(breakdown, f"rounds.breakdown of round {round_id}"),
            "record": stored_json(record, f"records.record of round {round_id}"),
            "seats": [
                {
                    "score": score,
                    "won": bool(won),
                    "knocked": bool(knocked),
                    "dark_knock": bool(d),
                    "one_suit_knock": bool(o),
                    "fell": bool(fell),
                    "fooled": bool(fooled),
                    "penalties": points,
                    "money": money,
                }
                for score, won, knocked, d, o, fell, fooled, points, money in seats
            ],
            "penalties": [
                {"seat": s, "kind": k, "points": p, "card": c} for s, k, p, c in penalties
            ],
            "bonuses": [{"seat": s, "kind": k, "payer": p, "card": c} for s, k, p, c in bonuses],
        }


class OutputFailed(Exception):
    """Writing the export failed (``error``): the fault of where it goes, not of the
    history file."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


def export(conn: sqlite3.Connection, out: IO[str]) -> tuple[int, int]:
    """Write every match to ``out``, one JSON line each; returns (matches, rounds).
    A failed write raises :class:`OutputFailed`."""
    matches = rounds = 0
    for line in _lines(conn):
        try:
            out.write(compact(line) + "\n")
        except OSError as exc:
            raise OutputFailed(exc) from exc
        matches += 1
        rounds += len(line["rounds"])
    return matches, rounds


@contextlib.contextmanager
def writing(path: Path) -> Iterator[IO[str]]:
    """``path`` to write, whole or not at all (a temporary file, renamed at the end);
    ``-`` is the standard output."""
    if str(path) == "-":
        yield sys.stdout
        return
    with atomic_open(path) as f:
        yield f


# ----------------------------------------------------------------------
# import


def read(path: Path) -> list[MatchModel]:
    """The matches of an export file (``-``: the standard input), every line checked;
    raises :class:`ImportFileError` naming the first faulty line."""

    where = "standard input" if str(path) == "-" else str(path)
    try:
        text = sys.stdin.read() if str(path) == "-" else path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise ImportFileError(f"{where}: not a text file (UTF-8 expected)") from None
    found = []
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        data, problem = json_problem(line)
        if problem is not None:
            raise ImportFileError(f"{where} line {n}: {problem}")
        if not isinstance(data, dict):
            raise ImportFileError(f"{where} line {n}: a match is a JSON object")
        if data.get("format") != FORMAT:
            raise ImportFileError(
                f"{where} line {n}: format: expected {FORMAT!r}, got {data.get('format')!r}"
            )
        try:
            match = MatchModel.model_validate(data)
        except ValidationError as exc:
            raise ImportFileError(f"{where} line {n}: {validation_problem(exc)}") from None
        fault = _check(match)
        if fault is not None:
            raise ImportFileError(f"{where} line {n}: {fault}")
        found.append(match)
    return found


@dataclass(frozen=True, slots=True)
class Imported:
    matches: int  # new matches
    rounds: int  # new rounds, in new matches or known ones
    known: int  # matches already there with nothing new


_ROUND_FIELDS = {"ending", "knocker", "dark_knock", "one_suit_knock", "seed", "record"}
"""The fields a round's lines take from its model as they are."""
_MATCH_FIELDS = {"uid", "started", "ruleset", "family", "overrides", "seed"}
"""The fields a match's info takes from its model as they are."""


def _lines_of(r: RoundModel) -> RoundLines:
    return RoundLines(
        **r.model_dump(include=_ROUND_FIELDS),
        breakdown=tuple(r.breakdown),
        seats=tuple(SeatLine(**s.model_dump()) for s in r.seats),
        penalties=tuple(PenaltyLine(**p.model_dump()) for p in r.penalties),
        bonuses=tuple(BonusLine(**b.model_dump()) for b in r.bonuses),
    )


def import_matches(conn: sqlite3.Connection, matches: list[MatchModel]) -> Imported:
    """Add what ``matches`` have that the history has not; inside a transaction."""
    new = rounds = known = 0
    for m in matches:
        row = conn.execute("SELECT id, ended FROM matches WHERE uid = ?", (m.uid,)).fetchone()
        if row is None:
            info = MatchInfo(
                **m.model_dump(include=_MATCH_FIELDS),
                options=compact(m.options),
                seats=tuple(SeatInfo(s.name, s.level, s.anonymous) for s in m.seats),
            )
            match_id, ended, have = ensure_match(conn, info), None, set()
            new += 1
        else:
            match_id, ended = row
            numbers = conn.execute("SELECT number FROM rounds WHERE match_id = ?", (match_id,))
            have = {n for (n,) in numbers}
        added = [r for r in m.rounds if r.number not in have]
        for r in added:
            insert_round(conn, match_id, r.number, r.ended, _lines_of(r), refresh=False)
        rounds += len(added)
        finishing = False
        if ended is None and m.ended is not None:
            finish(conn, match_id, m.ended, [(s.total or 0, int(s.won)) for s in m.seats])
            finishing = True
        if added or finishing:
            summary.refresh(conn, [match_id])
        elif row is not None:
            known += 1
    return Imported(new, rounds, known)


# ----------------------------------------------------------------------
# forget


def forget(conn: sqlite3.Connection, name: str) -> int:
    """Make the seats of the person called ``name`` anonymous and remove them;
    returns how many seats were theirs (0: no such person).  Inside a transaction."""
    row = conn.execute(
        "SELECT id FROM players WHERE kind = ? AND key = ?", (PERSON, person_key(name))
    ).fetchone()
    if row is None:
        return 0
    player = row[0]
    seats = conn.execute(
        "SELECT match_id, seat FROM match_seats WHERE player_id = ?", (player,)
    ).fetchall()
    for match_id, seat in seats:
        placeholder = anonymous_name(seat)
        conn.execute(
            "UPDATE match_seats SET name = ?, player_id = NULL WHERE match_id = ? AND seat = ?",
            (placeholder, match_id, seat),
        )
        records = conn.execute(
            "SELECT c.round_id, c.record FROM records c JOIN rounds r ON r.id = c.round_id"
            " WHERE r.match_id = ?",
            (match_id,),
        ).fetchall()
        for round_id, text in records:
            record = stored_json(text, f"records.record of round {round_id}")
            players = record.get("players")
            if isinstance(players, list) and seat < len(players):
                players[seat] = placeholder
                conn.execute(
                    "UPDATE records SET record = ? WHERE round_id = ?", (compact(record), round_id)
                )
    conn.execute("UPDATE match_penalties SET player_id = NULL WHERE player_id = ?", (player,))
    conn.execute("DELETE FROM players WHERE id = ?", (player,))
    return len(seats)
