"""The app's saved matches and its history, held by the app as its
:class:`Saver`: one save per match, written after every move by the window
that holds the match's lock; the list of saved matches; a round's end written
to the history; what the start puts right (:mod:`.recovery`); exported records."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.message import Message

from dummy_tui.i18n import preset_name, shown_name, t
from dummy_tui.saves import MatchLock, locked, remove_file, save_file, saved_count
from dummy_tui.storage import atomic_write, data_dir, records_dir, set_aside
from dummy_tui.ui.saved import (
    NewerSave,
    SavedMatch,
    problem_line,
    read_save,
    saved_matches,
    saved_round,
    write_save,
)

if TYPE_CHECKING:
    from dummy_tui.engine.match import RoundResult
    from dummy_tui.engine.round import Round
    from dummy_tui.ui.app import DummyApp
    from dummy_tui.ui.recording import Recorder
    from dummy_tui.ui.recovery import Recovered
    from dummy_tui.ui.session import Session
    from dummy_tui.ui.settings import SaveGame


class RecoveryDone(Message):
    """The start has put the data folder right (posted from its thread)."""

    def __init__(self, done: Recovered | None, error: Exception | None = None) -> None:
        super().__init__()
        self.done = done
        self.error = error


def saved_line(save: SaveGame) -> str:
    """A saved match in a line: its seats, its preset, the round being played."""
    # the names the game gave in the language of the screen; typed ones as typed
    names = ", ".join(shown_name(seat.name, i) for i, seat in enumerate(save.setup.seats))
    ruleset = preset_name(save.setup.ruleset)
    return t("ng.saved_line", names=names, ruleset=ruleset, n=saved_round(save))


class Saver:
    """The saved matches, the history and the records the game writes, for
    the app that holds it (``app.saver``)."""

    def __init__(self, app: DummyApp, history_wanted: bool) -> None:
        self.app = app
        self.history_wanted = history_wanted
        """Rounds go into the history unless --no-history (or the setting) says not."""
        self.save_failure: str | None = None
        """Why the last save failed (said once, until a save works again)."""
        self._recorder: Recorder | None = None  # made at the first round end
        self.match_lock: MatchLock | None = None
        """The lock of the match this window plays (None: none, or no lock can be made)."""
        self.recovery: threading.Event | None = None
        """Set once the start has put the data folder right (None: not started)."""

    @property
    def persist(self) -> bool:
        """The app writes its files (not a test's or a replay's app)."""
        return self.app.persist

    # ------------------------------------------------------------------
    # the saved matches

    @staticmethod
    def saved_count() -> int:
        """How many saved matches there are, read from the folder alone (for the first frame)."""
        return saved_count(data_dir())

    @staticmethod
    def saved_matches() -> list[SavedMatch]:
        """The saved matches, the last played first."""
        return saved_matches(data_dir())

    def has_save(self) -> bool:
        """The match this window plays is saved."""
        session = self.app.session
        return session is not None and save_file(data_dir(), session.history_uid).exists()

    def hold(self, session: Session) -> bool:
        """Take the lock of the session's match, which this window then plays;
        False when another window plays it.  A folder where no lock file can be
        made is played without one: no save can be written there either."""
        self.let_go()
        if not self.persist:
            return True
        try:
            lock = MatchLock.take(data_dir(), session.history_uid)
        except OSError as exc:
            from dummy_tui.logs import logger

            logger.warning("the match cannot be locked: %s", exc)
            return True
        if lock is None:
            return False
        self.match_lock = lock
        return True

    def let_go(self) -> None:
        """Let go of the lock of the match this window played."""
        if self.match_lock is not None:
            self.match_lock.release()
            self.match_lock = None

    def farewell(self) -> str | None:
        """The line printed to the terminal after the app closes, if any."""
        if self.save_failure is not None:
            return t("save.failed", error=self.save_failure)
        if self.persist and self.app.session is not None and self.has_save():
            return t("save.kept")
        return None

    def autosave(self, session: Session) -> None:
        if not self.persist or session.match.is_over:  # a finished match has no save
            return
        path = save_file(data_dir(), session.history_uid)
        try:
            write_save(data_dir(), session)
        except (OSError, ValueError) as exc:  # ValueError: text UTF-8 cannot hold
            if isinstance(exc, OSError):
                # the save, not the temporary file beside it (a new name each move)
                where = exc.filename or path
                if Path(str(where)).name.startswith(f".{path.name}."):
                    where = path
                problem = f"{where}: {exc.strerror or exc}"
            else:
                problem = f"{path}: {exc}".encode("utf-8", "backslashreplace").decode()
            from dummy_tui.logs import logger

            logger.warning("the game could not be saved: %s", problem)
            if problem != self.save_failure:  # not once a move
                self.app.notify(t("save.failed", error=problem), severity="error", timeout=12)
            self.save_failure = problem
        else:
            self.save_failure = None

    def open_saved(self, uid: str | None = None) -> Session | None:
        """The saved match ``uid`` (None: the last played that no other window
        plays), rebuilt and locked for this window; None when there is none, or
        it cannot be resumed, which is said (a damaged save is set aside)."""
        self.wait_for_recovery()
        if uid is None:
            found = [m for m in self.saved_matches() if m.resumable]
            if not found:
                busy = self.saved_count() > 0
                self.app.notify(t("save.all_busy" if busy else "save.none"), severity="warning")
                return None
            uid = found[0].uid
        self.let_go()
        lock = None
        if self.persist:
            try:
                lock = MatchLock.take(data_dir(), uid)
            except OSError:
                pass  # a folder that cannot hold a lock: nor a save written by another window
            else:
                if lock is None:
                    self.app.notify(t("save.busy"), severity="warning")
                    return None
        session = None
        try:
            session = self._rebuild(save_file(data_dir(), uid), uid)
        finally:
            if session is None and lock is not None:
                lock.release()
        self.match_lock = lock
        return session

    def _rebuild(self, path: Path, uid: str) -> Session | None:
        from dummy_tui.ui.session import MatchOver, SaveError, Session

        try:
            save = read_save(path)
            if save.history is not None and save.history != uid:
                raise SaveError(f"it holds match {save.history}, not the one of its name")
            session = Session.from_save(save)
        except FileNotFoundError:
            self.app.notify(t("save.none"), severity="warning")
            return None
        except NewerSave as exc:
            self.app.notify(t("save.newer", path=str(path), error=str(exc)), severity="warning")
            return None
        except MatchOver:  # stopped at its very end: finished now
            session = Session.from_save(save, over=True)
            session.history_uid = uid
            self._finish(session)
            self.app.notify(t("save.finished", line=saved_line(save)), timeout=12)
            return None
        except (OSError, ValueError, SaveError) as exc:
            self.set_damaged_save_aside(path, problem_line(exc))
            return None
        session.history_uid = uid
        return session

    def set_damaged_save_aside(self, path: Path, problem: str) -> None:
        """Move a saved match out of the way, keeping it, and say so."""

        try:
            moved: Path | str = set_aside(path)
        except OSError:
            moved = path
        self.app.notify(
            t("save.damaged", path=str(moved), error=problem), severity="error", timeout=12
        )

    def delete_saved(self, uid: str) -> bool:
        """Delete saved match ``uid``, unless another window plays it (said)."""
        with locked(data_dir(), uid) as lock:
            if lock is None:
                self.app.notify(t("save.busy"), severity="warning")
                return False
            try:
                remove_file(save_file(data_dir(), uid))
            except OSError as exc:
                self.app.notify(t("save.not_deleted", error=f"{exc.filename}: {exc.strerror}"))
                return False
        return True

    # ------------------------------------------------------------------
    # the history

    @property
    def recording(self) -> bool:
        """Whether finished rounds go into the history."""
        return self.history_wanted and self.app.prefs.settings.history

    @property
    def recorder(self) -> Recorder:
        """The history's writer, made (with the file opened) when first needed."""
        if self._recorder is None:
            from dummy_tui.ui.recording import Recorder

            self._recorder = Recorder.at()
        return self._recorder

    def round_ended(self, session: Session, game: Round[Any], result: RoundResult) -> None:
        """The round ``game`` has just ended and is in the session's match: into
        the history with it (and with the match's end, the match's save removed).
        A history that cannot be used is told once."""
        if session.match.is_over:
            self._finish(session)
        elif self.recording:
            self.recorder.round_ended(session, game, result)
            self.tell_history()

    def _finish(self, session: Session) -> None:
        """The session's match is over: see :func:`recovery.finish_match`."""
        from dummy_tui.ui.recovery import finish_match

        recorder = self.recorder if self.recording else None
        try:
            finished = finish_match(data_dir() if self.persist else None, session, recorder)
        except OSError as exc:
            self.app.notify(
                t("save.not_finished", error=f"{exc.filename}: {exc.strerror or exc}"),
                severity="error",
                timeout=12,
            )
        else:
            if finished.kept is not None:
                path = str(self.recorder.history.path)
                self.app.notify(
                    t("history.kept", path=path, pending=str(finished.kept)),
                    severity="warning",
                    timeout=12,
                )
                return
        finally:
            if self.match_lock is not None and self.app.session is session:
                self.let_go()
        self.tell_history()

    def tell_history(self) -> None:
        if self._recorder is not None:
            notice = self._recorder.notice()
            if notice is not None:
                self.app.notify(notice, severity="warning", timeout=12)

    def close_history(self) -> None:
        """Write what a locked history kept back, and close the file."""
        if self._recorder is not None:
            self._recorder.close()
            self._recorder = None

    # ------------------------------------------------------------------
    # the start

    def start_recovery(self, wait: bool = False) -> None:
        """Put the data folder right (see :mod:`.recovery`), off the UI thread
        unless ``wait``; what was done is said once it is."""
        if not self.persist or self.recovery is not None:
            return
        self.recovery = threading.Event()
        # made here, not in the thread
        recorder = self.recorder if self.recording else None
        if wait:
            self.recovered(self._recover(recorder))
            return

        def run() -> None:
            try:
                done = self._recover(recorder)
            except Exception as exc:  # a bug: raised on the UI thread, loud
                self.app.post_message(RecoveryDone(None, exc))
            else:
                self.app.post_message(RecoveryDone(done))

        threading.Thread(target=run, name="recovery", daemon=True).start()

    def _recover(self, recorder: Recorder | None) -> Recovered:
        from dummy_tui.ui.recovery import recover

        assert self.recovery is not None
        try:
            return recover(data_dir(), recorder, time.time(), finish=self.history_wanted)
        finally:
            self.recovery.set()

    def recovery_done(self, message: RecoveryDone) -> None:
        """The start's thread is done: what it did said, what it raised raised."""
        if message.error is not None:
            raise message.error
        if message.done is not None:
            self.recovered(message.done)

    def wait_for_recovery(self) -> None:
        """Wait until the start has put the data folder right (a moment at most)."""
        if self.recovery is not None:
            self.recovery.wait(timeout=10)

    def recovered(self, done: Recovered) -> None:
        """Say what the start put right."""
        for save in done.migrated:
            self.app.notify(t("save.migrated", line=saved_line(save)), timeout=12)
        for save, _ in done.finished:
            self.app.notify(t("save.finished", line=saved_line(save)), timeout=12)
        for save, n in done.caught_up:
            self.app.notify(t("history.caught_up_saved", n=n, line=saved_line(save)), timeout=12)
        for save in done.written:
            self.app.notify(t("history.pending_written", line=saved_line(save)), timeout=12)
        for save in done.kept:
            self.app.notify(t("history.still_kept", line=saved_line(save)), severity="warning")
        for path, problem in done.set_aside:
            self.app.notify(
                t("save.damaged", path=str(path), error=problem), severity="error", timeout=12
            )
        for problem in done.problems:
            self.app.notify(t("save.not_tidied", error=problem), severity="error", timeout=12)
        if not done.kept:  # else that says the history is in use, and what waits for it
            self.tell_history()
        if self.app.screen_stack:  # none while the app closes
            refresh = getattr(self.app.screen, "saves_changed", None)
            if callable(refresh):
                refresh()

    # ------------------------------------------------------------------
    # records

    def export_record(self, session: Session, game: Round[Any] | None = None) -> Path:
        from dummy_tui.engine.record import dumps_record, record_of

        played = game if game is not None else session.round
        data = record_of(played, session.seat_names, session.setup.ruleset, session.base_rules)
        index = len(session.match.results) if played is not session.round else session.round_number
        # named by the match's id, which tells nothing of its deals (its seed would)
        match = session.history_uid[:8]
        path = records_dir() / f"{session.setup.ruleset}-{match}-round{index}.json"
        atomic_write(path, dumps_record(data))
        return path
