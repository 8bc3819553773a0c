"""The ``normal`` player's evaluator: what a hand held and a whole turn are worth.

:class:`Evaluator` holds the situation of one decision (:mod:`.situation`)
and the judges that read it, of the knocks (:mod:`.knocks`) and of the danger
of discards (:mod:`.danger`), and values
the cards held at the end of a turn: charged by how likely the round ends
before they can be laid (twice over while not born, since then the player
would fall — ตกตึก), the chances the pairs have of becoming melds, and the
melds kept in hand (worth more than their points while the round is young:
hidden, they give nobody a layoff and keep a dark knock open).  From those it
finds the best discard and the value of the rest of a turn after taking.
"""

from __future__ import annotations

from typing import Final

from dummy_tui.ai.dummy.danger import DangerJudge
from dummy_tui.ai.dummy.knocks import KnockJudge
from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.ai.dummy.plans import meld_cards, melded_cards, table_pieces
from dummy_tui.ai.dummy.situation import RANK_OTHERS, Situation
from dummy_tui.ai.dummy.weights import Weights
from dummy_tui.engine.cards import cards_of, mask_of
from dummy_tui.engine.melds import TableMeld, meldable

# per card, the cards whose presence in a hand makes it *near* for :meth:`Evaluator.keep`
# (one or two places either way in the 52-card order, or 13, 26 or 39 places: the
# shifts keep reads nearness with; ``_BOTH``: 11 and 12 places too, an ace and the
# 2 or 3 of its suit)
NEIGHBOURS: Final[list[int]] = [
    mask_of(x + d for d in (-39, -26, -13, -2, -1, 1, 2, 13, 26, 39) if 0 <= x + d < 52)
    for x in range(52)
]
NEIGHBOURS_BOTH: Final[list[int]] = [
    NEIGHBOURS[x] | mask_of(x + d for d in (-12, -11, 11, 12) if 0 <= x + d < 52) for x in range(52)
]

# what :meth:`Evaluator._shared` finds: the charge per point, the dead cards'
# points, the melds' term (None: no melds), and per near card (x, its term, the
# cards its nearness or term depends on, the cards that make it near)
_Shared = tuple[float, int, float | None, list[tuple[int, float, int, int]]]


