"""A lesson played at the table: the table screen itself, with the lesson beside it.

:class:`LessonTable` is the table screen of a round dealt as the lesson says.
Each move the player makes is checked against the lesson before it is made:
the lesson's move goes through as at any table; another is refused, with the
lesson's hint after the first wrong try and the move itself after the second.
The other seats play the lesson's scripted moves, not an AI's.  Nothing is
saved or kept in the history; when the lesson is over, :class:`LessonEndScreen`
explains it (:mod:`.lessons`).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from dummy_tui.engine import actions as act
from dummy_tui.engine.cards import parse_card
from dummy_tui.engine.errors import IllegalMoveError, MoveError
from dummy_tui.engine.match import Match
from dummy_tui.engine.round import Round
from dummy_tui.i18n import ai_name, key_fields, language, t
from dummy_tui.ui.cardtext import CardLook
from dummy_tui.ui.screens.table import TableScreen
from dummy_tui.ui.screens.table_moves import ACTION_BINDINGS, Moves
from dummy_tui.ui.screens.table_turns import Turns
from dummy_tui.ui.session import Session, match_log
from dummy_tui.ui.settings import GameSetup, SeatSetup
from dummy_tui.ui.tutorial.lessons import Lesson, LessonRun, lesson_texts, start
from dummy_tui.ui.words import MOVE_WORDS, action_parts, action_text, fmt, refusal_text

_MARKUP = re.compile(r"\[(?P<card>10[CDHS]|[2-9JQKA][CDHS]|JK)\]|\{(?P<field>\w+)\}")
_SUM = re.compile(r"(?<=\d) (?=[−+×=] )|(?<=[−+×=]) (?=[−\d])")
"""The spaces of a sum ("30 − 90 = −60"): no line breaks there."""


def lesson_text(key: str) -> str:
    """A lesson's words (``lessons.LANG.toml``) in the current language, else in
    English; an empty string when neither has ``key`` (a step with nothing done)."""
    return lesson_texts(language()).get(key) or lesson_texts("en").get(key, "")


def lesson_markup(text: str, look: CardLook, names: list[str]) -> Text:
    """A lesson's words as the table shows them: ``[7H]`` a card as the table
    draws it, ``{seat1}`` a seat's name, ``{k_draw}`` the key of a binding."""
    text = _SUM.sub("\u00a0", text)
    out = Text()
    at = 0
    keys = key_fields()
    for found in _MARKUP.finditer(text):
        out.append(text[at : found.start()])
        card, field = found.group("card"), found.group("field")
        if card is not None:
            out.append_text(look.text(parse_card(card)))
        elif field.startswith("seat") and field[4:].isdigit() and int(field[4:]) < len(names):
            out.append(names[int(field[4:])], Style(bold=True))
        else:
            out.append(keys.get(field, found.group()))
        at = found.end()
    out.append(text[at:])
    return out


def lesson_session(lesson: Lesson) -> Session:
    """A session of one round dealt as ``lesson`` says, at its first step: the
    player in seat 0, the others named as the game names its AI players."""
    names = [t("seat.you"), *(ai_name(i) for i in range(lesson.players - 1))]
    game = start(lesson, names)
    seats = [SeatSetup(name=names[0], human=True)]
    seats += [SeatSetup(name=name, level="normal") for name in names[1:]]
    setup = GameSetup(seats=seats, ruleset=lesson.ruleset, seed=0, lang=language())
    match = Match(game.rules, lesson.players, 0, lesson.starter)
    session = Session(setup, game.rules, game.rules, match, game)
    session.log = match_log([], game)  # the round, who starts it, the moves before
    return session


def how_text(game: Round[Any], action: act.Action, look: CardLook) -> Text:
    """The keys that make ``action``, in words."""
    if isinstance(action, act.Discard):
        knock = game.kind_of(action) == "knock"
        key = "learn.how_knock" if knock else "learn.how_discard"
    else:
        key = MOVE_WORDS[type(action)].how
    return fmt(key, **action_parts(game, action, look))


class LessonPanel(VerticalScroll):
    """The lesson beside the table: what to look at, the hint, the answer."""

    def __init__(self, *, id: str | None = None) -> None:
        self.text = Static(id="lesson-text")
        self.shown: Text | None = None
        super().__init__(self.text, id=id)

    def on_mount(self) -> None:
        # Anchored: the end stays in view however the new words wrap, even when
        # the scroll bar they bring narrows the panel and adds a line after the
        # first scroll. Scrolling up to read again lets go until the next words.
        self.anchor()

    def show(self, text: Text) -> None:
        """Show ``text``, its end in view (the table redraws the lesson with every
        key: the same words are left as they are)."""
        if text == self.shown:
            return
        self.shown = text
        self.text.update(text)
        self.scroll_end(animate=False)  # anchors again if the player scrolled up


