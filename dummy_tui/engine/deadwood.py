"""Deadwood with the ace low (gin and basic rummy): least deadwood, best arrangements.

Deadwood works on a second bit layout, the *low* layout: bit ``suit * 13 +
position`` where position 0..12 is A, 2 … K.  :func:`to_low` turns a card
mask into it with two shifts, so that runs are runs of adjacent bits within
a suit's 13 bits, and the lowest set bit of a mask is always the lowest card
of its suit.

Least deadwood is read from tables by suit (13 bits each): runs stay inside
a suit and only sets join the suits.  Without three cards of a rank the four
suits are valued apart, four lookups; with one such rank, the set is laid
whole or not at all, or (of four) three are laid and the fourth is left to a
run of its suit: four lookups more.  With two or more, the lowest one's
choices are tried, each valued so (and the answer kept).
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from dummy_tui.engine.cards import SUIT_MASK, cards_of, low_position, position_rank, run_position
from dummy_tui.engine.melds import TableMeld, meldable

# --------------------------------------------------------------------------
# The low layout and the tables by suit

_ALL_SUITS: Final = sum(1 << (13 * s) for s in range(4))
_POS0: Final = _ALL_SUITS  # position 0 (the ace) of every suit
_NOT_POS0: Final = sum(0x1FFE << (13 * s) for s in range(4))
_LOW_12: Final = sum(0xFFF << (13 * s) for s in range(4))  # positions 0..11
_RUN_START: Final = sum(0x7FF << (13 * s) for s in range(4))  # positions 0..10
_SUIT: Final = SUIT_MASK

LOW_VALUES: Final = tuple(min(p + 1, 10) for p in range(13))
"""Gin points by low position: A 1, 2-10 their number, J Q K 10."""

GIN_POINTS: Final = tuple(LOW_VALUES[low_position(c)] for c in range(52))
"""Gin points by card."""

_SUIT_VALUE: Final = [0] * 8192
"""Gin points of one suit's cards."""
for _bits in range(1, 8192):
    _low = _bits & -_bits
    _SUIT_VALUE[_bits] = _SUIT_VALUE[_bits ^ _low] + LOW_VALUES[_low.bit_length() - 1]


def _run_free_table() -> list[int]:
    """Per suit: the points of the cards that no run of that suit can hold."""
    table = [0] * 8192
    for bits in range(1, 8192):
        starts = bits & (bits >> 1) & (bits >> 2) & 0x7FF
        table[bits] = _SUIT_VALUE[bits & ~(starts | starts << 1 | starts << 2)]
    return table


_RUN_FREE: Final = _run_free_table()


def _runs_only_table() -> list[int]:
    """Per suit: the least deadwood of those cards when they may meld in runs only."""
    table = [0] * 8192
    for bits in range(1, 8192):
        low = bits & -bits
        p = low.bit_length() - 1
        best = LOW_VALUES[p] + table[bits ^ low]  # the lowest card unmatched
        if p <= 10 and (bits >> (p + 1)) & 1 and (bits >> (p + 2)) & 1:
            run = low | (1 << (p + 1)) | (1 << (p + 2))  # or the lowest card of a run
            top = p + 2
            while True:
                best = min(best, table[bits & ~run])
                top += 1
                if top > 12 or not (bits >> top) & 1:
                    break
                run |= 1 << top
        table[bits] = best
    return table


_RUNS_ONLY: Final = _runs_only_table()


def to_low(mask: int) -> int:
    """A card mask in the low layout (the ace moves below the 2)."""
    return ((mask << 1) & _NOT_POS0) | ((mask >> 12) & _POS0)


def from_low(low: int) -> int:
    """The card mask of a low-layout mask."""
    return ((low >> 1) & _LOW_12) | ((low & _POS0) << 12)


