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
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dummy_tui.ai.dummy.knowledge import Knowledge, Tracker
from dummy_tui.ai.dummy.plans import (
    Pieces,
    best_lay,
    knock_cards,
    mask_points,
    meld_cards,
    point_tables,
    table_pieces,
)
from dummy_tui.engine.actions import (
    DRAW,
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
from dummy_tui.engine.families.dummy_scoring import melds_with_row
from dummy_tui.engine.melds import NEAR, PARTNERS, TableMeld, can_go_out

# ---------------------------------------------------------------------------
# Static card relations

# the pairs that make a three-card meld with each card (melds.PARTNERS), as
# bits; and the same pairs split: the other three cards of the rank (every two
# of them make a set with the card), and the run pairs as bits
PAIR_BITS: list[list[tuple[int, int]]] = [
    [(1 << x, 1 << y) for x, y in PARTNERS[c]] for c in range(52)
]
RANK_OTHERS: list[int] = [rank_mask(c % 13) & ~(1 << c) for c in range(52)]
RUN_BITS: list[list[tuple[int, int]]] = [
    [(x, y) for x, y in PAIR_BITS[c] if (x | y) & RANK_OTHERS[c] == 0] for c in range(52)
]


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
        self.fall = 1.0 + (k.rules.unborn_hand_multiplier - 1) * min(1.0, 0.5 + stage)

    # -- laying down ------------------------------------------------------

    def lay(self, hand: int, melds: list[TableMeld], born: bool) -> tuple[int, int]:
        """(points laid, mask laid) when laying the most points from ``hand``."""
        if not born:
            return 0, 0
        pieces = table_pieces(melds, self.seat, self.chain, hand)
        memo: dict[int, tuple[int, int, int]] = {}
        _, laid = best_lay(hand, pieces, self.weight16, memo)
        if laid == hand and hand:
            # one card must remain: keep back the cheapest card that breaks the cover
            laid &= ~(1 << min(cards_of(hand), key=lambda c: self.pts[c]))
            _, laid = best_lay(laid, pieces, self.weight16, {})
        return mask_points(laid, self.pts), laid

    def knock_value(
        self, hand: int, pieces: Pieces, dark: bool, table_after: list[TableMeld]
    ) -> tuple[float, int] | None:
        """(value, knock card) of the best knock from ``hand``, or None."""
        if hand & (hand - 1) and not can_go_out(hand, table_after, self.seat, self.chain):
            return None
        cards = knock_cards(hand, pieces)
        if not cards:
            return None
        rules = self.k.rules
        best: tuple[float, int] | None = None
        total = mask_points(hand, self.pts)
        for c in cards:
            knock = rules.speto_knock_points if self.k.speto >> c & 1 else rules.knock_points
            if rules.layoff_knock_bonus and any(
                m.fits(c, self.seat, self.chain) for m in table_after
            ):
                knock += rules.layoff_knock_bonus
            score = total - self.pts[c] + knock
            if dark:
                score *= rules.dark_knock_multiplier
            if rules.one_suit_knock_multiplier > 1 and self._one_suit(hand, c):
                score *= rules.one_suit_knock_multiplier
            v = score + self.w.knock_value
            if best is None or v > best[0]:
                best = (v, c)
        return best

    def _one_suit(self, hand: int, card: int) -> bool:
        suits = {c // 13 for c in cards_of(hand)}
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
            _, melded = best_lay(hand, {}, self.weight16, self._meld_memo)
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
            near = dead & (spread | h << 26 | h >> 26 | h << 39 | h >> 39)
            if near:
                value = self._add_outs(value, hand, near, chance, 1.0 + charge)
        value -= self.w.card_cost * hand.bit_count()
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
            for x, y in RUN_BITS[c]:
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
        if rules.penalty_discard_layoff and any(
            m.fits(card, self.seat, self.chain) for m in k.melds
        ):
            cost += rules.penalty_discard_layoff
        if rules.penalty_discard_row_meld and melds_with_row(card, k.row):
            cost += rules.penalty_discard_row_meld
        if w.avoid_danger:
            row = self.row_mask
            pts = self.pts
            base = w.feed_gain + 2 * pts[card]
            for o, possible, sure, p, extra, weight in self.opponent_info():
                q = 0.0
                for x, y in PAIR_BITS[card]:
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
                cost += w.danger_scale * weight * q * (base + extra)
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
                        extra += k.rules.fool_penalty * 0.5
                weight = w.opponent_weights[min(i, len(w.opponent_weights) - 1)] * self.live[i]
                sure = self.row_mask | k.known[o]
                p = k.unknown_slots(o) / n if n else 0.0
                info.append((o, sure | k.unseen, sure, p, extra, weight))
            self._opp_info = info
        return self._opp_info

    def _feed_penalties(self, card: int) -> float:
        k = self.k
        rules = k.rules
        cost = 0.0
        targets: list[tuple[int, int]] = []
        if rules.penalty_feed_head and k.head_in_row and NEAR[card] >> k.head & 1:
            targets.append((k.head, rules.penalty_feed_head))
        near_row = NEAR[card] & self.row_mask
        if not k.speto >> card & 1:
            near_row &= k.speto  # only a spe-to of the row is at stake
        if rules.penalty_feed_speto and near_row:
            for r in k.row:
                near = NEAR[card] >> r & 1
                if near and (k.speto >> r & 1 or k.speto >> card & 1):
                    targets.append((r, rules.penalty_feed_speto))
        for other, penalty in targets:
            p = 0.0
            for x, y in PARTNERS[card]:
                if x == other:
                    p += sum(k.holds(o, y) for o in k.opponents())
                elif y == other:
                    p += sum(k.holds(o, x) for o in k.opponents())
            cost += min(1.0, p) * penalty
        return cost

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
        self, hand: int, melds: list[TableMeld], born: bool, dark_possible: bool
    ) -> float:
        """Value of the rest of a turn from ``hand`` after taking."""
        pieces = table_pieces(melds, self.seat, self.chain, hand)
        knock = self.knock_value(hand, pieces, dark_possible, melds)
        if knock is not None:
            return knock[0]
        laid_points, laid = self.lay(hand, melds, born)
        rest = hand & ~laid
        value, _ = self.best_discard(rest, born)
        return laid_points + value


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
        values = self.take_values(ev, legal)
        return max(values, key=lambda va: va[0])[1]

    def pick_value(self, ev: Evaluator, a: Pick | PickLayoff) -> float:
        k = ev.k
        i = k.row.index(a.card)
        taken = mask_of(k.row[i:])
        hand = k.hand | taken
        melds = list(k.melds)
        if isinstance(a, Pick):
            laid = mask_of(a.meld)
            melds.append(TableMeld.new(k.seat, a.meld))
        else:
            laid = 1 << a.card
            target = k.melds[a.target].copy()
            target.add(a.card, k.seat)
            melds[a.target] = target
        hand &= ~laid
        value = mask_points(laid, ev.pts) + ev.w.pick_bias
        if not k.born[k.seat]:
            value += ev.w.born_bonus * (1.0 + k.stage)
        return value + ev.turn_value(hand, melds, True, not k.born_at_start)

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
        for c in sample:
            if NEAR[c] & hand or fits >> c & 1 or hand.bit_count() <= 2:
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
        knock = ev.knock_value(hand, pieces, not k.born_at_start, k.melds)
        if knock is not None:
            card = knock[1]
            if hand == 1 << card:
                return Discard(card)
            action = _knock_step(hand, card, pieces, legal)
            if action is not None:
                return action
        born = k.born[k.seat]
        if born and not k.must_knock:
            laid = self.plan_lay(ev, hand)
            if laid:
                action = _play_from(laid, legal)
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
        _, melds_only = best_lay(laid, {}, ev.weight16, memo)
        for m in _split_melds(melds_only):
            if mask_points(m, ev.pts) <= 15 and _extension_live(m, k):
                held |= m
                break
        return laid & ~held


def _split_melds(mask: int) -> list[int]:
    """Split a mask of laid cards into its connected melds (runs by suit, sets by rank)."""
    out: list[int] = []
    rest = mask
    for suit in range(4):
        bits = (rest >> (suit * 13)) & 0x1FFF
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
    return bool(
        (lo % 13 > 0 and k.unseen >> (lo - 1) & 1) or (hi % 13 < 12 and k.unseen >> (hi + 1) & 1)
    )


def _knock_step(hand: int, card: int, pieces: Pieces, legal: list[Action]) -> Action | None:
    """A legal meld or layoff after which ``card`` can still be the knock card."""
    rest = hand & ~(1 << card)
    memo: dict[int, tuple[int, int, int]] = {}
    from dummy_tui.ai.dummy.plans import coverable

    melds, layoffs, _ = _plays(legal)
    for m in sorted(melds, key=lambda m: -len(m.cards)):
        mm = mask_of(m.cards)
        if mm & rest == mm and coverable(rest & ~mm, pieces, memo):
            return m
    for lo in layoffs:
        if rest >> lo.card & 1:
            after = rest & ~(1 << lo.card)
            # the table changes after a layoff: recompute its blocks
            if coverable(after, pieces, memo) or after == 0:
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
        pieces = table_pieces(k.melds, k.seat, chain, hand)
        cards = knock_cards(hand, pieces)
        if cards:
            card = max(cards, key=lambda c: -pts[c])
            if hand == 1 << card:
                return Discard(card)
            action = _knock_step(hand, card, pieces, legal)
            if action is not None:
                return action
        _, _, discards = _plays(legal)
        if k.born[k.seat] and not k.must_knock:
            weight = [p * 16 + 1 for p in pts]
            _, laid = best_lay(hand, pieces, weight, {})
            if laid:
                action = _play_from(laid, legal)
                if action is not None:
                    return action
        if not discards:
            return legal[0]
        in_melds = meld_cards(hand)

        def keep_score(c: int) -> float:
            score = -pts[c]
            if in_melds >> c & 1:
                score += 100
            elif any(hand >> x & 1 or hand >> y & 1 for x, y in PARTNERS[c][:4]):
                score += 12
            return score + self.rng.random() * 8

        return Discard(min((d.card for d in discards), key=keep_score))
