"""Reading the move notation of ``records.md``: the words every family shares.

Each family's :meth:`~dummy_tui.engine.round.Round.parse_move` reads its own
moves with these helpers; a move's text is written by
:meth:`~dummy_tui.engine.round.Round.move_words`.
"""

from __future__ import annotations

from typing import NoReturn

from dummy_tui.engine.cards import JOKER_BASE, CardError, parse_card
from dummy_tui.engine.errors import MoveSyntaxError

SHAPES = {
    "draw": "draw takes no card",
    "end": "end takes no card",
    "pass": "pass takes no card",
    "show": "show takes no card",
    "discard": "write discard and one card, e.g. 'discard 7H'",
    "knock": "write knock and one card, e.g. 'knock 7H'",
    "pick": "write pick and one card, e.g. 'pick 7H'",
    "meld": "write meld and its cards, e.g. 'meld 5H 6H 7H'",
    "layoff": "write layoff, the card and a card of the meld, e.g. 'layoff 8H 7H'",
}
"""How each move is written, for a move whose words do not fit it."""


def split_move(text: str) -> tuple[str, list[str]]:
    """The verb (lower case) and the other words of a move."""
    words = text.split()
    if not words:
        raise MoveSyntaxError("empty")
    return words[0].lower(), words[1:]


def move_card(word: str, jokers: bool = False) -> int:
    """One card of a move (``JK`` only where the deck has jokers)."""
    try:
        card = parse_card(word)
    except CardError:
        raise MoveSyntaxError("card", word=word) from None
    if card >= JOKER_BASE and not jokers:
        raise MoveSyntaxError("deck", word=word)
    return card


def move_cards(words: list[str], jokers: bool = False) -> list[int]:
    return [move_card(w, jokers) for w in words]


def not_a_move(text: str, known: str) -> NoReturn:
    """Refuse ``text``: a known move written wrong says how to write it."""
    verb = text.split()[0].lower() if text.split() else ""
    if verb in SHAPES:
        raise MoveSyntaxError("shape", text=text.strip(), shape=SHAPES[verb])
    raise MoveSyntaxError("unknown", text=text.strip(), known=known)
