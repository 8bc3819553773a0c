"""The deal's shuffle: the engine's own loop gives what ``random.shuffle`` gives."""

from __future__ import annotations

import random

import pytest

from dummy_tui.engine.deal import shuffle, shuffled_deal


@pytest.mark.parametrize("size", [0, 1, 2, 3, 5, 31, 32, 33, 52, 56, 64, 65, 130])
def test_shuffle_is_random_shuffle(size: int) -> None:
    # the same order and the generator left in the same state, seed after seed
    # (sizes across bit lengths: the number of bits a draw takes changes there)
    for seed in range(400):
        ours, theirs = list(range(size)), list(range(size))
        ours_rng, their_rng = random.Random(seed), random.Random(seed)
        shuffle(ours, ours_rng)
        their_rng.shuffle(theirs)
        assert ours == theirs, seed
        assert ours_rng.getstate() == their_rng.getstate(), seed


def test_shuffle_moves_the_cards() -> None:
    cards = list(range(52))
    shuffle(cards, random.Random(3))
    assert cards != list(range(52)) and sorted(cards) == list(range(52))


class _Counting(random.Random):
    """A generator of its own: its shuffle is the one used."""

    shuffles = 0

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        _Counting.shuffles += 1
        x.reverse()


def test_a_subclass_shuffles_for_itself() -> None:
    cards = list(range(5))
    shuffle(cards, _Counting(1))
    assert cards == [4, 3, 2, 1, 0] and _Counting.shuffles == 1


def test_a_deal_from_a_seed_is_the_standard_shuffle() -> None:
    deck = list(range(52))
    random.Random(11).shuffle(deck)
    deal = shuffled_deal(52, 7, 4, random.Random(11), burn=2)
    assert deal.hands == [sorted(deck[7 * i : 7 * i + 7]) for i in range(4)]
    assert deal.upcard == deck[28]
    assert deal.stock == deck[29:50] and deal.burned == deck[50:]
