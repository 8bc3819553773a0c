"""What a discard gives the next player in Persian rummy (an opponent), as the
``normal`` player reads the seat's own view: a card that fits a meld on the
table, a meld with cards that player took from the pile, and the points the
discard may give away."""

from __future__ import annotations

from dummy_tui.ai.advice import DiscardRisk, feed_of, judged
from dummy_tui.ai.persian.players import PersianPlayer, point_table
from dummy_tui.engine.families.persian import PersianView, fits, persian_melds
from dummy_tui.engine.relations import PARTNERS


def discard_risks(view: PersianView) -> dict[int, DiscardRisk]:
    """Every card of the seat's hand judged as a discard now."""
    held, _, unseen = PersianPlayer("normal").known(view)
    nxt = (view.seat + view.direction) % view.players
    points = point_table(view)
    melded = 0
    for meld in persian_melds(view.hand_mask):
        melded |= meld
    out: dict[int, DiscardRisk] = {}
    for card in view.hand:
        layoff = any(fits(m, card, nxt) for m in view.melds)
        feed = feed_of(PARTNERS[card], held[nxt], unseen)
        used = layoff or feed[0]
        # the points it may hand over: all of them when surely used
        value = -float(points[card]) * (1.0 if used else 0.3 if feed[2] else 0.0)
        out[card] = judged(card, nxt, layoff, feed, value, bool(melded >> card & 1))
    return out
