"""What a discard gives away, for every family: the coach's judgement and the hint's.

Each family's AI package judges the cards of one seat's hand from that
seat's view alone (``discard_risks(view)``, e.g. :mod:`dummy_tui.ai.dummy.advice`):
a level for each card (:data:`SAFE`, :data:`RISKY`, :data:`BAD`), the facts
behind it, and the family AI's own value of the discard.  Here, for any
family: which discard the coach asks about before it is made
(:func:`warning`), and the hint's move with such a discard replaced by a
safer one (:func:`advised`).

A discard is asked about only when a safer one exists that the coach can
point to (:func:`alternatives`): for a spe-to, a card a penalty charges or
one the next player surely takes, any safer card that no meld of the hand
holds; for a card that only might feed the next player, a safer one the AI
values within :data:`SENSE` of its best discard (breaking a good pair to
throw a harmless card is no safer play).

A card of a meld the hand holds, whose discard the AI values well below its
best, is asked about too (:func:`breaking`): throwing a card of a made meld
while a card of no use is there is the costliest slip of a new player.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Final

from dummy_tui.ai import FAMILIES
from dummy_tui.engine.actions import Action, Discard
from dummy_tui.engine.cards import cards_of
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
    melded: bool = False
    meld: tuple[int, ...] = ()


def discard_risks(view: PlayerView) -> dict[int, DiscardRisk]:
    """Every card of the seat's hand judged as a discard now, by its family's AI
    (``discard_risks`` of the family's package, see :data:`dummy_tui.ai.FAMILIES`)."""

    judge = importlib.import_module(FAMILIES[view.family]).discard_risks
    found: dict[int, DiscardRisk] = judge(view)
    return found


def discards_of(legal: list[Action]) -> list[int]:
    """The cards of the plain discards among ``legal``."""
    return [a.card for a in legal if isinstance(a, Discard)]


def alternatives(
    risks: dict[int, DiscardRisk], legal: list[Action], risk: DiscardRisk
) -> list[DiscardRisk]:
    """The discards among ``legal`` that give away less than ``risk``'s card
    and that the coach may point to instead: for a ``BAD`` card any that no
    meld of the hand holds (a spe-to thrown to save its points in hand is
    still a mistake), else those the AI values within :data:`SENSE` of the
    best discard; lowest level first, best valued first."""
    found = [risks[c] for c in discards_of(legal) if c in risks]
    if not found:
        return []
    best = max(r.value for r in found)
    out = [
        r
        for r in found
        if r.level < risk.level
        and (r.value >= best - SENSE or (risk.level == BAD and not r.melded))
    ]
    return sorted(out, key=lambda r: (r.level, -r.value, r.card))


def calm(risks: dict[int, DiscardRisk], legal: list[Action]) -> list[DiscardRisk]:
    """The discards the coach would not ask about, lowest level first, best
    valued first (empty when ``legal`` holds no discard the risks judge)."""
    found = [risks[c] for c in discards_of(legal) if c in risks]
    quiet = [r for r in found if not alternatives(risks, legal, r)]
    return sorted(quiet, key=lambda r: (r.level, -r.value, r.card))


def warning(
    risks: dict[int, DiscardRisk], legal: list[Action], action: Action
) -> DiscardRisk | None:
    """The risk of ``action`` when the coach asks before it: a discard that
    gives more away than another it can point to (:func:`alternatives`);
    None: nothing to ask."""
    if not isinstance(action, Discard) or action.card not in risks:
        return None
    if action not in legal or len(discards_of(legal)) < 2:
        return None  # the only discard (the knock in Dummy): nothing to choose
    risk = risks[action.card]
    return risk if alternatives(risks, legal, risk) else None


def breaking(risks: dict[int, DiscardRisk], melds: Iterable[int]) -> dict[int, DiscardRisk]:
    """``risks`` with each discard that breaks a meld of the hand marked: a card
    that gives nothing away (``SAFE``) but is in one of ``melds`` (the melds
    the hand holds, masks), and whose discard the AI values more than
    :data:`SENSE` below its best, becomes ``RISKY`` with the reason
    ``breaks_meld`` and the largest of those melds.  A card a meld can spare
    (the fourth of a set, the end of a long run) costs little and is left
    alone."""
    if not risks:
        return risks
    best = max(r.value for r in risks.values())
    held = list(melds)
    out = dict(risks)
    for card, risk in risks.items():
        if risk.level != SAFE or risk.value >= best - SENSE:
            continue
        holding = [m for m in held if m >> card & 1]
        if holding:
            meld = max(holding, key=lambda m: (m.bit_count(), m))
            reasons = (*risk.reasons, "breaks_meld")
            out[card] = replace(risk, level=RISKY, reasons=reasons, meld=tuple(cards_of(meld)))
    return out


def advised(view: PlayerView, legal: list[Action], action: Action) -> Action:
    """The hint's move ``action``, or, when it is a discard the coach would ask
    about, the best of the discards the coach points to instead."""
    if not isinstance(action, Discard):
        return action
    risks = discard_risks(view)
    risk = warning(risks, legal, action)
    if risk is None:
        return action
    return Discard(alternatives(risks, legal, risk)[0].card)


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
    melded: bool,
) -> DiscardRisk:
    """The risk of a discard in a family with a discard pile (rummy, gin,
    Persian): ``BAD`` when the player after (``seat``) can lay it off
    (``layoff``) or surely meld it, ``RISKY`` when one unseen card would let
    that player meld it, else ``SAFE``; reasons ``feeds_layoff``,
    ``feeds_sure``, ``feeds``."""

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
        card,
        level,
        reasons,
        tuple(cards_of(partners)),
        tuple(cards_of(needs)),
        seat,
        value,
        melded=melded,
    )
