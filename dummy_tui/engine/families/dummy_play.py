"""How Dummy's actions change the round: draws, pick-ups from the row, melds,
layoffs, discards and knocks, the start of each turn and the end of the round
(with who is fooled, โง่).  The penalties they charge are :mod:`dummy_penalties`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dummy_tui.engine import actions as act
from dummy_tui.engine.cards import mask_of
from dummy_tui.engine.families.dummy_legal import stock_out_picks
from dummy_tui.engine.families.dummy_penalties import (
    charge_discard,
    charge_pickup,
    note_layoff,
    note_meld,
)
from dummy_tui.engine.families.dummy_scoring import Bonus, Penalty
from dummy_tui.engine.round import OVER, PLAY, TAKE

if TYPE_CHECKING:
    from dummy_tui.engine.families.dummy import DummyRound


def play(game: DummyRound, seat: int, action: act.Action) -> None:
    if isinstance(action, act.Discard):
        _discard(game, seat, action.card)
    elif isinstance(action, act.Draw):
        card = game.stock.pop()
        game.hands[seat] |= 1 << card
        game.phase = PLAY
    elif isinstance(action, act.Pick | act.PickLayoff):
        _pick(game, seat, action)
    elif isinstance(action, act.Meld):
        _unborn_lays(game, seat, meld=True)
        game.hands[seat] &= ~mask_of(action.cards)
        game.melds.append(game.new_meld(seat, action.cards))
        game.table_changes += 1
        note_meld(game, seat, action.cards)
    elif isinstance(action, act.LayOff):
        _unborn_lays(game, seat, meld=False)
        game.hands[seat] &= ~(1 << action.card)
        game.melds[action.target].add(action.card, seat, action.low)
        game.table_changes += 1
        game.layoffs[seat] += 1
        note_layoff(game, seat, action.card, action.target)
    elif isinstance(action, act.Show):
        game.shown[seat] = True
        game.bonuses.append(Bonus("show", seat, None, -1))
    elif isinstance(action, act.End):
        finish(game, "stock_out")


def _unborn_lays(game: DummyRound, seat: int, meld: bool) -> None:
    """A player not born lays cards from hand (§6, §14.1 ``unborn_play``)."""
    if game.born[seat]:
        return
    if game.move_rules.unborn_play == "free":
        game.born[seat] = game.born[seat] or meld  # a meld makes one born, a layoff not
    else:
        game.must_knock = True  # the turn must end in a knock (dark knock)


def _pick(game: DummyRound, seat: int, action: act.Pick | act.PickLayoff) -> None:
    card = action.card
    i = game.discards.index(card)
    last = game.discards[-1]  # the freshest discard, always taken
    taken = game.discards[i:]
    del game.discards[i:]
    game.hands[seat] |= mask_of(taken)
    game.picked = (len(taken), card)
    game.table_changes += 1
    if isinstance(action, act.Pick):
        game.hands[seat] &= ~mask_of(action.meld)
        game.melds.append(game.new_meld(seat, action.meld))
        meld_mask = game.melds[-1].mask
        note_meld(game, seat, action.meld, picked=True)
    else:
        game.hands[seat] &= ~(1 << card)
        game.melds[action.target].add(card, seat, action.low)
        game.layoffs[seat] += 1
        meld_mask = 0  # a pick-up laid off feeds nobody (§12, §14.4)
        note_layoff(game, seat, card, action.target, picked=True)
    game.born[seat] = True  # เกิด
    if not game.stock:
        game.stock_out_turn = True
        if game.move_rules.stock_out_pickup == "knock_only":
            game.must_knock = True  # §9: the turn must end in a knock
    game.phase = PLAY
    charge_pickup(game, seat, card, last, meld_mask)


def _discard(game: DummyRound, seat: int, card: int) -> None:
    hand = game.hands[seat] & ~(1 << card)
    game.hands[seat] = hand
    if hand == 0:
        game.out_card = card
        game.went_out = seat
        game.dark_knock = not game.born_at_start
        finish(game, "knock")
        return
    charge_discard(game, seat, card)  # §12 penalties (never on a knock card)
    game.discards.append(card)
    game.discarder[card] = seat
    game.last_discard = (seat, card)
    game.first_turn = False
    if game.stock_out_turn:
        # §14.2 stock_out_pickup "any": a discard that is not a knock ends the round
        finish(game, "stock_out")
        return
    game.seat = game.next_seat(seat)
    start_turn(game)


def start_turn(game: DummyRound) -> None:
    seat = game.seat
    game.phase = TAKE
    game.turn_start = len(game.history)
    game.born_at_start = game.born[seat]
    game.must_knock = False
    game.stock_out_turn = False
    game.picked = None
    if game.feeds:
        # "before your next turn": the discarder's own turn makes them safe
        game.feeds = [f for f in game.feeds if f.discarder != seat]
    if game.stock:
        return
    if not stock_out_picks(game):
        # §9: no pickup can lead to a knock (§14.2 "any": no pick-up at all);
        # the round ends by itself
        finish(game, "stock_out")


def finish(game: DummyRound, how: str) -> None:
    game.end = how
    game.end_seat = game.seat
    game.phase = OVER
    game._legal_cache = None
    if how != "knock":
        return  # no knocker: nobody is fooled (§9)
    # a knock after a pick-up with the stock empty is an ordinary knock (§9)
    seat = fooled(game)
    if seat is not None:
        game.fool = seat  # โง่
        if game.rules.fool_penalty and game.move_rules.scoring == "points":
            card = game.last_discard[1] if game.last_discard else -1
            game.penalty_items.append(Penalty(seat, "fool_penalty", game.rules.fool_penalty, card))


def fooled(game: DummyRound) -> int | None:
    """The seat the knock fools (§9, §14.4 ``fool_rule``), or None."""
    if game.picked is None or game.last_discard is None:
        return None
    count, card = game.picked
    prev_seat, prev_card = game.last_discard
    if prev_seat != game.previous_seat(game.seat):
        return None
    if game.rules.fool_rule == "took_discard" or (count == 1 and card == prev_card):
        return prev_seat
    return None
