"""Round scores of §10, each rule and option on and off, on real positions.

Every round here is played from a fixed deal with legal moves.  Hands are
of whatever size the position needs (the engine's ``Deal`` does not insist on
``hand_size``; records do, see test_records.py).
"""

from __future__ import annotations

import pytest
from engine_util import (
    EXAMPLE_HANDS,
    EXAMPLE_MOVES,
    EXAMPLE_STOCK,
    card,
    make_round,
    play,
    rules,
    totals,
)

from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.rules.schema import DummyRules

# --------------------------------------------------------------------------
# The worked example at the end of dummy-rules.md
#
# Seats: A = 0, B = 1, C = 2, D = 3.  The example is a snapshot: C never
# melds and ends with two cards, so the hands cannot all start at 7.
#
#  1 A  picks the head 9♣ with 9♥ 9♠ (born), discards 4♣   -> holds 10♦ K♣
#  2 B  draws 2♠, discards it
#  3 C  draws K♥, discards it                               -> holds 2♣ 5♥
#  4 D  picks K♥ with J♥ Q♥ (born), discards 2♦            -> holds A♦
#  5 A  draws 7♦, discards it
#  6 B  picks 7♦ with 7♣ 7♥ (born), discards 8♠
#  7-9  C, D, A draw and discard
# 10 B  draws 3♥, melds 4♦ 5♦ 6♦ and Q♠ K♠ A♠, knocks with 3♥


def worked_example(ruleset: DummyRules | None = None) -> DummyRound:
    game = make_round(EXAMPLE_HANDS, "9C", EXAMPLE_STOCK, ruleset=ruleset)
    play(game, *EXAMPLE_MOVES)
    return game


def test_worked_example() -> None:
    game = worked_example()
    assert game.end == "knock" and game.went_out == 1
    assert not game.dark_knock
    a, b, c, d = game.scores()
    # B: 15 + 15 + 75 + 50
    assert (b.table, b.hand, b.knock, b.multiplier, b.total) == (105, 0, 50, 1, 155)
    # A: born, 15 on the table, 10♦ K♣ in hand
    assert (a.table, a.hand, a.hand_multiplier, a.total) == (15, 20, 1, -5)
    # C: not born, 2♣ 5♥ = 55, falls: × 2
    assert (c.table, c.hand, c.hand_multiplier, c.fell, c.total) == (0, 55, 2, True, -110)
    # D: born, 30 on the table, A♦ in hand
    assert (d.table, d.hand, d.total) == (30, 15, 15)
    assert [x.total for x in (a, b, c, d)] == [-5, 155, -110, 15]
    assert game.next_round() == (1, 1)


# Had B not been born before that turn: B holds 7♦ from the start, draws at
# turn 6 instead of picking up, and lays everything down at turn 10.
DARK_HANDS = [*EXAMPLE_HANDS[:1], "7C 7D 7H 4D 5D 6D QS KS AS", *EXAMPLE_HANDS[2:]]
DARK_MOVES = [
    *EXAMPLE_MOVES[:10],
    "draw", "discard 6S",
    "draw", "discard 10S",
    *EXAMPLE_MOVES[15:21],
    "draw", "meld 7C 7D 7H", "meld 4D 5D 6D", "meld QS KS AS", "knock 3H",
]  # fmt: skip


def dark_example(ruleset: DummyRules | None = None) -> DummyRound:
    game = make_round(DARK_HANDS, "9C", "2S KH 6S 10S 3S 4S 5S 3H", ruleset=ruleset)
    play(game, *DARK_MOVES)
    return game


def test_worked_example_as_a_dark_knock() -> None:
    game = dark_example()
    assert game.dark_knock and game.went_out == 1
    assert not game.born_at_start
    b = game.scores()[1]
    assert (b.table, b.knock, b.multiplier, b.dark_knock) == (105, 50, 2, True)
    assert totals(game) == [-5, 310, -110, 15]


