"""The cards that lay off onto the table's melds, found once while the table stands.

The play phase lists a layoff of each hand card that fits a meld, a pick-up
may be laid off (``pickup_to_layoff``), and a discard that fits is charged
(``penalty_discard_layoff``): each asks every meld.  Under the layoff chain
``"any"`` the answer is the same for every seat, so it is kept on the round
with the melds list it was made from, the number of its melds and the
round's count of the moves that changed the table (``table_changes``, which
:mod:`dummy_play` counts): a new list (a clone's, a round rebuilt from a
view), a new meld or a card laid off makes it be found again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.melds import TableMeld

if TYPE_CHECKING:
    from dummy_tui.engine.families.dummy import DummyRound

Fits = tuple[int, tuple[tuple[int, int], ...]]
"""Every card that fits some meld (one mask), and (target, the cards that fit it)
for each meld that takes any."""


def table_fits(game: DummyRound, seat: int) -> Fits:
    """What lays off onto the table's melds, laid by ``seat`` under the layoff chain
    rule in force (the layoff limit aside)."""
    melds = game.melds
    chain = game.move_rules.layoff_chain
    if chain != "any":
        return _fits(melds, seat, chain)
    kept = game._table_fits
    if (
        kept is not None
        and kept[0] is melds
        and kept[1] == len(melds)
        and kept[2] == game.table_changes
    ):
        return kept[3]
    found = _fits(melds, seat, chain)
    game._table_fits = (melds, len(melds), game.table_changes, found)
    return found


def _fits(melds: list[TableMeld], seat: int, chain: str) -> Fits:
    union = 0
    each = []
    for j, meld in enumerate(melds):
        fit = meld.fit_mask(seat, "any")
        if chain != "any":  # of the cards that fit, those the chain rule lets seat lay
            fit = sum(1 << c for c in cards_of(fit) if meld.fits(c, seat, chain))
        if fit:
            each.append((j, fit))
            union |= fit
    return union, tuple(each)
