"""Random rounds of every preset, checked against the referee and the real command.

:func:`play` plays one seeded round of a preset with random house rules,
choosing among ``legal_actions()``; in Dummy it asks the referee
(``referee.py``) at every turn that faces the empty stock which pick-ups can
still lead to a knock (the round must list exactly those, or end by itself
when there are none, §9), and in some play phases whether the hand can knock;
half the rounds then play the referee's sequence when it finds one, move by
move as record text, so that rounds knock through the corners (the 2 and the
ace below it, an ace at either end of 2…K).  :func:`replay_all` replays the
rounds' records through ``dummy-tui replay --json`` in one process (the
command's ``main``, one call a record) and each answer must be the round's own
result.  The suite runs a few rounds (``test_differential.py``);
``benchmarks/corners.py`` runs many.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine_util import listed_pickups
from referee import Meld as RefMeld
from referee import Referee

from dummy_tui.engine.actions import Action, LayOff, Meld, Pick, PickLayoff
from dummy_tui.engine.deal import Deal
from dummy_tui.engine.families import new_round, round_from_deal
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.record import ReplayResult, apply_moves, dumps_record, record_of, result_json
from dummy_tui.engine.round import PLAY, TAKE, Round
from dummy_tui.rules.loader import get_ruleset, load_rulesets
from dummy_tui.rules.schema import DummyRules, Ruleset

PRESETS = tuple(load_rulesets())

HOUSE: dict[str, list[Any]] = {
    "ace_low_runs": [True, True, False],
    "ace_high_run_points": [0, 10, 20],
    "layoff_chain": ["any", "owner_or_self", "owner_or_self"],
    "layoff_limit": [0, 0, 2, 4],
    "pickup_to_layoff": [False, True],
    "first_turn_must_draw": [False, True],
    "unborn_play": ["knock_only", "never", "free"],
    "stock_out_pickup": ["knock_only", "knock_only", "any"],
    "stock_out_fall": [False, True],
    "knock_card_points": ["fixed", "card"],
    "knock_bonus": [0, 50],
    "layoff_knock_bonus": [0, 50],
    "knock_multiplier_scope": ["round", "cards", "bonus"],
    "one_suit_knock_rule": ["laid_and_knock_card", "laid", "own_runs"],
    "one_suit_knock_multiplier": [1, 2],
    "fool_dark_first_turn_multiplier": [0, 4],
    "show_speto_points": [0, 50],
    "speto_cards": [["2C", "QS"], ["AC", "QS"], ["AS", "2H"], []],
    "head_card_points": [0, 50],
    "penalty_discard_layoff": [0, 50],
    "penalty_discard_row_meld": [0, 50],
    "penalty_discard_picked": [0, 50],
    "penalty_feed_head": [0, 50],
    "penalty_feed_speto": [0, 50],
    "penalty_speto_laid_off": [0, 50],
    "feed_rule": ["near", "fresh"],
    "discard_penalties_stack": [True, False],
    "row_meld_rule": ["anywhere", "top"],
    "fool_rule": ["single_card", "took_discard"],
    "next_starter": ["knocker", "rotate"],
    "scoring": ["points", "points", "money"],
}
"""Dummy's house rules and the values a round draws them from."""

DEALS = {
    2: [(11, 0), (13, 5), (15, 20), (18, 15), (20, 11)],
    3: [(9, 0), (12, 0)],
    4: [(7, 0), (9, 0)],
}
"""Hand sizes (and two-player burns) that bring the stock-out sooner and long runs."""


@dataclass
class Tally:
    """What a run of rounds covered."""

    rounds: int = 0
    moves: int = 0
    presets: set[str] = field(default_factory=set)
    stock_out_turns: int = 0  # turns facing the empty stock, checked against the referee
    automatic_ends: int = 0
    knock_checks: int = 0  # play phases whose knock the referee checked
    referee_knocks: int = 0  # rounds ended by a referee's sequence
    two_then_ace: int = 0  # of those, sequences laying off a 2 and the ace of its suit
    two_end_aces: int = 0  # layoffs of the ace of a run 2…K (either end)
    ends: dict[str, int] = field(default_factory=dict)

    COUNTS = (
        "rounds", "moves", "stock_out_turns", "automatic_ends", "knock_checks",
        "referee_knocks", "two_then_ace", "two_end_aces",
    )  # fmt: skip

    def add(self, other: Tally) -> None:
        for name in self.COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.presets |= other.presets
        for key, n in other.ends.items():
            self.ends[key] = self.ends.get(key, 0) + n


def random_options(rng: random.Random, players: int) -> dict[str, Any]:
    options = {key: rng.choice(values) for key, values in HOUSE.items() if rng.random() < 0.5}
    size, burn = rng.choice(DEALS[players])
    options["hand_size"] = {str(players): size}
    if players == 2:
        options["burn_two_player"] = burn
    return options