@pytest.mark.parametrize(("dark", "expected"), [(2, 310), (3, 465), (1, 155)])
def test_dark_knock_multiplier(dark: int, expected: int) -> None:
    game = dark_example(rules(dark_knock_multiplier=dark))
    assert game.dark_knock
    assert totals(game) == [-5, expected, -110, 15]


def test_head_card_points_count_for_whoever_lays_it() -> None:
    # The head card is 9♣, laid by A.  With head_card_points = 50 it counts
    # 50 instead of 5: A's table is 5 + 5 + 50.
    game = worked_example(rules(head_card_points=50))
    a = game.scores()[0]
    assert a.table == 60
    assert totals(game) == [40, 155, -110, 15]
    assert game.card_points(card("9C")) == 50
    assert game.card_points(card("9S")) == 5


# --------------------------------------------------------------------------
# A born knocker, two players
#
# Seat 0 picks the head 7♥ with 5♥ 6♥ (born) and discards; seat 1 draws and
# discards; seat 0 draws, lays off 8♥ and 9♥ and knocks with the last card.
# Seat 0's table: 5♥ 6♥ 7♥ 8♥ 9♥ = 25.  Seat 1 (never born) holds
# 9♣ 9♦ 3♠ 4♠ 6♣ = 25 and falls: -50 at the default × 2.


def born_knock(
    knock: str, ruleset: DummyRules | None = None, first_discard: str = "2D"
) -> DummyRound:
    game = make_round(
        [f"5H 6H {first_discard} 8H {knock}", "9C 9D 3S 4S 6C"],
        "7H",
        "JD 9H",
        ruleset=ruleset,
    )
    play(
        game,
        "pick 7H", "meld 5H 6H 7H", f"discard {first_discard}",
        "draw", "discard JD",
        "draw", "layoff 8H 5H", "layoff 9H 5H", f"knock {knock}",
    )  # fmt: skip
    assert game.end == "knock" and game.went_out == 0 and not game.dark_knock
    return game


def test_plain_knock() -> None:
    game = born_knock("KS")
    s0, s1 = game.scores()
    assert (s0.table, s0.knock, s0.multiplier, s0.total) == (25, 50, 1, 75)
    assert (s1.hand, s1.hand_multiplier, s1.total) == (25, 2, -50)


@pytest.mark.parametrize(("points", "expected"), [(50, 75), (30, 55), (0, 25)])
def test_knock_points(points: int, expected: int) -> None:
    assert totals(born_knock("KS", rules(knock_points=points)))[0] == expected


@pytest.mark.parametrize(
    ("knock", "speto_points", "expected"),
    [
        ("QS", 50, 75),  # default: a spe-to knock card scores 50 like any other
        ("QS", 100, 125),  # speto_knock_points = 100
        ("KS", 100, 75),  # not a spe-to: knock_points
    ],
)
def test_speto_knock_points(knock: str, speto_points: int, expected: int) -> None:
    game = born_knock(knock, rules(speto_knock_points=speto_points))
    assert game.scores()[0].knock == expected - 25
    assert totals(game)[0] == expected


@pytest.mark.parametrize(
    ("knock", "bonus", "expected_knock"),
    [
        ("10H", 50, 100),  # 10♥ fits onto 5♥..9♥: 50 + 50
        ("10H", 0, 50),  # option off
        ("KS", 50, 50),  # K♠ fits nowhere
    ],
)
def test_layoff_knock_bonus(knock: str, bonus: int, expected_knock: int) -> None:
    game = born_knock(knock, rules(layoff_knock_bonus=bonus))
    s0 = game.scores()[0]
    assert s0.knock == expected_knock
    assert s0.knock_bonus == expected_knock - 50
    assert s0.total == 25 + expected_knock


@pytest.mark.parametrize(
    ("knock", "one_suit", "expected"),
    [
        ("KH", 1, 75),  # off by default
        ("KH", 2, 150),  # all laid cards and the knock card are hearts
        ("KS", 2, 75),  # the knock card is a spade
    ],
)
def test_one_suit_knock(knock: str, one_suit: int, expected: int) -> None:
    game = born_knock(knock, rules(one_suit_knock_multiplier=one_suit))
    s0 = game.scores()[0]
    assert s0.one_suit_knock == (expected == 150)
    assert s0.total == expected


