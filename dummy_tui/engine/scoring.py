"""Scoring a round of Dummy, in the order of §10 of the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dummy_tui.engine.cards import cards_of

if TYPE_CHECKING:
    from dummy_tui.engine.state import Breakdown, DummyRound


def table_cards(game: DummyRound, seat: int) -> list[int]:
    """Every card ``seat`` laid on the table: own melds and layoffs anywhere."""
    out = []
    for m in game.melds:
        for card, layer in zip(m.cards, m.layers, strict=True):
            if layer == seat:
                out.append(card)
    return out


def score_round(game: DummyRound) -> list[Breakdown]:
    """Each seat's breakdown; the round must be over."""
    from dummy_tui.engine.state import Breakdown

    if game.end is None:
        raise ValueError("the round is not over")
    rules = game.rules
    out: list[Breakdown] = []
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
            suits = {c // 13 for c in laid}
            suits.add(card // 13)
            if len(suits) == 1 and rules.one_suit_knock_multiplier > 1:
                one_suit = True
                multiplier *= rules.one_suit_knock_multiplier
        base = (table + knock - hand * hand_multiplier) * multiplier
        items = [p for p in game.penalty_items if p.seat == seat]
        penalties = sum(p.points for p in items)
        out.append(
            Breakdown(
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
