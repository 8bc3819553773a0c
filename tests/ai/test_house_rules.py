"""The Dummy AI under the house rules of other tables (dummy-rules.md §14): every
level plays whole rounds of every new preset and of random mixes of the options,
and on fixed positions it plays what each option changes."""

from __future__ import annotations

import random
from typing import Any

import pytest
from house_rules_util import house_rules
from hypothesis import given, settings
from hypothesis import strategies as st

from dummy_tui.ai import LEVELS, checked_choice, make_player
from dummy_tui.ai.dummy.inference import hand_weights
from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.engine.actions import DRAW, SHOW, Action, Discard, LayOff, Meld, Pick
from dummy_tui.engine.cards import card_text, mask_of, parse_card
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.families.dummy_money import closing_card
from dummy_tui.engine.melds import TableMeld
from dummy_tui.rules.schema import DummyRules

from .conftest import ai, cards, decisions, fixed_round, play_turn, redeal, rules

PRESETS = ["dummy-money", "dummy-pip", "dummy-open-first", "dummy-face-knock"]


def play_round(game: DummyRound, levels: tuple[str, ...], seed: int) -> DummyRound:
    """Play ``game`` to its end with a player of each level; an AI that raises or
    answers with a move that is not legal fails (:func:`checked_choice`)."""
    players = [ai("dummy", level, seed + s) for s, level in enumerate(levels)]
    moves = 0
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(checked_choice(players[game.seat], game.view(game.seat), legal))
        moves += 1
        assert moves < 1000, "the round does not end"
    assert game.end in ("knock", "stock_out")
    game.scores()
    return game


@pytest.mark.parametrize("name", PRESETS)
def test_every_level_plays_whole_rounds_of_the_new_presets(name: str) -> None:
    game = DummyRound.new(rules(name), len(LEVELS), 41, starter=1)
    play_round(game, LEVELS, 10)  # (heads-up and three-handed: the test below)


HOUSE_RULES = house_rules(first_turn_must_draw=st.booleans(), layoff_limit=st.sampled_from([0, 2]))


@settings(max_examples=6, deadline=None, derandomize=True)
@given(
    preset=st.sampled_from(["dummy", "dummy-house", *PRESETS]),
    options=HOUSE_RULES,
    levels=st.permutations(LEVELS).flatmap(
        lambda order: st.integers(2, 4).map(lambda n: tuple(order[:n]))
    ),
    seed=st.integers(0, 10_000),
)
def test_every_level_plays_whole_rounds_under_any_house_rules(
    preset: str, options: dict[str, Any], levels: tuple[str, ...], seed: int
) -> None:
    mixed = DummyRules.model_validate({**rules(preset).model_dump(), **options})
    game = DummyRound.new(mixed, len(levels), seed, starter=seed % len(levels))
    play_round(game, levels, seed)


def test_a_round_rebuilt_from_a_view_with_the_real_cards_plays_on_as_the_round_does() -> None:
    """What the hard player's sampled deals are made of: the round rebuilt from a
    view with the true hidden cards scores as the round itself when both play on
    alike, also with the stock run out under ``stock_out_pickup = "any"`` and with
    the discarder of a card picked up charged (``penalty_discard_picked``)."""
    mixed = rules("dummy-pip").model_copy(update={"stock_out_pickup": "any"})
    checked = 0
    for seed in range(12):
        game = DummyRound.new(mixed, 3, seed, starter=seed % 3)
        rng = random.Random(seed)
        while not game.is_over:
            if game.phase == "play" and (not game.stock or rng.random() < 0.1):
                view = game.view(game.seat)
                rebuilt = DummyRound.from_view(
                    view, list(game.hands), list(reversed(game.stock)), list(game.burned)
                )
                real = game.clone()
                moves = random.Random(seed + 1)
                while not real.is_over:
                    action = moves.choice(real.legal_actions())
                    assert rebuilt.legal_actions() == real.legal_actions()
                    real.apply(action)
                    rebuilt.apply(action)
                assert rebuilt.is_over and rebuilt.end == real.end
                assert [b.total for b in rebuilt.scores()] == [b.total for b in real.scores()]
                checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked >= 30