def low_value(low: int) -> int:
    """Gin points of a low-layout mask."""
    v = _SUIT_VALUE
    return v[low & _SUIT] + v[(low >> 13) & _SUIT] + v[(low >> 26) & _SUIT] + v[low >> 39]


# --------------------------------------------------------------------------
# Least deadwood

_CACHE: Final[dict[int, int]] = {}
"""The searched hands' answers (:func:`_searched`), by their cards that can meld
and (above bit 52) the ranks that may be set."""
_CACHE_LIMIT: Final = 400_000


def _least(low: int, sets: int = _SUIT) -> int:
    """Least deadwood of the low-layout cards ``low`` (every card counts), the
    sets made of the ranks (13 bits) of ``sets`` only.

    The suits are valued apart from the runs-only table.  A single rank of
    three or four cards is laid as a set or not, or (of four) three of it and
    the fourth left to its suit's runs: four lookups more.  Two or more such
    ranks are :func:`_searched`.
    """
    # every deadwood count starts here: the suits and the sums written out
    b0 = low & _SUIT
    b1 = (low >> 13) & _SUIT
    b2 = (low >> 26) & _SUIT
    b3 = low >> 39
    runs = _RUNS_ONLY
    three = (b0 & b1 & (b2 | b3)) | (b2 & b3 & (b0 | b1))  # ranks of three or four
    three &= sets
    if not three:
        return runs[b0] + runs[b1] + runs[b2] + runs[b3]
    if three & (three - 1):
        return _searched(low, three)
    k0, k1, k2, k3 = runs[b0], runs[b1], runs[b2], runs[b3]  # every card kept in its suit
    out = ~three
    s0, s1, s2, s3 = runs[b0 & out], runs[b1 & out], runs[b2 & out], runs[b3 & out]
    kept = k0 + k1 + k2 + k3
    laid = s0 + s1 + s2 + s3  # the rank laid as one set
    if b0 & b1 & b2 & b3 & three:  # four of it: or three, the fourth back in its suit
        laid += min(0, k0 - s0, k1 - s1, k2 - s2, k3 - s3)
    return kept if kept < laid else laid


def _searched(low: int, three: int) -> int:
    """:func:`_least` with two or more ranks ``three`` that may be set.

    A rank no run wants a card of is set whole.  Otherwise the lowest rank
    is set whole, as three of four (the fourth left to a run) or not at all,
    and the rest valued with the other ranks' sets alone; the cards of no
    set or run count whole, and the answer for the others is kept: a
    player's hand is valued over and over in a round (the knock, each
    discard).
    """
    r = low & (low >> 1) & (low >> 2) & _RUN_START
    in_runs = r | (r << 1) | (r << 2)  # the cards some run could hold
    fixed = three & ~(in_runs | in_runs >> 13 | in_runs >> 26 | in_runs >> 39)
    if fixed:
        return _least(low & ~(fixed * _ALL_SUITS), three ^ fixed)
    meld = low & (in_runs | three * _ALL_SUITS)
    key = meld | three << 52
    best = _CACHE.get(key)
    if best is None:
        bit = three & -three
        rest = three ^ bit
        rank = bit * _ALL_SUITS & meld
        best = _least(meld, rest)  # this rank set not
        v = _least(meld ^ rank, rest)  # set whole
        if v < best:
            best = v
        if rank.bit_count() == 4:
            each = rank & in_runs  # the card left out helps only if a run can hold it
            while each:
                card = each & -each
                each ^= card
                v = _least(meld ^ rank ^ card, rest)
                if v < best:
                    best = v
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        _CACHE[key] = best
    return low_value(low & ~meld) + best


def deadwood(mask: int) -> int:
    """Least deadwood (gin points of unmatched cards) of a card mask, ace low."""
    return _least(((mask << 1) & _NOT_POS0) | ((mask >> 12) & _POS0))


def _high_value(low: int) -> int:
    """Points of the highest card of a (non-empty) low-layout mask."""
    tops = (low | (low >> 13) | (low >> 26) | (low >> 39)) & _SUIT
    return LOW_VALUES[tops.bit_length() - 1]


