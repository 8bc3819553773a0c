"""Our gin AI inside OpenSpiel's engine against its SimpleGinRummyBot (skipped without pyspiel).

The full measurement (1000 hands per level) is ``benchmarks/vs_openspiel.py``;
this plays a short fixed series with the dealer alternating.
"""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from openspiel_player import play_hands  # noqa: E402


def test_normal_wins_most_decided_hands_against_the_simple_bot() -> None:
    tally = play_hands(pyspiel, "normal", 120, seed=0)
    assert tally.hands == 120
    assert tally.decided >= 100
    assert tally.rate >= 0.52, (tally.won, tally.decided)


def test_easy_is_weaker_than_normal_over_the_same_deals() -> None:
    easy = play_hands(pyspiel, "easy", 120, seed=0)
    normal = play_hands(pyspiel, "normal", 120, seed=0)
    assert easy.won < normal.won
