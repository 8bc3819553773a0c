"""A value picked from a few: one line, stepped through with the arrow keys or a click."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import ClassVar

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

CHOICE_WIDTH = 28
"""Cells of the ``‹ value ›`` part."""


class Choice(Widget, can_focus=True):
    """One of a few values, shown as ``‹ label ›``, after the line's own label if it has one.

    ← and → (Enter and Space too) step through the values, wrapping around;
    a click on the left half of ``‹ … ›`` steps back, on the right half
    forward, and a click on the line's label only gives the focus.  It is one
    widget where a label, a row and a drop-down list are eight, which keeps
    the new-game screen quick to draw.
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"choice--value"}
    DEFAULT_CSS = """
    Choice {
        width: auto;
        height: 1;
    }
    Choice > .choice--value {
        background: $surface;
    }
    Choice:focus > .choice--value {
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
        """The value was changed (by the player or the program: ``by_player``
        says which)."""

        ALLOW_SELECTOR_MATCH: ClassVar[set[str]] = {"control"}

        def __init__(self, choice: Choice, value: Hashable, by_player: bool = False) -> None:
            super().__init__()
            self.choice = choice
            self.value = value
            self.by_player = by_player

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(
        self,
        options: Sequence[tuple[str, Hashable]],
        value: Hashable | None = None,
        *,
        label: str | None = None,
        label_width: int = 16,
        width: int = CHOICE_WIDTH,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """``label``, when not None, fills the first ``label_width`` cells before the
        value, which takes ``width`` cells (``‹ … ›`` included)."""
        super().__init__(id=id, classes=classes)
        self._width = width
        self._options: list[tuple[str, Hashable]] = list(options)
        values = [v for _, v in self._options]
        self._index = values.index(value) if value in values else 0
        self._label = label
        self._label_width = label_width if label is not None else 0

    @property
    def options(self) -> list[tuple[str, Hashable]]:
        return list(self._options)

    @property
    def label(self) -> str | None:
        """The line's label drawn before the value (None: the value alone)."""
        return self._label

    @label.setter
    def label(self, label: str) -> None:
        self._label = label
        self.refresh()

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

    def _select(self, index: int, by_player: bool = False) -> None:
        index %= len(self._options)
        if index == self._index:
            return
        self._index = index
        self.refresh()
        self.post_message(self.Changed(self, self.value, by_player))

    def action_step(self, by: int) -> None:
        self._select(self._index + by, by_player=True)

    def on_click(self, event: events.Click) -> None:
        self.focus()
        x = event.x - self._label_width
        if x >= 0:
            width = self.size.width - self._label_width
            self._select(self._index + (-1 if x < width // 2 else 1), by_player=True)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self._label_width + self._width

    def _parts(self) -> tuple[str | None, str]:
        """The line's label (None: none) and value, each padded to its width."""
        shown = self._options[self._index][0]
        inner = max(self._width - 4, cell_len(shown))
        pad = inner - cell_len(shown)
        text = (
            f"‹ {' ' * (pad // 2)}{shown}{' ' * (pad - pad // 2)} ›"
            if len(self._options) > 1
            else f"  {shown}"
        )
        # one cell is kept free between the label and the value
        label = None if self._label is None else set_cell_size(self._label, self._label_width - 1)
        return (None if label is None else label + " "), set_cell_size(text, self._width)

    def render(self) -> Text:
        """The line as text (Textual draws it with :meth:`render_line`)."""
        label, value = self._parts()
        line = Text(label or "")
        line.append(value, self.get_component_rich_style("choice--value"))
        return line

    def render_line(self, y: int) -> Strip:
        """The widget's one line, drawn straight as a strip: the quickest way
        Textual has (eight of these are on the new-game screen's first frame)."""
        base = self.rich_style
        width = self.size.width
        if y != 0:
            return Strip.blank(width, base)
        label, value = self._parts()
        segments = [] if label is None else [Segment(label, base)]
        segments.append(Segment(value, self.get_component_rich_style("choice--value")))
        return Strip(segments).adjust_cell_length(width, base)
