"""The best reading of OpenSpiel's gin bot there can be: a measuring stick.

``benchmarks/vs_openspiel.py --levels hard+bayes`` plays ``hard`` with this
reading in place of its own.  The bot plays by a fixed rule (OpenSpiel's
``SimpleGinRummyBot``, described in our words):

* it takes the upcard when the eleven cards would let it knock, or when the
  upcard belongs to the melds of the eleven cards' least deadwood; else it
  draws from the stock (or passes the first upcard);
* it knocks as soon as its eleven cards allow, and otherwise throws the
  highest-ranked card (ace low) left out of the melds of least deadwood.

Given everything the bot did, the hands it can hold are weighed by that rule
itself: a hand under which the bot would have acted otherwise at any of its
turns is all but ruled out.  The bot's hidden cards are placed in *slots*:
the ten it was dealt and one per stock draw, in order, so that every turn
is judged on the hand the bot held then, and each card it threw sits in a
slot before it was thrown.  A Metropolis chain over the slots (a hidden card
swapped with an unseen one, or two slots swapped) samples the hands the rule
allows; each breach of the rule weighs a hand by :data:`BREACH`, so that a
tie the rule leaves to the bot's sort order does not empty the sample.

The chain's length can be set for a run: ``GIN_POSTERIOR_BURN`` steps
before the first sample (1500) and ``GIN_POSTERIOR_EVERY`` steps between
samples (5).  The reading is exact up to the chain's length: it is the most ``hard``'s way
of reading can know, from the bot's play alone.  How many hands ``hard`` wins
with it bounds what any better reading could give ``hard`` against this bot.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass, field

from dummy_tui.ai.gin.players import opening_pile
from dummy_tui.ai.gin.reading import PAIR_MASKS
from dummy_tui.engine import deadwood as dead
from dummy_tui.engine.actions import Discard, Draw, Knock, Pass, TakeDiscard
from dummy_tui.engine.families.gin import GinView

BREACH = 1e-3  # the weight of each turn at which the bot would have acted otherwise
BURN = int(os.environ.get("GIN_POSTERIOR_BURN", "1500"))  # chain steps before the first sample
SAMPLES = 300
EVERY = int(os.environ.get("GIN_POSTERIOR_EVERY", "5"))  # chain steps between samples


def ace_low_rank(card: int) -> int:
    return (card % 13 + 1) % 13


@dataclass
class Story:
    """The opponent's turns, oldest first, and the cards it was dealt."""

    events: list[tuple[str, int]]  # ("take", c), ("decline", c), ("draw", -1), ("discard", c)
    dealt: int
    limit: int
    draw_at: list[int] = field(default_factory=list)  # event index of each stock draw
    forced: list[tuple[int, int]] = field(default_factory=list)  # (event index, card) thrown

    def __post_init__(self) -> None:
        self.draw_at = [i for i, (k, _) in enumerate(self.events) if k == "draw"]
        held: set[int] = set()
        for i, (k, c) in enumerate(self.events):
            if k == "take":
                held.add(c)
            elif k == "discard":
                if c in held:
                    held.discard(c)
                else:
                    self.forced.append((i, c))


def opponent_story(view: GinView) -> Story:
    """The opponent's turns in ``view``'s history, as the bot met them."""
    opp = 1 - view.seat
    pile = opening_pile(view)
    events: list[tuple[str, int]] = []
    takes = draws = discards = 0
    for seat, action in view.history:
        if isinstance(action, TakeDiscard):
            if pile:
                pile.pop()
            if seat == opp:
                events.append(("take", action.card))
                takes += 1
        elif isinstance(action, Discard | Knock):
            pile.append(action.card)
            if seat == opp:
                events.append(("discard", action.card))
                discards += 1
        elif isinstance(action, Pass | Draw) and seat == opp:
            if pile:
                events.append(("decline", pile[-1]))
            if isinstance(action, Draw):
                events.append(("draw", -1))
                draws += 1
    dealt = view.hand_counts[opp] - takes - draws + discards
    limit = int(getattr(view.rules, "knock_limit", 10))
    return Story(events, dealt, limit)


