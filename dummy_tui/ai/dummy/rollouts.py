"""``hard`` at a table of four: each option played to the round's end.

The normal player's best few pick-ups or discards (or a meld or layoff it
would lay, against its best discards with the cards held back) are each tried
on deals of the unseen cards sampled from the seat's own view
(:mod:`sampling`), and every seat then plays the normal policy until the
round is over.  The option that
wins the round (the top score alone) on most deals is played.

The deals are shared out by successive halving: every option is first tried
on a few deals, the better half is kept and tried on more, and so on until
one is left.  Every option alive at a stage is tried on the same deals, so
that two options are compared on the same cards, not on their luck.  The
count of rollouts is fixed (``per_option`` an option on average), so that the
choice does not depend on the machine's speed; ``deadline`` only cuts a
search that runs late (a slow machine, a thinking-time budget).

With four players this finds rounds that one turn of lookahead does not: who
will knock, and who is left holding cards, is settled only at the round's
end.  With two or three, the one-turn lookahead of :mod:`search` measured
better.
"""

from __future__ import annotations

import math
import random
import time

from dummy_tui.ai.dummy.heuristic import HeuristicPlayer
from dummy_tui.ai.dummy.inference import Evidence
from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.ai.dummy.sampling import determinize
from dummy_tui.engine.actions import Action
from dummy_tui.engine.families.dummy import DummyRound, DummyView
from dummy_tui.engine.work import spent as work_done

# A rollout that has not ended after this many actions is a bug, said aloud:
# a round of Dummy ends long before (the stock runs out).
MAX_ACTIONS = 600


def totals(game: DummyRound, unit_points: float = 0.0) -> list[float]:
    """A finished round's totals, a seat each: in points, or under money
    scoring (§14.6) in units counted ``unit_points`` points each, as the
    normal player values them (0: the units as they stand)."""
    lines = game.scores()
    if unit_points and lines[0].money is not None:
        return [b.total * unit_points for b in lines]
    return [float(b.total) for b in lines]


def worth(game: DummyRound, seat: int, margin: float, unit_points: float = 0.0) -> float:
    """A finished round's worth to ``seat``: 1 when it has the top score
    alone, plus ``margin`` times its score less the others' mean score, by
    100 points (its :func:`totals` at ``unit_points``)."""
    points = totals(game, unit_points)
    mine = points[seat]
    others = [t for s, t in enumerate(points) if s != seat]
    value = 1.0 if all(t < mine for t in others) else 0.0
    if margin:
        value += margin * (mine - sum(others) / len(others)) / 100.0
    return value


def play_out(game: DummyRound, policy: HeuristicPlayer) -> DummyRound:
    """``game`` played to its end, every seat by the normal policy."""
    n = 0
    while not game.is_over and n < MAX_ACTIONS:
        legal = game.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        else:
            action = policy.decide(Knowledge.from_round(game, game.seat), legal)
        game.apply_unchecked(action)
        n += 1
    if not game.is_over:
        raise RuntimeError(f"a rollout did not end in {MAX_ACTIONS} actions")
    return game


def halving(
    view: DummyView,
    knowledge: Knowledge,
    options: list[Action],
    policy: HeuristicPlayer,
    rng: random.Random,
    evidence: Evidence | None,
    per_option: int,
    deadline: float | None = None,
    margin: float = 0.0,
    work: int | None = None,
) -> tuple[Action, int]:
    """The option (best first in ``options``) that wins most rollouts, and
    the deals sampled.

    Each of the ``ceil(log2(n))`` stages gets an equal part of the
    ``per_option × n`` rollouts, shared equally among the options alive at
    it; ties go to the earlier option.  Past ``deadline``, or past ``work``
    states searched (:mod:`dummy_tui.engine.work`), the options tried on every
    deal so far decide.
    """
    seat = view.seat
    unit = policy.weights.unit_points
    stages = max(1, math.ceil(math.log2(len(options))))
    budget = per_option * len(options)
    alive = list(range(len(options)))
    wins = [0.0] * len(options)
    worlds: list[DummyRound] = []
    done = 0
    spent = work_done()
    while len(alive) > 1:
        need = done + max(1, budget // (len(alive) * stages))
        while len(worlds) < need:
            worlds.append(determinize(view, knowledge, rng, evidence))
        for i in alive:
            for k in range(done, need):
                game = worlds[k].clone()
                game.apply_unchecked(options[i])
                wins[i] += worth(play_out(game, policy), seat, margin, unit)
            if (deadline is not None and time.perf_counter() > deadline) or (
                work is not None and work_done() - spent > work
            ):
                # late, or long: the options tried on every deal so far decide
                tried = alive[: alive.index(i) + 1]
                return options[min(tried, key=lambda j: (-wins[j], j))], len(worlds)
        done = need
        alive.sort(key=lambda j: (-wins[j], j))
        alive = alive[: (len(alive) + 1) // 2]
    return options[alive[0]], len(worlds)


__all__ = ["halving", "play_out", "totals", "worth"]
