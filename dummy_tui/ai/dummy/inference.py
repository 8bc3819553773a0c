"""What an opponent's play says about the cards it holds.

A player who keeps the cards that work together throws the ones that do not:
after it discards a card, the cards that would have made a meld with that
card are less likely to be in its hand.  A player who draws while the last
cards of the row would have made it a meld probably lacked the cards for
that meld.  Both signals fade as the player draws more cards afterwards.

:func:`hand_weights` turns the public history into a weight per card for
each opponent (1 = no evidence, lower = less likely), which the sampler
(:mod:`sampling`) uses to deal the hidden cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from dummy_tui.ai.dummy.weights import for_table
from dummy_tui.engine.actions import Action, Discard, Draw, LayOff, Meld, Pick, PickLayoff
from dummy_tui.engine.cards import mask_of, position_rank, run_position
from dummy_tui.engine.families.dummy import DummyView
from dummy_tui.engine.melds import TableMeld
from dummy_tui.engine.relations import NEAR, NEAR_BOTH, partners
from dummy_tui.rules.schema import DummyRules


def _steps(card: int, steps: tuple[int, ...], ace_low: bool) -> int:
    """The cards of ``card``'s suit ``steps`` positions from it (the ace high, or low)."""
    pos = run_position(card % 13, ace_low)
    base = card - card % 13
    out = 0
    for d in steps:
        if 0 <= pos + d <= 12:
            out |= 1 << (base + position_rank(pos + d, ace_low))
    return out


# cards one rank from a card in its suit, or of its rank; and two ranks from it
# (``_BOTH``: with the ace low as well as high, ace_low_runs)
_NEAR1: Final[list[int]] = []
_NEAR2: Final[list[int]] = []
_NEAR1_BOTH: Final[list[int]] = []
_NEAR2_BOTH: Final[list[int]] = []
for _card in range(52):
    _two = _steps(_card, (-2, 2), False)
    _NEAR1.append(NEAR[_card] & ~_two)
    _NEAR2.append(_two)
    _one = NEAR_BOTH[_card] & ~(_two | _steps(_card, (-2, 2), True))
    _one |= _steps(_card, (-1, 1), False) | _steps(_card, (-1, 1), True)
    _NEAR1_BOTH.append(_one)
    _NEAR2_BOTH.append(NEAR_BOTH[_card] & ~_one)


class Evidence:
    """Per seat: weights per card, and pairs of cards it probably did not hold together."""

    __slots__ = ("_powers", "pairs", "reading", "weights")

    def __init__(self, players: int, reading: Reading) -> None:
        self.reading = reading
        self.weights: list[list[float]] = [[1.0] * 52 for _ in range(players)]
        self.pairs: list[list[tuple[int, int, float]]] = [[] for _ in range(players)]
        self._powers: dict[int, list[float]] = {}

    def powers(self, seat: int) -> list[float]:
        """Per card, 1 / its weight for ``seat`` (weights below 0.05 count 0.05):
        the exponent of the sampler's keys (kept: the weights do not change)."""
        hit = self._powers.get(seat)
        if hit is None:
            hit = self._powers[seat] = [1.0 / max(weight, 0.05) for weight in self.weights[seat]]
        return hit


@dataclass(frozen=True, slots=True)
class Reading:
    """How strongly each signal counts (1 = no evidence).

    ``discard_near`` / ``discard_far`` scale the weight of the cards one /
    two ranks from a discard (or of its rank); ``passed_pair`` is the odds of
    holding both cards of a meld with one of the last ``depth`` cards of the
    row when the seat drew instead; every later draw of the seat moves a
    signal a step back towards no evidence (``fade``).  ``shape`` and
    ``candidates`` tell the sampler to prefer, among that many draws, the
    hands whose cards work together.
    """

    discard_near: float = 0.55
    discard_far: float = 0.8
    passed_pair: float = 0.25
    # the same odds when the seat drew while not born, for 2, 3 and 4 players:
    # heads-up, a player who is not born often draws past a pick-up to keep a
    # dark knock open, so such a draw says little about its pairs
    passed_unborn: tuple[float, float, float] = (1.0, 0.25, 0.25)
    fade: float = 0.8
    depth: int = 2
    shape: float = 0.0
    candidates: int = 1
    # the weight of a card that fitted onto a meld of the table when a born
    # player ended its turn (a meld nobody has added to since), for 2, 3 and 4
    # players: it would have been laid off, as a player lays down what scores
    fit: tuple[float, float, float] = (1.0, 1.0, 1.0)


