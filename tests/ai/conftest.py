"""Helpers for the AI tests: built positions, positions from seeded rounds,
and the same position with other hidden cards."""

from __future__ import annotations

import random
from typing import Any

from dummy_tui.ai import make_player
from dummy_tui.ai.base import Player
from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.engine.actions import DRAW, Action
from dummy_tui.engine.cards import cards_of, parse_card
from dummy_tui.engine.deal import Deal
from dummy_tui.engine.families import new_round
from dummy_tui.engine.families.dummy import DummyRound, DummyView
from dummy_tui.engine.round import Round
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.rules.schema import DummyRules

HARD_SAMPLES = 1
"""Sampled deals (Dummy) or read hands (gin) of a hard player in the tests: few
and fixed, so that its play is quick and does not depend on the clock."""


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def rules(name: str = "dummy") -> DummyRules:
    r = get_ruleset(name)
    assert isinstance(r, DummyRules)
    return r


def ai(family: str, level: str, seed: int) -> Player[Any]:
    """The ``level`` player of ``family``; ``hard`` with a fixed number of samples."""
    if level != "hard":
        return make_player(family, level, seed)
    return make_player(family, level, seed, samples=HARD_SAMPLES)


def fixed_round(
    hands: list[str], upcard: str, stock: str, name: str = "dummy", **options: object
) -> DummyRound:
    """A round with the given deal (stock top first) of the preset ``name`` with
    ``options`` changed; seat 0 starts."""
    deal = Deal([sorted(cards(h)) for h in hands], parse_card(upcard), cards(stock))
    return DummyRound(rules(name).model_copy(update=options), deal, 0, 1)


def pair_of_aces_round(stock: str) -> DummyRound:
    """Three players; seat 0 holds a pair of aces (A♥ A♦) and has drawn.  With a
    long *stock* the pair may still become a set; with a short one (the stock runs
    out before it draws again) this is its last turn and every card kept is charged."""
    junk = ["2D 4S 6H 8C 10D QC 3S", "3D 5S 7C 9D JC KH 2H", "5H 7D 9S JD KC 4H 9C"]
    game = fixed_round(["AH AD 2S 4D 6C 8S 3C", *junk], "2C", stock)
    game.apply(DRAW)
    return game


def play_turn(game: DummyRound, choose: object) -> list[Action]:
    """Let ``choose(view, legal)`` play the seat to move until its turn ends."""
    seat = game.seat
    done: list[Action] = []
    while not game.is_over and game.seat == seat:
        legal = game.legal_actions()
        action = choose(game.view(seat), legal)  # type: ignore[operator]
        assert action in legal
        game.apply(action)
        done.append(action)
        if len(done) > 40:
            raise AssertionError("turn did not end")
    return done


class SlowClock:
    """A clock that runs a minute a reading: any time budget is spent at once."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 60.0
        return self.now


def hard_choices(family: str, players: int, **options: Any) -> list[Action]:
    """The choices of a seeded ``hard`` player of ``family`` (its own preset) in
    six positions of a round of ``normal`` players."""
    positions = [g for g in decisions(family, players, 8, every=2) if g.phase == "play"][2:8]
    return [
        make_player(family, "hard", 4, **options).choose(g.view(g.seat), g.legal_actions())
        for g in positions
    ]


def decisions(ruleset: str, players: int, seed: int, every: int = 5) -> list[Round[Any]]:
    """Copies of one seeded round of normal players at every ``every``-th decision
    with a choice (take and play phases alike), up to its end."""
    game = new_round(get_ruleset(ruleset), players, seed, starter=seed % players)
    seats = [make_player(game.family, "normal", seed + s) for s in range(players)]
    out: list[Round[Any]] = []
    step = 0
    while not game.is_over:
        legal = game.legal_actions()
        if len(legal) > 1:
            step += 1
            if step % every == 0:
                out.append(game.clone())
        action = (
            legal[0] if len(legal) == 1 else seats[game.seat].choose(game.view(game.seat), legal)
        )
        game.apply(action)
    return out


def public_cards(game: Round[Any], seat: int) -> int:
    """Every card ``seat`` has seen: its hand, the row, the table, and every card
    named by a move so far (a card taken from the row stays where it went)."""
    seen = game.hands[seat]
    for c in game.discards:
        seen |= 1 << c
    for m in game.melds:
        seen |= m.mask
    seen |= 1 << game.deal.upcard
    for _, action in game.history:
        for name in ("card", "cards", "meld"):
            value = getattr(action, name, None)
            if isinstance(value, int):
                seen |= 1 << value
            elif isinstance(value, tuple):
                for c in value:
                    seen |= 1 << c
    return seen


def redeal(game: Round[Any], seat: int, rng: random.Random) -> Round[Any]:
    """The same round as ``seat`` sees it with its hidden cards (the cards of the
    other hands, the stock and the burned cards that it has never seen) dealt
    again at random."""
    seen = public_cards(game, seat)
    other = game.clone()
    burned: list[int] = list(getattr(game, "burned", []))
    hidden: list[int] = [
        c for s, h in enumerate(game.hands) if s != seat for c in cards_of(h & ~seen)
    ]
    hidden += [c for c in [*game.stock, *burned] if not seen >> c & 1]
    rng.shuffle(hidden)
    for s, h in enumerate(game.hands):
        if s != seat:
            n = (h & ~seen).bit_count()
            other.hands[s] = (h & seen) | sum(1 << c for c in hidden[:n])
            hidden = hidden[n:]
    other.stock = [hidden.pop() if not seen >> c & 1 else c for c in game.stock]
    if burned:
        other.burned = [hidden.pop() if not seen >> c & 1 else c for c in burned]  # type: ignore[attr-defined]
    assert not hidden
    other._legal_cache = None
    return other


def assert_dealt_consistently(
    view: DummyView, k: Knowledge, hands: list[int], stock: list[int], burned: list[int]
) -> None:
    """A sampled deal fits the view: sizes, every card in exactly one place, known cards kept."""
    assert [h.bit_count() for h in hands] == view.hand_counts
    assert len(stock) == view.stock_count and len(burned) == view.burned_count
    every = 0
    for mask in [*hands, *(1 << c for c in stock), *(1 << c for c in burned)]:
        assert not every & mask
        every |= mask
    for m in view.melds:
        every |= m.mask
    for c in view.discards:
        every |= 1 << c
    assert every == (1 << 52) - 1
    for s in range(view.players):
        assert hands[s] & k.known[s] == k.known[s]
