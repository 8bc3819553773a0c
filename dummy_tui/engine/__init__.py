"""The rules engine: cards, melds, one round API for every family, matches and records.

No Textual, no rich, no I/O beyond reading a record file on request.  The
layers import only downward: cards and melds, then the :class:`Round` base,
then the families (found through :data:`FAMILIES`), then matches and records.
"""

from __future__ import annotations

from dummy_tui.engine.actions import (
    DRAW,
    END,
    PASS,
    Action,
    Discard,
    Draw,
    End,
    Knock,
    LayOff,
    Meld,
    Pass,
    Pick,
    PickLayoff,
    TakeDiscard,
)
from dummy_tui.engine.cards import CardError, card_pretty, card_text, parse_card
from dummy_tui.engine.errors import IllegalMoveError, MoveError, MoveSyntaxError, RecordError
from dummy_tui.engine.families import FAMILIES, new_round, round_from_deal, round_type
from dummy_tui.engine.round import OVER, PLAY, TAKE, Breakdown, Deal, PlayerView, Round

__all__ = [
    "DRAW",
    "END",
    "FAMILIES",
    "OVER",
    "PASS",
    "PLAY",
    "TAKE",
    "Action",
    "Breakdown",
    "CardError",
    "Deal",
    "Discard",
    "Draw",
    "End",
    "IllegalMoveError",
    "Knock",
    "LayOff",
    "Meld",
    "MoveError",
    "MoveSyntaxError",
    "Pass",
    "Pick",
    "PickLayoff",
    "PlayerView",
    "RecordError",
    "Round",
    "TakeDiscard",
    "card_pretty",
    "card_text",
    "new_round",
    "parse_card",
    "round_from_deal",
    "round_type",
]
