"""Card relations: which cards make a meld together, and which are *near* (§12).

Tables by card, computed once: the pairs that make a three-card meld with each
card and the cards near it, ace high (Dummy), ace low (gin and basic rummy) or
both (Dummy's ``ace_low_runs``).
"""

from __future__ import annotations

from typing import Final

from dummy_tui.engine.cards import JOKER_BASE, position_rank, rank_mask, run_position


def partner_pairs(card: int, ace_low: bool = False) -> list[tuple[int, int]]:
    """Pairs of cards that make a three-card meld with ``card``: two more of its
    rank (or two more jokers), or the cards around it in a run."""
    if card >= JOKER_BASE:
        others = [j for j in range(JOKER_BASE, JOKER_BASE + 4) if j != card]
        return [(others[0], others[1]), (others[0], others[2]), (others[1], others[2])]
    rank, suit = card % 13, card // 13
    same = [s * 13 + rank for s in range(4) if s != suit]
    out = [(same[0], same[1]), (same[0], same[2]), (same[1], same[2])]
    pos = run_position(rank, ace_low)
    base = suit * 13
    for a, b in ((-2, -1), (-1, 1), (1, 2)):
        if 0 <= pos + a <= 12 and 0 <= pos + b <= 12:
            out.append(
                (base + position_rank(pos + a, ace_low), base + position_rank(pos + b, ace_low))
            )
    return out


def _near_mask(card: int, ace_low: bool) -> int:
    m = 0
    for a, b in partner_pairs(card, ace_low):
        m |= (1 << a) | (1 << b)
    if card < JOKER_BASE:
        m |= rank_mask(card % 13)  # the fourth card of the rank too
    return m & ~(1 << card)


PARTNERS: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple(partner_pairs(c)) for c in range(56)
)
"""Ace high: the pairs that make a three-card meld with each card (jokers too)."""
PARTNERS_LOW: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple(partner_pairs(c, ace_low=True)) for c in range(52)
)
"""Ace low: the pairs that make a three-card meld with each card."""
NEAR: Final[tuple[int, ...]] = tuple(_near_mask(c, False) for c in range(56))
"""Ace high: the cards *near* each card (§12): its rank, and its suit within two ranks."""
NEAR_LOW: Final[tuple[int, ...]] = tuple(_near_mask(c, True) for c in range(52))
"""Ace low: the cards near each card."""
PARTNERS_BOTH: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple(dict.fromkeys((*PARTNERS[c], *PARTNERS_LOW[c]))) for c in range(52)
)
"""The ace low as well as high (Dummy's ``ace_low_runs``): each pair once, the
pairs of :data:`PARTNERS` first (``Q K`` and ``2 3`` for an ace, ``A 3`` too for a 2)."""
NEAR_BOTH: Final[tuple[int, ...]] = tuple(NEAR[c] | NEAR_LOW[c] for c in range(52))
"""The ace low as well as high: the cards near each card (an ace is near the 2 and 3
of its suit too)."""


def partners(both: bool) -> tuple[tuple[tuple[int, int], ...], ...]:
    """:data:`PARTNERS_BOTH` with the ace low as well as high, else :data:`PARTNERS`."""
    return PARTNERS_BOTH if both else PARTNERS


def near_masks(both: bool) -> tuple[int, ...]:
    """:data:`NEAR_BOTH` with the ace low as well as high, else :data:`NEAR`."""
    return NEAR_BOTH if both else NEAR


def near(card: int, other: int) -> bool:
    """Same rank, or same suit within two ranks (§12's "near"), ace high."""
    return bool(NEAR[card] >> other & 1)
