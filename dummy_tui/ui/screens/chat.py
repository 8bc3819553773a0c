"""Saying something to a hosted table (``/`` at a joined table): a short line,
or one of the quick reactions each player reads in their own language."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from dummy_tui.i18n import t
from dummy_tui.net.protocol import CHAT_LIMIT, REACTIONS
from dummy_tui.ui.widgets.field import TextField


class ChatScreen(ModalScreen[dict[str, Any] | None]):
    """The table's last lines, a line to type (Enter sends it) and the quick
    reactions (Enter on one sends it); Esc says nothing."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="cancel"),
    ]

    def __init__(self, heard: list[tuple[str, str]]) -> None:
        super().__init__(classes="choice")
        self.heard = heard[-6:]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog") as box:
            box.border_title = t("chat.title")
            lines = Text()
            for name, line in self.heard:
                lines.append(name, style="bold")
                lines.append(f": {line}\n")
            yield Static(lines if self.heard else Text(t("chat.nothing_yet")), id="intro")
            yield TextField(
                placeholder=t("chat.placeholder"), max_length=CHAT_LIMIT, id="chat-line"
            )
            yield OptionList(
                *(Option(t(f"react.{key}"), id=key) for key in REACTIONS), id="choices"
            )
            yield Static(t("chat.help"), id="choice-help")

    def on_mount(self) -> None:
        self.query_one("#chat-line", Input).focus()

    def on_key(self, event: events.Key) -> None:
        """↓ from the line goes to the reactions."""
        line = self.query_one("#chat-line", Input)
        if event.key == "down" and line.has_focus:
            event.stop()
            reactions = self.query_one("#choices", OptionList)
            reactions.focus()
            reactions.highlighted = 0

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        self.dismiss({"text": text} if text else None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss({"reaction": event.option.id})

    def action_cancel(self) -> None:
        self.dismiss(None)