@pytest.mark.parametrize(("multiplier", "expected"), [(2, -50), (3, -75), (1, -25)])
def test_fall_unborn_hand_multiplier(multiplier: int, expected: int) -> None:
    game = born_knock("KS", rules(unborn_hand_multiplier=multiplier))
    s1 = game.scores()[1]
    assert s1.fell
    assert (s1.hand, s1.hand_multiplier, s1.total) == (25, multiplier, expected)
    # The knocker is born and never multiplied.
    assert game.scores()[0].hand_multiplier == 1


# --------------------------------------------------------------------------
# Dark knock combined with a one-suit knock
#
# Seat 0 holds 3♥ 4♥ 5♥ 8♥ 9♥ 10♥, draws K♥, melds 3-5♥ and 8-10♥ and knocks
# with K♥ without ever being born: table 15 + 20, knock 50 = 85.


def dark_one_suit(ruleset: DummyRules) -> DummyRound:
    game = make_round(["3H 4H 5H 8H 9H 10H", "2S 3S 4D 9C JD 6C"], "QD", "KH", ruleset=ruleset)
    play(game, "draw", "meld 3H 4H 5H", "meld 8H 9H 10H", "knock KH")
    assert game.dark_knock
    return game


@pytest.mark.parametrize(
    ("options", "multiplier", "expected"),
    [
        ({}, 2, 170),
        ({"one_suit_knock_multiplier": 2}, 4, 340),  # 2 × 2
        ({"one_suit_knock_multiplier": 2, "dark_knock_multiplier": 3}, 6, 510),
    ],
)
def test_dark_and_one_suit_knock_multiply(
    options: dict[str, int], multiplier: int, expected: int
) -> None:
    game = dark_one_suit(rules("dummy", **options))
    s0, s1 = game.scores()
    assert (s0.table, s0.knock, s0.multiplier, s0.total) == (35, 50, multiplier, expected)
    assert s1.total == -70  # 2♠ 3♠ 4♦ 9♣ J♦ 6♣ = 35, fell


def test_house_preset_knock_combines_everything_and_charges_no_penalty() -> None:
    # dummy-house: head card 50, layoff bonus 50, one-suit × 2, all penalties 50.
    # Seat 0 discards 10♦; seat 1 discards 10♠; seat 0 knocks with 10♥, which
    # fits onto 5♥..9♥ AND makes a set with 10♦ 10♠ in the row: a knock card is
    # never charged.  Table 5 + 5 + 50 (head 7♥) + 5 + 5 = 70; knock 50 + 50.
    game = make_round(
        ["5H 6H 10D 8H 10H", "9C 9D 3S 4S 6C"], "7H", "10S 9H", ruleset=rules("dummy-house")
    )
    play(
        game,
        "pick 7H", "meld 5H 6H 7H", "discard 10D",
        "draw", "discard 10S",
        "draw", "layoff 8H 5H", "layoff 9H 5H", "knock 10H",
    )  # fmt: skip
    s0, s1 = game.scores()
    assert game.penalty_items == []
    assert (s0.table, s0.knock, s0.knock_bonus, s0.multiplier) == (70, 100, 50, 2)
    assert s0.total == 340
    assert s1.total == -50


# --------------------------------------------------------------------------
# Fool (โง่)
#
# Three players, seat 1 starts.  Seat 2 discards 10♥; seat 0 picks it alone
# with 8♥ 9♥ and knocks with K♠ (dark: not born at the start of the turn).
# Seat 0: (20 + 50) × 2 = 140.  Seat 1 falls: 2♠ 3♠ 4♦ = 15 × 2.
# Seat 2 falls: J♣ 5♦ 6♠ = 20 × 2, and is the fool: -50.


def fool_round(ruleset: DummyRules | None = None) -> DummyRound:
    game = make_round(
        ["8H 9H KS", "2S 3S 4D", "JC 5D 6S"], "2D", "AC 10H", ruleset=ruleset, starter=1
    )
    play(
        game, "draw", "discard AC", "draw", "discard 10H", "pick 10H", "meld 8H 9H 10H", "knock KS"
    )
    return game


