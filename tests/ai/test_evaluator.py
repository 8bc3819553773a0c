"""The normal player's hand values against straightforward versions of them.

``Evaluator.keep`` and ``Evaluator.danger`` count their pairs with bit
arithmetic and read points from per-suit tables; here the same values are
worked out card by card and pair by pair, as the rules of the heuristic say,
and must come out exactly equal (same floating-point sums, same order).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dummy_tui.ai.dummy.heuristic import NORMAL, PAIR_BITS, Evaluator
from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.ai.dummy.plans import best_lay, mask_points, point_tables
from dummy_tui.engine.cards import mask_of, parse_card
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.families.dummy_scoring import melds_with_row
from dummy_tui.engine.melds import NEAR
from dummy_tui.engine.melds import PARTNERS as PAIRS
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.rules.schema import DummyRules


def position(preset: str, players: int, seed: int, steps: int) -> Knowledge:
    """One seat's knowledge after ``steps`` actions of seeded random play."""
    rules = get_ruleset(preset)
    assert isinstance(rules, DummyRules)
    game = DummyRound.new(rules, players, seed, starter=seed % players)
    rng = random.Random(seed)
    while not game.is_over and len(game.history) < steps:
        game.apply(rng.choice(game.legal_actions()))
    if game.is_over:
        game = DummyRound.new(rules, players, seed, starter=seed % players)
    return Knowledge.from_view(game.view(game.seat))


def keep_by_pairs(ev: Evaluator, hand: int, born: bool) -> float:
    """``keep`` as first written: every pair of every card, points card by card."""
    pts = ev.pts
    charge = ev.stuck * (1.0 if born else ev.fall)
    melded = 0
    if not born or ev.w.hold_back:
        _, melded = best_lay(hand, {}, ev.weight16, {})
    dead = hand & ~melded
    value = -charge * mask_points(dead, pts)
    if melded:
        held = mask_points(melded, pts)
        value += (ev.hold_chance * (1.0 + charge) - charge * ev.w.melded_unborn) * held
    live = ev.live_mask
    for c in range(52):
        if not dead >> c & 1:
            continue
        outs = 0
        for x, y in PAIR_BITS[c]:
            if (hand & x and live & y) or (hand & y and live & x):
                outs += 1
        if outs:
            value += min(0.6, outs * ev.out_chance) * (1.0 + charge) * pts[c]
    return value - ev.w.card_cost * hand.bit_count()


def danger_by_pairs(ev: Evaluator, card: int) -> float:
    """``danger`` as first written: each opponent's chance, pair by pair, from
    its chance of holding each card (``Knowledge.holds``)."""
    k = ev.k
    rules = k.rules
    w = ev.w
    cost = 0.0
    if rules.penalty_discard_layoff and any(m.fits(card, k.seat, ev.chain) for m in k.melds):
        cost += rules.penalty_discard_layoff
    if rules.penalty_discard_row_meld and melds_with_row(card, k.row):
        cost += rules.penalty_discard_row_meld
    row = ev.row_mask
    base = w.feed_gain + 2 * ev.pts[card]
    for o, _, _, _, extra, weight in ev.opponent_info():
        possible = row | k.unseen | k.known[o]
        q = 0.0
        for x, y in PAIRS[card]:
            if not (possible >> x & 1 and possible >> y & 1):
                continue
            if row >> x & 1 and row >> y & 1:
                continue  # three cards of the row make no pick-up alone
            px = 1.0 if row >> x & 1 else k.holds(o, x)
            py = 1.0 if row >> y & 1 else k.holds(o, y)
            q += px * py
        if rules.pickup_to_layoff and k.born[o] and any(m.fits(card, o, ev.chain) for m in k.melds):
            q += 1.0
        q = min(1.0, q)
        if q > 0.0:
            cost += w.danger_scale * weight * q * (base + extra)
    targets: list[tuple[int, int]] = []
    if rules.penalty_feed_head and k.head_in_row and NEAR[card] >> k.head & 1:
        targets.append((k.head, rules.penalty_feed_head))
    if rules.penalty_feed_speto:
        for r in k.row:
            if NEAR[card] >> r & 1 and (k.speto >> r & 1 or k.speto >> card & 1):
                targets.append((r, rules.penalty_feed_speto))
    feed = 0.0
    for other, penalty in targets:
        p = 0.0
        for x, y in PAIRS[card]:
            if x == other:
                p += sum(k.holds(o, y) for o in k.opponents())
            elif y == other:
                p += sum(k.holds(o, x) for o in k.opponents())
        feed += min(1.0, p) * penalty
    # a spe-to stays in the row for every later pick-up: part of its points on top
    row_keeps = w.speto_throw * ev.pts[card] if k.speto >> card & 1 else 0.0
    return cost + feed + row_keeps


