"""Gin rummy players: ``easy`` (greedy), ``normal`` and ``hard``.

All of them read one seat's :class:`GinView` only.  What the seat knows is
rebuilt from the public history: the cards the opponent took from the pile
(and still holds), the cards it threw or passed, and the cards nobody has seen.

``normal`` values a ten-card hand by its deadwood less the gain it may expect
from the next draw (the mean fall in deadwood over every card it has not
seen) and, above all, the chance that the next draw lets it knock; it charges
each discard with the chance that the opponent melds it.  It takes the upcard
when the hand it keeps is better than the one it has, and knocks as soon as it
can unless the opponent, dealt at random from the unseen cards around what it
is known to hold, would undercut it too often.

``hard`` reads the opponent's hand: it samples hands for it from the unseen
cards and weighs each by how well it explains what the opponent did (the
cards it took, threw, passed or left on the pile, and whether its last
discard was its best); the chance that a discard melds with the opponent's
hand comes from those weighed hands instead of from each card alone
(:mod:`dummy_tui.ai.gin.reading`).

How they fare against OpenSpiel's bot, and what was tried: docs/gin-ai.md.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from dummy_tui.ai.gin.reading import Reading, read_opponent
from dummy_tui.engine import deadwood as dead
from dummy_tui.engine.actions import DRAW, PASS, Action, Discard, Draw, Knock, Pass, TakeDiscard
from dummy_tui.engine.cards import CARDS_52, cards_of
from dummy_tui.engine.families.gin import GinView
from dummy_tui.engine.melds import TableMeld
from dummy_tui.engine.relations import PARTNERS_LOW
from dummy_tui.families import GIN_READ_SAMPLES
from dummy_tui.rules.schema import GinRules

# ---------------------------------------------------------------------------
# What the seat knows


@dataclass(slots=True)
class GinKnowledge:
    hand: int
    opp_known: int  # cards the opponent took from the pile and still holds
    unseen: int  # cards this seat has not seen (the stock and the rest of the opponent's hand)
    opp_count: int
    stock_count: int
    top: int | None  # the top discard
    turns: int  # discards made so far
    opp_declined: tuple[int, ...] = ()  # cards it threw, passed or left on the pile (oldest first)
    opp_last: int | None = None  # its last discard, when its hand has not changed since

    @property
    def opp_unknown(self) -> int:
        """How many of the opponent's cards this seat does not know."""
        return max(0, self.opp_count - self.opp_known.bit_count())


def opening_pile(view: GinView) -> list[int]:
    """The pile before the first move: the upcard, the first card taken before
    any discard, else the oldest in the pile (none in a view without one)."""
    upcard = view.discards[0] if view.discards else -1
    for _, action in view.history:
        if isinstance(action, Discard | Knock):
            break
        if isinstance(action, TakeDiscard):
            upcard = action.card
            break
    return [upcard] if upcard >= 0 else []


def read_view(view: GinView) -> GinKnowledge:
    me = view.seat
    opp = 1 - me
    pile = opening_pile(view)
    known = 0
    turns = 0
    declined: list[int] = []
    last: int | None = None
    for seat, action in view.history:
        if seat == opp:
            last = action.card if isinstance(action, Discard) else None
        if isinstance(action, TakeDiscard):
            if pile:
                pile.pop()
            if seat == opp:
                known |= 1 << action.card
        elif isinstance(action, Discard | Knock):
            pile.append(action.card)
            turns += 1
            if seat == opp:
                known &= ~(1 << action.card)
                declined.append(action.card)
        elif isinstance(action, Pass | Draw) and seat == opp and pile:
            declined.append(pile[-1])  # passed, or left on the pile for a draw
    hand = view.hand_mask
    seen = hand | known
    for c in view.discards:
        seen |= 1 << c
    for m in view.melds:
        seen |= m.mask
    return GinKnowledge(
        hand=hand,
        opp_known=known,
        unseen=CARDS_52 & ~seen,
        opp_count=view.hand_counts[opp],
        stock_count=view.stock_count,
        top=view.discards[-1] if view.discards else None,
        turns=turns,
        opp_declined=tuple(dict.fromkeys(c for c in declined if not known >> c & 1)),
        opp_last=last,
    )


# ---------------------------------------------------------------------------
# Weights


@dataclass(frozen=True, slots=True)
class GinWeights:
    potential: float = 2.0  # deadwood-equivalents per point of expected fall in deadwood
    knock_chance: float = 48.0  # per unit of chance that one draw lets the hand knock
    danger: float = 10.0  # per unit of chance that the opponent melds a discard
    take_margin: float = 0.5  # taking the upcard shows the opponent a card
    undercut_risk: float = 0.45  # knock unless the undercut chance is above this
    samples: int = 24  # opponent hands sampled for the undercut check
    reads: bool = False  # read the opponent's hand from what it did, by weighed samples
    reading: Reading = field(default_factory=Reading)


