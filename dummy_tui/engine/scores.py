"""What a finished round counts: each seat's score line (:class:`Breakdown`), the
statistics of ``sim`` (:class:`Tally`) and who won it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol


class Breakdown(Protocol):
    """One seat's line of a round's score; the fields are the family's own."""

    @property
    def seat(self) -> int: ...

    @property
    def total(self) -> int: ...

    def as_json(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class Tally:
    """What a finished round counts for one seat in statistics (``sim``): whether it
    knocked (went out), knocked dark, fell (ตกตึก) or was fooled (โง่), and the
    penalty points charged to it.  Families without such rules leave them 0."""

    knocked: bool = False
    dark_knock: bool = False
    fell: bool = False
    fooled: bool = False
    penalties: int = 0


class ScoreLine:
    """A base for a family's :class:`Breakdown`: ``as_json`` gives the fields named by
    :meth:`json_fields`, in that order (records.md lists them per family)."""

    __slots__ = ()

    # A method rather than a class variable: mypyc makes a dataclass's class
    # variables fields
    def json_fields(self) -> tuple[str, ...]:
        return ()

    def as_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.json_fields()}


def winners(totals: Sequence[int], teams: Sequence[int]) -> list[int]:
    """The seats with the top total, when they are all of one team (one seat, or
    a Persian team's two seats); empty on a tie between teams."""
    best = max(totals)
    leaders = [s for s, t in enumerate(totals) if t == best]
    return leaders if len({teams[s] for s in leaders}) == 1 else []
