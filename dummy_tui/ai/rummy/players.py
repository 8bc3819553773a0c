"""Basic rummy players (``easy``, ``normal``, ``hard``), from one seat's view.

A turn: take the top discard when it makes a meld or extends one on the
table, else draw; lay the melds of the hand's least-deadwood arrangement and
every layoff (going out whenever the hand can be emptied); then discard.

The discard keeps the hand's value lowest, less what the next draws may
bring: heads-up its deadwood (ace low, the points that would be caught if the
other player went out); at three or four players the cards it has yet to
meld, whatever their points, since the round goes to whoever melds every card
first (players that throw their high cards fill the pile, and so the
turned-over stock, with cards nobody melds, and the stock runs out twice with
nobody out).  ``normal`` and ``hard`` also weigh feeding the next player (a card
that extends a meld on the table or melds with cards that player took from
the pile) and, once the hand is down to a few cards, how many of the unseen
cards would let it go out next turn: a small hand that no card can finish
leaves the round to run out of stock with nobody out.  Once the pile has been
turned over, every card of the stock is one they saw thrown, in order: they
count on those cards, and a small hand plays its own next draws ahead: it
keeps the cards that go out soonest with them, and takes the discard instead
of drawing when that goes out sooner (not two turns running, so that the
stock still runs down).  ``hard`` leans less on
the coming draws and on that danger.
"""

from __future__ import annotations

import random
from itertools import combinations

from dummy_tui.ai.base import leveled
from dummy_tui.engine.actions import DRAW, Action, Discard, Draw, LayOff, Meld, TakeDiscard
from dummy_tui.engine.cards import CARDS_52, cards_of
from dummy_tui.engine.deadwood import (
    GIN_POINTS,
    best_melds,
    deadwood,
    deadwood_after_discard,
    run_extensions,
    to_low,
)
from dummy_tui.engine.families.rummy import RummyView
from dummy_tui.engine.melds import TableMeld, meldable
from dummy_tui.engine.relations import PARTNERS_LOW
from dummy_tui.rules.schema import RummyRules

LOOSE_POINTS = 6.0
"""What each card left out of melds costs a hand at three or four players
(about a card's points): there the hand is valued by how many cards it has
yet to meld, not by their points."""
OUT_HAND = 4
"""The most cards a hand may keep for the chance of going out next turn to count."""
OUT_WORTH = 300.0
"""What going out next turn is worth to the discard's cost, times its chance."""


_LOOSE: dict[int, int] = {}
_LOOSE_LIMIT = 200_000


def loose(mask: int) -> int:
    """The fewest cards of ``mask`` left out of melds (sets, and runs with the ace low)."""
    found = _LOOSE.get(mask)
    if found is None:
        found = _loose(to_low(mask))
        if len(_LOOSE) >= _LOOSE_LIMIT:
            _LOOSE.clear()
        _LOOSE[mask] = found
    return found


def _loose(low: int) -> int:
    """:func:`loose` of a low-layout mask: its lowest card is left out, or set
    with two or three of its rank, or starts a run (it is the lowest of its
    suit, and the cards of its rank are all in later suits)."""
    can = meldable(low)  # the low layout is a mask like any: sets and runs alike
    out = (low & ~can).bit_count()
    low &= can
    if not low:
        return out
    bit = low & -low
    c = bit.bit_length() - 1
    suit, pos = divmod(c, 13)
    rest = low ^ bit
    best = 1 + _loose(rest)
    same = [b for t in range(suit + 1, 4) if (b := 1 << (13 * t + pos)) & rest]
    for a, b in combinations(same, 2):
        best = min(best, _loose(rest & ~(a | b)))
    if len(same) == 3:
        best = min(best, _loose(rest & ~(same[0] | same[1] | same[2])))
    run = bit
    for top in range(pos + 1, 13):
        nxt = 1 << (13 * suit + top)
        if not rest & nxt:
            break
        run |= nxt
        if top >= pos + 2:
            best = min(best, _loose(low & ~run))
    return out + best


