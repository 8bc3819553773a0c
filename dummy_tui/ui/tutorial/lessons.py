"""The lessons: read from the package's TOML files, replayed through the engine,
and followed move by move while one is played.

A lesson (``lessons.toml``) is a fixed deal written as a record's deal, the
moves made before it starts (``before``, then ``before_draws`` turns that
draw a card and discard it), and its steps: the moves the player is to make
(any order, a discard last) and, after each step, the other seats' moves
(``then``).  Moves are written as in records (``records.md``); a pick-up and
the meld or layoff that plays it are one move joined by `` + `` (``pick 9H +
meld 7H 8H 9H``).  ``scores`` are the round's scores when the lesson ends it:
the words that explain them are checked against them.

Its words are in ``lessons.LANG.toml``: ``ID.title``, ``ID.end`` and, for step
N (from 1), ``ID.stepN.look`` (what to look at), ``ID.stepN.hint`` (after a
wrong try) and ``ID.stepN.done`` (what happened, optional).
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from dummy_tui.engine import actions as act
from dummy_tui.engine.errors import MoveError, RecordError
from dummy_tui.engine.record import FORMAT, parse_record
from dummy_tui.engine.round import Round
from dummy_tui.problems import validation_problem

HERE = Path(__file__).parent
LESSONS_FILE = HERE / "lessons.toml"
PICK_JOIN = " + "
"""Joins a pick-up and the move that plays it (``pick 9H + meld 7H 8H 9H``)."""
PLAYER = 0
"""The seat of the person taking the lesson."""
LAST = ("discard", "knock")
"""The kinds of move that end a turn: a step makes them after its other moves."""


class LessonError(ValueError):
    """A lesson that does not hold together: a mistake in the package's lesson data."""


class Step(BaseModel):
    """One step of a lesson: the player's moves, then the other seats'."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    moves: tuple[str, ...] = Field(min_length=1)
    """The moves the player is to make, in any order but a discard last."""
    then: tuple[str, ...] = ()
    """The other seats' moves once the player's are made."""


class Lesson(BaseModel):
    """A lesson: its deal, where it starts, its steps."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern="^[a-z_]+$")
    ruleset: str = "dummy"
    options: dict[str, Any] = Field(default_factory=dict)
    """Options of the preset changed for the lesson, as a record's ``options``."""
    players: int = Field(ge=2, le=4)
    starter: int = 0
    hands: tuple[tuple[str, ...], ...]
    upcard: str
    stock: tuple[str, ...] = ()
    """The top of the stock; the cards named nowhere follow in deck order."""
    before: tuple[str, ...] = ()
    before_draws: int = Field(default=0, ge=0)
    """Turns after ``before`` that each draw a card and discard it."""
    step: tuple[Step, ...] = Field(min_length=1)
    scores: tuple[int, ...] | None = None
    """The round's scores, when the lesson ends the round."""

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.step

    def record(self, names: list[str]) -> dict[str, Any]:
        """The deal, as a game record with no moves."""
        return {
            "format": FORMAT,
            "ruleset": self.ruleset,
            "options": dict(self.options),
            "players": names,
            "starter": self.starter,
            "deal": {
                "hands": [list(h) for h in self.hands],
                "upcard": self.upcard,
                "stock": list(self.stock),
            },
            "moves": [],
        }


class LessonFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    lesson: tuple[Lesson, ...] = Field(min_length=1)


