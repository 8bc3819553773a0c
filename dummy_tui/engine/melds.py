"""Meld checks, the table's melds and meld finding.

Everything here works on card masks (see :mod:`cards`).  Runs follow Dummy's
rank order, ace high only: ``2 3 … K A`` with nothing wrapping.  ``ace_low``
variants (basic and gin rummy) use the order ``A 2 … K``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Final

from dummy_tui.engine.cards import (
    RANK_MASKS,
    SUIT_MASK,
    cards_of,
    mask_of,
    position_rank,
    run_position,
)

# Card relations (which cards make a meld together) are in :mod:`relations`, the
# layoff blocks and the go-out search in :mod:`goout`.

SET: Final = "set"
RUN: Final = "run"


def meld_kind(
    cards: list[int] | tuple[int, ...], ace_low: bool = False, both: bool = False
) -> str | None:
    """``"set"``, ``"run"`` or ``None`` for a group of distinct ordinary cards.

    ``both``: the ace may be high (``Q K A``) or low (``A 2 3``; Dummy's
    ``ace_low_runs``), never both at once (no run wraps).
    """
    if both:
        return meld_kind(cards) or meld_kind(cards, ace_low=True)
    n = len(cards)
    if n < 3 or len(set(cards)) != n or any(c >= 52 for c in cards):
        return None
    ranks = {c % 13 for c in cards}
    if len(ranks) == 1 and n <= 4:
        return SET
    suits = {c // 13 for c in cards}
    if len(suits) != 1:
        return None
    positions = sorted(run_position(c % 13, ace_low) for c in cards)
    if positions[-1] - positions[0] == n - 1:
        return RUN
    return None


def run_sorted(cards: list[int] | tuple[int, ...], ace_low: bool = False) -> list[int]:
    return sorted(cards, key=lambda c: run_position(c % 13, ace_low))


@dataclass(init=False, slots=True)
class TableMeld:
    """A meld on the table.  ``layers[i]`` is the seat that laid ``cards[i]``.

    The ``__init__`` is written out: the one a dataclass makes is interpreted
    Python even where mypyc compiles the class, and melds are made in play and
    in every clone."""

    owner: int
    kind: str
    cards: list[int]
    layers: list[int]
    suit: int = -1  # runs
    rank: int = -1  # sets
    lo: int = -1  # run positions (ace-high: rank index)
    hi: int = -1
    at_once: int = 0  # cards laid by the owner when the meld was made
    ace_low: bool = False  # the positions of a run count the ace below the 2
    mask: int = 0
    anchor: int = -1  # a card of the meld as first laid: names it in records
    both: bool = False  # the ace may be low or high (Dummy's ace_low_runs)
    # fit_mask(seat, "any") once asked for (-1: not yet); not part of the meld's value
    fit: int = field(default=-1, compare=False, repr=False)

    def __init__(
        self,
        owner: int,
        kind: str,
        cards: list[int],
        layers: list[int],
        suit: int = -1,
        rank: int = -1,
        lo: int = -1,
        hi: int = -1,
        at_once: int = 0,
        ace_low: bool = False,
        mask: int = 0,
        anchor: int = -1,
        both: bool = False,
        fit: int = -1,
    ) -> None:
        self.owner = owner
        self.kind = kind
        self.cards = cards
        self.layers = layers
        self.suit = suit
        self.rank = rank
        self.lo = lo
        self.hi = hi
        self.at_once = at_once
        self.ace_low = ace_low
        self.mask = mask
        self.anchor = anchor
        self.both = both
        self.fit = fit

    @classmethod
    def new(
        cls,
        owner: int,
        cards: list[int] | tuple[int, ...],
        ace_low: bool = False,
        both: bool = False,
    ) -> TableMeld:
        key = (tuple(cards), ace_low, both)
        shape = _SHAPES.get(key)
        if shape is None:
            shape = _shape(key[0], ace_low, both)
            if len(_SHAPES) >= 100_000:
                _SHAPES.clear()
            _SHAPES[key] = shape
        kind, ordered, suit, rank, lo, hi, low, mask = shape
        n = len(ordered)
        return TableMeld(  # not cls: a direct call compiles to a direct one (no subclass)
            owner, kind, list(ordered), [owner] * n, suit, rank, lo, hi, n, low, mask, ordered[0],
            both,
        )  # fmt: skip

    def copy(self) -> TableMeld:
        return TableMeld(
            self.owner, self.kind, list(self.cards), list(self.layers), self.suit, self.rank,
            self.lo, self.hi, self.at_once, self.ace_low, self.mask, self.anchor, self.both,
            self.fit,
        )  # fmt: skip

    def two_ace_ends(self, card: int) -> bool:
        """With ``both``: is ``card`` the ace of this run while it holds both its 2 and
        its K, so that it may go below the 2 or above the K (§14.1: the layoff's
        target picks the end)?"""
        return (
            self.both
            and not self.ace_low
            and self.lo == 0
            and self.hi == 11
            and card == self.suit * 13 + 12
        )

    def _ace_below(self, card: int, low: bool) -> bool:
        """With ``both``: does ``card`` go below this run's 2 (the ace; when the run
        holds the K as well, only with ``low``)?"""
        return (
            self.both
            and not self.ace_low
            and self.lo == 0
            and self.hi <= 11
            and card == self.suit * 13 + 12
            and (low or self.hi < 11)
        )

    def end_open(self, low_end: bool, seat: int, chain_rule: str) -> bool:
        """May *seat* extend this run at the given end under the chain rule?

        With ``"owner_or_self"`` the end card must have been laid by the
        meld's owner or by *seat*; the owner may always extend (§7's example:
        B lays 7♣ onto A's 8♣..J♣, then A or B may lay 6♣, C may not).
        """
        if chain_rule == "any" or seat == self.owner:
            return True
        layer = self.layers[0] if low_end else self.layers[-1]
        return layer == self.owner or layer == seat

    def fits(self, card: int, seat: int, chain_rule: str = "any") -> bool:
        """Would *card* lay off onto this meld, laid by *seat*, at some end (the ace of
        a run that holds its 2 and its K at either end open to *seat*)?"""
        if self.two_ace_ends(card):
            return self.end_open(True, seat, chain_rule) or self.end_open(False, seat, chain_rule)
        return self.fits_at(card, seat, chain_rule, False)

    def fits_at(self, card: int, seat: int, chain_rule: str, low: bool) -> bool:
        """Would *card* lay off onto this meld, laid by *seat*, at the end it would
        take (``low``: the ace below the 2 of a run that holds its 2 and its K; see
        :class:`~dummy_tui.engine.actions.LayOff`)?"""
        if card >= 52:
            return False
        if self.kind == SET:
            return card % 13 == self.rank and len(self.cards) < 4
        if card // 13 != self.suit:
            return False
        if self._ace_below(card, low):
            return self.end_open(True, seat, chain_rule)
        pos = run_position(card % 13, self.ace_low)
        if pos == self.lo - 1:
            return self.end_open(True, seat, chain_rule)
        if pos == self.hi + 1:
            return self.end_open(False, seat, chain_rule)
        return False

    def fit_mask(self, seat: int, chain_rule: str = "any") -> int:
        """Every card that would lay off onto this meld, laid by *seat* (one mask)."""
        if chain_rule == "any":
            # the same for every seat: kept until a card is added
            if self.fit < 0:
                self.fit = self._fit_mask(seat, chain_rule)
            return self.fit
        return self._fit_mask(seat, chain_rule)

    def _fit_mask(self, seat: int, chain_rule: str) -> int:
        if self.kind == SET:
            return RANK_MASKS[self.rank] & ~self.mask if len(self.cards) < 4 else 0
        base = self.suit * 13
        out = 0
        if self.lo > 0 and self.end_open(True, seat, chain_rule):
            out |= 1 << (base + position_rank(self.lo - 1, self.ace_low))
        elif (
            self.both
            and not self.ace_low
            and self.lo == 0
            and self.hi < 12
            and self.end_open(True, seat, chain_rule)
        ):
            out |= 1 << (base + 12)  # the ace below the 2
        if self.hi < 12 and self.end_open(False, seat, chain_rule):
            out |= 1 << (base + position_rank(self.hi + 1, self.ace_low))
        return out

    def add(self, card: int, seat: int, low: bool = False) -> None:
        """Lay *card* off onto this meld (the caller has checked :meth:`fits_at` with
        the same ``low``)."""
        self.mask |= 1 << card
        self.fit = -1
        if self.kind == SET:
            self.cards.append(card)
            self.layers.append(seat)
            return
        if self._ace_below(card, low):  # the positions now count the ace low
            self.ace_low = True
            self.hi += 1
            self.lo = 1
        pos = run_position(card % 13, self.ace_low)
        if pos == self.lo - 1:
            self.cards.insert(0, card)
            self.layers.insert(0, seat)
            self.lo = pos
        else:
            self.cards.append(card)
            self.layers.append(seat)
            self.hi = pos


_Shape = tuple[str, tuple[int, ...], int, int, int, int, bool, int]
"""What :meth:`TableMeld.new` makes of a meld's cards: kind, cards in order, suit,
rank, lo, hi, ace_low and mask."""
_SHAPES: Final[dict[tuple[tuple[int, ...], bool, bool], _Shape]] = {}
"""The shapes of the melds laid so far, by their cards as given, ace_low and both:
the same melds are laid again and again, in round after round."""


def _shape(cards: tuple[int, ...], ace_low: bool, both: bool) -> _Shape:
    """The shape of a new meld of ``cards`` (ValueError if they are none)."""
    if both:
        # an ace-low run (A 2 3 …) counts its positions with the ace low
        ace_low = meld_kind(cards) is None and meld_kind(cards, ace_low=True) == RUN
    kind = meld_kind(cards, ace_low)
    if kind is None:
        raise ValueError("not a meld")
    if kind == SET:
        ordered = tuple(sorted(cards, key=lambda c: c // 13))
        return SET, ordered, -1, ordered[0] % 13, -1, -1, ace_low, mask_of(ordered)
    ordered = tuple(run_sorted(cards, ace_low))
    lo = run_position(ordered[0] % 13, ace_low)
    hi = run_position(ordered[-1] % 13, ace_low)
    return RUN, ordered, ordered[0] // 13, -1, lo, hi, ace_low, mask_of(ordered)


# --------------------------------------------------------------------------
# Meld finding (ace high, Dummy)


def _suit_runs(bits: int) -> list[tuple[int, int]]:
    """Maximal runs of set bits (start, length >= 3) within 13 bits."""
    out = []
    pos = 0
    while bits:
        if bits & 1:
            start = pos
            while bits & 1:
                bits >>= 1
                pos += 1
            if pos - start >= 3:
                out.append((start, pos - start))
        else:
            # skip zeros quickly
            low = bits & -bits
            shift = low.bit_length() - 1
            bits >>= shift
            pos += shift
    return out


_RUN_STARTS: Final = sum(((1 << 11) - 1) << (13 * suit) for suit in range(4))  # ranks 2..Q


_TWOS: Final = sum(1 << (13 * suit) for suit in range(4))


def meldable(mask: int, both: bool = False) -> int:
    """The cards of ``mask`` that sit in some set or run made of ``mask``'s cards
    (with ``both``, in an ace-low run too)."""
    starts = mask & (mask >> 1) & (mask >> 2) & _RUN_STARTS
    runs = starts | (starts << 1) | (starts << 2)
    a = mask & SUIT_MASK
    b = (mask >> 13) & SUIT_MASK
    c = (mask >> 26) & SUIT_MASK
    d = mask >> 39
    ranks = (a & b & (c | d)) | (c & d & (a | b))  # three or four of the rank
    found = runs | ((ranks | ranks << 13 | ranks << 26 | ranks << 39) & mask)
    if both:
        low = mask & (mask >> 1) & (mask >> 12) & _TWOS  # the 2, the 3 and the ace
        found |= low | low << 1 | low << 12
    return found


def melds_in(mask: int, both: bool = False) -> list[int]:
    """Every meld (as a mask) that can be made from the cards of *mask*.

    Sets of three and four, and every run of three or more (ace high; with
    ``both`` the ace-low runs ``A 2 3`` … too).
    """
    out: list[int] = []
    # sets: the ranks with three or four cards, lowest first
    a = mask & SUIT_MASK
    b = (mask >> 13) & SUIT_MASK
    c = (mask >> 26) & SUIT_MASK
    d = mask >> 39
    ranks = (a & b & (c | d)) | (c & d & (a | b))
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        rm = mask & RANK_MASKS[low.bit_length() - 1]
        if rm.bit_count() == 4:
            out.append(rm)
        for combo in combinations(cards_of(rm), 3):
            out.append((1 << combo[0]) | (1 << combo[1]) | (1 << combo[2]))
    # runs
    for suit in range(4):
        bits = (mask >> (suit * 13)) & SUIT_MASK
        if bits.bit_count() < 3:
            continue
        for start, length in _suit_runs(bits):
            base = suit * 13
            for a in range(start, start + length - 2):
                for b in range(a + 2, start + length):
                    out.append(((1 << (b - a + 1)) - 1) << (base + a))
    if both:
        for suit in range(4):
            out.extend(_low_runs(mask, suit))
    return out


def _low_runs(mask: int, suit: int, top: int = 0) -> list[int]:
    """The ace-low runs (``A 2 3`` …) of one suit in ``mask`` that reach rank ``top``
    at least (rank 0 is the 2).  The whole suit, ``A 2 … K``, is left to the
    ace-high runs, where it is ``2 … K A``."""
    base = suit * 13
    bits = (mask >> base) & SUIT_MASK
    if bits & 0x1003 != 0x1003:  # the A, the 2 and the 3
        return []
    out = []
    run = 0x1003
    r = 1
    while True:
        if r >= top:
            out.append(run << base)
        r += 1
        if r > 10 or not bits >> r & 1:
            return out
        run |= 1 << r


def melds_with(card: int, mask: int, both: bool = False) -> list[int]:
    """Every meld within ``mask`` that contains ``card`` (which must be in it)."""
    out: list[int] = []
    rank = card % 13
    others = mask & RANK_MASKS[rank] & ~(1 << card)
    n = others.bit_count()
    if n >= 2:
        oc = cards_of(others)
        bit = 1 << card
        for i in range(n - 1):  # the pairs of the others, as combinations(oc, 2) gives them
            for j in range(i + 1, n):
                out.append(bit | (1 << oc[i]) | (1 << oc[j]))
        if n == 3:
            out.append(others | (1 << card))
    suit = card // 13
    base = suit * 13
    bits = (mask >> base) & SUIT_MASK
    lo = rank
    while lo > 0 and bits >> (lo - 1) & 1:
        lo -= 1
    hi = rank
    while hi < 12 and bits >> (hi + 1) & 1:
        hi += 1
    if hi - lo >= 2:
        for a in range(lo, rank + 1):
            for b in range(max(rank, a + 2), hi + 1):
                out.append(((1 << (b - a + 1)) - 1) << (base + a))
    if both and (rank <= 10 or rank == 12):
        out.extend(_low_runs(mask, suit, 0 if rank == 12 else rank))
    return out


def melds_in_low(mask: int) -> list[int]:
    """Every meld in ``mask`` with the ace low: sets, and runs ``A 2 3`` … ``J Q K``."""
    out: list[int] = []
    for rank in range(13):
        rm = mask & RANK_MASKS[rank]
        if rm.bit_count() >= 3:
            cards = cards_of(rm)
            if len(cards) == 4:
                out.append(rm)
            for a, b, c in combinations(cards, 3):
                out.append((1 << a) | (1 << b) | (1 << c))
    for suit in range(4):
        suit_bits = (mask >> (13 * suit)) & SUIT_MASK
        # the ace (rank 12) moves below the 2: position p is rank (p - 1) % 13
        bits = ((suit_bits << 1) & SUIT_MASK) | (suit_bits >> 12)
        if bits.bit_count() < 3:
            continue
        for start, length in _suit_runs(bits):
            for a in range(start, start + length - 2):
                for b in range(a + 2, start + length):
                    run = 0
                    for p in range(a, b + 1):
                        run |= 1 << (13 * suit + position_rank(p, True))
                    out.append(run)
    return out
