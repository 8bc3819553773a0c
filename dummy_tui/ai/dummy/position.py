"""What a position in the middle of a round is worth to one seat.

``hard``'s lookahead stops at its next turn and must value the position it
reaches in the same units as a finished round (:func:`search.outcome`: its
score against the others', with a bonus for winning).  The value is a
linear function of what each seat has at that moment, read from the round:

* for the seat itself: its table points, its hand as the normal player
  judges it (:meth:`Evaluator.keep`: its points and its chances), its hand
  points (doubled while it is not born, as a fall would), whether it is
  born, how many cards it holds and the penalties it has paid;
* for each other seat, in turn order from the next: its table points, its
  hand points (doubled while not born), whether it is born, its card count
  and its penalties;
* the stage of the round (the share of the stock drawn);

each also multiplied by the stage, since what a card in hand costs grows as
the stock runs out.  The weights (:mod:`position_data`) were fit by least
squares to the outcomes of rounds played by ``normal`` players at
``dummy`` and ``dummy-house``, one set per number of players (2, 3, 4);
``benchmarks/position_model.py`` plays those rounds, prints how well the
fit predicts outcomes it was not fit on, and writes the weights.
"""

from __future__ import annotations

from dummy_tui.ai.dummy.evaluator import Evaluator
from dummy_tui.ai.dummy.knowledge import Knowledge, card_points
from dummy_tui.ai.dummy.plans import mask_points
from dummy_tui.ai.dummy.position_data import WEIGHTS
from dummy_tui.ai.dummy.weights import Weights
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.families.dummy_scoring import table_points


def features(game: DummyRound, seat: int, weights: Weights) -> list[float]:
    """The position's features for ``seat`` (see the module's text), without the stage products."""
    players = game.players
    knowledge = Knowledge.from_round(game, seat)
    ev = Evaluator(knowledge, weights)
    points = card_points(game.rules, game.head)[0]
    table = table_points(game)  # as the round scores them (an ace above a king, §14.1)
    paid = [0] * players
    for p in game.penalty_items:
        paid[p.seat] += p.points
    fall = game.rules.unborn_hand_multiplier
    hands = game.hands
    born = game.born
    mine = hands[seat]
    out: list[float] = [
        table[seat],
        ev.keep(mine, born[seat]),
        mask_points(mine, points) * (1 if born[seat] else fall),
        1.0 if born[seat] else 0.0,
        mine.bit_count(),
        paid[seat],
    ]
    for d in range(1, players):
        s = (seat + d) % players
        out += [
            table[s],
            mask_points(hands[s], points) * (1 if born[s] else fall),
            1.0 if born[s] else 0.0,
            hands[s].bit_count(),
            paid[s],
        ]
    out.append(knowledge.stage)
    return out


def design(x: list[float]) -> list[float]:
    """The features, the features times the stage (the last feature), and a constant."""
    stage = x[-1]
    return [*x, *(v * stage for v in x), 1.0]


def has_weights(players: int) -> bool:
    return players in WEIGHTS


def position_value(game: DummyRound, seat: int, weights: Weights) -> float:
    """The expected outcome of the round for ``seat`` from this position."""
    coef = WEIGHTS[game.players]
    return sum(c * v for c, v in zip(coef, design(features(game, seat, weights)), strict=True))


__all__ = ["design", "features", "has_weights", "position_value"]
