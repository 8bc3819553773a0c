"""``dummy-tui replay FILE [--json | --view]``: apply a record and report the outcome,
or open the replay viewer on it."""

from __future__ import annotations

import codecs
import json
import os
import sys
from pathlib import Path

from rich.cells import cell_len

from dummy_tui.engine.cards import SUIT_SYMBOLS, card_pretty, cards_of
from dummy_tui.engine.errors import RecordError
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.families.dummy_scoring import table_cards
from dummy_tui.engine.record import (
    LoadedRecord,
    ReplayResult,
    load_record,
    replay,
    result_json,
)
from dummy_tui.problems import NAME_LIMIT, too_long
from dummy_tui.textwidth import ljust_cells

# The Thai term beside each item of the score, as players say it.
TERMS = {
    "table": "แต้มบนโต๊ะ",
    "hand": "แต้มในมือ",
    "knock": "น็อค",
    "dark_knock": "น็อคมืด",
    "one_suit_knock": "น็อคสี",
    "fall": "ตกตึก",
    "fool": "โง่",
    "fool_penalty": "โง่",
    "penalty_discard_layoff": "ทิ้งให้ฝาก",
    "penalty_discard_row_meld": "ทิ้งเข้าชุดในกอง",
    "penalty_feed_head": "ป้อนหัวกอง",
    "penalty_feed_speto": "ป้อนสเปโต",
    "penalty_discard_picked": "ทิ้งให้เก็บ",
    "penalty_speto_laid_off": "ฝากสเปโต",
    "first_turn_fool": "โง่มืดจนชนมืด",
    "show": "โชว์สเปโต",
    "total": "รวม",
}


def main(path: Path | str, json_output: bool = False, rules_path: Path | None = None) -> int:
    """Run the command; returns the exit code of ``records.md``."""
    try:
        loaded = _load(path, rules_path)
    except RecordError as exc:
        if json_output:
            error = {"index": None, "move": None, "message": str(exc)}
            print(json_text({"ok": False, "error": error}))
        else:
            print(f"dummy-tui replay: {exc}", file=sys.stderr)
        return 2
    result = replay(loaded)
    if json_output:
        print(json_text(result_json(result)))
    else:
        print(render_text(result))
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
        print(f"dummy-tui replay: {exc}", file=sys.stderr)
        return 2
    result = replay(loaded)
    if result.error is not None:
        err = result.error
        print(
            f"dummy-tui replay: {path}: move {err['index'] + 1} ({err['move']!r}) refused: "
            f"{err['message']}",
            file=sys.stderr,
        )
        return 1
    from dummy_tui.ui.app import run_viewer, viewer_app

    return run_viewer(viewer_app(loaded, result.game, str(path), rules_path))


def _load(path: Path | str, rules_path: Path | None) -> LoadedRecord:
    """The record at *path*, or :class:`RecordError` with the line ``replay`` prints."""
    if not str(path):  # as a Path it would be the current folder
        raise RecordError("the file name is empty")
    if not _file_name(str(path)):
        shown = str(path) if str(path).isprintable() else repr(str(path))  # repr: its escapes
        raise RecordError(f"{shown}: cannot be read (not a name a file can have)")
    loaded = load_record(Path(path), rules_path)
    _check_names(loaded.names, str(path))
    return loaded


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
            raise RecordError(f"{source}: players[{seat}]: {too_long(name, NAME_LIMIT)}")


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
    """The readable account of a round of any family; :data:`ACCOUNTS` holds a
    family's own where it says more."""

    pile = "Discard pile (top last)"
    out = "went out"

    def __init__(self, result: ReplayResult) -> None:
        self.result = result
        self.game = result.game
        self.names = result.names

    def text(self) -> str:
        result, game, names = self.result, self.game, self.names
        lines = [f"{_count(result.moves_applied, 'move')} applied."]
        if result.error is not None:
            err = result.error
            lines.append(f"Move {err['index'] + 1} ({err['move']!r}) refused: {err['message']}")
        if result.pending_pick:
            lines.append(f"The record stops after {result.pending_pick!r}, before its meld.")
        lines.append("")
        lines.append(f"{self.pile}: " + _cards(game.row))
        lines.append(f"Stock: {_count(len(game.stock), 'card')}")
        lines.append("")
        lines.extend(self.table())
        lines.append("")
        lines.append("Hands:")
        width = max(cell_len(n) for n in names)
        for seat, name in enumerate(names):
            lines.append(f"  {ljust_cells(name, width)}  {_cards(cards_of(game.hands[seat]))}")
        lines.append("")
        if not game.is_over:
            lines.append(f"The round goes on; {names[game.seat]} (seat {game.seat}) is to move.")
            return "\n".join(lines)
        lines.append(self.ending())
        lines.append("")
        lines.append("Scores:")
        lines.extend(self.scores())
        lines.append("")
        lines.append(self.next_round())
        return "\n".join(lines)

    def table(self) -> list[str]:
        lines = ["Table:"]
        for m in self.game.melds:
            parts = []
            for card, layer in zip(m.cards, m.layers, strict=True):
                shown = _pretty(card)
                if layer != m.owner:
                    shown += f"[{self.names[layer]}]"
                parts.append(shown)
            lines.append(f"  {self.names[m.owner]}: " + " ".join(parts))
        if not self.game.melds:
            lines.append("  (no melds)")
        return lines

    def ending(self) -> str:
        game = self.game
        if game.end == "dead":
            return "Round over: the hand is void (dead)."
        if game.knocker is not None:
            return f"Round over: {self.names[game.knocker]} {self.out}."
        return "Round over."

    def scores(self) -> list[str]:
        lines = []
        for row in self.game.scores():
            items = row.as_json()
            shown = ", ".join(
                f"{k.replace('_', ' ')} {_value(v)}" for k, v in items.items() if k != "seat"
            )
            lines.append(f"  {self.names[row.seat]}: {shown}")
        return lines

    def next_round(self) -> str:
        starter, _ = self.game.next_round()
        return f"Next round: {self.names[starter]} to start."


