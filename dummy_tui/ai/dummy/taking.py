"""How the ``normal`` player takes: draw, pick up from the row, or show (:class:`TakeChoice`).

Every way to take (a draw, or each pick-up with its meld) is scored by
playing the rest of the turn in its head (:meth:`Evaluator.turn_value`).  A
pick-up adds what taking the row is worth by the rules: the meld's points,
being born (and in money scoring the tier a player not born pays), the head
card picked up (เกิดหัว), the penalty of the card's discarder (§14.4) and,
with ``feed_rule = "fresh"``, the feed penalty of the previous player.  A
draw is scored as the average over a sample of the cards it has not seen.
"""

from __future__ import annotations

from dummy_tui.ai.dummy.evaluator import Evaluator
from dummy_tui.ai.dummy.playing import PlayChoice
from dummy_tui.engine.actions import SHOW, Action, Draw, End, Pick, PickLayoff
from dummy_tui.engine.cards import cards_of, mask_of
from dummy_tui.engine.melds import RUN, TableMeld


class TakeChoice(PlayChoice):
    """The take phase of :class:`~dummy_tui.ai.dummy.heuristic.HeuristicPlayer`
    (on top of its play phase, :class:`PlayChoice`)."""

    def take_values(self, ev: Evaluator, legal: list[Action]) -> list[tuple[float, Action]]:
        """Every take option with its value, in the order of ``legal``."""
        knowledge = ev.situation.knowledge
        out: list[tuple[float, Action]] = []
        born = knowledge.born[knowledge.seat]
        for a in legal:
            if isinstance(a, Draw):
                out.append((self.draw_value(ev), a))
            elif isinstance(a, Pick | PickLayoff):
                out.append((self.pick_value(ev, a), a))
            elif isinstance(a, End):
                out.append((ev.keep(knowledge.hand, born) + 0.0, a))
        return out

    def take(self, ev: Evaluator, legal: list[Action]) -> Action:
        if SHOW in legal and show_value(ev) > 0:
            return SHOW
        values = self.take_values(ev, legal)
        return max(values, key=lambda va: va[0])[1]

    def pick_value(self, ev: Evaluator, a: Pick | PickLayoff) -> float:
        situation = ev.situation
        knowledge = situation.knowledge
        weights = situation.weights
        i = knowledge.discards.index(a.card)
        taken = mask_of(knowledge.discards[i:])
        hand = knowledge.hand | taken
        melds = list(knowledge.melds)
        rules = knowledge.rules
        if isinstance(a, Pick):
            laid = mask_of(a.meld)
            melds.append(TableMeld.new(knowledge.seat, a.meld, both=situation.ace_low_runs))
            value = situation.meld_points(a.meld) + weights.pick_bias
        else:
            laid = 1 << a.card
            target = knowledge.melds[a.target].copy()
            target.add(a.card, knowledge.seat, a.low)
            # an ace above the king (§14.1: the end its target picks)
            high = a.card % 13 == 12 and target.kind == RUN and not target.ace_low
            melds[a.target] = target
            above = situation.ace_high[a.card // 13] // 16 if high else 0
            value = float(situation.points[a.card] + above)
            value += weights.pick_bias
        hand &= ~laid
        if not knowledge.born[knowledge.seat]:
            value += weights.born_bonus * (1.0 + knowledge.stage)
            if situation.money:  # a player not born pays tier 3
                value += situation.unit * weights.born_units * (0.5 + knowledge.stage)
        if situation.money and laid >> knowledge.head & 1:
            value += situation.charge(1)  # เกิดหัว: one unit from each
        if rules.penalty_discard_picked:
            by = knowledge.discarder(a.card)
            if by >= 0 and by != knowledge.seat:  # §14.4: its discarder is charged
                value += situation.rival_charge(rules.penalty_discard_picked)
        if rules.feed_rule == "fresh" and isinstance(a, Pick):
            value += _fresh_gain(ev, laid)
        return value + ev.turn_value(hand, melds, True, not knowledge.born_at_start, a.card)

    def draw_value(self, ev: Evaluator) -> float:
        situation = ev.situation
        knowledge = situation.knowledge
        weights = situation.weights
        unseen = cards_of(knowledge.unseen)
        if not unseen:
            return ev.keep(knowledge.hand, knowledge.born[knowledge.seat])
        n = weights.draw_samples
        if len(unseen) > n:
            step = len(unseen) / n
            sample = [unseen[int(i * step)] for i in range(n)]
        else:
            sample = unseen
        born = knowledge.born[knowledge.seat]
        total = 0.0
        hand = knowledge.hand
        fits = 0
        if born:
            for m in knowledge.melds:
                for c in sample:
                    if m.fits(c, knowledge.seat, situation.chain):
                        fits |= 1 << c
        base: tuple[float, float] | None = None
        near = situation.near
        melds = knowledge.melds
        dark = not knowledge.born_at_start
        for c in sample:
            if near[c] & hand or fits >> c & 1 or hand.bit_count() <= 2:
                total += ev.turn_value(hand | (1 << c), melds, born, dark)
                continue
            # a card unrelated to the hand: throw it, or hold it instead of the best throw
            if base is None:
                base = (ev.keep(hand, born), ev.best_discard(hand, born)[0] - weights.card_cost)
            charge = situation.stuck * (1.0 if born else situation.fall)
            keep_c = base[1] - charge * situation.points[c]
            total += max(base[0] - ev.danger.cost(c), keep_c)
        return total / len(sample)


def show_value(ev: Evaluator) -> float:
    """What showing both spe-to cards pays (โชว์สเปโต, §14.3; in money two units from
    each other player, §14.6)."""
    situation = ev.situation
    if situation.money:
        return 2 * situation.charge(1)
    return situation.knowledge.rules.show_speto_points


def _fresh_gain(ev: Evaluator, meld: int) -> float:
    """§14.4 ``feed_rule = "fresh"``: what picking up with ``meld`` charges the previous
    player (it holds the card just discarded and the head card or a spe-to), to us."""
    knowledge = ev.situation.knowledge
    if knowledge.last_discard is None or not knowledge.discards:
        return 0.0
    seat, card = knowledge.last_discard
    if seat != knowledge.previous_seat() or knowledge.discards[-1] != card or not meld >> card & 1:
        return 0.0
    rules = knowledge.rules
    gain = 0.0
    if rules.penalty_feed_head and meld >> knowledge.head & 1:
        gain += ev.situation.rival_charge(rules.penalty_feed_head)
    if rules.penalty_feed_speto and meld & knowledge.speto:
        gain += ev.situation.rival_charge(rules.penalty_feed_speto)
    return gain
