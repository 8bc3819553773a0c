"""What an opponent's play says about its hand, and dealing hidden cards by it."""

from __future__ import annotations

import random
from collections.abc import Callable

from dummy_tui.ai import make_player
from dummy_tui.ai.dummy.inference import Reading, hand_weights, view_evidence
from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.ai.dummy.sampling import sample_hidden
from dummy_tui.engine.actions import DRAW, Action, Discard, LayOff, Pick
from dummy_tui.engine.cards import parse_card
from dummy_tui.engine.families.dummy import DummyRound

from .conftest import assert_dealt_consistently, decisions, rules


def c(text: str) -> int:
    return parse_card(text)


def test_a_discard_lowers_the_cards_that_would_meld_with_it() -> None:
    history: list[tuple[int, Action]] = [(1, Discard(c("7H")))]
    ev = hand_weights(history, c("2C"), 3)
    w = ev.weights[1]
    # same rank and next in suit: strongly lowered; two away: less; others untouched
    for near in ("7C", "7D", "7S", "6H", "8H"):
        assert w[c(near)] < 0.6
    for far in ("5H", "9H"):
        assert 0.6 < w[c(far)] < 1.0
    for other in ("4H", "10H", "6C", "8S", "KD"):
        assert w[c(other)] == 1.0
    # another seat's weights say nothing about seat 1's discard
    assert all(x == 1.0 for x in ev.weights[0]) and all(x == 1.0 for x in ev.weights[2])


def test_drawing_past_a_meld_in_the_row_speaks_against_holding_its_pair() -> None:
    history: list[tuple[int, Action]] = [(0, Discard(c("9S"))), (1, DRAW)]
    ev = hand_weights(history, c("2C"), 3)
    pairs = {(x, y): p for x, y, p in ev.pairs[1]}
    assert pairs[(c("8S"), c("10S"))] < 0.5
    assert pairs[(c("9C"), c("9D"))] < 0.5
    assert not ev.pairs[0]


def test_heads_up_only_a_born_player_drawing_past_a_meld_speaks_against_its_pair() -> None:
    # not born, seat 1 may draw to keep a dark knock open: no evidence
    unborn: list[tuple[int, Action]] = [(0, Discard(c("9S"))), (1, DRAW)]
    assert not hand_weights(unborn, c("2C"), 2).pairs[1]
    # born by its pick-up of 4♥, the same draw speaks against the pairs again
    born: list[tuple[int, Action]] = [
        (0, Discard(c("4H"))),
        (1, Pick(c("4H"), (c("4C"), c("4D"), c("4H")))),
        (1, Discard(c("KD"))),
        (0, Discard(c("9S"))),
        (1, DRAW),
    ]
    pairs = {(x, y): p for x, y, p in hand_weights(born, c("2C"), 2).pairs[1]}
    assert pairs[(c("8S"), c("10S"))] < 0.5


def test_evidence_fades_as_the_seat_draws_more() -> None:
    fresh: list[tuple[int, Action]] = [(1, Discard(c("7H")))]
    stale: list[tuple[int, Action]] = [(1, Discard(c("7H"))), (1, DRAW), (1, DRAW), (1, DRAW)]
    w_fresh = hand_weights(fresh, c("2C"), 2).weights[1][c("8H")]
    w_stale = hand_weights(stale, c("2C"), 2).weights[1][c("8H")]
    assert w_fresh < w_stale < 1.0


def test_a_pick_up_clears_the_row_it_took() -> None:
    # 9S is taken by seat 0; seat 1's later draw passes nothing built on it
    history: list[tuple[int, Action]] = [
        (1, Discard(c("9S"))),
        (0, Pick(c("9S"), (c("9C"), c("9D"), c("9S")))),
        (0, Discard(c("KD"))),
        (1, DRAW),
    ]
    ev = hand_weights(history, c("2C"), 3, Reading(depth=1))
    targets = {frozenset((x, y)) for x, y, _ in ev.pairs[1]}
    assert frozenset((c("8S"), c("10S"))) not in targets
    assert frozenset((c("QD"), c("AD"))) in targets  # K♦ was the last card of the row


def _positions(players: int, rounds: int) -> list[tuple[DummyRound, int]]:
    """Positions from rounds of normal players, seat 0 to take, past the opening."""
    out = []
    r = rules("dummy")
    for i in range(rounds):
        ais = [make_player("dummy", "normal", 50 * i + s) for s in range(players)]
        game = DummyRound.new(r, players, 900 + i, starter=i % players)
        while not game.is_over:
            if game.seat == 0 and game.phase == "take" and len(game.history) > 8:
                out.append((game.clone(), 0))
            legal = game.legal_actions()
            seat = game.seat
            choice = legal[0] if len(legal) == 1 else ais[seat].choose(game.view(seat), legal)
            game.apply(choice)
    return out


def test_the_evidence_points_towards_the_real_hands() -> None:
    held: list[float] = []
    other: list[float] = []
    real_pairs = 0
    uniform_pairs = 0.0
    for game, seat in _positions(2, 12):
        view = game.view(seat)
        k = Knowledge.from_view(view)
        ev = hand_weights(view.history, view.head, view.players)
        opp = 1
        hidden = game.hands[opp] & k.unseen
        n_hidden, n_unseen = hidden.bit_count(), k.unseen.bit_count()
        for card in range(52):
            if k.unseen >> card & 1:
                (held if hidden >> card & 1 else other).append(ev.weights[opp][card])
        for x, y, _ in ev.pairs[opp]:
            if k.unseen >> x & 1 and k.unseen >> y & 1:
                uniform_pairs += n_hidden / n_unseen * (n_hidden - 1) / max(1, n_unseen - 1)
                real_pairs += bool(hidden >> x & 1 and hidden >> y & 1)
    assert sum(held) / len(held) > sum(other) / len(other)
    # the pairs its play speaks against are held far less often than by chance
    assert real_pairs < 0.7 * uniform_pairs


