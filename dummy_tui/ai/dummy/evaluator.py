"""The ``normal`` player's evaluator: what a hand held and a whole turn are worth.

:class:`Evaluator` joins the knocks (:mod:`.knocks`) and the danger of
discards (:mod:`.danger`) on the state of :mod:`.evaluator_base`, and values
the cards held at the end of a turn: charged by how likely the round ends
before they can be laid (twice over while not born, since then the player
would fall — ตกตึก), the chances the pairs have of becoming melds, and the
melds kept in hand (worth more than their points while the round is young:
hidden, they give nobody a layoff and keep a dark knock open).  From those it
finds the best discard and the value of the rest of a turn after taking.
"""

from __future__ import annotations

from dummy_tui.ai.dummy.danger import DangerJudge
from dummy_tui.ai.dummy.evaluator_base import RANK_OTHERS
from dummy_tui.ai.dummy.knocks import KnockJudge
from dummy_tui.ai.dummy.plans import best_lay, meld_cards, table_pieces
from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.melds import TableMeld


class Evaluator(KnockJudge, DangerJudge):
    """Scores plans for one seat at one decision (caches per decision)."""

    # -- holding cards ------------------------------------------------------

    def keep(self, hand: int, born: bool) -> float:
        """Value of ending the turn holding ``hand`` (usually negative)."""
        key = hand << 1 | born
        hit = self._keep.get(key)
        if hit is not None:
            return hit
        t0, t1, t2, t3 = self.suit_points
        charge = self.stuck if born else self.stuck * self.fall
        melded = 0
        if not born or self.w.hold_back:
            _, melded = best_lay(hand, {}, self.weight16, self._meld_memo, self.lay_rules)
        dead = hand & ~melded
        value = -charge * (
            t0[dead & 8191] + t1[dead >> 13 & 8191] + t2[dead >> 26 & 8191] + t3[dead >> 39]
        )
        if melded:
            held = (
                t0[melded & 8191]
                + t1[melded >> 13 & 8191]
                + t2[melded >> 26 & 8191]
                + t3[melded >> 39]
            )
            value += (self.hold_chance * (1.0 + charge) - charge * self.w.melded_unborn) * held
        # pairs that may still become melds
        chance = self.out_chance
        if chance > 0.0:
            # cards of ``dead`` with another card of the hand near them
            h = hand
            spread = h << 1 | h >> 1 | h << 2 | h >> 2 | h << 13 | h >> 13
            if self.both:  # an ace and the 2 or 3 of its suit
                spread |= h << 11 | h >> 11 | h << 12 | h >> 12
            near = dead & (spread | h << 26 | h >> 26 | h << 39 | h >> 39)
            if near:
                value = self._add_outs(value, hand, near, chance, 1.0 + charge)
        value -= self.w.card_cost * hand.bit_count()
        if self.money and hand & self.k.speto:
            # อมสเปโต: a spe-to still held when the round ends pays one to each other player
            value -= charge * self.charge(1) * (hand & self.k.speto).bit_count()
        self._keep[key] = value
        return value

    def _add_outs(self, value: float, hand: int, near: int, chance: float, scale: float) -> float:
        """``value`` plus the points of the cards of ``near``, each weighed by its
        chance to become a meld (at most 0.6) and by ``scale``."""
        pts = self.pts
        live = self.live_mask
        # the pairs of the card's rank with one card held and the other live:
        # (held of the rank) x (live of it), less the k cards both held and
        # live, each counted with itself and each pair of them counted twice
        both = hand & live
        while near:
            low = near & -near
            near ^= low
            c = low.bit_length() - 1
            others = RANK_OTHERS[c]
            outs = (hand & others).bit_count() * (live & others).bit_count()
            if both & others:
                k = (both & others).bit_count()
                outs -= k * (k + 1) // 2
            for x, y in self.run_bits[c]:
                if (hand & x and live & y) or (hand & y and live & x):
                    outs += 1
            if outs:
                odds = outs * chance
                value += (odds if odds < 0.6 else 0.6) * scale * pts[c]
        return value

    # -- the best discard -----------------------------------------------------

    def best_discard(self, hand: int, born: bool) -> tuple[float, int]:
        """(value, card): the discard that leaves the best hand for the least risk."""
        best: tuple[float, int] | None = None
        for c in cards_of(hand):
            v = self.keep(hand & ~(1 << c), born) - self.danger(c)
            if best is None or v > best[0]:
                best = (v, c)
        assert best is not None
        return best

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
        pieces = table_pieces(melds, self.seat, self.chain, hand)
        play = self.k.rules.unborn_play
        if born or play != "never":  # §14.1 "never": nothing from hand before a pick-up
            knock = self.knock_value(hand, pieces, dark_possible, melds, picked)
            if knock is not None:
                return knock[0]
        if not born and play == "free":
            # §14.1 "free": lay from hand while not born (a meld makes one born), or hold
            held, _ = self.best_discard(hand, False)
            laid_points, laid = self.lay(hand, melds, True)
            if laid:
                rest = hand & ~laid
                now_born = meld_cards(laid, self.both) != 0
                value, _ = self.best_discard(rest, now_born)
                return max(held, laid_points + value)
            return held
        laid_points, laid = self.lay(hand, melds, born)
        rest = hand & ~laid
        value, _ = self.best_discard(rest, born)
        return laid_points + value

    def lays_unborn(self, hand: int) -> bool:
        """With ``unborn_play = "free"``: is laying down now worth more than holding?"""
        k = self.k
        held, _ = self.best_discard(hand, False)
        laid_points, laid = self.lay(hand, k.melds, True)
        if not laid:
            return False
        value, _ = self.best_discard(hand & ~laid, meld_cards(laid, self.both) != 0)
        return laid_points + value > held
