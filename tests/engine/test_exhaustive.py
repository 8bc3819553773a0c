"""The engine's searches against brute force on random small cases.

``GoOut.can_go_out`` is checked against a plain search over every sequence of
melds and layoffs; ``legal_actions()`` against every candidate action that
``check()`` accepts, generated here without the engine's meld finders.
"""

from __future__ import annotations

import random
from itertools import combinations

from engine_util import rules
from hypothesis import given, settings
from hypothesis import strategies as st

from dummy_tui.engine.actions import DRAW, END, Action, Discard, End, LayOff, Meld, Pick, PickLayoff
from dummy_tui.engine.cards import cards_of, mask_of
from dummy_tui.engine.errors import IllegalMoveError
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.goout import GoOut
from dummy_tui.engine.melds import TableMeld
from dummy_tui.engine.round import PLAY, TAKE


def all_melds(pool: list[int], both: bool = False) -> list[tuple[int, ...]]:
    """Every set and run (ace high; with ``both`` ace low too) within ``pool``, found
    the slow way."""
    have = set(pool)
    out: list[tuple[int, ...]] = []
    for rank in range(13):
        same = [c for c in pool if c % 13 == rank]
        for size in (3, 4):
            out += [tuple(sorted(combo)) for combo in combinations(same, size)]
    for suit in range(4):
        for lo in range(13):
            for hi in range(lo + 2, 13):
                run = tuple(suit * 13 + r for r in range(lo, hi + 1))
                if all(c in have for c in run):
                    out.append(run)
        if both:  # A 2 3 … up to A 2 … Q (A 2 … K is the whole suit, listed already)
            for hi in range(1, 11):
                run = tuple(sorted([suit * 13 + 12, *(suit * 13 + r for r in range(hi + 1))]))
                if all(c in have for c in run):
                    out.append(run)
    return out


def brute_go_out(
    hand: int,
    table: list[TableMeld],
    seat: int,
    chain: str,
    layoffs_left: int | None,
    both: bool = False,
) -> bool:
    if hand.bit_count() == 1:
        return True
    cards = cards_of(hand)
    for meld in all_melds(cards, both):
        if len(meld) < len(cards) and brute_go_out(
            hand & ~mask_of(meld), table, seat, chain, layoffs_left, both
        ):
            return True
    if layoffs_left == 0:
        return False
    for i, m in enumerate(table):
        for c in cards:
            # the ace of a run 2…K at either end (§14.1)
            for low in (False, True) if m.two_ace_ends(c) else (False,):
                if m.fits_at(c, seat, chain, low):
                    new = [t.copy() for t in table]
                    new[i].add(c, seat, low)
                    left = None if layoffs_left is None else layoffs_left - 1
                    if brute_go_out(hand & ~(1 << c), new, seat, chain, left, both):
                        return True
    return False


def random_table(rng: random.Random, free: list[int], both: bool = False) -> list[TableMeld]:
    """Up to three melds from ``free`` (removed from it), some with layoffs by others."""
    table: list[TableMeld] = []
    for _ in range(rng.randrange(0, 4)):
        options = all_melds(free, both)
        if not options:
            break
        meld = rng.choice(options)
        if len(meld) > 4:
            meld = meld[:3]
        owner = rng.randrange(3)
        m = TableMeld.new(owner, meld, both=both)
        for c in meld:
            free.remove(c)
        for _ in range(rng.randrange(0, 3)):
            fitting = [c for c in free if m.fits(c, 0)]
            if not fitting:
                break
            c = rng.choice(fitting)
            m.add(c, rng.randrange(3))
            free.remove(c)
        table.append(m)
    return table


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.integers(1, 8),
    chain=st.sampled_from(["any", "owner_or_self"]),
    limit=st.sampled_from([None, 0, 1, 2]),
    both=st.booleans(),
)
def test_can_go_out_matches_brute_force(
    seed: int, size: int, chain: str, limit: int | None, both: bool
) -> None:
    rng = random.Random(seed)
    # Cards from a few neighbouring ranks so that melds and fits are common;
    # with the ace low too (ace_low_runs), the ranks around the ace.
    low = rng.randrange(0, 8)
    ranks = [12, 0, 1, 2, 3, 4] if both else list(range(low, low + 6))
    free = [s * 13 + r for s in range(4) for r in ranks]
    table = random_table(rng, free, both)
    hand = mask_of(rng.sample(free, min(size, len(free))))
    seat = rng.randrange(3)
    assert GoOut(hand, table, seat, chain, limit, both).can_go_out() == brute_go_out(
        hand, table, seat, chain, limit, both
    )


