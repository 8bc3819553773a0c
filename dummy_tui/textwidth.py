"""Padding text to a width in terminal cells, not characters.

Thai vowel and tone marks take no cell of their own (นิรันดร์ is eight
characters but five cells), so ``f"{name:<16}"`` would leave a Thai name's
column short.
"""

from __future__ import annotations

from rich.cells import cell_len


def ljust_cells(text: str, width: int) -> str:
    """``text`` followed by spaces up to ``width`` cells (never cut)."""
    return text + " " * max(0, width - cell_len(text))


__all__ = ["ljust_cells"]
