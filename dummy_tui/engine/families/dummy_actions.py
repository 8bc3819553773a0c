"""The actions Dummy's legal lists are made of, each made once and shared.

Actions are small immutable values, so the legal list of every position can
hold the same :class:`Meld`, :class:`Pick` and :class:`LayOff` objects: they
are kept here by their cards (masks) and targets, made the first time they are
asked for.  The melds a hand holds are looked up by suit and by rank, in the
order :func:`~dummy_tui.engine.melds.melds_in` finds them.  The number of
distinct melds, pick-ups and layoffs is small (a few hundred melds of 52
cards), so the tables stay small.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from dummy_tui.engine.actions import Action, Discard, LayOff, Meld, Pick, PickLayoff
from dummy_tui.engine.cards import SUIT_MASK, cards_of
from dummy_tui.engine.melds import _low_runs, melds_in

DISCARDS: Final = tuple(Discard(c) for c in range(52))
"""One :class:`Discard` a card, made once."""

_MELDS: Final[dict[int, Meld]] = {}
_PICKS: Final[dict[int, Pick]] = {}
_ONTO: Final[dict[int, tuple[LayOff, PickLayoff]]] = {}
_ONTO_LOW: Final[dict[int, tuple[LayOff, PickLayoff]]] = {}


def meld_action(mask: int) -> Meld:
    """The :class:`Meld` of the cards of ``mask``."""
    found = _MELDS.get(mask)
    if found is None:
        found = _MELDS[mask] = Meld(tuple(cards_of(mask)))
    return found


def pick_action(card: int, mask: int) -> Pick:
    """The :class:`Pick` of ``card`` with the meld of the cards of ``mask``."""
    key = mask << 6 | card
    found = _PICKS.get(key)
    if found is None:
        found = _PICKS[key] = Pick(card, tuple(cards_of(mask)))
    return found


def _onto(card: int, target: int, low: bool = False) -> tuple[LayOff, PickLayoff]:
    """The two moves of ``card`` onto the table meld ``target``, made together: from
    the hand (:class:`LayOff`) and from the row (:class:`PickLayoff`); ``low``: the
    ace below the 2 of a run that holds its 2 and its K (kept apart)."""
    table = _ONTO_LOW if low else _ONTO
    key = target << 6 | card
    found = table.get(key)
    if found is None:
        found = table[key] = (LayOff(card, target, low), PickLayoff(card, target, low))
    return found


def layoff_action(card: int, target: int) -> LayOff:
    """The :class:`LayOff` of ``card`` onto the table meld ``target``."""
    return _onto(card, target)[0]


def pick_layoff_action(card: int, target: int) -> PickLayoff:
    """The :class:`PickLayoff` of ``card`` onto the table meld ``target``."""
    return _onto(card, target)[1]


def ace_layoff_action(card: int, target: int, low: bool) -> LayOff:
    """The :class:`LayOff` of the ace ``card`` onto the run 2…K ``target``, at the
    end ``low`` says (§14.1)."""
    return _onto(card, target, low)[0]


def ace_pick_layoff_action(card: int, target: int, low: bool) -> PickLayoff:
    """The :class:`PickLayoff` of the ace ``card`` onto the run 2…K ``target``."""
    return _onto(card, target, low)[1]


_DISCARDS_IN: Final[list[tuple[Action, ...] | None]] = [None] * (4 << 13)
"""A :class:`Discard` of each card of one suit's cards, at ``suit << 13 | cards`` (the
cards as the suit's 13 bits: a list index, cheaper than a dict key); filled as asked."""


def discard_actions(hand: int) -> list[Action]:
    """A :class:`Discard` of each card of ``hand``, in card order (looked up suit by
    suit: cheaper than a step a card)."""
    out: list[Action] = []
    table = _DISCARDS_IN
    for suit in range(4):
        cards = hand >> (13 * suit) & SUIT_MASK
        if cards:
            key = suit << 13 | cards
            found = table[key]
            if found is None:
                found = table[key] = tuple(DISCARDS[13 * suit + c] for c in cards_of(cards))
            out.extend(found)
    return out


def _sets_of(rank_cards: int) -> tuple[Meld, ...]:
    """The sets of three or four cards of one rank, as :func:`melds_in` lists them."""
    cards = cards_of(rank_cards)
    out = [meld_action(rank_cards)] if len(cards) == 4 else []
    for combo in combinations(cards, 3):
        out.append(meld_action((1 << combo[0]) | (1 << combo[1]) | (1 << combo[2])))
    return tuple(out)


_SETS: Final[list[tuple[Meld, ...]]] = [
    _sets_of(sum(1 << (13 * suit + rank) for suit in range(4) if suits >> suit & 1))
    if suits.bit_count() >= 3
    else ()
    for rank in range(13)
    for suits in range(16)
]
"""The sets a rank's three or four cards make, at ``rank << 4 | suits`` (the suits
as four bits, clubs lowest: a list index, cheaper than a dict key)."""
_RUNS: Final[list[tuple[Meld, ...] | None]] = [None] * (4 << 13)
"""The runs (ace high) in one suit's cards, at ``suit << 13 | cards`` (the cards as
the suit's 13 bits); filled as asked."""
_LOW_RUNS: Final[list[tuple[Meld, ...] | None]] = [None] * (4 << 13)
"""The ace-low runs (``A 2 3`` …) in one suit's cards, at ``suit << 13 | cards``;
filled as asked."""


def hand_meld_actions(hand: int, both: bool = False) -> list[Meld]:
    """A :class:`Meld` of every meld the cards of ``hand`` make, in the order of
    :func:`~dummy_tui.engine.melds.melds_in`: the sets by rank, then the runs
    suit by suit, then (with ``both``) the ace-low runs suit by suit."""
    out: list[Meld] = []
    a = hand & SUIT_MASK
    b = (hand >> 13) & SUIT_MASK
    c = (hand >> 26) & SUIT_MASK
    d = hand >> 39
    ranks = (a & b & (c | d)) | (c & d & (a | b))  # three or four of the rank
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        rank = low.bit_length() - 1
        suits = (a >> rank & 1) | (b >> rank & 1) << 1 | (c >> rank & 1) << 2 | (d >> rank & 1) << 3
        out.extend(_SETS[rank << 4 | suits])
    runs = _RUNS
    for suit, cards in enumerate((a, b, c, d)):
        # a run needs three cards in a row
        if cards & (cards >> 1) & (cards >> 2):
            key = suit << 13 | cards
            found = runs[key]
            if found is None:
                found = runs[key] = tuple(meld_action(m) for m in melds_in(cards << (13 * suit)))
            out.extend(found)
    if both:
        low_runs = _LOW_RUNS
        for suit, cards in enumerate((a, b, c, d)):
            if cards & 0x1003 == 0x1003:  # the A, the 2 and the 3: else there is none
                key = suit << 13 | cards
                found = low_runs[key]
                if found is None:
                    found = low_runs[key] = tuple(
                        meld_action(m) for m in _low_runs(cards << (13 * suit), suit)
                    )
                out.extend(found)
    return out
