"""The game's rounds into the history, as they end.

Plain Python (no Textual): the app makes one :class:`Recorder` at the first
round end (never before the first frame) and hands it each finished round.
The history never stops the game: a file that cannot be used is told once,
in the player's language, by the caller (:meth:`Recorder.notice`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from dummy_tui.ui.i18n import t

if TYPE_CHECKING:
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
        """The session's match in the history (written if new); its uid."""
        setup = session.setup
        levels = [None if seat.human else seat.level for seat in setup.seats]
        return self.history.start_match(
            session.rules,
            setup.ruleset,
            session.seat_names,
            levels,
            base=session.base_rules,
            seed=setup.seed,
            uid=session.history_uid,
        )

    def round_ended(
        self, session: Session, game: Round[Any], result: RoundResult | None = None
    ) -> int | None:
        """The round ``game`` was just recorded in the session's match
        (``Session.finish_round``): write it, with the rounds finished before the
        session was resumed, and the match's end once it is over.  Returns the
        round's id in the history, or None when it could not be written."""
        uid = self.start(session)
        history = self.history
        earlier, session.finished_games = session.finished_games, []
        for number, played in enumerate(earlier):
            if played is game:
                continue
            history.record_round(
                uid, played, None, session.seat_names, number=number, record=session.rounds[number]
            )
        number = len(session.match.results) - 1
        found = history.record_round(
            uid,
            game,
            result,
            session.seat_names,
            number=number,
            record=session.rounds[number],
        )
        match = session.match
        if match.is_over:
            history.finish_match(uid, match.totals, match.winners)
        return found

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
