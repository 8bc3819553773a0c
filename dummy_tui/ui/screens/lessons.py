"""The guided first game: the list of lessons, and the end of each.

:class:`LessonListScreen` lists the lessons, those played to their end
ticked (the settings remember them), any of them played again from there;
:class:`LessonEndScreen` says what a lesson taught and, when it ended the
round, the round's score as the round end shows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from dummy_tui.families import HOME
from dummy_tui.i18n import t
from dummy_tui.rules import get_ruleset
from dummy_tui.ui.common import describe_bindings
from dummy_tui.ui.gameapp import GameScreen
from dummy_tui.ui.screens.lesson import LessonTable, lesson_markup, lesson_text
from dummy_tui.ui.session import next_start
from dummy_tui.ui.tutorial.lessons import Lesson, load_lessons
from dummy_tui.ui.widgets.footer import KeyFooter
from dummy_tui.ui.words import fmt, start_text

if TYPE_CHECKING:
    from dummy_tui.engine.match import RoundResult
    from dummy_tui.engine.round import Round

DONE = "✓"


class LessonListScreen(GameScreen):
    """Every lesson, the ones played to their end ticked; Enter plays one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="back"),
    ]

    def __init__(self) -> None:
        super().__init__(id="lessons")
        self.lessons: tuple[Lesson, ...] = load_lessons()

    def compose(self) -> ComposeResult:
        with Vertical(id="lessons-box"):
            yield Static(id="lessons-intro")
            yield OptionList(id="lessons-list")
        yield KeyFooter(show_command_palette=False)

    def on_mount(self) -> None:
        self.refresh_language()
        options = self.query_one(OptionList)
        done = set(self.dapp.prefs.settings.lessons_done)
        first = next((i for i, ls in enumerate(self.lessons) if ls.id not in done), 0)
        options.highlighted = self._row(first)
        options.focus()

    def on_screen_resume(self) -> None:
        self.refresh_language()  # a lesson just played: ticked

    def then(self, start: int | None) -> None:
        """Back here from a lesson's end, then lesson ``start`` (None: stay here)."""
        self.call_later(self._then, start)

    async def _then(self, start: int | None) -> None:
        # each screen above gone before the next table comes: two tables cannot be
        # on the screen stack at once (each is the screen #table)
        while self.app.screen is not self:
            await self.app.pop_screen()
        if start is not None and start < len(self.lessons):
            self.query_one(OptionList).highlighted = self._row(start)
            self.app.push_screen(LessonTable(self.lessons, start))

    def _row(self, index: int) -> int:
        """The option list's row of lesson ``index`` (a heading comes before the others)."""
        options = self.query_one(OptionList)
        for row in range(options.option_count):
            if options.get_option_at_index(row).id == str(index):
                return row
        return 0

    def refresh_language(self) -> None:
        describe_bindings(self)
        self.query_one("#lessons-box").border_title = t("learn.title")
        self.query_one("#lessons-intro", Static).update(Text(t("learn.intro"), style="dim"))
        options = self.query_one(OptionList)
        highlighted = options.highlighted
        options.clear_options()
        done = set(self.dapp.prefs.settings.lessons_done)
        family = None
        for i, lesson in enumerate(self.lessons):
            home = get_ruleset(lesson.ruleset).family == HOME
            group = "learn.group_dummy" if home else "learn.group_others"
            if group != family:
                family = group
                options.add_option(Option(Text(t(group), style="bold"), disabled=True))
            line = Text(f"{DONE} " if lesson.id in done else "  ", Style(color="green"))
            line.append(t("learn.lesson", n=i + 1, title=lesson_text(f"{lesson.id}.title")))
            options.add_option(Option(line, id=str(i)))
        if highlighted is not None:
            options.highlighted = highlighted
        self.refresh_bindings()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.app.push_screen(LessonTable(self.lessons, int(event.option.id)))

    def action_back(self) -> None:
        """Back to the new-game screen (opened from it, or in its place)."""
        below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        if type(below).__name__ == "NewGameScreen":
            self.app.pop_screen()
        else:
            self.dapp.show_new_game()


class LessonEndScreen(ModalScreen[None]):
    """What a lesson taught, then the round's score when it ended the round;
    then the next lesson, the same again, the list, or after the last a game.
    Over the lesson's table, as the lesson left it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "Next lesson", id="next_lesson"),
        Binding("r", "again", "Again", id="again"),
        Binding("escape", "lessons", "Lessons", id="lessons"),
    ]

    def __init__(self, table: LessonTable, game: Round[Any], result: RoundResult | None) -> None:
        super().__init__(id="lesson-end")
        self.table = table
        self.game = game
        self.result = result

    @property
    def last(self) -> bool:
        return self.table.index + 1 >= len(self.table.lessons)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="lesson-end-box"):
            for part in ("text", "title", "table", "hands", "next", "last"):
                yield Static(id=f"lesson-end-{part}")
        yield KeyFooter(show_command_palette=False)

    def on_mount(self) -> None:
        self.refresh_language()
        self.query_one("#lesson-end-box").focus()  # ↑ ↓ scroll a long end

    def refresh_language(self) -> None:
        table = self.table
        look = table.dapp.look

        def word(binding: Binding) -> str | None:  # after the last lesson: a game
            return t("learn.play") if binding.id == "next_lesson" and self.last else None

        describe_bindings(self, word)
        title = lesson_text(f"{table.lesson.id}.title")
        box = self.query_one("#lesson-end-box")
        box.border_title = t(
            "learn.end_title", n=table.index + 1, total=len(table.lessons), title=title
        )
        end = lesson_markup(lesson_text(f"{table.lesson.id}.end"), look, table.names)
        self.query_one("#lesson-end-text", Static).update(end)
        presenter = table.presenter
        over = self.result is not None
        for part in ("title", "table", "hands", "next"):
            self.query_one(f"#lesson-end-{part}").display = over
        if self.result is not None:
            self.query_one("#lesson-end-title", Static).update(
                presenter.headline(self.game, self.result, look)
            )
            self.query_one("#lesson-end-table", Static).update(
                presenter.breakdown(self.game, self.result)
            )
            self.query_one("#lesson-end-hands", Static).update(self.hands())
            self.query_one("#lesson-end-next", Static).update(self.next_round())
        last = self.query_one("#lesson-end-last", Static)
        last.display = self.last
        last.update(Text(t("learn.last"), style="bold"))
        self.refresh_bindings()

    def hands(self) -> Text:
        """The cards left in each hand, as the round end lists them."""
        table = self.table
        presenter, look, game = table.presenter, table.dapp.look, self.game
        out = Text(presenter.hands_heading(game), Style(bold=True))
        for seat, name in enumerate(table.names):
            out.append(f"\n  {name}: ")
            if not game.hands[seat]:
                out.append("—", Style(dim=True))
            else:
                out.append_text(presenter.hand_cards(game, seat, look))
        return out

    def next_round(self) -> Text:
        """Who would start the next round, and why: the rule, and when a fool
        turned it, the direction of play (as the round end says it)."""
        presenter = self.table.presenter
        match = self.table.session.match
        entry = next_start(match.starter, match.direction, self.game)
        return fmt("end.next", why=start_text(entry, self.table.names, presenter.key))

    def listing(self) -> LessonListScreen:
        return next(s for s in self.app.screen_stack if isinstance(s, LessonListScreen))

    def action_next(self) -> None:
        if self.last:
            self.table.dapp.show_new_game()
        else:
            self.listing().then(self.table.index + 1)

    def action_again(self) -> None:
        self.listing().then(self.table.index)

    def action_lessons(self) -> None:
        self.listing().then(None)
