"""A line of text to type in, as in the other programs a player knows."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import Input


class TextField(Input):
    """Textual's Input, with Ctrl+A selecting the whole text as it does in a
    browser or a word processor (Textual's Input takes it for "go to the
    start", as a shell does: a player who pressed it to type over "You" got
    "AnnYou").  Home still goes to the start."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+a", "select_all", "Select all", show=False),
    ]


__all__ = ["TextField"]
