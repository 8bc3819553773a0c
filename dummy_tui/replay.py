"""``dummy-tui replay FILE [--json | --view]``: apply a record and report the outcome,
or open the replay viewer on it."""

from __future__ import annotations

import codecs
import importlib
import json
import os
import sys
from pathlib import Path

from rich.cells import cell_len

from dummy_tui.engine.cards import SUIT_SYMBOLS, card_pretty, cards_of
from dummy_tui.engine.errors import MoveError, RecordError
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.families.dummy_scoring import table_cards
from dummy_tui.engine.record import (
    LoadedRecord,
    ReplayResult,
    load_record,
    replay,
    result_json,
)
from dummy_tui.families import FAMILIES
from dummy_tui.i18n import catalog, cli_catalog, has, language, say, t
from dummy_tui.problems import NAME_LIMIT, too_long
from dummy_tui.textwidth import ljust_cells


def _term(key: str) -> str:
    """The Thai term of a score's item, as players say it (``term.KEY``):
    beside the English word in English, the item's name in Thai."""

    return catalog("th").get(f"term.{key}", key)


def main(path: Path | str, json_output: bool = False, rules_path: Path | None = None) -> int:
    """Run the command; returns the exit code of ``records.md``."""
    try:
        loaded = _load(path, rules_path)
    except RecordError as exc:
        if json_output:
            error = {"index": None, "move": None, "message": str(exc)}
            print(json_text({"ok": False, "error": error}))
        else:
            print(f"dummy-tui replay: {_problem(exc)}", file=sys.stderr)
        return 2
    result = replay(loaded)
    if json_output:
        print(json_text(result_json(result)))
    else:
        print(render_text(result, loaded))
    return 0 if result.ok else 1


def view(path: Path | str, rules_path: Path | None = None) -> int:
    """``replay FILE --view``: the replay viewer on the record's round.

    A record that cannot be read is told as :func:`main` tells it (exit code
    2), before any screen; a record with a refused move too, in one line (exit
    code 1).  Textual is loaded only once the record is read.
    """
    try:
        loaded = _load(path, rules_path)
    except RecordError as exc:
        print(f"dummy-tui replay: {_problem(exc)}", file=sys.stderr)
        return 2
    result = replay(loaded)
    if result.error is not None:
        err = result.error
        refused = say(
            "out.replay.refused",
            n=err["index"] + 1,
            move=repr(err["move"]),
            why=refusal(loaded, result),
        )
        print(f"dummy-tui replay: {path}: {refused}", file=sys.stderr)
        return 1
    from dummy_tui.ui.launch import run_viewer, viewer_app

    return run_viewer(viewer_app(loaded, result.game, str(path), rules_path, language()))


class _Unreadable(RecordError):
    """A record ``replay`` cannot open, said from the command's own catalog
    (``key``) in the language; its English line for ``--json``."""

    def __init__(self, key: str, **values: object) -> None:
        english = cli_catalog("en")[key].format(**values)
        super().__init__(english)
        self.key = key
        self.values = values


def _problem(exc: RecordError) -> str:
    """A record's fault as ``replay`` prints it: in the language where the
    command words it, else the reader's English line after a word of the language."""
    if isinstance(exc, _Unreadable):
        return say(exc.key, **exc.values)
    if language() == "en":
        return str(exc)
    return say("out.replay.unreadable", detail=str(exc))


def _load(path: Path | str, rules_path: Path | None) -> LoadedRecord:
    """The record at *path*, or :class:`RecordError` with the line ``replay`` prints."""
    if not str(path):  # as a Path it would be the current folder
        raise _Unreadable("out.replay.empty_name")
    if not _file_name(str(path)):
        shown = str(path) if str(path).isprintable() else repr(str(path))  # repr: its escapes
        raise _Unreadable("out.replay.bad_name", path=shown)
    if not Path(path).exists():
        raise _Unreadable("out.replay.missing", path=str(path))
    loaded = load_record(Path(path), rules_path)
    _check_names(loaded.names, str(path))
    return loaded


def refusal(loaded: LoadedRecord, result: ReplayResult) -> str:
    """Why the record's move ``result.error`` names was refused, in the
    language: the move is tried again on the round as it stood, and its
    refusal worded from the catalog (the reader's English line if it now passes)."""

    err = result.error
    assert err is not None
    if language() == "en":
        return str(err["message"])
    from dummy_tui.ui.cardtext import CardLook
    from dummy_tui.ui.words import refusal_text

    moves = list(loaded.model.moves)
    index = int(err["index"])
    game = result.game.clone()
    try:
        # a pick-up is two moves (pick, then its meld), applied as one
        picked = game.pick_card(moves[index - 1]) if index else None
        if picked is not None:
            game.apply(game.pick_action(picked, moves[index]))
        elif game.pick_card(moves[index]) is None:
            game.apply(game.parse_move(moves[index]))
    except MoveError as exc:
        return refusal_text(exc, CardLook(ascii=_ascii_only())).plain
    return str(err["message"])


