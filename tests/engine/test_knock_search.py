"""The engine's knock search against the referee's brute force (``referee.py``).

On random positions made of the corners of §14.1 (long runs whose ends were
laid by different seats, aces, 2s and Ks in hand), with and without
``ace_low_runs``, under both layoff chains and layoff limits:

- ``GoOut.can_go_out`` and ``GoOut.knock_cards`` say what the referee finds by trying
  every sequence of melds and layoffs;
- a sequence the referee finds is accepted move by move by a round in that
  position and ends in the knock;
- every card fits a meld (``fit_mask``, ``fits``) exactly where the referee
  can lay it off;
- with the stock empty, the pick-ups a round lists are those after which the
  referee can knock (all those §5 allows, with ``stock_out_pickup = "any"``),
  and the round ends by itself exactly when there are none (§9).

``KNOCK_SEARCH_EXAMPLES`` sets the number of positions of each test (the suite
runs a few hundred; ``benchmarks/corners.py`` runs many more).
"""

from __future__ import annotations

import os
import random
from typing import Any

from engine_util import listed_pickups, rules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from positions import engine_melds, play_round, random_position, stock_out_round
from referee import Referee, cards_in, is_open, places

from dummy_tui.engine.goout import GoOut
from dummy_tui.engine.record import apply_moves

EXAMPLES = int(os.environ.get("KNOCK_SEARCH_EXAMPLES", "0")) or None
LIMITS = [None, None, 0, 1, 2, 3]


def _settings(default: int) -> settings:
    return settings(
        max_examples=EXAMPLES or default,
        deadline=None,
        derandomize=EXAMPLES is None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


def check_play_position(
    seed: int, both: bool, chain: str, limit: int | None, size: int, corner: bool = False
) -> bool:
    """One position in the play phase; returns whether the hand can knock."""
    rng = random.Random(seed)
    position = random_position(rng, both, chain, size, corner=corner)
    melds = engine_melds(position, both, chain)
    table = position.referee_table(both)
    seat = position.seat
    for meld, ref in zip(melds, table, strict=True):
        off_table = [c for c in range(52) if c not in ref.cards]
        for s in range(3):
            fitting = {
                c for c in off_table if any(is_open(ref, e, s, chain) for e in places(ref, c, both))
            }
            assert set(cards_in(meld.fit_mask(s, chain))) == fitting, (ref, s)
            assert {c for c in off_table if meld.fits(c, s, chain)} == fitting, (ref, s)
    referee = Referee(seat, chain, both)
    hand = position.hand
    found = referee.knock(hand, table, limit)
    search = GoOut(hand, melds, seat, chain, limit, both)
    assert search.can_go_out() == (found is not None), (
        position,
        found,
    )
    assert set(search.knock_cards()) == referee.knock_cards(hand, table, limit), position
    if found is not None:
        # a round in this position accepts the referee's moves, up to the knock
        used = 1 if limit is not None else 0
        options: dict[str, object] = {"ace_low_runs": both, "layoff_chain": chain}
        if limit is not None:
            options["layoff_limit"] = limit + used
        game = play_round(rules("dummy", **options), position, melds, used)
        _, error, _ = apply_moves(game, found)
        assert error is None, (found, error)
        assert game.end == "knock" and game.went_out == seat
    return found is not None


@_settings(400)
@given(
    seed=st.integers(0, 2**32 - 1),
    both=st.booleans(),
    chain=st.sampled_from(["any", "owner_or_self"]),
    limit=st.sampled_from(LIMITS),
    size=st.integers(1, 8),
    corner=st.booleans(),
)
def test_the_knock_search_finds_what_brute_force_finds(
    seed: int, both: bool, chain: str, limit: int | None, size: int, corner: bool
) -> None:
    check_play_position(seed, both, chain, limit, size, corner)


def check_stock_out_position(
    seed: int,
    both: bool,
    chain: str,
    limit: int | None,
    size: int,
    row: int,
    to_layoff: bool,
    born: bool,
    any_pickup: bool,
    corner: bool = False,
) -> tuple[int, bool]:
    """One position facing the empty stock; returns (pick-ups listed, ended)."""
    rng = random.Random(seed)
    position = random_position(rng, both, chain, size, row, corner)
    melds = engine_melds(position, both, chain)
    used = 1 if limit is not None else 0
    options: dict[str, object] = {
        "ace_low_runs": both,
        "layoff_chain": chain,
        "pickup_to_layoff": to_layoff,
        "stock_out_pickup": "any" if any_pickup else "knock_only",
    }
    if limit is not None:
        options["layoff_limit"] = limit + used
    game = stock_out_round(rules("dummy", **options), position, melds, born, used)
    referee = Referee(position.seat, chain, both)
    table = position.referee_table(both)
    found = referee.pickups(
        position.hand, game.discards, table, limit, to_layoff=to_layoff, born=born
    )
    wanted = set(found) if any_pickup else {key for key, moves in found.items() if moves}
    listed = listed_pickups(game)
    assert listed == wanted, (position, sorted(map(str, listed ^ wanted)))
    # §9: the round ends by itself when nothing can be picked up (towards a knock)
    assert game.is_over == (not wanted)
    assert not game.is_over or game.end == "stock_out"
    for moves in found.values():
        if moves:
            trial = game.clone()
            _, error, _ = apply_moves(trial, moves)
            assert error is None, (moves, error)
            assert trial.end == "knock" and trial.went_out == position.seat
    return len(listed), game.is_over


STOCK_OUT_CASES = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32 - 1),
        "both": st.booleans(),
        "chain": st.sampled_from(["any", "owner_or_self"]),
        "limit": st.sampled_from(LIMITS),
        "size": st.integers(1, 7),
        "row": st.integers(1, 6),
        "to_layoff": st.booleans(),
        "born": st.booleans(),
        "any_pickup": st.sampled_from([False, False, False, True]),
        "corner": st.booleans(),
    }
)
"""The arguments of :func:`check_stock_out_position`."""


@_settings(250)
@given(case=STOCK_OUT_CASES)
def test_stock_out_pickups_and_the_automatic_end_follow_brute_force(case: dict[str, Any]) -> None:
    check_stock_out_position(**case)