def view_evidence(view: DummyView, reading: Reading) -> Evidence:
    """The evidence of the opponents' play that ``view`` shows (:func:`hand_weights`)."""
    rules = view.rules
    assert isinstance(rules, DummyRules)
    return hand_weights(
        view.history,
        view.head,
        view.players,
        reading,
        rules.ace_low_runs,
        rules.first_turn_must_draw,
        view.melds,
        rules.layoff_chain,
        [rules.layoff_limit > 0 and n >= rules.layoff_limit for n in view.layoffs],
    )


def hand_weights(
    history: list[tuple[int, Action]],
    head: int,
    players: int,
    reading: Reading = Reading(),
    ace_low_runs: bool = False,
    first_draw_forced: bool = False,
    melds: Sequence[TableMeld] = (),
    chain: str = "any",
    spent: Sequence[bool] = (),
) -> Evidence:
    """The evidence each seat's play gives about its hand (see :class:`Reading`);
    ``ace_low_runs``: runs hold the ace low as well as high;
    ``first_draw_forced``: the round's first turn must draw (first_turn_must_draw),
    so that draw passes nothing up; ``melds``: the table now, whose layoffs
    (by the ``chain`` rule, ``layoff_chain``) a born player would have laid
    unless ``spent`` (per seat) says it may lay off no more (``layoff_limit``)."""
    near1, near2 = (_NEAR1_BOTH, _NEAR2_BOTH) if ace_low_runs else (_NEAR1, _NEAR2)
    pairs = partners(ace_low_runs)
    discard_near, discard_far = reading.discard_near, reading.discard_far
    passed_pair, fade, depth = reading.passed_pair, reading.fade, reading.depth
    ev = Evidence(players, reading)
    # per seat: (kind, card, the seat's draws so far); faded by its later draws
    events: list[list[tuple[str, int, int]]] = [[] for _ in range(players)]
    draws = [0] * players
    born = [False] * players
    unborn_odds = for_table(reading.passed_unborn, players)
    row = [head]
    for seat, action in history:
        if isinstance(action, Discard):
            events[seat].append(("discard", action.card, draws[seat]))
            row.append(action.card)
        elif isinstance(action, Draw):
            forced, first_draw_forced = first_draw_forced, False
            if not forced and (born[seat] or unborn_odds < 1.0):
                kind = "passed" if born[seat] else "passed_unborn"
                for x in row[-depth:]:
                    events[seat].append((kind, x, draws[seat]))
            draws[seat] += 1
        elif isinstance(action, Pick | PickLayoff):
            born[seat] = True  # a pick-up makes its player born
            if action.card in row:
                del row[row.index(action.card) :]
    fit = for_table(reading.fit, players)
    if fit < 1.0 and melds:
        able = [b and not (spent and spent[s]) for s, b in enumerate(born)]
        _fits(ev, history, melds, able, chain, fit)
    for seat in range(players):
        weights = ev.weights[seat]
        for kind, card, at in events[seat]:
            keep = fade ** (draws[seat] - at)
            if kind == "discard":
                _scale(weights, near1[card], 1.0 - (1.0 - discard_near) * keep)
                _scale(weights, near2[card], 1.0 - (1.0 - discard_far) * keep)
            else:
                odds = passed_pair if kind == "passed" else unborn_odds
                p = 1.0 - (1.0 - odds) * keep
                for x, y in pairs[card]:
                    ev.pairs[seat].append((x, y, p))
    return ev


def _fits(
    ev: Evidence,
    history: list[tuple[int, Action]],
    melds: Sequence[TableMeld],
    able: list[bool],
    chain: str,
    odds: float,
) -> None:
    """Scale by ``odds`` the cards that fitted onto the table when each ``able``
    seat (born, free to lay off) ended its last turn: the melds nobody has laid
    a card on since."""
    laid = 0  # cards laid since the end of the turn reached going back
    pending = [seat for seat, b in enumerate(able) if b]
    for seat, action in reversed(history):
        if seat in pending:
            pending.remove(seat)
            fit = 0
            for meld in melds:
                if not meld.mask & laid:
                    fit |= meld.fit_mask(seat, chain)
            _scale(ev.weights[seat], fit, odds)
            if not pending:
                break
        if isinstance(action, Meld):
            laid |= mask_of(action.cards)
        elif isinstance(action, Pick):
            laid |= mask_of(action.meld)
        elif isinstance(action, LayOff | PickLayoff):
            laid |= 1 << action.card


def _scale(weights: list[float], mask: int, factor: float) -> None:
    while mask:
        low = mask & -mask
        weights[low.bit_length() - 1] *= factor
        mask ^= low
