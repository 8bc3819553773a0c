"""What a discard gives the opponent in gin, as the ``normal`` player reads the
seat's own view: the cards it took from the pile and still holds (a meld with
two of them is sure, with one of them needs an unseen card), and the value of
the hand left (:meth:`GinEvaluator.discard_cost`)."""

from __future__ import annotations

from dummy_tui.ai.advice import DiscardRisk, breaking, feed_of, judged
from dummy_tui.ai.gin.players import NORMAL, GinEvaluator, read_view
from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.families.gin import GinView
from dummy_tui.engine.melds import melds_in_low
from dummy_tui.engine.relations import PARTNERS_LOW
from dummy_tui.rules.schema import GinRules


def discard_risks(view: GinView) -> dict[int, DiscardRisk]:
    """Every card of the seat's hand judged as a discard now."""
    knowledge = read_view(view)
    assert isinstance(view.rules, GinRules)
    ev = GinEvaluator(knowledge, NORMAL, int(view.rules.knock_limit))
    opponent = 1 - view.seat
    melds = melds_in_low(knowledge.hand)
    melded = 0
    for meld in melds:
        melded |= meld
    risks = {
        card: judged(
            card,
            opponent,
            False,
            feed_of(PARTNERS_LOW[card], knowledge.opp_known, knowledge.unseen),
            -ev.discard_cost(knowledge.hand, card),
            bool(melded >> card & 1),
        )
        for card in cards_of(knowledge.hand)
    }
    return breaking(risks, melds)
