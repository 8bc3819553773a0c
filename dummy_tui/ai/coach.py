"""The coach's judgement of Dummy moves, read from one seat's own view.

The coach at the table (and the hint) warns before a discard that is legal
but usually a mistake, says what a kept card waits for, and whether anyone
can use a card.  Everything here is worked out from a :class:`DummyView` —
the seat's own hand and what the whole table saw — through the ``normal``
player's :class:`~dummy_tui.ai.dummy.knowledge.Knowledge` and
:class:`~dummy_tui.ai.dummy.evaluator.Evaluator`, never from another hand
or the stock: the same view always gets the same advice, however the hidden
cards lie.

A discard is warned about (:class:`Warning`) when

- it is a spe-to (``speto``): whoever melds it scores its points;
- a house penalty charges it at once (``penalty_layoff``: it fits a meld on
  the table; ``penalty_row_meld``: it melds with cards of the row), or is
  likely to (``penalty_feed``: it feeds the head card or a spe-to in the row
  to a player who may hold the third card);
- the next player, close to knocking, may pick it up (``knock``): a knock
  with it fools the discarder;
- the next player can surely pick it up (``pickup``: it melds with cards of
  the row or that they are known to hold, or lays off onto the table where
  ``pickup_to_layoff`` lets them) or very likely can.

A discard with no warning is *safe*; the coach asks before a warned discard
only when a safe one exists.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dummy_tui.ai.dummy.evaluator import Evaluator
from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.ai.dummy.weights import NORMAL
from dummy_tui.engine.actions import Action, Discard
from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.families.dummy import DummyView
from dummy_tui.engine.melds import meldable

PICKUP_LIKELY = 0.5
"""The chance (as the evaluator reckons it) that the next player holds a pair
for the card, at and above which the coach warns of a pick-up."""
KNOCK_RISK = 0.25
"""The same chance, when the next player holds :data:`KNOCK_HAND` cards or
fewer: a pick-up may end in a knock that fools the discarder."""
KNOCK_HAND = 4
FEED_LIKELY = 0.3
"""The share of a feed penalty the evaluator expects to be charged, at and
above which the coach warns of it."""


@dataclass(frozen=True, slots=True)
class Warning:
    """One reason a discard is usually a mistake.

    ``kind`` is ``speto``, ``penalty_layoff``, ``penalty_row_meld``,
    ``penalty_feed``, ``knock`` or ``pickup``; ``seat`` the player it helps
    (the next player; -1: none in particular); ``cards`` the cards it melds
    with that the table has seen (``pickup``, ``knock``); ``amount`` the
    points (or units) at stake: the spe-to's points, the penalty, the fool's.
    """

    kind: str
    seat: int = -1
    cards: tuple[int, ...] = ()
    amount: int = 0


@dataclass(slots=True)
class Judgement:
    """The coach's word on each discard of one position."""

    warnings: dict[int, list[Warning]] = field(default_factory=dict)
    """The warned discards, each with its reasons, the gravest first."""
    safe: list[int] = field(default_factory=list)
    """The discards with no warning, in card order."""

    def asks(self, card: int) -> bool:
        """Would the coach ask before discarding ``card``: it is warned about,
        and another discard is safe."""
        return bool(self.warnings.get(card)) and bool(self.safe)


