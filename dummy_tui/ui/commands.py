"""The command palette (Ctrl+P): what the screen up now can do, in the
language of the screen.

A command is a key binding of the screen or of the app whose id has a line
in the catalog's ``[cmd]`` section, listed only while its action applies —
the screen's own ``check_action`` says so, as it does for the footer (on the
table: the moves legal for the person at the keyboard).  Its name is the
key's word (the family's own, as the footer shows it), or the ``[cmdtitle]``
entry where that alone would not say it; its line says what it does and its
key.  Choosing it runs the binding's action, as pressing the key would.
Textual's theme picker is there too, with its name in the language, and
the themes by their names in the language (``themename.*``).  Both lists
are in the language's dictionary order (:mod:`dummy_tui.collate`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import suppress
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.actions import parse
from textual.app import SystemCommand
from textual.binding import Binding
from textual.command import CommandList, CommandPalette, DiscoveryHit, Hit, Hits
from textual.dom import DOMNode
from textual.screen import Screen
from textual.system_commands import SystemCommandsProvider
from textual.theme import ThemeProvider

from dummy_tui.collate import sort_key
from dummy_tui.i18n import has, t

if TYPE_CHECKING:
    from dummy_tui.ui.app import DummyApp


def screen_commands(app: DummyApp, screen: Screen[Any]) -> Iterator[SystemCommand]:
    """The commands of ``screen`` (then the app's) that apply now."""
    seen: set[str] = set()
    for node in (screen, app):
        for binding in Binding.make_bindings(type(node).BINDINGS):
            binding_id = binding.id
            if binding_id is None or binding_id in seen or not has(f"cmd.{binding_id}"):
                continue
            _, name, parameters = parse(binding.action)
            if node.check_action(name, parameters) is not True:
                continue  # not now (a binding of the same id may apply: speed keys)
            seen.add(binding_id)
            word = _word_key(screen, binding_id)
            title = t(f"cmdtitle.{binding_id}") if has(f"cmdtitle.{binding_id}") else t(word)
            text = t(word.replace("key.", "cmd.", 1))
            key = _shown_key(app, binding)
            yield SystemCommand(
                title, t("cmd.with_key", text=text, keys=key), _runner(app, node, binding.action)
            )
    yield SystemCommand(t("cmd.pick_theme"), t("cmd.pick_theme_help"), app.action_change_theme)
    # Textual's panel of the keys of the widget in use, shown or hidden
    panel = app.action_hide_help_panel if screen.query("HelpPanel") else app.action_show_help_panel
    yield SystemCommand(t("cmdtitle.keys"), t("cmd.keys"), panel)
    # and, as Textual offers, the part of the screen in use over the whole screen
    if screen.maximized is not None:
        yield SystemCommand(t("cmdtitle.minimize"), t("cmd.minimize"), screen.action_minimize)
    elif screen.focused is not None and screen.focused.allow_maximize:
        yield SystemCommand(t("cmdtitle.maximize"), t("cmd.maximize"), screen.action_maximize)


def _word_key(screen: Screen[Any], binding_id: str) -> str:
    """The catalog key of the binding's word: the family's own on the table and
    the round end ("Go out" for a knock in rummy, "Next deal" in Persian)."""
    presenter = getattr(screen, "presenter", None)
    key = f"key.{binding_id}"
    if presenter is not None:
        key = presenter.key(key)
    return key if has(key.replace("key.", "cmd.", 1)) else f"key.{binding_id}"


def _shown_key(app: DummyApp, binding: Binding) -> str:
    """The key that does it now (the keymap's first), as the footer shows keys."""
    keys = app.keymap.get(binding.id or "", binding.key).split(",")
    return app.get_key_display(binding.with_key(keys[0]))


def _runner(app: DummyApp, node: DOMNode, action: str) -> Callable[[], Any]:
    def run() -> Any:
        return app.run_action(action, node)

    return run


class Palette(CommandPalette):
    """Textual's palette, with its "No matches found" line in the language.

    Textual writes that line in English, in a timer it starts when a search
    finds nothing; a second timer, due just after it, words it again."""

    # Textual's private method, no public hook: tests/test_private_names.py
    # fails the day its name or parameters change
    def _start_no_matches_countdown(self, search_value: str) -> None:
        super()._start_no_matches_countdown(search_value)
        if search_value:
            self.set_timer(self._NO_MATCHES_COUNTDOWN + 0.01, self._say_no_matches)

    def _say_no_matches(self) -> None:
        from rich.align import Align
        from rich.text import Text
        from textual.widgets.option_list import OptionDoesNotExist

        with suppress(OptionDoesNotExist):  # a match came since, or the line is not up yet
            self.query_one(CommandList).replace_option_prompt(
                self._NO_MATCHES, Align.center(Text(t("cmd.no_matches"), style="not bold"))
            )


class ScreenCommands(SystemCommandsProvider):
    """The screen's commands (:func:`screen_commands`), before a search in the
    language's dictionary order rather than by code point."""

    async def discover(self) -> Hits:
        commands = sorted(
            self.app.get_system_commands(self.screen), key=lambda command: sort_key(command[0])
        )
        for name, help_text, callback, discover in commands:
            if discover:
                yield DiscoveryHit(name, callback, help=help_text)


def theme_name(name: str) -> str:
    """A theme's name in the language (``themename.NAME``), else its own."""
    return t(f"themename.{name}") if has(f"themename.{name}") else name


class ThemeNames(ThemeProvider):
    """Textual's themes by their names in the language, dark or light said
    beside each, in the language's dictionary order; a search matches the
    name shown or the theme's own."""

    def _themes(self) -> list[tuple[str, str, str]]:
        """(the name shown, whether dark or light, the theme's own name)."""
        themes = [
            (theme_name(name), t("themename.dark" if theme.dark else "themename.light"), name)
            for name, theme in self.app.available_themes.items()
        ]
        return sorted(themes, key=lambda theme: sort_key(theme[0]))

    def _choose(self, name: str) -> None:
        self.app.theme = name

    async def discover(self) -> Hits:
        for shown, kind, name in self._themes():
            yield DiscoveryHit(shown, partial(self._choose, name), help=kind)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for shown, kind, name in self._themes():
            score = max(matcher.match(shown), matcher.match(name))
            if score > 0:
                yield Hit(score, matcher.highlight(shown), partial(self._choose, name), help=kind)


def command_palette(themes: bool = False) -> CommandPalette:
    """The palette, its search line in the language: of the commands, or of
    the themes (Textual's own theme picker, with the themes' names in the language)."""
    if themes:
        return Palette(providers=[ThemeNames], placeholder=t("cmd.search_themes"))
    return Palette(providers=[ScreenCommands], placeholder=t("cmd.search"), id="--command-palette")
