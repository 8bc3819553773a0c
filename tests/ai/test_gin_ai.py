"""The ``hard`` gin player's reading of the opponent's hand."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from dummy_tui.ai import make_player
from dummy_tui.ai.gin.players import GinPlayer, read_view
from dummy_tui.ai.gin.reading import PAIR_MASKS, Reading, read_opponent
from dummy_tui.engine.cards import parse_card
from dummy_tui.engine.deal import Deal
from dummy_tui.engine.families import round_from_deal
from dummy_tui.engine.families.gin import GinRound, GinView
from dummy_tui.rules.loader import get_ruleset

from .conftest import SlowClock, hard_choices


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def mask(text: str) -> int:
    return sum(1 << c for c in cards(text))


MINE = "2C 3C 4C 7D 8D 9D QS 5H JS 9C"


def view_of(game: GinRound, seat: int) -> GinView:
    view = game.view(seat)
    assert isinstance(view, GinView)
    return view


def pool_without(text: str) -> list[int]:
    seen = mask(text)
    return [c for c in range(52) if not seen >> c & 1]


def read(
    declined: list[int] | None = None,
    known: int = 0,
    last: int | None = None,
    asked: str = "9S 2D",
    seen: str = MINE,
) -> tuple[dict[int, float], list[float]]:
    pool = [
        c
        for c in pool_without(seen + " " + asked)
        if not known >> c & 1 and c not in (declined or [])
    ]
    unknown = 10 - known.bit_count()
    r = read_opponent(
        pool,
        unknown,
        known,
        declined or [],
        last,
        cards(asked),
        Reading(),
        3000,
        random.Random(5),
    )
    return r.meld_chance, r.hold


def test_a_card_it_left_makes_its_partners_unlikely() -> None:
    # it drew from the stock rather than take 9H: it is unlikely to hold two cards that
    # meld with 9H (8H 10H, 10H JH, 7H 8H), so it holds 8H and 10H less often than others
    _, plain = read()
    _, hold = read(declined=cards("9H"))
    for card in cards("8H 10H"):
        assert hold[card] < hold[parse_card("3S")] - 0.04
        assert hold[card] < plain[card] - 0.04
    assert abs(hold[parse_card("3S")] - plain[parse_card("3S")]) < 0.03


def test_a_card_it_took_makes_its_partners_likely() -> None:
    # it took KH from the pile and still holds it: the other kings (and QH) are held
    # more often than unrelated cards, and a king we might throw melds with it more often
    _, hold = read(known=mask("KH"))
    for king in cards("KC KD KS"):
        assert hold[king] > hold[parse_card("4D")] + 0.05
    assert hold[parse_card("QH")] > hold[parse_card("4D")] + 0.03
    plain, _ = read(asked="KS 3H")
    chance, _ = read(known=mask("KH"), asked="KS 3H")
    assert chance[parse_card("KS")] > plain[parse_card("KS")] + 0.1
    assert abs(chance[parse_card("3H")] - plain[parse_card("3H")]) < 0.05


def test_pair_masks_are_the_three_card_melds() -> None:
    pairs = PAIR_MASKS[parse_card("5H")]
    assert mask("4H 6H") in pairs and mask("3H 4H") in pairs and mask("6H 7H") in pairs
    assert mask("5C 5D") in pairs and mask("5S 5D") in pairs
    assert mask("4H 5C") not in pairs
    assert len(pairs) == 6
    # ace low: A 2 3 is a run, Q K A is not
    assert mask("2S 3S") in PAIR_MASKS[parse_card("AS")]
    assert mask("QS KS") not in PAIR_MASKS[parse_card("AS")]


def _game(other: str, stock: str) -> GinRound:
    rules = get_ruleset("gin")
    used = cards(MINE) + cards(other) + cards("AD") + cards(stock)
    rest = [c for c in range(52) if c not in used]
    deal = Deal([sorted(cards(MINE)), sorted(cards(other))], parse_card("AD"), cards(stock) + rest)
    game = round_from_deal(rules, deal)
    assert isinstance(game, GinRound)
    for move in ["pass", "pass", "draw", "discard JS", "draw", "discard 10C", "draw"]:
        game.apply(game.parse_move(move))
    return game


def test_hard_reads_only_the_view_and_its_seed() -> None:
    # other hidden cards (the opponent's hand and the stock): the same choice
    a = _game("3D 4D 5D 6S 7S 2H 4H 6C 8C 10C", "KH 2S 3S")
    b = _game("6D 7C 8S QC 10S JD 6H 7H 8H 10C", "KH 4S 3S")
    assert read_view(view_of(a, 0)) == read_view(view_of(b, 0))
    for seed in range(4):
        pa = GinPlayer("hard", seed, samples=60)
        pb = GinPlayer("hard", seed, samples=60)
        assert pa.choose(view_of(a, 0), a.legal_actions()) == pb.choose(
            view_of(b, 0), b.legal_actions()
        )


def test_hard_is_repeatable_and_legal_over_whole_hands() -> None:
    from dummy_tui.engine.families import new_round

    histories = []
    for _ in range(2):
        game = new_round(get_ruleset("gin"), 2, 23)
        assert isinstance(game, GinRound)
        players = [GinPlayer("hard", 1, samples=40), GinPlayer("normal", 2)]
        while not game.is_over:
            legal = game.legal_actions()
            action = players[game.seat].choose(view_of(game, game.seat), legal)
            assert action in legal
            game.apply(action)
        histories.append(list(game.history))
    assert histories[0] == histories[1]


def test_the_view_lists_what_the_opponent_declined() -> None:
    # seat 1 passes the upcard KH, leaves 2S (seat 0's discard) on the pile and throws 10C
    rules = get_ruleset("gin")
    other = "3D 4D 5D 6S 7S 2H 4H 6C 8C 10C"
    used = cards(MINE) + cards(other) + cards("KH 2S 3S")
    rest = [c for c in range(52) if c not in used]
    deal = Deal(
        [sorted(cards(MINE)), sorted(cards(other))], parse_card("KH"), cards("2S 3S") + rest
    )
    game = round_from_deal(rules, deal)
    assert isinstance(game, GinRound)
    for move in ["pass", "pass", "draw", "discard 2S", "draw", "discard 10C"]:
        game.apply(game.parse_move(move))
    k = read_view(view_of(game, 0))
    assert k.opp_declined == tuple(cards("KH 2S 10C"))
    assert k.opp_last == parse_card("10C")
    assert k.opp_known == 0
    # once it takes a card from the pile its hand has changed: no last discard to read
    game.apply(game.parse_move("draw"))
    game.apply(game.parse_move("discard 9C"))
    game.apply(game.parse_move("pick 9C"))
    game.apply(game.parse_move("discard 3D"))
    k = read_view(view_of(game, 0))
    assert k.opp_known == mask("9C")
    assert k.opp_last == parse_card("3D")
    assert parse_card("9C") not in k.opp_declined


def test_the_thinking_time_reaches_the_gin_player() -> None:
    from dummy_tui.ai import make_player
    from dummy_tui.ai.gin.players import GinPlayer

    player = make_player("gin", "hard", 5, budget_ms=40)
    assert isinstance(player, GinPlayer) and player.budget_ms == 40.0
    default = make_player("gin", "hard", 5)
    assert isinstance(default, GinPlayer) and default.samples == 300


def test_the_default_hard_player_does_not_look_at_the_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Told nothing, the hard player reads its 300 hands however slow the machine
    is, with no deadline: a seed plays the same on any machine."""
    import dummy_tui.ai.gin.players as gin_players

    asked: list[tuple[int, float | None]] = []

    def recorded(*args: Any) -> Any:
        asked.append((args[7], args[9]))
        return read_opponent(*args)

    read = hard_choices("gin", 2, samples=300)
    monkeypatch.setattr(time, "perf_counter", SlowClock())  # the reading's clock
    monkeypatch.setattr(gin_players, "read_opponent", recorded)
    assert hard_choices("gin", 2) == read
    assert asked and set(asked) == {(300, None)}
    asked.clear()
    hard_choices("gin", 2, budget_ms=300)
    assert asked and all(deadline is not None for _, deadline in asked)


def test_fixed_samples_take_the_clock_out_of_the_hard_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``samples`` read hands, the hard player makes the same choices however
    slow the machine is; on a time budget a slow machine changes them."""
    fast = hard_choices("gin", 2, samples=60)
    monkeypatch.setattr(time, "perf_counter", SlowClock())  # the reading's clock
    assert hard_choices("gin", 2, samples=60) == fast
    assert hard_choices("gin", 2, budget_ms=50) != fast


def test_fixed_samples_reach_the_hard_player() -> None:
    gin = make_player("gin", "hard", 1, samples=5)
    assert isinstance(gin, GinPlayer) and gin.samples == 5 and gin.budget_ms == 300.0
