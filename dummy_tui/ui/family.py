"""What differs between the rummy families on screen: marks, points, teams.

Dummy rounds are read directly; the other families (gin, basic rummy,
Persian rummy) are imported only when such a round is on the table, so that
a Dummy game starts without loading them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dummy_tui.engine.cards import cards_of

if TYPE_CHECKING:
    from dummy_tui.engine.round import Round

MELD = "meld"
LAYOFF = "layoff"
SPETO = "speto"

PILE_FAMILIES = ("rummy", "gin")
"""Families whose discards form a pile of which only the top card can be taken."""


def family_of(game: Round[Any]) -> str:
    return str(game.rules.family)


def is_pile(game: Round[Any]) -> bool:
    return family_of(game) in PILE_FAMILIES


def has_teams(game: Round[Any]) -> bool:
    return family_of(game) == "persian"


def team_of(game: Round[Any], seat: int) -> int:
    return seat % 2 if has_teams(game) else seat


def partner_of(game: Round[Any], seat: int) -> int | None:
    return (seat + 2) % 4 if has_teams(game) and game.players == 4 else None


def hand_melds(game: Round[Any], mask: int) -> list[int]:
    """The melds (card masks) inside ``mask`` under the family's rules."""
    return game.hand_melds(mask)


def fits_table(game: Round[Any], card: int, seat: int) -> bool:
    """Could ``card`` be laid off onto some meld on the table?"""
    return game.fits_table(card, seat)


def hand_marks(game: Round[Any], seat: int) -> dict[int, set[str]]:
    """Cards of ``seat`` that make a meld in hand, lay off onto the table, or
    are spe-to cards (Dummy)."""
    mask = game.hands[seat]
    marks: dict[int, set[str]] = {}
    for m in hand_melds(game, mask):
        for c in cards_of(m):
            marks.setdefault(c, set()).add(MELD)
    speto = getattr(game, "speto_mask", 0)
    for c in cards_of(mask):
        if fits_table(game, c, seat):
            marks.setdefault(c, set()).add(LAYOFF)
        if speto >> c & 1:
            marks.setdefault(c, set()).add(SPETO)
    return marks


def laid_points(game: Round[Any]) -> list[int]:
    """Points each seat has laid on the table (Dummy and Persian; 0 elsewhere)."""
    if family_of(game) not in ("dummy", "persian"):
        return [0] * game.players
    return game.table_points()


def team_points(game: Round[Any]) -> list[int]:
    """Persian: points on the table per team (0 and 1)."""
    laid = laid_points(game)
    return [laid[0] + laid[2], laid[1] + laid[3]] if game.players == 4 else laid


def gin_deadwood(mask: int) -> int:
    """Gin deadwood of a hand: after the best discard when it holds 11 cards."""
    from dummy_tui.engine.deadwood import deadwood, deadwood_after_discard

    if mask.bit_count() == 11:
        return deadwood_after_discard(mask)
    return deadwood(mask)


def gin_layout(mask: int) -> tuple[int, list[list[int]], list[int]]:
    """(deadwood, melds as sorted cards, deadwood cards) of the best arrangement."""
    from dummy_tui.engine.deadwood import arrangements

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


def taken_card(game: Round[Any]) -> int | None:
    """The card the seat to move took from the pile this turn (pile families)."""
    value: Any = getattr(game, "taken", None)
    return value if isinstance(value, int) else None