def loose_after_discard(mask: int) -> int:
    """:func:`loose` after the best discard: one loose card fewer, where there
    is one (an arrangement that leaves a card out still melds the rest)."""
    n = loose(mask)
    if n:
        return n - 1
    return min(loose(mask & ~(1 << c)) for c in cards_of(mask))


def layable(hand: int, melds: list[TableMeld]) -> int:
    """The cards of ``hand`` that could be laid off onto ``melds`` (runs
    extended by blocks of the hand's cards, the fourth card of a set)."""
    out = 0
    for m in melds:
        for block in run_extensions(m, hand):
            out |= block
    return out


def goes_out_with(hand: int, card: int, melds: list[TableMeld]) -> bool:
    """Could ``hand`` with ``card`` drawn be melded and laid off but for the
    one card discarded last?"""
    held = hand | 1 << card
    rest = held & ~layable(held, melds)
    return rest & (rest - 1) == 0 or deadwood_after_discard(rest) == 0


def turned_stock(view: RummyView) -> list[int | None] | None:
    """The stock once the pile has been turned over: the cards every player saw
    go onto the pile, in the order they will be drawn (the next draw last);
    None stands for the first upcard where nobody saw it again.  None before
    the turn-over (the stock is unseen then), or where the history does not
    account for the stock's count."""
    rules = view.rules
    if not view.restocks or not isinstance(rules, RummyRules):
        return None
    left = int(rules.deck_size()) - view.players * rules.hand_size[view.players] - 1
    pile: list[int | None] = [None]  # the upcard, seen only by whoever takes it
    turned: list[int | None] | None = None
    for _, action in view.history:
        if isinstance(action, Draw):
            if turned is None:
                left -= 1
            elif turned:
                turned.pop()
        elif isinstance(action, TakeDiscard):
            if pile:
                pile.pop()
        elif isinstance(action, Discard):
            pile.append(action.card)
            if turned is None and left == 0:  # the next turn starts with no stock
                turned = list(reversed(pile[:-1]))
                pile = pile[-1:]
    if turned is None or len(turned) != view.stock_count:
        return None
    return turned


PLAN_TURNS = 12
"""How many of its own known draws a seat plays ahead, once the pile is the stock."""


class Plan:
    """A seat's own known draws, in order, played ahead: in how few of its turns
    each hand goes out, throwing the best card each time (worked out once a
    hand and turn, for every hand a decision weighs)."""

    def __init__(self, draws: list[int], melds: list[TableMeld]) -> None:
        self.draws = draws
        self.melds = melds
        self.memo: dict[tuple[int, int], int | None] = {}

    def turns(self, held: int, k: int = 0) -> int | None:
        """The fewest turns from the ``k``-th draw on in which ``held`` goes out
        (None: not within the draws)."""
        if k == len(self.draws):
            return None
        key = (held, k)
        if key in self.memo:
            return self.memo[key]
        card = self.draws[k]
        best: int | None = None
        if goes_out_with(held, card, self.melds):
            best = 1
        else:
            rest = down(held | 1 << card, self.melds)
            for c in cards_of(rest):
                found = self.turns(rest & ~(1 << c), k + 1)
                if found is not None and (best is None or found + 1 < best):
                    best = found + 1
                    if best == 2:
                        break  # the next turn: none sooner
        self.memo[key] = best
        return best


def down(held: int, melds: list[TableMeld]) -> int:
    """What stays in hand once the cards that lay off and the best melds are down."""
    held &= ~layable(held, melds)
    for m in best_melds(held):
        held &= ~m
    return held


def took_last_turn(view: RummyView) -> bool:
    """Did the seat to move take from the pile (not draw) in its last turn?"""
    for seat, action in reversed(view.history):
        if seat == view.seat and isinstance(action, Draw | TakeDiscard):
            return isinstance(action, TakeDiscard)
    return False


