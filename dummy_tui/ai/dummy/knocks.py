"""Knocks as the ``normal`` player values them (:class:`KnockJudge`).

The best knock from a hand: whether the rest of it can all be laid, and what
the knock scores under the house rules (§14): the knock card's points, the
bonus for a knock card that fits a meld, the dark, one-suit and first-turn
dark fool multipliers and their scope, and in money scoring the losers'
tiers and the closing card.
"""

from __future__ import annotations

from dummy_tui.ai.dummy.plans import Pieces, best_lay, mask_points, meld_cards
from dummy_tui.ai.dummy.situation import Situation
from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.families.dummy_knock import (
    knock_multiplier,
    knock_points,
    knock_result_units,
    knocker_score,
)
from dummy_tui.engine.melds import RUN, TableMeld


class KnockJudge:
    """The knocks' judge of the :class:`~dummy_tui.ai.dummy.evaluator.Evaluator`:
    what the best knock from a hand is worth in one ``situation``."""

    def __init__(self, situation: Situation) -> None:
        self.situation = situation

    def best(
        self,
        hand: int,
        pieces: Pieces,
        dark: bool,
        table_after: list[TableMeld],
        picked: int | None = None,
    ) -> tuple[float, int] | None:
        """(value, knock card) of the best knock from ``hand``, or None; ``picked``:
        the card picked up this turn (None after a draw), for the fool (โง่)."""
        situation = self.situation
        knowledge = situation.knowledge
        # the engine's own search: the cards the rules let the knock be made with
        search = situation.go_out(hand, table_after)
        if not search.can_go_out():
            return None
        cards = search.knock_cards()
        rules = knowledge.rules
        points = situation.points
        lay = situation.lay_rules
        best: tuple[float, int] | None = None
        total = mask_points(hand, points)
        special = rules.fool_dark_first_turn_multiplier
        # a fool matters to the multiplier of §14.3 and to money's result
        fool = bool(situation.money or (special and dark)) and knowledge.fools(picked)
        first_dark_fool = bool(special and dark and fool and knowledge.first_turn())
        whole: bool | None = None  # can the whole hand be laid (searched once)
        for c in cards:
            laid = total - points[c]
            if lay is not None and any(lay.ace_high):
                laid = self._knock_laid(hand & ~(1 << c), pieces, laid)
            # the knock card fits the table as it is, or the melds the rest makes
            fits = False
            if rules.layoff_knock_bonus or situation.money:
                fits = any(m.fits(c, situation.seat, situation.chain) for m in table_after)
                if not fits:
                    if whole is None:
                        whole = search.lays_out()
                    fits = whole
            multiplier = knock_multiplier(
                rules,
                dark,
                rules.one_suit_knock_multiplier > 1 and self._one_suit(hand, c, table_after),
                first_dark_fool,
            )
            if situation.money:
                units = self._knock_units(c, fits, fool, multiplier)
                score = float(laid + situation.unit * units)
            else:
                score = float(self._knock_points(laid, c, fits, multiplier))
            v = score + situation.weights.knock_value
            if best is None or v > best[0]:
                best = (v, c)
        return best

    def _knock_laid(self, rest: int, pieces: Pieces, points: int) -> int:
        """The points of laying all of ``rest`` (aces above a king at their worth)."""
        situation = self.situation
        weight, laid = best_lay(rest, pieces, situation.weight16, {}, situation.lay_rules)
        return (weight - laid.bit_count()) // 16 if laid == rest else points

    def _knock_points(self, laid: int, card: int, fits: bool, multiplier: int) -> int:
        """The knocker's score in points (§8, §10, §14.3) as the round's score counts
        it, from the ``laid`` points of this turn."""
        knowledge = self.situation.knowledge
        rules = knowledge.rules
        speto = bool(knowledge.speto >> card & 1)
        knock, _ = knock_points(rules, self.situation.points[card], speto, fits)
        return knocker_score(rules, laid, knock, multiplier)

    def _knock_units(self, card: int, fits: bool, fool: bool, multiplier: int) -> int:
        """The units a knock wins in money scoring (§14.6): the others' result times
        the multiplier, and the closing card (ใบปิด)."""
        knowledge = self.situation.knowledge
        n = knowledge.players
        born = sum(1 for o in self.situation.opponents if knowledge.born[o])
        fooled = fool and bool(knowledge.rules.fool_penalty)
        units = knock_result_units(born, n - 1 - born, fooled) * multiplier
        if fits or knowledge.speto >> card & 1:
            units += n - 1
        return units

    def _one_suit(self, hand: int, card: int, table_after: list[TableMeld]) -> bool:
        """Would knocking with ``card`` after laying the rest of ``hand`` be a one-suit
        knock (§8, §14.3 ``one_suit_knock_rule``)?"""
        situation = self.situation
        rule = situation.knowledge.rules.one_suit_knock_rule
        if rule == "own_runs":
            # every meld of ours a run, all of one suit; of the cards laid now, those
            # that meld together make new melds (all of that suit: runs), and the
            # others are laid off, which is not looked at
            own = [m for m in table_after if m.owner == situation.seat]
            if any(m.kind != RUN for m in own):
                return False
            new = meld_cards(hand & ~(1 << card), situation.ace_low_runs)
            suits = {m.suit for m in own} | {c // 13 for c in cards_of(new)}
            return bool(own or new) and len(suits) == 1
        laid = hand if rule == "laid_and_knock_card" else hand & ~(1 << card)
        suits = {c // 13 for c in cards_of(laid)}
        for m in situation.knowledge.melds:
            for c, layer in zip(m.cards, m.layers, strict=True):
                if layer == situation.seat:
                    suits.add(c // 13)
        return len(suits) == 1
