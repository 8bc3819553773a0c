"""Persian rummy players (``easy``, ``normal``, ``hard``): play with the partner.

Every card laid on the table scores for the team of the seat that laid it,
whoever owns the meld, and every card left in a hand counts against its
team.  So the players lay every meld and layoff they can (a set of four at
once before a set of three, since four laid together score double), go out
by melding or laying off the last card whenever they can, and pick a pile card
up when the meld it makes is worth more than the cards above it would cost.

The discard is the card the next two players can use least: ``normal`` and
``hard`` count a card as feeding an opponent when it extends a meld on the
table or melds with cards that opponent took from the pile, and keep cards
their partner has shown it wants for the partner (a discard the next opponent
passes over reaches the partner).  ``hard`` also values the cards above a pick
by the melds they make, and holds a joker pair for the third joker.
"""

from __future__ import annotations

import random

from dummy_tui.ai.base import leveled
from dummy_tui.engine import actions as act
from dummy_tui.engine.cards import CARDS_52, JOKER_BASE, JOKERS, rank_point_table
from dummy_tui.engine.families.persian import PersianView, fits, persian_melds
from dummy_tui.engine.relations import NEAR, PARTNERS
from dummy_tui.rules.schema import PersianRules

ALL = CARDS_52 | JOKERS


def point_table(view: PersianView) -> list[int]:
    """Points of every card, jokers included, under the view's rules."""
    rules = view.rules
    assert isinstance(rules, PersianRules)
    return rank_point_table(rules.rank_points, rules.joker_points)


