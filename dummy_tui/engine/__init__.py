"""The rules engine: cards, melds, rounds, scoring and records.

No Textual, no rich, no I/O beyond reading a record file on request.
"""

from __future__ import annotations

from dummy_tui.engine.actions import (
    DRAW,
    END,
    Action,
    Discard,
    Draw,
    End,
    LayOff,
    Meld,
    Pick,
    PickLayoff,
)
from dummy_tui.engine.cards import CardError, card_pretty, card_text, parse_card
from dummy_tui.engine.errors import IllegalMoveError, MoveSyntaxError, RecordError
from dummy_tui.engine.match import Match
from dummy_tui.engine.state import OVER, PLAY, TAKE, Breakdown, Deal, DummyRound, PlayerView

__all__ = [
    "DRAW",
    "END",
    "OVER",
    "PLAY",
    "TAKE",
    "Action",
    "Breakdown",
    "CardError",
    "Deal",
    "Discard",
    "Draw",
    "DummyRound",
    "End",
    "IllegalMoveError",
    "LayOff",
    "Match",
    "Meld",
    "MoveSyntaxError",
    "Pick",
    "PickLayoff",
    "PlayerView",
    "RecordError",
    "card_pretty",
    "card_text",
    "parse_card",
]
