"""Where a line of Thai may not break: between a number and the word it goes with,
and between a key and what it does.

Thai writes a space on each side of a number ("น็อคสีคูณ 2", "(2 ใบ)",
"(0 = ไม่ใช้)", "95%"), and every wrapping this program meets (rich's,
Textual's, argparse's) breaks a line at any space: the number would end one
line and its word start the next.  :data:`GLUE` finds the spaces that join a
number to the Thai word before it, or to the word it counts after it
(:data:`COUNTED`), those around the ``=`` of "0 = ไม่ใช้", and the one after
a key's name before the Thai words of what it does ("Enter เริ่มบทที่เลือก",
read as one) or after กด ("press"): the wrappers
are taught not to break there (:mod:`dummy_tui.ui.cells`,
:func:`keep_together`).  English text wraps as before.
"""

from __future__ import annotations

import re

_THAI = "\u0e00-\u0e7f"
COUNTED = (
    "ใบ", "แต้ม", "คน", "รอบ", "เกม", "แจก", "ตา", "ชุด", "ครั้ง", "หน่วย", "วินาที",
    "มิลลิวินาที", "ระดับ", "ที่นั่ง", "ตัวอักษร", "เท่า",
)  # fmt: skip
"""The words a Thai number counts, written after it ("5 ใบ", "50 แต้ม"): a
number joins the word after it only if it is one of these, so that "คูณ 2
ค่าปรับ 50" keeps "คูณ 2" and "ค่าปรับ 50" whole without running into one."""

GLUE = (
    rf"(?:(?<=[{_THAI}]) (?=[−+\-]?\d)"  # คูณ 2, ถึง 500, ได้ −110, มั่นใจ 95%
    rf"|(?<=\d) (?=(?:{'|'.join(COUNTED)}))"  # 2 ใบ, 50 แต้ม
    rf"|(?<=[\d{_THAI}]) (?==)|(?<==) (?=[\d{_THAI}])"  # 0 = ไม่ใช้, สเปซบาร์ = เลือก, 3 = 9
    rf"|(?:(?<=Enter)|(?<=Esc)|(?<=Tab)|(?<=F\d)|(?<=Ctrl\+[A-Z])) (?=[{_THAI}])"  # Enter เริ่ม…
    r"|(?<=กด) (?=\S)"  # กด Enter: press and the key
    r"|\u00a0)"  # a no-break space, too
)
"""A space no line of Thai may break at (a regular expression)."""

_GLUE = re.compile(GLUE)


def keep_together(text: str) -> str:
    """``text`` with each space :data:`GLUE` finds made a no-break space, for a
    wrapper that breaks at ASCII spaces only (``textwrap``, argparse's help)."""
    return _GLUE.sub("\u00a0", text)


__all__ = ["GLUE", "keep_together"]
