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
    LayOff,
    Pick,
    PickLayoff,
)
from dummy_tui.engine.cards import mask_of
from dummy_tui.engine.families.dummy_actions import (
    DISCARDS,
    ace_layoff_action,
    ace_pick_layoff_action,
    discard_actions,
    hand_meld_actions,
    layoff_action,
    pick_action,
    pick_layoff_action,
)
from dummy_tui.engine.families.dummy_table import table_fits
from dummy_tui.engine.goout import GoOut
from dummy_tui.engine.melds import meldable, melds_with
from dummy_tui.engine.relations import NEAR, NEAR_BOTH
from dummy_tui.engine.round import OVER, TAKE

if TYPE_CHECKING:
    from dummy_tui.engine.families.dummy import DummyRound


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
        show: list[Action] = [SHOW] if game.can_show(seat) else []
        if game.stock:
            return [*show, DRAW, *pick_options(game)]
        return [*show, *stock_out_picks(game), END]
    hand = game.hands[seat]
    if hand & (hand - 1) == 0:
        return [DISCARDS[hand.bit_length() - 1]]
    unborn = not game.born[seat]
    play = game.move_rules.unborn_play
    if unborn and play == "never":
        return discard_actions(hand)
    plays: list[Action] = []
    melds = hand_meld_actions(hand, game.both)
    if melds:
        n = hand.bit_count()
        # a meld may not take the hand's last card; no meld is longer than 13
        plays.extend(melds if n > 13 else [m for m in melds if len(m.cards) < n])
    if game.layoffs_left(seat) != 0:
        chain = game.move_rules.layoff_chain
        both = game.both
        if chain == "any":
            union, each = table_fits(game, seat)
            if not union & hand:
                each = ()
        else:
            each = tuple((i, m.fit_mask(seat, chain)) for i, m in enumerate(game.melds))
        for i, fit in each:
            fit &= hand
            while fit:
                low = fit & -fit
                c = low.bit_length() - 1
                if both and c % 13 == 12:  # an ace: maybe at either end of a run
                    plays.extend(layoff_actions(game, c, i, chain))
                else:
                    plays.append(layoff_action(c, i))
                fit ^= low
    if (unborn and play == "knock_only") or game.must_knock:
        if plays and game.knock_possible(seat):
            plays = [a for a in plays if knock_after(game, a)]
        else:
            plays = []
    if game.must_knock:
        return plays
    out = discard_actions(hand)
    out.extend(plays)
    return out


def pick_options(game: DummyRound) -> list[Pick | PickLayoff]:
    """Every pick-up §5 allows now: each row card with each meld (or layoff) that plays it."""
    house = game.move_rules
    if game.first_turn and house.first_turn_must_draw:
        return []
    seat = game.seat
    hand = game.hands[seat]
    out: list[Pick | PickLayoff] = []
    both = game.both
    near = NEAR_BOTH if both else NEAR
    # the layoffs open to a pick-up: (target, cards that fit)
    fit_any = 0
    fits: tuple[tuple[int, int], ...] = ()
    if house.pickup_to_layoff and game.born[seat] and game.layoffs_left(seat) != 0:
        fit_any, fits = table_fits(game, seat)
    row = game.discards
    # the row cards in some meld of the hand and the whole row: only they can
    # make one with fewer cards (bit-parallel, for the whole row at once)
    row_mask = mask_of(row)
    fit_any &= row_mask
    meldable_row = meldable(hand | row_mask, both) & row_mask
    if not meldable_row | fit_any:
        return out
    pool = hand
    limit = hand.bit_count()  # a meld may not take the last card: hand + taken - 1
    for i in range(len(row) - 1, -1, -1):
        card = row[i]
        pool |= 1 << card
        if meldable_row >> card & 1:
            # a meld with the card holds two cards near it (its rank, or its
            # suit within two ranks): without them there is none to look for
            close = near[card] & pool
            if close & (close - 1):
                for m in melds_with(card, pool, both):
                    if m & hand and m.bit_count() <= limit:
                        out.append(pick_action(card, m))
        if fit_any >> card & 1:
            for j, fit in fits:
                if fit >> card & 1:
                    out.extend(pick_layoff_actions(game, card, j))
        limit += 1
    return out


def layoff_actions(game: DummyRound, card: int, target: int, chain: str) -> list[LayOff]:
    """The layoffs of ``card`` (which fits) onto the meld ``target``: one, or for the
    ace of a run that holds its 2 and its K one for each end open to the seat to
    move, above the K first (§14.1)."""
    meld = game.melds[target]
    if not meld.two_ace_ends(card):
        return [layoff_action(card, target)]
    seat = game.seat
    return [
        ace_layoff_action(card, target, low)
        for low in (False, True)
        if meld.fits_at(card, seat, chain, low)
    ]


def pick_layoff_actions(game: DummyRound, card: int, target: int) -> list[PickLayoff]:
    """The pick-ups of ``card`` laid off onto the meld ``target`` (which it fits), as
    :func:`layoff_actions`."""
    meld = game.melds[target]
    if not meld.two_ace_ends(card):
        return [pick_layoff_action(card, target)]
    chain = game.move_rules.layoff_chain
    seat = game.seat
    return [
        ace_pick_layoff_action(card, target, low)
        for low in (False, True)
        if meld.fits_at(card, seat, chain, low)
    ]


def stock_out_picks(game: DummyRound) -> list[Pick | PickLayoff]:
    """The pick-ups open with the stock empty: every one under §14.2
    ``stock_out_pickup = "any"``, else those after which a knock is still
    reachable (§9).

    The turn's start needs them (none: the round ends by itself) and so does
    the legal list after it; the search is costly (one go-out search a
    pick-up), so the list is kept with the state it was made for and made
    again only when that state has changed.
    """
    key = _turn_key(game)
    kept = game._stock_out
    if kept is not None and kept[0] == key:
        return kept[1]
    picks = pick_options(game)
    if game.move_rules.stock_out_pickup != "any":
        picks = [a for a in picks if knock_after(game, a)]
    game._stock_out = (key, picks)
    return picks


def _turn_key(game: DummyRound) -> tuple[int, ...]:
    """What the pick-ups of the seat to move depend on, in a few numbers: the
    moves so far, the seat, its hand, the row, whether it is born, its layoffs,
    the first turn and the table's melds and cards."""
    seat = game.seat
    return (
        len(game.history), seat, game.hands[seat], *game.discards, -1, game.born[seat],
        game.layoffs[seat], game.first_turn, len(game.melds),
        sum(len(m.cards) for m in game.melds),
    )  # fmt: skip


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
    i = game.discards.index(action.card)
    pool = game.hands[seat] | mask_of(game.discards[i:])
    left = game.layoffs_left(seat)
    if isinstance(action, Pick):
        melds = [*game.melds, game.new_meld(seat, action.meld)]
        hand = pool & ~mask_of(action.meld)
    else:
        target = game.melds[action.target].copy()
        target.add(action.card, seat, action.low)
        melds = [*game.melds]
        melds[action.target] = target
        hand = pool & ~(1 << action.card)
        left = None if left is None else left - 1
    return GoOut(hand, melds, seat, game.move_rules.layoff_chain, left, game.both).can_go_out()