def sooner_by_taking(view: RummyView, card: int) -> int | None:
    """Once the draws are known: in how many turns the seat to move goes out by
    taking ``card`` from the pile (and throwing another), where that is fewer
    than by drawing (None: it is not, or the draws are not known).  Taking
    leaves the stock as it is, so each later draw of the seat comes one card
    sooner.

    Never two turns running: a seat that took last turn draws, so the stock
    runs down and the round ends however the seats play."""
    hand = view.hand_mask
    if hand.bit_count() > OUT_HAND or took_last_turn(view):
        return None
    turned = turned_stock(view)
    n = view.players
    if not turned or None in turned[-n * PLAN_TURNS :]:
        return None
    known = [c for c in turned if c is not None]
    drawing = Plan(known[-1::-n][:PLAN_TURNS], view.melds).turns(hand)
    later = Plan(known[-n::-n][: PLAN_TURNS - 1], view.melds)
    held = down(hand | 1 << card, view.melds)
    taking: int | None = None
    for c in cards_of(held & ~(1 << card)):  # the card taken may not be thrown at once
        found = later.turns(held & ~(1 << c))
        if found is not None and (taking is None or found + 1 < taking):
            taking = found + 1
    if taking is None or (drawing is not None and taking >= drawing):
        return None
    return taking