class DummyAccount(Account):
    """Dummy's account: who is born, and each item of §10's score."""

    pile = "Discard row (หัวกอง first)"

    def __init__(self, result: ReplayResult) -> None:
        super().__init__(result)
        assert isinstance(result.game, DummyRound)
        self.dummy = result.game

    def table(self) -> list[str]:
        game, names = self.dummy, self.names
        lines = ["Table (melds by owner; laid-off cards marked with who laid them):"]
        for seat, name in enumerate(names):
            mine = [m for m in game.melds if m.owner == seat]
            born = "born (เกิด)" if game.born[seat] else "not born"
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
                lines.append("    (no melds)")
        return lines

    def ending(self) -> str:
        game = self.dummy
        how = {"knock": "a knock (น็อค)", "stock_out": "the stock running out"}.get(
            game.end or "", str(game.end)
        )
        if game.knocker is None:
            return f"Round over by {how}."
        kind = "dark knock (น็อคมืด)" if game.dark_knock else "knock"
        knock_card = _pretty(game.knock_card) if game.knock_card is not None else "?"
        return f"Round over by {how}: {self.names[game.knocker]} made a {kind} with {knock_card}."

    def scores(self) -> list[str]:
        game = self.dummy
        if game.rules.scoring == "money":
            return self.money()
        lines = []
        for b in game.scores():
            laid = len(table_cards(game, b.seat))
            lines.append(f"  {self.names[b.seat]}")
            lines.append(f"    table ({TERMS['table']}): {b.table:+d}  ({_count(laid, 'card')})")
            hand_note = f" × {b.hand_multiplier} fall ({TERMS['fall']})" if b.fell else ""
            lines.append(f"    hand ({TERMS['hand']}): {-b.hand}{hand_note}")
            if b.knock:
                bonus = f", incl. layoff bonus {b.knock_bonus}" if b.knock_bonus else ""
                lines.append(f"    knock card ({TERMS['knock']}): +{b.knock}{bonus}")
            if b.dark_knock:
                mult = game.rules.dark_knock_multiplier
                lines.append(f"    dark knock ({TERMS['dark_knock']}): × {mult}")
            if b.one_suit_knock:
                mult = game.rules.one_suit_knock_multiplier
                lines.append(f"    one-suit knock ({TERMS['one_suit_knock']}): × {mult}")
            if b.first_turn_fool:
                fool = TERMS["first_turn_fool"]
                lines.append(f"    dark fool in the first turn ({fool}): × {b.multiplier}")
            if b.bonus:
                lines.append(f"    spe-to shown ({TERMS['show']}): +{b.bonus}")
            for p in b.penalty_items:
                lines.append(
                    f"    {p.kind.replace('_', ' ')} ({TERMS.get(p.kind, '')}, "
                    f"{_pretty(p.card)}): -{p.points}"
                )
            lines.append(f"    total ({TERMS['total']}): {b.total:+d}")
        return lines

    def money(self) -> list[str]:
        """Money scoring (ดัมมี่น็อค): each seat's net points, tier and units."""
        lines = []
        for b in self.dummy.scores():
            m = b.money
            assert m is not None
            tier = f", tier {m.tier}" if m.tier else ""
            lines.append(f"  {self.names[b.seat]}: net {m.net:+d} points{tier}")
            lines.append(
                f"    result {m.result:+d}, bonuses {m.bonuses:+d}, penalties {m.penalties:+d}; "
                f"total ({TERMS['total']}): {b.total:+d} units"
            )
        return lines

    def next_round(self) -> str:
        starter, direction = self.game.next_round()
        way = "same direction" if direction == self.game.start_direction else "direction reversed"
        return f"Next round: {self.names[starter]} to start, {way}."


class GinAccount(Account):
    out = "knocked"


ACCOUNTS: dict[str, type[Account]] = {"dummy": DummyAccount, "gin": GinAccount}
"""A family's own account, by family; the others use :class:`Account`."""


def render_text(result: ReplayResult) -> str:
    """A readable account: moves applied, the table by owner, hands, scores."""
    return ACCOUNTS.get(result.game.family, Account)(result).text()


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _pretty(card: int) -> str:
    """*card* with its suit symbol, or its suit letter (``10H``) where standard
    output cannot encode the symbols (``PYTHONIOENCODING=ascii``, a cp1252 or
    cp874 console)."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        SUIT_SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return card_pretty(card, ascii_only=True)
    return card_pretty(card)


def _cards(cards: list[int]) -> str:
    return " ".join(_pretty(c) for c in cards) or "—"