def _file_name(name: str) -> bool:
    """Whether a file could have *name*: no NUL, nothing the file system cannot encode."""
    try:
        os.fsencode(name)
    except UnicodeEncodeError:  # a lone surrogate
        return False
    return "\x00" not in name


def _check_names(names: list[str], source: str) -> None:
    """Refuse a name longer than a table could show (the account prints every
    name several times over)."""
    for seat, name in enumerate(names):
        if len(name) > NAME_LIMIT:
            raise _Unreadable(
                "out.replay.long_name",
                path=source,
                seat=seat,
                why=too_long(name, NAME_LIMIT),
                limit=NAME_LIMIT,
            )


def json_text(value: object) -> str:
    """*value* as one line of JSON that standard output can write as it is.

    On a UTF-8 stream non-ASCII text is written as such; any other encoding
    gets every non-ASCII character as a JSON escape, since the stream's own
    escape of a character it cannot encode is not always JSON's.  (A lone
    surrogate, which UTF-8 cannot encode either, is written as a backslash
    escape by the command's streams, and that escape is JSON's.)
    """
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        utf8 = codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        utf8 = False
    return json.dumps(value, ensure_ascii=not utf8)


class Account:
    """The readable account of a round of any family; :func:`account_type` finds a
    family's own where it says more.  Every line is the command's catalog's
    (``out.replay.*``), in the language."""

    pile = "out.replay.pile"
    out = "out.replay.ending_out"

    def __init__(self, result: ReplayResult) -> None:
        self.result = result
        self.game = result.game
        self.names = result.names

    def text(self, loaded: LoadedRecord | None = None) -> str:
        result, game, names = self.result, self.game, self.names
        lines = [say("out.replay.applied", n=result.moves_applied)]
        if result.error is not None:
            err = result.error
            why = refusal(loaded, result) if loaded is not None else str(err["message"])
            lines.append(
                say("out.replay.refused_line", n=err["index"] + 1, move=repr(err["move"]), why=why)
            )
        if result.pending_pick:
            lines.append(say("out.replay.pending", move=repr(result.pending_pick)))
        lines.append("")
        lines.append(say(self.pile, cards=_cards(game.discards)))
        lines.append(say("out.replay.stock", n=len(game.stock)))
        lines.append("")
        lines.extend(self.table())
        lines.append("")
        lines.append(say("out.replay.hands"))
        width = max(cell_len(n) for n in names)
        for seat, name in enumerate(names):
            lines.append(f"  {ljust_cells(name, width)}  {_cards(cards_of(game.hands[seat]))}")
        lines.append("")
        if not game.is_over:
            lines.append(say("out.replay.goes_on", name=names[game.seat], seat=game.seat))
            return "\n".join(lines)
        lines.append(self.ending())
        lines.append("")
        lines.append(say("out.replay.scores"))
        lines.extend(self.scores())
        lines.append("")
        lines.append(self.next_round())
        return "\n".join(lines)

    def table(self) -> list[str]:
        lines = [say("out.replay.table")]
        for m in self.game.melds:
            parts = []
            for card, layer in zip(m.cards, m.layers, strict=True):
                shown = _pretty(card)
                if layer != m.owner:
                    shown += f"[{self.names[layer]}]"
                parts.append(shown)
            lines.append(f"  {self.names[m.owner]}: " + " ".join(parts))
        if not self.game.melds:
            lines.append("  " + say("out.replay.no_melds"))
        return lines

    def ending(self) -> str:
        game = self.game
        if game.end == "dead":
            return say("out.replay.ending_dead")
        if game.went_out is not None:
            return say(self.out, name=self.names[game.went_out])
        return say("out.replay.ending")

    def scores(self) -> list[str]:
        lines = []
        for row in self.game.scores():
            items = row.as_json()
            shown = ", ".join(
                say("out.replay.item", item=_item(k), value=_value(v))
                for k, v in items.items()
                if k != "seat"
            )
            lines.append(f"  {self.names[row.seat]}: {shown}")
        return lines

    def next_round(self) -> str:
        starter, _ = self.game.next_round()
        return say("out.replay.next", name=self.names[starter])