NORMAL = GinWeights()
HARD = GinWeights(reads=True)
READ_SAMPLES = GIN_READ_SAMPLES  # opponent hands sampled for the reading (``hard``)


# ---------------------------------------------------------------------------
# Hand values


class GinEvaluator:
    """Values of hands and discards for one decision (caches per decision)."""

    def __init__(self, knowledge: GinKnowledge, weights: GinWeights, limit: int) -> None:
        self.knowledge = knowledge
        self.weights = weights
        self.limit = limit
        self.unseen = cards_of(knowledge.unseen)
        self._values: dict[int, float] = {}
        self.meld_chance: dict[int, float] | None = None  # read from sampled hands (``hard``)
        # chance that the opponent holds a given unseen card
        pool = max(1, len(self.unseen))
        self.p_hold = [0.0] * 52
        base = knowledge.opp_unknown / pool
        for c in self.unseen:
            self.p_hold[c] = base
        for c in cards_of(knowledge.opp_known):
            self.p_hold[c] = 1.0

    def value(self, hand: int) -> float:
        """Lower is better: deadwood less what the next draws may bring."""
        hit = self._values.get(hand)
        if hit is not None:
            return hit
        dw = dead.deadwood(hand)
        gain = 0.0
        knocks = 0
        for u in self.unseen:
            after = dead.deadwood_after_discard(hand | (1 << u))
            gain += dw - after
            if after <= self.limit:
                knocks += 1
        n = max(1, len(self.unseen))
        v = dw - self.weights.potential * gain / n - self.weights.knock_chance * knocks / n
        if dw == 0:
            v -= self.weights.knock_chance
        self._values[hand] = v
        return v

    def danger(self, card: int) -> float:
        """Chance that the opponent can meld ``card`` (or lay it on a meld it holds)."""
        if self.meld_chance is not None:
            found = self.meld_chance.get(card)
            if found is not None:
                return found
        p_hold = self.p_hold
        miss = 1.0
        for a, b in PARTNERS_LOW[card]:
            p = p_hold[a] * p_hold[b]
            if p:
                miss *= 1.0 - p
        return 1.0 - miss

    def discard_cost(self, hand: int, card: int) -> float:
        return self.value(hand & ~(1 << card)) + self.weights.danger * self.danger(card)

    def best_discard(self, hand: int, forbidden: int | None) -> tuple[float, int]:
        best: tuple[float, int] | None = None
        for c in cards_of(hand):
            if c == forbidden:
                continue
            cost = self.discard_cost(hand, c)
            if best is None or cost < best[0]:
                best = (cost, c)
        assert best is not None
        return best

    # -- the knock --------------------------------------------------------

    def undercut_chance(self, hand: int, rng: random.Random) -> float:
        """Chance that the defender ends with no more deadwood than ``hand`` leaves."""
        kd, ways = dead.arrangements(hand)
        if kd == 0:
            return 0.0
        melds = [TableMeld.new(0, cards_of(m), ace_low=True) for m in ways[0]]
        knowledge = self.knowledge
        unknown = self.unseen
        need = min(knowledge.opp_unknown, len(unknown))
        hits = 0
        n = self.weights.samples
        for _ in range(n):
            picked = _random_pick(unknown, need, rng)
            theirs = knowledge.opp_known
            for c in picked:
                theirs |= 1 << c
            dd, _, _ = dead.best_defence(theirs, melds, layoffs=True)
            if dd <= kd:
                hits += 1
        return hits / n


def _random_pick(items: list[int], count: int, rng: random.Random) -> list[int]:
    """``count`` distinct items at random (the first ``count`` of a random order)."""
    if count <= 0:
        return []
    return sorted(items, key=lambda _: -rng.random())[:count]


# ---------------------------------------------------------------------------
# Players


