"""The hand of the player at the keyboard."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.message import Message

from dummy_tui.engine.cards import (
    sort_key_rank,
    sort_key_rank_low,
    sort_key_suit,
    sort_key_suit_low,
)
from dummy_tui.ui.widgets.cards import CardStrip
from dummy_tui.ui.widgets.row import SPETO_MARK

MELD = "meld"
"""A hand mark: the card makes a meld in the hand."""
LAYOFF = "layoff"
"""A hand mark: the card lays off onto a meld on the table."""
SPETO = "speto"
"""A hand mark: a spe-to card (Dummy)."""


def meld_mark(ascii: bool) -> str:
    """The mark of a card that makes a meld in hand: •, or o with letter suits."""
    return "o" if ascii else "•"


class Hand(CardStrip):
    """Your cards: a cursor (left/right), several selected (space or a click).

    Cards that can form a meld in the hand or be laid off onto the table are
    marked (``•`` and ``+``; ``o`` and ``+`` with ASCII suits), and a spe-to
    card that is neither carries the row's ``*``.

    The cards are sorted by suit or by rank, or kept in the person's own
    order once they move a card (shift+left/right, or < and >): cards that
    arrive later join at the right-hand end.  Each seat keeps its own order
    (hot-seat players each arrange their hand).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("shift+left,less_than_sign", "shift(-1)", id="move_left", show=False),
        Binding("shift+right,greater_than_sign", "shift(1)", id="move_right", show=False),
        Binding("space", "select", "Select", id="select"),
        # the same key, left out of a narrow footer (the hand's legend names it)
        Binding("space", "select_unlisted", id="select", show=False),
        Binding("escape", "clear", show=False),
    ]

    class Changed(Message):
        """The cursor or the selection moved."""

    class Arranged(Message):
        """The person moved a card: the hand is in their own order now."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.marks: dict[int, set[str]] = {}
        self.owner: int | None = None  # the seat whose cards are shown
        self.taken: int | None = None  # taken from the pile this turn: not to be discarded
        self.orders: dict[int, list[int]] = {}  # each seat's own order, once it moved a card
        # a narrow screen: the footer leaves space (select) out to keep room for
        # the moves; the legend under the hand still says "space selects"
        self.narrow = False

    def mark(self, card: int) -> tuple[str, str]:
        if card == self.taken:
            return "^", self.look.mark_colour("orange")
        kinds = self.marks.get(card, set())
        if MELD in kinds:
            return meld_mark(self.look.ascii), self.look.mark_colour("gold")
        if LAYOFF in kinds:
            return "+", self.look.mark_colour("blue")
        if SPETO in kinds:
            return SPETO_MARK, self.look.mark_colour("orange")
        return " ", ""

    def set_cards(
        self,
        owner: int | None,
        cards: list[int],
        marks: dict[int, set[str]],
        sort: str,
        placeholder: Text | None = None,
        ace_low: bool = False,
        avoid: set[int] | frozenset[int] = frozenset(),
    ) -> None:
        """Show ``owner``'s cards (None hides every card); ``ace_low`` sorts the ace first.

        The cursor stays on its card, or goes to a card just drawn (the one
        card new to the hand, unless it is ``taken``, which may not be thrown
        back: set it first); when its card has gone, it comes to rest
        on a card near its place that is not one of ``avoid`` (a spe-to), if any.
        """
        keep = self.cursor_card if owner == self.owner else None
        if owner == self.owner and owner is not None:
            added = set(cards) - set(self.cards)
            if len(added) == 1 and len(cards) == len(self.cards) + 1 and added != {self.taken}:
                keep = added.pop()  # a card drawn: the cursor shows it, ready to throw
        if owner != self.owner:
            self.selected = set()
        self.owner = owner
        key = sort_key_rank if sort == "rank" else sort_key_suit
        if ace_low:
            key = sort_key_rank_low if sort == "rank" else sort_key_suit_low
        order = self.orders.get(owner) if owner is not None else None
        if owner is None:
            self.cards = []
        elif order is None:
            self.cards = sorted(cards, key=key)
        else:
            held = set(cards)
            known = set(order)
            self.cards = [c for c in order if c in held]
            self.cards += sorted((c for c in cards if c not in known), key=key)
            self.orders[owner] = list(self.cards)
        self.marks = marks if owner is not None else {}
        self.selected &= set(self.cards)
        if placeholder is not None:
            self.placeholder = placeholder
        if keep in self.cards:
            self.cursor = self.cards.index(keep)
        elif self.cards:
            self.cursor = self.rest_near(min(self.cursor or 0, len(self.cards) - 1), avoid)
        else:
            self.cursor = None
        self.refresh(layout=True)

    def rest_near(self, index: int, avoid: set[int] | frozenset[int]) -> int:
        """The place nearest ``index`` (the right first, as the cards close up
        from there) whose card is not one of ``avoid``; ``index`` if every one is."""
        for step in range(len(self.cards)):
            for at in (index + step, index - step):
                if 0 <= at < len(self.cards) and self.cards[at] not in avoid:
                    return at
        return index

    @property
    def chosen(self) -> list[int]:
        """The selected cards, or the card under the cursor when none is selected."""
        if self.selected:
            return sorted(self.selected)
        card = self.cursor_card
        return [] if card is None else [card]

    def cursor_moved(self) -> None:
        self.post_message(self.Changed())

    def action_shift(self, step: int) -> None:
        """Move the card under the cursor one place left or right."""
        i = self.cursor
        if i is None or self.owner is None or not 0 <= i + step < len(self.cards):
            return
        cards = self.cards
        cards[i], cards[i + step] = cards[i + step], cards[i]
        self.cursor = i + step
        new = self.owner not in self.orders
        self.orders[self.owner] = list(cards)
        self.refresh()
        self.post_message(self.Changed())
        if new:
            self.post_message(self.Arranged())

    def forget_order(self) -> bool:
        """Back to sorting the shown seat's cards; whether it had its own order."""
        return self.owner is not None and self.orders.pop(self.owner, None) is not None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # nothing to select while no one's cards are shown (a table of AI players,
        # or the cards hidden between two people's turns)
        shown = self.owner is not None and bool(self.cards)
        if action == "select":
            return shown and not self.narrow
        if action == "select_unlisted":
            return shown and self.narrow
        if action == "clear":
            return bool(self.selected)  # else Escape goes on to the screen (a lesson leaves)
        return True

    def action_select_unlisted(self) -> None:
        self.action_select()

    def action_select(self) -> None:
        card = self.cursor_card
        if card is not None:
            self.selected ^= {card}
            self.refresh()
            self.post_message(self.Changed())

    def action_clear(self) -> None:
        if self.selected:
            self.selected = set()
            self.refresh()
            self.post_message(self.Changed())

    def clear_selection(self) -> None:
        self.selected = set()
        self.refresh()

    def clicked(self, index: int) -> None:
        self.focus()
        self.cursor = index
        self.selected ^= {self.cards[index]}
        self.refresh()
        self.post_message(self.Changed())
