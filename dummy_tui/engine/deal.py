"""Deals: a round's hands, upcard and stock, fixed before the first move (a round is
its deal plus its actions, as OpenSpiel's chance step and action list)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field


@dataclass(slots=True)
class Deal:
    """A fixed deal: hands, the upcard and the stock from the top down."""

    hands: list[list[int]]
    upcard: int
    stock: list[int]  # top first, burned cards excluded
    burned: list[int] = field(default_factory=list)


def shuffled_deal(
    deck_size: int, hand_size: int, players: int, rng: random.Random, burn: int = 0
) -> Deal:
    """A shuffled deck dealt: hands, the upcard, the stock; ``burn`` cards from the
    bottom of the stock set aside unseen."""
    deck = list(range(deck_size))
    rng.shuffle(deck)
    hands = [sorted(deck[i * hand_size : (i + 1) * hand_size]) for i in range(players)]
    upcard = deck[players * hand_size]
    stock = deck[players * hand_size + 1 :]
    burned = stock[len(stock) - burn :] if burn else []
    if burn:
        stock = stock[: len(stock) - burn]
    return Deal(hands, upcard, stock, burned)
