"""Moves, log entries and refusals in the player's language, with coloured cards."""

from __future__ import annotations

from collections.abc import Callable
from string import Formatter
from typing import TYPE_CHECKING, Any, NamedTuple

from rich.style import Style
from rich.text import Text

from dummy_tui.engine import actions as act
from dummy_tui.engine.cards import JOKER_BASE
from dummy_tui.engine.errors import CARD_PARAMS, CARDS_PARAMS, MoveError
from dummy_tui.i18n import catalog, has, in_every_language, key_fields, language, template
from dummy_tui.ui.cardtext import CardLook
from dummy_tui.ui.session import LogEntry

if TYPE_CHECKING:
    from dummy_tui.engine.round import Round


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
        value = parts.get(field, key_fields().get(field, "{" + field + "}"))
        if isinstance(value, Text):
            out.append_text(value)
        else:
            out.append(str(value))
    return out


def name_text(name: str) -> Text:
    return Text(name, Style(bold=True))


def _same(key: str) -> str:
    return key


def log_lines(
    entries: list[LogEntry],
    names: list[str],
    look: CardLook,
    key: Callable[[str], str] = _same,
) -> list[Text]:
    """The log's lines for ``entries``: a draw and the discard that follows it,
    by the same player, share one line ("Somchai drew, discarded 9♦."), the
    commonest turn of all, so that a small screen shows twice as many turns.

    ``key`` gives the family's own catalog key for a line (basic rummy's
    knock is "went out", Persian rummy's rounds are deals)."""
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
        out.append(entry_text(entry, names, look, key))
        i += 1
    return out


def entry_text(
    entry: LogEntry, names: list[str], look: CardLook, key: Callable[[str], str] = _same
) -> Text:
    """One log line, in the family's words (``key``, as for :func:`log_lines`)."""
    if entry.kind == "round":
        n = entry.cards[0] if entry.cards else 1
        return fmt(key("log.round"), n=n)
    if entry.kind == "start":
        return start_text(entry, names, key)
    if entry.kind == "restock":
        return fmt("log.restock")
    if entry.kind == "ai_failed":
        return fmt("log.ai_failed", name=name_text(names[entry.seat]))
    who = name_text(names[entry.seat])
    cards = look.cards(entry.cards)
    if entry.kind in ("pick", "pick_head"):
        taken = len(entry.extra)
        line = "log.pick_head" if entry.kind == "pick_head" else "log.pick"
        return fmt(line, name=who, card=look.text(entry.extra[0]), n=taken, meld=cards)
    if entry.kind == "pick_layoff":
        return fmt("log.pick_layoff", name=who, card=cards)
    if entry.kind == "layoff":
        return fmt("log.layoff", name=who, card=cards, meld=look.cards(entry.extra))
    return fmt(key(f"log.{entry.kind}"), name=who, cards=cards, card=cards)


def _ace_end(suit: int, low: bool) -> int:
    """The card an ace laid off onto a run 2…K lies next to: the 2 or the K."""
    return suit * 13 + (0 if low else 11)


def play_order(players: int, direction: int) -> str:
    """The seats' numbers in the order of play from the first ("1→2→3→4";
    the other way "4→3→2→1"), as the top bar shows it."""
    seats = [str(i + 1) for i in range(players)]
    return "→".join(seats if direction == 1 else seats[::-1])


def start_text(entry: LogEntry, names: list[str], key: Callable[[str], str] = _same) -> Text:
    """Who starts a round and why (a ``start`` entry, see
    :func:`~dummy_tui.ui.session.start_entry`): the rule that chose the
    starter, then, when a fool turned it round, the direction of play and why.

    ``key`` gives the family's own catalog keys, as for :func:`log_lines`."""
    players = len(names)
    direction = entry.cards[0] if entry.cards else 1
    starter = entry.seat
    dealer = (starter - direction) % players
    order = play_order(players, direction)
    line = fmt_about(
        key(f"log.start_{entry.reason}"),
        names[starter],
        name=name_text(names[starter]),
        dealer=name_text(names[dealer]),
        order=order,
    )
    for fooled in entry.extra:
        line.append(" ")
        line.append_text(
            fmt_about("log.reversed", names[fooled], name=name_text(names[fooled]), order=order)
        )
    return line