class DummyAccount(Account):
    """Dummy's account: who is born, and each item of §10's score."""

    pile = "out.replay.row"

    def __init__(self, result: ReplayResult) -> None:
        super().__init__(result)
        assert isinstance(result.game, DummyRound)
        self.dummy = result.game

    def table(self) -> list[str]:
        game, names = self.dummy, self.names
        lines = [say("out.replay.table_dummy")]
        for seat, name in enumerate(names):
            mine = [m for m in game.melds if m.owner == seat]
            born = say("out.replay.born" if game.born[seat] else "out.replay.not_born")
            lines.append(f"  {name} — {born}")
            for m in mine:
                parts = []
                for card, layer in zip(m.cards, m.layers, strict=True):
                    shown = _pretty(card)
                    if layer != seat:
                        shown += f"[{names[layer]}]"
                    parts.append(shown)
                lines.append("    " + " ".join(parts))
            if not mine:
                lines.append("    " + say("out.replay.no_melds"))
        return lines

    def ending(self) -> str:
        game = self.dummy
        if game.went_out is None:
            if game.end == "knock":
                return say("out.replay.ending_knock")
            if game.end == "stock_out":
                return say("out.replay.ending_stock_out")
            return say("out.replay.ending_other", end=str(game.end))
        knock_card = _pretty(game.out_card) if game.out_card is not None else "?"
        key = "out.replay.dark_knock" if game.dark_knock else "out.replay.knock"
        return say(key, name=self.names[game.went_out], card=knock_card)

    def scores(self) -> list[str]:
        game = self.dummy
        if game.rules.scoring == "money":
            return self.money()
        lines = []
        for b in game.scores():
            laid = len(table_cards(game, b.seat))
            lines.append(f"  {self.names[b.seat]}")

            def add(key: str, term: str, **values: object) -> None:
                lines.append("    " + say(key, term=_term(term), **values))

            add("out.replay.score_table", "table", points=f"{b.table:+d}", n=laid)
            fall = (
                say("out.replay.score_fall", m=b.hand_multiplier, term=_term("fall"))
                if b.fell
                else ""
            )
            add("out.replay.score_hand", "hand", points=-b.hand, fall=fall)
            if b.knock:
                bonus = (
                    say("out.replay.score_knock_bonus", bonus=b.knock_bonus)
                    if b.knock_bonus
                    else ""
                )
                add("out.replay.score_knock", "knock", points=b.knock, bonus=bonus)
            if b.dark_knock:
                add("out.replay.score_dark", "dark_knock", m=game.rules.dark_knock_multiplier)
            if b.one_suit_knock:
                m = game.rules.one_suit_knock_multiplier
                add("out.replay.score_one_suit", "one_suit_knock", m=m)
            if b.first_turn_fool:
                add("out.replay.score_first_turn_fool", "first_turn_fool", m=b.multiplier)
            if b.bonus:
                add("out.replay.score_show", "show", points=b.bonus)
            for p in b.penalty_items:
                term = "fool" if p.kind == "fool_penalty" else p.kind
                add(
                    "out.replay.score_penalty",
                    term,
                    kind=p.kind.replace("_", " "),
                    card=_pretty(p.card),
                    points=p.points,
                )
            add("out.replay.score_total", "total", total=f"{b.total:+d}")
        return lines

    def money(self) -> list[str]:
        """Money scoring (ดัมมี่น็อค): each seat's net points, tier and units."""
        lines = []
        for b in self.dummy.scores():
            m = b.money
            assert m is not None
            tier = say("out.replay.tier", tier=m.tier) if m.tier else ""
            lines.append(
                "  "
                + say("out.replay.money_net", name=self.names[b.seat], net=f"{m.net:+d}", tier=tier)
            )
            lines.append(
                "    "
                + say(
                    "out.replay.money_units",
                    result=f"{m.result:+d}",
                    bonuses=f"{m.bonuses:+d}",
                    penalties=f"{m.penalties:+d}",
                    term=_term("total"),
                    total=f"{b.total:+d}",
                )
            )
        return lines

    def next_round(self) -> str:
        starter, direction = self.game.next_round()
        same = direction == self.game.start_direction
        way = say("out.replay.same_direction" if same else "out.replay.reversed")
        return say("out.replay.next_dummy", name=self.names[starter], way=way)


class GinAccount(Account):
    out = "out.replay.ending_knocked"


def account_type(family: str) -> type[Account]:
    """The account of a round of ``family`` (:mod:`dummy_tui.families` names it)."""
    module, name = FAMILIES[family].account
    found: type[Account] = getattr(importlib.import_module(module), name)
    return found


def render_text(result: ReplayResult, loaded: LoadedRecord | None = None) -> str:
    """A readable account: moves applied, the table by owner, hands, scores
    (``loaded``, the record, lets a refused move's rule be said in the language)."""
    return account_type(result.game.family)(result).text(loaded)


def _item(key: str) -> str:
    """An item of a score's breakdown: its key's words in English, its Thai name in Thai."""
    if language() == "en":
        return key.replace("_", " ")

    for name in (f"item.{key}", f"term.{key}", f"optname.{key}"):
        if has(name):
            return t(name)
    return key.replace("_", " ")


def _value(value: object) -> str:
    if isinstance(value, bool):
        return say("out.replay.yes" if value else "out.replay.no")
    return str(value)


def _ascii_only() -> bool:
    """Whether standard output cannot encode the suits' symbols
    (``PYTHONIOENCODING=ascii``, a cp1252 or cp874 console)."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        SUIT_SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def _pretty(card: int) -> str:
    """*card* with its suit symbol, or its suit letter (``10H``) where standard
    output cannot encode the symbols."""
    return card_pretty(card, ascii_only=_ascii_only())


def _cards(cards: list[int]) -> str:
    return " ".join(_pretty(c) for c in cards) or "—"