class LessonMoves(Moves):
    """The player's moves in a lesson: each checked against the lesson first."""

    screen: LessonTable

    def play(self, action: act.Action) -> bool:
        screen = self.screen
        if not screen.my_turn:
            return False
        game = screen.session.round
        text = screen.run.match(game, action)
        if text is None:
            self.wrong(game, action)
            return False
        screen.run.made(game, text, action)
        made = super().play(action)  # legal: the lesson's match checked it
        if screen.run.finished:
            screen.call_later(screen.turns.advance)  # the lesson's end
        return made

    def wrong(self, game: Round[Any], action: act.Action) -> None:
        """A move that is not the lesson's: the rule that refuses it, or that it is
        not this lesson's; then the hint, and after a second try the answer."""
        screen = self.screen
        screen.run.wrong()
        look = screen.dapp.look
        try:
            game.check(action)
        except IllegalMoveError as exc:
            screen.say(refusal_text(exc, look), error=True)
        else:
            # a discard the coach would ask about: what it would give away
            risk = screen.coach.warned(action)
            if risk is not None:
                why = screen.coach.risk_text(risk, look)
                screen.say(fmt("learn.not_this_risk", why=why), error=True)
            else:
                move = action_text(game, action, look, screen.presenter.key)
                screen.say(fmt("learn.not_this", move=move), error=True)
        screen.show_answer(keep=True)
        screen.refresh_lesson()

    def unavailable(self, key: str, ids: list[str]) -> Text:
        """A move's key the table refuses now (no card to lay off, nothing to pick
        up, a discard before taking): a wrong try too."""
        self.screen.tried(ids)
        return super().unavailable(key, ids)

    def why_line(self, key: str, binding_id: str, refusal: MoveError | None) -> Text:
        self.screen.tried([binding_id])
        return super().why_line(key, binding_id, refusal)

    def asked_first(self, action: act.Action) -> bool:
        """No question before a discard: the lesson's discard is the one to make,
        and another is refused with the coach's reason (:meth:`wrong`)."""
        return False


class LessonTurns(Turns):
    """The turns of a lesson: the other seats play its scripted moves; nothing is saved."""

    screen: LessonTable

    def start_ai(self) -> None:
        """The lesson's next move for the seat to move."""
        game = self.screen.session.round
        self.token += 1
        self.ai_chose(self.token, game.seat, self.screen.run.next_scripted(game))

    def advance(self) -> None:
        if self.screen.run.finished and not self.busy and self.screen.is_attached:
            self.screen.lesson_over()
            return
        super().advance()

    def round_over(self) -> None:
        self.screen.lesson_over()

    def autosave(self) -> None:
        """A lesson is never saved: the player's saved games stay as they were."""


