"""What a discard gives away, for every family: the coach's judgement and the hint's.

Each family's AI package judges the cards of one seat's hand from that
seat's view alone (``discard_risks(view)``, e.g. :mod:`dummy_tui.ai.dummy.advice`):
a level for each card (:data:`SAFE`, :data:`RISKY`, :data:`BAD`), the facts
behind it, and the family AI's own value of the discard.  Here, for any
family: which discard the coach asks about before it is made
(:func:`warning`), and the hint's move with such a discard replaced by a
safer one (:func:`advised`).

A discard is asked about only when a safer one exists that the AI thinks
sensible: one valued no more than :data:`SENSE` below the best discard of
the hand (breaking a good meld to throw a harmless card is no safer play).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Final

from dummy_tui.engine.actions import Action, Discard
from dummy_tui.engine.view import PlayerView

SAFE: Final = 0
RISKY: Final = 1
BAD: Final = 2

SENSE: Final = 15.0
"""How far (in the family AI's points) below the best discard a safer one may
be valued and still count as a choice the coach can point to."""


@dataclass(frozen=True, slots=True)
class DiscardRisk:
    """What discarding ``card`` gives away, as the seat's own view shows it.

    ``level`` is :data:`SAFE`, :data:`RISKY` or :data:`BAD`; ``reasons`` name
    the facts behind it, worst first (each family's module lists its own);
    ``partners`` are cards the player after (``seat``) surely has for a meld
    with it, ``needs`` the unseen cards one of which would let that player
    use it.  ``keeps`` are the cards left in hand that wait for one of
    ``waits`` to make a meld (empty when nothing waits).  ``value`` is the
    family AI's value of this discard, higher better.
    """

    card: int
    level: int
    reasons: tuple[str, ...]
    partners: tuple[int, ...]
    needs: tuple[int, ...]
    seat: int
    value: float
    keeps: tuple[int, ...] = ()
    waits: tuple[int, ...] = ()


def discard_risks(view: PlayerView) -> dict[int, DiscardRisk]:
    """Every card of the seat's hand judged as a discard now, by its family's AI
    (``discard_risks`` of the family's package, see :data:`dummy_tui.ai.FAMILIES`)."""
    from dummy_tui.ai import FAMILIES

    judge = importlib.import_module(FAMILIES[view.family]).discard_risks
    found: dict[int, DiscardRisk] = judge(view)
    return found


def discards_of(legal: list[Action]) -> list[int]:
    """The cards of the plain discards among ``legal``."""
    return [a.card for a in legal if isinstance(a, Discard)]


def safest(risks: dict[int, DiscardRisk], legal: list[Action]) -> list[DiscardRisk]:
    """The discards the coach would not ask about: of the sensible discards
    (valued within :data:`SENSE` of the best), those of the lowest level, best
    valued first.  Empty when ``legal`` holds no discard the risks judge."""
    found = [risks[c] for c in discards_of(legal) if c in risks]
    if not found:
        return []
    best = max(r.value for r in found)
    sensible = [r for r in found if r.value >= best - SENSE]
    least = min(r.level for r in sensible)
    return sorted((r for r in sensible if r.level == least), key=lambda r: (-r.value, r.card))


def warning(
    risks: dict[int, DiscardRisk], legal: list[Action], action: Action
) -> DiscardRisk | None:
    """The risk of ``action`` when the coach asks before it: a discard of a
    higher level than a sensible safer one (None: nothing to ask)."""
    if not isinstance(action, Discard) or action.card not in risks:
        return None
    if action not in legal or len(discards_of(legal)) < 2:
        return None  # the only discard (the knock in Dummy): nothing to choose
    calm = safest(risks, legal)
    risk = risks[action.card]
    if calm and risk.level > calm[0].level:
        return risk
    return None


def advised(view: PlayerView, legal: list[Action], action: Action) -> Action:
    """The hint's move ``action``, or, when it is a discard the coach would ask
    about, the best valued of the safest discards instead."""
    if not isinstance(action, Discard):
        return action
    risks = discard_risks(view)
    if warning(risks, legal, action) is None:
        return action
    return Discard(safest(risks, legal)[0].card)


def feed_of(pairs: tuple[tuple[int, int], ...], sure: int, unseen: int) -> tuple[bool, int, int]:
    """How a card whose melds of three are ``pairs`` (card numbers) feeds a
    player who surely holds the cards ``sure``: (it melds with two of them,
    the sure cards it melds with, the unseen cards one of which would make a
    meld with one sure card) — masks of cards."""
    surely = False
    partners = needs = 0
    for x, y in pairs:
        if sure >> x & 1 and sure >> y & 1:
            surely = True
            partners |= 1 << x | 1 << y
        elif sure >> x & 1 and unseen >> y & 1:
            partners |= 1 << x
            needs |= 1 << y
        elif sure >> y & 1 and unseen >> x & 1:
            partners |= 1 << y
            needs |= 1 << x
    return surely, partners, needs


def judged(
    card: int,
    seat: int,
    layoff: bool,
    feed: tuple[bool, int, int],
    value: float,
) -> DiscardRisk:
    """The risk of a discard in a family with a discard pile (rummy, gin,
    Persian): ``BAD`` when the player after (``seat``) can lay it off
    (``layoff``) or surely meld it, ``RISKY`` when one unseen card would let
    that player meld it, else ``SAFE``; reasons ``feeds_layoff``,
    ``feeds_sure``, ``feeds``."""
    from dummy_tui.engine.cards import cards_of

    surely, partners, needs = feed
    reasons: tuple[str, ...]
    if layoff:
        level, reasons = BAD, ("feeds_layoff",)
    elif surely:
        level, reasons = BAD, ("feeds_sure",)
    elif needs:
        level, reasons = RISKY, ("feeds",)
    else:
        level, reasons = SAFE, ()
    return DiscardRisk(
        card, level, reasons, tuple(cards_of(partners)), tuple(cards_of(needs)), seat, value
    )
