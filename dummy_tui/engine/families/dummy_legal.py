"""Dummy's legal actions: what the seat to move may do now, and the pick-ups of §5.

The list :meth:`DummyRound.legal_actions` caches; for a turn that must end in a
knock only the plays that keep the knock reachable are listed (the go-out
search of :mod:`goout`).  The checks with the rules' words are
:mod:`dummy_checks`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dummy_tui.engine.actions import (
    DRAW,
    END,
    SHOW,
    Action,
    Discard,
    LayOff,
    Meld,
    Pick,
    PickLayoff,
)
from dummy_tui.engine.cards import cards_of, mask_of
from dummy_tui.engine.goout import can_go_out
from dummy_tui.engine.melds import melds_in, melds_with
from dummy_tui.engine.relations import NEAR, NEAR_BOTH
from dummy_tui.engine.round import OVER, TAKE

if TYPE_CHECKING:
    from dummy_tui.engine.families.dummy import DummyRound

DISCARDS = tuple(Discard(c) for c in range(52))
"""One :class:`Discard` a card, made once."""


def legal(game: DummyRound) -> list[Action]:
    """Every action that is legal now and can still lead somewhere.

    Picks list each row position with each meld it allows.  For a turn
    that must end in a knock (a player not born who lays cards down, or a
    pickup with the stock empty), only plays that keep the knock
    reachable are listed; :meth:`DummyRound.apply` still accepts the others (§6),
    and then refuses any discard but the knock.
    """
    if game.phase == OVER:
        return []
    seat = game.seat
    if game.phase == TAKE:
        picks = pick_options(game)
        show: list[Action] = [SHOW] if game.can_show(seat) else []
        if game.stock:
            return [*show, DRAW, *picks]
        if game.rules.stock_out_pickup == "any":
            return [*show, *picks, END]
        return [*show, *(a for a in picks if knock_after(game, a)), END]
    hand = game.hands[seat]
    n = hand.bit_count()
    if n == 1:
        return [DISCARDS[hand.bit_length() - 1]]
    cards = cards_of(hand)
    unborn = not game.born[seat]
    play = game.rules.unborn_play
    if unborn and play == "never":
        return [DISCARDS[c] for c in cards]
    plays: list[Action] = [
        Meld(tuple(cards_of(m))) for m in melds_in(hand, game.both) if m.bit_count() < n
    ]
    left = game.layoffs_left(seat)
    if left != 0:
        chain = game.rules.layoff_chain
        for i, m in enumerate(game.melds):
            fit = m.fit_mask(seat, chain) & hand
            while fit:
                low = fit & -fit
                plays.append(LayOff(low.bit_length() - 1, i))
                fit ^= low
    if (unborn and play == "knock_only") or game.must_knock:
        if plays and game.knock_possible(seat):
            plays = [a for a in plays if knock_after(game, a)]
        else:
            plays = []
    if game.must_knock:
        return plays
    return [DISCARDS[c] for c in cards] + plays


def pick_options(game: DummyRound) -> list[Pick | PickLayoff]:
    """Every pick-up §5 allows now: each row card with each meld (or layoff) that plays it."""
    if game.first_turn and game.rules.first_turn_must_draw:
        return []
    seat = game.seat
    hand = game.hands[seat]
    out: list[Pick | PickLayoff] = []
    taken = 0
    hand_n = hand.bit_count()
    layoff_ok = game.rules.pickup_to_layoff and game.born[seat] and game.layoffs_left(seat) != 0
    chain = game.rules.layoff_chain
    both = game.both
    near = NEAR_BOTH if both else NEAR
    for taken_n, card in enumerate(reversed(game.row), start=1):
        taken |= 1 << card
        pool = hand | taken
        # a meld with the card holds two cards near it (its rank, or its suit
        # within two ranks): without them there is none to look for
        close = near[card] & pool
        if close & (close - 1):
            limit = hand_n + taken_n - 1
            for m in melds_with(card, pool, both):
                if m & hand and m.bit_count() <= limit:
                    out.append(Pick(card, tuple(cards_of(m))))
        if layoff_ok:
            for j, meld in enumerate(game.melds):
                if meld.fits(card, seat, chain):
                    out.append(PickLayoff(card, j))
    return out


def knock_after(game: DummyRound, action: Action) -> bool:
    """After ``action`` by the seat to move, is a knock still reachable?"""
    if isinstance(action, Pick | PickLayoff) and game.phase == TAKE:
        return _knock_after_pick(game, action)
    trial = game.clone()
    trial._do(action)
    if trial.phase == OVER:
        return True
    return trial.knock_possible(trial.seat)


def _knock_after_pick(game: DummyRound, action: Pick | PickLayoff) -> bool:
    """:func:`knock_after` for a pick-up, on masks, without a clone."""
    seat = game.seat
    i = game.row.index(action.card)
    pool = game.hands[seat] | mask_of(game.row[i:])
    left = game.layoffs_left(seat)
    if isinstance(action, Pick):
        melds = [*game.melds, game.new_meld(seat, action.meld)]
        hand = pool & ~mask_of(action.meld)
    else:
        target = game.melds[action.target].copy()
        target.add(action.card, seat)
        melds = [*game.melds]
        melds[action.target] = target
        hand = pool & ~(1 << action.card)
        left = None if left is None else left - 1
    return can_go_out(hand, melds, seat, game.rules.layoff_chain, left, game.both)
