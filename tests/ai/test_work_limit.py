"""The work a ``hard`` decision may do (``SearchPlayer.work`` for the rollouts,
``search_work`` for the one-turn search): counted in the states of the go-out
searches and of the planner (:mod:`dummy_tui.engine.work`), and in the one-turn
search the moves of its playouts too, a count that does not depend on the
machine."""

from __future__ import annotations

import threading

from dummy_tui.ai import make_player
from dummy_tui.ai.dummy.heuristic import HeuristicPlayer
from dummy_tui.ai.dummy.plans import best_lay
from dummy_tui.ai.dummy.search import (
    MOVE_WORK,
    SEARCH_LIMIT,
    SearchPlayer,
    finish_round,
    lookahead,
    policy_action,
)
from dummy_tui.engine.families.dummy import DummyRound, DummyView
from dummy_tui.engine.goout import GoOut
from dummy_tui.engine.work import spent as work_done

from .conftest import cards, decisions, rules

RUNS_AND_SETS = sum(1 << c for c in cards("2S 3S 4S 5S 6S 7S 8S 8H 8D 8C 9H 10H JH QH KH AH"))


def test_the_planner_counts_the_states_it_works_out_the_same_each_time() -> None:
    weight = [1] * 56
    before = work_done()
    best_lay(RUNS_AND_SETS, {}, weight, {})
    once = work_done() - before
    assert once > 16  # a hand of sixteen cards in runs and sets: more states than cards
    best_lay(RUNS_AND_SETS, {}, weight, {})
    assert work_done() - before == 2 * once  # a fresh memo: the same work again


def test_the_go_out_search_counts_its_states_and_nothing_for_a_question_it_knows() -> None:
    search = GoOut(RUNS_AND_SETS, [], 0)
    before = work_done()
    knocks = search.knock_cards()
    first = work_done() - before
    assert knocks and first > 16  # a question per card, each with states of its own
    search.knock_cards()  # the same questions: answered from the memo
    assert work_done() - before == first
    GoOut(RUNS_AND_SETS, [], 0).knock_cards()  # a new search works them out again
    assert work_done() - before == 2 * first


def test_each_thread_counts_its_own_planning() -> None:
    mine = work_done()
    seen: list[int] = []

    def plan() -> None:
        start = work_done()
        best_lay(RUNS_AND_SETS, {}, [1] * 56, {})
        seen.append(work_done() - start)

    worker = threading.Thread(target=plan)
    worker.start()
    worker.join()
    assert seen and seen[0] > 0
    assert work_done() == mine  # a hint thought out in another thread changes nothing here


def long_row_round() -> DummyRound:
    """Two players, late in the round (ten cards of stock), nobody born, a row
    of twenty cards and 51 ways to pick up: a take that took the search 1.2 s
    (and up to 7 s in such rounds) on a compiled build."""
    game = DummyRound.new(rules(), 2, 83, starter=0)
    players = [make_player("dummy", "normal", s) for s in range(2)]
    for _ in range(38):
        legal = game.legal_actions()
        view = game.view(game.seat)
        game.apply(legal[0] if len(legal) == 1 else players[game.seat].choose(view, legal))
    return game


def heads_up_long_row() -> tuple[DummyView, list[object]]:
    """The view and the choices of :func:`long_row_round`'s take."""
    game = long_row_round()
    view = game.view(game.seat)
    legal = game.legal_actions()
    assert isinstance(view, DummyView)
    assert view.phase == "take" and len(legal) == 51 and view.stock_count == 10
    return view, list(legal)


def test_a_take_among_fifty_pick_ups_stops_at_the_work_limit() -> None:
    view, legal = heads_up_long_row()
    player = make_player("dummy", "hard", 7)  # as --ai hard plays: 128 deals at most
    assert isinstance(player, SearchPlayer) and player.search_work == SEARCH_LIMIT
    start = work_done()
    action = player.choose(view, legal)  # type: ignore[arg-type]
    spent = work_done() - start
    assert action in legal
    assert player.sampled is not None and 1 <= player.sampled < 128
    # it stops before a deal that would pass the limit, by its heaviest deal so far
    assert spent <= SEARCH_LIMIT * 1.5
    again = make_player("dummy", "hard", 7)
    assert again.choose(view, legal) == action  # type: ignore[arg-type]
    assert again.sampled == player.sampled  # type: ignore[attr-defined]
    # the hint's sixteen deals may spend an eighth as much on its deals
    hint = make_player("dummy", "hard", 7, samples=16)
    start = work_done()
    assert hint.choose(view, legal) in legal  # type: ignore[arg-type]
    assert work_done() - start < spent / 2
    assert hint.sampled is not None and 1 <= hint.sampled < 16  # type: ignore[attr-defined]


def test_the_one_turn_search_takes_deals_until_the_work_is_spent() -> None:
    """It stops before a deal that would pass the limit, gives up a deal that
    passes twice the limit, and with no deal played plays normal's choice."""
    for game in decisions("dummy", 2, 4, every=3):
        view, legal = game.view(game.seat), game.legal_actions()
        assert isinstance(view, DummyView)
        unlimited = SearchPlayer(5, samples=6, search_work=None)
        start = work_done()
        unlimited.choose(view, legal)
        six = work_done() - start
        if unlimited.sampled != 6:
            continue  # a move that needs no search
        # ``work`` is at 128 deals: a third of what the six deals took, at 6
        limited = SearchPlayer(5, samples=6, search_work=six // 3 * 128 // 6)
        start = work_done()
        choice = limited.choose(view, legal)
        assert limited.sampled is not None
        assert 1 <= limited.sampled < 6
        assert work_done() - start < six
        assert choice in legal
        starved = SearchPlayer(5, samples=6, search_work=1)
        assert starved.choose(view, legal) == starved.normal.choose(view, legal)
        assert starved.sampled == 0
        return
    raise AssertionError("no searched decision in the round")


def test_a_playout_that_passes_its_stop_is_given_up() -> None:
    """A playout of the one-turn search ends where the work counted passes its
    stop, unfinished, instead of thinking on (a single playout from a long row
    once took a decision past a second)."""
    policy = HeuristicPlayer(3)
    whole = long_row_round()
    start = work_done()
    assert isinstance(finish_round(whole, 0, policy), float) and whole.is_over
    needed = work_done() - start
    assert needed > 1_000
    cut = long_row_round()
    start = work_done()
    assert finish_round(cut, 0, policy, stop=start + needed // 10) is None
    assert not cut.is_over
    assert needed // 10 < work_done() - start < needed
    assert lookahead(long_row_round(), 0, policy, stop=work_done()) is None


def test_each_move_of_a_playout_counts_four_states_a_card_in_the_movers_hand() -> None:
    """The one-turn search's playouts count their moves as work, by the cards
    of the hand each is made from (a move from twenty cards costs the normal
    player about three times one from seven, whatever it searches)."""
    policy = HeuristicPlayer(3)
    counted = long_row_round()
    start = work_done()
    finish_round(counted, 0, policy)
    spent = work_done() - start
    # the same playout move by move, uncounted: the states searched only
    game = long_row_round()
    held = 0
    start = work_done()
    while not game.is_over:
        held += game.hands[game.seat].bit_count()
        game.apply_unchecked(policy_action(game, policy))
    searched = work_done() - start
    assert game.history == counted.history
    assert held > 100  # a long round of big hands
    assert spent - searched == MOVE_WORK * held
