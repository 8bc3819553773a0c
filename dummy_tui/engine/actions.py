"""Actions: small immutable values with the notation of ``records.md``.

An action names what a player does; the round (:mod:`state`) decides whether
it is legal.  Meld targets are table indexes inside the engine and a card of
the target meld in text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Draw:
    """จั่ว — take the top card of the stock."""


@dataclass(frozen=True, slots=True)
class Pick:
    """เก็บ — take ``card`` and everything after it, melding it at once.

    ``meld`` is the new meld (sorted cards) that must contain ``card``.
    """

    card: int
    meld: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PickLayoff:
    """``pickup_to_layoff``: a born player lays the picked card off at once.

    ``low`` as for :class:`LayOff`."""

    card: int
    target: int  # table index
    low: bool = False


@dataclass(frozen=True, slots=True)
class Meld:
    """Lay these cards from hand as a new meld."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class LayOff:
    """ฝาก — add ``card`` to the table meld at index ``target``.

    ``low``: the ace goes below the 2 of a run that holds both its 2 and its K
    (Dummy's ``ace_low_runs``: the record names the 2 as the target); without
    it that ace goes above the K.  False for every other card and meld, where
    a card has one place only."""

    card: int
    target: int
    low: bool = False


@dataclass(frozen=True, slots=True)
class Discard:
    """ทิ้ง — discard; with the last card in hand this is the knock (น็อค)."""

    card: int


@dataclass(frozen=True, slots=True)
class End:
    """With the stock empty, end the round instead of picking up."""


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Gin and basic rummy: take ``card``, the top card of the discard pile."""

    card: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline: gin's upcard offer, or Persian rummy's turn with the stock empty."""


@dataclass(frozen=True, slots=True)
class Knock:
    """Gin: discard ``card`` and knock; the melds are laid out as the best arrangement."""

    card: int


@dataclass(frozen=True, slots=True)
class Show:
    """Dummy's โชว์สเปโต: show both spe-to cards, as the first move of one's first turn."""


Action = (
    Draw | Pick | PickLayoff | Meld | LayOff | Discard | End | TakeDiscard | Pass | Knock | Show
)

DRAW: Final = Draw()
END: Final = End()
PASS: Final = Pass()
SHOW: Final = Show()
