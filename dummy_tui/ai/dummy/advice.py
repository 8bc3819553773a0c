"""What a discard gives away, as the ``normal`` player reads one seat's own view.

The coach at the table and the hint ask this before a discard: every card of
the hand is judged from the seat's :class:`DummyView` alone (through
:class:`Knowledge`, never the hidden cards), by facts a player can check on
the table, each with a level:

* ``BAD``: a spe-to (whoever picks it up scores it, and it stays in the row
  for every later pick-up), a card a house penalty charges at once (§12: it
  fits a meld on the table, or makes a meld with cards of the row), a card
  the next player can surely pick up (it melds with cards of the row and
  cards that player picked up earlier, or lays off onto a meld when
  ``pickup_to_layoff`` lets a born player do so);
* ``RISKY``: a card the next player needs one unseen card to pick up (it
  melds with a card of the row or a card that player holds); ``BAD`` when
  that player is down to three cards or fewer, since the pick-up may be the
  knock (and the discarder fooled, §9);
* ``SAFE``: nothing of the above.

On the stock's last turns (nothing held can be laid later: every card kept is
charged) a spe-to is not ``BAD`` by itself.  Each card also carries the
``normal`` player's value of discarding it (:meth:`Evaluator.keep` of the
hand left, less :meth:`DangerJudge.cost`): among the discards of one level,
the coach and the hint prefer the best valued one.
"""

from __future__ import annotations

from typing import Final

from dummy_tui.ai.advice import BAD, RISKY, SAFE, DiscardRisk, breaking
from dummy_tui.ai.dummy.evaluator import Evaluator
from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.ai.dummy.plans import meld_cards
from dummy_tui.ai.dummy.weights import NORMAL
from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.families.dummy import DummyView
from dummy_tui.engine.melds import melds_with

NEAR_KNOCK: Final = 3
"""A next player with this many cards or fewer may knock after a pick-up."""


def discard_risks(view: DummyView) -> dict[int, DiscardRisk]:
    """Every card of the seat's hand, judged as a discard now (see the module).

    The reasons, worst first: ``speto``, ``penalty_layoff``,
    ``penalty_row_meld``, ``feeds_layoff``, ``feeds_sure``, ``feeds`` and,
    with a feed, ``knock`` (the next player is close to knocking) and
    ``penalty_picked`` (§14.4: a pick-up of it is charged to the discarder);
    ``breaks_meld`` for a card of a meld in hand (:func:`~dummy_tui.ai.advice.breaking`).
    """
    knowledge = Knowledge.from_view(view)
    ev = Evaluator(knowledge, NORMAL)
    situation = ev.situation
    rules = knowledge.rules
    opponents = knowledge.opponents()
    nxt = opponents[0] if opponents else knowledge.seat
    row = situation.row_mask
    held = knowledge.known[nxt] if nxt != knowledge.seat else 0
    sure = row | held
    born = knowledge.born[knowledge.seat]
    fits_next = ev.danger.fit_mask(nxt) if rules.pickup_to_layoff and knowledge.born[nxt] else 0
    near_knock = nxt != knowledge.seat and knowledge.hand_counts[nxt] <= NEAR_KNOCK
    melded = meld_cards(knowledge.hand, situation.ace_low_runs)
    out: dict[int, DiscardRisk] = {}
    for card in cards_of(knowledge.hand):
        reasons: list[str] = []
        level = SAFE
        if knowledge.speto >> card & 1 and not situation.last_turn:
            reasons.append("speto")
            level = BAD
        if rules.penalty_discard_layoff and ev.danger.fit_mask(knowledge.seat) >> card & 1:
            reasons.append("penalty_layoff")
            level = BAD
        if rules.penalty_discard_row_meld and ev.danger.row_meld(card):
            reasons.append("penalty_row_meld")
            level = BAD
        partners = 0
        needs = 0
        feeds_sure = bool(fits_next >> card & 1)
        if feeds_sure:
            reasons.append("feeds_layoff")
        for x, y in situation.pairs[card]:
            if row & x and row & y:
                continue  # three cards of the row make no pick-up: one must come from a hand
            if sure & x and sure & y:
                feeds_sure = True
                partners |= x | y
            elif sure & x and knowledge.unseen & y:
                partners |= x
                needs |= y
            elif sure & y and knowledge.unseen & x:
                partners |= y
                needs |= x
        if feeds_sure and "feeds_layoff" not in reasons:
            reasons.append("feeds_sure")
        if feeds_sure:
            level = BAD
        elif needs:
            reasons.append("feeds")
            level = max(level, BAD if near_knock else RISKY)
        if (feeds_sure or needs) and near_knock:
            reasons.append("knock")
        if (feeds_sure or needs) and rules.penalty_discard_picked:
            reasons.append("penalty_picked")
        rest = knowledge.hand & ~(1 << card)
        keeps, waits = _waiting(ev, rest)
        out[card] = DiscardRisk(
            card,
            level,
            tuple(reasons),
            tuple(cards_of(partners)),
            tuple(cards_of(needs)),
            nxt,
            ev.keep(rest, born) - ev.danger.cost(card),
            keeps,
            waits,
            bool(melded >> card & 1),
        )
    hand, low = knowledge.hand, situation.ace_low_runs
    return breaking(out, {m for c in cards_of(hand & melded) for m in melds_with(c, hand, low)})


def _waiting(ev: Evaluator, hand: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The two cards of ``hand`` (in no meld of it) worth the most points that
    wait for a third to make a meld, and the cards still live (unseen, or in
    the row) that would make it; ((), ()) when no two cards wait together."""
    situation = ev.situation
    live = situation.knowledge.unseen | situation.row_mask
    loose = hand & ~meld_cards(hand, situation.ace_low_runs)
    best_points = -1
    first = second = 0
    for c in cards_of(loose):
        for x, y in situation.pairs[c]:
            for held, wanted in ((x, y), (y, x)):
                if loose & held and live & wanted:
                    other = held.bit_length() - 1
                    points = situation.points[c] + situation.points[other]
                    if points > best_points:
                        best_points = points
                        first, second = min(c, other), max(c, other)
    if best_points < 0:
        return (), ()
    pair = (1 << first) | (1 << second)
    waits = 0
    for x, y in situation.pairs[first]:
        if pair & x and live & y:
            waits |= y
        elif pair & y and live & x:
            waits |= x
    return (first, second), tuple(cards_of(waits))