@cache
def load_lessons() -> tuple[Lesson, ...]:
    """Every lesson, in the order they are taught."""
    try:
        data = tomllib.loads(LESSONS_FILE.read_text(encoding="utf-8"))
        lessons = LessonFile.model_validate(data).lesson
    except (tomllib.TOMLDecodeError, ValidationError) as exc:
        problem = validation_problem(exc) if isinstance(exc, ValidationError) else str(exc)
        raise LessonError(f"{LESSONS_FILE.name}: {problem}") from None
    ids = [lesson.id for lesson in lessons]
    twice = {i for i in ids if ids.count(i) > 1}
    if twice:
        raise LessonError(f"{LESSONS_FILE.name}: lesson ids used twice: {sorted(twice)}")
    return lessons


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            out.update(_flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = str(value)
    return out


@cache
def lesson_texts(lang: str) -> dict[str, str]:
    """The lessons' words in ``lang`` (``lessons.LANG.toml``), by dotted key."""
    path = HERE / f"lessons.{lang}.toml"
    return _flatten(tomllib.loads(path.read_text(encoding="utf-8")))


def text_keys(lesson: Lesson) -> tuple[list[str], list[str]]:
    """The keys of ``lesson``'s words: those it must have, and those it may have."""
    must = [f"{lesson.id}.title", f"{lesson.id}.end"]
    may = []
    for n in range(1, len(lesson.steps) + 1):
        must += [f"{lesson.id}.step{n}.look", f"{lesson.id}.step{n}.hint"]
        may.append(f"{lesson.id}.step{n}.done")
    return must, may


# ----------------------------------------------------------------------
# moves


def parse_move(game: Round[Any], text: str) -> act.Action:
    """A lesson's move as an action of ``game`` now (not checked); a pick-up is
    written with the move that plays it (``pick 9H + meld 7H 8H 9H``)."""
    first, joined, follow = text.partition(PICK_JOIN)
    card = game.pick_card(first)
    if joined:
        if card is None:
            raise LessonError(f"{text!r}: only a pick-up is joined to the move after it")
        return game.pick_action(card, follow)
    if card is not None:
        raise LessonError(f"{text!r}: a pick-up is written with its play: 'pick X + meld ...'")
    return game.parse_move(text)


def start(lesson: Lesson, names: list[str]) -> Round[Any]:
    """The lesson's round at its first step: the deal, and the moves before it made."""
    where = f"lesson {lesson.id!r}"
    try:
        game = parse_record(lesson.record(names), source=where).game
    except RecordError as exc:
        raise LessonError(str(exc)) from None
    for n, text in enumerate(lesson.before, 1):
        try:
            game.apply(parse_move(game, text))
        except MoveError as exc:
            raise LessonError(f"{where}: before, move {n} ({text!r}): {exc}") from None
    for _ in range(lesson.before_draws):
        seat = game.seat
        held = game.hands[seat]
        game.apply(act.Draw())
        drawn = (game.hands[seat] & ~held).bit_length() - 1
        game.apply(act.Discard(drawn))
    if game.is_over or game.seat != PLAYER:
        raise LessonError(f"{where}: the lesson does not start at the player's turn")
    return game


LOOSE = "~"
"""What :meth:`LessonRun.match` answers for a meld or a layoff that is not one
of the step's as written but lays down only cards the step lays down
(``meld 2S 3S 4S`` for ``meld 2S 3S 4S 5S``): the rest of those cards then
go down as the table allows."""


def played(action: act.Action) -> set[int]:
    """The cards a meld or a layoff lays down from the hand (none for other moves)."""
    if isinstance(action, act.Meld):
        return set(action.cards)
    if isinstance(action, act.LayOff):
        return {action.card}
    return set()


class LessonRun:
    """Where a lesson being played is: the player's step and the moves of it still
    to make, the other seats' moves still to come, and the wrong tries so far."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.step = 0
        """The player's step now (an index of ``lesson.steps``)."""
        self.left: list[str] = list(lesson.steps[0].moves)
        self.loose: set[int] = set()
        """Cards the step lays down that no move of ``left`` names any more: the
        player laid down part of a meld of the step another way."""
        self.scripted: list[str] = []
        self.tries = 0
        """Wrong tries and hints asked for on this step: one gives the hint, two the answer."""
        self.done: int | None = None
        """The step just finished, whose explanation is shown."""

    @property
    def finished(self) -> bool:
        return self.step >= len(self.lesson.steps) and not self.scripted

    @property
    def waiting(self) -> bool:
        """The player's move is awaited (the other seats have made theirs)."""
        return self.step < len(self.lesson.steps) and not self.scripted

    def accepted(self, game: Round[Any]) -> list[tuple[str, act.Action]]:
        """The moves of the step the player may make now, legal, each with its text:
        any of those left, the discard once it is the last."""
        if not self.waiting or game.is_over or game.seat != PLAYER:
            return []
        out: list[tuple[str, act.Action]] = []
        for text in self.left:
            try:
                action = parse_move(game, text)
                game.check(action)
            except MoveError:
                continue
            if game.kind_of(action) in LAST and (len(self.left) > 1 or self.loose):
                continue
            out.append((text, action))
        return out

    def down(self, game: Round[Any]) -> set[int]:
        """The cards the step's melds and layoffs still to make lay down."""
        cards = set(self.loose)
        for text in self.left:
            if not text.startswith(("meld ", "layoff ")):
                continue
            try:
                cards |= played(parse_move(game, text))
            except MoveError:
                continue
        return cards

    def expected(self, game: Round[Any]) -> act.Action | None:
        """The move the hint's answer names: the first of the step's moves left
        that may be made now; else one that lays down the cards left over."""
        found = self.accepted(game)
        if found:
            return found[0][1]
        if not self.loose or not self.waiting or game.is_over or game.seat != PLAYER:
            return None
        others = [a for a in game.legal_actions() if played(a) and played(a) <= self.loose]
        return max(others, key=lambda a: len(played(a)), default=None)

    def match(self, game: Round[Any], action: act.Action) -> str | None:
        """The text of the step's move that ``action`` is, :data:`LOOSE` for a meld
        or a layoff of cards the step lays down, or None when it is neither."""
        text = next((text for text, a in self.accepted(game) if a == action), None)
        if text is not None or not self.waiting or game.seat != PLAYER:
            return text
        cards = played(action)
        if not cards or not cards <= self.down(game):
            return None
        try:
            game.check(action)
        except MoveError:
            return None
        return LOOSE

    def made(self, game: Round[Any], text: str, action: act.Action) -> None:
        """The player made the step's move ``text`` (``action`` in ``game``, before
        it is applied): on to the next move or step."""
        if text == LOOSE:
            cards = played(action)
            for other in list(self.left):
                try:
                    theirs = played(parse_move(game, other))
                except MoveError:
                    continue
                if theirs & cards:  # that meld is going down another way
                    self.left.remove(other)
                    self.loose |= theirs
            self.loose -= cards
        else:
            self.left.remove(text)
            self.loose -= played(action)
        self.tries = 0
        if self.left or self.loose:
            return
        self.done = self.step
        self.scripted = list(self.lesson.steps[self.step].then)
        self.step += 1
        if self.step < len(self.lesson.steps):
            self.left = list(self.lesson.steps[self.step].moves)

    def next_scripted(self, game: Round[Any]) -> act.Action:
        """The next move of another seat, as an action of ``game`` now."""
        if not self.scripted:
            raise LessonError(f"lesson {self.lesson.id!r}: seat {game.seat} has no move to make")
        return parse_move(game, self.scripted.pop(0))

    def wrong(self) -> None:
        """A wrong try, or a hint asked for."""
        self.tries += 1


def replay(lesson: Lesson, names: list[str] | None = None) -> Round[Any]:
    """Play ``lesson`` through the engine, every move as written; the round at
    its end.  :class:`LessonError` names the step and move that do not hold."""
    names = names or [f"P{i}" for i in range(lesson.players)]
    game = start(lesson, names)
    run = LessonRun(lesson)
    where = f"lesson {lesson.id!r}"
    while not run.finished:
        if game.is_over:
            raise LessonError(f"{where}: the round ended at step {run.step + 1}")
        if run.waiting:
            if game.seat != PLAYER:
                raise LessonError(f"{where}: step {run.step + 1} comes at seat {game.seat}'s turn")
            text = run.left[0]
            try:
                action = parse_move(game, text)
                game.check(action)
            except MoveError as exc:
                raise LessonError(f"{where}, step {run.step + 1}: {text!r}: {exc}") from None
            if run.match(game, action) != text:
                raise LessonError(f"{where}, step {run.step + 1}: {text!r} comes before the rest")
            run.made(game, text, action)
        else:
            if game.seat == PLAYER:
                raise LessonError(f"{where}: a move scripted for another seat at the player's turn")
            text = run.scripted[0]
            try:
                action = run.next_scripted(game)
                game.check(action)
            except MoveError as exc:
                raise LessonError(f"{where}, after step {run.step}: {text!r}: {exc}") from None
        game.apply(action)
    scores = [b.total for b in game.scores()] if game.is_over else None
    wanted = list(lesson.scores) if lesson.scores is not None else None
    if scores != wanted:
        raise LessonError(f"{where}: the round's scores are {scores}, the lesson says {wanted}")
    return game
