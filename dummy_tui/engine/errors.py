"""Errors the engine raises: typed refusals that name the rule and its parameters.

A refused move is a :class:`MoveError` with ``rule`` (a short key such as
``"not_born"``), ``detail`` (which case of the rule, or the family whose
wording applies, e.g. ``"gin"``) and ``params`` (the cards, the meld, the
limit: cards are ``int``, several cards a ``tuple``).  ``str(error)`` is the
plain English sentence, made from :data:`MESSAGES`; an interface renders the
whole message from its own catalog with the same parameters, so every
language can name the card.  As python-chess keeps ``InvalidMoveError`` and
``IllegalMoveError`` apart, text that is not a move at all is a
:class:`MoveSyntaxError`, not an :class:`IllegalMoveError`.
"""

from __future__ import annotations

from typing import Any

from dummy_tui.engine.cards import card_text

Param = int | str | tuple[int, ...]

CARD_PARAMS = frozenset({"card", "top"})
"""Parameters that hold one card."""
CARDS_PARAMS = frozenset({"cards"})
"""Parameters that hold several cards."""

MESSAGES: dict[str, str | tuple[str, str]] = {
    # any family
    "round_over": "round over: no more moves can be made",
    "already_taken": "already taken: you have drawn or picked up this turn",
    "take_first": "take first: draw from the stock or pick up from the discard row",
    "not_now": "not possible now",
    "unknown": "unknown action: {text}",
    "undo": "undo: nothing to take back this turn",
    "undo_draw": "undo: the card you drew has been seen and cannot go back",
    "not_in_hand": "not in hand: you do not hold {card}",
    "not_in_hand.meld": "not in hand: {card} is not in your hand",
    "not_in_hand.picked": "not in hand: {card} is not in your hand or among the cards picked up",
    "not_in_hand.jokers": "not in hand: you hold no more jokers",
    "not_a_meld": "not a meld: {cards} (a meld is 3 or 4 of a rank, or 3+ in a row of one suit)",
    "not_a_meld.ace_high": "not a meld: {cards} (the ace is high only: A 2 3 is not a run)",
    "not_a_meld.ace_low": "not a meld: {cards} (the ace is low only: Q K A is not a run)",
    "not_a_meld.jokers": "not a meld: {cards} (jokers are not wild: they make sets of jokers only)",
    "no_meld_with": "no meld: no meld of your hand holds {cards}",
    "no_meld_with.none": "no meld: your hand holds no meld",
    "no_meld": "no such meld on the table",
    "no_meld.empty": "no meld on the table: there is nothing to lay off on yet",
    "no_meld.holds": "no such meld: no meld on the table holds {card}",
    "no_fit": "does not fit: {card} does not extend that meld",
    "no_fit.any": "does not fit: {card} fits no meld on the table",
    "knock": (
        "knock: discarding {card} would not end the round (other cards would stay in your hand)"
    ),
    "knock_cards": "knock: meld and lay off down to your last card first, then knock with it",
    "last_discard": "last card: {card} is your last card, and discarding it is the knock",
    # what a family does not have at all
    "never": "not a move of this game",
    "never.dummy_pass": "pass: there is nothing to pass in Dummy",
    "never.gin_show": "show: showing the spe-to cards is a move of Dummy, not of gin",
    "never.rummy_show": "show: showing the spe-to cards is a move of Dummy, not of basic rummy",
    "never.persian_show": (
        "show: showing the spe-to cards is a move of Dummy, not of Persian rummy"
    ),
    "never.gin_meld": "meld: not a move in gin (melds and layoffs are laid out by the knock)",
    "never.gin_layoff": "layoff: not a move in gin (melds and layoffs are laid out by the knock)",
    "never.gin_end": "end: not a move in gin",
    "never.rummy_pass": "pass: not a move in basic rummy",
    "never.rummy_end": "end: not a move in basic rummy",
    "never.persian_knock": (
        "knock: in Persian rummy you go out by melding or laying off your last card; "
        "discarding it does not end the round"
    ),
    "never.persian_end": "end: not a move in Persian rummy; pass instead",
    # Dummy
    "stock_empty": "stock empty: pick up a card that lets you knock, or end the round",
    # gin and basic rummy
    "taken_discard": (
        "taken discard: {card} was just taken from the discard pile and may not be discarded "
        "this turn"
    ),
    "taken_discard.strand": (
        "taken discard: this would leave only {card}, which was just taken from the pile and "
        "may not be discarded this turn"
    ),
    "not_top": "not the top card: only the top discard {top} can be taken",
    "not_top.upcard": "not the upcard: the upcard is {top}",
    "pile_empty": "pile empty: there is no discard to take",
    # Persian rummy
    # text that is not a move
    "syntax.empty": "not a move: the move is empty",
    "syntax.card": (
        "not a move: {word!r} is not a card (write a rank 2-10/J/Q/K/A and a suit C/D/H/S)"
    ),
    "syntax.deck": "not a move: {word!r} is not in this ruleset's deck",
    "syntax.twice": "not a move: {card} is named twice",
    "syntax.shape": "not a move: {text!r}: {shape}",
    "syntax.unknown": "not a move: {text!r} (moves are {known})",
}
"""The English sentence of each refusal, by ``rule`` or ``rule.detail``.

A pair is the sentence for ``n == 1`` and for any other ``n``.
"""