# ---------------------------------------------------------------------------
# What each option changes, on fixed positions

SMART = ("normal", "hard")


def player(level: str, seed: int = 5) -> Any:
    if level == "hard":
        return make_player("dummy", "hard", seed, samples=2)
    return make_player("dummy", level, seed)


def build(
    hands: list[str],
    upcard: str,
    stock: str,
    name: str,
    table: str | list[tuple[int, str]] = "",
    **options: object,
) -> DummyRound:
    """:func:`fixed_round` of four players with no card dealt twice: each hand is
    filled up to seven cards with cards named nowhere else (seat 0's choices do
    not depend on them), and ``table`` (a meld laid by seat 1, or (seat, meld)
    pairs) on the table, their players born."""
    laid = [(1, table)] if isinstance(table, str) and table else list(table or [])
    melds = " ".join(meld for _, meld in laid)
    used = [*cards(" ".join(hands)), parse_card(upcard), *cards(stock), *cards(melds)]
    assert len(set(used)) == len(used), "a card dealt twice"
    free = [c for c in range(52) if c not in used]
    full = []
    for text in [*hands, "", "", ""][:4]:
        held = cards(text)
        more, free = free[: 7 - len(held)], free[7 - len(held) :]
        full.append(" ".join(card_text(c) for c in [*held, *more]))
    game = fixed_round(full, upcard, stock, name, **options)
    for seat, meld in laid:
        game.melds.append(TableMeld.new(seat, cards(meld), both=game.both))
        game.born[seat] = True
    game._legal_cache = None
    return game


@pytest.mark.parametrize("level", SMART)
def test_under_ace_low_runs_it_picks_up_into_a_run_a_2_3(level: str) -> None:
    # dummy-pip: seat 1 throws 3♣ and seat 0 holds A♣ 2♣ (2♣ a spe-to, 50): the
    # pick-up of 3♣ with them is the best move on the table, and only an ace-low run
    hands = ["AC 2C 5D 7H 9S JD KH", "3C"]
    game = build(hands, "8S", "10D QC 4D 6D 8C 10H", "dummy-pip")
    for card in ("10D", "3C", "4D", "6D"):
        game.apply(DRAW)
        game.apply(Discard(parse_card(card)))
    assert game.seat == 0 and game.phase == "take"
    choice = player(level).choose(game.view(0), game.legal_actions())
    assert choice == Pick(parse_card("3C"), tuple(cards("2C 3C AC")))


@pytest.mark.parametrize(("ace_points", "knock_card"), [(10, "9H"), (0, "AH")])
def test_an_ace_above_the_king_is_laid_when_it_counts_more(
    ace_points: int, knock_card: str
) -> None:
    # dummy-pip (A = 1): J♥ Q♥ K♥ A♥, 5♣ 5♦ 5♠ and 9♥, which fits seat 1's nines.
    # With ace_high_run_points = 10 the ace laid above the king counts 10 and 9♥
    # is the knock card; counted as 1 the ace is the cheapest card to knock with.
    hands = ["JH QH KH AH 9H 5C 5D"]
    game = build(
        hands, "8S", "5S 10D QC 4D", "dummy-pip", "9C 9D 9S", ace_high_run_points=ace_points
    )
    game.apply(DRAW)
    actions = play_turn(game, player("normal").choose)
    assert game.end == "knock" and game.went_out == 0
    assert actions[-1] == Discard(parse_card(knock_card))


@pytest.mark.parametrize(
    ("rule", "one_suit"), [("laid", True), ("laid_and_knock_card", False), ("own_runs", False)]
)
def test_it_knocks_with_the_card_that_makes_a_one_suit_knock(rule: str, one_suit: bool) -> None:
    # 3♥ … 9♥ and K♠, which fits seat 1's kings.  By "laid" the K♠ knock leaves
    # only hearts laid (×2); by the other rules a heart knock is as one-suit or more
    hands = ["3H 4H 5H 6H 7H 8H KS"]
    game = build(
        hands, "8S", "9H 10D QC 4D", "dummy", "KC KD KH", one_suit_knock_multiplier=2,
        one_suit_knock_rule=rule,
    )  # fmt: skip
    game.apply(DRAW)
    actions = play_turn(game, player("normal").choose)
    assert game.end == "knock" and game.went_out == 0
    assert (actions[-1] == Discard(parse_card("KS"))) == one_suit
    assert game.scores()[0].one_suit_knock == (rule != "laid_and_knock_card")


