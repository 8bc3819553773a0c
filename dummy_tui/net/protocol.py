"""What host and players say to each other: JSON text frames, one object each.

A player says (checked here with pydantic, at most :data:`MAX_FRAME` bytes):

- ``hello``: the table's code, a name, the seat's token when coming back, the
  password when the table has one, and ``watch`` to watch without a seat (a
  spectator is sent the table with no hand in it while a round is played);
- ``move``: one move of ``records.md``'s notation (a pick-up from the row is
  its two words, ``pick 7H`` then the meld or layoff), with the round and the
  number of moves made when it was chosen, so that a move sent twice or late
  is refused rather than played in another position;
- ``undo``: take back the last move of one's turn, with the same position;
- ``chat``: a short line (at most :data:`CHAT_LIMIT` characters) or one of the
  quick reactions (:data:`REACTIONS`), which every player's catalog words in
  their own language; fewer a second than moves (:data:`CHAT_RATE`).

The host says ``welcome`` (the seat, its token, the rules, the finished rounds
and the seat's view), ``state`` (the seat's view and the new lines of the log),
``round_end`` (the finished round whole, once it is over and every card may be
seen, and the next round's view), ``chat`` (a player's line or reaction, with
their seat and name: text to show as it is, never markup), ``refusal`` (a move the rules refuse: the
engine's typed refusal, which the player's catalog puts in words) and
``error`` (a message the protocol refuses: a key of the catalogs).

A seat's view is the engine's :class:`~dummy_tui.engine.view.PlayerView` of
that seat, field by field: it holds nothing that seat may not know.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from dummy_tui.engine import actions as act
from dummy_tui.engine.errors import IllegalMoveError, MoveError, Param
from dummy_tui.engine.kinds import KIND_OF
from dummy_tui.engine.melds import TableMeld
from dummy_tui.engine.notation import words_of
from dummy_tui.engine.view import PlayerView
from dummy_tui.problems import NAME_LIMIT

VERSION = 3
"""The protocol's version: a host refuses a player of another (3: a table of
any family, whose seat's view a player's terminal rebuilds a round from)."""

MAX_FRAME = 4096
"""The longest message a player may send, in bytes (a move is far shorter)."""

WIRE_LIMIT = 1 << 16
"""The longest frame the host's socket reads at all; longer ones close the connection."""

RATE = 20.0
"""Messages a second a player may send on average ..."""
BURST = 40
"""... and at once; more are refused."""

CHAT_LIMIT = 200
"""The longest chat line, in characters."""
CHAT_RATE = 0.5
"""Chat lines a second a player may send on average ..."""
CHAT_BURST = 4
"""... and at once."""
REACTIONS = ("nice", "oops", "thanks", "your_turn", "well_played")
"""The quick reactions, each worded by the catalogs (``react.KEY``)."""

FLOOD = 200
"""Refused messages after which the host closes a player's connection."""


class ProtocolError(ValueError):
    """A message refused: ``reason`` is its key in the catalogs (``net.error.REASON``)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


Word = Annotated[str, Field(min_length=1, max_length=80)]


class Hello(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    type: Literal["hello"]
    version: int
    code: str = Field(max_length=32)
    name: str = Field(default="", max_length=NAME_LIMIT)
    token: str | None = Field(default=None, max_length=64)
    password: str | None = Field(default=None, max_length=256)
    watch: bool = False
    """A spectator: no seat; the table without any hand while a round is played."""


class Move(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    type: Literal["move"]
    round: int = Field(ge=1, le=10_000)
    at: int = Field(ge=0, le=100_000)
    words: list[Word] = Field(min_length=1, max_length=2)


class Undo(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    type: Literal["undo"]
    round: int = Field(ge=1, le=10_000)
    at: int = Field(ge=0, le=100_000)


class LobbyAsk(BaseModel):
    """Which tables a host with several holds (a first message, instead of hello)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: Literal["lobby"]
    version: int