# --------------------------------------------------------------------------
# legal_actions() against every action check() accepts


def candidates(game: DummyRound) -> list[Action]:
    seat = game.seat
    hand = cards_of(game.hands[seat])
    out: list[Action] = []
    ends = (False, True)  # low: the ace below the 2 of a run 2…K (§14.1)
    if game.phase == TAKE:
        out += [DRAW, END]
        for i, chosen in enumerate(game.discards):
            pool = hand + game.discards[i:]
            out += [Pick(chosen, m) for m in all_melds(pool, game.both) if chosen in m]
            out += [PickLayoff(chosen, j, low) for j in range(len(game.melds)) for low in ends]
        return out
    out += [Discard(c) for c in hand]
    out += [Meld(m) for m in all_melds(hand, game.both)]
    out += [LayOff(c, j, low) for c in hand for j in range(len(game.melds)) for low in ends]
    return out


def accepted(game: DummyRound) -> set[Action]:
    ok: set[Action] = set()
    for action in candidates(game):
        try:
            game.check(action)
        except IllegalMoveError:
            continue
        ok.add(action)
    return ok


def knock_reachable_after(game: DummyRound, action: Action) -> bool:
    trial = game.clone()
    trial.apply(action)
    return trial.is_over or brute_go_out(
        trial.hands[trial.seat],
        trial.melds,
        trial.seat,
        trial.rules.layoff_chain,
        trial.layoffs_left(trial.seat),
        trial.both,
    )


SMALL = [
    ("dummy", 2, {"hand_size": {"2": 5}}),
    ("dummy", 3, {"hand_size": {"3": 4}, "pickup_to_layoff": True}),
    ("dummy-house", 4, {"hand_size": {"4": 4}, "layoff_chain": "owner_or_self"}),
    ("dummy", 2, {"hand_size": {"2": 6}, "layoff_limit": 1, "pickup_to_layoff": True}),
    (
        "dummy",
        3,
        {"hand_size": {"3": 5}, "ace_low_runs": True, "layoff_chain": "owner_or_self"},
    ),
]


@settings(max_examples=20, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), setup=st.sampled_from(SMALL))
def test_legal_actions_are_exactly_the_accepted_ones(
    seed: int, setup: tuple[str, int, dict[str, object]]
) -> None:
    preset, players, options = setup
    game = DummyRound.new(rules(preset, **options), players, seed)
    rng = random.Random(seed)
    while not game.is_over:
        legal = set(game.legal_actions())
        ok = accepted(game)
        assert legal <= ok, f"listed but refused: {legal - ok}"
        seat = game.seat
        if game.phase == PLAY and game.born[seat] and not game.must_knock:
            # A born player's turn: everything accepted is listed.
            assert legal == ok, f"accepted but not listed: {ok - legal}"
        elif game.phase == TAKE and game.stock:
            assert legal == ok, f"accepted but not listed: {ok - legal}"
        else:
            # The turn must end in a knock (or may, for a player not born):
            # listed are the discards allowed and the plays that keep a knock
            # within reach.
            for action in ok - legal:
                assert not isinstance(action, Discard) or game.must_knock
                if not isinstance(action, Discard):
                    assert not knock_reachable_after(game, action), action
            for action in legal:
                if not isinstance(action, Discard | End):
                    assert knock_reachable_after(game, action), action
        game.apply(rng.choice(sorted(legal, key=repr)))


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32 - 1),
    both=st.booleans(),
    chain=st.sampled_from(["any", "owner_or_self"]),
)
def test_a_melds_fit_mask_holds_exactly_the_cards_that_fit(
    seed: int, both: bool, chain: str
) -> None:
    rng = random.Random(seed)
    ranks = [12, 0, 1, 2, 3, 4] if both else list(range(rng.randrange(0, 8), 13))
    free = [s * 13 + r for s in range(4) for r in ranks]
    for meld in random_table(rng, free, both):
        for seat in range(3):
            fitting = {c for c in range(52) if meld.fits(c, seat, chain) and c not in meld.cards}
            assert set(cards_of(meld.fit_mask(seat, chain))) == fitting