class DummyCoach:
    """The coach's judgement of one seat's position, from that seat's view."""

    def __init__(self, view: DummyView) -> None:
        self.view = view
        self.k = Knowledge.from_view(view)
        self.ev = Evaluator(self.k, NORMAL)
        self._next = self.k.opponents()[0] if view.players > 1 else view.seat

    # -- discards -------------------------------------------------------------

    def judge(self, cards: list[int]) -> Judgement:
        """The warnings on discarding each of ``cards``, and the safe ones."""
        out = Judgement()
        for card in cards:
            found = self.warnings(card)
            if found:
                out.warnings[card] = found
            else:
                out.safe.append(card)
        return out

    def warnings(self, card: int) -> list[Warning]:
        """Why discarding ``card`` now is usually a mistake (empty: it is not)."""
        k, ev = self.k, self.ev
        rules = k.rules
        found: list[Warning] = []
        if rules.penalty_discard_layoff and ev.fit_mask(k.seat) >> card & 1:
            found.append(Warning("penalty_layoff", amount=rules.penalty_discard_layoff))
        if rules.penalty_discard_row_meld and ev._row_meld(card):
            found.append(Warning("penalty_row_meld", amount=rules.penalty_discard_row_meld))
        feed = max(rules.penalty_feed_head, rules.penalty_feed_speto)
        if feed and ev._feed_penalties(card) >= FEED_LIKELY * ev.charge(feed):
            found.append(Warning("penalty_feed", amount=feed))
        chance, seen = self.pickup_chance(card)
        nxt = self._next
        if nxt != k.seat and k.hand_counts[nxt] <= KNOCK_HAND and chance >= KNOCK_RISK:
            found.append(Warning("knock", nxt, seen, rules.fool_penalty))
        elif nxt != k.seat and (chance >= PICKUP_LIKELY or len(seen) == 2):
            found.append(Warning("pickup", nxt, seen))
        if k.speto >> card & 1:
            found.append(Warning("speto", amount=k.points[card]))
        return found

    def pickup_chance(self, card: int) -> tuple[float, tuple[int, ...]]:
        """The chance the next player can pick ``card`` up at once (as the
        ``normal`` player reckons it), and the cards of its likeliest meld the
        table has seen (in the row, or known in that player's hand): two for a
        sure meld, one, or none; certain, with no cards, when the card lays
        off onto the table where ``pickup_to_layoff`` allows it."""
        k, ev = self.k, self.ev
        if self._next == k.seat:
            return 0.0, ()
        info = ev.opponent_info()[0]
        _, possible, sure, p, _, _ = info
        row = ev.row_mask
        chance = 0.0
        best = -1.0
        seen: tuple[int, ...] = ()
        for x, y in ev.pairs[card]:
            # three cards of the row make no pick-up alone
            if not (possible & x and possible & y) or (row & x and row & y):
                continue
            q = (1.0 if sure & x else p) * (1.0 if sure & y else p)
            chance += q
            if q > best:
                best = q
                seen = tuple(b.bit_length() - 1 for b in (x, y) if sure & b)
        o = self._next
        if k.rules.pickup_to_layoff and k.born[o] and ev.fit_mask(o) >> card & 1:
            return 1.0, ()
        return min(1.0, chance), seen

    def nobody_can_use(self, card: int) -> bool:
        """No other player can meld ``card`` or lay it off, whatever they hold."""
        k, ev = self.k, self.ev
        row = ev.row_mask
        live = k.unseen | row
        for o in k.opponents():
            live_o = live | k.known[o]
            for x, y in ev.pairs[card]:
                if live_o & x and live_o & y and not (row & x and row & y):
                    return False
            if k.born[o] and k.rules.pickup_to_layoff and ev.fit_mask(o) >> card & 1:
                return False
        return True

    def safest(self, cards: list[int]) -> int:
        """Of ``cards`` (discards), the one the ``normal`` player's evaluator
        likes best: the hand it leaves, less the danger of giving it away."""
        k, ev = self.k, self.ev
        born = k.born[k.seat]
        best: tuple[float, int] | None = None
        for card in sorted(cards):
            value = ev.keep(k.hand & ~(1 << card), born) - ev.danger(card)
            if best is None or value > best[0]:
                best = (value, card)
        assert best is not None
        return best[1]

    # -- what a hand waits for ----------------------------------------------

    def waits(self, hand: int) -> tuple[tuple[int, int], tuple[int, ...]] | None:
        """Two cards of ``hand`` in no meld of it, and the cards no one has
        seen yet or in the row that would make them a meld: the pair with the
        most such cards, what the hand waits for ("your 7♥ 9♥ wait for 8♥");
        None when no pair waits for anything."""
        k, ev = self.k, self.ev
        loose = hand & ~meldable(hand, k.both)
        live = k.unseen | ev.row_mask
        outs: dict[tuple[int, int], list[int]] = {}
        for z in cards_of(live):
            for x, y in ev.pairs[z]:
                if loose & x and loose & y:
                    a, b = sorted((x.bit_length() - 1, y.bit_length() - 1))
                    outs.setdefault((a, b), []).append(z)
        if not outs:
            return None
        pair, found = max(outs.items(), key=lambda item: (len(item[1]), item[0]))
        return pair, tuple(found)


def guarded(view: object, legal: list[Action], action: Action) -> Action:
    """``action`` (the hint's), unless it is a discard the coach would warn
    about while a safe one exists: then the safe discard the evaluator likes
    best.  Moves of other families are left as they are."""
    if not isinstance(view, DummyView) or not isinstance(action, Discard):
        return action
    discards = [a.card for a in legal if isinstance(a, Discard)]
    coach = DummyCoach(view)
    judgement = coach.judge(discards)
    if not judgement.asks(action.card):
        return action
    return Discard(coach.safest(judgement.safe))
