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
two finalists stop early once one leads beyond doubt (:func:`decided`).  The
count of rollouts is fixed (``per_option`` an option on average, at most), so
that the choice does not depend on the machine's speed; ``deadline`` only cuts
a search that runs late (a slow machine, a thinking-time budget).

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

# The two finalists are looked at every LOOK deals, from DECISIVE_DEALS on: a
# lead of more than DECISIVE standard errors ends the search (see decided).
DECISIVE = 1.5
DECISIVE_DEALS = 12
LOOK = 8


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


def decided(leader: list[float], other: list[float], decisive: float = DECISIVE) -> bool:
    """Whether ``leader`` (ahead or level) leads ``other`` beyond doubt, their
    worths on the same deals given: from ``DECISIVE_DEALS`` deals on, by more
    than ``decisive`` standard errors of the mean difference, or by the same
    difference on every deal (none: the two play alike, the earlier stands)."""
    n = len(leader)
    if n < DECISIVE_DEALS:
        return False
    differences = [a - b for a, b in zip(leader, other, strict=True)]
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    if variance == 0.0:
        return True
    return mean > decisive * math.sqrt(variance / n)


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
    decisive: float | None = DECISIVE,
) -> tuple[Action, int]:
    """The option (best first in ``options``) that wins most rollouts, and
    the deals sampled.

    Each of the ``ceil(log2(n))`` stages gets an equal part of the
    ``per_option × n`` rollouts, shared equally among the options alive at
    it; ties go to the earlier option.  The two finalists are compared every
    ``LOOK`` deals and the search ends once one leads by ``decisive``
    standard errors (:func:`decided`; None: never).  Past ``deadline``, or
    past ``work`` states searched (:mod:`dummy_tui.engine.work`), the options
    tried on every deal so far decide.
    """
    seat = view.seat
    unit = policy.weights.unit_points
    stages = max(1, math.ceil(math.log2(len(options))))
    budget = per_option * len(options)
    alive = list(range(len(options)))
    worths: list[list[float]] = [[] for _ in options]
    worlds: list[DummyRound] = []
    done = 0
    spent = work_done()

    def ranked(j: int) -> tuple[float, int]:
        return (-sum(worths[j]), j)

    while len(alive) > 1:
        need = done + max(1, budget // (len(alive) * stages))
        # the finalists' lead that ends the search (None: before the final)
        threshold = decisive if len(alive) == 2 else None
        while done < need:
            if threshold is not None:
                alive.sort(key=ranked)
                if decided(worths[alive[0]], worths[alive[1]], threshold):
                    return options[alive[0]], len(worlds)
            upto = need if threshold is None else min(need, done + LOOK)
            while len(worlds) < upto:
                worlds.append(determinize(view, knowledge, rng, evidence))
            for i in alive:
                for k in range(done, upto):
                    game = worlds[k].clone()
                    game.apply_unchecked(options[i])
                    worths[i].append(worth(play_out(game, policy), seat, margin, unit))
                if (deadline is not None and time.perf_counter() > deadline) or (
                    work is not None and work_done() - spent > work
                ):
                    # late, or long: the options tried on every deal so far decide
                    tried = alive[: alive.index(i) + 1]
                    return options[min(tried, key=ranked)], len(worlds)
            done = upto
        alive.sort(key=ranked)
        alive = alive[: (len(alive) + 1) // 2]
    return options[alive[0]], len(worlds)


__all__ = ["decided", "halving", "play_out", "totals", "worth"]
