"""The game's rounds into the history, as they end.

Plain Python (no Textual): the app makes one :class:`Recorder` at the first
round end (never before the first frame) and hands it each finished round.
The history never stops the game: a file that cannot be used is told once,
in the player's language, by the caller (:meth:`Recorder.notice`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from dummy_tui.i18n import t

if TYPE_CHECKING:
    from datetime import datetime

    from dummy_tui.engine.match import RoundResult
    from dummy_tui.engine.round import Round
    from dummy_tui.history import History
    from dummy_tui.history.problems import Problem
    from dummy_tui.ui.session import Session


class Recorder:
    """Writes a session's rounds and its match's end into ``history``."""

    def __init__(self, history: History) -> None:
        self.history = history

    @classmethod
    def at(cls, path: Path | None = None) -> Recorder:
        """A recorder of the history file at ``path`` (default: the data folder's)."""
        from dummy_tui.history import History

        return cls(History(path))

    def start(self, session: Session) -> str:
        """Take note of the session's match (written with its first round); its uid."""
        setup = session.setup
        levels = [None if seat.human else seat.level for seat in setup.seats]
        return self.history.start_match(
            session.rules,
            setup.ruleset,
            session.seat_names,
            levels,
            base=session.base_rules,
            seed=None if setup.secret_seed else setup.seed,  # a secret one at the match's end
            uid=session.history_uid,
            write=False,
        )

    def round_ended(
        self, session: Session, game: Round[Any] | None = None, result: RoundResult | None = None
    ) -> int | None:
        """A round was just recorded in the session's match
        (``Session.finish_round``): write it, with the match's earlier rounds
        not yet in the history, and the match's end once it is over.  Returns
        how many rounds were new to the history; None when nothing could be
        written (the session's ``history_rounds`` then stays where it was: the
        save keeps those rounds for the next chance)."""
        return self.catch_up(session)

    def catch_up(self, session: Session, ended: datetime | None = None) -> int | None:
        """Write the session's finished rounds that are not known to be in the
        history, and the match's end once it is over, in one transaction (see
        :meth:`History.record_match`), as ended at ``ended`` (default: now);
        returns how many rounds were new, None when nothing was written."""
        from dummy_tui.history.writes import RoundEntry

        uid = self.start(session)
        match = session.match
        first = session.history_rounds
        entries = [
            RoundEntry(n, session.finished[n], session.rounds[n], match.results[n].seed)
            for n in range(first, len(session.finished))
        ]
        end = (match.totals, match.winners) if match.is_over else None
        if not entries and end is None:
            return 0
        # a secret seed (the key to every deal of the match) once it is over
        seed = session.setup.seed if end is not None else None
        written = self.history.record_match(uid, entries, end, ended=ended, seed=seed)
        if written is not None:
            session.history_rounds = len(session.finished)
        return written

    @property
    def busy(self) -> bool:
        """The last write found the history in use by another program (it may be free later)."""
        problem = self.history.problem
        return problem is not None and problem.transient

    def notice(self) -> str | None:
        """What to tell the player of a history that could not be used, in the
        interface's language; None when there is nothing new to say."""
        history = self.history
        problem = history.problem
        if history.notice() is None or problem is None:
            return None
        path = str(problem.path if problem.path is not None else history.path)
        return t(f"history.{problem.kind}", path=path, **_details(problem))

    def close(self) -> None:
        self.history.close()


def unreadable(problem: Problem) -> str:
    """Why the history cannot be read, in the interface's language (the
    history's own detail is English, and is kept only for a bug)."""
    from dummy_tui.history.store import default_path

    path = str(problem.path if problem.path is not None else default_path())
    return t(f"unread.{problem.kind}", path=path, **_details(problem))


def _details(problem: Problem) -> dict[str, str]:
    """The fields of a problem's sentence besides its path: the English detail (a
    bug's), and how the tables differ, in the interface's language."""
    fault = problem.fault
    if fault is None:
        return {"detail": problem.detail}
    return {"detail": problem.detail, "fault": t(f"shape.{fault.kind}", where=fault.where)}