class Evaluator:
    """Scores plans for one seat at one decision (caches per decision): the
    ``situation``, its judges of the ``danger`` of discards and of the
    ``knocks``, and the value of the cards held and of a whole turn."""

    def __init__(self, knowledge: Knowledge, weights: Weights) -> None:
        situation = Situation(knowledge, weights)
        self.situation = situation
        self.danger = DangerJudge(situation)
        self.knocks = KnockJudge(situation)
        self._keep: dict[int, float] = {}  # by hand << 1 | born
        self._outs: dict[int, float] = {}  # keep's terms of the outs, by cards and born

    # -- holding cards ------------------------------------------------------

    def keep(self, hand: int, born: bool) -> float:
        """Value of ending the turn holding ``hand`` (usually negative)."""
        hit = self._keep.get(hand << 1 | born)
        if hit is not None:
            return hit
        melded = 0
        situation = self.situation
        if not born or situation.weights.hold_back:
            melded = melded_cards(hand, situation.tables, situation.lay_rules)
        return self._held(hand, born, melded)

    def _held(self, hand: int, born: bool, melded: int) -> float:
        """:meth:`keep` of ``hand``, whose melds hold the cards ``melded`` (the
        melds :meth:`keep` counts), computed and cached."""
        situation = self.situation
        t0, t1, t2, t3 = situation.suit_points
        charge = situation.stuck if born else situation.stuck * situation.fall
        dead = hand & ~melded
        value = -charge * (
            t0[dead & 8191] + t1[dead >> 13 & 8191] + t2[dead >> 26 & 8191] + t3[dead >> 39]
        )
        if melded:
            value += self._melds_term(melded, charge)
        # pairs that may still become melds
        if situation.out_chance > 0.0:
            # cards of ``dead`` with another card of the hand near them
            h = hand
            spread = h << 1 | h >> 1 | h << 2 | h >> 2 | h << 13 | h >> 13
            if situation.ace_low_runs:  # an ace and the 2 or 3 of its suit
                spread |= h << 11 | h >> 11 | h << 12 | h >> 12
            near = dead & (spread | h << 26 | h >> 26 | h << 39 | h >> 39)
            # each card's term (see :meth:`_out_term`) depends on the hand's cards
            # that could meld with it alone: memoized by those, added in card order
            terms = self._outs
            around = situation.out_cards
            while near:
                low = near & -near
                near ^= low
                c = low.bit_length() - 1
                tkey = (hand & around[c]) << 7 | c << 1 | born
                term = terms.get(tkey)
                if term is None:
                    term = terms[tkey] = self._out_term(hand, c, 1.0 + charge)
                if term:
                    value += term
        return self._kept(hand, born, value, charge)

    def _out_term(self, hand: int, c: int, scale: float) -> float:
        """The points of card ``c`` weighed by its chance to become a meld with the
        cards of ``hand`` (at most 0.6) and by ``scale``; 0.0 when it has no out."""
        situation = self.situation
        live = situation.live_mask
        # the pairs of the card's rank with one card held and the other live:
        # (held of the rank) x (live of it), less the n cards both held and
        # live, each counted with itself and each pair of them counted twice
        others = RANK_OTHERS[c]
        outs = (hand & others).bit_count() * (live & others).bit_count()
        held_and_live = hand & live & others
        if held_and_live:
            n = held_and_live.bit_count()
            outs -= n * (n + 1) // 2
        for x, y in situation.run_bits[c]:
            if (hand & x and live & y) or (hand & y and live & x):
                outs += 1
        if not outs:
            return 0.0
        odds = outs * situation.out_chance
        return (odds if odds < 0.6 else 0.6) * scale * situation.points[c]

    # -- the best discard -----------------------------------------------------

    def best_discard(self, hand: int, born: bool) -> tuple[float, int]:
        """(value, card): the discard that leaves the best hand for the least risk."""
        # :meth:`keep` and :meth:`DangerJudge.cost` written out over the cards: most
        # hands without one card have the melds of the whole hand, found once
        situation = self.situation
        tables = situation.tables
        kept = self._keep
        danger = self.danger
        dangers = danger.costs
        lay = situation.lay_rules
        melds = not born or situation.weights.hold_back
        in_melds = meldable(hand, lay is not None and lay.ace_low_runs) if melds else 0
        whole = melded_cards(hand, tables, lay) if in_melds else 0
        shared: _Shared | None = None
        best: tuple[float, int] | None = None
        rest = hand
        while rest:
            low = rest & -rest
            rest ^= low
            c = low.bit_length() - 1
            left = hand ^ low
            v = kept.get(left << 1 | born)
            if v is None:
                if in_melds & low:
                    v = self._held(left, born, melded_cards(left, tables, lay))
                else:
                    # a card in no meld of the hand leaves the hand's melds as they are
                    if shared is None:
                        shared = self._shared(hand, born, whole)
                    v = self._held_without(shared, left, c, born)
            d = dangers.get(c)
            v -= danger.cost(c) if d is None else d
            if best is None or v > best[0]:
                best = (v, c)
        assert best is not None
        return best

    def _melds_term(self, melded: int, charge: float) -> float:
        """The term of :meth:`_held` for the cards ``melded`` (not 0): their points,
        held with the chance of keeping them, charged as cards of no meld else."""
        situation = self.situation
        t0, t1, t2, t3 = situation.suit_points
        held = (
            t0[melded & 8191] + t1[melded >> 13 & 8191] + t2[melded >> 26 & 8191] + t3[melded >> 39]
        )
        unborn = situation.weights.melded_unborn
        return (situation.hold_chance * (1.0 + charge) - charge * unborn) * held

    def _shared(self, hand: int, born: bool, melded: int) -> _Shared:
        """What :meth:`_held` computes for ``hand`` (its melds ``melded``) that
        stays the same without one card of no meld: the dead cards' points, the
        melds' term, and each near card with its term and the cards it depends on."""
        situation = self.situation
        t0, t1, t2, t3 = situation.suit_points
        charge = situation.stuck if born else situation.stuck * situation.fall
        dead = hand & ~melded
        points = t0[dead & 8191] + t1[dead >> 13 & 8191] + t2[dead >> 26 & 8191] + t3[dead >> 39]
        melds_term = None
        if melded:
            melds_term = self._melds_term(melded, charge)
        near_terms: list[tuple[int, float, int, int]] = []
        if situation.out_chance > 0.0:
            neighbours = NEIGHBOURS_BOTH if situation.ace_low_runs else NEIGHBOURS
            around = situation.out_cards
            terms = self._outs
            for x in cards_of(dead):
                if not hand & neighbours[x]:
                    continue
                tkey = (hand & around[x]) << 7 | x << 1 | born
                term = terms.get(tkey)
                if term is None:
                    term = terms[tkey] = self._out_term(hand, x, 1.0 + charge)
                near_terms.append((x, term, neighbours[x] | around[x], neighbours[x]))
        return charge, points, melds_term, near_terms

    def _held_without(self, shared: _Shared, hand: int, card: int, born: bool) -> float:
        """:meth:`_held` of ``hand``, the hand of ``shared`` without ``card`` (a card
        of no meld): the same sums in the same order, from the shared parts."""
        charge, points, melds_term, near_terms = shared
        situation = self.situation
        value = -charge * (points - situation.points[card])
        if melds_term is not None:
            value += melds_term
        bit = 1 << card
        terms = self._outs
        for x, term, depends, neighbours in near_terms:
            if x == card:
                continue
            if depends & bit:  # the card was a neighbour of x, or made one of its outs
                if not hand & neighbours:
                    continue
                tkey = (hand & situation.out_cards[x]) << 7 | x << 1 | born
                hit = terms.get(tkey)
                if hit is None:
                    hit = terms[tkey] = self._out_term(hand, x, 1.0 + charge)
                term = hit
            if term:
                value += term
        return self._kept(hand, born, value, charge)

    def _kept(self, hand: int, born: int, value: float, charge: float) -> float:
        """The end of a hand's keep value (both ways of reaching it): the cost of
        each card held, and in money scoring (อมสเปโต) a spe-to still held,
        which pays one to each other player when the round ends; remembered."""
        situation = self.situation
        value -= situation.weights.card_cost * hand.bit_count()
        speto = situation.knowledge.speto
        if situation.money and hand & speto:
            value -= charge * situation.charge(1) * (hand & speto).bit_count()
        self._keep[hand << 1 | born] = value
        return value

    # -- whole turns --------------------------------------------------------

    def turn_value(
        self,
        hand: int,
        melds: list[TableMeld],
        born: bool,
        dark_possible: bool,
        picked: int | None = None,
    ) -> float:
        """Value of the rest of a turn from ``hand`` after taking (``picked``: the card
        picked up, None after a draw)."""
        situation = self.situation
        pieces = table_pieces(melds, situation.seat, situation.chain, hand)
        play = situation.knowledge.rules.unborn_play
        if born or play != "never":  # §14.1 "never": nothing from hand before a pick-up
            knock = self.knocks.best(hand, pieces, dark_possible, melds, picked)
            if knock is not None:
                return knock[0]
        if not born and play == "free":
            # §14.1 "free": lay from hand while not born (a meld makes one born), or hold
            held, _ = self.best_discard(hand, False)
            laid_points, laid = situation.lay(hand, melds, True)
            if laid:
                rest = hand & ~laid
                now_born = meld_cards(laid, situation.ace_low_runs) != 0
                value, _ = self.best_discard(rest, now_born)
                return max(held, laid_points + value)
            return held
        laid_points, laid = situation.lay(hand, melds, born)
        rest = hand & ~laid
        value, _ = self.best_discard(rest, born)
        return laid_points + value

    def lays_unborn(self, hand: int) -> bool:
        """With ``unborn_play = "free"``: is laying down now worth more than holding?"""
        situation = self.situation
        held, _ = self.best_discard(hand, False)
        laid_points, laid = situation.lay(hand, situation.knowledge.melds, True)
        if not laid:
            return False
        value, _ = self.best_discard(hand & ~laid, meld_cards(laid, situation.ace_low_runs) != 0)
        return laid_points + value > held
