"""The discard row: every discarded card in order, newest at the end."""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message

from dummy_tui.i18n import t
from dummy_tui.ui.widgets.cards import CardStrip

SPETO_MARK = "*"
"""A spe-to card's mark, in the row and on the table (in the look's orange)."""


def head_mark(ascii: bool) -> str:
    """The head card's mark: H, or # with letter suits (where H is hearts)."""
    return "#" if ascii else "H"


class DiscardRow(CardStrip):
    """The row, wrapping onto more lines as it grows.

    ``H`` marks the head card (หัวกอง) and ``*`` a spe-to card (สเปโต).  In
    pick-up mode a cursor walks the row and the cards that cannot be picked
    up are dimmed.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose", "Take this card", id="take"),
        Binding("escape", "cancel", "Back", id="back"),
    ]

    class Chosen(Message):
        """The player chose a card of the row to pick up."""

        def __init__(self, card: int) -> None:
            super().__init__()
            self.card = card

    class Cancelled(Message):
        """The player left the row without picking up."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.head: int | None = None
        self.speto: set[int] = set()
        self.picking = False
        self.can_focus = False
        self.pile_size: int | None = None  # a pile: only the top card shows, of this many

    def set_pile(self, pile: list[int] | None) -> None:
        """Show a discard pile of which only the top card can be taken (None: a row)."""
        if pile is None:
            if self.pile_size is not None:
                self.pile_size = None
                self.big = self._big_wanted
            return
        self.pile_size = len(pile)
        self.head = None
        self.speto = set()
        self.cards = pile[-1:]
        self.big = True
        self.placeholder = Text(t("pile.empty"), Style(dim=True))
        self.cursor = None
        self.refresh(layout=True)

    _big_wanted = False

    def set_big(self, big: bool) -> None:
        self._big_wanted = big
        self.big = big or self.pile_size is not None

    def render(self) -> Text:
        out = super().render()
        if self.pile_size is not None and self.cards and self.pile_size > 1:
            below = Text(t("pile.below", n=self.pile_size - 1), Style(dim=True))
            lines = out.split("\n")
            if len(lines) >= 2:
                lines[1].append("  ")
                lines[1].append_text(below)
                out = Text("\n").join(lines)
        return out

    def mark(self, card: int) -> tuple[str, str]:
        if self.pile_size is not None:
            return " ", ""
        if card == self.head:
            return head_mark(self.look.ascii), self.look.mark_colour("gold")
        if card in self.speto:
            return SPETO_MARK, self.look.mark_colour("orange")
        return " ", ""

    def set_cards(self, row: list[int], head: int | None, speto: set[int]) -> None:
        before = len(self.cards)
        self.cards = list(row)
        self.head = head
        self.speto = speto
        if self.cursor is not None and self.cursor >= len(self.cards):
            self.cursor = len(self.cards) - 1 if self.cards else None
        self.refresh_cards(before)

    def start_picking(self, pickable: set[int], prefer: int | None = None) -> None:
        """Put the cursor on ``prefer`` (the card the hint named) when it can be
        picked up, else on the newest card that can."""
        self.picking = True
        self.can_focus = True
        self.dimmed = {c for c in self.cards if c not in pickable}
        candidates = [i for i, c in enumerate(self.cards) if c in pickable]
        if prefer in pickable and prefer in self.cards:
            self.cursor = self.cards.index(prefer)
        else:
            self.cursor = candidates[-1] if candidates else len(self.cards) - 1
        self.focus()
        self.refresh()

    def stop_picking(self) -> None:
        self.picking = False
        self.can_focus = False
        self.dimmed = set()
        self.cursor = None
        self.refresh()

    def action_choose(self) -> None:
        card = self.cursor_card
        if card is not None:
            self.post_message(self.Chosen(card))

    def action_cancel(self) -> None:
        self.post_message(self.Cancelled())

    def clicked(self, index: int) -> None:
        self.cursor = index
        self.refresh()
        self.post_message(self.Chosen(self.cards[index]))

    def on_blur(self) -> None:
        if self.picking:
            self.stop_picking()
