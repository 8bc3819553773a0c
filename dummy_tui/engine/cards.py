"""Cards as small integers, their notation and their points.

A card is an ``int``: ``suit * 13 + rank`` for the 52 ordinary cards, where
suit 0..3 is clubs, diamonds, hearts, spades and rank 0..12 is 2..A (so the
integer order is the canonical deck order of ``records.md``).  Jokers
(Persian rummy only) are 52..55.  Sets of cards are bit masks (``1 << card``).
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKER_BASE = 52
DECK_52 = tuple(range(52))
FULL_MASK_52 = (1 << 52) - 1


class CardError(ValueError):
    """A string that is not a card."""


def suit_of(card: int) -> int:
    return card // 13


def rank_of(card: int) -> int:
    return card % 13


def make_card(rank: int, suit: int) -> int:
    return suit * 13 + rank


def is_joker(card: int) -> bool:
    return card >= JOKER_BASE


def card_text(card: int) -> str:
    """Canonical text: ``2C`` … ``10C`` ``JC`` … ``AS``; ``JK`` for a joker."""
    if card >= JOKER_BASE:
        return "JK"
    return RANKS[card % 13] + SUITS[card // 13]


def card_pretty(card: int, ascii_only: bool = False) -> str:
    """Text with a suit symbol (``10♥``) unless *ascii_only*."""
    if card >= JOKER_BASE:
        return "JK"
    suit = SUITS if ascii_only else SUIT_SYMBOLS
    return RANKS[card % 13] + suit[card // 13]


_RANK_INDEX = {name: i for i, name in enumerate(RANKS)}
_RANK_INDEX["T"] = 8
_SUIT_INDEX = {c: i for i, c in enumerate(SUITS)}
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


def parse_cards(texts: Iterable[str]) -> list[int]:
    return [parse_card(t) for t in texts]


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


def popcount(mask: int) -> int:
    return mask.bit_count()


def rank_mask(rank: int) -> int:
    """Mask of the four cards of one rank."""
    return (1 << rank) | (1 << (rank + 13)) | (1 << (rank + 26)) | (1 << (rank + 39))


def sort_key_suit(card: int) -> tuple[int, int]:
    return (card // 13, card % 13)


def sort_key_rank(card: int) -> tuple[int, int]:
    return (card % 13, card // 13)
