"""Drive OpenSpiel's ``gin_rummy`` with our deal and our moves.

Cards: ours are ``suit * 13 + rank`` (suits C D H S, ranks 2..A); OpenSpiel's
are ``suit * 13 + rank`` with suits s c d h and ranks A..K.  Seat 0 of
OpenSpiel is the player offered the upcard first: our starter.
"""

from __future__ import annotations

from typing import Any

from dummy_tui.engine.actions import Discard, Draw, Knock, Pass, TakeDiscard
from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.families.gin import GinRound


def os_card(card: int) -> int:
    return ((card // 13 + 1) % 4) * 13 + (card % 13 + 1) % 13


def our_card(os: int) -> int:
    return ((os // 13 - 1) % 4) * 13 + (os % 13 - 1) % 13


def os_melds(meld_cards: list[int]) -> list[list[int]]:
    """A meld in OpenSpiel's cards, split into pieces of at most five (its largest meld)."""
    cards = [os_card(c) for c in meld_cards]
    if len(cards) <= 5:
        return [cards]
    cards.sort()
    out = []
    while len(cards) > 5:
        out.append(cards[:3])
        cards = cards[3:]
    out.append(cards)
    return out


def play_in_openspiel(pyspiel: Any, game: GinRound) -> Any:
    """Replay a finished gin hand of ours in OpenSpiel; returns the terminal state."""
    gin = pyspiel.gin_rummy
    utils = gin.GinRummyUtils(13, 4, 10)
    state = pyspiel.load_game("gin_rummy").new_initial_state()
    starter = game.starter
    deal = game.deal
    for card in [*deal.hands[starter], *deal.hands[1 - starter], deal.upcard]:
        state.apply_action(os_card(card))
    stock = list(deal.stock)  # top first
    for _, action in game.history:
        if isinstance(action, Pass):
            state.apply_action(gin.PASS_ACTION)
        elif isinstance(action, TakeDiscard):
            state.apply_action(gin.DRAW_UPCARD_ACTION)
        elif isinstance(action, Draw):
            state.apply_action(gin.DRAW_STOCK_ACTION)
            state.apply_action(os_card(stock.pop(0)))
        elif isinstance(action, Discard):
            state.apply_action(os_card(action.card))
        elif isinstance(action, Knock):
            state.apply_action(gin.KNOCK_ACTION)
            state.apply_action(os_card(action.card))
            knocker = game.went_out
            defender = 1 - knocker if knocker is not None else 0
            original = {m.anchor: m for m in game.melds if m.owner == knocker}
            for meld in original.values():
                own = [
                    c for c, layer in zip(meld.cards, meld.layers, strict=True) if layer == knocker
                ]
                for piece in os_melds(own):
                    state.apply_action(gin.MELD_ACTION_BASE + utils.meld_to_int(sorted(piece)))
            state.apply_action(gin.PASS_ACTION)
            for card, _ in game.layoff_cards:
                state.apply_action(os_card(card))
            # the layoff phase ends with a pass (there is none after gin)
            for meld in game.melds:
                if meld.owner == defender:
                    for piece in os_melds(meld.cards):
                        action_id = gin.MELD_ACTION_BASE + utils.meld_to_int(sorted(piece))
                        if action_id not in state.legal_actions():
                            state.apply_action(gin.PASS_ACTION)
                        state.apply_action(action_id)
            while not state.is_terminal():
                state.apply_action(gin.PASS_ACTION)
    return state


def hand_cards(mask: int) -> list[int]:
    return cards_of(mask)
