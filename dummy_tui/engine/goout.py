"""Layoff blocks and the go-out (knock) search, on card masks (see :mod:`cards`).

Can a hand be melded and laid off onto the table's melds down to the one card
that knocks?  Ace high, as in Dummy; with ``both`` the ace-low runs too.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from dummy_tui.engine.cards import RANK_MASKS, SUIT_MASK, cards_of
from dummy_tui.engine.melds import SET, TableMeld, meldable
from dummy_tui.engine.work import add as add_work


def layoff_pieces(
    melds: list[TableMeld], seat: int, chain_rule: str, hand: int
) -> dict[int, list[int]]:
    """Groups of hand cards that could be laid off onto the table in a row.

    Maps a card to the masks of layoff blocks whose lowest card it is: the
    fourth card of a set, or a contiguous block that extends a run end.
    Only blocks made wholly of cards in ``hand`` are listed.
    """
    pieces: dict[int, list[int]] = {}
    for m in melds:
        if m.kind == SET:
            if len(m.cards) < 4:
                free = hand & RANK_MASKS[m.rank] & ~m.mask
                if free:
                    c = free.bit_length() - 1
                    pieces.setdefault(c, []).append(1 << c)
            continue
        base = m.suit * 13
        bits = (hand >> base) & SUIT_MASK
        if m.ace_low:
            if m.both and bits >> m.hi & 1 and m.end_open(False, seat, chain_rule):
                # an ace-low run (A 2 3 …): position p holds rank p - 1
                block = 0
                p = m.hi + 1
                while p <= 12 and bits >> (p - 1) & 1:
                    block |= 1 << (base + p - 1)
                    pieces.setdefault(base + m.hi, []).append(block)
                    p += 1
            continue  # other families' ace-low runs have their own search
        if m.both and m.lo == 0 and bits >> 12 & 1 and m.end_open(True, seat, chain_rule):
            pieces.setdefault(base + 12, []).append(1 << (base + 12))  # the ace below the 2
        if m.hi < 12 and bits >> (m.hi + 1) & 1 and m.end_open(False, seat, chain_rule):
            block = 0
            p = m.hi + 1
            while p <= 12 and bits >> p & 1:
                block |= 1 << (base + p)
                pieces.setdefault(base + m.hi + 1, []).append(block)
                p += 1
        if m.lo > 0 and bits >> (m.lo - 1) & 1 and m.end_open(True, seat, chain_rule):
            block = 0
            p = m.lo - 1
            while p >= 0 and bits >> p & 1:
                block |= 1 << (base + p)
                pieces.setdefault(base + p, []).append(block)
                p -= 1
            if p < 0 and m.both and bits >> 12 & 1:
                # on down to the 2, then the ace below it (laid onto one's own 2:
                # an end open to the layer); the 2 is still the block's lowest card
                pieces[base].append(block | 1 << (base + 12))
    return pieces


class GoOut:
    """The go-out search of ``hand`` against a table, asked as many questions as
    needed with one memo.

    Cards go into new melds (sets, runs; with ``both`` the ace-low runs too)
    or onto the table's ``melds`` (the fourth card of a set, blocks extending
    a run end that ``seat`` may extend under ``chain_rule``), using at most
    ``layoffs_left`` layoffs (None: no limit).
    """

    def __init__(
        self,
        hand: int,
        melds: list[TableMeld],
        seat: int,
        chain_rule: str = "any",
        layoffs_left: int | None = None,
        both: bool = False,
    ) -> None:
        self.hand = hand
        self.pieces = layoff_pieces(melds, seat, chain_rule, hand)
        union = 0
        for blocks in self.pieces.values():
            for block in blocks:
                union |= block
        self.union = union
        self.limit = 10_000 if layoffs_left is None else layoffs_left
        self.both = both
        self.memo: dict[tuple[int, bool, int], bool] = {}

    def cover(self, mask: int, leftover: bool) -> bool:
        """Can ``mask`` (cards of the hand) all be laid, with one card left over
        when ``leftover``?"""
        memo = self.memo
        before = len(memo)
        found = _cover(mask, leftover, self.limit, self.pieces, self.union, memo, self.both)
        add_work(len(memo) - before)
        return found

    def can_go_out(self) -> bool:
        """Can the hand be melded and laid off down to exactly one card (the one
        that knocks)?"""
        hand = self.hand
        return hand != 0 and (hand & (hand - 1) == 0 or self.cover(hand, True))

    def knock_cards(self) -> list[int]:
        """Every card of the hand that can be the knock card: the rest of the hand
        melded and laid off (empty when none can)."""
        hand = self.hand
        if hand == 0:
            return []
        if hand & (hand - 1) == 0:
            return [hand.bit_length() - 1]
        return [c for c in cards_of(hand) if self.cover(hand & ~(1 << c), False)]

    def lays_out(self) -> bool:
        """Can all of the hand be melded and laid off, no card left over?  (With
        one of its cards as the knock card, that card fits the table the rest
        makes.)"""
        return self.hand == 0 or self.cover(self.hand, False)


_PARTNERS: Final[dict[int, tuple[int, ...]]] = {}


def _set_partners(others: int) -> tuple[int, ...]:
    """Masks of two or three cards of ``others`` (same-rank cards) that would
    make a set with one more card: every pair, then all three."""
    found = _PARTNERS.get(others)
    if found is None:
        cards = cards_of(others)
        groups = [(1 << a) | (1 << b) for a, b in combinations(cards, 2)]
        if len(cards) == 3:
            groups.append(others)
        found = _PARTNERS[others] = tuple(groups)
    return found


def _cover(
    mask: int,
    leftover: bool,
    layoffs_left: int,
    pieces: dict[int, list[int]],
    union: int,
    memo: dict[tuple[int, bool, int], bool],
    both: bool = False,
) -> bool:
    if mask == 0:
        return not leftover
    key = (mask, leftover, layoffs_left)
    hit = memo.get(key)
    if hit is not None:
        return hit
    # Cards that no set, run or layoff could take must be the knock card.
    stranded = mask & ~(meldable(mask, both) | (union if layoffs_left > 0 else 0))
    if stranded:
        if not leftover or stranded & (stranded - 1):
            memo[key] = False
            return False
        result = _cover(mask ^ stranded, False, layoffs_left, pieces, union, memo, both)
        memo[key] = result
        return result
    low = mask & -mask
    c = low.bit_length() - 1
    result = False
    # 1. keep it as the knock card
    if leftover and _cover(mask ^ low, False, layoffs_left, pieces, union, memo, both):
        result = True
    # 2. sets containing c (other cards of its rank are all higher in order)
    if not result:
        others = mask & RANK_MASKS[c % 13] & ~low
        if others.bit_count() >= 2:
            for group in _set_partners(others):
                if _cover(mask & ~(low | group), leftover, layoffs_left, pieces, union, memo, both):
                    result = True
                    break
    # 3. runs starting at c
    if not result:
        r = c % 13
        if r <= 10 and (mask >> (c + 1)) & 1 and (mask >> (c + 2)) & 1:
            run = low | (1 << (c + 1)) | (1 << (c + 2))
            top = r + 2
            while True:
                if _cover(mask & ~run, leftover, layoffs_left, pieces, union, memo, both):
                    result = True
                    break
                top += 1
                if top > 12 or not (mask >> (c - r + top)) & 1:
                    break
                run |= 1 << (c - r + top)
        # with the ace low: runs A 2 3 … (c is the 2; the ace is the suit's last bit)
        if not result and both and r == 0 and (mask >> (c + 12)) & 1 and (mask >> (c + 1)) & 1:
            run = low | (1 << (c + 1)) | (1 << (c + 12))
            top = 1
            while True:
                if _cover(mask & ~run, leftover, layoffs_left, pieces, union, memo, both):
                    result = True
                    break
                top += 1
                if top > 10 or not (mask >> (c + top)) & 1:
                    break
                run |= 1 << (c + top)
    # 4. layoff blocks whose lowest card is c
    if not result and layoffs_left > 0:
        for block in pieces.get(c, ()):
            size = block.bit_count()
            if (
                size <= layoffs_left
                and block & mask == block
                and _cover(mask & ~block, leftover, layoffs_left - size, pieces, union, memo, both)
            ):
                result = True
                break
    memo[key] = result
    return result