def corner_deal(rules: Ruleset, players: int, rng: random.Random) -> Deal:
    """A shuffled deal in which one seat holds most of a suit (its 3 or 4 up to its Q
    or K) and another the cards below it and the ace: a run 2…K, the ace beside it."""
    size = rules.hand_size[players]
    deck = list(range(52))
    rng.shuffle(deck)
    suit = rng.randrange(4)
    low = rng.choice([1, 1, 2])
    run = [suit * 13 + r for r in range(low, rng.choice([10, 11, 11]) + 1)]
    ends = [suit * 13 + r for r in (*range(low), 12)]
    rng.shuffle(run)  # a short hand holds part of it
    a, b = rng.sample(range(players), 2)
    hands: list[list[int]] = [[] for _ in range(players)]
    hands[a] = run[:size]
    hands[b] = ends[:size]
    rest = [c for c in deck if c not in hands[a] and c not in hands[b]]
    for s in range(players):
        while len(hands[s]) < size:
            hands[s].append(rest.pop())
    burn = rules.burn_two_player if players == 2 and isinstance(rules, DummyRules) else 0
    stock = rest[1 : len(rest) - burn]
    return Deal([sorted(h) for h in hands], rest[0], stock, rest[len(rest) - burn :])


def _table(game: DummyRound) -> tuple[RefMeld, ...]:
    return tuple(RefMeld(m.owner, m.kind, tuple(m.cards), tuple(m.layers)) for m in game.melds)


def _referee(game: DummyRound) -> Referee:
    return Referee(game.seat, game.move_rules.layoff_chain, game.both)


def check_stock_out(game: DummyRound, tally: Tally) -> list[str] | None:
    """At a turn facing the empty stock (or the automatic end that came instead):
    the pick-ups listed are the referee's; returns a sequence that knocks, if any."""
    seat = game.seat
    rules = game.move_rules
    found: dict[tuple[object, ...], list[str] | None] = {}
    if not (game.first_turn and rules.first_turn_must_draw):
        found = _referee(game).pickups(
            game.hands[seat],
            game.discards,
            _table(game),
            game.layoffs_left(seat),
            to_layoff=rules.pickup_to_layoff,
            born=game.born[seat],
        )
    wanted = set(found) if rules.stock_out_pickup == "any" else {k for k, v in found.items() if v}
    listed = listed_pickups(game)
    assert listed == wanted, (game.moves(), sorted(map(str, listed ^ wanted)))
    tally.stock_out_turns += 1
    if game.is_over:
        tally.automatic_ends += 1
        assert not wanted and game.end == "stock_out"
    knocks = [v for v in found.values() if v]
    return min(knocks, key=len) if knocks else None


def check_knock(game: DummyRound, tally: Tally) -> list[str] | None:
    """In a play phase: the engine can knock exactly when the referee can."""
    seat = game.seat
    moves = _referee(game).knock(game.hands[seat], _table(game), game.layoffs_left(seat))
    assert game.knock_possible(seat) == (moves is not None), game.moves()
    tally.knock_checks += 1
    return moves


def _useful(game: DummyRound) -> bool:
    """Is the referee's search worth making here (cheap: few cards, or the turn
    must end in a knock)?"""
    return game.must_knock or game.hands[game.seat].bit_count() <= 8


def play(preset: str, seed: int, tally: Tally, referee: bool = True) -> tuple[Round[Any], Ruleset]:
    """One seeded round of ``preset`` (random house rules for Dummy) to its end."""
    rng = random.Random(seed)
    base = get_ruleset(preset)
    players = rng.choice(sorted(base.hand_size))
    rules = base
    corner = False
    if isinstance(base, DummyRules):
        corner = rng.random() < 0.3
        if corner and rng.random() < 0.7:
            players = 2  # the longest hands
        options = random_options(rng, players)
        if corner:  # a deal of the corners, where anyone may lay from hand
            options.update(ace_low_runs=rng.random() < 0.8, unborn_play="free")
            if players == 2:  # long hands, and a stock to play from
                options.update(hand_size={"2": rng.choice([13, 15, 17])}, burn_two_player=0)
        rules = get_ruleset(preset, overrides=options)
    starter = rng.randrange(players)
    if corner:
        game = round_from_deal(rules, corner_deal(rules, players, rng), starter)
    else:
        game = new_round(rules, players, rng, starter=starter)
    seek = rng.random() < 0.5  # play the referee's knocks when it finds one
    # lay down whatever can be, most of the time: long runs, the corners at their ends
    greedy = corner or rng.random() < 0.5
    check = referee and isinstance(game, DummyRound)
    if check and game.is_over:
        check_stock_out(dummy(game), tally)  # the whole deck dealt (§5 first_turn_must_draw)
    while not game.is_over:
        sequence = None
        if check:
            sequence = _ask(dummy(game), tally, rng)
        if sequence is not None and seek:
            play_sequence(dummy(game), sequence, tally)
            break
        seat = game.seat
        legal = game.legal_actions()
        plays = [a for a in legal if isinstance(a, Meld | LayOff | Pick | PickLayoff)]
        action: Action = rng.choice(legal)
        if greedy and plays and rng.random() < 0.8:
            action = max(plays, key=lambda a: (_size(a), rng.random()))  # the longest meld
        if check and isinstance(action, LayOff | PickLayoff):
            tally.two_end_aces += dummy(game).melds[action.target].two_ace_ends(action.card)
        game.apply(action)
        if check and game.is_over and game.end == "stock_out" and game.seat != seat:
            check_stock_out(dummy(game), tally)  # ended by itself at the next seat's turn
        assert len(game.history) < 1000
    tally.rounds += 1
    tally.moves += len(game.moves())
    tally.presets.add(preset)
    end = str(game.end)
    tally.ends[end] = tally.ends.get(end, 0) + 1
    return game, base


