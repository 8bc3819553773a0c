"""The match (§11): totals, target_score, who starts next and in which direction."""

from __future__ import annotations

import random

from engine_util import EXAMPLE_HANDS, EXAMPLE_MOVES, EXAMPLE_STOCK, make_round, play, rules

from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.match import Match, RoundResult


def worked_example() -> DummyRound:
    game = make_round(EXAMPLE_HANDS, "9C", EXAMPLE_STOCK)
    play(game, *EXAMPLE_MOVES)
    return game


def stock_out_round(starter: int, direction: int = 1) -> DummyRound:
    """Four players, one card of stock: the round ends by itself, no knocker."""
    game = make_round(
        ["2C 5D", "3C 7D", "4C 9D", "6C JD"],
        "KS",
        "8S",
        fill=False,
        starter=starter,
        direction=direction,
    )
    play(game, "draw", "discard 8S")
    assert game.end == "stock_out" and game.went_out is None
    return game


def test_totals_target_and_winner() -> None:
    match = Match(rules(target_score=100), 4, seed=1)
    match.record(worked_example())
    assert match.totals == [-5, 155, -110, 15]
    assert match.is_over  # B reached 100
    assert match.winner == 1


def test_not_over_below_the_target() -> None:
    match = Match(rules(), 4, seed=1)  # target 500
    match.record(worked_example())
    assert not match.is_over and match.winner is None
    match.record(worked_example())
    match.record(worked_example())
    assert match.totals == [-15, 465, -330, 45]
    assert not match.is_over
    match.record(worked_example())
    assert match.totals[1] == 620 and match.is_over and match.winner == 1


def test_the_knocker_starts_the_next_round() -> None:
    match = Match(rules(), 4, seed=3, first_starter=0)
    assert (match.starter, match.direction) == (0, 1)
    match.record(worked_example())
    assert (match.starter, match.direction) == (1, 1)
    nxt = match.new_round()
    assert (nxt.starter, nxt.seat, nxt.direction) == (1, 1, 1)


def test_without_a_knocker_the_next_seat_after_the_starter() -> None:
    match = Match(rules(), 4, seed=3, first_starter=2)
    match.record(stock_out_round(starter=2))
    assert (match.starter, match.direction) == (3, 1)
    match.record(stock_out_round(starter=3))
    assert (match.starter, match.direction) == (0, 1)
    # In the other direction of play the seat "after" is the one below.
    assert stock_out_round(starter=0, direction=-1).next_round() == (3, -1)


def test_a_fool_reverses_the_next_rounds_direction() -> None:
    game = make_round(["8H 9H KS", "2S 3S 4D", "JC 5D 6S"], "2D", "AC 10H", starter=1)
    play(
        game, "draw", "discard AC", "draw", "discard 10H", "pick 10H", "meld 8H 9H 10H", "knock KS"
    )
    match = Match(rules(), 3, seed=0, first_starter=1)
    match.record(game)
    assert (match.starter, match.direction) == (0, -1)
    nxt = match.new_round()
    assert nxt.direction == -1
    assert nxt.seat == 0
    nxt.apply(nxt.legal_actions()[0])  # draw
    nxt.apply(nxt.legal_actions()[0])  # a discard
    assert nxt.seat == 2  # play goes 0 -> 2 -> 1


def test_rounds_are_repeatable_from_the_seed() -> None:
    a = Match(rules(), 3, seed=42).new_round()
    b = Match(rules(), 3, seed=42).new_round()
    c = Match(rules(), 3, seed=43).new_round()
    assert a.hands == b.hands and a.stock == b.stock and a.discards == b.discards
    assert (a.hands, a.stock) != (c.hands, c.stock)


def test_a_match_of_random_rounds_follows_section_11() -> None:
    rng = random.Random(5)
    match = Match(rules("dummy-house", target_score=150), 3, seed=9, first_starter=2)
    expected_totals = [0, 0, 0]
    for _ in range(60):
        if match.is_over:
            break
        game = match.new_round()
        assert isinstance(game, DummyRound)
        assert (game.starter, game.start_direction) == (match.starter, match.direction)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        result = match.record(game)
        for seat, score in enumerate(result.scores):
            expected_totals[seat] += score
        assert match.totals == expected_totals
        direction = game.direction * (-1 if game.fool is not None else 1)
        assert match.direction == direction
        if game.went_out is not None:
            assert match.starter == game.went_out
        else:
            assert match.starter == (game.starter + direction) % 3
    assert match.is_over, "random play reaches 150 within 60 rounds"
    assert max(match.totals) >= 150
    best = max(match.totals)
    if match.totals.count(best) == 1:
        assert match.winner == match.totals.index(best)


def test_a_tie_for_the_lead_plays_on() -> None:
    """Reading of §11: two players level at the top past the target have no
    winner yet; the match goes on until one leads alone."""
    match = Match(rules(target_score=100), 4, seed=1)
    tied = RoundResult(0, 1, 0, [], "knock", 1)
    match.results.append(tied)
    match.results[0].breakdown = worked_example().scores()
    match.results[0].breakdown[3].total = 155  # D level with B
    assert match.totals == [-5, 155, -110, 155]
    assert not match.is_over and match.winner is None
    match.record(worked_example())  # B scores again and leads alone
    assert match.is_over and match.winner == 1
