"""How the ``normal`` player plays after taking (:class:`PlayChoice`), and the
legal actions that carry out a plan, which the other levels use too.

It knocks when a knock is open, stepping towards it with a meld or layoff
that keeps the knock card free; otherwise it lays down everything that
scores, except that early on a cheap meld may stay in hand to pick up onto
it; a spe-to goes where laying it off charges another player; and the turn
ends with the best discard (:meth:`Evaluator.best_discard`).
"""

from __future__ import annotations

from dummy_tui.ai.dummy.evaluator import Evaluator
from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.ai.dummy.plans import Pieces, best_lay, coverable, mask_points, table_pieces
from dummy_tui.ai.dummy.weights import Weights
from dummy_tui.engine.actions import Action, Discard, LayOff, Meld
from dummy_tui.engine.cards import cards_of, mask_of
from dummy_tui.engine.families.dummy_penalties import layoff_payer


class PlayChoice:
    """The play phase of :class:`~dummy_tui.ai.dummy.heuristic.HeuristicPlayer`."""

    weights: Weights

    def play(self, ev: Evaluator, legal: list[Action]) -> Action:
        return self.plan_play(ev, legal)[0]

    def plan_play(self, ev: Evaluator, legal: list[Action]) -> tuple[Action, bool]:
        """The play, and whether it is a knock's: the knock's discard, or a meld
        or layoff that keeps the knock card free."""
        situation = ev.situation
        knowledge = situation.knowledge
        hand = knowledge.hand
        melds = knowledge.melds
        _, _, discards = plays_of(legal)
        pieces = table_pieces(melds, knowledge.seat, situation.chain, hand)
        dark = not knowledge.born_at_start
        knock = ev.knocks.best(hand, pieces, dark, melds, knowledge.picked_card())
        if knock is not None:
            card = knock[1]
            if hand == 1 << card:
                return Discard(card), True
            action = knock_step(hand, card, pieces, legal, situation.ace_low_runs)
            if action is not None:
                return action, True
        born = knowledge.born[knowledge.seat]
        lays = born or (knowledge.rules.unborn_play == "free" and ev.lays_unborn(hand))
        if lays and not knowledge.must_knock:
            laid = self.plan_lay(ev, hand)
            if laid:
                action = play_from(laid, legal)
                if isinstance(action, LayOff) and knowledge.speto >> action.card & 1:
                    action = _speto_target(ev, action, legal)
                if action is not None:
                    return action, False
        if not discards:
            return legal[0], False
        hand_cards = mask_of(d.card for d in discards)
        _, card = ev.best_discard(hand_cards, born)
        return Discard(card), False

    def plan_lay(self, ev: Evaluator, hand: int) -> int:
        """The cards to lay down now: everything that scores, unless held back."""
        situation = ev.situation
        knowledge = situation.knowledge
        _, laid = situation.lay(hand, knowledge.melds, True)
        if not self.weights.hold_back or not laid:
            return laid
        # Early on a cheap meld may stay in hand: it lets us pick up cards that
        # extend it from the row, and gives nobody a place to lay off.
        counts = knowledge.hand_counts
        if knowledge.stage > 0.4 or any(counts[o] <= 4 for o in knowledge.opponents()):
            return laid
        held = 0
        memo: dict[int, tuple[int, int, int]] = {}
        _, melds_only = best_lay(laid, {}, situation.weight16, memo, situation.lay_rules)
        for m in _split_melds(melds_only, situation.ace_low_runs):
            if mask_points(m, situation.points) <= 15 and _extension_live(m, knowledge):
                held |= m
                break
        return laid & ~held


def plays_of(legal: list[Action]) -> tuple[list[Meld], list[LayOff], list[Discard]]:
    """The melds, layoffs and discards among ``legal``, each in its order."""
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


def play_from(laid: int, legal: list[Action]) -> Action | None:
    """A legal meld or layoff that lays cards of the plan ``laid``."""
    melds, layoffs, _ = plays_of(legal)
    best: Meld | None = None
    for m in melds:
        mm = mask_of(m.cards)
        if mm & laid == mm and (best is None or len(m.cards) > len(best.cards)):
            best = m
    if best is not None:
        # the largest meld inside the plan; the plan's pieces are whole melds,
        # so a smaller one would only split a longer run
        return best
    return _layoff_within(laid, layoffs)


