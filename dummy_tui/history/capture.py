"""What the history keeps of a finished round, as plain data.

Everything is read through the round API, for every family alike: the score
lines (``scores()``), the statistics of each seat (``tallies()``), the
round's winners (``round_winners()``).  A family's own details are read where
a score line or a round has them (a one-suit knock, the penalties charged one
by one, what money scoring paid for) and are absent otherwise.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dummy_tui.engine.cards import card_text
from dummy_tui.engine.round import Round


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One seat's figures of a round (a ``round_seats`` row)."""

    score: int
    won: bool
    knocked: bool
    dark_knock: bool
    one_suit_knock: bool
    fell: bool  # ตกตึก
    fooled: bool  # โง่
    penalties: int
    money: int | None  # units, in money scoring


@dataclass(frozen=True, slots=True)
class PenaltyLine:
    seat: int
    kind: str
    points: int
    card: str | None


@dataclass(frozen=True, slots=True)
class BonusLine:
    seat: int
    kind: str
    payer: int | None
    card: str | None


@dataclass(frozen=True, slots=True)
class RoundLines:
    """A finished round as the history stores it."""

    ending: str | None
    knocker: int | None
    dark_knock: bool
    one_suit_knock: bool
    seed: int | None
    breakdown: tuple[Mapping[str, Any], ...]
    record: Mapping[str, Any]
    seats: tuple[SeatLine, ...]
    penalties: tuple[PenaltyLine, ...] = ()
    bonuses: tuple[BonusLine, ...] = ()

    def breakdown_json(self) -> str:
        return compact(list(self.breakdown))

    def record_json(self) -> str:
        return compact(self.record)


def compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _card(card: object) -> str | None:
    return card_text(card) if isinstance(card, int) and card >= 0 else None


def capture(game: Round[Any], record: Mapping[str, Any], seed: int | None = None) -> RoundLines:
    """The lines of the finished round ``game``, whose record is ``record``."""
    if not game.is_over:
        raise ValueError("the round is not over")
    lines: Sequence[Any] = game.scores()
    tallies = game.tallies()
    winners = set(game.round_winners())
    seats = []
    penalties: list[PenaltyLine] = []
    breakdown = []
    for seat, (line, tally) in enumerate(zip(lines, tallies, strict=True)):
        data = line.as_json()
        breakdown.append(data)
        seats.append(
            SeatLine(
                score=line.total,
                won=seat in winners,
                knocked=tally.knocked,
                dark_knock=tally.dark_knock,
                one_suit_knock=bool(getattr(line, "one_suit_knock", False)),
                fell=tally.fell,
                fooled=tally.fooled,
                penalties=tally.penalties,
                money=line.total if data.get("money") is not None else None,
            )
        )
        for item in getattr(line, "penalty_items", ()):
            penalties.append(PenaltyLine(seat, item.kind, item.points, _card(item.card)))
    bonuses = tuple(
        BonusLine(b.seat, b.kind, b.payer, _card(b.card)) for b in getattr(game, "bonuses", ())
    )
    return RoundLines(
        ending=game.end,
        knocker=game.went_out,
        dark_knock=any(s.dark_knock for s in seats),
        one_suit_knock=any(s.one_suit_knock for s in seats),
        seed=seed,
        breakdown=tuple(breakdown),
        record=record,
        seats=tuple(seats),
        penalties=tuple(penalties),
        bonuses=bonuses,
    )