def action_parts(game: Round[Any], action: act.Action, look: CardLook) -> dict[str, Text]:
    """The cards a move names, as the catalog's fields: ``card``, the card it
    moves; ``meld``, the cards it melds with or lays off on; ``cards``, the
    cards it lays down or shows."""
    parts: dict[str, Text] = {}
    if isinstance(action, act.Meld):
        parts["cards"] = look.cards(action.cards)
    elif isinstance(action, act.Show):
        parts["cards"] = look.cards(game.shown_cards())
    elif not isinstance(action, act.Draw | act.End | act.Pass):
        parts["card"] = look.text(action.card)
    if isinstance(action, act.Pick):
        parts["meld"] = look.cards(action.meld)
    elif isinstance(action, act.PickLayoff | act.LayOff):
        parts["meld"] = look.cards(game.melds[action.target].cards)
    return parts


class MoveWords(NamedTuple):
    """The catalog keys of one kind of move."""

    said: str
    """The move, as a hint or a choice names it."""
    how: str
    """The keys that make it, as a lesson tells them."""


MOVE_WORDS: dict[type[act.Action], MoveWords] = {
    act.Draw: MoveWords("act.draw", "learn.how_draw"),
    act.Pick: MoveWords("act.pick", "learn.how_pick"),
    act.PickLayoff: MoveWords("act.pick_layoff", "learn.how_pick_layoff"),
    act.Meld: MoveWords("act.meld", "learn.how_meld"),
    act.LayOff: MoveWords("act.layoff", "learn.how_layoff"),
    act.Knock: MoveWords("act.gin_knock_short", "learn.how_gin_knock"),
    act.TakeDiscard: MoveWords("act.take", "learn.how_take"),
    act.Pass: MoveWords("act.pass", "learn.how_pass"),
    act.End: MoveWords("act.end", "learn.how_end"),
    act.Show: MoveWords("act.show", "learn.how_show"),
}
"""Each kind of move's words but a discard's, which are its kind's (a knock's,
a discard's): see :func:`action_text` and the lessons' ``how_text``."""


def action_text(
    game: Round[Any], action: act.Action, look: CardLook, key: Callable[[str], str] = _same
) -> Text:
    """A move the seat to move could make, in words (hints and choices)."""
    parts = action_parts(game, action, look)
    if isinstance(action, act.Discard):
        # the last card of a Dummy hand is the knock (basic rummy: going out)
        return fmt(key(f"act.{game.kind_of(action)}"), **parts)
    said = MOVE_WORDS[type(action)].said
    if not isinstance(action, act.PickLayoff | act.LayOff):
        return fmt(said, **parts)
    target = game.melds[action.target]
    if target.two_ace_ends(action.card):  # the ace of 2…K: which end (§14.1)
        said = "act.pick_layoff_end" if isinstance(action, act.PickLayoff) else "act.layoff_end"
        parts["end"] = look.text(_ace_end(target.suit, action.low))
    if isinstance(action, act.LayOff):
        return fmt(said, n=action.target + 1, **parts)  # the meld's number on the table
    return fmt(said, **parts)


def rank_order(card: int) -> tuple[int, int, int]:
    """A sort key: by rank, then by suit; the jokers (Persian rummy) last."""
    return (card >= JOKER_BASE, card % 13, card // 13)


def refusal_text(exc: MoveError, look: CardLook) -> Text:
    """Why a move was refused, in the player's language, from the catalog.

    The entry of the case the engine names (``rule.not_a_meld_jokers``) is
    preferred to the rule's own (``rule.not_a_meld``); the cards are filled in
    as the table shows them, the numbers as they are (``n`` also choosing the
    singular where the language has one).  The engine's English sentence is
    never read back.
    """
    key = f"rule.{exc.key}"
    if not has(key):
        key = f"rule.{exc.rule}"
    if not has(key):  # a rule no catalog knows yet: the engine's own words
        return Text(str(exc))
    parts: dict[str, Text | str | int] = {}
    for name, value in exc.params.items():
        if name in CARD_PARAMS and isinstance(value, int):
            parts[name] = look.text(value)
        elif name in CARDS_PARAMS and isinstance(value, tuple):
            # by rank, as a meld is read ("2♠ 3♦ 4♣"), the jokers last
            parts[name] = look.cards(sorted(value, key=rank_order))
        elif isinstance(value, int | str):
            parts[name] = value
        else:
            parts[name] = " ".join(str(v) for v in value)
    return fmt(key, **parts)
