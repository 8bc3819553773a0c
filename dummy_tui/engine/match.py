"""A match: rounds of one ruleset until the family's end-of-match rule (§11).

Who deals (starts) the next round is the round's own ``next_round()``: in
Dummy the knocker starts, in gin the winner of a hand deals the next and a
dead hand is dealt again by the same dealer, in basic and Persian rummy the
deal passes on.  The match ends when a seat's total reaches ``target_score``
(Dummy, gin, basic rummy) or, in Persian rummy, after ``deals`` deals; each
Persian seat's total is its team's.
"""

from __future__ import annotations

import hmac
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from dummy_tui.engine.families import new_round, round_type
from dummy_tui.engine.round import Round
from dummy_tui.engine.scores import Breakdown, winners
from dummy_tui.rules.schema import Ruleset


@dataclass(slots=True)
class RoundResult:
    starter: int
    direction: int
    seed: int
    breakdown: Sequence[Breakdown]  # the family's line per seat
    end: str | None
    knocker: int | None

    @property
    def scores(self) -> list[int]:
        return [b.total for b in self.breakdown]


def derived_seed(seed: int, label: str, bits: int, secret: bool = False) -> int:
    """A seed of ``bits`` bits for one use of a match's ``seed`` (``label``: a
    round's index, ``ai:<seat>``, ...).

    A ``secret`` seed is the match's key: the seed is drawn from it through
    HMAC-SHA256, which no seed it gives (nor the deal that follows from one)
    leads back to, so that a round's deal, seen by all once the round is
    over, tells nothing of the rounds still to come.  Otherwise (a seed the
    player chose, and every match of earlier versions) it is drawn as it
    always was, so that a seed gives the same deals as before.
    """
    if secret:
        digest = hmac.digest(seed.to_bytes(16, "big"), label.encode(), "sha256")
        return int.from_bytes(digest, "big") >> (len(digest) * 8 - bits)
    return random.Random(f"{seed}:{label}").getrandbits(bits)


def match_over(rules: Ruleset, totals: list[int], rounds: int) -> bool:
    """The family's end-of-match rule, after ``rounds`` recorded rounds.

    Reading: a tie for the lead has no winner, so the match goes on for
    another round until the lead is one player's (or one Persian team's).
    """
    family = round_type(rules)
    if not family.match_done(rules, totals, rounds):
        return False
    return bool(winners(totals, [family.team_of(s) for s in range(len(totals))]))


@dataclass(slots=True)
class Match:
    """Totals per seat, who starts next and in which direction.

    The first round is started by ``first_starter`` (the seat after the
    dealer); later rounds follow the round's ``next_round()``.  Each round's
    deal comes from its own seed, drawn from the match seed (through a
    one-way function when the seed is ``secret``: :func:`derived_seed`), so
    a match is its seed plus its actions.
    """

    rules: Ruleset
    players: int
    seed: int = 0
    first_starter: int = 0
    results: list[RoundResult] = field(default_factory=list)
    starter: int = -1
    direction: int = 1
    secret: bool = False

    def __post_init__(self) -> None:
        if self.starter < 0:
            self.starter = self.first_starter

    def round_seed(self, index: int) -> int:
        return derived_seed(self.seed, str(index), 48, self.secret)

    def new_round(self) -> Round[Any]:
        """The next round's deal (not yet recorded in the match)."""
        seed = self.round_seed(len(self.results))
        return new_round(self.rules, self.players, seed, self.starter, self.direction)

    def record(self, game: Round[Any]) -> RoundResult:
        """Add a finished round's scores and set up the next round."""
        if not game.is_over:
            raise ValueError("the round is not over")
        result = RoundResult(
            game.starter,
            game.start_direction,
            self.round_seed(len(self.results)),
            list(game.scores()),
            game.end,
            game.went_out,
        )
        self.results.append(result)
        self.starter, self.direction = game.next_round()
        return result

    @property
    def totals(self) -> list[int]:
        """Each seat's total (in Persian rummy, its team's)."""
        totals = [0] * self.players
        for r in self.results:
            for seat, s in enumerate(r.scores):
                totals[seat] += s
        return totals

    @property
    def is_over(self) -> bool:
        return bool(self.results) and match_over(self.rules, self.totals, len(self.results))

    @property
    def winners(self) -> list[int]:
        """Every seat that wins the match once it is over: one seat, or a
        Persian team's two seats; empty while it goes on."""
        if not self.is_over:
            return []
        family = round_type(self.rules)
        return winners(self.totals, [family.team_of(s) for s in range(self.players)])

    @property
    def winner(self) -> int | None:
        """The seat with the highest total once the match is over; in Persian
        rummy the first seat of the winning team."""
        winners = self.winners
        return winners[0] if winners else None