def add_messages(messages: dict[str, str | tuple[str, str]]) -> None:
    """A family's own sentences (``rule.family``), added by its round's module
    when it loads: a family is worded in its own files."""
    MESSAGES.update(messages)


def template(rule: str, detail: str, params: dict[str, Any]) -> str:
    """The English template of a refusal (the rule's own when the detail has none)."""
    found = MESSAGES.get(f"{rule}.{detail}") if detail else None
    if found is None:
        found = MESSAGES.get(rule)
    if found is None:
        return rule.replace("_", " ")
    if isinstance(found, tuple):
        return found[0] if params.get("n") == 1 else found[1]
    return found


def english(rule: str, detail: str, params: dict[str, Param]) -> str:
    """The English sentence of a refusal."""
    shown: dict[str, object] = {}
    for name, value in params.items():
        if name in CARD_PARAMS and isinstance(value, int):
            shown[name] = card_text(value)
        elif name in CARDS_PARAMS and isinstance(value, tuple):
            shown[name] = " ".join(card_text(c) for c in value)
        else:
            shown[name] = value
    try:
        return template(rule, detail, shown).format(**shown)
    except (KeyError, IndexError, ValueError):
        return template(rule, detail, shown)


class MoveError(ValueError):
    """A move refused: ``rule``, ``detail`` and ``params`` say why (see the module)."""

    def __init__(self, rule: str, detail: str = "", /, **params: Param) -> None:
        self.rule = rule
        self.detail = detail
        self.params: dict[str, Param] = params
        super().__init__(english(rule, detail, params))

    @property
    def key(self) -> str:
        """``rule_detail`` (or ``rule``): the key of the case, for a catalog."""
        return f"{self.rule}_{self.detail}" if self.detail else self.rule

    def __reduce__(self) -> tuple[Any, ...]:
        # crosses process boundaries whole (``sim --jobs``)
        return _rebuild, (type(self), self.rule, self.detail, self.params)


def _rebuild(kind: type[MoveError], rule: str, detail: str, params: dict[str, Param]) -> MoveError:
    return kind(rule, detail, **params)


class IllegalMoveError(MoveError):
    """A move the rules do not allow at this point."""


class MoveSyntaxError(MoveError):
    """Text that is not a move at all (python-chess's ``InvalidMoveError``)."""

    def __init__(self, detail: str, /, **params: Param) -> None:
        super().__init__("syntax", detail, **params)

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild_syntax, (self.detail, self.params)


def _rebuild_syntax(detail: str, params: dict[str, Param]) -> MoveSyntaxError:
    return MoveSyntaxError(detail, **params)


class RecordError(ValueError):
    """A record that cannot be read (bad JSON, unknown ruleset, bad deal)."""
