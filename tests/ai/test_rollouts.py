"""The search of ``hard`` at four players (:mod:`dummy_tui.ai.dummy.rollouts`)."""

from __future__ import annotations

import random

from dummy_tui.ai.dummy.evaluator import Evaluator
from dummy_tui.ai.dummy.heuristic import HeuristicPlayer
from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.ai.dummy.rollouts import halving, play_out, worth
from dummy_tui.ai.dummy.search import discard_options
from dummy_tui.engine.actions import Discard
from dummy_tui.engine.families.dummy import DummyRound, DummyView

from .conftest import decisions, rules


def test_a_rollout_is_worth_one_to_the_top_score_alone_and_margin_orders_by_score() -> None:
    seen_winner = False
    for seed in range(6):
        game = play_out(DummyRound.new(rules(), 4, seed, starter=0), HeuristicPlayer(seed))
        assert game.is_over
        totals = [b.total for b in game.scores()]
        wins = [worth(game, s, 0.0) for s in range(4)]
        for s in range(4):
            alone = all(totals[s] > t for o, t in enumerate(totals) if o != s)
            assert wins[s] == (1.0 if alone else 0.0)
        seen_winner |= 1.0 in wins
        # with a margin, a higher score is worth more, whoever wins
        valued = [worth(game, s, 0.5) for s in range(4)]
        for a in range(4):
            for b in range(4):
                if totals[a] > totals[b]:
                    assert valued[a] > valued[b]
    assert seen_winner


def test_a_search_out_of_time_or_of_work_plays_the_normal_players_first_option() -> None:
    player = HeuristicPlayer(1)
    for game in decisions("dummy", 4, 3, every=2):
        if game.phase != "play":
            continue
        view = game.view(game.seat)
        assert isinstance(view, DummyView)
        knowledge = Knowledge.from_view(view)
        options = discard_options(Evaluator(knowledge, player.weights), game.legal_actions())
        options.sort(key=lambda va: -va[0])
        if len(options) < 3:
            continue
        chosen = [a for _, a in options[:3]]
        late, _ = halving(view, knowledge, chosen, player, random.Random(1), None, 8, deadline=0.0)
        assert late == chosen[0]
        searched, deals = halving(view, knowledge, chosen, player, random.Random(1), None, 8)
        assert isinstance(searched, Discard) and searched in chosen
        assert deals >= 8  # the finalists are compared on more deals than the average
        # past the work limit (engine/work.py) as past the deadline, in the first stage
        cut, few = halving(view, knowledge, chosen, player, random.Random(1), None, 8, work=1)
        assert cut == chosen[0] and few < deals
        return
    raise AssertionError("no discard with three options in the round")


def test_under_house_penalties_on_discards_hard_keeps_the_one_turn_search() -> None:
    from dummy_tui.ai import make_player
    from dummy_tui.ai.dummy.search import SearchPlayer

    positions = decisions("dummy-house", 4, 5, every=1)[-6:]
    for game in positions:
        view, legal = game.view(game.seat), game.legal_actions()
        shipped = make_player("dummy", "hard", 3, samples=24)
        lookahead = SearchPlayer(3, samples=24, rollouts=False)
        assert shipped.choose(view, legal) == lookahead.choose(view, legal)  # type: ignore[arg-type]
        assert shipped.sampled == lookahead.sampled  # type: ignore[attr-defined]


def test_late_in_a_round_each_option_gets_more_rollouts_as_they_get_shorter() -> None:
    """Over 16 cards of stock the rollouts are cut in proportion, as before; under
    it they grow in proportion, to twice as many at 8 cards and fewer (about the
    same work: a rollout from 8 cards is about half as long as one from 16)."""
    from dummy_tui.ai.dummy.search import SearchPlayer

    seen: dict[str, int] = {}
    for seed in range(4):
        for game in decisions("dummy", 4, seed, every=1):
            view, legal = game.view(game.seat), game.legal_actions()
            assert isinstance(view, DummyView)
            stock = view.stock_count
            kind = "early" if stock >= 16 else "late" if stock <= 8 else None
            if kind is None or seen.get(kind, 0) >= 2:
                continue
            shipped = SearchPlayer(seed, samples=32)
            flat = SearchPlayer(seed, samples=32, late_floor=0)
            shipped.choose(view, legal)
            flat.choose(view, legal)
            if flat.sampled is None:  # no search: one option, or a move that needs none
                assert shipped.sampled is None
                continue
            assert shipped.sampled is not None
            if kind == "early":
                assert shipped.sampled == flat.sampled
            else:
                assert 1.7 * flat.sampled <= shipped.sampled <= 2.3 * flat.sampled
            seen[kind] = seen.get(kind, 0) + 1
    assert seen == {"early": 2, "late": 2}


def test_the_shipped_search_counts_winning_the_round_over_a_large_lead() -> None:
    """A rollout won outright is worth more to ``hard`` than one lost while 300
    points ahead of the others' mean; checked on played rounds: a seat's worth
    less the win is its lead over the others' mean, by the margin."""
    from dummy_tui.ai.dummy.search import SearchPlayer

    margin = SearchPlayer(0).margin
    assert 0.0 < margin * 300 / 100 < 1.0
    for seed in range(3):
        game = play_out(DummyRound.new(rules(), 4, seed, starter=0), HeuristicPlayer(seed))
        totals = [b.total for b in game.scores()]
        for s in range(4):
            lead = totals[s] - sum(t for o, t in enumerate(totals) if o != s) / 3
            bonus = worth(game, s, margin) - worth(game, s, 0.0)
            assert abs(bonus - margin * lead / 100) < 1e-9