class PersianPlayer:
    """Persian rummy at the ``easy``, ``normal`` or ``hard`` level."""

    def __init__(self, level: str, seed: int | None = None) -> None:
        self.level = level
        self.rng = random.Random(seed)
        self.points: list[int] = []  # of every card under the rules of the view being read

    # -- knowledge --------------------------------------------------------------

    def known(self, view: PersianView) -> tuple[list[int], list[int], int]:
        """Per seat: cards taken from the pile still held, cards thrown; the unseen cards."""
        held = [0] * view.players
        thrown = [0] * view.players
        pile: list[int] = [-1]  # the upcard, not named in the view once picked up
        for seat, action in view.history:
            if isinstance(action, act.Pick | act.PickLayoff):
                i = pile.index(action.card) if action.card in pile else 0
                for c in pile[i:]:
                    if c >= 0:
                        held[seat] |= 1 << c
                del pile[i:]
                played = action.meld if isinstance(action, act.Pick) else (action.card,)
                held[seat] &= ~sum(1 << c for c in played)
            elif isinstance(action, act.Meld):
                held[seat] &= ~sum(1 << c for c in action.cards)
            elif isinstance(action, act.LayOff):
                held[seat] &= ~(1 << action.card)
            elif isinstance(action, act.Discard):
                held[seat] &= ~(1 << action.card)
                thrown[seat] |= 1 << action.card
                pile.append(action.card)
        seen = view.hand_mask
        for c in view.discards:
            seen |= 1 << c
        for m in view.melds:
            seen |= m.mask
        for s in range(view.players):
            if s != view.seat:
                seen |= held[s]
        return held, thrown, ALL & ~seen

    # -- choosing -------------------------------------------------------------------

    def choose(self, view: PersianView, legal: list[act.Action]) -> act.Action:
        if len(legal) == 1:
            return legal[0]
        self.points = point_table(view)
        hand = view.hand_mask
        if view.phase == "take":
            return self._take(view, legal, hand)
        melds = [a for a in legal if isinstance(a, act.Meld)]
        layoffs = [a for a in legal if isinstance(a, act.LayOff)]
        plays: list[act.Action] = [*melds, *layoffs]
        if plays:
            return max(plays, key=lambda a: self._play_score(view, a, hand))
        discards: list[act.Action] = [a for a in legal if isinstance(a, act.Discard)]
        return self._discard(view, discards or legal, hand)

    def _play_score(self, view: PersianView, action: act.Action, hand: int) -> tuple[int, int, int]:
        if isinstance(action, act.Meld):
            cards = action.cards
            points = sum(self.points[c] for c in cards)
            four = len(cards) == 4 and cards[0] % 13 == cards[-1] % 13
            # going out beats everything; then sets of four at once, then points
            left = hand & ~sum(1 << c for c in cards)
            return (int(left == 0), int(four), points * (2 if four else 1))
        assert isinstance(action, act.LayOff)
        left = hand & ~(1 << action.card)
        return (int(left == 0), 0, self.points[action.card])

    def _pick_value(self, view: PersianView, action: act.Pick | act.PickLayoff, hand: int) -> float:
        """Points the pick-up lays now less the cost of the other cards it brings."""
        i = view.discards.index(action.card)
        extra = view.discards[i + 1 :]
        played = action.meld if isinstance(action, act.Pick) else (action.card,)
        laid = sum(self.points[c] for c in played)
        if isinstance(action, act.Pick) and len(played) == 4 and played[0] % 13 == played[-1] % 13:
            laid *= 2
        pool = hand
        for c in view.discards[i:]:
            pool |= 1 << c
        pool &= ~sum(1 << c for c in played)
        meldable = 0
        for m in persian_melds(pool):
            meldable |= m
        cost = 0.0
        for c in extra:
            points = self.points[c]
            if meldable >> c & 1:
                cost -= 0.6 * points if self.level == "hard" else 0.3 * points
            else:
                cost += 0.4 * points
        # cards of the hand that the pick-up uses leave the hand for the table
        return laid - cost

    def _take(self, view: PersianView, legal: list[act.Action], hand: int) -> act.Action:
        picks = [a for a in legal if isinstance(a, act.Pick | act.PickLayoff)]
        fallback: act.Action = act.DRAW if act.DRAW in legal else act.PASS
        if not picks:
            return fallback
        if self.level == "easy":
            shallow = [a for a in picks if view.discards.index(a.card) == len(view.discards) - 1]
            if shallow:
                return max(shallow, key=lambda a: self._pick_value(view, a, hand))
            return fallback
        best = max(picks, key=lambda a: (self._pick_value(view, a, hand), -a.card))
        value = self._pick_value(view, best, hand)
        threshold = 0.0 if isinstance(fallback, act.Pass) else 4.0
        if value > threshold:
            return best
        if isinstance(fallback, act.Draw) or not any(isinstance(a, act.Pass) for a in legal):
            return fallback
        return act.PASS

    def _discard(self, view: PersianView, discards: list[act.Action], hand: int) -> act.Action:
        cards = [a.card for a in discards if isinstance(a, act.Discard)]
        if not cards:
            return discards[0]
        if self.level == "easy":
            card = max(cards, key=lambda c: (self.points[c], self.rng.random()))
            return act.Discard(card)
        held, thrown, unseen = self.known(view)
        me = view.seat
        opps = [(me + 1) % view.players, (me + 3) % view.players]
        partner = (me + 2) % view.players

        def keep_value(c: int) -> float:
            """How much the card helps our hand: partial melds with live cards."""
            v = 0.0
            rest = hand & ~(1 << c)
            for a, b in PARTNERS[c]:
                have = (rest >> a & 1) + (rest >> b & 1)
                live = (unseen >> a & 1) + (unseen >> b & 1)
                if have == 2:
                    v += 3.0
                elif have == 1 and live == 1:
                    v += 1.0
            if self.level == "hard" and c >= JOKER_BASE and (hand >> JOKER_BASE).bit_count() >= 2:
                v += 4.0
            return v

        def danger(c: int) -> float:
            """Chance an opponent can use the card: a layoff, or a meld with what it holds."""
            d = 0.0
            for m in view.melds:
                for o in opps:
                    if fits(m, c, o):
                        return 1.0
            pool = max(1, unseen.bit_count())
            for o in opps:
                count = max(0, view.hand_counts[o] - held[o].bit_count())
                base = count / pool
                miss = 1.0
                for a, b in PARTNERS[c]:
                    pa = 1.0 if held[o] >> a & 1 else (base if unseen >> a & 1 else 0.0)
                    pb = 1.0 if held[o] >> b & 1 else (base if unseen >> b & 1 else 0.0)
                    miss *= 1.0 - pa * pb
                if thrown[o] & NEAR[c]:
                    miss = 1.0 - (1.0 - miss) * 0.6
                d = max(d, 1.0 - miss)
            return d

        def partner_wants(c: int) -> float:
            return 1.0 if held[partner] & NEAR[c] else 0.0

        def cost(c: int) -> tuple[float, int]:
            points = self.points[c]
            v = 2.0 * keep_value(c) + points * (1.2 * danger(c) - 0.1) - 2.0 * partner_wants(c)
            return (v, c)

        return act.Discard(min(cards, key=cost))


player = leveled("persian", PersianPlayer)
"""The ``level`` player (none of them thinks by the clock or by samples)."""


__all__ = ["PersianPlayer", "player"]
