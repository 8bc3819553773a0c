"""The move notation of ``records.md``: the words every family shares.

Each family's :meth:`~dummy_tui.engine.round.Round.parse_move` reads its own
moves with these helpers; a move's text is written by :func:`words_of`, for a
move made (:meth:`~dummy_tui.engine.round.Round.move_words`) or one a player
is about to send (:func:`dummy_tui.net.protocol.move_words`).
"""

from __future__ import annotations

from typing import NoReturn

from dummy_tui.engine import actions as act
from dummy_tui.engine.cards import JOKER_BASE, CardError, card_text, cards_text, parse_card
from dummy_tui.engine.errors import MoveSyntaxError
from dummy_tui.engine.kinds import KIND_OF

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


def words_of(action: act.Action, target: int = -1, ends: bool = False) -> list[str]:
    """``action`` in the notation: one move, or two for a pick-up from the
    discards (``pick <card>`` and the meld or layoff that plays it).
    ``target``: the card of the meld a layoff names; ``ends``: the discard
    ends the round, and is written ``knock``."""
    if isinstance(action, act.Draw | act.End | act.Pass | act.Show):
        return [KIND_OF[type(action)]]
    if isinstance(action, act.TakeDiscard):
        return [f"pick {card_text(action.card)}"]
    if isinstance(action, act.Knock):
        return [f"knock {card_text(action.card)}"]
    if isinstance(action, act.Meld):
        return ["meld " + cards_text(action.cards)]
    if isinstance(action, act.Pick):
        return [f"pick {card_text(action.card)}", "meld " + cards_text(action.meld)]
    if isinstance(action, act.PickLayoff | act.LayOff):
        words = f"layoff {card_text(action.card)} {card_text(target)}"
        if isinstance(action, act.PickLayoff):
            return [f"pick {card_text(action.card)}", words]
        return [words]
    return [("knock " if ends else "discard ") + card_text(action.card)]
