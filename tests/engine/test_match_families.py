"""Matches of gin, basic rummy and Persian rummy: who deals next and when the match ends."""

from __future__ import annotations

from typing import Any

import pytest

from dummy_tui.ai import make_player
from dummy_tui.engine.families.gin import GinRound
from dummy_tui.engine.families.persian import PersianRound
from dummy_tui.engine.families.rummy import RummyRound
from dummy_tui.engine.match import Match
from dummy_tui.engine.round import Round
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.rules.schema import PersianRules


def finish(game: Round[Any], level: str = "easy") -> Round[Any]:
    ais = [make_player(game.family, level, s) for s in range(game.players)]
    while not game.is_over:
        game.apply(ais[game.seat].choose(game.view(game.seat), game.legal_actions()))
    return game


def test_gin_the_winner_deals_and_a_dead_hand_is_dealt_again() -> None:
    match = Match(get_ruleset("gin"), 2, seed=5, first_starter=0)
    seen = {"dead": 0, "won": 0}
    while not match.is_over:
        game = match.new_round()
        assert isinstance(game, GinRound)
        assert (game.starter, game.direction) == (match.starter, match.direction)
        finish(game)
        winner = game.winner()
        result = match.record(game)
        assert result.end == game.end
        if winner is None:
            seen["dead"] += 1
            assert match.starter == game.starter  # the same dealer deals again
        else:
            seen["won"] += 1
            assert match.starter == 1 - winner  # the winner deals: the loser starts
        assert len(match.results) < 200
    assert seen["won"] and max(match.totals) >= 100
    assert match.winner == match.totals.index(max(match.totals))
    assert match.winners == [match.winner]


def test_gin_match_totals_are_the_hand_scores() -> None:
    match = Match(get_ruleset("gin"), 2, seed=9)
    for _ in range(3):
        game = finish(match.new_round())
        match.record(game)
    assert match.totals == [sum(r.scores[s] for r in match.results) for s in range(2)]
    assert all(min(r.scores) == 0 for r in match.results)  # the loser scores 0 in "gin"


def test_rummy_match_to_the_target_with_the_deal_passing_on() -> None:
    match = Match(get_ruleset("rummy"), 3, seed=2, first_starter=1)
    starters = []
    while not match.is_over:
        game = match.new_round()
        assert isinstance(game, RummyRound)
        starters.append(game.starter)
        match.record(finish(game))
        assert len(match.results) < 200
    assert starters[:4] == [1, 2, 0, 1]
    assert max(match.totals) >= 100
    over_before = [sum(r.scores[s] for r in match.results[:-1]) for s in range(3)]
    assert max(over_before) < 100  # it ended with the first round that reached the target


def test_persian_match_is_its_deals_with_team_totals() -> None:
    rules = get_ruleset("persian")
    assert isinstance(rules, PersianRules)
    match = Match(rules, 4, seed=4)
    for deal in range(rules.deals):
        assert not match.is_over and match.winners == []
        game = match.new_round()
        assert isinstance(game, PersianRound)
        assert game.starter == deal % 4  # the deal passes to the next seat
        match.record(finish(game, "normal"))
    assert match.is_over and len(match.results) == 2
    totals = match.totals
    assert totals[0] == totals[2] and totals[1] == totals[3]
    if totals[0] != totals[1]:
        team = 0 if totals[0] > totals[1] else 1
        assert match.winners == [team, team + 2]
        assert match.winner == team
    else:
        assert match.winners == [] and match.winner is None


@pytest.mark.parametrize("deals", [1, 3])
def test_persian_deals_option(deals: int) -> None:
    rules = get_ruleset("persian", overrides={"deals": deals})
    match = Match(rules, 4, seed=1)
    while not match.is_over:
        match.record(finish(match.new_round()))
    assert len(match.results) == deals
