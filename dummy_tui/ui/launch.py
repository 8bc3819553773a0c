"""The game's windows started from the command line: ``play`` (:func:`run_app`),
``learn`` (:func:`run_lessons`) and the replay viewer (:func:`viewer_app`)."""

from __future__ import annotations

import argparse
import gc
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dummy_tui.i18n import ai_name, set_language, t
from dummy_tui.storage import read_settings_data
from dummy_tui.ui.app import DummyApp

if TYPE_CHECKING:
    from dummy_tui.engine.record import LoadedRecord
    from dummy_tui.engine.round import Round
    from dummy_tui.ui.settings import GameSetup


def setup_from_args(args: argparse.Namespace) -> GameSetup | None:
    """The set-up the ``play`` flags ask for, or None when they leave it to the screen."""
    chosen = (
        args.players is not None
        or args.humans is not None
        or args.ai is not None
        or args.seed is not None
        or bool(args.options)
        # a preset the command line named (not the config's, nor a rules file's first)
        or (args.ruleset != "dummy" and getattr(args, "ruleset_named", True))
    )
    if not chosen:
        return None
    from dummy_tui.ui.settings import GameSetup, SeatSetup

    # the preset's table (--players, or its own: read here when the command line
    # did not need the rules)
    players = getattr(args, "table_players", None)
    if players is None:
        from dummy_tui.rules import get_ruleset

        players = get_ruleset(args.ruleset, args.rules).default_players
    humans = 1 if args.humans is None else args.humans
    humans = min(humans, players)
    level = args.ai or "normal"
    seats = []
    for i in range(players):
        if i < humans:
            name = t("seat.you") if humans == 1 else t("seat.player", n=i + 1)
            seats.append(SeatSetup(name=name, human=True))
        else:
            seats.append(SeatSetup(name=ai_name(i - humans), level=level))
    return GameSetup(
        seats=seats,
        ruleset=args.ruleset,
        options=dict(args.options),
        seed=args.seed,
        lang="th" if args.lang == "th" else "en",
        rules_path=str(args.rules) if args.rules else None,
    )


def cannot_show() -> bool:
    """The terminal cannot show the full screen: said in one line (see
    :mod:`dummy_tui.terminal`), for the caller to stop with exit code 2."""
    from dummy_tui.terminal import screen_refusal

    refusal = screen_refusal()
    if refusal is not None:
        print(f"dummy-tui: {refusal}", file=sys.stderr)
    return refusal is not None


def run_app(args: argparse.Namespace) -> int:
    """Run the game for the ``play`` command; returns the exit code."""
    if cannot_show():
        return 2
    # the language of the names setup_from_args gives the seats
    set_language(args.lang or str(read_settings_data().get("lang")))
    setup = None if args.resume else setup_from_args(args)
    # Everything imported so far (Textual, Rich, our modules) lives as long as
    # the process: kept out of the collector's full passes, which would
    # otherwise walk it all once or twice while the first screen is built.
    gc.freeze()
    app = DummyApp(
        setup=setup,
        resume=bool(args.resume),
        ascii=True if args.ascii else None,
        lang=args.lang,
        seed=args.seed,
        rules_path=args.rules,
        history=not getattr(args, "no_history", False),
        config=getattr(args, "config", None),
    )
    app.run()
    note = app.saver.farewell()
    if note:
        print(note)
    return app.return_code or 0


def run_lessons(args: argparse.Namespace) -> int:
    """Run the lessons for the ``learn`` command; returns the exit code."""
    gc.freeze()  # as run_app does: what is loaded lives as long as the process
    app = DummyApp(
        lessons=True,
        ascii=True if args.ascii else None,
        lang=args.lang,
        config=getattr(args, "config", None),
    )
    app.run()
    return app.return_code or 0


def viewer_app(
    loaded: LoadedRecord,
    game: Round[Any],
    file: str,
    rules_path: Path | None = None,
    lang: str | None = None,
) -> DummyApp:
    """The app opening on the replay viewer of a record's round (``game``, its
    moves applied), in ``lang`` (default: the one last chosen, else the
    locale's); Escape leaves it."""
    from dummy_tui.ui.review import record_session
    from dummy_tui.ui.screens.viewer import ViewerScreen

    session = record_session(loaded, game, rules_path)
    viewer = ViewerScreen(session, game, file=Path(file).name, exits=True)
    return DummyApp(review=viewer, history=False, lang=lang)


def run_viewer(app: DummyApp) -> int:
    """Run ``app`` (see :func:`viewer_app`); returns the exit code."""
    if cannot_show():
        return 2
    gc.freeze()  # as run_app does: what is loaded lives as long as the process
    app.run()
    return app.return_code or 0
