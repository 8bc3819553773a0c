"""Money scoring (ดัมมี่น็อค, §14.6): whole units that sum to zero over the table.

A round's units are the sum of three parts: the result (the losers pay the
knocker, or the winner of a round with no knock, by their tier), the bonuses
(the head card, the spe-to cards laid or shown or held, the knock card that
closes), and the penalties (each charge costs one unit to each other player).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dummy_tui.engine.families.dummy_knock import knock_result_units
from dummy_tui.engine.families.dummy_scoring import DummyBreakdown, Money

if TYPE_CHECKING:
    from dummy_tui.engine.families.dummy import DummyRound

NOT_CHARGED: Final = frozenset({"fool_penalty", "penalty_speto_laid_off"})
"""Penalties money pays otherwise: the fool as a result, a spe-to laid off as a bonus."""


def money_lines(game: DummyRound, lines: list[DummyBreakdown]) -> None:
    """Turn the points breakdown of a finished round into units (in place)."""
    n = game.players
    nets = [b.table - b.hand for b in lines]  # no multiplier, no penalty
    money = [Money(net) for net in nets]
    multiplier = 1
    knocker = game.went_out
    if knocker is not None:
        multiplier = lines[knocker].multiplier
    _result(game, money, multiplier)
    _bonuses(game, money)
    paid = [0] * n
    for p in game.penalty_items:
        if p.kind in NOT_CHARGED:
            continue
        paid[p.seat] += n - 1
        for s in range(n):
            money[s].penalties += -(n - 1) if s == p.seat else 1
    for b, m in zip(lines, money, strict=True):
        b.knock = 0
        b.hand_multiplier = 1
        b.multiplier = multiplier if b.seat == knocker else 1
        b.penalties = paid[b.seat]
        b.bonus = 0
        b.money = m
        b.total = m.result + m.bonuses + m.penalties


def _order(game: DummyRound, first: int) -> list[int]:
    """Every seat in the order of play, starting with ``first``."""
    return [(first + i * game.direction) % game.players for i in range(game.players)]


def _result(game: DummyRound, money: list[Money], multiplier: int) -> None:
    knocker = game.went_out
    fool_pays = game.fool is not None and bool(game.rules.fool_penalty)
    if knocker is not None and fool_pays:
        # a fool: the fooled player alone pays, 6 × M
        assert game.fool is not None
        money[game.fool].result -= knock_result_units(0, 0, True) * multiplier
        money[knocker].result += knock_result_units(0, 0, True) * multiplier
        return
    if knocker is not None:
        winner = knocker
        others = _order(game, knocker)[1:]
    else:
        # no knock: the highest net wins, ties to whoever would have moved soonest
        start = game.end_seat if game.end_seat is not None else game.seat
        order = _order(game, start)
        winner = max(order, key=lambda s: (money[s].net, -order.index(s)))
        others = [s for s in _order(game, winner)[1:]]
        multiplier = 1
    # the born pay tiers 1, 2, 3 by net, highest first (ties: sooner after the
    # winner in the order of play); a player not born pays tier 3
    born = sorted((s for s in others if game.born[s]), key=lambda s: -money[s].net)
    for tier, s in enumerate(born, start=1):
        money[s].tier = tier
    for s in others:
        if not game.born[s]:
            money[s].tier = 3
        money[s].result -= money[s].tier * multiplier
    # what the knock is worth to a player weighing it (the AI) is this same sum
    money[winner].result += (
        knock_result_units(len(born), len(others) - len(born), False) * multiplier
    )


def _bonuses(game: DummyRound, money: list[Money]) -> None:
    n = game.players

    def from_each(seat: int, units: int) -> None:
        for s in range(n):
            money[s].bonuses += units * (n - 1) if s == seat else -units

    for bonus in game.bonuses:
        if bonus.kind == "show":
            from_each(bonus.seat, 2)
        elif bonus.kind == "speto_layoff" and bonus.payer is not None:
            money[bonus.seat].bonuses += 3
            money[bonus.payer].bonuses -= 3
        else:  # the head card, a spe-to in a new meld or laid off onto one's own meld
            from_each(bonus.seat, 1)
    if game.went_out is not None and closing_card(game):
        from_each(game.went_out, 1)  # ใบปิด
    for seat in range(n):
        for _ in range(spetos_held(game, seat)):
            from_each(seat, -1)  # อมสเปโต: a spe-to left in hand


def closing_card(game: DummyRound) -> bool:
    """ใบปิด: the knock card fits onto a meld on the table, or is a spe-to."""
    knocker, card = game.went_out, game.out_card
    if knocker is None or card is None:
        return False
    return game.is_speto(card) or game.fits_any(card, knocker)


def spetos_held(game: DummyRound, seat: int) -> int:
    """อมสเปโต: the spe-to cards ``seat`` holds at the end of the round."""
    return (game.hands[seat] & game.speto_mask).bit_count()
