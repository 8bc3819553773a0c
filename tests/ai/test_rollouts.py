"""The search of ``hard`` at four players (:mod:`dummy_tui.ai.dummy.rollouts`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from itertools import chain
from typing import Any

from dummy_tui.ai.dummy.evaluator import Evaluator
from dummy_tui.ai.dummy.heuristic import HeuristicPlayer
from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.ai.dummy.rollouts import decided, halving, play_out, worth
from dummy_tui.ai.dummy.search import discard_options
from dummy_tui.engine.actions import Action, Discard, LayOff, Meld
from dummy_tui.engine.families.dummy import DummyRound, DummyView
from dummy_tui.engine.round import Round

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


def ranked_discards(
    seed: int, every: int, player: HeuristicPlayer, at_least: int
) -> Iterator[tuple[DummyView, Knowledge, list[Action]]]:
    """Positions of a seeded round of four where the player to move discards
    from ``at_least`` options or more, and normal's discards there, best first."""
    for game in decisions("dummy", 4, seed, every=every):
        if game.phase != "play":
            continue
        view = game.view(game.seat)
        assert isinstance(view, DummyView)
        knowledge = Knowledge.from_view(view)
        options = discard_options(Evaluator(knowledge, player.weights), game.legal_actions())
        options.sort(key=lambda va: -va[0])
        if len(options) >= at_least:
            yield view, knowledge, [a for _, a in options]


def test_a_search_out_of_time_or_of_work_plays_the_normal_players_first_option() -> None:
    player = HeuristicPlayer(1)
    for view, knowledge, options in ranked_discards(3, 2, player, 3):
        chosen = options[:3]
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


def test_in_money_a_rollout_counts_each_unit_of_lead_as_the_normal_player_does() -> None:
    """Money scoring's totals are units (a handful a round): the margin counts
    each as ``unit_points`` points, so that a lead of two units is not worth
    less than a lead of five points would be in a points round."""
    unit = HeuristicPlayer(0).weights.unit_points
    compared = 0
    for seed in range(8):
        dealt = DummyRound.new(rules("dummy-money"), 4, seed, starter=0)
        game = play_out(dealt, HeuristicPlayer(seed))
        units = [b.total for b in game.scores()]
        assert game.scores()[0].money is not None
        for a in range(4):
            for b in range(4):
                if units[a] >= units[b] + 1:
                    # without the win, by the lead over the others: ≥ 1 unit more each way
                    gap = worth(game, a, 0.5, unit) - worth(game, b, 0.5, unit)
                    won = worth(game, a, 0.0) - worth(game, b, 0.0)
                    assert gap - won >= 0.5 * unit / 100 * (4 / 3) - 1e-9
                    compared += 1
    assert compared


def test_under_house_penalties_on_discards_hard_plays_to_the_round_end() -> None:
    """At four players the house penalties on discards (dummy-house charges all
    four) do not send ``hard`` back to the one-turn lookahead: its choice and
    its count of rollouts are those of the rollouts to the round's end."""
    from dummy_tui.ai import make_player
    from dummy_tui.ai.dummy.search import SearchPlayer

    searched = 0
    for game in decisions("dummy-house", 4, 5, every=1)[-6:]:
        view, legal = game.view(game.seat), game.legal_actions()
        assert isinstance(view, DummyView)
        shipped = make_player("dummy", "hard", 3, samples=24)
        choice = shipped.choose(view, legal)
        rolled = SearchPlayer(3, samples=24)
        knowledge = Knowledge.from_view(view)
        ev = Evaluator(knowledge, rolled.normal.weights)
        assert choice == rolled.play_to_the_end(view, knowledge, ev, legal)
        assert shipped.sampled == rolled.sampled  # type: ignore[attr-defined]
        searched += rolled.sampled is not None
    assert searched  # some of the positions were searched, not played as normal plays them


def test_the_finalists_are_decided_by_a_lead_beyond_its_standard_error() -> None:
    ahead = [1.0] * 3 + [0.0] * 21  # a round won on 3 of 24 deals: 1.8 standard errors
    level = [0.0] * 24
    assert decided(ahead, level)
    assert not decided(ahead, level, decisive=2.0)
    assert not decided([1.0] * 2 + [0.0] * 22, level)  # on 2 of 24: 1.4
    assert not decided(ahead[:11], level[:11])  # too few deals to tell
    # lost on some deals, won on more: the differences' spread counts
    mixed = [1.0] * 6 + [-1.0] * 3 + [0.0] * 15
    assert not decided(mixed, level)
    assert decided([1.0] * 9 + [-1.0] * 3 + [0.0] * 12, level)
    # the same difference on every deal: nothing more to learn, whether a lead or none
    assert decided([0.5] * 12, [0.25] * 12)
    assert decided(level[:12], level[:12])


