"""Heuristic players: ``easy`` (a beginner) and ``normal`` (a solid player).

Both read a :class:`Knowledge` snapshot of one seat and never the full state.

``normal`` scores every way to take (draw, or each pick-up with its meld) by
playing the rest of the turn in its head: the points it lays down, the knock
if one is open, the cards it is left holding (charged by how likely the round
ends before it can lay them, twice over while it is not born, since then it
would fall — ตกตึก), the chances its pairs have of becoming melds, the melds
it keeps in hand (worth more than their points while the round is young:
hidden, they give nobody a layoff and keep a dark knock open, so heads-up it
often draws past a pick-up to stay unborn), and the risk and the penalties of
the discard that ends the turn.  A draw is scored as the average over cards
it has not seen.  Discards are judged by what they give the players after
it: the chance an opponent holds the cards to meld the discard (certain for
cards it is known to have picked up), the value of that meld to them (more
when they are not born or close to knocking, and a spe-to is worth 50), and
the house penalties in force.  A spe-to costs half its points more to throw:
it stays in the row for every later pick-up, so it is rarely thrown early.

The house rules of other tables (§14) change what it counts: runs ``A 2 3``
and an ace above a king at its worth, the knock as those rules score it (the
knock card's points, the bonus, the multiplier's scope, which cards make it
one-suit, the first-turn dark fool), every penalty in force, the show of both
spe-to cards, laying from hand while not born when ``unborn_play`` allows it,
and in money scoring units at ``unit_points`` points each: the losers' tiers
and the closing card for a knock, a unit to each other player for each
penalty charged, the spe-to held at the end and the head card picked up.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dummy_tui.ai.dummy.knowledge import Knowledge, Tracker
from dummy_tui.ai.dummy.plans import (
    Lay,
    Pieces,
    best_lay,
    knock_cards,
    lay_rules,
    mask_points,
    meld_cards,
    point_tables,
    table_pieces,
)
from dummy_tui.engine.actions import (
    DRAW,
    SHOW,
    Action,
    Discard,
    Draw,
    End,
    LayOff,
    Meld,
    Pick,
    PickLayoff,
)
from dummy_tui.engine.cards import cards_of, mask_of, rank_mask
from dummy_tui.engine.families.dummy import DummyView
from dummy_tui.engine.families.dummy_penalties import layoff_payer
from dummy_tui.engine.families.dummy_scoring import row_meld
from dummy_tui.engine.goout import can_go_out
from dummy_tui.engine.melds import RUN, TableMeld, meld_kind
from dummy_tui.engine.relations import PARTNERS, PARTNERS_BOTH, near_masks, partners

# ---------------------------------------------------------------------------
# Static card relations

# the pairs that make a three-card meld with each card (relations.PARTNERS), as
# bits; and the same pairs split: the other three cards of the rank (every two
# of them make a set with the card), and the run pairs as bits; the ``_BOTH``
# tables hold the ace-low runs too (ace_low_runs: A 2 3 as well as Q K A)
PAIR_BITS: list[list[tuple[int, int]]] = [
    [(1 << x, 1 << y) for x, y in PARTNERS[c]] for c in range(52)
]
PAIR_BITS_BOTH: list[list[tuple[int, int]]] = [
    [(1 << x, 1 << y) for x, y in PARTNERS_BOTH[c]] for c in range(52)
]
RANK_OTHERS: list[int] = [rank_mask(c % 13) & ~(1 << c) for c in range(52)]
RUN_BITS: list[list[tuple[int, int]]] = [
    [(x, y) for x, y in PAIR_BITS[c] if (x | y) & RANK_OTHERS[c] == 0] for c in range(52)
]
RUN_BITS_BOTH: list[list[tuple[int, int]]] = [
    [(x, y) for x, y in PAIR_BITS_BOTH[c] if (x | y) & RANK_OTHERS[c] == 0] for c in range(52)
]
ACES = sum(1 << (s * 13 + 12) for s in range(4))
NO_ACES = (0, 0, 0, 0)  # no ace counts more above a king


def for_table(values: tuple[float, ...], players: int) -> float:
    """The value for a table of ``players`` from one given for 2, 3, 4 players."""
    return values[min(max(players - 2, 0), len(values) - 1)]


# ---------------------------------------------------------------------------
# Tunable weights


@dataclass(frozen=True, slots=True)
class Weights:
    """The numbers behind a heuristic player's judgement."""

    stuck_base: float = 0.2  # share of hand points expected to be charged early on
    stuck_late: float = 0.65  # added as the stock runs out
    knock_near: float = 0.85  # stuck share when an opponent is close to knocking
    melded_unborn: float = 0.35  # share of a held (unborn) meld's points still at risk
    # worth of a meld kept in hand, as a share of its points early in the round,
    # for 2, 3 and 4 players: hidden, it gives nobody a layoff and keeps a dark
    # knock open; the fewer the players, the longer it can safely wait
    meld_hold: tuple[float, float, float] = (3.0, 1.5, 1.0)
    out_value: float = 0.6  # chance per out that a pair becomes a meld, early
    card_cost: float = 3.0  # each card held is a turn further from a knock
    born_bonus: float = 12.0  # being born: layoffs, melds, no fall
    knock_value: float = 60.0  # ending the round while the others still hold cards
    feed_gain: float = 18.0  # what a meld is worth to an opponent beyond the card
    feed_unborn: float = 25.0  # more when it makes them born
    feed_knock: float = 45.0  # more when they are close to knocking
    opponent_weights: tuple[float, ...] = (1.0, 0.6, 0.45)
    danger_scale: float = 0.6  # how much feeding the others weighs against our own hand
    draw_samples: int = 6
    # share of a spe-to's points given away by throwing it, beyond the chance
    # that an opponent holds a pair for it now: the row keeps the card for
    # every later pick-up, and half the spe-tos thrown were taken before the
    # thrower's next turn
    speto_throw: float = 0.5
    pick_bias: float = 0.0  # added to every pick-up: the row's cards are sure, the stock's are not
    # money scoring (§14.6): the points one unit is worth to the judgement, and
    # what being born is worth beyond that (a player not born pays tier 3)
    unit_points: float = 20.0
    born_units: float = 1.0
    # share of a penalty charged to an opponent that counts for us (points
    # scoring: a rival's loss is our gain only against that rival)
    rival_share: float = 0.3
    avoid_danger: bool = True
    hold_back: bool = True  # keep a cheap meld in hand early to pick up onto it
    endgame: bool = True  # the last turns: hold nothing back, fear only who can still take


