"""The app's saved match: reading it (checked as far as it can be), writing
it after every move, setting a damaged one aside; and exported records."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from dummy_tui.ui.appsettings import SettingsApp
from dummy_tui.ui.i18n import preset_name, shown_name, t
from dummy_tui.ui.storage import atomic_write, save_path

if TYPE_CHECKING:
    from dummy_tui.engine.round import Round
    from dummy_tui.ui.session import Session
    from dummy_tui.ui.settings import SaveGame


class SavingApp(SettingsApp):
    """The saved match and the records the game writes."""

    session: Session | None
    save_failure: str | None

    def has_save(self) -> bool:
        return save_path().exists()

    @staticmethod
    def read_save_data() -> dict[str, Any]:
        """The saved match as JSON data, checked as far as it can be without
        the schema: a JSON object of this version's format, every text of it
        writable again.

        OSError when the file cannot be read; ValueError, whose text says what
        is wrong in a line, when it is not a save this version can use.
        """
        from dummy_tui.problems import json_problem, unwritable
        from dummy_tui.ui.storage import SAVE_FORMAT

        try:
            text = save_path().read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise ValueError("not UTF-8 text") from None
        data, problem = json_problem(text)
        if problem is not None:
            raise ValueError(problem)
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        if "format" not in data:  # whatever it is, the game did not write it
            raise ValueError("missing key 'format'")
        written = data["format"]
        if (
            isinstance(written, str)
            and written.startswith("dummy-tui-save/")
            and written != SAVE_FORMAT
        ):
            raise ValueError(f"written by another version of dummy-tui ({written})")
        # a save that could be resumed but never saved again (every later
        # autosave would fail) is refused now, while it can still be set aside
        problem = unwritable(data)
        if problem is not None:
            raise ValueError(problem)
        return data

    @classmethod
    def read_save(cls) -> SaveGame:
        """The saved match as written (raises as :meth:`read_save_data` does)."""
        from pydantic import ValidationError

        from dummy_tui.problems import validation_problem
        from dummy_tui.ui.settings import SaveGame

        data = cls.read_save_data()
        try:
            return SaveGame.model_validate(data)
        except ValidationError as exc:
            raise ValueError(validation_problem(exc)) from None

    def save_summary(self) -> str | None:
        """The saved match in a line (players, rules, round), or None if it cannot be read."""
        try:
            save = self.read_save()
        except (OSError, ValueError):
            return None
        # the names the game gave in the language of the screen; typed ones as typed
        names = ", ".join(shown_name(seat.name, i) for i, seat in enumerate(save.setup.seats))
        ruleset = preset_name(save.setup.ruleset)
        return t("ng.saved_line", names=names, ruleset=ruleset, n=len(save.rounds) + 1)

    def farewell(self) -> str | None:
        """The line printed to the terminal after the app closes, if any."""
        if self.save_failure is not None:
            return t("save.failed", error=self.save_failure)
        if self.persist and self.session is not None and self.has_save():
            return t("save.kept")
        return None

    def quick_save_problem(self) -> str | None:
        """What is wrong with the saved match, as far as can be told without
        the schema and the engine (so at once, on the first screen)."""
        try:
            self.read_save_data()
        except (OSError, ValueError) as exc:
            return problem_line(exc)
        return None

    def save_problem(self) -> str | None:
        """Why the saved match cannot be resumed, in a line; None if it can be.

        The match is rebuilt to know, as resuming rebuilds it: this loads the
        schema and the engine and replays every move saved.
        """
        from dummy_tui.ui.session import SaveError, Session

        try:
            Session.from_save(self.read_save())
        except (OSError, ValueError, SaveError) as exc:
            return problem_line(exc)
        return None

    def set_damaged_save_aside(self, problem: str) -> None:
        """Move the saved match out of the way, keeping it, and say so."""
        from dummy_tui.ui.storage import set_aside

        path = save_path()
        try:
            moved: Path | str = set_aside(path)
        except OSError:
            moved = path
        self.notify(t("save.damaged", path=str(moved), error=problem), severity="error", timeout=12)

    def autosave(self, session: Session) -> None:
        if not self.persist:
            return
        from dummy_tui.ui.settings import write_save

        try:
            write_save(session.to_save())
        except (OSError, ValueError) as exc:  # ValueError: text UTF-8 cannot hold
            if isinstance(exc, OSError):
                problem = f"{exc.filename or save_path()}: {exc.strerror or exc}"
            else:
                problem = f"{save_path()}: {exc}".encode("utf-8", "backslashreplace").decode()
            from dummy_tui.logs import logger

            logger.warning("the game could not be saved: %s", problem)
            if problem != self.save_failure:  # not once a move
                self.notify(t("save.failed", error=problem), severity="error", timeout=12)
            self.save_failure = problem
        else:
            self.save_failure = None

    def drop_save(self) -> None:
        if self.persist:
            from dummy_tui.ui.storage import remove_save

            remove_save()

    def export_record(self, session: Session, game: Round[Any] | None = None) -> Path:
        from dummy_tui.engine.record import dumps_record, record_of
        from dummy_tui.ui.storage import records_dir

        played = game if game is not None else session.round
        data = record_of(played, session.seat_names, session.setup.ruleset, session.base_rules)
        index = len(session.match.results) if played is not session.round else session.round_number
        path = records_dir() / f"{session.setup.ruleset}-{session.setup.seed}-round{index}.json"
        atomic_write(path, dumps_record(data))
        return path


def problem_line(exc: Exception) -> str:
    """An error's first line, cut short, to tell a player what is wrong with a file."""
    text = str(exc).strip()
    return (text.splitlines()[0] if text else type(exc).__name__)[:200]
