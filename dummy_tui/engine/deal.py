"""Deals: a round's hands, upcard and stock, fixed before the first move (a round is
its deal plus its actions, as OpenSpiel's chance step and action list)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field


@dataclass(init=False, slots=True)
class Deal:
    """A fixed deal: hands, the upcard and the stock from the top down (its
    ``__init__`` written out, to be compiled: see :class:`~dummy_tui.engine.melds.TableMeld`)."""

    hands: list[list[int]]
    upcard: int
    stock: list[int]  # top first, burned cards excluded
    burned: list[int] = field(default_factory=list)

    def __init__(
        self,
        hands: list[list[int]],
        upcard: int,
        stock: list[int],
        burned: list[int] | None = None,
    ) -> None:
        self.hands = hands
        self.upcard = upcard
        self.stock = stock
        self.burned = [] if burned is None else burned


def shuffle(cards: list[int], rng: random.Random) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` would, in
    compiled code for a plain :class:`random.Random`.

    CPython's algorithm: for ``i`` from the last index down to 1, swap card
    ``i`` with card ``j``, ``j`` drawn below ``i + 1`` as ``_randbelow`` draws
    it: ``k`` bits (the bit length of ``i + 1``) at a time until the number is
    below ``i + 1``.  The same draws from the same generator, so the same deal.
    A subclass of ``Random`` may draw otherwise: it shuffles for itself.
    """
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    i = len(cards) - 1
    k = (i + 1).bit_length()
    while i > 0:
        n = i + 1
        if n < 1 << (k - 1):
            k -= 1  # n's bit length: n only falls by one a step
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
        i -= 1


def shuffled_deal(
    deck_size: int, hand_size: int, players: int, rng: random.Random, burn: int = 0
) -> Deal:
    """A shuffled deck dealt: hands, the upcard, the stock; ``burn`` cards from the
    bottom of the stock set aside unseen."""
    deck = list(range(deck_size))
    shuffle(deck, rng)
    hands = [sorted(deck[i * hand_size : (i + 1) * hand_size]) for i in range(players)]
    upcard = deck[players * hand_size]
    stock = deck[players * hand_size + 1 :]
    burned = stock[len(stock) - burn :] if burn else []
    if burn:
        stock = stock[: len(stock) - burn]
    return Deal(hands, upcard, stock, burned)
