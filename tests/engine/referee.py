"""A referee of Dummy's knocks written from the rules alone, to check the engine by.

It knows the melds of §2 (with §14.1 ``ace_low_runs``), the layoffs of §7
(the layoff chain, and the two places of an ace on a run that holds its 2
and its K, picked by the layoff's target), the knock of §8 and the pick-ups
of §5 and §9 with the stock empty, and finds by brute force over every
sequence of melds and layoffs whether a hand can be laid down to its knock
card.  It shares nothing with the engine but the card numbers (0 to 51: the
suit is ``card // 13``, the rank ``card % 13`` from the 2 up to the ace) and
the card text of the moves it writes, which are record moves (``records.md``)
that a round can apply.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

from dummy_tui.engine.cards import card_text

ACE = 12
KING = 11


def bits(cards: list[int] | tuple[int, ...]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def cards_in(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


@dataclass(frozen=True, order=True)
class Meld:
    """A meld on the table: a run's cards from its low end (an ace below the 2
    first), with the seat that laid each card."""

    owner: int
    kind: str  # "set" or "run"
    cards: tuple[int, ...]
    layers: tuple[int, ...]


def as_run(cards: list[int] | tuple[int, ...], both: bool) -> tuple[int, ...] | None:
    """``cards`` in run order (§2: one suit, consecutive; the ace high, or with
    ``ace_low_runs`` low before the 2 as well), or None when they are no run."""
    if len(cards) < 3 or len({c // 13 for c in cards}) != 1:
        return None
    ranks = sorted(c % 13 for c in cards)
    if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
        return tuple(sorted(cards))  # 2 … K A (the whole suit too)
    if both and ranks[-1] == ACE:
        low = sorted(r for r in ranks if r != ACE)
        if low == list(range(len(low))):  # A 2 3 …
            ace = next(c for c in cards if c % 13 == ACE)
            return (ace, *sorted(c for c in cards if c != ace))
    return None


def new_meld(owner: int, cards: list[int] | tuple[int, ...], both: bool) -> Meld:
    if len(cards) in (3, 4) and len({c % 13 for c in cards}) == 1:
        ordered = tuple(sorted(cards, key=lambda c: c // 13))
        return Meld(owner, "set", ordered, (owner,) * len(cards))
    run = as_run(cards, both)
    assert run is not None, cards
    return Meld(owner, "run", run, (owner,) * len(run))


def hand_melds(hand: int, both: bool) -> list[tuple[int, ...]]:
    """Every meld the cards of ``hand`` make (each set of cards once)."""
    out: list[tuple[int, ...]] = []
    have = cards_in(hand)
    for rank in range(13):
        same = [c for c in have if c % 13 == rank]
        for size in (3, 4):
            out.extend(combinations(same, size))
    for suit in range(4):
        base = suit * 13
        for lo in range(13):
            for hi in range(lo + 2, 13):
                if all(hand >> (base + r) & 1 for r in range(lo, hi + 1)):
                    out.append(tuple(base + r for r in range(lo, hi + 1)))
        if both and hand >> (base + ACE) & 1:
            for hi in range(1, 11):  # A 2 3 … A 2 … Q (A … K is the whole suit, above)
                if all(hand >> (base + r) & 1 for r in range(hi + 1)):
                    out.append((base + ACE, *(base + r for r in range(hi + 1))))
    return out


def places(meld: Meld, card: int, both: bool) -> list[str]:
    """Where ``card`` may be laid off onto ``meld`` (§7, §14.1): ``"set"``, or the
    ends of a run, ``"low"`` and ``"high"`` (both, for the ace of 2 … K)."""
    if card in meld.cards:
        return []
    if meld.kind == "set":
        return ["set"] if len(meld.cards) < 4 and card % 13 == meld.cards[0] % 13 else []
    if card // 13 != meld.cards[0] // 13:
        return []
    low, high = meld.cards[0] % 13, meld.cards[-1] % 13
    out = []
    if low == 0:
        if both and card % 13 == ACE:
            out.append("low")  # below the 2
    elif low != ACE and card % 13 == low - 1:
        out.append("low")
    if high != ACE and card % 13 == high + 1:
        out.append("high")
    return out


def is_open(meld: Meld, end: str, seat: int, chain: str) -> bool:
    """§7 ``layoff_chain``: may ``seat`` extend that end of the run?"""
    if chain == "any" or end == "set" or seat == meld.owner:
        return True
    layer = meld.layers[0] if end == "low" else meld.layers[-1]
    return layer in (meld.owner, seat)


def place(meld: Meld, card: int, end: str, seat: int) -> Meld:
    if end == "low":
        return Meld(meld.owner, meld.kind, (card, *meld.cards), (seat, *meld.layers))
    return Meld(meld.owner, meld.kind, (*meld.cards, card), (*meld.layers, seat))


def target(meld: Meld, end: str) -> int:
    """The card a record names as the layoff's target: the card the new one lies
    next to (§14.1: for the ace of 2 … K, the 2 or the K picks the end)."""
    return meld.cards[0] if end == "low" else meld.cards[-1]


def two_ends(meld: Meld, card: int) -> bool:
    """Is ``card`` the ace of a run 2 … K (two places, §14.1)?"""
    return (
        meld.kind == "run"
        and card % 13 == ACE
        and meld.cards[0] % 13 == 0
        and meld.cards[-1] % 13 == KING
    )


def meld_move(cards: tuple[int, ...]) -> str:
    return "meld " + " ".join(card_text(c) for c in sorted(cards))


def layoff_move(card: int, meld: Meld, end: str) -> str:
    return f"layoff {card_text(card)} {card_text(target(meld, end))}"


@dataclass
class Referee:
    """The knock search of one seat under one set of rules (a search keeps what it
    found, for the positions it meets again)."""

    seat: int
    chain: str = "any"
    both: bool = False
    memo: dict[tuple[int, int, tuple[Meld, ...], int], list[str] | None] = field(
        default_factory=dict
    )

    def knock(
        self, hand: int, table: tuple[Meld, ...], left: int | None, keep: int = -1
    ) -> list[str] | None:
        """The moves that lay ``hand`` down to one card and knock with it (with
        ``keep``, that card), or None when no sequence does (``left``: the layoffs
        the seat may still make, None for no limit)."""
        limit = 99 if left is None else left
        return self._search(hand, table, limit, keep)

    def _search(self, hand: int, table: tuple[Meld, ...], left: int, keep: int) -> list[str] | None:
        if hand.bit_count() == 1:
            if keep >= 0 and hand != 1 << keep:
                return None
            return [f"knock {card_text(hand.bit_length() - 1)}"]
        key = (hand, keep, tuple(sorted(table)), left)
        if key in self.memo:
            return self.memo[key]
        self.memo[key] = None
        found = self._moves(hand, table, left, keep)
        self.memo[key] = found
        return found

    def _moves(self, hand: int, table: tuple[Meld, ...], left: int, keep: int) -> list[str] | None:
        free = hand & ~(1 << keep) if keep >= 0 else hand
        n = hand.bit_count()
        for cards in hand_melds(free, self.both):
            if len(cards) < n:
                meld = new_meld(self.seat, cards, self.both)
                rest = self._search(hand & ~bits(cards), (*table, meld), left, keep)
                if rest is not None:
                    return [meld_move(cards), *rest]
        if left == 0:
            return None
        for i, meld in enumerate(table):
            for card in cards_in(free):
                for end in places(meld, card, self.both):
                    if not is_open(meld, end, self.seat, self.chain):
                        continue
                    after = (*table[:i], place(meld, card, end, self.seat), *table[i + 1 :])
                    rest = self._search(hand & ~(1 << card), after, left - 1, keep)
                    if rest is not None:
                        return [layoff_move(card, meld, end), *rest]
        return None

    def knock_cards(self, hand: int, table: tuple[Meld, ...], left: int | None) -> set[int]:
        """The cards the knock can be made with."""
        return {c for c in cards_in(hand) if self.knock(hand, table, left, c) is not None}

    def pickups(
        self,
        hand: int,
        row: list[int],
        table: tuple[Meld, ...],
        left: int | None,
        *,
        to_layoff: bool = False,
        born: bool = False,
    ) -> dict[tuple[object, ...], list[str] | None]:
        """Every pick-up §5 allows (``to_layoff``: ``pickup_to_layoff``, for a seat
        ``born``), each with the moves from it to a knock, or None.

        The keys: ``("pick", card, meld cards)`` and ``("pick_layoff", card,
        meld index, low)``, ``low`` for the ace laid below the 2 of 2 … K.
        """
        out: dict[tuple[object, ...], list[str] | None] = {}
        limit = 99 if left is None else left
        for i, chosen in enumerate(row):
            pool = hand | bits(row[i:])
            size = pool.bit_count()
            for cards in hand_melds(pool, self.both):
                if chosen in cards and bits(cards) & hand and len(cards) < size:
                    meld = new_meld(self.seat, cards, self.both)
                    rest = self._search(pool & ~bits(cards), (*table, meld), limit, -1)
                    moves = [f"pick {card_text(chosen)}", meld_move(cards)]
                    key: tuple[object, ...] = ("pick", chosen, tuple(sorted(cards)))
                    out[key] = None if rest is None else [*moves, *rest]
            if not (to_layoff and born and limit > 0):
                continue
            for j, meld in enumerate(table):
                for end in places(meld, chosen, self.both):
                    if not is_open(meld, end, self.seat, self.chain):
                        continue
                    after = (*table[:j], place(meld, chosen, end, self.seat), *table[j + 1 :])
                    rest = self._search(pool & ~(1 << chosen), after, limit - 1, -1)
                    moves = [f"pick {card_text(chosen)}", layoff_move(chosen, meld, end)]
                    key = ("pick_layoff", chosen, j, end == "low" and two_ends(meld, chosen))
                    out[key] = None if rest is None else [*moves, *rest]
        return out