class LessonTable(TableScreen):
    """The table screen of a lesson: the player's moves checked against the
    lesson, the other seats' moves the lesson's, the lesson's words beside."""

    turns_type = LessonTurns
    moves_type = LessonMoves

    # the keys of the table (and of every screen) written out with the lesson's
    # own: the table looks a key up in its class's BINDINGS to say why it does
    # nothing now
    inherit_bindings = False
    BINDINGS: ClassVar[list[BindingType]] = [
        *Screen.BINDINGS,
        *TableScreen.BINDINGS,
        Binding("escape", "leave_lesson", "Lessons", id="lessons"),
    ]

    HIDDEN = ("undo", "export", "quit_game", "toggle_scores", "toggle_coach")
    """Keys of the table a lesson has no use for: a lesson is not saved, its
    moves are the lesson's (undo would step back out of them), and the lesson
    is the coach."""

    def __init__(self, lessons: tuple[Lesson, ...], index: int) -> None:
        self.lessons = lessons
        self.index = index
        self.lesson = lessons[index]
        super().__init__(lesson_session(self.lesson))
        self.run = LessonRun(self.lesson)
        self._ended = False

    @property
    def names(self) -> list[str]:
        return self.session.names

    def key(self, part: str) -> str:
        return f"{self.lesson.id}.{part}"

    def on_mount(self) -> None:
        # (the table screen's own on_mount runs after this one, as Textual calls each)
        self.add_class("-lesson")
        self.query_one("#side").mount(LessonPanel(id="lesson"), before=0)
        self.call_after_refresh(self.refresh_lesson)

    # ------------------------------------------------------------------
    # the lesson's words

    def refresh_lesson(self) -> None:
        """The panel: what the last step did, what to look at now, the help so far."""
        panels = self.query(LessonPanel)
        if not panels:
            return
        panel = panels.first()
        look = self.dapp.look
        panel.border_title = t(
            "learn.panel_title",
            n=self.index + 1,
            total=len(self.lessons),
            title=lesson_text(self.key("title")),
        )
        panel.border_subtitle = t("learn.panel_keys")
        out = Text()
        run = self.run
        if run.done is not None:
            done = lesson_text(self.key(f"step{run.done + 1}.done"))
            if done:
                out.append_text(lesson_markup(done, look, self.names))
                out.stylize(Style(dim=True))
        game = self.session.round
        if run.waiting and not game.is_over:
            if out:
                out.append("\n\n")
            step = f"step{run.step + 1}"
            out.append_text(lesson_markup(lesson_text(self.key(f"{step}.look")), look, self.names))
            # the hint after a wrong try; from the second on, the move in its place
            expected = run.expected(game) if run.tries >= 2 else None
            if expected is not None:
                move = action_text(game, expected, look, self.presenter.key)
                line = fmt("learn.answer", move=move, how=how_text(game, expected, look))
            elif run.tries:
                hint = lesson_markup(lesson_text(self.key(f"{step}.hint")), look, self.names)
                line = fmt("learn.hint", text=hint)
            if run.tries:
                line.stylize(Style(bold=True))
                out.append("\n\n")
                out.append_text(line)
        panel.show(out)

    def refresh_language(self) -> None:
        super().refresh_language()
        self.refresh_lesson()

    def refresh_view(self) -> None:
        super().refresh_view()
        self.refresh_lesson()

    # ------------------------------------------------------------------
    # the coach: the lesson speaks in its place

    @property
    def coach_on(self) -> bool:
        """The cards just taken are marked in every lesson, whatever the setting."""
        return True

    def refresh_coach(self) -> None:
        """No line of what can be done: it would name the move the lesson waits
        for the player to find."""
        self.query_one("#coach", Static).display = False

    # ------------------------------------------------------------------
    # the player's moves, checked against the lesson

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.HIDDEN:
            return False
        return super().check_action(action, parameters)

    def action_hint(self) -> None:
        """The lesson's hint, and at the second asking its move."""
        if not self.my_turn or not self.run.waiting:
            return
        self.run.wrong()
        self.show_answer(keep=False)
        self.refresh_lesson()

    def tried(self, ids: list[str]) -> None:
        """A key of a move refused now: a wrong try of the lesson's step."""
        if self.my_turn and self.run.waiting and set(ids) & set(ACTION_BINDINGS.values()):
            self.run.wrong()
            self.call_later(self.show_answer, True)
            self.call_later(self.refresh_lesson)

    def show_answer(self, keep: bool) -> None:
        """From the second try on, the lesson's move shown as the hint shows one:
        its card under the cursor, a meld's cards selected, a pick-up preferred;
        the status line says why that move (``keep``: the refusal just said stays)."""
        game = self.session.round
        expected = self.run.expected(game) if self.run.tries >= 2 else None
        if expected is None:
            return
        message = self.message
        self.moves.hint_token += 1
        self.moves.show_hint(self.moves.hint_token, game, len(game.history), expected)
        if keep and message is not None:  # the refusal stays; the panel gives the answer
            self.say(message, error=True)

    # ------------------------------------------------------------------
    # the other seats, and the end

    def lesson_over(self) -> None:
        """The lesson is done: remembered, and explained on its end screen."""
        from dummy_tui.ui.screens.lessons import LessonEndScreen

        if self._ended:
            return
        self._ended = True
        self.turns.stop()
        settings = self.dapp.prefs.settings
        if self.lesson.id not in settings.lessons_done:
            settings.lessons_done.append(self.lesson.id)
            self.dapp.prefs.store()
        session = self.session
        finished = session.round
        result = session.finish_round() if finished.is_over else None
        # the table drawn as the last move left it, then the end over it (unless
        # Escape left the lesson meanwhile)
        self.refresh_view()
        end = LessonEndScreen(self, finished, result)

        def show_end() -> None:
            if self.app.screen is self:
                self.app.push_screen(end)

        self.call_after_refresh(show_end)

    def action_leave_lesson(self) -> None:
        """Esc: back to the list of lessons, at any time."""
        self.turns.stop()
        self.app.pop_screen()
