"""Hand planning on card masks: the best cards to lay down, and knock plans.

A *piece* is a mask of hand cards laid together: a new meld, or a block
laid off onto a table meld (the fourth card of a set, or cards extending a
run end).  :func:`best_lay` finds the disjoint pieces worth the most points
(the cards that can be left for the knock are the engine's
:meth:`~dummy_tui.engine.goout.GoOut.knock_cards`).  A :class:`Lay` carries what
the house rules change (§14.1): the ace-low runs ``A 2 3`` …
(``ace_low_runs``) and the worth of an ace laid above a king
(``ace_high_run_points``); without one, runs are ace high only.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Final

from dummy_tui.engine.cards import cards_of, rank_mask
from dummy_tui.engine.goout import layoff_pieces
from dummy_tui.engine.melds import TableMeld, meldable
from dummy_tui.engine.work import add as add_work

Pieces = dict[int, list[int]]


@dataclass(frozen=True, slots=True)
class Lay:
    """What the house rules change in laying down (see the module's text)."""

    ace_low_runs: bool = False  # the ace low as well as high
    # per suit, the weight added when its ace lies above the king of a run (a
    # run of the hand that holds it, or a layoff onto a run that ends with the K)
    ace_high: tuple[int, int, int, int] = (0, 0, 0, 0)
    high_aces: int = 0  # aces that, laid off alone, go above a king on the table

    def ace_bonus(self, block: int, suit: int) -> int:
        """The ``ace_high`` weight of a layoff ``block`` that holds the ace of ``suit``."""
        if block & (block - 1):
            # cards going up to the ace above the K, or down through the 2 to the
            # ace below it
            return self.ace_high[suit] if block >> (suit * 13 + 11) & 1 else 0
        if self.high_aces >> (suit * 13 + 12) & 1:
            return self.ace_high[suit]
        return 0  # the ace alone, below a 2


def lay_rules(
    ace_low_runs: bool, ace_high: tuple[int, int, int, int] = (0, 0, 0, 0), high_aces: int = 0
) -> Lay | None:
    """The :class:`Lay` of these rules, or None when they change nothing."""
    if not ace_low_runs and not any(ace_high):
        return None
    return Lay(ace_low_runs, ace_high, high_aces)


def table_pieces(melds: list[TableMeld], seat: int, chain: str, hand: int) -> Pieces:
    """Layoff blocks of ``hand`` onto the table (empty when there is no table)."""
    if not melds:
        return {}
    return layoff_pieces(melds, seat, chain, hand)


def best_lay(
    mask: int,
    pieces: Pieces,
    weight: list[int],
    memo: dict[int, tuple[int, int, int]],
    lay: Lay | None = None,
) -> tuple[int, int]:
    """(weight laid, mask laid) for the heaviest set of disjoint pieces within ``mask``."""
    if not pieces:
        # a card that is in no meld only stays in hand
        mask = meldable(mask, lay is not None and lay.ace_low_runs)
    before = len(memo)
    found = _best(mask, pieces, weight, memo, lay)
    add_work(len(memo) - before)
    return found[0], found[1]


def _best(
    mask: int,
    pieces: Pieces,
    weight: list[int],
    memo: dict[int, tuple[int, int, int]],
    lay: Lay | None = None,
) -> tuple[int, int, int]:
    if mask == 0:
        return (0, 0, 0)
    hit = memo.get(mask)
    if hit is not None:
        return hit
    low = mask & -mask
    c = low.bit_length() - 1
    # leave c in hand
    rest = _best(mask ^ low, pieces, weight, memo, lay)
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
            sub = _best(mask & ~g, pieces, weight, memo, lay)
            value = sub[0] + _weight(g, weight)
            if value > best[0]:
                best = (value, sub[1] | g, 0)
    # runs starting at c
    r = c % 13
    if r <= 10 and (mask >> (c + 1)) & 1 and (mask >> (c + 2)) & 1:
        run = low | (1 << (c + 1)) | (1 << (c + 2))
        top = r + 2
        while True:
            sub = _best(mask & ~run, pieces, weight, memo, lay)
            value = sub[0] + _weight(run, weight)
            if top == 12 and lay is not None:
                value += lay.ace_high[c // 13]  # the ace above the king
            if value > best[0]:
                best = (value, sub[1] | run, 0)
            top += 1
            if top > 12 or not (mask >> (c - r + top)) & 1:
                break
            run |= 1 << (c - r + top)
    # ace-low runs A 2 3 … (c is the 2; the ace is the suit's last card)
    if (
        lay is not None
        and lay.ace_low_runs
        and r == 0
        and (mask >> (c + 12)) & 1
        and (mask >> (c + 1)) & 1
    ):
        run = low | (1 << (c + 1)) | (1 << (c + 12))
        top = 1
        while True:
            sub = _best(mask & ~run, pieces, weight, memo, lay)
            value = sub[0] + _weight(run, weight)
            if value > best[0]:
                best = (value, sub[1] | run, 0)
            top += 1
            if top > 10 or not (mask >> (c + top)) & 1:
                break
            run |= 1 << (c + top)
    # layoff blocks whose lowest card is c
    for block in pieces.get(c, ()):
        if block & mask == block:
            sub = _best(mask & ~block, pieces, weight, memo, lay)
            value = sub[0] + _weight(block, weight)
            if lay is not None and block >> (c - r + 12) & 1:
                value += lay.ace_bonus(block, c // 13)
            if value > best[0]:
                best = (value, sub[1] | block, 0)
    memo[mask] = best
    return best


def _weight(mask: int, weight: list[int]) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += weight[low.bit_length() - 1]
        mask ^= low
    return total


def coverable(
    mask: int, pieces: Pieces, memo: dict[int, tuple[int, int, int]], ace_low_runs: bool = False
) -> bool:
    """Can every card of ``mask`` be laid (melds and layoffs)? ``ace_low_runs``: A 2 3 too."""
    if mask == 0:
        return True
    before = len(memo)
    _, laid, _ = _best(mask, pieces, _UNIT, memo, _ACE_LOW_RUNS if ace_low_runs else None)
    add_work(len(memo) - before)
    return laid == mask


_MEMO_LIMIT: Final = 50_000  # entries of a kept memo before it starts afresh


def melded_cards(hand: int, tables: PointTables, lay: Lay | None) -> int:
    """``best_lay(hand, {}, tables.weight16, memo, lay)``'s mask, on a memo kept
    with the tables (the result depends on the mask alone: any memo gives it)."""
    mask = meldable(hand, lay is not None and lay.ace_low_runs)
    if not mask:
        return 0
    memo = tables.melds.get(lay)
    if memo is None or len(memo) > _MEMO_LIMIT:
        memo = tables.melds[lay] = {}
    add_work(1)  # one, whatever the kept memo holds: the count must not depend on it
    hit = memo.get(mask)
    if hit is None:
        hit = _best(mask, {}, tables.weight16, memo, lay)
    return hit[1]


def meld_cards(hand: int, ace_low_runs: bool = False) -> int:
    """The cards of ``hand`` in the melds that hold the most of its cards."""
    return best_lay(hand, {}, _UNIT, {}, _ACE_LOW_RUNS if ace_low_runs else None)[1]


_UNIT: Final = [1] * 56
_ACE_LOW_RUNS: Final = Lay(ace_low_runs=True)
_RANK_OF: Final = [rank_mask(c % 13) for c in range(52)] + [0] * 4


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
    # per laying rules, :func:`_best`'s memo on ``weight16`` without layoffs
    # (what :meth:`Evaluator.keep` asks): kept with the tables, across decisions
    melds: dict[Lay | None, dict[int, tuple[int, int, int]]]


_SUIT_TABLES: Final[dict[tuple[int, ...], list[int]]] = {}
_TABLES: Final[dict[int, PointTables]] = {}  # by id of a points list (which the entry holds)


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
        {},
    )
    if len(_TABLES) > 256:
        _TABLES.clear()
    _TABLES[id(points)] = tables
    return tables
