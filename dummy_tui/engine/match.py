"""A match: rounds until someone reaches ``target_score`` (§11)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from dummy_tui.engine.state import Breakdown, DummyRound
from dummy_tui.rules.schema import DummyRules


@dataclass(slots=True)
class RoundResult:
    starter: int
    direction: int
    seed: int
    breakdown: list[Breakdown]
    end: str | None
    knocker: int | None

    @property
    def scores(self) -> list[int]:
        return [b.total for b in self.breakdown]


@dataclass(slots=True)
class Match:
    """Totals per seat, who starts next and in which direction.

    The first round is started by ``first_starter`` (the seat after the
    dealer); later rounds follow :meth:`DummyRound.next_round`.  Each round's
    deal comes from its own seed, drawn from the match seed, so a match is its
    seed plus its actions.
    """

    rules: DummyRules
    players: int
    seed: int = 0
    first_starter: int = 0
    results: list[RoundResult] = field(default_factory=list)
    starter: int = -1
    direction: int = 1

    def __post_init__(self) -> None:
        if self.starter < 0:
            self.starter = self.first_starter

    def round_seed(self, index: int) -> int:
        return random.Random(f"{self.seed}:{index}").getrandbits(48)

    def new_round(self) -> DummyRound:
        """The next round's deal (not yet recorded in the match)."""
        seed = self.round_seed(len(self.results))
        return DummyRound.new(self.rules, self.players, seed, self.starter, self.direction)

    def record(self, game: DummyRound) -> RoundResult:
        """Add a finished round's scores and set up the next round."""
        if not game.is_over:
            raise ValueError("the round is not over")
        result = RoundResult(
            game.starter,
            game.start_direction,
            self.round_seed(len(self.results)),
            game.scores(),
            game.end,
            game.knocker,
        )
        self.results.append(result)
        self.starter, self.direction = game.next_round()
        return result

    @property
    def totals(self) -> list[int]:
        totals = [0] * self.players
        for r in self.results:
            for seat, s in enumerate(r.scores):
                totals[seat] += s
        return totals

    @property
    def is_over(self) -> bool:
        return any(t >= self.rules.target_score for t in self.totals)

    @property
    def winner(self) -> int | None:
        """The seat with the highest total once the match is over (None on a tie)."""
        if not self.is_over:
            return None
        totals = self.totals
        best = max(totals)
        leaders = [s for s, t in enumerate(totals) if t == best]
        return leaders[0] if len(leaders) == 1 else None
