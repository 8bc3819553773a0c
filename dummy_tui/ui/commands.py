"""The command palette (Ctrl+P): what the screen up now can do, in the
language of the screen.

A command is a key binding of the screen or of the app whose id has a line
in the catalog's ``[cmd]`` section, listed only while its action applies —
the screen's own ``check_action`` says so, as it does for the footer (on the
table: the moves legal for the person at the keyboard).  Its name is the
key's word (the family's own, as the footer shows it), or the ``[cmdtitle]``
entry where that alone would not say it; its line says what it does and its
key.  Choosing it runs the binding's action, as pressing the key would.
Textual's theme picker is there too, with its name in the language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from textual.actions import parse
from textual.app import SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette
from textual.dom import DOMNode
from textual.screen import Screen

from dummy_tui.ui.i18n import has, t

if TYPE_CHECKING:
    from dummy_tui.ui.appsettings import SettingsApp


def screen_commands(app: SettingsApp, screen: Screen[Any]) -> Iterator[SystemCommand]:
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


def _word_key(screen: Screen[Any], binding_id: str) -> str:
    """The catalog key of the binding's word: the family's own on the table and
    the round end ("Go out" for a knock in rummy, "Next deal" in Persian)."""
    presenter = getattr(screen, "presenter", None)
    key = f"key.{binding_id}"
    if presenter is not None:
        key = presenter.key(key)
    return key if has(key.replace("key.", "cmd.", 1)) else f"key.{binding_id}"


def _shown_key(app: SettingsApp, binding: Binding) -> str:
    """The key that does it now (the keymap's first), as the footer shows keys."""
    keys = app.keymap.get(binding.id or "", binding.key).split(",")
    return app.get_key_display(binding.with_key(keys[0]))


def _runner(app: SettingsApp, node: DOMNode, action: str) -> Callable[[], Any]:
    def run() -> Any:
        return app.run_action(action, node)

    return run


class Palette(CommandPalette):
    """Textual's palette, with its "No matches found" line in the language.

    Textual writes that line in English, in a timer it starts when a search
    finds nothing; a second timer, due just after it, words it again."""

    def _start_no_matches_countdown(self, search_value: str) -> None:
        super()._start_no_matches_countdown(search_value)
        if search_value:
            self.set_timer(self._NO_MATCHES_COUNTDOWN + 0.01, self._say_no_matches)

    def _say_no_matches(self) -> None:
        from rich.align import Align
        from rich.text import Text
        from textual.command import CommandList
        from textual.widgets.option_list import OptionDoesNotExist

        with suppress(OptionDoesNotExist):  # a match came since, or the line is not up yet
            self.query_one(CommandList).replace_option_prompt(
                self._NO_MATCHES, Align.center(Text(t("cmd.no_matches"), style="not bold"))
            )


def command_palette(themes: bool = False) -> CommandPalette:
    """The palette, its search line in the language: of the commands, or of
    the themes (Textual's own theme picker)."""
    if themes:
        from textual.theme import ThemeProvider

        return Palette(providers=[ThemeProvider], placeholder=t("cmd.search_themes"))
    return Palette(placeholder=t("cmd.search"), id="--command-palette")