def test_dealing_by_the_evidence_keeps_every_card_in_one_place() -> None:
    for game, seat in _positions(4, 3):
        view = game.view(seat)
        k = Knowledge.from_view(view)
        ev = hand_weights(view.history, view.head, view.players, Reading(shape=1.0, candidates=6))
        hands, stock, burned = sample_hidden(view, k, random.Random(3), ev)
        assert (hands, stock, burned) == sample_hidden(view, k, random.Random(3), ev)
        assert_dealt_consistently(view, k, hands, stock, burned)


def test_hands_dealt_by_shape_hold_cards_that_work_together() -> None:
    def paired(hand: int) -> float:
        cards = [x for x in range(52) if hand >> x & 1]
        near = 0
        for x in cards:
            rank, suit = x % 13, x // 13
            if any(
                y != x and (y % 13 == rank or (y // 13 == suit and abs(y % 13 - rank) <= 2))
                for y in cards
            ):
                near += 1
        return near / len(cards)

    plain: list[float] = []
    shaped: list[float] = []
    for game, seat in _positions(2, 6):
        view = game.view(seat)
        k = Knowledge.from_view(view)
        ev = hand_weights(view.history, view.head, view.players, Reading(shape=1.0, candidates=8))
        for i in range(4):
            plain.append(paired(sample_hidden(view, k, random.Random(i))[0][1]))
            shaped.append(paired(sample_hidden(view, k, random.Random(i), ev)[0][1]))
    assert sum(shaped) / len(shaped) > sum(plain) / len(plain) + 0.08


def _seat_0_to_take(players: int, wanted: Callable[[DummyRound], bool]) -> DummyRound:
    """The first position of rounds of normal players where seat 0 is to take
    and ``wanted`` holds."""
    for seed in range(40):
        for game in decisions("dummy", players, seed, every=1):
            assert isinstance(game, DummyRound)
            if game.seat == 0 and game.phase == "take" and wanted(game):
                return game
    raise AssertionError("no such position")


def test_a_born_player_is_dealt_less_often_a_card_it_could_have_laid_off() -> None:
    # heads-up: seat 1 is born, and melds are on the table
    game = _seat_0_to_take(2, lambda g: g.born[1] and len(g.melds) >= 2)
    view = game.view(0)
    plain = view_evidence(view, Reading())
    read = view_evidence(view, Reading(fit=(0.2, 1.0, 1.0)))
    chain = rules().layoff_chain
    fits = 0
    for meld in view.melds:
        fits |= meld.fit_mask(1, chain)
    unseen = Knowledge.from_view(view).unseen
    assert fits & unseen, "a card that fits the table is still unseen"
    for card in range(52):
        if unseen >> card & 1:
            scale = 0.2 if fits >> card & 1 else 1.0
            assert read.weights[1][card] == plain.weights[1][card] * scale
    # a meld seat 0 has laid a card on since seat 1's turn: seat 1 never saw its
    # ends as they are, so they say nothing
    first = view.melds[0]
    touched = [*view.history, (0, LayOff(first.cards[0], 0))]
    later = hand_weights(
        touched, view.head, 2, Reading(fit=(0.2, 1.0, 1.0)), melds=view.melds, chain=chain
    ).weights[1]
    others = 0
    for meld in view.melds[1:]:
        others |= meld.fit_mask(1, chain)
    lone = first.fit_mask(1, chain) & ~others
    assert lone
    for card in range(52):
        if lone >> card & 1:
            assert later[card] == plain.weights[1][card]
    # a player who has laid off as many cards as layoff_limit allows lays no more
    spent = hand_weights(
        view.history, view.head, 2, Reading(fit=(0.2, 1.0, 1.0)), melds=view.melds,
        chain=chain, spent=[False, True],
    )  # fmt: skip
    assert spent.weights[1] == plain.weights[1]
    limited = game.clone()
    limited.rules = rules().model_copy(update={"layoff_limit": 2})
    limited.layoffs[1] = 2
    assert (
        view_evidence(limited.view(0), Reading(fit=(0.2, 1.0, 1.0))).weights[1]
        == (plain.weights[1])
    )
    # a player not born lays nothing off: nothing to read
    view = _seat_0_to_take(2, lambda g: not g.born[1] and bool(g.melds)).view(0)
    assert (
        view_evidence(view, Reading(fit=(0.2, 1.0, 1.0))).weights[1]
        == (view_evidence(view, Reading()).weights[1])
    )


def test_the_lay_off_reading_is_heads_up_only() -> None:
    game = _seat_0_to_take(3, lambda g: any(g.born[1:]) and len(g.melds) >= 2)
    view = game.view(0)
    heads_up_only = view_evidence(view, Reading(fit=(0.2, 1.0, 1.0))).weights
    assert heads_up_only == view_evidence(view, Reading()).weights
    assert view_evidence(view, Reading(fit=(0.2, 0.2, 0.2))).weights != heads_up_only