NORMAL = Weights()


# ---------------------------------------------------------------------------
# The evaluator


class Evaluator:
    """Scores plans for one seat at one decision (caches per decision)."""

    def __init__(self, k: Knowledge, w: Weights) -> None:
        self.k = k
        self.w = w
        self.pts = k.points
        tables = point_tables(k.points)
        self.suit_points = tables.suits
        self.weight16 = tables.weight16
        self.seat = k.seat
        self.chain = k.rules.layoff_chain
        self.row_mask = mask_of(k.row)
        self.live_mask = k.unseen | self.row_mask
        self._danger: dict[int, float] = {}
        self._keep: dict[int, float] = {}  # by hand << 1 | born
        self._meld_memo: dict[int, tuple[int, int, int]] = {}
        self._opp_info: list[tuple[int, int, int, float, float, float]] | None = None
        self.opponents = k.opponents()
        stage = k.stage
        stuck = w.stuck_base + w.stuck_late * stage
        for o in k.opponents():
            if k.born[o] and k.hand_counts[o] <= 3:
                stuck = max(stuck, w.knock_near)
        self.stuck = min(1.0, stuck)
        self.out_chance = w.out_value * (1.0 - 0.7 * stage)
        self.hold_chance = for_table(w.meld_hold, k.players) * (1.0 - 0.7 * stage)
        # our draws still to come after this turn (if everyone draws)
        left = k.stock_count - (1 if k.phase == "take" else 0)
        self.last_turn = w.endgame and left < k.players
        if self.last_turn:
            # nothing held now can be laid later: every card in hand is charged
            self.stuck = 1.0
            self.out_chance = 0.0
            self.hold_chance = 0.0
        # opponents still to draw before the stock runs out (the others may
        # only pick up to knock)
        self.live = [1.0 if not w.endgame or left > i else 0.3 for i in range(k.players)]
        rules = k.rules
        self.money = k.money
        # what one unit of money scoring is worth, in points (0: points scoring)
        self.unit = w.unit_points if self.money else 0.0
        if self.money:
            self.fall = 1.0  # the hand only ranks the losers: a fall is paid as tier 3
        else:
            # §14.2 stock_out_fall: the stock running out charges the fall too
            sure = 0.75 if rules.stock_out_fall else 0.5
            self.fall = 1.0 + (rules.unborn_hand_multiplier - 1) * min(1.0, sure + stage)
        # the rules of the melds: ace-low runs, an ace above the king
        both = k.both
        self.both = both
        self.pairs = PAIR_BITS_BOTH if both else PAIR_BITS
        self.run_bits = RUN_BITS_BOTH if both else RUN_BITS
        self.partners = partners(both)
        self.near = near_masks(both)
        self.ace_high = NO_ACES
        self.high_aces = 0
        self.lay_rules: Lay | None = None
        if rules.ace_high_run_points:
            self.ace_high = self._ace_high()
            self.high_aces = self._high_aces()
        if both or rules.ace_high_run_points:
            self.lay_rules = lay_rules(both, self.ace_high, self.high_aces)
        limit = rules.layoff_limit
        self.layoffs_left = None if limit == 0 else max(0, limit - k.layoffs[k.seat])

    def _ace_high(self) -> tuple[int, int, int, int]:
        """Per suit, the laying weight (16 a point) an ace gains above a king (§14.1)."""
        k = self.k
        points = k.rules.ace_high_run_points
        out = []
        for suit in range(4):
            ace = suit * 13 + 12
            fixed = k.speto >> ace & 1 or (ace == k.head and k.rules.head_card_points)
            out.append(0 if fixed else (points - self.pts[ace]) * 16)
        return (out[0], out[1], out[2], out[3])

    def _high_aces(self) -> int:
        """Aces that, laid off alone, go above the king of a run on the table."""
        if not any(self.ace_high):
            return 0
        out = 0
        for m in self.k.melds:
            if m.kind == RUN and not m.ace_low and m.hi == 11 and m.lo > 0:
                out |= 1 << (m.suit * 13 + 12)
        return out

    def charge(self, points: int) -> float:
        """What a penalty option's charge costs the charged player: its points, or in
        money scoring one unit to each other player (§14.6)."""
        if self.money and points:
            return (self.k.players - 1) * self.unit
        return points

    def rival_charge(self, points: int) -> float:
        """What a charge of ``points`` to an opponent is worth to us: in money one
        unit (it pays each other player one), in points a share of it."""
        if self.money:
            return self.unit if points else 0.0
        return self.w.rival_share * points

    def meld_points(self, cards: tuple[int, ...] | list[int]) -> float:
        """The points of a new meld of ``cards`` for whoever lays it (an ace above
        the king of a run counts ``ace_high_run_points``)."""
        mask = mask_of(cards)
        value = mask_points(mask, self.pts)
        aces = mask & ACES
        if aces and any(self.ace_high) and meld_kind(cards, both=self.both) == RUN:
            suit = cards[0] // 13
            base = suit * 13
            if mask >> (base + 11) & 1 and not mask >> base & 1:  # the K, not the 2
                value += self.ace_high[suit] // 16
        return value

    # -- laying down ------------------------------------------------------

    def lay(self, hand: int, melds: list[TableMeld], born: bool) -> tuple[int, int]:
        """(points laid, mask laid) when laying the most points from ``hand``."""
        if not born:
            return 0, 0
        pieces = table_pieces(melds, self.seat, self.chain, hand)
        memo: dict[int, tuple[int, int, int]] = {}
        lay = self.lay_rules
        weight, laid = best_lay(hand, pieces, self.weight16, memo, lay)
        if laid == hand and hand:
            # one card must remain: keep back the cheapest card that breaks the cover
            laid &= ~(1 << min(cards_of(hand), key=lambda c: self.pts[c]))
            weight, laid = best_lay(laid, pieces, self.weight16, {}, lay)
        if lay is not None and any(lay.ace_high):
            # the weight is 16 a point and 1 a card, the aces above a king included
            return (weight - laid.bit_count()) // 16, laid
        return mask_points(laid, self.pts), laid

    def knock_value(
        self,
        hand: int,
        pieces: Pieces,
        dark: bool,
        table_after: list[TableMeld],
        picked: int | None = None,
    ) -> tuple[float, int] | None:
        """(value, knock card) of the best knock from ``hand``, or None; ``picked``:
        the card picked up this turn (None after a draw), for the fool (โง่)."""
        k = self.k
        both = self.both
        if hand & (hand - 1) and not can_go_out(
            hand, table_after, self.seat, self.chain, self.layoffs_left, both
        ):
            return None
        cards = knock_cards(hand, pieces, both)
        if not cards:
            return None
        rules = k.rules
        best: tuple[float, int] | None = None
        total = mask_points(hand, self.pts)
        special = rules.fool_dark_first_turn_multiplier
        # a fool matters to the multiplier of §14.3 and to money's result
        fool = bool(self.money or (special and dark)) and k.fools(picked)
        first_dark_fool = bool(special and dark and fool and k.first_turn())
        for c in cards:
            laid = total - self.pts[c]
            if self.lay_rules is not None and any(self.lay_rules.ace_high):
                laid = self._knock_laid(hand & ~(1 << c), pieces, laid)
            fits = (rules.layoff_knock_bonus or self.money) and any(
                m.fits(c, self.seat, self.chain) for m in table_after
            )
            multiplier = 1
            if dark:
                multiplier *= rules.dark_knock_multiplier
            if rules.one_suit_knock_multiplier > 1 and self._one_suit(hand, c, table_after):
                multiplier *= rules.one_suit_knock_multiplier
            if first_dark_fool:
                multiplier = special  # โง่มืดจนชนมืด
            if self.money:
                score: float = laid + self.unit * self._knock_units(c, bool(fits), fool, multiplier)
            else:
                score = self._knock_points(laid, c, bool(fits), multiplier)
            v = score + self.w.knock_value
            if best is None or v > best[0]:
                best = (v, c)
        return best

    def _knock_laid(self, rest: int, pieces: Pieces, points: int) -> int:
        """The points of laying all of ``rest`` (aces above a king at their worth)."""
        weight, laid = best_lay(rest, pieces, self.weight16, {}, self.lay_rules)
        return (weight - laid.bit_count()) // 16 if laid == rest else points

    def _knock_points(self, laid: int, card: int, fits: bool, multiplier: int) -> int:
        """The knocker's score in points (§8, §10, §14.3), from the ``laid`` points of
        this turn: the knock card's points, the bonuses, the multiplier's scope."""
        rules = self.k.rules
        if rules.knock_card_points == "card":
            knock = self.pts[card]
        else:
            knock = rules.speto_knock_points if self.k.speto >> card & 1 else rules.knock_points
        knock += rules.knock_bonus
        if fits and rules.layoff_knock_bonus:
            knock += rules.layoff_knock_bonus
        scope = rules.knock_multiplier_scope
        if scope == "cards":
            return laid * multiplier + knock
        if scope == "bonus":
            return laid + knock + rules.knock_bonus * (multiplier - 1)
        return (laid + knock) * multiplier

    def _knock_units(self, card: int, fits: bool, fool: bool, multiplier: int) -> int:
        """The units a knock wins in money scoring (§14.6): the others' tiers (or the
        fooled player's 6) times the multiplier, and the closing card (ใบปิด)."""
        k = self.k
        n = k.players
        if fool and k.rules.fool_penalty:
            result = 6
        else:
            born = sum(1 for o in self.opponents if k.born[o])
            result = born * (born + 1) // 2 + 3 * (n - 1 - born)
        units = result * multiplier
        if fits or k.speto >> card & 1:
            units += n - 1
        return units

    def _one_suit(self, hand: int, card: int, table_after: list[TableMeld]) -> bool:
        """Would knocking with ``card`` after laying the rest of ``hand`` be a one-suit
        knock (§8, §14.3 ``one_suit_knock_rule``)?"""
        rule = self.k.rules.one_suit_knock_rule
        if rule == "own_runs":
            # every meld of ours a run, all of one suit; of the cards laid now, those
            # that meld together make new melds (all of that suit: runs), and the
            # others are laid off, which is not looked at
            own = [m for m in table_after if m.owner == self.seat]
            if any(m.kind != RUN for m in own):
                return False
            new = meld_cards(hand & ~(1 << card), self.both)
            suits = {m.suit for m in own} | {c // 13 for c in cards_of(new)}
            return bool(own or new) and len(suits) == 1
        laid = hand if rule == "laid_and_knock_card" else hand & ~(1 << card)
        suits = {c // 13 for c in cards_of(laid)}
        for m in self.k.melds:
            for c, layer in zip(m.cards, m.layers, strict=True):
                if layer == self.seat:
                    suits.add(c // 13)
        return len(suits) == 1

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

    # -- discards -----------------------------------------------------------

    def danger(self, card: int) -> float:
        """Expected cost of discarding ``card`` now: what it feeds, and penalties."""
        hit = self._danger.get(card)
        if hit is not None:
            return hit
        k = self.k
        rules = k.rules
        w = self.w
        cost = 0.0
        layoff = 0.0
        if rules.penalty_discard_layoff and any(
            m.fits(card, self.seat, self.chain) for m in k.melds
        ):
            layoff = self.charge(rules.penalty_discard_layoff)
            cost += layoff
        if rules.penalty_discard_row_meld and row_meld(card, k.row, self.both, rules.row_meld_rule):
            row_meld_cost = self.charge(rules.penalty_discard_row_meld)
            if rules.discard_penalties_stack or not layoff:
                cost += row_meld_cost
            else:  # §14.4: only the larger of the two
                cost += max(0.0, row_meld_cost - layoff)
        if w.avoid_danger:
            row = self.row_mask
            pts = self.pts
            base = w.feed_gain + 2 * pts[card]
            picked = rules.penalty_discard_picked
            untaken = 1.0  # the chance that no opponent picks the card up at once
            for o, possible, sure, p, extra, weight in self.opponent_info():
                q = 0.0
                for x, y in self.pairs[card]:
                    if not (possible & x and possible & y):
                        continue
                    if row & x and row & y:
                        continue  # three cards of the row make no pick-up alone
                    q += (1.0 if sure & x else p) * (1.0 if sure & y else p)
                if (
                    rules.pickup_to_layoff
                    and k.born[o]
                    and any(m.fits(card, o, self.chain) for m in k.melds)
                ):
                    q += 1.0
                q = min(1.0, q)
                if q <= 0.0:
                    continue
                if picked:
                    untaken *= 1.0 - q * self.live[self.opponents.index(o)]
                cost += w.danger_scale * weight * q * (base + extra)
            if picked:
                # §14.4: charged when another player picks the card up as the chosen card
                cost += (1.0 - untaken) * self.charge(picked)
            cost += self._feed_penalties(card)
            if k.speto >> card & 1:
                cost += w.speto_throw * self.pts[card]
        self._danger[card] = cost
        return cost

    def opponent_info(self) -> list[tuple[int, int, int, float, float, float]]:
        """Per opponent (cached): seat, cards it may hold or take from the row,
        the ones of them it surely holds or can take (the row, and its known
        cards), the chance it holds each other one, what a meld is worth to it
        beyond the card, and how much its threat counts."""
        if self._opp_info is None:
            k = self.k
            w = self.w
            n = k.unseen.bit_count()
            info = []
            for i, o in enumerate(self.opponents):
                extra = 0.0
                if not k.born[o]:
                    extra += w.feed_unborn
                if k.hand_counts[o] <= 4:
                    extra += w.feed_knock * (1.5 if k.hand_counts[o] <= 2 else 1.0)
                    if i == 0:
                        extra += self.fool_cost() * 0.5
                weight = w.opponent_weights[min(i, len(w.opponent_weights) - 1)] * self.live[i]
                sure = self.row_mask | k.known[o]
                p = k.unknown_slots(o) / n if n else 0.0
                info.append((o, sure | k.unseen, sure, p, extra, weight))
            self._opp_info = info
        return self._opp_info

    def fool_cost(self) -> float:
        """What being fooled (โง่, §9) costs: the fool penalty, or in money scoring the
        6 units the fooled player alone pays the knocker."""
        penalty = self.k.rules.fool_penalty
        if self.money:
            return 6 * self.unit if penalty else 0.0
        return penalty

    def _feed_penalties(self, card: int) -> float:
        k = self.k
        rules = k.rules
        if not (rules.penalty_feed_head or rules.penalty_feed_speto):
            return 0.0
        if rules.feed_rule == "fresh":
            return self._fresh_feed(card)
        cost = 0.0
        near_of = self.near[card]
        targets: list[tuple[int, float]] = []
        if rules.penalty_feed_head and k.head_in_row and near_of >> k.head & 1:
            targets.append((k.head, self.charge(rules.penalty_feed_head)))
        near_row = near_of & self.row_mask
        if not k.speto >> card & 1:
            near_row &= k.speto  # only a spe-to of the row is at stake
        if rules.penalty_feed_speto and near_row:
            for r in k.row:
                near = near_of >> r & 1
                if near and (k.speto >> r & 1 or k.speto >> card & 1):
                    targets.append((r, self.charge(rules.penalty_feed_speto)))
        for other, penalty in targets:
            p = 0.0
            for x, y in self.partners[card]:
                if x == other:
                    p += sum(k.holds(o, y) for o in k.opponents())
                elif y == other:
                    p += sum(k.holds(o, x) for o in k.opponents())
            cost += min(1.0, p) * penalty
        return cost

    def _fresh_feed(self, card: int) -> float:
        """§14.4 ``feed_rule = "fresh"`` (ปี้): the next player picks up at once with a
        meld that holds this discard and the head card or a spe-to (its own ones too)."""
        k = self.k
        rules = k.rules
        o = self.opponents[0]
        head = rules.penalty_feed_head and k.head_in_row
        in_row = self.row_mask
        p_head = p_speto = 0.0
        for x, y in self.partners[card]:
            with_head = head and k.head in (x, y)
            with_speto = rules.penalty_feed_speto and k.speto & (1 << card | 1 << x | 1 << y)
            if not (with_head or with_speto) or (in_row >> x & 1 and in_row >> y & 1):
                continue
            p = (1.0 if in_row >> x & 1 else k.holds(o, x)) * (
                1.0 if in_row >> y & 1 else k.holds(o, y)
            )
            if with_head:
                p_head += p
            if with_speto:
                p_speto += p
        live = self.live[0]
        return live * (
            min(1.0, p_head) * self.charge(rules.penalty_feed_head)
            + min(1.0, p_speto) * self.charge(rules.penalty_feed_speto)
        )

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


def show_value(ev: Evaluator) -> float:
    """What showing both spe-to cards pays (โชว์สเปโต, §14.3; in money two units from
    each other player, §14.6)."""
    if ev.money:
        return 2 * ev.charge(1)
    return ev.k.rules.show_speto_points


def _fresh_gain(ev: Evaluator, meld: int) -> float:
    """§14.4 ``feed_rule = "fresh"``: what picking up with ``meld`` charges the previous
    player (it holds the card just discarded and the head card or a spe-to), to us."""
    k = ev.k
    if k.last_discard is None or not k.row:
        return 0.0
    seat, card = k.last_discard
    if seat != k.previous_seat() or k.row[-1] != card or not meld >> card & 1:
        return 0.0
    rules = k.rules
    gain = 0.0
    if rules.penalty_feed_head and meld >> k.head & 1:
        gain += ev.rival_charge(rules.penalty_feed_head)
    if rules.penalty_feed_speto and meld & k.speto:
        gain += ev.rival_charge(rules.penalty_feed_speto)
    return gain


# ---------------------------------------------------------------------------
# Choosing actions


def _plays(legal: list[Action]) -> tuple[list[Meld], list[LayOff], list[Discard]]:
    melds: list[Meld] = []
    layoffs: list[LayOff] = []
    discards: list[Discard] = []
    for a in legal:
        if isinstance(a, Meld):
            melds.append(a)
        elif isinstance(a, LayOff):
            layoffs.append(a)
        elif isinstance(a, Discard):
            discards.append(a)
    return melds, layoffs, discards


def _play_from(laid: int, legal: list[Action]) -> Action | None:
    """A legal meld or layoff that lays cards of the plan ``laid``."""
    melds, layoffs, _ = _plays(legal)
    best: Meld | None = None
    for m in melds:
        mm = mask_of(m.cards)
        if mm & laid == mm and (best is None or len(m.cards) > len(best.cards)):
            best = m
    if best is not None:
        # the largest meld inside the plan; the plan's pieces are whole melds,
        # so a smaller one would only split a longer run
        return best
    for lo in layoffs:
        if laid >> lo.card & 1:
            return lo
    return None


class HeuristicPlayer:
    """The ``normal`` player: scores each option by the rest of its turn."""

    level = "normal"

    def __init__(self, seed: int | None = None, weights: Weights = NORMAL) -> None:
        self.rng = random.Random(seed)
        self.w = weights
        self.tracker = Tracker()

    def choose(self, view: DummyView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        k = Knowledge.from_view(view, tracker=self.tracker)
        return self.decide(k, legal)

    def decide(self, k: Knowledge, legal: list[Action]) -> Action:
        ev = Evaluator(k, self.w)
        if k.phase == "take":
            return self.take(ev, legal)
        return self.play(ev, legal)

    # -- taking ---------------------------------------------------------------

    def take_values(self, ev: Evaluator, legal: list[Action]) -> list[tuple[float, Action]]:
        """Every take option with its value, in the order of ``legal``."""
        k = ev.k
        out: list[tuple[float, Action]] = []
        born = k.born[k.seat]
        for a in legal:
            if isinstance(a, Draw):
                out.append((self.draw_value(ev), a))
            elif isinstance(a, Pick | PickLayoff):
                out.append((self.pick_value(ev, a), a))
            elif isinstance(a, End):
                out.append((ev.keep(k.hand, born) + 0.0, a))
        return out

    def take(self, ev: Evaluator, legal: list[Action]) -> Action:
        if SHOW in legal and show_value(ev) > 0:
            return SHOW
        values = self.take_values(ev, legal)
        return max(values, key=lambda va: va[0])[1]

    def pick_value(self, ev: Evaluator, a: Pick | PickLayoff) -> float:
        k = ev.k
        i = k.row.index(a.card)
        taken = mask_of(k.row[i:])
        hand = k.hand | taken
        melds = list(k.melds)
        rules = k.rules
        if isinstance(a, Pick):
            laid = mask_of(a.meld)
            melds.append(TableMeld.new(k.seat, a.meld, both=ev.both))
            value = ev.meld_points(a.meld) + ev.w.pick_bias
        else:
            laid = 1 << a.card
            target = k.melds[a.target].copy()
            high = ev.high_aces >> a.card & 1 and target.hi == 11  # an ace above the king
            target.add(a.card, k.seat)
            melds[a.target] = target
            value = ev.pts[a.card] + (ev.ace_high[a.card // 13] // 16 if high else 0)
            value += ev.w.pick_bias
        hand &= ~laid
        if not k.born[k.seat]:
            value += ev.w.born_bonus * (1.0 + k.stage)
            if ev.money:  # a player not born pays tier 3
                value += ev.unit * ev.w.born_units * (0.5 + k.stage)
        if ev.money and laid >> k.head & 1:
            value += ev.charge(1)  # เกิดหัว: one unit from each
        if rules.penalty_discard_picked:
            by = k.discarder(a.card)
            if by >= 0 and by != k.seat:  # §14.4: its discarder is charged
                value += ev.rival_charge(rules.penalty_discard_picked)
        if rules.feed_rule == "fresh" and isinstance(a, Pick):
            value += _fresh_gain(ev, laid)
        return value + ev.turn_value(hand, melds, True, not k.born_at_start, a.card)

    def draw_value(self, ev: Evaluator) -> float:
        k = ev.k
        unseen = cards_of(k.unseen)
        if not unseen:
            return ev.keep(k.hand, k.born[k.seat])
        n = ev.w.draw_samples
        if len(unseen) > n:
            step = len(unseen) / n
            sample = [unseen[int(i * step)] for i in range(n)]
        else:
            sample = unseen
        born = k.born[k.seat]
        total = 0.0
        hand = k.hand
        fits = 0
        if born:
            for m in k.melds:
                for c in sample:
                    if m.fits(c, k.seat, ev.chain):
                        fits |= 1 << c
        base: tuple[float, float] | None = None
        near = ev.near
        for c in sample:
            if near[c] & hand or fits >> c & 1 or hand.bit_count() <= 2:
                total += ev.turn_value(hand | (1 << c), k.melds, born, not k.born_at_start)
                continue
            # a card unrelated to the hand: throw it, or hold it instead of the best throw
            if base is None:
                base = (ev.keep(hand, born), ev.best_discard(hand, born)[0] - ev.w.card_cost)
            keep_c = base[1] - ev.stuck * (1.0 if born else ev.fall) * ev.pts[c]
            total += max(base[0] - ev.danger(c), keep_c)
        return total / len(sample)

    # -- playing ------------------------------------------------------------

    def play(self, ev: Evaluator, legal: list[Action]) -> Action:
        k = ev.k
        hand = k.hand
        _, _, discards = _plays(legal)
        pieces = table_pieces(k.melds, k.seat, ev.chain, hand)
        knock = ev.knock_value(hand, pieces, not k.born_at_start, k.melds, k.picked_card())
        if knock is not None:
            card = knock[1]
            if hand == 1 << card:
                return Discard(card)
            action = _knock_step(hand, card, pieces, legal, ev.both)
            if action is not None:
                return action
        born = k.born[k.seat]
        lays = born or (k.rules.unborn_play == "free" and ev.lays_unborn(hand))
        if lays and not k.must_knock:
            laid = self.plan_lay(ev, hand)
            if laid:
                action = _play_from(laid, legal)
                if isinstance(action, LayOff) and k.speto >> action.card & 1:
                    action = _speto_target(ev, action, legal)
                if action is not None:
                    return action
        if not discards:
            return legal[0]
        hand_cards = mask_of(d.card for d in discards)
        _, card = ev.best_discard(hand_cards, born)
        return Discard(card)

    def plan_lay(self, ev: Evaluator, hand: int) -> int:
        """The cards to lay down now: everything that scores, unless held back."""
        k = ev.k
        _, laid = ev.lay(hand, k.melds, True)
        if not self.w.hold_back or not laid:
            return laid
        # Early on a cheap meld may stay in hand: it lets us pick up cards that
        # extend it from the row, and gives nobody a place to lay off.
        if k.stage > 0.4 or any(k.hand_counts[o] <= 4 for o in k.opponents()):
            return laid
        held = 0
        memo: dict[int, tuple[int, int, int]] = {}
        _, melds_only = best_lay(laid, {}, ev.weight16, memo, ev.lay_rules)
        for m in _split_melds(melds_only, ev.both):
            if mask_points(m, ev.pts) <= 15 and _extension_live(m, k):
                held |= m
                break
        return laid & ~held


def _split_melds(mask: int, both: bool = False) -> list[int]:
    """Split a mask of laid cards into its connected melds (runs by suit, sets by rank;
    ``both``: an ace that is in no run above a king starts a run A 2 3 …)."""
    out: list[int] = []
    rest = mask
    for suit in range(4):
        bits = (rest >> (suit * 13)) & 0x1FFF
        if both and bits & 0x1003 == 0x1003 and bits & 0x1800 != 0x1800:
            # the ace below the 2: count it at position 0, the 2 at 1 …
            low = ((bits << 1) | (bits >> 12)) & 0x1FFF
            run = 0
            for p in range(14):
                if p < 13 and low >> p & 1:
                    run |= 1 << (suit * 13 + (p - 1) % 13)
                else:
                    if run.bit_count() >= 3:
                        out.append(run)
                        rest &= ~run
                    run = 0
            continue
        run = 0
        for r in range(14):
            if r < 13 and bits >> r & 1:
                run |= 1 << (suit * 13 + r)
            else:
                if run.bit_count() >= 3:
                    out.append(run)
                    rest &= ~run
                run = 0
    for rank in range(13):
        group = 0
        for s in range(4):
            if rest >> (s * 13 + rank) & 1:
                group |= 1 << (s * 13 + rank)
        if group.bit_count() >= 3:
            out.append(group)
    return out


def _extension_live(meld: int, k: Knowledge) -> bool:
    """Could a card extending this meld still turn up in the row?"""
    cards = cards_of(meld)
    if len({c % 13 for c in cards}) == 1:
        r = cards[0] % 13
        return any(k.unseen >> (s * 13 + r) & 1 for s in range(4))
    lo, hi = cards[0], cards[-1]
    if k.both and hi % 13 == 12 and lo % 13 == 0:
        # A 2 3 …: nothing goes below the ace; above, the card after the highest one
        top = cards[-2]
        return bool(top % 13 < 11 and k.unseen >> (top + 1) & 1)
    below = lo % 13 > 0 and k.unseen >> (lo - 1) & 1
    if k.both and lo % 13 == 0:
        below = k.unseen >> (lo + 12) & 1  # the ace below the 2
    return bool(below or (hi % 13 < 12 and k.unseen >> (hi + 1) & 1))


def _speto_target(ev: Evaluator, action: LayOff, legal: list[Action]) -> LayOff:
    """Where to lay a spe-to off: beside another player's card when that charges them
    (§14.4 ``penalty_speto_laid_off``; in money, ฝากสเปโต pays 3 units from them, or
    one from each onto one's own meld, §14.6); else where the plan put it."""
    k = ev.k
    penalty = k.rules.penalty_speto_laid_off
    if not (ev.money or penalty):
        return action

    def value(lo: LayOff) -> float:
        meld = k.melds[lo.target].copy()
        meld.add(lo.card, k.seat)
        if meld.owner == k.seat:
            return ev.charge(1) if ev.money else 0.0
        if layoff_payer(meld, lo.card) == k.seat:
            return 0.0
        return 3 * ev.unit if ev.money else ev.rival_charge(penalty)

    options = [a for a in legal if isinstance(a, LayOff) and a.card == action.card]
    return max(options, key=value)  # the first of the best: the plan's own on a tie


def _knock_step(
    hand: int, card: int, pieces: Pieces, legal: list[Action], both: bool = False
) -> Action | None:
    """A legal meld or layoff after which ``card`` can still be the knock card."""
    rest = hand & ~(1 << card)
    memo: dict[int, tuple[int, int, int]] = {}
    from dummy_tui.ai.dummy.plans import coverable

    melds, layoffs, _ = _plays(legal)
    for m in sorted(melds, key=lambda m: -len(m.cards)):
        mm = mask_of(m.cards)
        if mm & rest == mm and coverable(rest & ~mm, pieces, memo, both):
            return m
    for lo in layoffs:
        if rest >> lo.card & 1:
            after = rest & ~(1 << lo.card)
            # the table changes after a layoff: recompute its blocks
            if coverable(after, pieces, memo, both) or after == 0:
                return lo
    # fall back to any layoff of a planned card (run ends shift as cards go down)
    for lo in layoffs:
        if rest >> lo.card & 1:
            return lo
    return None


# ---------------------------------------------------------------------------
# The beginner


class EasyPlayer:
    """A beginner: takes obvious melds, lays everything down, throws high cards.

    It picks up only from the last two cards of the row, knocks when it sees
    the knock, keeps pairs, and otherwise discards its highest card without a
    thought for who could use it.
    """

    level = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: DummyView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        k = Knowledge.from_view(view, track=False)
        return self.decide(k, legal)

    def decide(self, k: Knowledge, legal: list[Action]) -> Action:
        pts = k.points
        if k.phase == "take":
            if SHOW in legal:
                return SHOW  # free points: a beginner sees them too
            best: tuple[int, Action] | None = None
            for a in legal:
                if isinstance(a, Pick) and len(k.row) - k.row.index(a.card) <= 2:
                    v = mask_points(mask_of(a.meld), pts)
                    if best is None or v > best[0]:
                        best = (v, a)
            if best is not None:
                return best[1]
            if DRAW in legal:
                return DRAW
            for a in legal:
                if not isinstance(a, End):
                    return a
            return legal[0]
        hand = k.hand
        chain = k.rules.layoff_chain
        both = k.both
        pieces = table_pieces(k.melds, k.seat, chain, hand)
        cards = knock_cards(hand, pieces, both)
        if cards:
            card = max(cards, key=lambda c: -pts[c])
            if hand == 1 << card:
                return Discard(card)
            action = _knock_step(hand, card, pieces, legal, both)
            if action is not None:
                return action
        _, _, discards = _plays(legal)
        free = k.rules.unborn_play == "free"  # it lays what it can, born or not
        if (k.born[k.seat] or free) and not k.must_knock:
            weight = [p * 16 + 1 for p in pts]
            _, laid = best_lay(hand, pieces, weight, {}, lay_rules(both))
            if laid:
                action = _play_from(laid, legal)
                if action is not None:
                    return action
        if not discards:
            return legal[0]
        in_melds = meld_cards(hand, both)
        pairs = partners(both)

        def keep_score(c: int) -> float:
            score = -pts[c]
            if in_melds >> c & 1:
                score += 100
            elif any(hand >> x & 1 or hand >> y & 1 for x, y in pairs[c][:4]):
                score += 12
            return score + self.rng.random() * 8

        return Discard(min((d.card for d in discards), key=keep_score))