class Chat(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    type: Literal["chat"]
    text: str = Field(default="", max_length=CHAT_LIMIT)
    reaction: Literal["nice", "oops", "thanks", "your_turn", "well_played"] | None = None


ClientMessage = Annotated[Hello | Move | Undo | Chat | LobbyAsk, Field(discriminator="type")]
_CLIENT: TypeAdapter[Hello | Move | Undo | Chat | LobbyAsk] = TypeAdapter(ClientMessage)


def chat_text(text: str) -> str:
    """A chat line as it is shown: printable characters only, one line."""
    kept = "".join(ch if ch.isprintable() else " " for ch in text)
    return " ".join(kept.split())


def parse_client(frame: str | bytes) -> Hello | Move | Undo | Chat | LobbyAsk:
    """A player's message, or :class:`ProtocolError` (``size``, ``binary``, ``malformed``)."""
    if isinstance(frame, bytes):
        raise ProtocolError("size" if len(frame) > MAX_FRAME else "binary")
    if len(frame.encode("utf-8", "surrogatepass")) > MAX_FRAME:
        raise ProtocolError("size")
    try:
        return _CLIENT.validate_json(frame)
    except ValidationError:
        raise ProtocolError("malformed") from None


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


# ---------------------------------------------------------------------------
# actions, melds, views


_ACTIONS: dict[str, type] = {cls.__name__: cls for cls in KIND_OF}


def action_json(action: act.Action) -> dict[str, Any]:
    out: dict[str, Any] = {"a": type(action).__name__}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def action_of(data: dict[str, Any]) -> act.Action:
    """The action of :func:`action_json`; ValueError for anything else."""
    cls = _ACTIONS.get(str(data.get("a")))
    if cls is None:
        raise ValueError(f"unknown action {data.get('a')!r}")
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        value = data.get(f.name)
        if isinstance(value, list):
            value = tuple(int(v) for v in value)
        elif value is not None and not isinstance(value, int | bool):
            raise ValueError(f"bad {f.name} of {cls.__name__}")
        if value is not None:
            values[f.name] = value
    action: act.Action = cls(**values)
    return action


_MELD_FIELDS = (
    "owner", "kind", "cards", "layers", "suit", "rank", "lo", "hi", "at_once", "ace_low",
    "mask", "anchor", "both",
)  # fmt: skip


def meld_json(meld: TableMeld) -> dict[str, Any]:
    return {name: getattr(meld, name) for name in _MELD_FIELDS}


def meld_of(data: dict[str, Any]) -> TableMeld:
    return TableMeld(**{name: data[name] for name in _MELD_FIELDS})


def view_json(view: PlayerView) -> dict[str, Any]:
    """``view`` as JSON, every field but the rules (sent once, in ``welcome``)."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(view):
        if f.name == "rules":
            continue
        value = getattr(view, f.name)
        if f.name == "melds":
            value = [meld_json(m) for m in value]
        elif f.name == "history":
            value = [[seat, action_json(a)] for seat, a in value]
        out[f.name] = value
    return out


def view_of(data: dict[str, Any], rules: Any, view_type: type[PlayerView]) -> PlayerView:
    """The view of :func:`view_json`, of the family's ``view_type``."""
    values: dict[str, Any] = {"rules": rules}
    for f in dataclasses.fields(view_type):
        if f.name == "rules":
            continue
        value = data[f.name]
        if f.name == "melds":
            value = [meld_of(m) for m in value]
        elif f.name == "history":
            value = [(int(seat), action_of(a)) for seat, a in value]
        elif f.name == "last_discard" and value is not None:
            value = (int(value[0]), int(value[1]))
        values[f.name] = value
    return view_type(**values)


def view_cards(data: dict[str, Any]) -> set[int]:
    """Every card a serialized view names: what the seat is shown."""
    found: set[int] = set(data["hand"]) | set(data["discards"])
    for meld in data["melds"]:
        found.update(meld["cards"])
    for _, action in data["history"]:
        found.update(action_cards(action))
    if data.get("last_discard"):
        found.add(data["last_discard"][1])
    if data.get("taken") is not None:  # the card taken from the pile this turn
        found.add(data["taken"])
    if "head" in data:
        found.add(data["head"])
    return found


def action_cards(data: dict[str, Any]) -> set[int]:
    out: set[int] = set()
    for key in ("card", "meld", "cards"):
        value = data.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            out.add(value)
        elif isinstance(value, list):
            out.update(value)
    return out


# ---------------------------------------------------------------------------
# refusals


def refusal_json(exc: MoveError) -> dict[str, Any]:
    params = {k: list(v) if isinstance(v, tuple) else v for k, v in exc.params.items()}
    return {"type": "refusal", "rule": exc.rule, "detail": exc.detail, "params": params}


def refusal_of(data: dict[str, Any]) -> IllegalMoveError:
    params: dict[str, Param] = {}
    for key, value in dict(data.get("params") or {}).items():
        if isinstance(value, list):
            params[str(key)] = tuple(int(v) for v in value)
        elif isinstance(value, int | str):
            params[str(key)] = value
    return IllegalMoveError(str(data["rule"]), str(data.get("detail") or ""), **params)


# ---------------------------------------------------------------------------
# moves in records.md's notation


def move_words(game: Any, action: act.Action) -> list[str]:
    """``action`` (legal now in ``game``) in the notation of ``records.md``:
    one move, or two for a pick-up from the row (``pick``, then its play)."""
    if not isinstance(action, act.LayOff | act.PickLayoff):
        return words_of(action)
    meld = game.melds[action.target]
    if action.low:
        target = meld.suit * 13  # the 2: the ace goes below it (§14.1)
    elif meld.two_ace_ends(action.card):
        target = next(c for c in meld.cards if c != meld.suit * 13)
    else:
        target = meld.anchor
    return words_of(action, target)


def action_from_words(game: Any, words: list[str]) -> act.Action:
    """The action ``words`` (see :func:`move_words`) make in ``game``; a
    :class:`MoveError` for a move that is not one, or that needs its second word."""
    card = game.pick_card(words[0])
    if card is None:
        if len(words) != 1:
            raise ProtocolError("malformed")  # two words are a pick-up and its play
        action: act.Action = game.parse_move(words[0])
        return action
    if len(words) != 2:
        raise IllegalMoveError("pickup_meld", "follow", card=card)
    picked: act.Action = game.pick_action(card, words[1])
    return picked
