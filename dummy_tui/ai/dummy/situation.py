"""What the ``normal`` player's judgement of one decision starts from.

:class:`Situation` reads a :class:`Knowledge` snapshot once per decision:
how much of the hand is likely to be charged (the stage, an opponent close to
knocking, the last turns), what a fall costs, the rules of the melds (ace-low
runs, an ace above a king), the layoffs still allowed, and in money scoring
what a unit is worth.  It values a penalty charged to us or to a rival and
the points of a meld, and finds the most points the hand can lay down.  The
judges of knocks (:mod:`.knocks`) and of the danger of discards
(:mod:`.danger`), and the :class:`~dummy_tui.ai.dummy.evaluator.Evaluator`
that holds them, read the same situation.
"""

from __future__ import annotations

from typing import Final

from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.ai.dummy.plans import (
    Lay,
    best_lay,
    lay_rules,
    mask_points,
    point_tables,
    table_pieces,
)
from dummy_tui.ai.dummy.weights import Weights, for_table
from dummy_tui.engine.cards import cards_of, mask_of, rank_mask
from dummy_tui.engine.goout import GoOut
from dummy_tui.engine.melds import RUN, TableMeld, meld_kind
from dummy_tui.engine.relations import PARTNERS, PARTNERS_BOTH, near_masks, partners

# the pairs that make a three-card meld with each card (relations.PARTNERS), as
# bits; and the same pairs split: the other three cards of the rank (every two
# of them make a set with the card), and the run pairs as bits; the ``_BOTH``
# tables hold the ace-low runs too (ace_low_runs: A 2 3 as well as Q K A)
PAIR_BITS: Final[list[list[tuple[int, int]]]] = [
    [(1 << x, 1 << y) for x, y in PARTNERS[c]] for c in range(52)
]
PAIR_BITS_BOTH: Final[list[list[tuple[int, int]]]] = [
    [(1 << x, 1 << y) for x, y in PARTNERS_BOTH[c]] for c in range(52)
]
RANK_OTHERS: Final[list[int]] = [rank_mask(c % 13) & ~(1 << c) for c in range(52)]
RUN_BITS: Final[list[list[tuple[int, int]]]] = [
    [(x, y) for x, y in PAIR_BITS[c] if (x | y) & RANK_OTHERS[c] == 0] for c in range(52)
]
RUN_BITS_BOTH: Final[list[list[tuple[int, int]]]] = [
    [(x, y) for x, y in PAIR_BITS_BOTH[c] if (x | y) & RANK_OTHERS[c] == 0] for c in range(52)
]


def _pair_cards(pairs: list[tuple[int, int]]) -> list[int]:
    """The cards of pairs of one-card masks."""
    return [(bit.bit_length() - 1) for pair in pairs for bit in pair]


# the cards an out of each card is made with: the others of its rank and its run pairs
OUT_CARDS: Final[list[int]] = [
    RANK_OTHERS[c] | mask_of(_pair_cards(RUN_BITS[c])) for c in range(52)
]
OUT_CARDS_BOTH: Final[list[int]] = [
    RANK_OTHERS[c] | mask_of(_pair_cards(RUN_BITS_BOTH[c])) for c in range(52)
]
ACES: Final = sum(1 << (s * 13 + 12) for s in range(4))
NO_ACES: Final = (0, 0, 0, 0)  # no ace counts more above a king


