"""A count of the search work done in this thread, that does not depend on the
machine: each state of a go-out search (:mod:`.goout`) and of the AI's
planning (:mod:`dummy_tui.ai.dummy.plans`) once, on the memo it fills, and
what else an AI counts as work (the hard player's playout moves,
:mod:`dummy_tui.ai.dummy.search`).

A search whose memo is kept across decisions counts a question as one,
whatever its memo already holds: what it finds worked out depends on the
decisions before, and the count must not.

An AI that searches reads it before and after: the work of a decision, by
which it stops where a position would make it think for seconds, the same
on a fast machine as on a slow one.  Each thread counts its own (a hint
worked out beside an AI's move changes nothing of the AI's count).
"""

from __future__ import annotations

import threading
from typing import Final

_METER: Final = threading.local()


def spent() -> int:
    """The states worked out in this thread so far."""
    found: int = getattr(_METER, "states", 0)
    return found


def add(states: int) -> None:
    """Count ``states`` more (none: a question answered from a memo costs no count,
    nor the thread-local write)."""
    if states:
        _METER.states = spent() + states