def test_a_decided_search_stops_early_and_chooses_as_the_whole_search() -> None:
    """Stopped once a finalist leads beyond doubt, the search plays fewer deals on
    some decisions, never more, and chooses as it would have after them all."""
    player = HeuristicPlayer(2)
    shorter = tried = 0
    for view, knowledge, options in ranked_discards(1, 3, player, 4):
        if tried == 5:
            break
        chosen = options[:4]
        whole, every = halving(
            view, knowledge, chosen, player, random.Random(5), None, 24, decisive=None
        )
        early, some = halving(view, knowledge, chosen, player, random.Random(5), None, 24)
        assert early == whole and some <= every
        shorter += some < every
        tried += 1
    assert tried == 5 and shorter >= 3


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
            # every rollout of the schedule played (no early end)
            shipped = SearchPlayer(seed, samples=32, decisive=None)
            flat = SearchPlayer(seed, samples=32, late_floor=0, decisive=None)
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


def test_the_shipped_search_weighs_a_won_round_against_a_points_lead() -> None:
    """To ``hard`` a round won outright is worth more than one lost while 150
    points ahead of the others' mean, and less than one lost 250 points ahead
    (the margin measured best with holding back: a half); checked on played
    rounds: a seat's worth less the win is its lead over the others' mean, by
    the margin."""
    from dummy_tui.ai.dummy.search import SearchPlayer

    margin = SearchPlayer(0).margin
    assert margin * 150 / 100 < 1.0 < margin * 250 / 100
    for seed in range(3):
        game = play_out(DummyRound.new(rules(), 4, seed, starter=0), HeuristicPlayer(seed))
        totals = [b.total for b in game.scores()]
        for s in range(4):
            lead = totals[s] - sum(t for o, t in enumerate(totals) if o != s) / 3
            bonus = worth(game, s, margin) - worth(game, s, 0.0)
            assert abs(bonus - margin * lead / 100) < 1e-9


def _lays(
    games: Iterable[Round[Any]],
) -> Iterator[tuple[DummyView, list[Action], Action, list[Action]]]:
    """The positions of ``games`` where normal would lay a meld or a layoff (not
    in a knock) and could discard instead: the view, the legal moves, the lay
    and normal's three best discards."""
    for game in games:
        view, legal = game.view(game.seat), game.legal_actions()
        assert isinstance(view, DummyView)
        if game.phase != "play" or not any(isinstance(a, Discard) for a in legal):
            continue
        normal = HeuristicPlayer(0)
        ev = Evaluator(Knowledge.from_view(view), normal.weights)
        lay, knocking = normal.plan_play(ev, legal)
        if knocking or not isinstance(lay, (Meld, LayOff)) or view.hand_mask.bit_count() < 2:
            continue
        held = sorted(discard_options(ev, legal), key=lambda va: -va[0])[:3]
        yield view, legal, lay, [a for _, a in held]


def test_at_four_players_a_lay_is_played_out_against_holding_it_back() -> None:
    """Where normal would lay a meld or a layoff (no knock in it), four-player
    ``hard`` also plays on normal's best three discards instead, the cards held;
    it lays on some deals of a round and holds on others.  With ``hold=0``,
    and at three players, it lays as normal does, unsearched."""
    from dummy_tui.ai.dummy.search import SearchPlayer

    outcomes = {"laid": 0, "held": 0}
    for view, legal, lay, held in _lays(decisions("dummy", 4, 0, every=1)):
        hard = SearchPlayer(0, samples=32)
        choice = hard.choose(view, legal)
        assert hard.sampled is not None
        assert choice == lay or choice in held
        outcomes["laid" if choice == lay else "held"] += 1
        unsearched = SearchPlayer(0, samples=32, hold=0)
        assert unsearched.choose(view, legal) == lay and unsearched.sampled is None
    assert outcomes["laid"] >= 1 and outcomes["held"] >= 1, outcomes
    lays = 0
    for game in decisions("dummy", 3, 0, every=1):
        three, legal = game.view(game.seat), game.legal_actions()
        assert isinstance(three, DummyView)
        if game.phase != "play":
            continue
        normal = HeuristicPlayer(0)
        lay, _ = normal.plan_play(Evaluator(Knowledge.from_view(three), normal.weights), legal)
        if isinstance(lay, (Meld, LayOff)):
            assert SearchPlayer(0, samples=32).choose(three, legal) == lay
            lays += 1
    assert lays >= 1


def test_heads_up_late_a_lay_is_played_out_against_holding_it_back() -> None:
    """Heads-up, once the stock is down to ``late`` cards (the deals played to
    the round's end), ``hard`` plays on a lay normal would make and normal's
    best three discards with the cards held, and chooses either; with more
    stock, and with ``hold=0``, it lays as normal does, unsearched."""
    from dummy_tui.ai.dummy.search import SearchPlayer

    outcomes = {"laid": 0, "held": 0, "early": 0}
    games = chain.from_iterable(decisions("dummy", 2, seed, every=1) for seed in range(12))
    for view, legal, lay, held in _lays(games):
        hard = SearchPlayer(0, samples=16)
        choice = hard.choose(view, legal)
        if view.stock_count > hard.late:
            assert choice == lay and hard.sampled is None
            outcomes["early"] += 1
            continue
        assert hard.sampled is not None
        assert choice == lay or choice in held
        outcomes["laid" if choice == lay else "held"] += 1
        unsearched = SearchPlayer(0, samples=16, hold=0)
        assert unsearched.choose(view, legal) == lay and unsearched.sampled is None
        if min(outcomes.values()) >= 1:
            break
    assert min(outcomes.values()) >= 1, outcomes
