"""Heuristic players: ``easy`` (a beginner) and ``normal`` (a solid player).

Both read a :class:`Knowledge` snapshot of one seat and never the full state.
``normal`` scores every way to take by playing the rest of the turn in its
head, with an :class:`Evaluator` of the decision (:mod:`.evaluator`).  How
they judge, and which module holds each part: docs/ai.md.
"""

from __future__ import annotations

import random

from dummy_tui.ai.dummy.evaluator import Evaluator
from dummy_tui.ai.dummy.knowledge import Knowledge, Tracker
from dummy_tui.ai.dummy.plans import (
    best_lay,
    lay_rules,
    mask_points,
    meld_cards,
    table_pieces,
)
from dummy_tui.ai.dummy.playing import knock_step, play_from, plays_of
from dummy_tui.ai.dummy.taking import TakeChoice
from dummy_tui.ai.dummy.weights import NORMAL, Weights
from dummy_tui.engine.actions import DRAW, SHOW, Action, Discard, End, Pick
from dummy_tui.engine.cards import mask_of
from dummy_tui.engine.families.dummy import DummyView
from dummy_tui.engine.goout import GoOut
from dummy_tui.engine.relations import partners


class HeuristicPlayer(TakeChoice):
    """The ``normal`` player: scores each option by the rest of its turn (its take
    from :class:`TakeChoice`, its play from :class:`PlayChoice`)."""

    level = "normal"

    def __init__(self, seed: int | None = None, weights: Weights = NORMAL) -> None:
        self.rng = random.Random(seed)
        self.weights = weights
        self.tracker = Tracker()

    def choose(self, view: DummyView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        knowledge = Knowledge.from_view(view, tracker=self.tracker)
        return self.decide(knowledge, legal)

    def decide(self, knowledge: Knowledge, legal: list[Action]) -> Action:
        ev = Evaluator(knowledge, self.weights)
        if knowledge.phase == "take":
            return self.take(ev, legal)
        return self.play(ev, legal)


# ---------------------------------------------------------------------------
# The beginner


class EasyPlayer:
    """A beginner: takes obvious melds, lays everything down, throws high cards.

    It picks up only from the last two cards of the row, knocks when it sees
    the knock, keeps pairs, and otherwise discards its highest card without a
    thought for who could use it.
    """

    level = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: DummyView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        knowledge = Knowledge.from_view(view, track=False)
        return self.decide(knowledge, legal)

    def decide(self, knowledge: Knowledge, legal: list[Action]) -> Action:
        points = knowledge.points
        if knowledge.phase == "take":
            if SHOW in legal:
                return SHOW  # free points: a beginner sees them too
            best: tuple[int, Action] | None = None
            for a in legal:
                if (
                    isinstance(a, Pick)
                    and len(knowledge.discards) - knowledge.discards.index(a.card) <= 2
                ):
                    v = mask_points(mask_of(a.meld), points)
                    if best is None or v > best[0]:
                        best = (v, a)
            if best is not None:
                return best[1]
            if DRAW in legal:
                return DRAW
            for a in legal:
                if not isinstance(a, End):
                    return a
            return legal[0]
        hand = knowledge.hand
        chain = knowledge.rules.layoff_chain
        ace_low_runs = knowledge.ace_low_runs
        pieces = table_pieces(knowledge.melds, knowledge.seat, chain, hand)
        limit = knowledge.rules.layoff_limit
        left = None if limit == 0 else max(0, limit - knowledge.layoffs[knowledge.seat])
        cards = GoOut(
            hand, knowledge.melds, knowledge.seat, chain, left, ace_low_runs
        ).knock_cards()
        if cards:
            card = max(cards, key=lambda c: -points[c])
            if hand == 1 << card:
                return Discard(card)
            action = knock_step(hand, card, pieces, legal, ace_low_runs)
            if action is not None:
                return action
        _, _, discards = plays_of(legal)
        free = knowledge.rules.unborn_play == "free"  # it lays what it can, born or not
        if (knowledge.born[knowledge.seat] or free) and not knowledge.must_knock:
            weight = [p * 16 + 1 for p in points]
            _, laid = best_lay(hand, pieces, weight, {}, lay_rules(ace_low_runs))
            if laid:
                action = play_from(laid, legal)
                if action is not None:
                    return action
        if not discards:
            return legal[0]
        in_melds = meld_cards(hand, ace_low_runs)
        pairs = partners(ace_low_runs)

        def keep_score(c: int) -> float:
            score = -points[c]
            if in_melds >> c & 1:
                score += 100
            elif any(hand >> x & 1 or hand >> y & 1 for x, y in pairs[c][:4]):
                score += 12
            return score + self.rng.random() * 8

        return Discard(min((d.card for d in discards), key=keep_score))
