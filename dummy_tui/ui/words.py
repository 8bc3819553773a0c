"""Moves, log entries and refusals in the player's language, with coloured cards."""

from __future__ import annotations

import re
from string import Formatter
from typing import TYPE_CHECKING, Any

from rich.style import Style
from rich.text import Text

from dummy_tui.engine.actions import (
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
from dummy_tui.engine.cards import card_pretty, parse_card
from dummy_tui.engine.errors import IllegalMoveError
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.ui.cardtext import CardLook
from dummy_tui.ui.i18n import catalog, has, in_every_language, language, t, template
from dummy_tui.ui.session import LogEntry, describe

if TYPE_CHECKING:
    from dummy_tui.engine.round import Round
    from dummy_tui.rules.loader import RulesetError


def fmt_about(key: str, about: str, /, **parts: Text | str | int) -> Text:
    """:func:`fmt` for a sentence about the player named ``about``: when that is the
    name the game gives a person ("You"), the language's ``KEY_you`` form if it
    has one ("You win", not "You wins")."""
    if about in in_every_language("seat.you") and f"{key}_you" in catalog(language()):
        key = f"{key}_you"
    return fmt(key, **parts)


def fmt(key: str, **parts: Text | str | int) -> Text:
    """The catalog text of ``key`` with each ``{field}`` replaced by styled text."""
    text = template(key, parts.get("n"))
    out = Text()
    try:
        parsed = list(Formatter().parse(text))
    except ValueError:
        return Text(text)
    for literal, field, _, _ in parsed:
        out.append(literal)
        if field is None:
            continue
        value = parts.get(field, "{" + field + "}")
        if isinstance(value, Text):
            out.append_text(value)
        else:
            out.append(str(value))
    return out


def name_text(name: str) -> Text:
    return Text(name, Style(bold=True))


def log_lines(
    entries: list[LogEntry], names: list[str], look: CardLook, family: str = "dummy"
) -> list[Text]:
    """The log's lines for ``entries``: a draw and the discard that follows it,
    by the same player, share one line ("Somchai drew, discarded 9♦."), the
    commonest turn of all, so that a small screen shows twice as many turns."""
    out: list[Text] = []
    i = 0
    while i < len(entries):
        entry = entries[i]
        after = entries[i + 1] if i + 1 < len(entries) else None
        if (
            entry.kind == "draw"
            and after is not None
            and after.kind == "discard"
            and after.seat == entry.seat
        ):
            who = name_text(names[entry.seat])
            out.append(fmt("log.draw_discard", name=who, card=look.text(after.cards[0])))
            i += 2
            continue
        out.append(entry_text(entry, names, look, family))
        i += 1
    return out


def gin_layout_text(mask: int, look: CardLook) -> Text:
    """A gin hand in its best arrangement: each meld in brackets, then the deadwood
    (``[4♦ 4♥ 4♠] [7♥ 8♥ 9♥] 2♣ K♠``)."""
    from dummy_tui.ui.family import gin_layout

    _, melds, dead = gin_layout(mask)
    out = Text()
    for meld in melds:
        out.append("[")
        out.append_text(look.cards(meld))
        out.append("] ")
    out.append_text(look.cards(dead))
    return out


def entry_text(entry: LogEntry, names: list[str], look: CardLook, family: str = "dummy") -> Text:
    """One log line (``family``: Persian rummy's rounds are deals)."""
    if entry.kind == "round":
        n = entry.cards[0] if entry.cards else 1
        return fmt("log.deal" if family == "persian" else "log.round", n=n)
    if entry.kind == "restock":
        return fmt("log.restock")
    who = name_text(names[entry.seat])
    cards = look.cards(entry.cards)
    if entry.kind == "pick":
        taken = len(entry.extra)
        return fmt("log.pick", name=who, card=look.text(entry.extra[0]), n=taken, meld=cards)
    if entry.kind == "pick_layoff":
        return fmt("log.pick_layoff", name=who, card=cards)
    if entry.kind in ("layoff",):
        return fmt("log.layoff", name=who, card=cards, meld=look.cards(entry.extra))
    if entry.kind in ("take", "gin_knock"):
        return fmt(f"log.{entry.kind}", name=who, card=cards)
    if entry.kind in ("meld", "discard", "knock", "out", "draw", "end", "undo", "pass"):
        return fmt(f"log.{entry.kind}", name=who, cards=cards, card=cards)
    return Text(entry.kind)


def why_not_pick(game: Round[Any]) -> str | None:
    """Why a hint to draw passes the pick-ups of a Dummy turn, in plain facts.

    Only facts of the position, from the first that applies: every pick-up
    takes more row cards along; it would make the player born and so end a
    dark knock; its meld goes where the others can lay off on it.  None when
    no pick-up is legal (the prompt says so already).
    """
    if not isinstance(game, DummyRound):
        return None
    picks = [a for a in game.legal_actions() if isinstance(a, Pick | PickLayoff)]
    if not picks:
        return None
    more = min(len(game.row) - 1 - game.row.index(a.card) for a in picks)
    if more:
        return t("hint.why_more", n=more)
    m = game.rules.dark_knock_multiplier
    if not game.born[game.seat] and m > 1:
        return t("hint.why_dark", m=m)
    return t("hint.why_layoff")


def action_text(game: Round[Any], action: Action, look: CardLook) -> Text:
    """A move the seat to move could make, in words (hints and choices)."""
    entry = describe(game, action)
    if isinstance(action, Draw):
        return fmt("act.draw")
    if isinstance(action, Pass):
        return fmt("act.pass")
    if isinstance(action, TakeDiscard):
        return fmt("act.take", card=look.text(action.card))
    if isinstance(action, Knock):
        return fmt("act.gin_knock_short", card=look.text(action.card))
    if isinstance(action, End):
        return fmt("act.end")
    if isinstance(action, Pick):
        return fmt("act.pick", card=look.text(action.card), meld=look.cards(action.meld))
    if isinstance(action, PickLayoff):
        meld = game.melds[action.target].cards
        return fmt("act.pick_layoff", card=look.text(action.card), meld=look.cards(meld))
    if isinstance(action, Meld):
        return fmt("act.meld", cards=look.cards(action.cards))
    if isinstance(action, LayOff):
        meld = game.melds[action.target].cards
        return fmt(
            "act.layoff",
            card=look.text(action.card),
            meld=look.cards(meld),
            n=action.target + 1,
        )
    assert isinstance(action, Discard)
    return fmt(f"act.{entry.kind}", card=look.text(action.card))


def rule_text(exc: IllegalMoveError, ascii_only: bool = False) -> str:
    """Why a move was refused: the engine's own English, or the catalog's translation.

    The translation of the case the engine names (``rule.not_a_meld_jokers``)
    is preferred to the rule's general one.  The English names its cards
    with suit symbols, as the table shows them, unless ``ascii_only``.
    """
    keys = [f"rule.{exc.rule}_{exc.detail}"] if exc.detail else []
    keys.append(f"rule.{exc.rule}")
    if language() != "en":
        for key in keys:
            if has(key):
                return t(key)
    text = str(exc)
    if ascii_only:
        return text
    return _CARD_WORD.sub(lambda m: card_pretty(parse_card(m.group(0))), text)


def ruleset_problem(exc: RulesetError) -> str:
    """A bad option value in the catalog's words (the loader's own line for other faults)."""
    key = f"opterr.{exc.problem}"
    if exc.option is None or not has(key):
        return str(exc)
    params = dict(exc.params)
    if "choices" in params:
        params["choices"] = params["choices"].replace(" or ", t("opterr.or"))
    return t("opterr.line", option=exc.option, problem=t(key, **params))


# a card as the engine's English names it: 10H, QS, AC
_CARD_WORD = re.compile(r"\b(?:10|[2-9JQKA])[CDHS]\b")
