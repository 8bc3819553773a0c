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

_PLAYED = "meld down to one card, or undo"

MESSAGES: dict[str, str | tuple[str, str]] = {
    # any family
    "round_over": "round over: no more moves can be made",
    "already_taken": "already taken: you have drawn or picked up this turn",
    "already_taken.gin": "already taken: you have drawn or taken a card this turn",
    "already_taken.rummy": "already taken: you have drawn or taken a card this turn",
    "take_first": "take first: draw from the stock or pick up from the discard row",
    "take_first.gin": "take first: draw from the stock or take the top discard",
    "take_first.rummy": "take first: draw from the stock or take the top discard",
    "take_first.persian": "take first: draw from the stock or pick up from the discard pile",
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
    "no_meld.holds": "no such meld: no meld on the table holds {card}",
    "no_fit": "does not fit: {card} does not extend that meld",
    "no_fit.any": "does not fit: {card} fits no meld on the table",
    "last_card.meld": "one card must remain: you may not meld your last card; keep one to discard",
    "last_card.layoff": (
        "one card must remain: {card} is your last card, and discarding it is the knock"
    ),
    "last_card.pick": "one card must remain: this meld would leave you nothing to discard",
    "last_card.pick_any": (
        "one card must remain: every meld with {card} would leave you nothing to discard"
    ),
    "knock": (
        "knock: discarding {card} would not end the round (other cards would stay in your hand)"
    ),
    "knock_cards": "knock: meld and lay off down to your last card first, then knock with it",
    "knock_cards.rummy": "go out: meld and lay off down to your last card first, then discard it",
    "last_discard": "last card: {card} is your last card, and discarding it is the knock",
    "last_discard.rummy": "last card: {card} is your last card, and discarding it goes out",
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
    "end": "end: the round can be ended this way only when the stock is empty",
    "end.play": "end: the round can be ended only instead of taking, with the stock empty",
    "stock_empty": "stock empty: pick up a card that lets you knock, or end the round",
    "stock_empty.rummy": "stock empty: take the top discard",
    "stock_empty.persian": (
        "stock empty: take a card from the pile that you can play at once, or pass"
    ),
    "stock_out_knock": (
        "stock out: you picked up with the stock empty, so this turn must end in a knock; "
        + _PLAYED
    ),
    "stock_out_pick": "stock out: with the stock empty, no pick-up lets you knock; end the round",
    "not_born": (
        "not born: you laid cards down before being born, so this turn must end in a knock "
        "(dark knock); " + _PLAYED
    ),
    "not_born.layoff": (
        "not born: only a born player may lay a picked-up card off; "
        "meld it with cards from your hand"
    ),
    "not_born.never": (
        "not born: in this game you lay cards from your hand only once you are born "
        "(after your first pick-up)"
    ),
    "show.off": "show: showing the spe-to cards scores nothing in this game",
    "show.cards": "show: you show the spe-to cards only when you hold them all ({cards})",
    "show.none": "show: this game has no spe-to cards, so there is nothing to show",
    "show.late": "show: the spe-to cards are shown as the first move of your first turn",
    "not_born.play": (
        "not born: you lay cards down after your first pick-up, or all at once in a knock"
    ),
    "not_in_row": "not in the row: {card} is not in the discard row",
    "first_turn_must_draw": (
        "first turn must draw: the first turn of the round must draw from the stock"
    ),
    "pickup_meld": "pickup must meld: the picked-up card must go into a new meld",
    "pickup_meld.new_meld": (
        "pickup must meld: the picked-up card must go into a new meld (pickup_to_layoff is off)"
    ),
    "pickup_meld.contain": "pickup must meld: the meld must contain the picked card {card}",
    "pickup_meld.from_hand": "pickup must meld: the meld must use at least one card from your hand",
    "pickup_meld.layoff_card": (
        "pickup must meld: the card laid off must be the picked card {card}"
    ),
    "pickup_meld.follow": "pickup must meld: after picking {card} the next move must meld it",
    "pickup_meld.none": "pickup must meld: {card} makes no new meld with a card from your hand",
    "pickup_meld.none_ace_high": (
        "pickup must meld: {card} makes no new meld with a card from your hand "
        "(the ace is high only: A 2 3 is not a run)"
    ),
    "pickup_meld.none_head": (
        "pickup must meld: the head card {card} makes no new meld with a card from your hand"
    ),
    "pickup_meld.nothing": "pickup must meld: no card of the row makes a new meld with your hand",
    "layoff_limit": (
        "layoff limit: you have laid off {n} card this round, as many as this game allows",
        "layoff limit: you have laid off {n} cards this round, as many as this game allows",
    ),
    "layoff_chain": (
        "layoff chain: that end of the run was laid by another player; only the meld's owner "
        "or that player may extend it"
    ),
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
    "upcard_offer": (
        "upcard offer: take the upcard or pass; the stock is drawn only after both players "
        "have passed it"
    ),
    "upcard_passed": "upcard passed: both players passed the upcard; draw from the stock",
    "pass.gin": "pass: only the first upcard can be passed; draw or take the top discard",
    "knock_limit": (
        "knock limit: after discarding {card} your deadwood is {deadwood}, more than {limit}"
    ),
    "knock_limit.best": (
        "knock limit: your deadwood after the best discard is {deadwood}, more than {limit}"
    ),
    "melds_per_turn": (
        "melds per turn: at most {n} new meld a turn; lay off or discard",
        "melds per turn: at most {n} new melds a turn; lay off or discard",
    ),
    # Persian rummy
    "pass.persian": "pass: you may pass only when the stock is empty; draw or pick up",
    "not_in_pile": "not in the pile: {card} is not in the discard pile",
    "not_in_pile.joker": "not in the pile: there is no joker in the discard pile",
    "pickup_play.contain": ("pickup must be played: the meld must contain the picked card {card}"),
    "pickup_play.layoff_card": (
        "pickup must be played: the card laid off must be the picked card {card}"
    ),
    "pickup_play.follow": (
        "pickup must be played: after picking {card} the next move must meld it or lay it off"
    ),
    "pickup_play.none": (
        "pickup must be played: {card} makes no meld and fits no meld on the table"
    ),
    "pickup_play.nothing": (
        "pickup must be played: no card of the pile makes a meld or fits one on the table"
    ),
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
