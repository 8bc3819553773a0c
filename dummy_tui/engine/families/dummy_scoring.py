"""Dummy's score of a round, in the order of §10 of the rules, with the house rules of
§14 that change it; money scoring (§14.6) is :mod:`dummy_money`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from dummy_tui.engine.cards import cards_of, mask_of
from dummy_tui.engine.families.dummy_knock import knock_multiplier, knock_points, knocker_score
from dummy_tui.engine.melds import RUN, TableMeld, meld_kind
from dummy_tui.engine.relations import NEAR, NEAR_LOW, near_masks, partners
from dummy_tui.engine.scores import ScoreLine

if TYPE_CHECKING:
    from dummy_tui.engine.families.dummy import DummyRound

PENALTY_KINDS: Final = (
    "penalty_discard_layoff",
    "penalty_discard_row_meld",
    "penalty_feed_head",
    "penalty_feed_speto",
    "penalty_discard_picked",
    "penalty_speto_laid_off",
)
"""The option keys of the penalties of §12 and §14.4."""


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
class Bonus:
    """Something money scoring pays for (§14.6), and the show of §14.3: ``kind`` is
    ``"head"`` (เกิดหัว), ``"speto_meld"`` (เกิดสเปโต), ``"speto_layoff"`` (ฝากสเปโต;
    ``payer`` None: 1 from each, else 3 from ``payer``) or ``"show"`` (โชว์สเปโต)."""

    kind: str
    seat: int
    payer: int | None
    card: int


@dataclass(slots=True)
class Money:
    """A seat's round in money scoring (§14.6): its net points, the tier it paid, and
    the signed units of the result, the bonuses and the penalties."""

    net: int
    tier: int = 0
    result: int = 0
    bonuses: int = 0
    penalties: int = 0

    def as_json(self) -> dict[str, int]:
        return {
            "net": self.net,
            "tier": self.tier,
            "result": self.result,
            "bonuses": self.bonuses,
            "penalties": self.penalties,
        }


@dataclass(slots=True)
class DummyBreakdown(ScoreLine):
    """One seat's round score, in the order of §10 (or in units, §14.6)."""

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
    first_turn_fool: bool = False  # โง่มืดจนชนมืด: the multiplier of §14.3
    knock_bonus: int = 0  # layoff_knock_bonus inside ``knock``
    bonus: int = 0  # show_speto_points scored (§14.3)
    shows: bool = False  # show_speto_points is on: ``bonus`` is written in the JSON
    penalty_items: list[Penalty] = field(default_factory=list)
    money: Money | None = None  # with scoring = "money"

    def json_fields(self) -> tuple[str, ...]:
        return (
            "seat", "table", "hand", "hand_multiplier", "knock", "multiplier", "penalties", "total",
        )  # fmt: skip

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {name: getattr(self, name) for name in self.json_fields()}
        if self.shows:
            out["bonus"] = self.bonus
        if self.money is not None:
            out["money"] = self.money.as_json()
        return out


def near(card: int, other: int, both: bool = False) -> bool:
    """Same rank, or same suit within two ranks (§12); with the ace low as well
    (``both``), an ace is also near the 2 and 3 of its suit."""
    return bool((NEAR[card] | (NEAR_LOW[card] if both else 0)) >> other & 1)


def melds_with_row(card: int, row: list[int], both: bool = False) -> bool:
    """Does ``card`` form a meld with two or more cards already in the row?"""
    row_mask = mask_of(row)
    close = near_masks(both)[card] & row_mask
    if not close & (close - 1):
        return False  # a meld with the card holds two cards near it
    return any(row_mask >> x & 1 and row_mask >> y & 1 for x, y in partners(both)[card])