def test_fool_penalty_and_direction() -> None:
    game = fool_round()
    assert game.fool == 2
    assert totals(game) == [140, -30, -90]
    assert [p.kind for p in game.penalty_items] == ["fool_penalty"]
    assert game.scores()[2].penalties == 50
    # The knocker starts the next round, and the direction is reversed.
    assert game.next_round() == (0, -1)


def test_fool_without_reversal() -> None:
    game = fool_round(rules(fool_reverses_direction=False))
    assert totals(game) == [140, -30, -90]
    assert game.next_round() == (0, 1)


def test_fool_penalty_zero_still_reverses() -> None:
    game = fool_round(rules(fool_penalty=0))
    assert game.fool == 2
    assert totals(game) == [140, -30, -40]
    assert game.next_round() == (0, -1)


def test_no_fool_when_the_pickup_took_two_cards() -> None:
    # Seat 1 discards 10♥, seat 2 discards J♥: seat 0 picks 10♥ and J♥.
    game = make_round(["8H 9H KS", "2S 3S 4D", "JC 5D 6S"], "2D", "10H JH", starter=1)
    play(
        game,
        "draw",
        "discard 10H",
        "draw",
        "discard JH",
        "pick 10H",
        "meld 8H 9H 10H JH",
        "knock KS",
    )
    assert game.fool is None
    assert totals(game) == [160, -30, -40]
    assert game.next_round() == (0, 1)


def test_no_fool_for_the_head_card() -> None:
    game = make_round(["8H 9H KS", "2S 3S 4D"], "10H")
    play(game, "pick 10H", "meld 8H 9H 10H", "knock KS")
    assert game.end == "knock" and game.fool is None
    assert game.penalty_items == []
    assert totals(game) == [140, -30]
    assert game.next_round() == (0, 1)


# --------------------------------------------------------------------------
# Head card points (หัวกอง)


@pytest.mark.parametrize(
    ("head", "meld", "options", "table"),
    [
        ("10H", "8H 9H 10H", {}, 20),
        ("10H", "8H 9H 10H", {"head_card_points": 50}, 60),
        ("2C", "2C 3C 4C", {}, 60),  # spe-to 50
        ("2C", "2C 3C 4C", {"head_card_points": 50}, 110),  # spe-to head: 100
        ("2C", "2C 3C 4C", {"head_card_points": 50, "head_card_speto_points": 80}, 90),
        ("2C", "2C 3C 4C", {"head_card_speto_points": 80}, 60),  # head points off
    ],
)
def test_head_card_points(head: str, meld: str, options: dict[str, int], table: int) -> None:
    hand = " ".join(c for c in meld.split() if c != head)
    game = make_round([f"{hand} KS", "2S 3S 4D"], head, ruleset=rules("dummy", **options))
    play(game, f"pick {head}", f"meld {meld}", "knock KS")
    s0 = game.scores()[0]
    assert s0.table == table
    assert s0.total == (table + 50) * 2  # a dark knock on the first turn


# --------------------------------------------------------------------------
# Card points: rank_points, speto_points, speto_cards (on the worked example)


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({}, [-5, 155, -110, 15]),
        # A = 20: B's A♠ (+5) and D's A♦ in hand (-5).
        ({"rank_points": {"A": 20}}, [-5, 160, -110, 10]),
        # Spe-to 30: B's Q♠ (-20); C's 2♣ in hand (+20 × 2).
        ({"speto_points": 30}, [-5, 135, -70, 15]),
        # Only A♠ is a spe-to: Q♠ is 10, A♠ 50 (B: -5), 2♣ is 5 (C: +90).
        ({"speto_cards": ["AS"]}, [-5, 150, -20, 15]),
    ],
)
def test_card_point_options(options: dict[str, object], expected: list[int]) -> None:
    game = worked_example(rules("dummy", **options))
    assert totals(game) == expected