SETUPS = st.sampled_from([("dummy", 4), ("dummy", 2), ("dummy-house", 3), ("dummy-house", 4)])


@settings(max_examples=60, deadline=None)
@given(setup=SETUPS, seed=st.integers(0, 10_000), steps=st.integers(0, 120), data=st.data())
def test_keep_is_the_pair_by_pair_value(
    setup: tuple[str, int], seed: int, steps: int, data: st.DataObject
) -> None:
    k = position(setup[0], setup[1], seed, steps)
    ev = Evaluator(k, NORMAL)
    # hands as the player weighs them: its own with cards taken or drawn
    # (cards that are also live), and cards thrown
    extra = data.draw(st.sets(st.integers(0, 51), max_size=6))
    hand = k.hand
    for c in extra:
        hand ^= 1 << c
    for born in (True, False):
        assert ev.keep(hand, born) == keep_by_pairs(ev, hand, born)
    # any hand against any live cards (a card of the rank both held and live
    # is counted once with each other card of the rank that is live)
    hand = sum(1 << c for c in data.draw(st.sets(st.integers(0, 51), min_size=3, max_size=14)))
    ev.live_mask = data.draw(st.integers(0, (1 << 52) - 1)) | data.draw(st.sampled_from([0, hand]))
    for born in (True, False):
        assert ev.keep(hand, born) == keep_by_pairs(ev, hand, born)


@settings(max_examples=80, deadline=None)
@given(setup=SETUPS, seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_danger_is_the_pair_by_pair_cost(setup: tuple[str, int], seed: int, steps: int) -> None:
    k = position(setup[0], setup[1], seed, steps)
    ev = Evaluator(k, NORMAL)
    for card in range(52):
        assert ev.danger(card) == danger_by_pairs(ev, card), card


def test_suit_tables_give_the_points_of_any_mask() -> None:
    rng = random.Random(5)
    points = [rng.randrange(1, 60) for _ in range(52)]
    t0, t1, t2, t3 = point_tables(points).suits
    for _ in range(2000):
        m = rng.getrandbits(52)
        assert t0[m & 8191] + t1[m >> 13 & 8191] + t2[m >> 26 & 8191] + t3[m >> 39] == sum(
            points[c] for c in range(52) if m >> c & 1
        )
    assert point_tables(points) is point_tables(points)


def test_a_card_beside_two_of_its_rank_that_are_held_and_live_counts_each_pair_once() -> None:
    # 5♦ and 5♥ sit in runs, so 5♣ makes no set with them and stays unmelded;
    # with 5♦, 5♥ and 5♠ all live, 5♣ has three pairs of its rank to hope on
    k = position("dummy", 4, 1, 0)
    ev = Evaluator(k, NORMAL)
    hand = mask_of(parse_card(c) for c in ["4D", "5D", "6D", "4H", "5H", "6H", "5C"])
    ev.live_mask = mask_of(parse_card(c) for c in ["5D", "5H", "5S"])
    ev.out_chance = 0.05  # small enough that no count reaches the cap
    assert ev.keep(hand, True) == keep_by_pairs(ev, hand, True)
