"""What a discard gives the next player in basic rummy, as the ``normal`` player
reads the seat's own view: a card that fits a meld on the table (the next
player takes it and lays it off), a meld with cards that player took from the
pile, and the value of the hand left."""

from __future__ import annotations

from dummy_tui.ai.advice import DiscardRisk, breaking, feed_of, judged
from dummy_tui.ai.rummy.players import RummyPlayer
from dummy_tui.engine.families.rummy import RummyView
from dummy_tui.engine.melds import melds_in_low
from dummy_tui.engine.relations import PARTNERS_LOW


def discard_risks(view: RummyView) -> dict[int, DiscardRisk]:
    """Every card of the seat's hand judged as a discard now."""
    player = RummyPlayer("normal")
    known, unseen = player.known(view)
    nxt = (view.seat + view.direction) % view.players
    hand = view.hand_mask
    unseen_cards, plan = player.outlook(view, unseen)
    melds = melds_in_low(hand)
    melded = 0
    for meld in melds:
        melded |= meld
    out: dict[int, DiscardRisk] = {}
    for card in view.hand:
        value = -player.discard_cost(view, hand, card, known, unseen, unseen_cards, plan)
        layoff = any(m.fits(card, nxt) for m in view.melds)
        feed = feed_of(PARTNERS_LOW[card], known[nxt], unseen)
        out[card] = judged(card, nxt, layoff, feed, value, bool(melded >> card & 1))
    return breaking(out, melds)
