"""The kinds of action (draw, pick, meld, …): what the keys of the table do, and
which kind each action is."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from dummy_tui.engine.actions import (
    Action,
    Discard,
    Draw,
    End,
    Knock,
    LayOff,
    Meld,
    Pass,
    Pick,
    PickLayoff,
    Show,
    TakeDiscard,
)

KINDS: Final = ("draw", "pick", "meld", "layoff", "discard", "knock", "end", "pass", "show")
"""The kinds of action a player chooses among (what the keys of the table do)."""

TAKE_KINDS: Final = frozenset({"draw", "pick", "end", "pass", "show"})
"""Kinds that begin a turn."""

KIND_OF: Final[dict[type, str]] = {
    Draw: "draw",
    Pick: "pick",
    PickLayoff: "pick",
    TakeDiscard: "pick",
    Meld: "meld",
    LayOff: "layoff",
    Discard: "discard",
    Knock: "knock",
    End: "end",
    Pass: "pass",
    Show: "show",
}


def involves(action: Action, cards: Iterable[int]) -> bool:
    """Does ``action`` move every card of ``cards``?"""
    moved: tuple[int, ...]
    if isinstance(action, Meld):
        moved = action.cards
    elif isinstance(action, Pick):
        moved = (action.card, *action.meld)
    elif isinstance(action, Draw | End | Pass | Show):
        moved = ()
    else:
        moved = (action.card,)
    return all(c in moved for c in cards)