class GinPlayer:
    """The ``normal`` and ``hard`` gin player.

    ``hard`` reads the opponent's hand from ``samples`` sampled hands, and
    then never looks at the clock, so that its play does not depend on the
    speed of the machine (``make_player`` gives it the family's
    :data:`READ_SAMPLES` unless told to think by the clock).  Without
    ``samples`` it reads up to :data:`READ_SAMPLES` and stops early when the
    decision has taken half of ``budget_ms`` (default 300).
    """

    def __init__(
        self,
        level: str,
        seed: int | None = None,
        budget_ms: float = 300.0,
        samples: int | None = None,
    ) -> None:
        self.level = level
        self.seed = 0 if seed is None else seed
        self.rng = random.Random(seed)
        self.weights = HARD if level == "hard" else NORMAL
        self.budget_ms = budget_ms
        self.samples = samples

    def choose(self, view: GinView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        started = time.perf_counter()
        knowledge = read_view(view)
        assert isinstance(view.rules, GinRules)
        limit = int(view.rules.knock_limit)
        ev = GinEvaluator(knowledge, self.weights, limit)
        if self.weights.reads:
            # seeded by the public position only: the same view gives the same samples
            rng = random.Random(f"{self.seed}:{view.seat}:{len(view.history)}:{view.phase}")
            self._read(view, knowledge, ev, rng, started)
        else:
            rng = random.Random(self.rng.getrandbits(32))
        if view.phase == "take":
            return self._take(legal, knowledge, ev)
        return self._discard(legal, knowledge, ev, rng)

    # -- normal --------------------------------------------------------------

    def _take(self, legal: list[Action], knowledge: GinKnowledge, ev: GinEvaluator) -> Action:
        take = next((a for a in legal if isinstance(a, TakeDiscard)), None)
        other: Action = DRAW if DRAW in legal else PASS
        if take is None:
            return other
        hand = knowledge.hand
        with_up = hand | (1 << take.card)
        # a knock at once is worth the card
        options = dead.discard_deadwoods(with_up, ev.limit)
        if any(c != take.card for c in options):
            return take
        taken_value = ev.best_discard(with_up, take.card)[0]
        keep_value = ev.value(hand)
        if taken_value < keep_value - self.weights.take_margin:
            return take
        return other

    def _discard(
        self, legal: list[Action], knowledge: GinKnowledge, ev: GinEvaluator, rng: random.Random
    ) -> Action:
        hand = knowledge.hand
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            knock = self._knock_choice(knocks, hand, ev, rng)
            if knock is not None:
                return knock
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]
        return min(discards, key=lambda a: (ev.discard_cost(hand, a.card), a.card))

    def _knock_choice(
        self, knocks: list[Knock], hand: int, ev: GinEvaluator, rng: random.Random
    ) -> Knock | None:
        dw, card, best = self._best_knock(knocks, hand, ev)
        if dw == 0:
            return best
        risk = ev.undercut_chance(hand & ~(1 << card), rng)
        if risk > self.weights.undercut_risk:
            return None
        return best

    @staticmethod
    def _best_knock(knocks: list[Knock], hand: int, ev: GinEvaluator) -> tuple[int, int, Knock]:
        scored = []
        for a in knocks:
            left = hand & ~(1 << a.card)
            scored.append((dead.deadwood(left), ev.danger(a.card), a.card, a))
        scored.sort(key=lambda t: (t[0], t[1], t[2]))
        dw, _, card, best = scored[0]
        return dw, card, best

    # -- hard ----------------------------------------------------------------

    @staticmethod
    def _cards_to_read(view: GinView, knowledge: GinKnowledge) -> list[int]:
        """The cards whose danger a decision weighs: the hand's, and the upcard while taking."""
        cards = cards_of(knowledge.hand)
        if view.phase == "take" and knowledge.top is not None:
            cards.append(knowledge.top)
        return cards

    def _read(
        self,
        view: GinView,
        knowledge: GinKnowledge,
        ev: GinEvaluator,
        rng: random.Random,
        started: float,
    ) -> None:
        """Weigh sampled opponent hands by what it did: the danger of each card."""

        cards = self._cards_to_read(view, knowledge)
        fixed = self.samples is not None
        read = read_opponent(
            cards_of(knowledge.unseen),
            knowledge.opp_unknown,
            knowledge.opp_known,
            list(knowledge.opp_declined),
            knowledge.opp_last,
            cards,
            self.weights.reading,
            self.samples if self.samples is not None else READ_SAMPLES,
            rng,
            None if fixed else started + self.budget_ms / 2000.0,
        )
        ev.meld_chance = read.meld_chance


class EasyGinPlayer:
    """A beginner: takes the upcard when it lowers the deadwood, throws the
    highest unmatched card, knocks as soon as it can."""

    level = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: GinView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        hand = view.hand_mask
        if view.phase == "take":
            take = next((a for a in legal if isinstance(a, TakeDiscard)), None)
            if take is not None:
                after = dead.discard_deadwoods(hand | (1 << take.card))
                after.pop(take.card, None)
                if after and min(after.values()) < dead.deadwood(hand):
                    return take
            return next((a for a in legal if isinstance(a, Draw | Pass)), legal[0])
        knocks = [a for a in legal if isinstance(a, Knock)]
        if knocks:
            return min(knocks, key=lambda a: (dead.deadwood(hand & ~(1 << a.card)), a.card))
        options = dead.discard_deadwoods(hand)
        discards = [a for a in legal if isinstance(a, Discard)]
        return min(
            discards,
            key=lambda a: (options[a.card], -dead.GIN_POINTS[a.card], self.rng.random()),
        )


__all__ = [
    "EasyGinPlayer",
    "GinKnowledge",
    "GinPlayer",
    "GinWeights",
    "opening_pile",
    "read_view",
]