def deadwood_after_discard(mask: int) -> int:
    """Least deadwood after the best discard (an 11-card hand, before discarding)."""
    low = to_low(mask)
    meld = meldable(low)  # the low layout is a mask like any: sets and runs alike
    iso = low & ~meld
    best = 1 << 30
    if iso:
        best = low_value(iso) - _high_value(iso) + _least(meld)
    if meld:
        base = low_value(iso)
        rest = meld
        while rest:
            b = rest & -rest
            rest ^= b
            v = base + _least(meld ^ b)
            if v < best:
                best = v
    return best


def discard_deadwoods(mask: int, limit: int | None = None) -> dict[int, int]:
    """Deadwood after discarding each card of ``mask``: ``{card: deadwood}``.

    With ``limit``, only the discards that leave at most ``limit`` are
    listed, and cheap bounds skip the search when none can.
    """
    # to_low and meldable written out: this runs at every turn of gin
    low = ((mask << 1) & _NOT_POS0) | ((mask >> 12) & _POS0)
    b0 = low & _SUIT
    b1 = (low >> 13) & _SUIT
    b2 = (low >> 26) & _SUIT
    b3 = low >> 39
    three = (b0 & b1 & (b2 | b3)) | (b2 & b3 & (b0 | b1))
    if limit is not None:
        # the points of the cards no run of their suit can hold, less all four
        # cards of each rank that may be set and a discard of ten: at most the
        # deadwood left (most hands of a round stop here)
        free = _RUN_FREE
        bound = free[b0] + free[b1] + free[b2] + free[b3] - 10
        if three:
            bound -= 4 * _SUIT_VALUE[three]
        if bound > limit:
            return {}
    r = low & (low >> 1) & (low >> 2) & _RUN_START
    meld = low & (r | (r << 1) | (r << 2) | three * _ALL_SUITS)
    iso = low & ~meld
    iso_value = low_value(iso)
    if limit is not None and iso and iso_value - _high_value(iso) > limit:
        return {}
    out: dict[int, int] = {}
    base = iso_value + _least(meld) if iso else 0
    rest = iso
    while rest:
        b = rest & -rest
        rest ^= b
        c = b.bit_length() - 1
        v = base - LOW_VALUES[c % 13]
        if limit is None or v <= limit:
            out[from_low(b).bit_length() - 1] = v
    if limit is None or iso_value <= limit:
        rest = meld
        while rest:
            b = rest & -rest
            rest ^= b
            v = iso_value + _least(meld ^ b)
            if limit is None or v <= limit:
                out[from_low(b).bit_length() - 1] = v
    return out


# --------------------------------------------------------------------------
# Meld arrangements


def _arrangements(
    m: int, memo: dict[int, tuple[int, list[list[int]]]]
) -> tuple[int, list[list[int]]]:
    """(least deadwood, every arrangement reaching it) of low-layout ``m``."""
    if not m:
        return 0, [[]]
    hit = memo.get(m)
    if hit is not None:
        return hit
    low = m & -m
    c = low.bit_length() - 1
    s, p = divmod(c, 13)
    rest = m ^ low
    options: list[tuple[int, int]] = []  # (meld or 0 for deadwood, remaining)
    options.append((0, rest))
    same = [b for t in range(s + 1, 4) if (b := 1 << (13 * t + p)) & rest]
    if len(same) >= 2:
        for a, b in combinations(same, 2):
            options.append((low | a | b, rest & ~(a | b)))
        if len(same) == 3:
            group = same[0] | same[1] | same[2]
            options.append((low | group, rest & ~group))
    if p <= 10 and (rest >> (c + 1)) & 1 and (rest >> (c + 2)) & 1:
        run = (1 << (c + 1)) | (1 << (c + 2))
        top = p + 2
        while True:
            options.append((low | run, rest & ~run))
            top += 1
            if top > 12 or not (rest >> (c + top - p)) & 1:
                break
            run |= 1 << (c + top - p)
    best = 1 << 30
    found: list[list[int]] = []
    for meld, remaining in options:
        sub, ways = _arrangements(remaining, memo)
        value = sub + (0 if meld else LOW_VALUES[p])
        if value < best:
            best = value
            found = []
        if value == best:
            found.extend([meld, *w] if meld else list(w) for w in ways)
    memo[m] = (best, found)
    return best, found


