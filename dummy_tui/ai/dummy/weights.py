"""The tunable numbers behind the heuristic players' judgement (:class:`Weights`),
and :func:`for_table`, which picks a value by the number of players."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


def for_table(values: tuple[float, ...], players: int) -> float:
    """The value for a table of ``players`` from one given for 2, 3, 4 players."""
    return values[min(max(players - 2, 0), len(values) - 1)]


# ---------------------------------------------------------------------------
# Tunable weights


@dataclass(frozen=True, slots=True)
class Weights:
    """The numbers behind a heuristic player's judgement."""

    stuck_base: float = 0.2  # share of hand points expected to be charged early on
    stuck_late: float = 0.65  # added as the stock runs out
    knock_near: float = 0.85  # stuck share when an opponent is close to knocking
    melded_unborn: float = 0.35  # share of a held (unborn) meld's points still at risk
    # worth of a meld kept in hand, as a share of its points early in the round,
    # for 2, 3 and 4 players: hidden, it gives nobody a layoff and keeps a dark
    # knock open; the fewer the players, the longer it can safely wait
    meld_hold: tuple[float, float, float] = (3.0, 1.5, 1.0)
    out_value: float = 0.6  # chance per out that a pair becomes a meld, early
    card_cost: float = 3.0  # each card held is a turn further from a knock
    born_bonus: float = 12.0  # being born: layoffs, melds, no fall
    knock_value: float = 60.0  # ending the round while the others still hold cards
    feed_gain: float = 18.0  # what a meld is worth to an opponent beyond the card
    feed_unborn: float = 25.0  # more when it makes them born
    feed_knock: float = 45.0  # more when they are close to knocking
    opponent_weights: tuple[float, ...] = (1.0, 0.6, 0.45)
    danger_scale: float = 0.6  # how much feeding the others weighs against our own hand
    draw_samples: int = 6
    # share of a spe-to's points given away by throwing it, beyond the chance
    # that an opponent holds a pair for it now: the row keeps the card for
    # every later pick-up, and half the spe-tos thrown were taken before the
    # thrower's next turn
    speto_throw: float = 0.5
    pick_bias: float = 0.0  # added to every pick-up: the row's cards are sure, the stock's are not
    # money scoring (§14.6): the points one unit is worth to the judgement, and
    # what being born is worth beyond that (a player not born pays tier 3)
    unit_points: float = 20.0
    born_units: float = 1.0
    # share of a penalty charged to an opponent that counts for us (points
    # scoring: a rival's loss is our gain only against that rival)
    rival_share: float = 0.3
    avoid_danger: bool = True
    hold_back: bool = True  # keep a cheap meld in hand early to pick up onto it
    endgame: bool = True  # the last turns: hold nothing back, fear only who can still take


NORMAL: Final = Weights()