def _size(action: Meld | LayOff | Pick | PickLayoff) -> int:
    if isinstance(action, Meld):
        return len(action.cards)
    return len(action.meld) if isinstance(action, Pick) else 1


def play_sequence(game: DummyRound, moves: list[str], tally: Tally) -> None:
    """Play the referee's moves as record text; each must be accepted, and the
    last must knock."""
    i = 0
    while i < len(moves):
        step = moves[i : i + 2] if moves[i].startswith("pick ") else moves[i : i + 1]
        if step[-1].startswith("layoff "):
            action = game.parse_move(step[-1])
            assert isinstance(action, LayOff)
            tally.two_end_aces += game.melds[action.target].two_ace_ends(action.card)
        _, error, pending = apply_moves(game, step)
        assert error is None and pending is None, (game.moves(), moves, error)
        i += len(step)
    assert game.end == "knock"
    tally.referee_knocks += 1
    laid = [m.split()[1] for m in moves if m.startswith("layoff ")]
    if any(f"2{s}" in laid and f"A{s}" in laid for s in "CDHS"):
        tally.two_then_ace += 1


def dummy(game: Round[Any]) -> DummyRound:
    assert isinstance(game, DummyRound)
    return game


def _ask(game: DummyRound, tally: Tally, rng: random.Random) -> list[str] | None:
    """The referee's check of this position, when it makes one: a sequence that
    knocks from here that the seat may play, or None."""
    seat = game.seat
    if game.phase == TAKE and not game.stock:
        return check_stock_out(game, tally)
    if game.phase != PLAY or not _useful(game) or rng.random() >= 0.3:
        return None
    moves = check_knock(game, tally)
    if not game.born[seat] and game.move_rules.unborn_play == "never":
        return None  # it may not lay from hand (§14.1)
    return moves


def own_result(game: Round[Any]) -> dict[str, Any]:
    """What ``dummy-tui replay --json`` must print for the round's record."""
    names = [f"P{i}" for i in range(game.players)]
    return result_json(ReplayResult(game, names, len(game.moves())))


def write_record(game: Round[Any], preset: str, base: Ruleset, folder: Path, i: int) -> Path:
    names = [f"P{s}" for s in range(game.players)]
    path = folder / f"round-{i:06}.json"
    path.write_text(dumps_record(record_of(game, names, preset, base)), encoding="utf-8")
    return path


BATCH = """
import sys
from dummy_tui.cli import main
for line in sys.stdin:
    code = main(["replay", line.rstrip("\\n"), "--json"])
    print("\\x1e", code, flush=True)
"""
"""Each record's path from standard input through the command's ``main``; after
each answer a line with the exit code."""


def replay_all(paths: list[Path], cwd: Path) -> list[tuple[dict[str, Any], int]]:
    """``dummy-tui replay FILE --json`` of each record, in one process."""
    done = subprocess.run(
        [sys.executable, "-c", BATCH],
        input="".join(f"{p}\n" for p in paths),
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,  # outside the source tree: the installed package runs
        env={**os.environ, "NO_COLOR": "1"},
        timeout=3600,
        check=True,
    )
    assert "Traceback" not in done.stderr, done.stderr
    out: list[tuple[dict[str, Any], int]] = []
    answer: list[str] = []
    for line in done.stdout.split("\n")[:-1]:  # (splitlines would split at \x1e too)
        if line.startswith("\x1e"):
            assert len(answer) == 1, answer
            out.append((json.loads(answer[0]), int(line[1:])))
            answer = []
        else:
            answer.append(line)
    assert len(out) == len(paths)
    return out
