"""Rows of cards that wrap to the width and map clicks back to cards."""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.widget import Widget

from dummy_tui.ui.cardtext import CardLook, text_on

FRESH_COLOUR = "#2f6b3a"
"""The background of the cards just drawn or picked up (the coach marks them)."""


class CardStrip(Widget):
    """Cards laid out left to right, wrapping onto more lines, never hiding one.

    Compact cells are one line (``10♥*``); with ``big`` set each card is a
    small three-line box, with ``large`` (a wide screen) a four-line card
    with its rank and suit in a corner and the suit in the middle.
    Subclasses say which mark goes with each card.
    """

    can_focus = True

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", show=False),
        Binding("right", "cursor(1)", show=False),
        Binding("up", "line(-1)", show=False),
        Binding("down", "line(1)", show=False),
        Binding("home", "to_end(0)", show=False),
        Binding("end", "to_end(1)", show=False),
    ]
    """The cursor's keys, the hand's and the row's alike."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.cards: list[int] = []
        self.cursor: int | None = None
        self.selected: set[int] = set()
        self.highlight: set[int] = set()
        self.fresh: set[int] = set()  # just taken into the hand: marked until the next turn
        self.dimmed: set[int] = set()
        self.look = CardLook()
        self.big = False
        self.large = False
        self.placeholder = Text("")
        self.accent = "#3a6ea5"

    # -- what subclasses decide ------------------------------------------------

    def mark(self, card: int) -> tuple[str, str]:
        """A one-character mark for the card and its colour ("" for none)."""
        return " ", ""

    @property
    def selected_mark(self) -> str:
        """What follows a selected card: ✓, or v with letter suits."""
        return "v" if self.look.ascii else "✓"

    # -- layout ------------------------------------------------------------------

    @property
    def cell_width(self) -> int:
        return 8 if self.large else 6 if self.big else 5

    @property
    def lines_per_row(self) -> int:
        return 4 if self.large else 3 if self.big else 1

    def per_line(self, width: int) -> int:
        return max(1, (width + 1) // self.cell_width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if not self.cards:
            return max(1, len(self.placeholder.wrap(self.app.console, max(1, width))))
        rows = -(-len(self.cards) // self.per_line(width))
        return rows * self.lines_per_row

    def refresh_cards(self, before: int) -> None:
        """Draw the cards again after they changed from ``before`` cards: the
        screen is laid out again only when the strip's height changes (a
        layout costs more than the drawing)."""
        width = self.content_region.width
        if width <= 0 or not self.cards or not before:
            self.refresh(layout=True)
            return
        per_line = self.per_line(width)
        rows = -(-len(self.cards) // per_line)
        self.refresh(layout=rows != -(-before // per_line))

    def index_at(self, x: int, y: int) -> int | None:
        width = self.content_region.width
        row = y // self.lines_per_row
        col = x // self.cell_width
        if col >= self.per_line(width):
            return None
        index = row * self.per_line(width) + col
        return index if 0 <= index < len(self.cards) else None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.index_at(offset.x, offset.y)
        if index is not None:
            event.stop()
            self.clicked(index)

    def clicked(self, index: int) -> None:
        """A card was clicked (subclasses post a message)."""

    # -- drawing -----------------------------------------------------------------

    def _cell_style(self, i: int, card: int) -> Style:
        style = self.look.style(card)
        if card in self.dimmed:
            style += Style(dim=True)
        if card in self.selected:
            style += Style(bgcolor=self.accent, color=text_on(self.accent))
        if card in self.highlight:
            style += Style(bgcolor="#8a6d00", color="#ffffff")
        elif card in self.fresh:
            style += Style(bgcolor=FRESH_COLOUR, color="#ffffff")
        if i == self.cursor and self.has_focus:
            style += Style(reverse=True)
        elif i == self.cursor:
            style += Style(underline=True)
        return style

    def render(self) -> Text:
        if not self.cards:
            return self.placeholder
        width = self.content_region.width or self.size.width or 80
        n = self.per_line(width)
        out = Text(no_wrap=True, overflow="crop", end="")
        rows = [self.cards[i : i + n] for i in range(0, len(self.cards), n)]
        for r, row in enumerate(rows):
            base = r * n
            if self.large:
                self._render_large(out, row, base)
            elif self.big:
                tops, mids, bots = Text(), Text(), Text()
                for j, card in enumerate(row):
                    style, frame, mark, colour = self._styles(base + j, card)
                    # a mark as well as the colour (NO_COLOR)
                    self._top(tops, card, frame, "─")
                    mids.append("│", frame)
                    mids.append(self.look.label(card).rjust(3), style)
                    mids.append("│", frame)
                    bots.append("╰─", frame)
                    bots.append(mark if mark.strip() else "─", Style(color=colour or None) + frame)
                    bots.append("─╯", frame)
                    for line in (tops, mids, bots):
                        line.append(" ")
                for line in (tops, mids, bots):
                    out.append_text(line)
                    out.append("\n")
            else:
                for j, card in enumerate(row):
                    style = self._cell_style(base + j, card)
                    mark, colour = self.mark(card)
                    out.append(self.look.label(card).rjust(3), style)
                    out.append(mark, Style(color=colour or None, bold=True))
                    # a selected card is marked, not only coloured (NO_COLOR)
                    chosen = card in self.selected
                    out.append(self.selected_mark if chosen else " ", Style(bold=True))
                out.append("\n")
        out.rstrip()
        return out

    def _styles(self, index: int, card: int) -> tuple[Style, Style, str, str]:
        """A framed card's style, its frame's (bright when selected, highlighted
        or just taken), and its mark with the mark's colour."""
        style = self._cell_style(index, card)
        framed = card in self.selected or card in self.highlight or card in self.fresh
        mark, colour = self.mark(card)
        return style, style if framed else Style(), mark, colour

    def _top(self, line: Text, card: int, frame: Style, side: str) -> None:
        """A frame's top edge: the selected card's mark in its middle."""
        if card in self.selected:
            line.append(f"╭{side}", frame)
            line.append(self.selected_mark, frame + Style(bold=True))
            line.append(f"{side}╮", frame)
        else:
            line.append(f"╭{side}─{side}╮", frame)

    def _render_large(self, out: Text, row: list[int], base: int) -> None:
        """One row of large cards: a frame, the rank and suit in the top left
        corner, the suit in the middle, the mark on the bottom edge."""
        lines = [Text(), Text(), Text(), Text()]
        for j, card in enumerate(row):
            style, frame, mark, colour = self._styles(base + j, card)
            label = self.look.label(card)
            top, corner, middle, bottom = lines
            self._top(top, card, frame, "──")
            corner.append("│", frame)
            corner.append(label.ljust(5), style)
            corner.append("│", frame)
            middle.append("│", frame)
            middle.append(label[-1].center(5), style)
            middle.append("│", frame)
            bottom.append("╰──", frame)
            bottom.append(mark if mark.strip() else "─", Style(color=colour or None) + frame)
            bottom.append("──╯", frame)
            for line in lines:
                line.append(" ")
        for line in lines:
            out.append_text(line)
            out.append("\n")

    # -- cursor ------------------------------------------------------------------

    def move_cursor(self, step: int) -> None:
        if not self.cards:
            self.cursor = None
        elif self.cursor is None:
            self.cursor = 0 if step > 0 else len(self.cards) - 1
        else:
            self.cursor = (self.cursor + step) % len(self.cards)
        self.refresh()

    def move_cursor_to_end(self, last: bool) -> None:
        """The cursor to the first card, or to the last."""
        if self.cards:
            self.cursor = len(self.cards) - 1 if last else 0
            self.refresh()

    def move_cursor_line(self, step: int) -> None:
        n = self.per_line(self.content_region.width or 80)
        if self.cards and self.cursor is not None:
            target = self.cursor + step * n
            if 0 <= target < len(self.cards):
                self.cursor = target
                self.refresh()

    def action_cursor(self, step: int) -> None:
        self.move_cursor(step)
        self.cursor_moved()

    def action_to_end(self, last: int) -> None:
        self.move_cursor_to_end(bool(last))
        self.cursor_moved()

    def action_line(self, step: int) -> None:
        self.move_cursor_line(step)
        self.cursor_moved()

    def cursor_moved(self) -> None:
        """After a key moved the cursor (the hand tells its screen)."""

    @property
    def cursor_card(self) -> int | None:
        if self.cursor is None or not 0 <= self.cursor < len(self.cards):
            return None
        return self.cards[self.cursor]

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
