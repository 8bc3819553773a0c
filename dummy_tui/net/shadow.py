"""A round a player's terminal can play on, made from that seat's view alone.

The table screen works on a round: the legal moves, the refusals, the coach.
A player at a hosted table knows only their view, so their terminal builds a
*shadow* round: the public state and their own hand as they are, the cards
they cannot see (the other hands, the stock, the burned cards) filled with the
unseen cards in deck order.  Those filler cards are never shown: the screen
shows the other seats only as counts, and the round's end is shown from the
finished round the host sends whole.  Every move is checked again by the host
on the real round.

Every family's round is rebuilt from a view
(:meth:`~dummy_tui.engine.round.Round.from_view`), so a table of any family
can be hosted.
"""

from __future__ import annotations

from typing import Any

from dummy_tui.engine.families import round_type
from dummy_tui.engine.round import Round
from dummy_tui.engine.view import PlayerView


def shadow_round(view: PlayerView) -> Round[Any]:
    """A round in the state ``view`` shows, the hidden cards filled in (see the module)."""
    cls = round_type(view.rules)
    seen = set(view.hand) | set(view.discards)
    for meld in view.melds:
        seen.update(meld.cards)
    unseen = [c for c in range(view.rules.deck_size()) if c not in seen]
    burned_count = int(getattr(view, "burned_count", 0))
    hidden = sum(n for s, n in enumerate(view.hand_counts) if s != view.seat)
    if len(unseen) != hidden + view.stock_count + burned_count:
        raise ValueError("the view's cards do not add up to the deck")
    hands: list[int] = []
    at = 0
    for seat, count in enumerate(view.hand_counts):
        if seat == view.seat:
            cards = list(view.hand)
        else:
            cards, at = unseen[at : at + count], at + count
        mask = 0
        for c in cards:
            mask |= 1 << c
        hands.append(mask)
    stock = unseen[at : at + view.stock_count]
    burned = unseen[at + view.stock_count :]
    game: Round[Any] = cls.from_view(view, hands, stock, burned)
    return game
