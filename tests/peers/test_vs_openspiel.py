"""Our gin AI inside OpenSpiel's engine against its SimpleGinRummyBot (skipped without pyspiel).

The full measurement (1000 hands per level) is ``benchmarks/vs_openspiel.py``;
this plays a short fixed series with the dealer alternating.
"""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from openspiel_player import play_hands  # noqa: E402


def test_normal_holds_its_own_against_the_simple_bot() -> None:
    # 120 hands pin a rate down only to about +-9 points, so this is no check
    # of the 55% target (the benchmark measures that over thousands of hands):
    # it asks for a rate well above what `easy` reaches on these deals (45 of
    # 120) and what a player throwing cards at random reaches (none).
    tally = play_hands(pyspiel, "normal", 120, seed=0)
    assert tally.hands == 120
    assert tally.decided >= 100
    assert tally.rate >= 0.45, (tally.won, tally.decided)


def test_easy_is_weaker_than_normal_over_the_same_deals() -> None:
    easy = play_hands(pyspiel, "easy", 120, seed=0)
    normal = play_hands(pyspiel, "normal", 120, seed=0)
    assert easy.won < normal.won


def test_the_breakdown_accounts_for_every_hand() -> None:
    tally = play_hands(pyspiel, "normal", 40, seed=3)
    dead = tally.hands - tally.knocked_first - tally.bot_knocked
    assert tally.knocked_first > 0 and tally.bot_knocked > 0 and dead >= 0
    assert tally.won == tally.won_knocking + tally.undercuts
    assert sum(row[0] for row in tally.by_fed) == tally.hands
    assert sum(row[2] for row in tally.by_fed) == tally.won
    assert all(row[2] <= row[1] <= row[0] for row in tally.by_fed)
    halves = play_hands(pyspiel, "normal", 20, seed=3)
    halves.merge(play_hands(pyspiel, "normal", 20, seed=3, start=20))
    assert halves == tally


def test_feeding_counts_only_takes_of_our_discards() -> None:
    from openspiel_player import _fed

    from dummy_tui.engine.actions import DRAW, Action, Discard, TakeDiscard

    history: list[tuple[int, Action]] = [
        (1, TakeDiscard(5)),  # the upcard: not ours
        (1, Discard(9)),
        (0, TakeDiscard(9)),  # ours taking theirs
        (0, Discard(20)),
        (1, TakeDiscard(20)),  # fed
        (1, Discard(30)),
        (0, DRAW),
        (0, Discard(31)),
        (1, DRAW),  # passed over
        (1, Discard(32)),
        (0, DRAW),
        (0, Discard(40)),
        (1, TakeDiscard(40)),  # fed
    ]
    assert _fed(history, 0) == 2
    assert _fed(history, 1) == 1


def test_the_benchmarks_measuring_sticks() -> None:
    """``benchmarks/vs_openspiel.py``: scoring hard's reading changes none of its
    moves; told the bot's melds, the same player wins more of the same hands."""
    import importlib.util
    import sys
    from pathlib import Path

    benchmarks = Path(__file__).resolve().parents[2] / "benchmarks"
    sys.path.insert(0, str(benchmarks))  # for its own import of _common
    spec = importlib.util.spec_from_file_location("vs_openspiel", benchmarks / "vs_openspiel.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    auc, measure = bench.auc, bench.measure

    assert auc([(0.1, False), (0.9, True), (0.2, False)]) == 1.0
    assert auc([(0.5, True), (0.5, False)]) == 0.5
    assert auc([(0.9, False), (0.1, True)]) == 0.0
    plain, none = measure("hard", 30, 1, 1)
    scored, read = measure("hard", 30, 1, 1, reading=True)
    assert none == [] and scored == plain
    assert len(read) > 300 and 0.6 < auc(read) < 0.95
    told, _ = measure("hard+melds", 30, 1, 1)
    assert told.won > plain.won
    assert told.by_fed[2][0] < plain.by_fed[2][0]  # it feeds the bot less
