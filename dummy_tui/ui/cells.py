"""Thai marks stay with their letter when the screen cuts a line.

A Thai vowel or tone mark above or below a letter (ชุ, ที่, เลือ) takes no
cell of its own.  Textual cuts lines into cells wherever one region meets
another (a dialog's border over the table, a scrolled line's edge) with rich's
``Segment.split_cells``, which may cut between a letter and its marks: the
marks then start the next piece, and are drawn alone on the cell after the
cut — a lone ุ on a dialog's border, the letter hidden under it.

:func:`install` makes every cut keep the marks that follow a letter with it,
on the side of the letter.  The cells do not change: the marks have none.
"""

from __future__ import annotations

import unicodedata

from rich.segment import Segment

_installed = False


def _is_mark(char: str) -> bool:
    # Mn: the nonspacing marks (Thai ั ิ ี ึ ื ุ ู ็ ่ ้ ๊ ๋ ์ ...)
    return unicodedata.category(char) == "Mn"


def keep_marks(before: Segment, after: Segment) -> tuple[Segment, Segment]:
    """``before`` and ``after`` with the marks that start ``after`` moved to ``before``."""
    text = after.text
    if not text or not _is_mark(text[0]) or after.control:
        return before, after
    end = 1
    while end < len(text) and _is_mark(text[end]):
        end += 1
    return (
        Segment(before.text + text[:end], before.style, before.control),
        Segment(text[end:], after.style, after.control),
    )


def install() -> None:
    """Make ``Segment.split_cells`` keep a letter's marks with it (once)."""
    global _installed
    if _installed:
        return
    split = Segment.split_cells

    def split_cells(self: Segment, cut: int) -> tuple[Segment, Segment]:
        before, after = split(self, cut)
        return keep_marks(before, after)

    Segment.split_cells = split_cells  # type: ignore[method-assign]
    _installed = True
