"""Screens laid over the table: choices, the privacy screen, help, a too-small window."""

from __future__ import annotations

import re
from collections.abc import Callable
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from dummy_tui.i18n import key_fields, language, t
from dummy_tui.ui.common import describe_bindings
from dummy_tui.ui.widgets.footer import KeyFooter

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult

T = TypeVar("T")


class ChoiceScreen(ModalScreen[T | None], Generic[T]):
    """Choose one of several moves (a pick-up's meld, a layoff's target meld, ...)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="cancel"),
    ]

    def __init__(
        self,
        title: str,
        intro: Text | None,
        choices: list[tuple[Text, T]],
        help: str | None = None,
    ) -> None:
        """``help``: the line under the choices (the keys), when not the usual one."""
        super().__init__(classes="choice")
        self.title_text = title
        self.intro = intro
        self.choices = choices
        self.help = help

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as box:
            box.border_title = self.title_text
            if self.intro is not None:
                yield Static(self.intro, id="intro")
            yield OptionList(
                *(Option(label, id=str(i)) for i, (label, _) in enumerate(self.choices)),
                id="choices",
            )
            yield Static(self.help or t("choice.help"), id="choice-help")

    def on_mount(self) -> None:
        describe_bindings(self)
        self.query_one(OptionList).highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[event.option_index][1])

    def action_cancel(self) -> None:
        self.dismiss(None)


class PrivacyScreen(Screen[None]):
    """Covers every hand while the keyboard passes to the next person, and
    tells them what the others did since their last turn (moves everyone saw).

    ``name`` and ``since`` are asked again when the language changes.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "go", "Show my cards", id="show_cards")
    ]

    def __init__(
        self, name: Callable[[], str], since: Callable[[], list[Text]] = lambda: []
    ) -> None:
        super().__init__(classes="privacy")
        self.name_now = name
        self.since = since

    @property
    def player_name(self) -> str:
        return self.name_now()

    def compose(self) -> ComposeResult:
        with Vertical(id="privacy-box"):
            yield Static(id="privacy-title")
            yield Static(id="privacy-press")
            yield Static(id="privacy-since")
        yield KeyFooter(show_command_palette=False)

    def on_mount(self) -> None:
        self.refresh_language()

    def refresh_language(self) -> None:
        describe_bindings(self)
        name = self.player_name
        # the name as typed: Text, never markup
        self.query_one("#privacy-title", Static).update(Text(t("privacy.pass", name=name)))
        self.query_one("#privacy-press", Static).update(Text(t("privacy.press", name=name)))
        lines = self.since()
        since = self.query_one("#privacy-since", Static)
        since.display = bool(lines)
        if lines:
            text = Text(t("privacy.since"), Style(bold=True))
            for line in lines:
                text.append("\n")
                text.append_text(line)
            since.update(text)

    def action_go(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)


class TooSmallScreen(Screen[None]):
    """Shown instead of the game while the terminal is smaller than 80×24."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "leave", "Quit", id="small_quit", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Static(t("small.text"), id="small-text")

    def on_mount(self) -> None:
        describe_bindings(self)  # q on the Thai layout too

    def action_leave(self) -> None:
        """q leaves from here too, the game below saved as its own q would."""
        below = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else None
        leave = getattr(below, "action_quit_game", None)
        if callable(leave):
            leave()
        else:
            self.app.exit()

    def refresh_language(self) -> None:
        self.query_one("#small-text", Static).update(t("small.text"))


def help_text(lang: str) -> str:
    """The help in ``lang``, its table of keys naming each key as the keymap binds it."""
    text = (
        resources.files("dummy_tui.ui").joinpath("help", f"{lang}.md").read_text(encoding="utf-8")
    )
    keys = key_fields()
    return re.sub(r"\{(k_\w+)\}", lambda m: keys.get(m.group(1), m.group(0)), text)


def help_sections(text: str) -> list[str]:
    """The help's markdown cut at every heading: each part starts with its heading."""
    parts: list[list[str]] = [[]]
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if line.startswith("#") and not fenced and any(parts[-1]):
            parts.append([])
        parts[-1].append(line)
    return ["\n".join(part).strip() + "\n" for part in parts if any(part)]


