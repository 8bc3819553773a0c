"""Thai marks stay with their letter when the screen cuts a line, and a
number with the Thai word it goes with when a line wraps.

A Thai vowel or tone mark above or below a letter (ชุ, ที่, เลือ) takes no
cell of its own.  Textual cuts lines into cells wherever one region meets
another (a dialog's border over the table, a scrolled line's edge) with rich's
``Segment.split_cells``, which may cut between a letter and its marks: the
marks then start the next piece, and are drawn alone on the cell after the
cut — a lone ุ on a dialog's border, the letter hidden under it.

:func:`install` makes every cut keep the marks that follow a letter with it,
on the side of the letter.  The cells do not change: the marks have none.

Rich and Textual wrap a line at any space, and Thai writes a space on each
side of a number: "น็อคสีคูณ 2", "(2 ใบ)", "(0 = ไม่ใช้)", "95%" would be cut
from the word they go with at 80 columns.  A no-break space (U+00A0) does
not help: both treat it as a space like any other; a word joiner (U+2060)
keeps the two together only by taking the space away.  So :func:`glue_numbers`
teaches their wrapping the spaces :data:`dummy_tui.linebreaks.GLUE` finds
(and a no-break space) are no place to break.  English text wraps as before.
"""

from __future__ import annotations

import re
import sys
import unicodedata

from rich.segment import Segment

from dummy_tui.linebreaks import GLUE

_installed = False

RICH_WORD = re.compile(rf"\s*\S+(?:{GLUE}\S+)*\s*")
"""A word as rich's wrapping finds it (``rich._wrap.re_word``), glued across those spaces."""
TEXTUAL_CHUNK = re.compile(rf"\S+(?:{GLUE}\S+)*\s*|\s+")
"""A chunk as Textual's wrapping finds it (``textual._wrap.re_chunk``), glued likewise."""


def glue_numbers() -> None:
    """Make rich's wrapping, and Textual's once it is loaded, keep a number
    with the Thai word it goes with (see the module's text)."""
    import rich._wrap

    rich._wrap.re_word = RICH_WORD
    textual_wrap = sys.modules.get("textual._wrap")
    if textual_wrap is not None:
        textual_wrap.re_chunk = TEXTUAL_CHUNK  # type: ignore[attr-defined]


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
    """Make ``Segment.split_cells`` keep a letter's marks with it, and the
    wrapping keep a number with its word (once)."""
    global _installed
    if _installed:
        return
    import textual._wrap  # noqa: F401  (loaded with the app: its wrapping is glued too)

    glue_numbers()
    # rich has no public hook where a segment is cut: its method is wrapped
    # (tests/test_private_names.py fails the day it changes)
    split = Segment.split_cells

    def split_cells(self: Segment, cut: int) -> tuple[Segment, Segment]:
        before, after = split(self, cut)
        return keep_marks(before, after)

    Segment.split_cells = split_cells  # type: ignore[method-assign]
    _installed = True
