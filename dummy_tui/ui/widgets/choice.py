"""A value picked from a few: one line, stepped through with the arrow keys or a click."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget


class Choice(Widget, can_focus=True):
    """One of a few values, shown as ``‹ label ›``.

    ← and → (Enter and Space too) step through the values, wrapping around;
    a click on the left half steps back, on the right half forward.  It is
    one widget where a drop-down list is six, which keeps the new-game
    screen quick to draw.
    """

    DEFAULT_CSS = """
    Choice {
        width: 28;
        height: 1;
        background: $surface;
    }
    Choice:focus {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
        text-style: bold;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Previous", show=False),
        Binding("right,enter,space", "step(1)", "Next", show=False),
    ]

    class Changed(Message):
        """The value was changed (by the player or the program)."""

        ALLOW_SELECTOR_MATCH: ClassVar[set[str]] = {"control"}

        def __init__(self, choice: Choice, value: Hashable) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(
        self,
        options: Sequence[tuple[str, Hashable]],
        value: Hashable | None = None,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._options: list[tuple[str, Hashable]] = list(options)
        values = [v for _, v in self._options]
        self._index = values.index(value) if value in values else 0

    @property
    def options(self) -> list[tuple[str, Hashable]]:
        return list(self._options)

    @property
    def value(self) -> Hashable:
        return self._options[self._index][1]

    @value.setter
    def value(self, value: Hashable) -> None:
        values = [v for _, v in self._options]
        if value in values:
            self._select(values.index(value))

    def set_options(self, options: Sequence[tuple[str, Hashable]]) -> None:
        """New values (and labels); the current value is kept if it is among them."""
        current = self.value
        self._options = list(options)
        values = [v for _, v in self._options]
        self._index = values.index(current) if current in values else 0
        self.refresh()
        if self.value != current:
            self.post_message(self.Changed(self, self.value))

    def _select(self, index: int) -> None:
        index %= len(self._options)
        if index == self._index:
            return
        self._index = index
        self.refresh()
        self.post_message(self.Changed(self, self.value))

    def action_step(self, by: int) -> None:
        self._select(self._index + by)

    def on_click(self, event: events.Click) -> None:
        self.focus()
        self._select(self._index + (-1 if event.x < self.size.width // 2 else 1))

    def render(self) -> Text:
        label = self._options[self._index][0]
        width = max(self.size.width - 4, len(label))
        return Text(f"‹ {label:^{width}} ›" if len(self._options) > 1 else f"  {label}")
