"""The history of every game played, in an SQLite file of the data folder.

The game calls three methods of :class:`History`, none of which raises at it:

- :meth:`History.start_match` when a match starts (and again with the same
  ``uid`` when a saved match is resumed); it returns the match's ``uid``;
- :meth:`History.record_round` when a round ends: the round, its record and
  every seat's figures are written in one transaction;
- :meth:`History.finish_match` when the match is over: the final totals and
  the winners.

The game itself writes through :meth:`History.record_match`: a match's
rounds not yet there and its end, in one transaction, each round once
however often it is given (after a crash, from another window).

When the file cannot be used, each returns ``None``/``False`` and
:attr:`History.problem` says why; :meth:`History.notice` gives the sentence
to show, once.  A database locked by another program keeps the writes in
memory and makes them at the next call; a damaged one, one of a newer
version or another program's file is left untouched, and the history is off
until the game is started again.  A bug (a wrong argument, SQL that does not
fit) is raised in strict mode (the tests, ``dummy-tui stats``; or with
``DUMMY_TUI_HISTORY_STRICT=1``) and otherwise reported as an ``internal``
problem, so that it never stops a game either.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

from dummy_tui.history import schema
from dummy_tui.history.capture import capture, compact
from dummy_tui.history.problems import (
    BUSY,
    FOREIGN,
    NEWER,
    SHAPE,
    HistoryUnavailable,
    Problem,
    file_problem,
    internal_problem,
)
from dummy_tui.history.queries import Queries
from dummy_tui.history.writes import (
    MatchInfo,
    RoundEntry,
    SeatInfo,
    ensure_match,
    finish,
    insert_round,
    overrides_of,
    write_match,
)

if TYPE_CHECKING:
    from dummy_tui.engine.match import RoundResult
    from dummy_tui.engine.round import Round
    from dummy_tui.history.transfer import Imported
    from dummy_tui.rules.schema import Ruleset

T = TypeVar("T")

STRICT_ENV = "DUMMY_TUI_HISTORY_STRICT"
"""Set to 1 to raise bugs in the history instead of reporting them as a problem."""

MAX_PENDING = 200
"""Writes kept in memory while the database is locked, at most."""


def default_path() -> Path:
    """``history.sqlite3`` in the data folder (under ``$DUMMY_TUI_HOME/data`` when set)."""
    from dummy_tui.storage import data_dir

    return data_dir() / schema.FILE_NAME


def _finals(
    info: MatchInfo, totals: Sequence[int], winners: Sequence[int]
) -> list[tuple[int, int]]:
    """Each seat's (total, won) at the match's end."""
    won = set(winners)
    if len(totals) != len(info.seats) or not won <= set(range(len(totals))):
        raise ValueError(f"totals {list(totals)} and winners {list(winners)} do not fit")
    return [(int(t), int(s in won)) for s, t in enumerate(totals)]


def stamp(when: datetime | None = None) -> str:
    """``when`` (default: now) as the database writes times: UTC, to the second.
    A time without a zone is taken as local time."""
    moment = datetime.now(UTC) if when is None else when.astimezone(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


class History(Queries):
    """The history database at ``path`` (default: :func:`default_path`).

    The file is opened at the first call that needs it, created (and brought
    up to the current schema) if need be.  ``enabled=False`` (the
    ``--no-history`` flag, the setting) makes every write a no-op that still
    returns a match ``uid``.  ``timeout`` is how long a write waits for
    another program's lock before it is kept for later.
    """

    def __init__(
        self,
        path: Path | None = None,
        *,
        enabled: bool = True,
        strict: bool | None = None,
        timeout: float = 2.0,
    ) -> None:
        self.path = default_path() if path is None else path
        self.enabled = enabled
        self.strict = os.environ.get(STRICT_ENV, "") not in ("", "0") if strict is None else strict
        self.timeout = timeout
        self.problem: Problem | None = None
        """Why the last call could not use the file; None once a call worked."""
        self._told: set[tuple[str, str]] = set()
        self._off = False  # a lasting problem: no more tries
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.RLock()
        self._matches: dict[str, MatchInfo] = {}
        # writes not yet made (the database was locked), in order
        self._pending: list[Callable[[sqlite3.Connection], object]] = []
        self.found_version: int | None = None
        """The schema version the file had when opened (before any migration)."""

    # ------------------------------------------------------------------
    # status

    def notice(self) -> str | None:
        """The sentence to show for the current problem, the first time only
        (``"history unavailable: …"``); None when there is nothing new to say."""
        problem = self.problem
        if problem is None or (problem.kind, problem.detail) in self._told:
            return None
        self._told.add((problem.kind, problem.detail))
        return problem.message

    @property
    def available(self) -> bool:
        """Enabled, and no lasting problem found with the file."""
        return self.enabled and not self._off

    @property
    def pending(self) -> int:
        """Writes kept in memory until the database is free again."""
        return len(self._pending)

    def close(self) -> None:
        """Try once more the writes kept for a locked database, then close it."""
        with self._lock:
            if self._pending and self.available:
                self._write(None)
            if self._conn is not None:
                with contextlib.suppress(sqlite3.Error):
                    self._conn.close()
                self._conn = None

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------
    # opening

    def exists(self) -> bool:
        return self.path.exists()

    def connection(self) -> sqlite3.Connection:
        """The open database, made and migrated if need be; raises
        :class:`HistoryUnavailable` when the file cannot be used."""
        with self._lock:
            if self._conn is None:
                deadline = time.monotonic() + self.timeout
                while self._conn is None:
                    try:
                        self._conn = self._open()
                    except Exception as exc:
                        problem = file_problem(exc, self.path)
                        if problem is None:
                            raise
                        if problem.kind == BUSY and time.monotonic() < deadline:
                            # SQLite answers at once, without waiting, a lock it could
                            # only wait for in a deadlock: two programs turning a new
                            # file to WAL together.  One of them goes on: try again.
                            time.sleep(0.02)
                            continue
                        raise HistoryUnavailable(problem) from exc
            return self._conn

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(
            self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False
        )
        try:
            version, app = schema.version_of(conn)
            empty = app == 0 and version == 0 and not schema.has_tables(conn)
            if app == 0 and not empty:
                # another process may have made the file between the two reads (its
                # tables and its id come in one transaction): read the id again
                version, app = schema.version_of(conn)
            if app != schema.APPLICATION_ID and not empty:
                raise HistoryUnavailable(
                    Problem(
                        FOREIGN,
                        f"{self.path} is not a dummy-tui history; it is left as it is",
                        self.path,
                    )
                )
            if version > schema.SCHEMA_VERSION:
                raise HistoryUnavailable(
                    Problem(
                        NEWER,
                        f"{self.path} was written by a newer dummy-tui (schema version "
                        f"{version}; this one reads up to {schema.SCHEMA_VERSION}); "
                        "it is left as it is",
                        self.path,
                    )
                )
            self._check_shape(conn, version)
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")  # durable at checkpoints; never torn
            if version < schema.SCHEMA_VERSION:
                schema.migrate(conn)
            self.found_version = version
        except BaseException:
            conn.close()
            raise
        return conn

    def _check_shape(self, conn: sqlite3.Connection, version: int) -> None:
        """Refuse a file whose tables are not those of its schema version (a
        version set by hand, a table changed by another program)."""
        fault = schema.shape_fault(conn, version)
        if fault is not None:
            # another process may have migrated the file since its version was read
            # (a migration is one transaction): then its tables are those of the new one
            again = schema.version_of(conn)[0]
            if again != version:
                fault = schema.shape_fault(conn, again)
        if fault is not None:
            detail = (
                f"{self.path} is not a dummy-tui history of a shape this version knows "
                f"({fault}); it is left as it is"
            )
            raise HistoryUnavailable(Problem(SHAPE, detail, self.path, fault))

    @contextlib.contextmanager
    def _raising(self) -> Iterator[None]:
        """A file that cannot be used, found in the block, raises
        :class:`HistoryUnavailable`; a bug is raised as it is."""
        try:
            yield
        except HistoryUnavailable:
            raise
        except Exception as exc:
            problem = file_problem(exc, self.path)
            if problem is None:
                raise
            raise HistoryUnavailable(problem) from exc

    @contextlib.contextmanager
    def reading(self) -> Iterator[sqlite3.Connection | None]:
        """For reading: the open database, or None when there is no file yet (none
        is made).  A file that cannot be used, found on opening or while reading
        in the block, raises :class:`HistoryUnavailable`; a bug is raised as it is."""
        with self._lock, self._raising():
            if self._conn is None and not self.path.exists():
                yield None
            else:
                yield self.connection()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction (``BEGIN IMMEDIATE``): committed at the end of the
        block, rolled back on any exception, Ctrl+C included."""
        with self._lock:
            conn = self.connection()
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    def _write(
        self, write: Callable[[sqlite3.Connection], T] | None, keep: bool = True
    ) -> T | None:
        """Make the kept writes, then ``write``, each in its own transaction;
        ``write``'s result, or None if it was not made (see :meth:`_fail`).
        ``keep=False``: ``write`` is not kept for later on a lock (its caller keeps it)."""
        with self._lock:
            if not self.available:
                return None
            queue = self._pending
            if write is not None:
                queue.append(write)
            result: Any = None
            try:
                while queue:
                    with self.transaction() as conn:
                        result = queue[0](conn)
                    queue.pop(0)
            except Exception as exc:
                if not self._fail(exc) and queue:
                    queue.pop(0)  # a bug in that write: the others may go through
                if not keep and write in queue:
                    queue.remove(write)
                return None
            self.problem = None
            return cast("T | None", result) if write is not None else None

    def _fail(self, exc: Exception) -> bool:
        """Take note of ``exc``, raised by a write; returns whether it was the file's fault.

        A bug is raised again in strict mode, else noted as an ``internal``
        problem.  On a lock the writes not made are kept for the next call (at
        most :data:`MAX_PENDING`); on a lasting problem they are dropped, the
        file is closed and the history is off.
        """
        problem = file_problem(exc, self.path)
        if problem is None:
            if self.strict:
                self._pending.clear()
                raise exc
            self.problem = internal_problem(exc, self.path)
            return False
        self.problem = problem
        if problem.transient:
            del self._pending[:-MAX_PENDING]
        else:
            self._pending.clear()
            self._off = True
            if self._conn is not None:
                with contextlib.suppress(sqlite3.Error):
                    self._conn.close()
                self._conn = None
        return True

    @contextlib.contextmanager
    def _guard(self) -> Iterator[None]:
        """Around what a write method does before writing: a bug there (a wrong
        argument) is raised in strict mode, else noted as an ``internal`` problem
        and the block is left."""
        try:
            yield
        except Exception as exc:
            if self.strict or file_problem(exc, self.path) is not None:
                raise
            self.problem = internal_problem(exc, self.path)

    # ------------------------------------------------------------------
    # writing, as the game goes

    def start_match(
        self,
        rules: Ruleset,
        ruleset: str,
        names: Sequence[str],
        levels: Sequence[str | None] | None = None,
        *,
        base: Ruleset | None = None,
        seed: int | None = None,
        uid: str | None = None,
        started: datetime | None = None,
        write: bool = True,
    ) -> str:
        """A match begins: ``rules`` in force (preset ``ruleset`` with its
        options changed, ``base`` being the preset itself; looked up by name
        when not given), seat ``i`` named ``names[i]``, an AI of level
        ``levels[i]`` or a person where that is None (all people when
        ``levels`` is None).  Returns the match's ``uid`` (a new one unless
        given), to pass to :meth:`record_round` and :meth:`finish_match`; a
        saved match keeps it, and passes it here again when resumed.
        ``write=False`` only takes note of the match: :meth:`record_match`
        writes it with its rounds.
        """
        uid = uid or uuid.uuid4().hex
        with self._guard():
            if uid not in self._matches:
                info = self._match_info(rules, ruleset, names, levels, base, seed, uid, started)
                self._matches[uid] = info
                if write:
                    self._write(lambda conn: ensure_match(conn, info))
        return uid

    def _match_info(
        self,
        rules: Ruleset,
        ruleset: str,
        names: Sequence[str],
        levels: Sequence[str | None] | None,
        base: Ruleset | None,
        seed: int | None,
        uid: str,
        started: datetime | None,
    ) -> MatchInfo:
        if levels is None:
            levels = [None] * len(names)
        if len(levels) != len(names):
            raise ValueError(f"{len(names)} names but {len(levels)} levels")
        return MatchInfo(
            uid=uid,
            started=stamp(started),
            ruleset=ruleset,
            family=rules.family,
            options=compact(rules.model_dump(mode="json")),
            overrides=overrides_of(rules, ruleset, base),
            seed=seed,
            seats=tuple(SeatInfo(n, lv) for n, lv in zip(names, levels, strict=True)),
        )

    def record_round(
        self,
        match: str,
        game: Round[Any],
        result: RoundResult | None = None,
        names: Sequence[str] | None = None,
        *,
        number: int | None = None,
        record: Mapping[str, Any] | None = None,
        ended: datetime | None = None,
    ) -> int | None:
        """Write the finished round ``game`` of match ``match`` (a uid from
        :meth:`start_match` in this process); returns the round's id, or None
        when it was not written (yet: see :attr:`pending`).

        ``number`` is the round's index in the match (the first is 0; default:
        the one after the last kept); giving it (``len(match.results) - 1``
        after ``Match.record``) makes a second call for the same round
        harmless.  ``result`` (``Match.record``'s) gives the round's seed;
        ``record`` is the round's record, made with ``record_of`` from the
        seat ``names`` (default: those of the match) when not given.
        """
        with self._guard():
            if not self.available:
                return None
            info = self._started(match)
            if record is None:
                from dummy_tui.engine.record import record_of

                seat_names = list(names) if names is not None else [s.name for s in info.seats]
                made = record_of(game, seat_names, info.ruleset)
                made["options"] = dict(info.overrides)
                record = made
            lines = capture(game, record, result.seed if result is not None else None)
            seats = len(info.seats)
            if len(lines.seats) != seats:
                raise ValueError(f"a round of {len(lines.seats)} seats in a match of {seats}")
            when = stamp(ended)

            def write(conn: sqlite3.Connection) -> int:
                match_id = ensure_match(conn, info)
                at = number
                if at is None:  # the next one, of the rounds kept (a resumed match's too)
                    query = "SELECT coalesce(max(number) + 1, 0) FROM rounds WHERE match_id = ?"
                    at = int(conn.execute(query, (match_id,)).fetchone()[0])
                return insert_round(conn, match_id, at, when, lines)

            return self._write(write)
        return None

    def _started(self, match: str) -> MatchInfo:
        info = self._matches.get(match)
        if info is None:
            raise ValueError(f"match {match!r} was not started with this History")
        return info

    def finish_match(
        self,
        match: str,
        totals: Sequence[int],
        winners: Sequence[int],
        *,
        ended: datetime | None = None,
    ) -> bool:
        """Match ``match`` is over with these final ``totals`` per seat, won by
        the seats ``winners`` (``Match.totals``, ``Match.winners``).  Returns
        whether it was written."""
        with self._guard():
            if not self.available:
                return False
            info = self._started(match)
            finals = _finals(info, totals, winners)
            when = stamp(ended)

            def write(conn: sqlite3.Connection) -> bool:
                finish(conn, ensure_match(conn, info), when, finals)
                return True

            return bool(self._write(write))
        return False

    def record_match(
        self,
        match: str,
        rounds: Sequence[RoundEntry],
        end: tuple[Sequence[int], Sequence[int]] | None = None,
        *,
        ended: datetime | None = None,
        seed: int | None = None,
    ) -> int | None:
        """Write match ``match`` (a uid from :meth:`start_match`), those of its
        finished ``rounds`` that are not there yet and, with ``end`` (the final
        totals and the winners), the match's end: all in one transaction, so
        that a process killed meanwhile leaves all of it or none.  ``seed``,
        with ``end``, is the match's seed where it was not given at its start
        (a seed kept secret while the match was played).

        A round is known by its match and number: one written before (by this
        process or another, before a crash) is left as it is, so the same
        rounds can be given again and again.  Returns how many of ``rounds``
        were new; None when nothing was written: the file is in use by another
        program (nothing is kept in memory: the caller keeps what it gave, to
        give it again) or cannot be used (:attr:`problem` says which).
        """
        with self._guard():
            if not self.available:
                return None
            info = self._started(match)
            seats = len(info.seats)
            lines = []
            for entry in rounds:
                found = capture(entry.game, entry.record, entry.seed)
                if len(found.seats) != seats:
                    raise ValueError(f"a round of {len(found.seats)} seats in a match of {seats}")
                lines.append((entry.number, found))
            finals = None if end is None else _finals(info, *end)
            when = stamp(ended)
            return self._write(
                lambda c: write_match(c, info, when, lines, finals, seed), keep=False
            )
        return None

    # ------------------------------------------------------------------
    # importing and forgetting

    def import_file(self, path: Path) -> Imported:
        """Add the matches and rounds of an export file that are not here yet, in one
        transaction; raises :class:`transfer.ImportFileError` for a file with a
        fault (nothing is added then)."""
        from dummy_tui.history import transfer

        matches = transfer.read(path)
        with self._lock, self._raising(), self.transaction() as conn:
            return transfer.import_matches(conn, matches)

    def forget(self, name: str) -> int:
        """Make every seat of the person called ``name`` anonymous and remove them
        (:func:`transfer.forget`); returns how many seats were theirs, 0 when
        there is no such person."""
        from dummy_tui.history import transfer

        with self.reading() as conn:
            if conn is None:
                return 0
            conn.execute("PRAGMA secure_delete = ON")  # freed pages are overwritten
            with self.transaction() as writing:
                seats = transfer.forget(writing, name)
            if seats:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # nor left in the log
            return seats