class RummyPlayer:
    """Basic rummy at the ``easy``, ``normal`` or ``hard`` level."""

    def __init__(self, level: str, seed: int | None = None) -> None:
        self.level = level
        self.rng = random.Random(seed)

    # -- knowledge ------------------------------------------------------------

    def known(self, view: RummyView) -> tuple[list[int], int]:
        """Cards each other seat took from the pile and still holds; the unseen cards."""
        known = [0] * view.players
        for seat, action in view.history:
            if isinstance(action, TakeDiscard):
                known[seat] |= 1 << action.card
            elif isinstance(action, Discard):
                known[seat] &= ~(1 << action.card)
            elif isinstance(action, Meld):
                known[seat] &= ~sum(1 << c for c in action.cards)
            elif isinstance(action, LayOff):
                known[seat] &= ~(1 << action.card)
        seen = view.hand_mask
        for c in view.discards:
            seen |= 1 << c
        for m in view.melds:
            seen |= m.mask
        for s, held in enumerate(known):
            if s != view.seat:
                seen |= held
        return known, CARDS_52 & ~seen

    @staticmethod
    def outlook(view: RummyView, unseen: int) -> tuple[list[int], Plan | None]:
        """What the next draws may bring: the unseen cards, or once the pile has
        been turned over the cards of the stock; and then this seat's own next
        draws, should every other seat draw before it (up to the old upcard,
        where nobody saw it again)."""
        turned = turned_stock(view)
        if not turned:
            return cards_of(unseen), None
        mine: list[int] = []
        for c in turned[-view.players :: -view.players][:PLAN_TURNS]:
            if c is None:
                break
            mine.append(c)
        plan = Plan(mine, view.melds) if mine else None
        return [c for c in turned if c is not None], plan

    # -- values -----------------------------------------------------------------

    def _value(self, hand: int, unseen: list[int], players: int = 2) -> float:
        """The hand's value (lower is better) less what a draw from ``unseen``
        brings on average: heads-up its deadwood's points, at three or four
        players its loose cards (there the round goes to whoever melds every
        card first, and a hand kept low in points by throwing the high cards
        fills the pile, and so the turned-over stock, with cards nobody melds)."""
        if self.level == "easy":
            return float(deadwood(hand))
        if players >= 3:
            now: float = LOOSE_POINTS * loose(hand)
            after = loose_after_discard
            scale = LOOSE_POINTS
        else:
            now = deadwood(hand)
            after = deadwood_after_discard
            scale = 1.0
        if not unseen:
            return now
        gain = 0.0
        for u in unseen:
            gain += now - scale * after(hand | (1 << u))
        weight = 1.0 if self.level == "hard" else 1.5
        return now - weight * gain / len(unseen)

    def _danger(self, view: RummyView, card: int, known: list[int], unseen: int) -> float:
        """Chance that the next player can use ``card`` (lay it off or meld it)."""
        nxt = (view.seat + view.direction) % view.players
        if any(m.fits(card, nxt) for m in view.melds):
            return 1.0
        count = view.hand_counts[nxt] - known[nxt].bit_count()
        pool = max(1, unseen.bit_count())
        p = [0.0] * 52
        base = max(0, count) / pool
        for c in cards_of(unseen):
            p[c] = base
        for c in cards_of(known[nxt]):
            p[c] = 1.0
        miss = 1.0
        for a, b in PARTNERS_LOW[card]:
            miss *= 1.0 - p[a] * p[b]
        return 1.0 - miss

    # -- choosing -----------------------------------------------------------------

    def choose(self, view: RummyView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        hand = view.hand_mask
        if view.phase == "take":
            return self._take(view, legal, hand)
        melds = [a for a in legal if isinstance(a, Meld)]
        layoffs = [a for a in legal if isinstance(a, LayOff)]
        discards: list[Action] = [a for a in legal if isinstance(a, Discard)]
        out = self._going_out(hand, melds, layoffs)
        if out is not None:
            return out
        wanted = best_melds(hand)
        for a in sorted(melds, key=lambda a: (-len(a.cards), a.cards)):
            mask = sum(1 << c for c in a.cards)
            if mask in wanted:
                return a
        if layoffs:
            return min(layoffs, key=lambda a: (-GIN_POINTS[a.card], a.card, a.target))
        return self._discard(view, discards or legal, hand)

    def _going_out(self, hand: int, melds: list[Meld], layoffs: list[LayOff]) -> Action | None:
        """A meld or layoff that empties the hand, or leaves one card to discard."""
        for a in melds:
            left = hand & ~sum(1 << c for c in a.cards)
            if left.bit_count() <= 1:
                return a
        if hand.bit_count() <= 2 and layoffs:
            return layoffs[0]
        return None

    def _take(self, view: RummyView, legal: list[Action], hand: int) -> Action:
        take = next((a for a in legal if isinstance(a, TakeDiscard)), None)
        if take is None or DRAW not in legal:
            return take or legal[0]
        with_up = hand | (1 << take.card)
        if any(m.fits(take.card, view.seat) for m in view.melds):
            return take
        if self.level == "easy":
            return take if deadwood_after_discard(with_up) + 4 <= deadwood(hand) else DRAW
        # the card must join a meld of the best arrangement to be worth showing
        for m in best_melds(with_up):
            if m >> take.card & 1:
                return take
        return take if sooner_by_taking(view, take.card) is not None else DRAW

    def _discard(self, view: RummyView, discards: list[Action], hand: int) -> Action:
        if self.level == "easy":
            return min(
                discards,
                key=lambda a: (
                    deadwood(hand & ~(1 << a.card)) if isinstance(a, Discard) else 0,
                    self.rng.random(),
                ),
            )
        known, unseen = self.known(view)
        unseen_cards, plan = self.outlook(view, unseen)

        def cost(a: Action) -> tuple[float, int]:
            if not isinstance(a, Discard):
                return (1e9, 0)
            return (
                self.discard_cost(view, hand, a.card, known, unseen, unseen_cards, plan),
                a.card,
            )

        return min(discards, key=cost)

    def discard_cost(
        self,
        view: RummyView,
        hand: int,
        card: int,
        known: list[int],
        unseen: int,
        unseen_cards: list[int],
        plan: Plan | None = None,
    ) -> float:
        """What discarding ``card`` costs (lower is better): the value of the hand
        left, the chance that the next player uses the card and, for a hand of a
        few cards, the chance of going out next turn and, once the draws are
        known (``plan``), how soon the hand left goes out with them."""
        weight = 2.0 if self.level == "hard" else 4.0
        left = hand & ~(1 << card)
        cost = self._value(left, unseen_cards, view.players) + weight * self._danger(
            view, card, known, unseen
        )
        if left.bit_count() <= OUT_HAND and unseen_cards:
            outs = sum(goes_out_with(left, u, view.melds) for u in unseen_cards)
            cost -= OUT_WORTH * outs / len(unseen_cards)
        if plan is not None and left.bit_count() <= OUT_HAND:
            turns = plan.turns(left)
            if turns is not None:
                cost -= OUT_WORTH / turns
        return cost


player = leveled("rummy", RummyPlayer)
"""The ``level`` player (none of them thinks by the clock or by samples)."""


__all__ = ["RummyPlayer", "player"]
