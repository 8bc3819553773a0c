"""Hand planning on card masks: the best cards to lay down, and knock plans.

A *piece* is a mask of hand cards laid together: a new meld, or a block
laid off onto a table meld (the fourth card of a set, or cards extending a
run end).  :func:`best_lay` finds the disjoint pieces worth the most points;
:func:`knock_plan` finds pieces that leave exactly one chosen card.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from dummy_tui.engine.cards import cards_of, rank_mask
from dummy_tui.engine.melds import TableMeld, layoff_pieces, meldable

Pieces = dict[int, list[int]]


def table_pieces(melds: list[TableMeld], seat: int, chain: str, hand: int) -> Pieces:
    """Layoff blocks of ``hand`` onto the table (empty when there is no table)."""
    if not melds:
        return {}
    return layoff_pieces(melds, seat, chain, hand)


def best_lay(
    mask: int, pieces: Pieces, weight: list[int], memo: dict[int, tuple[int, int, int]]
) -> tuple[int, int]:
    """(weight laid, mask laid) for the heaviest set of disjoint pieces within ``mask``."""
    if not pieces:
        mask = meldable(mask)  # a card that is in no meld only stays in hand
    return _best(mask, pieces, weight, memo)[:2]


def _best(
    mask: int, pieces: Pieces, weight: list[int], memo: dict[int, tuple[int, int, int]]
) -> tuple[int, int, int]:
    if mask == 0:
        return (0, 0, 0)
    hit = memo.get(mask)
    if hit is not None:
        return hit
    low = mask & -mask
    c = low.bit_length() - 1
    # leave c in hand
    rest = _best(mask ^ low, pieces, weight, memo)
    best = rest
    # sets with c (c is the lowest card, so every other card of its rank is higher)
    others = mask & _RANK_OF[c] & ~low
    n = others.bit_count()
    if n >= 2:
        oc = cards_of(others)
        groups = [low | (1 << a) | (1 << b) for a, b in combinations(oc, 2)]
        if n == 3:
            groups.append(low | others)
        for g in groups:
            sub = _best(mask & ~g, pieces, weight, memo)
            w = sub[0] + _weight(g, weight)
            if w > best[0]:
                best = (w, sub[1] | g, 0)
    # runs starting at c
    r = c % 13
    if r <= 10 and (mask >> (c + 1)) & 1 and (mask >> (c + 2)) & 1:
        run = low | (1 << (c + 1)) | (1 << (c + 2))
        top = r + 2
        while True:
            sub = _best(mask & ~run, pieces, weight, memo)
            w = sub[0] + _weight(run, weight)
            if w > best[0]:
                best = (w, sub[1] | run, 0)
            top += 1
            if top > 12 or not (mask >> (c - r + top)) & 1:
                break
            run |= 1 << (c - r + top)
    # layoff blocks whose lowest card is c
    for block in pieces.get(c, ()):
        if block & mask == block:
            sub = _best(mask & ~block, pieces, weight, memo)
            w = sub[0] + _weight(block, weight)
            if w > best[0]:
                best = (w, sub[1] | block, 0)
    memo[mask] = best
    return best


def _weight(mask: int, weight: list[int]) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += weight[low.bit_length() - 1]
        mask ^= low
    return total


def coverable(mask: int, pieces: Pieces, memo: dict[int, tuple[int, int, int]]) -> bool:
    """Can every card of ``mask`` be laid (melds and layoffs)?"""
    if mask == 0:
        return True
    _, laid, _ = _best(mask, pieces, _UNIT, memo)
    return laid == mask


def meld_cards(hand: int) -> int:
    """The cards of ``hand`` in the melds that hold the most of its cards."""
    return best_lay(hand, {}, _UNIT, {})[1]


_UNIT = [1] * 56
_RANK_OF = [rank_mask(c % 13) for c in range(52)] + [0] * 4


def knock_cards(hand: int, pieces: Pieces) -> list[int]:
    """Every card that can be the knock card: the rest of the hand can all be laid."""
    if hand == 0:
        return []
    if hand & (hand - 1) == 0:
        return [hand.bit_length() - 1]
    memo: dict[int, tuple[int, int, int]] = {}
    out = []
    for c in cards_of(hand):
        if coverable(hand & ~(1 << c), pieces, memo):
            out.append(c)
    return out


def mask_points(mask: int, points: list[int]) -> int:
    return _weight(mask, points)


@dataclass(frozen=True, slots=True)
class PointTables:
    """Lookups built once for a list of card points."""

    points: list[int]
    # per suit, the points of every set of its 13 cards (indexed by the suit's
    # 13 bits of a mask): ``mask_points`` in four lookups
    suits: tuple[list[int], list[int], list[int], list[int]]
    weight16: list[int]  # laying weights: points first, then the number of cards


_SUIT_TABLES: dict[tuple[int, ...], list[int]] = {}
_TABLES: dict[int, PointTables] = {}  # by id of a points list (which the entry holds)


def point_tables(points: list[int]) -> PointTables:
    """The tables of a points list (kept: built once per list)."""
    hit = _TABLES.get(id(points))
    if hit is not None and hit.points is points:
        return hit
    suits = []
    for s in range(4):
        key = tuple(points[s * 13 : s * 13 + 13])
        table = _SUIT_TABLES.get(key)
        if table is None:
            if len(_SUIT_TABLES) > 128:
                _SUIT_TABLES.clear()
            table = [0] * 8192
            for m in range(1, 8192):
                low = m & -m
                table[m] = table[m ^ low] + key[low.bit_length() - 1]
            _SUIT_TABLES[key] = table
        suits.append(table)
    tables = PointTables(
        points,
        (suits[0], suits[1], suits[2], suits[3]),
        [p * 16 + 1 for p in points] + [1] * 4,
    )
    if len(_TABLES) > 256:
        _TABLES.clear()
    _TABLES[id(points)] = tables
    return tables
