"""Basic rummy at three or four players values a hand by its cards left out of
melds, not by their points: the round goes to whoever melds every card first."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dummy_tui.ai import make_player
from dummy_tui.ai.rummy.players import loose, loose_after_discard
from dummy_tui.engine.actions import Discard, Draw
from dummy_tui.engine.cards import cards_of, low_position, parse_card, suit_of
from dummy_tui.engine.deal import Deal
from dummy_tui.engine.families import round_from_deal
from dummy_tui.rules.loader import get_ruleset


def every_meld(mask: int) -> list[int]:
    """Every set (three or four of a rank) and run (three or more of a suit in
    a row, the ace low) made of ``mask``'s cards, written out from the rules."""
    found = []
    cards = cards_of(mask)
    for size in (3, 4):
        for combo in combinations(cards, size):
            if len({low_position(c) for c in combo}) == 1:
                found.append(sum(1 << c for c in combo))
    for suit in range(4):
        mine = sorted(low_position(c) for c in cards if suit_of(c) == suit)
        at = {low_position(c): c for c in cards if suit_of(c) == suit}
        for start in mine:
            run = 0
            for pos in range(start, 13):
                if pos not in at:
                    break
                run |= 1 << at[pos]
                if pos - start >= 2:
                    found.append(run)
    return found


def fewest_left_out(mask: int) -> int:
    """Cards left out of the best choice of disjoint melds, by trying them all."""
    melds = every_meld(mask)
    best = mask.bit_count()

    def walk(i: int, used: int) -> None:
        nonlocal best
        best = min(best, mask.bit_count() - used.bit_count())
        for j in range(i, len(melds)):
            if not melds[j] & used:
                walk(j + 1, used | melds[j])

    walk(0, 0)
    return best


hands = st.lists(st.integers(0, 51), min_size=1, max_size=9, unique=True).map(
    lambda cs: sum(1 << c for c in cs)
)
# hands crowded into a few ranks, where sets and runs cross
crowded = st.lists(
    st.sampled_from([c for c in range(52) if low_position(c) < 5]),
    min_size=3,
    max_size=10,
    unique=True,
).map(lambda cs: sum(1 << c for c in cs))


@settings(max_examples=300, deadline=None)
@given(mask=st.one_of(hands, crowded))
def test_loose_cards_are_the_fewest_any_choice_of_melds_leaves(mask: int) -> None:
    assert loose(mask) == fewest_left_out(mask)


@settings(max_examples=150, deadline=None)
@given(mask=st.one_of(hands, crowded).filter(lambda m: m.bit_count() >= 2))
def test_after_the_best_discard_the_fewest_loose_cards_of_any_discard(mask: int) -> None:
    assert loose_after_discard(mask) == min(
        fewest_left_out(mask & ~(1 << c)) for c in cards_of(mask)
    )


def test_loose_counts_the_ace_low_only() -> None:
    ace_low = sum(1 << parse_card(t) for t in ("AH", "2H", "3H", "9C"))
    ace_high = sum(1 << parse_card(t) for t in ("QH", "KH", "AH", "9C"))
    assert loose(ace_low) == 1
    assert loose(ace_high) == 4


def first_discard(players: int, level: str) -> Discard:
    """Seat 0 holds 2♣ 5♦ 9♠ J♥ Q♥ K♠ K♦ and draws 9♣: which card it throws."""
    hands = [
        "2C 5D 9S JH QH KS KD",
        "3D 4S 6C 8H 10C AS 7D",
        "3S 4H 6D 8C 10D 2D 7C",
        "3H 4D 6S 8S 10S 2H 7H",
    ][:players]
    overrides = {"hand_size": {"2": 7}} if players == 2 else None
    rules = get_ruleset("rummy", overrides=overrides, source="test")
    dealt = [[parse_card(t) for t in h.split()] for h in hands]
    used = {c for h in dealt for c in h} | {parse_card("AH"), parse_card("9C")}
    stock = [parse_card("9C")] + [c for c in range(52) if c not in used]
    game = round_from_deal(rules, Deal(dealt, parse_card("AH"), stock), starter=0)
    game.apply(Draw())
    assert game.hands[0] >> parse_card("9C") & 1
    action = make_player("rummy", level, 1).choose(game.view(0), game.legal_actions())
    assert isinstance(action, Discard), action
    return action


@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("players", [3, 4])
def test_at_three_or_four_players_a_lone_low_card_goes_before_a_pair(
    players: int, level: str
) -> None:
    """No card melds yet: the lone 2♣ is thrown, the kings kept for a set (a
    player counting points throws a king and keeps the 2♣, and the pile it
    feeds, later the stock, fills with high cards nobody melds)."""
    assert first_discard(players, level) == Discard(parse_card("2C"))


def test_heads_up_the_points_still_decide() -> None:
    """With one opponent the points left in hand when it goes out count most:
    a king goes, the 2♣ stays."""
    thrown = first_discard(2, "normal").card
    assert thrown in {parse_card("KS"), parse_card("KD")}
