"""A finished round, position by position: what the replay viewer steps through.

Plain Python (no Textual).  The positions are rebuilt from the round's deal
by applying its moves one by one; each is kept, so that stepping to any of
them afterwards is a look-up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from dummy_tui.engine.match import Match, RoundResult
from dummy_tui.ui.session import LogEntry, Session, describe
from dummy_tui.ui.settings import GameSetup, SeatSetup

if TYPE_CHECKING:
    from pathlib import Path

    from dummy_tui.engine.actions import Action
    from dummy_tui.engine.record import LoadedRecord
    from dummy_tui.engine.round import Round


@dataclass(frozen=True, slots=True)
class Step:
    """One move of the round: its log entry, and whether the discard pile was
    turned over into a new stock after it (basic rummy)."""

    entry: LogEntry
    restocked: bool = False


class RoundReplay:
    """The positions of a round: ``position(0)`` is the deal, ``position(k)``
    the round after its first ``k`` moves, ``position(len(self))`` the end.

    Every position is made here at once (a clone of the one before with one
    move applied, as fast as the engine plays), with the log entry of each
    move, worded as the game log words it.
    """

    def __init__(self, game: Round[Any]) -> None:
        self.game = game
        self.actions: list[Action] = [action for _, action in game.history]
        current = game.fresh()
        self.positions: list[Round[Any]] = [current]
        self.steps: list[Step] = []
        for action in self.actions:
            current = current.clone()
            entry = describe(current, action)
            stock = len(current.stock)
            current.apply_unchecked(action)
            self.steps.append(Step(entry, len(current.stock) > stock))
            self.positions.append(current)

    def __len__(self) -> int:
        """The number of moves."""
        return len(self.actions)

    def position(self, k: int) -> Round[Any]:
        """The round after its first ``k`` moves (0: the deal)."""
        return self.positions[k]

    @property
    def over(self) -> bool:
        return self.game.is_over


def result_of(game: Round[Any]) -> RoundResult:
    """The result of a finished round, as the match would record it."""
    return RoundResult(
        game.starter, game.start_direction, 0, list(game.scores()), game.end, game.went_out
    )


def review_session(session: Session, game: Round[Any]) -> Session:
    """A session of its own for viewing ``game``, a round of ``session``'s match:
    the same seats, names and rules, the match left untouched (the viewer moves
    its round from position to position)."""
    return Session(session.setup, session.rules, session.base_rules, session.match, game.fresh())


def record_session(loaded: LoadedRecord, game: Round[Any], rules_path: Path | None) -> Session:
    """A session for viewing a round read from a record (``game``: ``loaded``'s
    round, its moves applied), its players as the seats: a record file
    (``replay FILE --view``) or a round stored in the history, the same way."""
    seats = [SeatSetup(name=name) for name in loaded.names]
    path = str(rules_path) if rules_path else None
    setup = GameSetup(seats=seats, ruleset=loaded.model.ruleset, seed=0, rules_path=path)
    match = Match(loaded.rules, len(seats), 0, first_starter=game.starter)
    return Session(setup, loaded.rules, loaded.rules, match, game.fresh())
