"""Dummy's penalties as play goes (§12, §14.4) and what money scoring pays for (§14.6).

Each function is called by :class:`~dummy_tui.engine.families.dummy.DummyRound`
right after the move it judges, and writes :class:`Penalty` charges and
:class:`Bonus` events on the round; scoring adds them up at the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dummy_tui.engine.families.dummy_scoring import Bonus, Feed, Penalty, near, row_meld
from dummy_tui.engine.melds import SET, TableMeld
from dummy_tui.engine.relations import near_masks

if TYPE_CHECKING:
    from dummy_tui.engine.families.dummy import DummyRound


def charge_discard(game: DummyRound, seat: int, card: int) -> None:
    """The penalties of a discard (before it joins the row): charged at once, or kept
    as feeds that a pick-up before the discarder's next turn may charge (§12)."""
    house = game.move_rules
    if house.penalty_discard_layoff or house.penalty_discard_row_meld:
        _charge_at_once(game, seat, card)
    if house.feed_rule != "near" or not (house.penalty_feed_head or house.penalty_feed_speto):
        return  # "fresh" is judged at the pick-up alone; or there is no feed penalty
    both = game.both
    if house.penalty_feed_head and game.head_in_row and near(card, game.head, both):
        game.feeds.append(Feed(seat, "penalty_feed_head", (1 << card) | (1 << game.head), card))
    if house.penalty_feed_speto:
        speto = game.speto_mask
        # the row's cards near the discard (nearness goes both ways): the spe-to
        # cards among them, or all of them when the discard is a spe-to (the
        # reverse: a spe-to discarded beside a near card lying in the row)
        close = near_masks(both)[card]
        if not speto >> card & 1:
            close &= speto
        if not close:
            return
        for other in game.discards:
            if close >> other & 1:
                game.feeds.append(
                    Feed(seat, "penalty_feed_speto", (1 << card) | (1 << other), card)
                )


def _charge_at_once(game: DummyRound, seat: int, card: int) -> None:
    """The discard penalties charged as the card is discarded (§12, §14.4)."""
    house = game.move_rules
    charges: list[Penalty] = []
    if house.penalty_discard_layoff and game.fits_any(card, seat):
        charges.append(Penalty(seat, "penalty_discard_layoff", house.penalty_discard_layoff, card))
    if house.penalty_discard_row_meld and row_meld(
        card, game.discards, game.both, house.row_meld_rule
    ):
        points = house.penalty_discard_row_meld
        charges.append(Penalty(seat, "penalty_discard_row_meld", points, card))
    if len(charges) == 2 and not house.discard_penalties_stack:
        charges = [max(charges, key=lambda p: p.points)]  # the larger only (§14.4)
    game.penalty_items.extend(charges)


def charge_pickup(game: DummyRound, seat: int, card: int, last: int, meld_mask: int) -> None:
    """The penalties a pick-up of ``card`` charges (``last``: the row's freshest card
    when it was made; ``meld_mask``: the meld laid with it, 0 for a layoff)."""
    house = game.move_rules
    if house.penalty_discard_picked:
        by = game.discarder[card]
        if by >= 0 and by != seat:  # the head card has no discarder
            game.penalty_items.append(
                Penalty(by, "penalty_discard_picked", house.penalty_discard_picked, card)
            )
    if house.feed_rule == "fresh":
        _fresh_feed(game, seat, last, meld_mask)
        return
    if game.feeds:
        charged = set()
        for f in game.feeds:
            if f.discarder != seat and f.pair & meld_mask == f.pair:
                key = (f.discarder, f.kind, f.card)
                if key not in charged:
                    charged.add(key)
                    points = getattr(house, f.kind)
                    game.penalty_items.append(Penalty(f.discarder, f.kind, points, f.card))
        if charged:
            game.feeds = [f for f in game.feeds if (f.discarder, f.kind, f.card) not in charged]


def _fresh_feed(game: DummyRound, seat: int, last: int, meld_mask: int) -> None:
    """§14.4 ``feed_rule = "fresh"`` (ปี้): the meld of the pick-up holds the card the
    previous player has just discarded; it holds the head card, a spe-to, or both."""
    if game.last_discard is None or not meld_mask >> last & 1:
        return
    prev, fresh = game.last_discard
    if fresh != last or prev != game.previous_seat(seat):
        return
    house = game.move_rules
    if house.penalty_feed_head and meld_mask >> game.head & 1:
        game.penalty_items.append(Penalty(prev, "penalty_feed_head", house.penalty_feed_head, last))
    if house.penalty_feed_speto and meld_mask & game.speto_mask:
        points = house.penalty_feed_speto
        game.penalty_items.append(Penalty(prev, "penalty_feed_speto", points, last))


def note_meld(game: DummyRound, seat: int, cards: tuple[int, ...], picked: bool = False) -> None:
    """A new meld: the head card laid by a pick-up (เกิดหัว), spe-to cards (เกิดสเปโต)."""
    if picked and game.head in cards:
        game.bonuses.append(Bonus("head", seat, None, game.head))
    for c in cards:
        if game.speto_mask >> c & 1:
            game.bonuses.append(Bonus("speto_meld", seat, None, c))


def note_layoff(game: DummyRound, seat: int, card: int, target: int, picked: bool = False) -> None:
    """A card laid off: the head card by a pick-up, and a spe-to (ฝากสเปโต, §14.4
    ``penalty_speto_laid_off``), which is charged to the player beside whom it lands."""
    if picked and card == game.head:
        game.bonuses.append(Bonus("head", seat, None, card))
    if not game.speto_mask >> card & 1:
        return
    meld = game.melds[target]
    if meld.owner == seat:
        game.bonuses.append(Bonus("speto_layoff", seat, None, card))
        return
    payer = layoff_payer(meld, card)
    if payer == seat:
        return
    game.bonuses.append(Bonus("speto_layoff", seat, payer, card))
    points = game.move_rules.penalty_speto_laid_off
    if points:
        game.penalty_items.append(Penalty(payer, "penalty_speto_laid_off", points, card))


def layoff_payer(meld: TableMeld, card: int) -> int:
    """Who a spe-to ``card`` just laid off onto ``meld`` is charged to (§14.4
    ``penalty_speto_laid_off``, §14.6 ฝากสเปโต): the owner of a set, or the player
    who laid the card of a run it now lies beside."""
    if meld.kind == SET:
        return meld.owner
    i = meld.cards.index(card)
    return meld.layers[1] if i == 0 else meld.layers[i - 1]
