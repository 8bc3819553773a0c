"""The danger of a discard as the ``normal`` player judges it (:class:`DangerJudge`).

A discard is judged by what it gives the players after it: the chance an
opponent holds the cards to meld it (certain for cards it is known to have
picked up), the value of that meld to them (more when they are not born or
close to knocking, and a spe-to is worth 50), and the house penalties in
force (§14.4: a discard that could be laid off or melded with the row, one
picked up, one that feeds the head card or a spe-to).  A spe-to costs half
its points more to throw: it stays in the row for every later pick-up, so it
is rarely thrown early.
"""

from __future__ import annotations

from dummy_tui.ai.dummy.situation import Situation
from dummy_tui.engine.families.dummy_scoring import row_meld


class DangerJudge:
    """The discards' judge of the :class:`~dummy_tui.ai.dummy.evaluator.Evaluator`:
    what each card costs to throw in one ``situation`` (cached per decision)."""

    def __init__(self, situation: Situation) -> None:
        self.situation = situation
        self.costs: dict[int, float] = {}  # by card: what :meth:`cost` found
        self._fits: dict[int, int] = {}  # by seat: the cards it could lay off
        self._opp_info: list[tuple[int, int, int, float, float, float]] | None = None
        self._opp_alike = False  # no opponent's cards known (set with _opp_info)

    def cost(self, card: int) -> float:
        """Expected cost of discarding ``card`` now: what it feeds, and penalties."""
        hit = self.costs.get(card)
        if hit is not None:
            return hit
        situation = self.situation
        knowledge = situation.knowledge
        rules = knowledge.rules
        weights = situation.weights
        cost = 0.0
        layoff = 0.0
        if rules.penalty_discard_layoff and self.fit_mask(situation.seat) >> card & 1:
            layoff = situation.charge(rules.penalty_discard_layoff)
            cost += layoff
        if rules.penalty_discard_row_meld and self.row_meld(card):
            row_meld_cost = situation.charge(rules.penalty_discard_row_meld)
            if rules.discard_penalties_stack or not layoff:
                cost += row_meld_cost
            else:  # §14.4: only the larger of the two
                cost += max(0.0, row_meld_cost - layoff)
        if weights.avoid_danger:
            row = situation.row_mask
            pairs = situation.pairs[card]
            base = weights.feed_gain + 2 * situation.points[card]
            picked = rules.penalty_discard_picked
            to_layoff = rules.pickup_to_layoff
            born = knowledge.born
            live = situation.live
            untaken = 1.0  # the chance that no opponent picks the card up at once
            info = self.opponent_info()
            # with no cards known in any opponent's hand (a playout's view), which
            # pairs count and how many of their cards are sure is the same for all:
            # found once, as the number of sure cards per pair (1.0 * p is p exactly,
            # so the sums below are the ones of the general loop)
            codes: list[int] | None = None
            if self._opp_alike:
                possible, sure = info[0][1], info[0][2]
                codes = [
                    (1 if sure & x else 0) + (1 if sure & y else 0)
                    for x, y in pairs
                    if possible & x and possible & y and not (row & x and row & y)
                ]
            for i, (o, possible, sure, p, extra, weight) in enumerate(info):
                q = 0.0
                if codes is not None:
                    pp = p * p
                    for code in codes:
                        q += pp if code == 0 else p if code == 1 else 1.0
                else:
                    for x, y in pairs:
                        # three cards of the row make no pick-up alone
                        if possible & x and possible & y and not (row & x and row & y):
                            q += (1.0 if sure & x else p) * (1.0 if sure & y else p)
                if to_layoff and born[o] and self.fit_mask(o) >> card & 1:
                    q += 1.0
                q = min(1.0, q)
                if q <= 0.0:
                    continue
                if picked:
                    untaken *= 1.0 - q * live[i]
                cost += weights.danger_scale * weight * q * (base + extra)
            if picked:
                # §14.4: charged when another player picks the card up as the chosen card
                cost += (1.0 - untaken) * situation.charge(picked)
            if rules.penalty_feed_head or rules.penalty_feed_speto:
                cost += self._feed_penalties(card)
            if knowledge.speto >> card & 1:
                cost += weights.speto_throw * situation.points[card]
        self.costs[card] = cost
        return cost

    def fit_mask(self, seat: int) -> int:
        """The cards ``seat`` could lay off onto the table (cached per seat)."""
        hit = self._fits.get(seat)
        if hit is None:
            hit = 0
            for m in self.situation.knowledge.melds:
                hit |= m.fit_mask(seat, self.situation.chain)
            self._fits[seat] = hit
        return hit

    def row_meld(self, card: int) -> bool:
        """:func:`row_meld` of ``card`` onto the row (§12, §14.4 ``row_meld_rule``)."""
        situation = self.situation
        knowledge = situation.knowledge
        rule = knowledge.rules.row_meld_rule
        if rule != "anywhere":
            return row_meld(card, knowledge.discards, situation.ace_low_runs, rule)
        row = situation.row_mask  # a meld with two or more cards anywhere in the row
        return any(row >> x & 1 and row >> y & 1 for x, y in situation.partners[card])

    def opponent_info(self) -> list[tuple[int, int, int, float, float, float]]:
        """Per opponent (cached): seat, cards it may hold or take from the row,
        the ones of them it surely holds or can take (the row, and its known
        cards), the chance it holds each other one, what a meld is worth to it
        beyond the card, and how much its threat counts."""
        if self._opp_info is None:
            situation = self.situation
            knowledge = situation.knowledge
            weights = situation.weights
            threats = weights.opponent_weights
            n = knowledge.unseen.bit_count()
            info = []
            for i, o in enumerate(situation.opponents):
                extra = 0.0
                if not knowledge.born[o]:
                    extra += weights.feed_unborn
                if knowledge.hand_counts[o] <= 4:
                    extra += weights.feed_knock * (1.5 if knowledge.hand_counts[o] <= 2 else 1.0)
                    if i == 0:
                        extra += self.fool_cost() * 0.5
                weight = threats[min(i, len(threats) - 1)] * situation.live[i]
                sure = situation.row_mask | knowledge.known[o]
                p = knowledge.unknown_slots(o) / n if n else 0.0
                info.append((o, sure | knowledge.unseen, sure, p, extra, weight))
            self._opp_info = info
            self._opp_alike = not any(knowledge.known[o] for o in situation.opponents)
        return self._opp_info

    def fool_cost(self) -> float:
        """What being fooled (โง่, §9) costs: the fool penalty, or in money scoring the
        6 units the fooled player alone pays the knocker."""
        penalty = self.situation.knowledge.rules.fool_penalty
        if self.situation.money:
            return 6 * self.situation.unit if penalty else 0.0
        return penalty

    def _feed_penalties(self, card: int) -> float:
        situation = self.situation
        knowledge = situation.knowledge
        rules = knowledge.rules
        if rules.feed_rule == "fresh":
            return self._fresh_feed(card)
        cost = 0.0
        near_of = situation.near[card]
        speto = knowledge.speto
        targets: list[tuple[int, float]] = []
        if rules.penalty_feed_head and knowledge.head_in_row and near_of >> knowledge.head & 1:
            targets.append((knowledge.head, situation.charge(rules.penalty_feed_head)))
        near_row = near_of & situation.row_mask
        if not speto >> card & 1:
            near_row &= speto  # only a spe-to of the row is at stake
        if rules.penalty_feed_speto and near_row:
            for r in knowledge.discards:
                near = near_of >> r & 1
                if near and (speto >> r & 1 or speto >> card & 1):
                    targets.append((r, situation.charge(rules.penalty_feed_speto)))
        for other, penalty in targets:
            p = 0.0
            for x, y in situation.partners[card]:
                if x == other:
                    p += sum(knowledge.holds(o, y) for o in knowledge.opponents())
                elif y == other:
                    p += sum(knowledge.holds(o, x) for o in knowledge.opponents())
            cost += min(1.0, p) * penalty
        return cost

    def _fresh_feed(self, card: int) -> float:
        """§14.4 ``feed_rule = "fresh"`` (ปี้): the next player picks up at once with a
        meld that holds this discard and the head card or a spe-to (its own ones too)."""
        situation = self.situation
        knowledge = situation.knowledge
        rules = knowledge.rules
        o = situation.opponents[0]
        head = rules.penalty_feed_head and knowledge.head_in_row
        in_row = situation.row_mask
        p_head = p_speto = 0.0
        for x, y in situation.partners[card]:
            with_head = head and knowledge.head in (x, y)
            with_speto = rules.penalty_feed_speto and knowledge.speto & (
                1 << card | 1 << x | 1 << y
            )
            if not (with_head or with_speto) or (in_row >> x & 1 and in_row >> y & 1):
                continue
            p = (1.0 if in_row >> x & 1 else knowledge.holds(o, x)) * (
                1.0 if in_row >> y & 1 else knowledge.holds(o, y)
            )
            if with_head:
                p_head += p
            if with_speto:
                p_speto += p
        live = situation.live[0]
        return live * (
            min(1.0, p_head) * situation.charge(rules.penalty_feed_head)
            + min(1.0, p_speto) * situation.charge(rules.penalty_feed_speto)
        )
