"""Determinizations: a full round built from one seat's view and a guess.

The hidden cards (other hands, the stock, burned cards) are dealt at random
among the cards the seat has not seen, keeping what it knows: an opponent
that picked up cards and has not laid or discarded them still holds them.
Everything public (row, table, born, penalties, whose turn, the history) is
copied from the view (:meth:`DummyRound.from_view`), so the round can be
played on from this point.
"""

from __future__ import annotations

import math
import random

from dummy_tui.ai.dummy.inference import Evidence
from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.engine.cards import cards_of, mask_of
from dummy_tui.engine.families.dummy import DummyRound, DummyView
from dummy_tui.engine.relations import near_masks


def sample_hidden(
    view: DummyView, knowledge: Knowledge, rng: random.Random, evidence: Evidence | None = None
) -> tuple[list[int], list[int], list[int]]:
    """(hands as masks, stock top first, burned) dealt at random among unseen cards.

    With ``evidence`` (:func:`inference.hand_weights`) an opponent's unknown
    cards are drawn ``reading.candidates`` times with its weights, and one of
    those draws is kept at random, each with odds multiplied down by every
    pair its play speaks against and up by ``reading.shape`` for every card
    that has another card of the hand near it.
    """
    pool = cards_of(knowledge.unseen)
    rng.shuffle(pool)
    hands = [0] * view.players
    if evidence is None:
        pos = 0
        for s in range(view.players):
            if s == view.seat:
                hands[s] = knowledge.hand
                continue
            need = knowledge.unknown_slots(s)
            hands[s] = knowledge.known[s] | mask_of(pool[pos : pos + need])
            pos += need
        stock = pool[pos : pos + view.stock_count]
        burned = pool[pos + view.stock_count :]
        return hands, stock, burned
    left = pool
    reading = evidence.reading
    near = near_masks(knowledge.ace_low_runs)
    for s in range(view.players):
        if s == view.seat:
            hands[s] = knowledge.hand
            continue
        need = knowledge.unknown_slots(s)
        # each card's key is a uniform draw to the power 1 / its weight (the
        # exponents found once per seat, not once per card and draw)
        powers = evidence.powers(s)
        pairs = evidence.pairs[s]
        known = knowledge.known[s]
        options: list[tuple[float, list[int]]] = []
        draw = rng.random
        for _ in range(reading.candidates if need else 1):
            keyed = sorted(left, key=lambda c: -(draw() ** powers[c]))
            cand = keyed[:need]
            mask = mask_of(cand) | known
            score = reading.shape * _paired(mask, near)
            for x, y, p in pairs:
                if mask >> x & 1 and mask >> y & 1:
                    score += math.log(p)
            options.append((score, cand))
        top = max(sc for sc, _ in options)
        odds = [math.exp(sc - top) for sc, _ in options]
        chosen = rng.choices([cand for _, cand in options], weights=odds)[0]
        hands[s] = known | mask_of(chosen)
        taken = set(chosen)
        left = [c for c in left if c not in taken]
    stock = left[: view.stock_count]
    burned = left[view.stock_count :]
    return hands, stock, burned


def _paired(hand: int, near: tuple[int, ...]) -> int:
    """Cards of ``hand`` with another card of ``hand`` that could meld with it
    (``near``: the cards near each card, :func:`relations.near_masks`)."""
    return sum(1 for c in cards_of(hand) if near[c] & hand)


def determinize(
    view: DummyView, knowledge: Knowledge, rng: random.Random, evidence: Evidence | None = None
) -> DummyRound:
    """A full round consistent with ``view``, hidden cards sampled with ``rng``."""
    hands, stock, burned = sample_hidden(view, knowledge, rng, evidence)
    return DummyRound.from_view(view, hands, stock, burned)
