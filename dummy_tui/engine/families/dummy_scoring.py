"""Dummy's score of a round, in the order of §10 of the rules, and its penalties (§9, §12)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.melds import NEAR, PARTNERS
from dummy_tui.engine.round import ScoreLine

if TYPE_CHECKING:
    from dummy_tui.engine.families.dummy import DummyRound

PENALTY_KINDS = (
    "penalty_discard_layoff",
    "penalty_discard_row_meld",
    "penalty_feed_head",
    "penalty_feed_speto",
)
"""The option keys of the §12 penalties."""


@dataclass(slots=True)
class Penalty:
    """A penalty charged to ``seat`` for ``card``."""

    seat: int
    kind: str  # an option key of §12, or "fool_penalty"
    points: int
    card: int


@dataclass(slots=True)
class Feed:
    """A discard that may yet be charged under ``penalty_feed_*`` (§12)."""

    discarder: int
    kind: str
    pair: int  # mask of the two cards a picker's meld must hold together
    card: int  # the discard


@dataclass(slots=True)
class DummyBreakdown(ScoreLine):
    """One seat's round score, in the order of §10."""

    seat: int
    table: int
    hand: int
    hand_multiplier: int
    knock: int
    multiplier: int
    penalties: int
    total: int
    fell: bool = False  # ตกตึก
    dark_knock: bool = False  # น็อคมืด
    one_suit_knock: bool = False  # น็อคสี
    knock_bonus: int = 0  # layoff_knock_bonus inside ``knock``
    penalty_items: list[Penalty] = field(default_factory=list)

    JSON: ClassVar[tuple[str, ...]] = (
        "seat", "table", "hand", "hand_multiplier", "knock", "multiplier", "penalties", "total",
    )  # fmt: skip


def near(card: int, other: int) -> bool:
    """Same rank, or same suit within two ranks (§12)."""
    return bool(NEAR[card] >> other & 1)


def melds_with_row(card: int, row: list[int]) -> bool:
    """Does ``card`` form a meld with two or more cards already in the row?"""
    row_mask = 0
    for c in row:
        row_mask |= 1 << c
    return any(row_mask >> x & 1 and row_mask >> y & 1 for x, y in PARTNERS[card])


def table_cards(game: DummyRound, seat: int) -> list[int]:
    """Every card ``seat`` laid on the table: own melds and layoffs anywhere."""
    out = []
    for m in game.melds:
        for card, layer in zip(m.cards, m.layers, strict=True):
            if layer == seat:
                out.append(card)
    return out


def score_round(game: DummyRound) -> list[DummyBreakdown]:
    """Each seat's breakdown; the round must be over."""
    if game.end is None:
        raise ValueError("the round is not over")
    rules = game.rules
    out: list[DummyBreakdown] = []
    knocked = game.end == "knock"
    # reading: a knock after picking up with the stock empty ends the round
    # "this way" (§9): no fall, no fool.
    falls_apply = knocked and not game.stock_out_turn
    for seat in range(game.players):
        laid = table_cards(game, seat)
        table = sum(game.card_points(c) for c in laid)
        hand = sum(game.card_points(c) for c in cards_of(game.hands[seat]))
        fell = falls_apply and seat != game.knocker and not game.born[seat]
        hand_multiplier = rules.unborn_hand_multiplier if fell else 1
        knock = 0
        bonus = 0
        multiplier = 1
        dark = one_suit = False
        if knocked and seat == game.knocker and game.knock_card is not None:
            card = game.knock_card
            knock = rules.speto_knock_points if game.is_speto(card) else rules.knock_points
            if rules.layoff_knock_bonus and game.fits_table(card, seat):
                bonus = rules.layoff_knock_bonus
                knock += bonus
            if game.dark_knock:
                dark = True
                multiplier *= rules.dark_knock_multiplier
            suits = 0
            for c in (*laid, card):
                suits |= 1 << (c // 13)
            if suits & (suits - 1) == 0 and rules.one_suit_knock_multiplier > 1:
                one_suit = True
                multiplier *= rules.one_suit_knock_multiplier
        base = (table + knock - hand * hand_multiplier) * multiplier
        items = [p for p in game.penalty_items if p.seat == seat]
        penalties = sum(p.points for p in items)
        out.append(
            DummyBreakdown(
                seat=seat,
                table=table,
                hand=hand,
                hand_multiplier=hand_multiplier,
                knock=knock,
                multiplier=multiplier,
                penalties=penalties,
                total=base - penalties,
                fell=fell,
                dark_knock=dark,
                one_suit_knock=one_suit,
                knock_bonus=bonus,
                penalty_items=items,
            )
        )
    return out


__all__ = [
    "PENALTY_KINDS",
    "DummyBreakdown",
    "Feed",
    "Penalty",
    "melds_with_row",
    "near",
    "score_round",
    "table_cards",
]
