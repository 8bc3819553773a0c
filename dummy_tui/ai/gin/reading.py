"""Reading the gin opponent's hand from what it did (the ``hard`` player).

Hands for the opponent are drawn from the cards this seat has not seen,
around the cards it is known to hold (taken from the pile), and each is
weighed by how well it explains the opponent's play, as a sensible player's:

* a card it threw, passed or left on top of the pile when it drew: a hand
  holding two cards that meld with it is unlikely (it would have kept or
  taken the card);
* a card it took from the pile and still holds: a hand in which that card
  melds with nothing is unlikely (a card is taken to be melded);
* its last discard, when its hand has not changed since: every point of
  deadwood that discard left above the hand's best discard makes the hand
  less likely (players throw their highest unmatched card).

The weighed hands give, for each card this seat may throw, the chance that
the opponent can meld it, and for each unseen card the chance that the
opponent holds it.  The samples come from the generator the player passes,
seeded by its seed and the public position only.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.deadwood import deadwood, deadwood_after_discard
from dummy_tui.engine.relations import PARTNERS_LOW

PAIR_MASKS: list[list[int]] = [[(1 << a) | (1 << b) for a, b in pairs] for pairs in PARTNERS_LOW]
"""Per card: the masks of the pairs of cards that make a three-card meld with it (ace low)."""


@dataclass(frozen=True, slots=True)
class Reading:
    """How sampled opponent hands are weighed against what the opponent did."""

    decline: float = 0.15  # a hand that would have melded a card it threw, passed or left
    take: float = 0.4  # a hand in which a card it took from the pile melds with nothing
    regret: float = 0.3  # per point its last discard left above its best discard


@dataclass(slots=True)
class OpponentRead:
    """What sampled, weighed opponent hands say."""

    meld_chance: dict[int, float]  # per card asked about: chance it melds with the opponent's hand
    hold: list[float]  # per card: chance the opponent holds it


def read_opponent(
    pool: list[int],
    unknown: int,
    known: int,
    declined: list[int],
    last: int | None,
    cards: list[int],
    reading: Reading,
    samples: int,
    rng: random.Random,
    deadline: float | None = None,
) -> OpponentRead:
    """Opponent hands drawn from ``pool`` around ``known``, each weighed by how
    well it explains what the opponent did; the chance that each of ``cards``
    melds with its hand (two cards of a meld with it) and that it holds each card.
    """
    pairs = PAIR_MASKS
    taken = cards_of(known)
    count = min(unknown, len(pool))
    meld = dict.fromkeys(cards, 0.0)
    hold = [0.0] * 52
    total = 0.0
    for i in range(samples):
        if deadline is not None and i >= 16 and not i & 15 and time.perf_counter() > deadline:
            break
        hand = known
        for c in rng.sample(pool, count):
            hand |= 1 << c
        weight = 1.0
        for x in declined:
            for pm in pairs[x]:
                if hand & pm == pm:
                    weight *= reading.decline
                    break
        for y in taken:
            rest = hand & ~(1 << y)
            if not any(rest & pm == pm for pm in pairs[y]):
                weight *= reading.take
        if last is not None:
            gap = deadwood(hand) - deadwood_after_discard(hand | (1 << last))
            if gap > 0:
                weight *= math.exp(-reading.regret * gap)
        total += weight
        for c in cards:
            for pm in pairs[c]:
                if hand & pm == pm:
                    meld[c] += weight
                    break
        rest = hand & ~known
        while rest:
            b = rest & -rest
            hold[b.bit_length() - 1] += weight
            rest ^= b
    if total <= 0.0:
        return OpponentRead(dict.fromkeys(cards, 0.0), hold)
    for c in cards:
        meld[c] /= total
    for c in range(52):
        hold[c] /= total
    for c in taken:
        hold[c] = 1.0
    return OpponentRead(meld, hold)


__all__ = ["PAIR_MASKS", "OpponentRead", "Reading", "read_opponent"]