class BotRule:
    """The bot's rule, asked of many hands (answers kept for one decision)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._takes: dict[tuple[int, int], bool] = {}
        self._throws: dict[tuple[int, int], bool] = {}

    def takes(self, hand: int, card: int) -> bool:
        key = (hand, card)
        hit = self._takes.get(key)
        if hit is None:
            eleven = hand | (1 << card)
            if dead.deadwood_after_discard(eleven) <= self.limit:
                hit = True
            else:
                _, ways = dead.arrangements(eleven)
                melded = 0
                for m in ways[0]:
                    melded |= m
                hit = bool(melded >> card & 1)
            self._takes[key] = hit
        return hit

    def throws(self, hand: int, card: int) -> bool:
        """Whether the bot, holding eleven cards ``hand``, would throw ``card``."""
        key = (hand, card)
        hit = self._throws.get(key)
        if hit is None:
            hit = False
            if dead.deadwood_after_discard(hand) > self.limit:  # else it knocks
                _, ways = dead.arrangements(hand)
                for way in ways:
                    melded = 0
                    for m in way:
                        melded |= m
                    left = hand & ~melded
                    if not left >> card & 1:
                        continue
                    top = max(ace_low_rank(c) for c in range(52) if left >> c & 1)
                    if ace_low_rank(card) == top:
                        hit = True
                        break
            self._throws[key] = hit
        return hit


def breaches(story: Story, rule: BotRule, slots: list[int]) -> tuple[int, int]:
    """(turns the bot would have played otherwise, its hand now) for ``slots``:
    the dealt cards first, then one card per stock draw."""
    hand = 0
    for c in slots[: story.dealt]:
        hand |= 1 << c
    j = story.dealt
    bad = 0
    for kind, c in story.events:
        if kind == "draw":
            hand |= 1 << slots[j]
            j += 1
        elif kind == "take":
            if not rule.takes(hand, c):
                bad += 1
            hand |= 1 << c
        elif kind == "decline":
            if rule.takes(hand, c):
                bad += 1
        else:
            if not rule.throws(hand, c):
                bad += 1
            hand &= ~(1 << c)
    return bad, hand


def meldable(card: int, hand: int) -> bool:
    """Whether ``hand`` holds two cards that make a three-card meld with ``card``."""
    return any(hand & pair == pair for pair in PAIR_MASKS[card])


def read_bot(
    story: Story, pool: list[int], cards: list[int], rng: random.Random
) -> dict[int, float]:
    """For each of ``cards``, the chance that the bot's hand now holds two cards
    that meld with it, over hands sampled by the bot's own rule."""
    n = story.dealt + len(story.draw_at)
    time = [-1] * story.dealt + story.draw_at  # when each slot's card came into the hand
    slots = [-1] * n
    limit_of = [len(story.events)] * n  # a thrown card must come in before it is thrown
    for i, c in story.forced:
        free = [s for s in range(n) if slots[s] < 0 and time[s] < i]
        s = rng.choice(free)
        slots[s] = c
        limit_of[s] = i
    hidden = list(pool)
    rng.shuffle(hidden)
    for s in range(n):
        if slots[s] < 0:
            slots[s] = hidden.pop()
    outside = hidden  # unseen cards in no slot: the stock
    end = len(story.events)  # the limit of a slot whose card was not thrown
    rule = BotRule(story.limit)
    bad, hand = breaches(story, rule, slots)
    meld = dict.fromkeys(cards, 0.0)
    taken = 0

    def kept(new: tuple[int, int]) -> bool:
        """Metropolis: a hand with more breaches is kept at BREACH a breach."""
        nonlocal bad, hand
        if new[0] <= bad or rng.random() < BREACH ** (new[0] - bad):
            bad, hand = new
            return True
        return False

    for step in range(BURN + SAMPLES * EVERY):
        if outside and rng.random() < 0.6:
            s = rng.randrange(n)
            if limit_of[s] == end:  # a card the bot threw stays in its hand's past
                o = rng.randrange(len(outside))
                slots[s], outside[o] = outside[o], slots[s]
                if not kept(breaches(story, rule, slots)):
                    slots[s], outside[o] = outside[o], slots[s]
        elif n > 1:
            s, t = rng.sample(range(n), 2)
            # a thrown card stays in a slot that came before its throw
            if time[t] < limit_of[s] and time[s] < limit_of[t]:
                slots[s], slots[t] = slots[t], slots[s]
                limit_of[s], limit_of[t] = limit_of[t], limit_of[s]
                if not kept(breaches(story, rule, slots)):
                    slots[s], slots[t] = slots[t], slots[s]
                    limit_of[s], limit_of[t] = limit_of[t], limit_of[s]
        if step >= BURN and not (step - BURN) % EVERY:
            taken += 1
            for c in cards:
                if meldable(c, hand):
                    meld[c] += 1.0
    return {c: v / max(1, taken) for c, v in meld.items()}
