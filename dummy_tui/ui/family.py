"""What differs between the rummy families on screen: marks, points, teams.

Dummy rounds are read directly; the other families (gin, basic rummy,
Persian rummy) are imported only when such a round is on the table, so that
a Dummy game starts without loading them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.melds import melds_in

if TYPE_CHECKING:
    from dummy_tui.engine.families import Round

MELD = "meld"
LAYOFF = "layoff"
SPETO = "speto"

PILE_FAMILIES = ("rummy", "gin")
"""Families whose discards form a pile of which only the top card can be taken."""


def family_of(game: Round) -> str:
    return str(game.rules.family)


def is_pile(game: Round) -> bool:
    return family_of(game) in PILE_FAMILIES


def has_teams(game: Round) -> bool:
    return family_of(game) == "persian"


def team_of(game: Round, seat: int) -> int:
    return seat % 2 if has_teams(game) else seat


def partner_of(game: Round, seat: int) -> int | None:
    return (seat + 2) % 4 if has_teams(game) and game.players == 4 else None


def hand_melds(game: Round, mask: int) -> list[int]:
    """The melds (card masks) inside ``mask`` under the family's rules."""
    family = family_of(game)
    if family in PILE_FAMILIES:
        from dummy_tui.engine.families.common import melds_low

        return melds_low(mask)
    if family == "persian":
        from dummy_tui.engine.families.persian import persian_melds

        return persian_melds(mask)
    return melds_in(mask)


def fits_table(game: Round, card: int, seat: int) -> bool:
    """Could ``card`` be laid off onto some meld on the table?"""
    family = family_of(game)
    if family == "dummy":
        return bool(game.fits_table(card, seat))  # type: ignore[union-attr]
    if family == "gin":
        return False
    if family == "persian":
        from dummy_tui.engine.families.persian import fits

        return any(fits(m, card, seat) for m in game.melds)
    return any(m.fits(card, seat) for m in game.melds)


def hand_marks(game: Round, seat: int) -> dict[int, set[str]]:
    """Cards of ``seat`` that make a meld in hand, lay off onto the table, or
    are spe-to cards (Dummy)."""
    mask = game.hands[seat]
    marks: dict[int, set[str]] = {}
    for m in hand_melds(game, mask):
        for c in cards_of(m):
            marks.setdefault(c, set()).add(MELD)
    dummy = family_of(game) == "dummy"
    for c in cards_of(mask):
        if fits_table(game, c, seat):
            marks.setdefault(c, set()).add(LAYOFF)
        if dummy and game.is_speto(c):  # type: ignore[union-attr]
            marks.setdefault(c, set()).add(SPETO)
    return marks


def laid_points(game: Round) -> list[int]:
    """Points each seat has laid on the table (Dummy and Persian; 0 elsewhere)."""
    family = family_of(game)
    out = [0] * game.players
    if family not in ("dummy", "persian"):
        return out
    for m in game.melds:
        four = family == "persian" and m.kind == "set" and m.at_once == 4
        for card, layer in zip(m.cards, m.layers, strict=True):
            out[layer] += game.card_points(card) * (2 if four else 1)  # type: ignore[union-attr]
    return out


def team_points(game: Round) -> list[int]:
    """Persian: points on the table per team (0 and 1)."""
    laid = laid_points(game)
    return [laid[0] + laid[2], laid[1] + laid[3]] if game.players == 4 else laid


def gin_deadwood(mask: int) -> int:
    """Gin deadwood of a hand: after the best discard when it holds 11 cards."""
    from dummy_tui.engine.families.common import deadwood, deadwood_after_discard

    if mask.bit_count() == 11:
        return deadwood_after_discard(mask)
    return deadwood(mask)


def gin_layout(mask: int) -> tuple[int, list[list[int]], list[int]]:
    """(deadwood, melds as sorted cards, deadwood cards) of the best arrangement."""
    from dummy_tui.engine.families.common import arrangements

    dw, ways = arrangements(mask)
    melds = [sorted(cards_of(m), key=low_key) for m in ways[0]] if ways else []
    used = 0
    for m in ways[0] if ways else []:
        used |= m
    return dw, melds, sorted(cards_of(mask & ~used), key=low_key)


def export_done_key(family: str) -> str:
    """The catalog key that says a record was saved: Persian rummy counts in deals."""
    return "export.done_deal" if family == "persian" else "export.done"


def low_key(card: int) -> tuple[int, int]:
    """Sort by suit with the ace below the 2 (gin and basic rummy)."""
    return (card // 13, (card % 13 + 1) % 13)


def low_rank_key(card: int) -> tuple[int, int]:
    """Sort by rank with the ace below the 2."""
    return ((card % 13 + 1) % 13, card // 13)


def taken_card(game: Round) -> int | None:
    """The card the seat to move took from the pile this turn (pile families)."""
    value: Any = getattr(game, "taken", None)
    return value if isinstance(value, int) else None