class Situation:
    """One seat's decision as the judgement reads it: the facts the judges of
    :class:`~dummy_tui.ai.dummy.evaluator.Evaluator` share, and what charges,
    melds and laying down are worth."""

    def __init__(self, knowledge: Knowledge, weights: Weights) -> None:
        self.knowledge = knowledge
        self.weights = weights
        self.points = knowledge.points
        tables = point_tables(knowledge.points)
        self.tables = tables
        self.suit_points = tables.suits
        self.weight16 = tables.weight16
        self.seat = knowledge.seat
        self.chain = knowledge.rules.layoff_chain
        self.row_mask = mask_of(knowledge.discards)
        self.live_mask = knowledge.unseen | self.row_mask
        self.opponents = knowledge.opponents()
        stage = knowledge.stage
        stuck = weights.stuck_base + weights.stuck_late * stage
        for o in self.opponents:
            if knowledge.born[o] and knowledge.hand_counts[o] <= 3:
                stuck = max(stuck, weights.knock_near)
        self.stuck = min(1.0, stuck)
        self.out_chance = weights.out_value * (1.0 - 0.7 * stage)
        self.hold_chance = for_table(weights.meld_hold, knowledge.players) * (1.0 - 0.7 * stage)
        # our draws still to come after this turn (if everyone draws)
        left = knowledge.stock_count - (1 if knowledge.phase == "take" else 0)
        self.last_turn = weights.endgame and left < knowledge.players
        if self.last_turn:
            # nothing held now can be laid later: every card in hand is charged
            self.stuck = 1.0
            self.out_chance = 0.0
            self.hold_chance = 0.0
        # opponents still to draw before the stock runs out (the others may
        # only pick up to knock)
        self.live = [
            1.0 if not weights.endgame or left > i else 0.3 for i in range(knowledge.players)
        ]
        rules = knowledge.rules
        self.money = knowledge.money
        # what one unit of money scoring is worth, in points (0: points scoring)
        self.unit = weights.unit_points if self.money else 0.0
        if self.money:
            self.fall = 1.0  # the hand only ranks the losers: a fall is paid as tier 3
        else:
            # §14.2 stock_out_fall: the stock running out charges the fall too
            sure = 0.75 if rules.stock_out_fall else 0.5
            self.fall = 1.0 + (rules.unborn_hand_multiplier - 1) * min(1.0, sure + stage)
        # the rules of the melds: ace-low runs, an ace above the king
        ace_low_runs = knowledge.ace_low_runs
        self.ace_low_runs = ace_low_runs
        self.pairs = PAIR_BITS_BOTH if ace_low_runs else PAIR_BITS
        self.run_bits = RUN_BITS_BOTH if ace_low_runs else RUN_BITS
        self.out_cards = OUT_CARDS_BOTH if ace_low_runs else OUT_CARDS
        self.partners = partners(ace_low_runs)
        self.near = near_masks(ace_low_runs)
        self.ace_high = NO_ACES
        self.high_aces = 0
        self.lay_rules: Lay | None = None
        if rules.ace_high_run_points:
            self.ace_high = self._ace_high()
            self.high_aces = self._high_aces()
        if ace_low_runs or rules.ace_high_run_points:
            self.lay_rules = lay_rules(ace_low_runs, self.ace_high, self.high_aces)
        limit = rules.layoff_limit
        self.layoffs_left = (
            None if limit == 0 else max(0, limit - knowledge.layoffs[knowledge.seat])
        )

    def _ace_high(self) -> tuple[int, int, int, int]:
        """Per suit, the laying weight (16 a point) an ace gains above a king (§14.1)."""
        knowledge = self.knowledge
        points = knowledge.rules.ace_high_run_points
        out = []
        for suit in range(4):
            ace = suit * 13 + 12
            fixed = knowledge.speto >> ace & 1 or (
                ace == knowledge.head and knowledge.rules.head_card_points
            )
            out.append(0 if fixed else (points - self.points[ace]) * 16)
        return (out[0], out[1], out[2], out[3])

    def _high_aces(self) -> int:
        """Aces that, laid off alone, go above the king of a run on the table (onto a
        run that holds the 2 as well, when that end is open to us: §14.1, the
        layoff names the K as its target)."""
        if not any(self.ace_high):
            return 0
        out = 0
        for m in self.knowledge.melds:
            if (
                m.kind == RUN
                and not m.ace_low
                and m.hi == 11
                and (m.lo > 0 or m.end_open(False, self.seat, self.chain))
            ):
                out |= 1 << (m.suit * 13 + 12)
        return out

    def charge(self, points: int) -> float:
        """What a penalty option's charge costs the charged player: its points, or in
        money scoring one unit to each other player (§14.6)."""
        if self.money and points:
            return (self.knowledge.players - 1) * self.unit
        return points

    def rival_charge(self, points: int) -> float:
        """What a charge of ``points`` to an opponent is worth to us: in money one
        unit (it pays each other player one), in points a share of it."""
        if self.money:
            return self.unit if points else 0.0
        return self.weights.rival_share * points

    def meld_points(self, cards: tuple[int, ...] | list[int]) -> float:
        """The points of a new meld of ``cards`` for whoever lays it (an ace above
        the king of a run counts ``ace_high_run_points``)."""
        mask = mask_of(cards)
        value = mask_points(mask, self.points)
        aces = mask & ACES
        if aces and any(self.ace_high) and meld_kind(cards, both=self.ace_low_runs) == RUN:
            suit = cards[0] // 13
            base = suit * 13
            if mask >> (base + 11) & 1:  # the ace above the K (not A 2 3 …)
                value += self.ace_high[suit] // 16
        return value

    # -- laying down ------------------------------------------------------

    def go_out(self, hand: int, melds: list[TableMeld]) -> GoOut:
        """The engine's go-out search of ``hand`` against ``melds`` under this
        round's rules, for the seat deciding."""
        return GoOut(hand, melds, self.seat, self.chain, self.layoffs_left, self.ace_low_runs)

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
            laid &= ~(1 << min(cards_of(hand), key=lambda c: self.points[c]))
            weight, laid = best_lay(laid, pieces, self.weight16, {}, lay)
        if lay is not None and any(lay.ace_high):
            # the weight is 16 a point and 1 a card, the aces above a king included
            return (weight - laid.bit_count()) // 16, laid
        return mask_points(laid, self.points), laid