@pytest.mark.parametrize("name", ["dummy-face-knock", "dummy-money"])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_it_shows_both_spetos_when_it_holds_them(name: str, level: str) -> None:
    # show_speto_points = 50 (dummy-face-knock), or two units from each (money)
    hands = ["2C QS 5D 7H 9S JD KH"]
    game = build(hands, "8S", "10D QC 4D 6D 8C 10H", name)
    assert SHOW in game.legal_actions()
    assert player(level).choose(game.view(0), game.legal_actions()) == SHOW
    game.apply(SHOW)
    # the others now know where the spe-to cards are
    view = game.view(1)
    assert Knowledge.from_view(view).known[0] == mask_of(cards("2C QS"))
    assert player(level).choose(game.view(0), game.legal_actions()) != SHOW


def test_without_the_option_there_is_nothing_to_show() -> None:
    hands = ["2C QS 5D 7H 9S JD KH"]
    game = build(hands, "8S", "10D QC 4D 6D 8C 10H", "dummy-house")
    assert SHOW not in game.legal_actions()


@pytest.mark.parametrize("scoring", ["money", "points"])
def test_in_money_it_knocks_with_a_card_that_closes(scoring: str) -> None:
    # 4♥ 5♥ 6♥ 7♥, three nines, and K♠, which fits seat 1's kings.  In money the
    # knock card that fits the table pays one unit from each (ใบปิด): the 4♥ off
    # its own run (it fits the 5♥ 6♥ 7♥ laid with it) or the K♠; in points (no
    # layoff_knock_bonus) the king is laid and the cheapest card, the 4♥, knocks.
    hands = ["4H 5H 6H 7H KS 9C 9D"]
    game = build(hands, "8S", "9S 10D QC 4D", "dummy-money", "KC KD KH", scoring=scoring)
    game.apply(DRAW)
    actions = play_turn(game, player("normal").choose)
    assert game.end == "knock" and game.went_out == 0
    if scoring == "money":
        assert closing_card(game)
        assert game.scores()[0].money is not None
    else:
        assert actions[-1] == Discard(parse_card("4H"))


@pytest.mark.parametrize(("penalty", "throws_the_king"), [(50, False), (0, True)])
def test_in_money_it_keeps_a_card_whose_discard_is_charged(
    penalty: int, throws_the_king: bool
) -> None:
    # not born, seat 0 holds K♠, which fits seat 1's kings, and cheap loose cards.
    # In money a penalty_discard_layoff charge costs a unit to each other player:
    # a cheap card goes instead; without the penalty the king is the throw.
    game = build(
        ["KS 4D 6C 8H 3S 7D 2H"], "8S", "10D QH 4C 6D 8C 10H JS", "dummy-money", "KC KD KH",
        pickup_to_layoff=False, penalty_discard_layoff=penalty,
    )  # fmt: skip
    game.apply(DRAW)
    choice = player("normal").choose(game.view(0), game.legal_actions())
    assert isinstance(choice, Discard)
    assert (choice == Discard(parse_card("KS"))) == throws_the_king


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_when_anyone_may_meld_it_lays_a_meld_before_the_round_ends(level: str) -> None:
    # unborn_play = "free": not born, seat 0 holds three kings with three cards
    # left in the stock; laid, they count for it and it is born (no fall)
    game = build(["KC KD KH 4S 6D 8C 10H"], "8S", "2D 10D QC", "dummy", unborn_play="free")
    game.apply(DRAW)
    actions = play_turn(game, player(level).choose)
    assert Meld(tuple(cards("KC KD KH"))) in actions
    assert game.born[0]


