"""A field for a whole number that reads the Thai number row and Thai digits."""

from __future__ import annotations

from typing import Any

from dummy_tui.ui.common import DIGITS
from dummy_tui.ui.widgets.field import TextField


class NumberInput(TextField):
    """A field for a whole number, never negative (a target score, an option's
    points): with the Thai layout on, the key marked 1 types ๅ; here it is the 1
    it is marked with, and a Thai digit (๑) is that digit too.  The keys marked
    2 and 3 type / and - there, so / and - are 2 and 3 here: neither has a
    place in such a number."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("type", "integer")
        super().__init__(*args, **kwargs)

    def replace(self, text: str, start: int, end: int) -> None:
        super().replace(text.translate(DIGITS), start, end)


__all__ = ["NumberInput"]