def row_meld(card: int, row: list[int], both: bool = False, rule: str = "anywhere") -> bool:
    """Is the discard of ``card`` onto ``row`` charged ``penalty_discard_row_meld``
    (§12): does it meld with two or more cards anywhere in the row, or, by §14.4
    ``row_meld_rule = "top"``, do the row's last k cards and it make a meld?"""
    if rule == "anywhere":
        return melds_with_row(card, row, both)
    n = len(row)
    ranks = {card % 13}
    suits = {card // 13}
    for k in range(1, n + 1):
        top = row[n - k]
        ranks.add(top % 13)
        suits.add(top // 13)
        if len(ranks) > 1 and len(suits) > 1:
            # neither one rank (a set) nor one suit (a run): nor with more cards
            return False
        if k >= 2 and meld_kind((*row[n - k :], card), both=both) is not None:
            return True
    return False


def table_value(game: DummyRound, meld: TableMeld, card: int) -> int:
    """What ``card`` of ``meld`` counts on the table: its points, or
    ``ace_high_run_points`` for an ace above the king of a run (§14.1).

    reading: the end the ace lies at decides, whatever else the run holds: an
    ace laid above the K of a run that holds the 2 as well (§14.1's layoff of an
    ace onto 2…K with any target but the 2), and one below which a 2 was laid
    later, lie above the K (the run's positions count the ace high: ``ace_low``
    is false); an ace below the 2 counts ``rank_points.A``."""
    rules = game.rules
    if (
        rules.ace_high_run_points
        and card % 13 == 12
        and meld.kind == RUN
        and not meld.ace_low
        and not game.speto_mask >> card & 1
        and not (card == game.head and game.move_rules.head_card_points)
    ):
        return rules.ace_high_run_points
    return game.card_points(card)


def table_cards(game: DummyRound, seat: int) -> list[int]:
    """Every card ``seat`` laid on the table: own melds and layoffs anywhere."""
    out = []
    for m in game.melds:
        for card, layer in zip(m.cards, m.layers, strict=True):
            if layer == seat:
                out.append(card)
    return out


def table_points(game: DummyRound) -> list[int]:
    """The points each seat has laid on the table."""
    out = [0] * game.players
    for m in game.melds:
        for card, layer in zip(m.cards, m.layers, strict=True):
            out[layer] += table_value(game, m, card)
    return out


def one_suit(game: DummyRound, seat: int) -> bool:
    """Is the knock of ``seat`` a one-suit knock (§8, §14.3 ``one_suit_knock_rule``)?"""
    rule = game.rules.one_suit_knock_rule
    if rule == "own_runs":
        own = [m for m in game.melds if m.owner == seat]
        return bool(own) and all(m.kind == RUN for m in own) and len({m.suit for m in own}) == 1
    suits = {c // 13 for c in table_cards(game, seat)}
    if rule == "laid_and_knock_card" and game.out_card is not None:
        suits.add(game.out_card // 13)
    return len(suits) == 1


def score_round(game: DummyRound) -> list[DummyBreakdown]:
    """Each seat's breakdown; the round must be over."""
    if game.end is None:
        raise ValueError("the round is not over")
    rules = game.rules
    house = game.move_rules
    knocked = game.end == "knock"
    laid = table_points(game)
    out: list[DummyBreakdown] = []
    for seat in range(game.players):
        table = laid[seat]
        hand = sum(game.card_points(c) for c in cards_of(game.hands[seat]))
        # §9: a fall at a knock (a stock-out knock too); §14.2 at a stock-out too
        fell = not game.born[seat] and seat != game.went_out and (knocked or rules.stock_out_fall)
        hand_multiplier = rules.unborn_hand_multiplier if fell else 1
        line = DummyBreakdown(seat, table, hand, hand_multiplier, 0, 1, 0, 0, fell=fell)
        base = table - hand * hand_multiplier
        if knocked and seat == game.went_out:
            base = _knocker(game, line)
        line.penalty_items = [p for p in game.penalty_items if p.seat == seat]
        line.penalties = sum(p.points for p in line.penalty_items)
        line.shows = house.show_speto_points > 0
        if game.shown[seat] and house.scoring == "points":
            line.bonus = house.show_speto_points  # added at step 4, never multiplied
        line.total = base - line.penalties + line.bonus
        out.append(line)
    if house.scoring == "money":
        from dummy_tui.engine.families.dummy_money import money_lines

        money_lines(game, out)
    return out


def _knocker(game: DummyRound, line: DummyBreakdown) -> int:
    """The knocker's knock points and multiplier (§8, §14.3); returns the base score."""
    rules = game.rules
    seat = line.seat
    card = game.out_card
    assert card is not None
    fits = bool(rules.layoff_knock_bonus) and game.fits_any(card, seat)
    knock, line.knock_bonus = knock_points(rules, game.card_points(card), game.is_speto(card), fits)
    line.dark_knock = game.dark_knock
    line.one_suit_knock = rules.one_suit_knock_multiplier > 1 and one_suit(game, seat)
    line.first_turn_fool = bool(
        rules.fool_dark_first_turn_multiplier
        and game.dark_knock
        and game.fool is not None
        and game.first_turn_of(seat)
    )  # โง่มืดจนชนมืด
    line.knock = knock
    line.multiplier = knock_multiplier(
        rules, game.dark_knock, line.one_suit_knock, line.first_turn_fool
    )
    return knocker_score(rules, line.table, knock, line.multiplier)


__all__ = [
    "PENALTY_KINDS",
    "Bonus",
    "DummyBreakdown",
    "Feed",
    "Money",
    "Penalty",
    "melds_with_row",
    "near",
    "one_suit",
    "row_meld",
    "score_round",
    "table_cards",
    "table_points",
    "table_value",
]
