"""Cards as small integers, their notation and their positions in a run.

A card is an ``int``: ``suit * 13 + rank`` for the 52 ordinary cards, where
suit 0..3 is clubs, diamonds, hearts, spades and rank 0..12 is 2..A (so the
integer order is the canonical deck order of ``records.md``).  Jokers
(Persian rummy only) are 52..55.  Sets of cards are bit masks (``1 << card``).

A run's order is the rank order, ace high (``2 … K A``), or with the ace low
(``A 2 … K``: basic and gin rummy); :func:`run_position` is a card's place in
either order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

SUITS: Final = "CDHS"
SUIT_SYMBOLS: Final = "♣♦♥♠"
RANKS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKER_BASE: Final = 52
CARDS_52: Final = (1 << 52) - 1
"""The mask of the 52 ordinary cards."""
JOKERS: Final = 0xF << JOKER_BASE
"""The mask of the four jokers."""
SUIT_MASK: Final = 0x1FFF
"""The 13 ranks of one suit, as bits."""


class CardError(ValueError):
    """A string that is not a card."""


def suit_of(card: int) -> int:
    return card // 13


def rank_of(card: int) -> int:
    return card % 13


def run_position(rank: int, ace_low: bool) -> int:
    """Position of a rank in the run order (2..A = 0..12, or A..K = 0..12)."""
    return (rank + 1) % 13 if ace_low else rank


def position_rank(position: int, ace_low: bool) -> int:
    """The rank at a position of the run order (the inverse of :func:`run_position`)."""
    return (position - 1) % 13 if ace_low else position


def low_position(card: int) -> int:
    """A card's position with the ace low: A 0, 2 1, … K 12."""
    return (card % 13 + 1) % 13


def card_text(card: int) -> str:
    """Canonical text: ``2C`` … ``10C`` ``JC`` … ``AS``; ``JK`` for a joker."""
    if card >= JOKER_BASE:
        return "JK"
    return RANKS[card % 13] + SUITS[card // 13]


def cards_text(cards: Iterable[int]) -> str:
    """Cards in canonical text, separated by spaces (``5H 6H 7H``)."""
    return " ".join(card_text(c) for c in cards)


def card_pretty(card: int, ascii_only: bool = False) -> str:
    """Text with a suit symbol (``10♥``) unless *ascii_only*."""
    if card >= JOKER_BASE:
        return "JK"
    suit = SUITS if ascii_only else SUIT_SYMBOLS
    return RANKS[card % 13] + suit[card // 13]


_RANK_INDEX: Final = {name: i for i, name in enumerate(RANKS)}
_RANK_INDEX["T"] = 8
_SUIT_INDEX: Final = {c: i for i, c in enumerate(SUITS)}
_SUIT_INDEX.update({c: i for i, c in enumerate(SUIT_SYMBOLS)})
# Symbol variants some keyboards and fonts produce.
_SUIT_INDEX.update({"♧": 0, "♢": 1, "♡": 2, "♤": 3})


def parse_card(text: str) -> int:
    """Parse one card in any accepted form (``10h``, ``TH``, ``10♥``; ``JK``).

    Jokers parse to 52; callers that track several jokers pick a free one.
    """
    raw = text.strip()
    upper = raw.upper()
    if upper == "JK":
        return JOKER_BASE
    if len(upper) < 2:
        raise CardError(f"{raw!r} is not a card (write a rank 2-10/J/Q/K/A and a suit C/D/H/S)")
    rank_part, suit_part = upper[:-1], upper[-1]
    rank = _RANK_INDEX.get(rank_part)
    suit = _SUIT_INDEX.get(suit_part)
    if rank is None or suit is None:
        raise CardError(f"{raw!r} is not a card (write a rank 2-10/J/Q/K/A and a suit C/D/H/S)")
    return suit * 13 + rank


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> list[int]:
    """The cards of a mask in canonical order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def rank_mask(rank: int) -> int:
    """Mask of the four cards of one rank."""
    return (1 << rank) | (1 << (rank + 13)) | (1 << (rank + 26)) | (1 << (rank + 39))


RANK_MASKS: Final[tuple[int, ...]] = tuple(rank_mask(r) for r in range(13))
"""The mask of each rank's four cards, by rank."""


def sort_key_suit(card: int) -> tuple[int, int]:
    return (card // 13, card % 13)


def sort_key_rank(card: int) -> tuple[int, int]:
    return (card % 13, card // 13)


def sort_key_suit_low(card: int) -> tuple[int, int]:
    """By suit with the ace below the 2 (gin and basic rummy)."""
    return (card // 13, low_position(card))


def sort_key_rank_low(card: int) -> tuple[int, int]:
    """By rank with the ace below the 2."""
    return (low_position(card), card // 13)


def rank_point_table(rank_points: Mapping[str, int], joker_points: int = 0) -> list[int]:
    """Points by card (52 cards, then the four jokers) from points by rank name."""
    by_rank = [rank_points[name] for name in RANKS]
    return [by_rank[c % 13] for c in range(52)] + [joker_points] * 4
