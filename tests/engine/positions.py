"""Random Dummy positions around the corners of §14.1, for the engine and the referee.

A position is a table of melds (long runs among them, their ends laid by
different seats), a hand and, for the stock-out, a discard row, drawn from a
``random.Random``.  :func:`engine_melds` lays the same table with the engine's
:class:`TableMeld` (checking that each layoff lands where the referee puts it);
:func:`play_round` and :func:`stock_out_round` set a :class:`DummyRound` in that
position, as :func:`~dummy_tui.engine.families.dummy_view.round_from_view`
sets a round from a seat's view: attribute by attribute.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from referee import ACE, KING, Meld, bits, cards_in, hand_melds, is_open, new_meld, place, places
from referee import two_ends as ref_two_ends

from dummy_tui.engine.deal import Deal
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.families.dummy_play import start_turn
from dummy_tui.engine.melds import TableMeld
from dummy_tui.engine.round import PLAY, TAKE
from dummy_tui.rules.schema import DummyRules

SEATS = 3


@dataclass
class Laid:
    """A meld as laid: its first cards and owner, then each layoff (card, end, seat)."""

    owner: int
    cards: tuple[int, ...]
    layoffs: list[tuple[int, str, int]]


@dataclass
class Position:
    seat: int
    hand: int
    table: list[Laid]
    row: list[int]

    def referee_table(self, both: bool) -> tuple[Meld, ...]:
        out = []
        for laid in self.table:
            meld = new_meld(laid.owner, laid.cards, both)
            for card, end, seat in laid.layoffs:
                meld = place(meld, card, end, seat)
            out.append(meld)
        return tuple(out)


FOCUS = (ACE, 0, 1, 2, KING, 10)
"""The ranks the corners are made of: the ace, the 2 and 3 beside it, the K and Q."""


def _long_run(
    rng: random.Random, free: set[int], owner: int, chain: str, corner: bool = False
) -> Laid | None:
    """A run grown from three cards to most of a suit, its ends laid by any seat."""
    suit = rng.randrange(4)
    base = suit * 13
    lo = rng.choice([1, 1, 2] if corner else [0, 1, 1, 1, 2, 2, 3, 7])
    first = tuple(base + r for r in range(lo, lo + 3))
    if not all(c in free for c in first):
        return None
    laid = Laid(owner, first, [])
    meld = new_meld(owner, first, False)
    free.difference_update(first)
    for _ in range(rng.randrange(0, 12)):
        low, high = meld.cards[0] % 13, meld.cards[-1] % 13
        ends = []
        if low > 0 and base + low - 1 in free:
            ends.append(("low", base + low - 1))
        if high < KING + (1 if rng.random() < 0.3 else 0) and base + high + 1 in free:
            ends.append(("high", base + high + 1))
        if not ends:
            break
        end, card = ends[-1] if rng.random() < 0.6 else ends[0]  # mostly upwards
        seat = rng.randrange(SEATS)
        if not is_open(meld, end, seat, chain):
            seat = meld.owner
        meld = place(meld, card, end, seat)
        laid.layoffs.append((card, end, seat))
        free.discard(card)
    return laid


def _some_meld(rng: random.Random, free: set[int], owner: int, both: bool) -> Laid | None:
    options = [m for m in hand_melds(bits(sorted(free)), both) if len(m) <= 5]
    if not options:
        return None
    cards = rng.choice(options)
    free.difference_update(cards)
    return Laid(owner, cards, [])


def _lay_offs(rng: random.Random, laid: Laid, free: set[int], both: bool, chain: str) -> None:
    """A few layoffs onto ``laid`` by seats the layoff chain lets lay them."""
    meld = new_meld(laid.owner, laid.cards, both)
    for card, end, seat in laid.layoffs:
        meld = place(meld, card, end, seat)
    for _ in range(rng.randrange(0, 3)):
        fits = [(c, e) for c in sorted(free) for e in places(meld, c, both)]
        if not fits:
            return
        card, end = rng.choice(fits)
        seat = rng.randrange(SEATS)
        if not is_open(meld, end, seat, chain):
            continue
        meld = place(meld, card, end, seat)
        laid.layoffs.append((card, end, seat))
        free.discard(card)


def _chain(meld: Meld, end: str, both: bool, free: set[int]) -> list[int]:
    """The free cards going on from an end of the run ``meld``, nearest first (down
    through the 2 to the ace below it with ``ace_low_runs``)."""
    base = meld.cards[0] - meld.cards[0] % 13
    out: list[int] = []
    if end == "low":
        r = meld.cards[0] % 13
        if r == ACE:
            return out
        while r > 0 and base + r - 1 in free:
            r -= 1
            out.append(base + r)
        if r == 0 and both and base + ACE in free and base + ACE not in meld.cards:
            out.append(base + ACE)
        return out
    r = meld.cards[-1] % 13
    while r < ACE and base + r + 1 in free:
        r += 1
        out.append(base + r)
    return out


def _pieces(
    rng: random.Random, table: list[Laid], free: set[int], both: bool, size: int, aces: float
) -> list[int]:
    """A hand made of pieces that lay down: runs of cards going on from the table's
    run ends, fourth cards of its sets and melds of free cards."""
    melds = []
    for laid in table:
        meld = new_meld(laid.owner, laid.cards, both)
        for card, end, seat in laid.layoffs:
            meld = place(meld, card, end, seat)
        melds.append(meld)
    out: list[int] = []
    left = set(free)
    for _ in range(8):
        if len(out) >= size - 1:
            break
        roll = rng.random()
        piece: list[int] = []
        to_aces = [
            chain
            for m in melds
            if m.kind == "run"
            for chain in (_chain(m, "low", both, left), _chain(m, "high", both, left))
            if chain and chain[-1] % 13 == ACE and len(chain) <= 3
        ]
        if to_aces and roll < aces:
            piece = rng.choice(to_aces)  # the whole way to an ace: the corners are there
        elif melds and roll < 0.75:
            meld = rng.choice(melds)
            if meld.kind == "set":
                piece = [c for c in sorted(left) if c % 13 == meld.cards[0] % 13][:1]
            else:
                chain = _chain(meld, rng.choice(["low", "high"]), both, left)
                piece = chain[: rng.randint(1, 3)]
        else:
            options = [m for m in hand_melds(bits(sorted(left)), both) if len(m) <= 4]
            piece = list(rng.choice(options)) if options else []
        piece = piece[: size - len(out)]
        out.extend(piece)
        left.difference_update(piece)
    return out


def _beyond_ends(table: list[Laid], both: bool) -> set[int]:
    """The cards one or two steps beyond the ends of the table's runs (through the 2
    to the ace below it with ``ace_low_runs``), and the fourth card of its sets."""
    out: set[int] = set()
    for laid in table:
        meld = new_meld(laid.owner, laid.cards, both)
        for card, end, seat in laid.layoffs:
            meld = place(meld, card, end, seat)
        first = meld.cards[0]
        if meld.kind == "set":
            out.update(s * 13 + first % 13 for s in range(4))
            continue
        base = first - first % 13
        low, high = first % 13, meld.cards[-1] % 13
        if low != ACE:
            out.update(base + r for r in (low - 1, low - 2) if r >= 0)
            if both and low <= 2:
                out.add(base + ACE)
        if high != ACE:
            out.update(base + r for r in (high + 1, high + 2) if r <= ACE)
    return out


def random_position(
    rng: random.Random,
    both: bool,
    chain: str,
    hand_size: int,
    row_size: int = 0,
    corner: bool = False,
) -> Position:
    """A random position; ``corner``: long runs near the aces on the table and a
    hand that lays off down to them."""
    free = set(range(52))
    table: list[Laid] = []
    for _ in range(rng.randrange(0, 5)):
        owner = rng.randrange(SEATS)
        if rng.random() < (0.8 if corner else 0.5):
            laid = _long_run(rng, free, owner, chain, corner)
        else:
            laid = _some_meld(rng, free, owner, both)
        if laid is not None:
            _lay_offs(rng, laid, free, both, chain)
            table.append(laid)
    while table and len(free) < hand_size + row_size + 2:  # room for the hand and row
        laid = table.pop()
        free.update(laid.cards, (card for card, _, _ in laid.layoffs))
    # the hand and the row: mostly cards that extend the table's runs (one or two
    # steps beyond an end, the ace below the 2 too) and cards of the corner ranks
    ends = _beyond_ends(table, both) & free
    reach = sorted(ends)
    near = [c for c in sorted(free - ends) if c % 13 in FOCUS]
    rest = [c for c in sorted(free - ends) if c % 13 not in FOCUS]
    hand: list[int] = []
    row: list[int] = []
    if row_size and rng.random() < 0.6:
        # a meld split between the hand and the row: a pick-up makes it
        options = [m for m in hand_melds(bits(sorted(free)), both) if len(m) == 3]
        if options:
            meld = list(rng.choice(options))
            rng.shuffle(meld)
            k = rng.randint(1, 2)
            row, hand = meld[:k], meld[k:]
    # a hand of pieces that lay down, whose other cards are mostly of no use: the
    # knock must then lay every piece (the 2 and the ace below it, say)
    pieced = corner or rng.random() < 0.5
    if pieced:
        left = free - set(hand) - set(row)
        size = hand_size - len(hand)
        hand += _pieces(rng, table, left, both, size, 0.7 if corner else 0.35)
    for c in hand + row:
        for pool in (reach, near, rest):
            if c in pool:
                pool.remove(c)
    while len(hand) + len(row) < hand_size + row_size:
        roll = rng.random()
        pools = [reach, near, rest] if roll < 0.45 else [near, rest, reach]
        if roll > (0.3 if pieced else 0.85):
            pools = [rest, near, reach]
        found = [p for p in pools if p]
        if not found:
            break
        pool = found[0]
        card = rng.choice(pool)
        pool.remove(card)
        if len(hand) < hand_size:
            hand.append(card)
        else:
            row.insert(rng.randrange(len(row) + 1), card)
    return Position(rng.randrange(SEATS), bits(hand), table, row)


def engine_melds(position: Position, both: bool, chain: str) -> list[TableMeld]:
    """The table laid with the engine's melds; each layoff must fit where the
    referee lays it and land at that end (cards and layers as the referee's)."""
    out = []
    for laid in position.table:
        meld = TableMeld.new(laid.owner, laid.cards, both=both)
        ref = new_meld(laid.owner, laid.cards, both)
        assert tuple(meld.cards) == ref.cards, (meld.cards, ref.cards)
        for card, end, seat in laid.layoffs:
            low = end == "low" and ref_two_ends(ref, card)
            assert meld.fits_at(card, seat, chain, low), (ref, card, end, seat)
            meld.add(card, seat, low)
            ref = place(ref, card, end, seat)
            assert (tuple(meld.cards), tuple(meld.layers)) == (ref.cards, ref.layers)
        out.append(meld)
    return out


def _round(rules: DummyRules, position: Position, melds: list[TableMeld]) -> DummyRound:
    seat = position.seat
    hands = [[] if s != seat else cards_in(position.hand) for s in range(SEATS)]
    used = position.hand | bits([c for m in melds for c in m.cards]) | bits(position.row)
    spare = [c for c in range(52) if not used >> c & 1]
    row = position.row or spare[:1]  # a row of one card at least (a head card)
    game = DummyRound(rules, Deal(hands, row[0], spare[len(row) :]), seat)
    game.melds = [m.copy() for m in melds]
    game.discards = list(row)
    game.first_turn = False
    # a deal with no stock left may have ended at its first turn (§9), with the
    # pick-ups found for its own row: neither is this position's
    game.end = game.end_seat = None
    game._legal_cache = game._stock_out = None
    return game


def play_round(
    rules: DummyRules, position: Position, melds: list[TableMeld], used: int = 0
) -> DummyRound:
    """The seat to move after a draw, born, holding the hand (``used``: the layoffs
    it has made this round)."""
    game = _round(rules, position, melds)
    seat = position.seat
    game.hands[seat] = position.hand
    game.born[seat] = True
    game.born_at_start = True
    game.layoffs[seat] = used
    game.phase = PLAY
    return game


def stock_out_round(
    rules: DummyRules,
    position: Position,
    melds: list[TableMeld],
    born: bool,
    used: int = 0,
) -> DummyRound:
    """The seat to move at the start of its turn with the stock empty, facing the row."""
    game = _round(rules, position, melds)
    seat = position.seat
    game.stock = []
    game.hands[seat] = position.hand
    game.born[seat] = born
    game.layoffs[seat] = used
    game.last_discard = ((seat - 1) % SEATS, game.discards[-1])
    game.phase = TAKE
    start_turn(game)
    return game