def test_it_keeps_a_card_whose_pick_up_charges_it() -> None:
    # seat 3 picked up 5♣ (seat 0's discard) with 5♦ 5♥ and keeps K♦ K♥, taken with
    # it: K♠ would make its set.  With penalty_discard_picked the pick-up of K♠
    # would charge seat 0 50 points, and a cheap card goes instead of the king.
    def position(penalty: int) -> DummyRound:
        game = build(
            ["KS 4D 6C 8H 3S 7D 2H", "KD", "KH", "5D 5H 10S"], "8C", "5C QC JD 9D 10D QH 4C",
            "dummy", penalty_discard_picked=penalty,
        )  # fmt: skip
        for card in ("5C", "KD", "KH"):
            game.apply(DRAW)
            game.apply(Discard(parse_card(card)))
        game.apply(Pick(parse_card("5C"), tuple(cards("5C 5D 5H"))))
        game.apply(Discard(parse_card("10S")))
        game.apply(DRAW)
        return game

    king = Discard(parse_card("KS"))
    for penalty, throws_the_king in ((0, True), (50, False)):
        game = position(penalty)
        assert Knowledge.from_view(game.view(0)).known[3] == mask_of(cards("KD KH"))
        choice = player("normal").choose(game.view(0), game.legal_actions())
        assert isinstance(choice, Discard) and (choice == king) == throws_the_king


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_choice_does_not_depend_on_the_hidden_cards_under_house_rules(level: str) -> None:
    # what the players read of the history (the last discard, who threw a card,
    # who showed the spe-to cards) is public; the hidden cards stay unread
    for name, players, seed in (("dummy-money", 4, 2), ("dummy-face-knock", 3, 5)):
        positions = decisions(name, players, seed, every=4)[1:3]
        for i, game in enumerate(positions):
            seat = game.seat
            view, legal = game.view(seat), game.legal_actions()
            choice = ai("dummy", level, 3).choose(view, legal)
            other = redeal(game, seat, random.Random(i))
            assert other.hands != game.hands and other.view(seat) == view
            assert ai("dummy", level, 3).choose(other.view(seat), legal) == choice, (name, i)


@pytest.mark.parametrize(("penalty", "onto_the_twos"), [(50, True), (0, False)])
def test_a_speto_is_laid_off_beside_another_players_card_when_that_charges_them(
    penalty: int, onto_the_twos: bool
) -> None:
    # seat 0 lays 2♣ off: below its own 3♣ 4♣ 5♣, or onto seat 1's 2♦ 2♥ 2♠, which
    # charges seat 1 with penalty_speto_laid_off
    game = build(
        ["2C 9H 4D 6S 8D JH"], "8S", "KS 10D QC 4H", "dummy", [(0, "3C 4C 5C"), (1, "2D 2H 2S")],
        penalty_speto_laid_off=penalty,
    )  # fmt: skip
    game.apply(DRAW)
    twos = next(i for i, m in enumerate(game.melds) if m.owner == 1)
    actions = play_turn(game, player("normal").choose)
    layoff = next(a for a in actions if isinstance(a, LayOff))
    assert layoff.card == parse_card("2C") and (layoff.target == twos) == onto_the_twos


def test_the_reading_of_discards_and_draws_follows_the_house_rules() -> None:
    """With ace_low_runs a thrown ace speaks against the 2 and 3 of its suit too;
    with first_turn_must_draw the round's first draw passes nothing up."""
    ace: list[tuple[int, Action]] = [(1, Discard(parse_card("AH")))]
    low = parse_card("2H")
    assert hand_weights(ace, parse_card("9C"), 3).weights[1][low] == 1.0
    assert hand_weights(ace, parse_card("9C"), 3, ace_low_runs=True).weights[1][low] < 1.0
    first: list[tuple[int, Action]] = [(0, DRAW)]  # the head card 9♣ stays in the row
    assert hand_weights(first, parse_card("9C"), 3).pairs[0]
    assert not hand_weights(first, parse_card("9C"), 3, first_draw_forced=True).pairs[0]