def arrangements(mask: int) -> tuple[int, list[list[int]]]:
    """Least deadwood of ``mask`` and every set of melds (card masks) reaching it."""
    best, ways = _arrangements(to_low(mask), {})
    return best, [[from_low(m) for m in way] for way in ways]


def best_melds(mask: int) -> list[int]:
    """One arrangement of least deadwood (card masks), the first found."""
    return arrangements(mask)[1][0]


def run_extensions(meld: TableMeld, hand: int) -> list[int]:
    """Masks of hand cards that can be laid off onto ``meld`` together.

    For a run: every block below and above (both ends at once included); for
    a set of three: the fourth card.  The empty mask is not listed.
    """
    if meld.kind == "set":
        if len(meld.cards) >= 4:
            return []
        free = hand & ~meld.mask
        out = []
        for t in range(4):
            c = t * 13 + meld.rank
            if free >> c & 1:
                out.append(1 << c)
        return out
    base = meld.suit * 13
    downs = [0]
    pos = meld.lo - 1
    block = 0
    while pos >= 0:
        c = base + position_rank(pos, meld.ace_low)
        if not hand >> c & 1:
            break
        block |= 1 << c
        downs.append(block)
        pos -= 1
    ups = [0]
    pos = meld.hi + 1
    block = 0
    while pos <= 12:
        c = base + position_rank(pos, meld.ace_low)
        if not hand >> c & 1:
            break
        block |= 1 << c
        ups.append(block)
        pos += 1
    return [d | u for d in downs for u in ups if d | u]


def best_defence(
    hand: int, melds: list[TableMeld], layoffs: bool
) -> tuple[int, list[int], list[tuple[int, int]]]:
    """The defender's layout with the least deadwood.

    Returns (deadwood, own melds as card masks, layoffs as ``(card, index of
    the knocker's meld)`` in an order that can be laid one by one).  Without
    ``layoffs`` only the defender's own melds are laid.
    """
    choices: list[list[int]] = []
    for m in melds:
        choices.append([0, *run_extensions(m, hand)] if layoffs else [0])
    best: tuple[int, int, list[int]] | None = None  # (deadwood, laid count, per meld)

    def walk(i: int, used: int, picked: list[int]) -> None:
        nonlocal best
        if i == len(choices):
            dw = deadwood(hand & ~used)
            key = (dw, used.bit_count())
            if best is None or key < (best[0], best[1]):
                best = (dw, used.bit_count(), list(picked))
            return
        for ext in choices[i]:
            if ext & used:
                continue
            picked.append(ext)
            walk(i + 1, used | ext, picked)
            picked.pop()

    walk(0, 0, [])
    assert best is not None
    dw, _, picked = best
    laid: list[tuple[int, int]] = []
    used = 0
    for index, ext in enumerate(picked):
        used |= ext
        meld = melds[index]
        # lay the cards nearest the meld first so that each one fits
        order = sorted(
            cards_of(ext),
            key=lambda c: _distance(meld, c),
        )
        laid.extend((c, index) for c in order)
    own = best_melds(hand & ~used)
    return dw, own, laid


def _distance(meld: TableMeld, card: int) -> int:
    if meld.kind == "set":
        return 0
    pos = run_position(card % 13, meld.ace_low)
    return meld.lo - pos if pos < meld.lo else pos - meld.hi