KEY_COLUMN_MIN = 12
"""The narrowest a help table's first column is drawn (``shift+← →`` fits)."""

HEADING_STYLES = {"h1": "bold", "h2": "bold magenta", "h3": "bold"}
"""The help's headings in bold, never underlined: a line under Thai text cuts
the vowels and marks below its letters (ชุด, คุณ)."""


def help_markdown(text: str) -> RenderableType:
    """One section of the help as rich markdown, its headings not underlined."""
    from rich.markdown import Heading, Markdown, TableElement  # only when the help is asked for
    from rich.table import Table

    class BoldHeading(Heading):
        def __init__(self, tag: str) -> None:
            super().__init__(tag)
            self.style_name = HEADING_STYLES.get(tag, "bold")

    class HelpTable(TableElement):
        """A table whose first column (a key, a Thai word) takes at most a
        quarter of the width: the words beside it get the rest."""

        def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
            for part in super().__rich_console__(console, options):
                if isinstance(part, Table) and len(part.columns) > 1:
                    part.columns[0].max_width = max(KEY_COLUMN_MIN, options.max_width // 4)
                yield part

    class HelpMarkdown(Markdown):
        elements: ClassVar[dict[str, type[Any]]] = {
            **Markdown.elements,
            "heading_open": BoldHeading,
            "table_open": HelpTable,
        }

    return HelpMarkdown(text)


class HelpScreen(ModalScreen[None]):
    """F1: the rules with examples, a glossary of Thai terms and the keys.

    Each section of the help is one widget drawn with rich's markdown: a few
    widgets instead of one for every paragraph and table cell, so that the
    screen opens at once (it is kept, and shown again at each F1)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="close"),
        Binding("f1", "close", "Close", id="close_f1", show=False),
        Binding("q", "close", id="close_q", show=False),
    ]

    def __init__(self, section: str | None = None) -> None:
        super().__init__()
        self.section = section
        """Text in the heading of the section the help opens at (the game on the
        table's; None: the first, Dummy's)."""
        self._lang = ""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-scroll") as box:
            box.border_title = t("help.title")
            yield from self._sections()
        yield KeyFooter(show_command_palette=False)

    def _sections(self) -> list[Static]:
        self._lang = language()
        return [
            Static(help_markdown(part), classes="help-section", name=part.splitlines()[0])
            for part in help_sections(help_text(self._lang))
        ]

    def on_mount(self) -> None:
        describe_bindings(self)
        self.query_one("#help-scroll").focus()
        self.call_after_refresh(self._show_section)

    def open_at(self, section: str | None) -> None:
        """Opened again (the screen is kept): at the section of the game on the table."""
        self.section = section
        if self._lang != language():
            self.refresh_language()  # the language changed while the help was closed
        self.call_after_refresh(self._show_section)

    def on_screen_resume(self) -> None:
        self.query_one("#help-scroll").focus()

    def refresh_language(self) -> None:
        box = self.query_one("#help-scroll", VerticalScroll)
        box.border_title = t("help.title")
        with self.app.batch_update():
            box.remove_children()
            box.mount_all(self._sections())
        describe_bindings(self)
        self.refresh_bindings()
        self.call_after_refresh(self._show_section)

    def _show_section(self, again: int = 2) -> None:
        """Scroll the heading of the game on the table to the top (every family's
        heading names its preset), or the help's start.

        Done ``again`` more times after a refresh each: sections just mounted (a
        language changed) may still be laid out anew, moving the heading."""
        if not self.is_attached:
            return  # closed meanwhile
        box = self.query_one("#help-scroll", VerticalScroll)
        if self.section is None:
            box.scroll_home(animate=False)
            return
        for part in self.query(".help-section").results(Static):
            if part.name and self.section in part.name.replace("`", ""):
                box.scroll_to_widget(part, top=True, animate=False)
                if again:
                    self.call_after_refresh(self._show_section, again - 1)
                return

    def action_close(self) -> None:
        self.dismiss(None)