def _layoff_within(mask: int, layoffs: list[LayOff]) -> LayOff | None:
    """The first of ``layoffs`` that lays a card of ``mask``."""
    for lo in layoffs:
        if mask >> lo.card & 1:
            return lo
    return None


def _split_melds(mask: int, ace_low_runs: bool = False) -> list[int]:
    """Split a mask of laid cards into its connected melds (runs by suit, sets by rank;
    ``ace_low_runs``: an ace that is in no run above a king starts a run A 2 3 …)."""
    out: list[int] = []
    rest = mask
    for suit in range(4):
        bits = (rest >> (suit * 13)) & 0x1FFF
        if ace_low_runs and bits & 0x1003 == 0x1003 and bits & 0x1800 != 0x1800:
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


def _extension_live(meld: int, knowledge: Knowledge) -> bool:
    """Could a card extending this meld still turn up in the row?"""
    cards = cards_of(meld)
    if len({c % 13 for c in cards}) == 1:
        r = cards[0] % 13
        return any(knowledge.unseen >> (s * 13 + r) & 1 for s in range(4))
    lo, hi = cards[0], cards[-1]
    if knowledge.ace_low_runs and hi % 13 == 12 and lo % 13 == 0:
        # A 2 3 …: nothing goes below the ace; above, the card after the highest one
        top = cards[-2]
        return bool(top % 13 < 11 and knowledge.unseen >> (top + 1) & 1)
    below = lo % 13 > 0 and knowledge.unseen >> (lo - 1) & 1
    if knowledge.ace_low_runs and lo % 13 == 0:
        below = knowledge.unseen >> (lo + 12) & 1  # the ace below the 2
    return bool(below or (hi % 13 < 12 and knowledge.unseen >> (hi + 1) & 1))


def _speto_target(ev: Evaluator, action: LayOff, legal: list[Action]) -> LayOff:
    """Where to lay a spe-to off: beside another player's card when that charges them
    (§14.4 ``penalty_speto_laid_off``; in money, ฝากสเปโต pays 3 units from them, or
    one from each onto one's own meld, §14.6); else where the plan put it."""
    situation = ev.situation
    knowledge = situation.knowledge
    penalty = knowledge.rules.penalty_speto_laid_off
    if not (situation.money or penalty):
        return action

    def value(lo: LayOff) -> float:
        meld = knowledge.melds[lo.target].copy()
        meld.add(lo.card, knowledge.seat, lo.low)
        if meld.owner == knowledge.seat:
            return situation.charge(1) if situation.money else 0.0
        if layoff_payer(meld, lo.card) == knowledge.seat:
            return 0.0
        return 3 * situation.unit if situation.money else situation.rival_charge(penalty)

    options = [a for a in legal if isinstance(a, LayOff) and a.card == action.card]
    return max(options, key=value)  # the first of the best: the plan's own on a tie


def knock_step(
    hand: int, card: int, pieces: Pieces, legal: list[Action], ace_low_runs: bool = False
) -> Action | None:
    """A legal meld or layoff after which ``card`` can still be the knock card."""
    rest = hand & ~(1 << card)
    memo: dict[int, tuple[int, int, int]] = {}
    melds, layoffs, _ = plays_of(legal)
    for m in sorted(melds, key=lambda m: -len(m.cards)):
        mm = mask_of(m.cards)
        if mm & rest == mm and coverable(rest & ~mm, pieces, memo, ace_low_runs):
            return m
    for lo in layoffs:
        if rest >> lo.card & 1:
            after = rest & ~(1 << lo.card)
            # the table changes after a layoff: recompute its blocks
            if coverable(after, pieces, memo, ace_low_runs) or after == 0:
                return lo
    # fall back to any layoff of a planned card (run ends shift as cards go down)
    return _layoff_within(rest, layoffs)
