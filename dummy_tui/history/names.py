"""Who a seat is across games.

A person is known by name, whatever its case and spacing: ``"Somchai"``,
``" somchai "`` and ``"SOMCHAI"`` are one person.  Runs of spaces inside a name
count as one space (``"Ann  Lee"`` is ``"Ann Lee"``), but a space is not
nothing: ``"Som chai"`` is somebody else.  Thai and other scripts compare in
Unicode's NFC form, so the same name typed with a different sequence of code
points is the same person.

An AI seat is not a person: it is kept as its level (``normal``), whatever
name it had at the table.
"""

from __future__ import annotations

import unicodedata

PERSON = "person"
AI = "ai"


def person_key(name: str) -> str:
    """The key a person is found by: ``name`` in NFC, case-folded, spaces collapsed."""
    return " ".join(unicodedata.normalize("NFC", name).casefold().split())


def shown_name(name: str) -> str:
    """``name`` as the history keeps it for display: trimmed, inner spaces collapsed."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def anonymous_name(seat: int) -> str:
    """What a seat whose person was forgotten is called, in records too."""
    return f"Player {seat + 1}"
