"""The kinds of action (draw, pick, meld, …): what the keys of the table do, and
which kind each action is."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from dummy_tui.engine import actions as act

KINDS: Final = ("draw", "pick", "meld", "layoff", "discard", "knock", "end", "pass", "show")
"""The kinds of action a player chooses among (what the keys of the table do)."""

TAKE_KINDS: Final = frozenset({"draw", "pick", "end", "pass", "show"})
"""Kinds that begin a turn."""

KIND_OF: Final[dict[type, str]] = {
    act.Draw: "draw",
    act.Pick: "pick",
    act.PickLayoff: "pick",
    act.TakeDiscard: "pick",
    act.Meld: "meld",
    act.LayOff: "layoff",
    act.Discard: "discard",
    act.Knock: "knock",
    act.End: "end",
    act.Pass: "pass",
    act.Show: "show",
}


def involves(action: act.Action, cards: Iterable[int]) -> bool:
    """Does ``action`` move every card of ``cards``?"""
    moved: tuple[int, ...]
    if isinstance(action, act.Meld):
        moved = action.cards
    elif isinstance(action, act.Pick):
        moved = (action.card, *action.meld)
    elif isinstance(action, act.Draw | act.End | act.Pass | act.Show):
        moved = ()
    else:
        moved = (action.card,)
    return all(c in moved for c in cards)
