"""Game records (``dummy-tui-record/1``): reading, writing and replaying.

The format is defined in ``records.md``.  A record fixes a deal and lists the
moves of one round; :func:`replay` applies them and reports the outcome in
the shape ``dummy-tui replay --json`` prints.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from dummy_tui.engine.cards import CardError, card_text, parse_card
from dummy_tui.engine.deal import Deal
from dummy_tui.engine.errors import MoveError, RecordError
from dummy_tui.engine.families import round_from_deal, round_type
from dummy_tui.engine.round import Round
from dummy_tui.problems import json_problem, validation_problem
from dummy_tui.rules.loader import RulesetError, apply_overrides, load_rulesets
from dummy_tui.rules.schema import Ruleset

FORMAT = "dummy-tui-record/1"


class RecordDeal(BaseModel):
    model_config = ConfigDict(extra="forbid")

    hands: list[list[str]]
    upcard: str
    stock: list[str] = Field(default_factory=list)


class RecordModel(BaseModel):
    """The JSON shape of a record."""

    model_config = ConfigDict(extra="forbid")

    format: str
    ruleset: str
    options: dict[str, Any] = Field(default_factory=dict)
    players: list[str]
    starter: int = 0
    direction: int = 1
    deal: RecordDeal
    moves: list[str]


@dataclass(slots=True)
class LoadedRecord:
    model: RecordModel
    rules: Ruleset
    game: Round[Any]  # the round before any move

    @property
    def names(self) -> list[str]:
        return list(self.model.players)


@dataclass(slots=True)
class ReplayResult:
    game: Round[Any]
    names: list[str]
    moves_applied: int
    error: dict[str, Any] | None = None
    pending_pick: str | None = None
    messages: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.error is None


# ----------------------------------------------------------------------
# loading


def parse_record(
    data: Any,
    source: str = "record",
    rules_path: Path | None = None,
) -> LoadedRecord:
    """Validate a record's JSON value and build its round.

    Raises :class:`RecordError` with one line naming ``source``, the key and
    the problem.
    """

    if not isinstance(data, Mapping):
        raise RecordError(f"{source}: a record is a JSON object")
    try:
        model = RecordModel.model_validate(data)
    except ValidationError as exc:
        raise RecordError(f"{source}: {validation_problem(exc)}") from None
    if model.format != FORMAT:
        raise RecordError(f"{source}: format: expected {FORMAT!r}, got {model.format!r}")
    try:
        presets = load_rulesets(rules_path)  # read once: the preset, then its options
        if model.ruleset not in presets:
            where = rules_path.name if rules_path else "rulesets.toml"
            raise RecordError(
                f"{source}: ruleset: no preset named {model.ruleset!r} in {where} "
                f"(presets: {', '.join(presets)})"
            )
        rules = presets[model.ruleset]
        if model.options:
            rules = apply_overrides(rules, model.options, source=source)
    except RulesetError as exc:
        raise RecordError(str(exc)) from None
    players = len(model.players)
    if players not in rules.hand_size:
        allowed = ", ".join(str(n) for n in rules.player_counts)
        raise RecordError(
            f"{source}: players: {model.ruleset} is played by {allowed} players, not {players}"
        )
    if not 0 <= model.starter < players:
        raise RecordError(f"{source}: starter: seat {model.starter} is not at this table")
    if model.direction not in (1, -1):
        raise RecordError(f"{source}: direction: must be 1 or -1, not {model.direction}")
    deal = _build_deal(model.deal, rules, players, source)
    game = round_from_deal(rules, deal, model.starter, model.direction)
    return LoadedRecord(model, rules, game)


def _build_deal(raw: RecordDeal, rules: Ruleset, players: int, source: str) -> Deal:
    seen: dict[int, str] = {}
    deck_size = rules.deck_size()

    def card(text: str, where: str) -> int:
        try:
            c = parse_card(text)
        except CardError as exc:
            raise RecordError(f"{source}: {where}: {exc}") from None
        if c >= 52:
            # ``JK``: the four jokers are interchangeable; take the next free one
            while c in seen and c < deck_size:
                c += 1
            if c >= deck_size:
                if deck_size > 52:
                    raise RecordError(f"{source}: {where}: more than four jokers are named")
                raise RecordError(f"{source}: {where}: {text!r} is not in this ruleset's deck")
        if c in seen:
            raise RecordError(
                f"{source}: {where}: {card_text(c)} is named twice (also in {seen[c]})"
            )
        seen[c] = where
        return c

    if len(raw.hands) != players:
        raise RecordError(f"{source}: deal.hands: {len(raw.hands)} hands for {players} players")
    size = rules.hand_size[players]
    hands = []
    for i, hand in enumerate(raw.hands):
        if len(hand) != size:
            raise RecordError(
                f"{source}: deal.hands[{i}]: {len(hand)} cards, but this ruleset deals {size}"
            )
        hands.append([card(t, f"deal.hands[{i}]") for t in hand])
    upcard = card(raw.upcard, "deal.upcard")
    stock = [card(t, f"deal.stock[{i}]") for i, t in enumerate(raw.stock)]
    stock += [c for c in range(deck_size) if c not in seen]
    burn = round_type(rules).burn(rules, players)
    burned = stock[len(stock) - burn :] if burn else []
    if burn:
        stock = stock[: len(stock) - burn]
    return Deal(hands, upcard, stock, burned)


def load_record(path: Path, rules_path: Path | None = None) -> LoadedRecord:
    try:
        text = path.read_text(encoding="utf-8-sig")  # a byte-order mark is no fault
    except OSError as exc:
        raise RecordError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a text file (UTF-8 expected)") from None
    data, problem = json_problem(text)
    if problem is not None:
        raise RecordError(f"{path}: {problem}")
    return parse_record(data, source=str(path), rules_path=rules_path)


# ----------------------------------------------------------------------
# move text


def apply_moves(
    game: Round[Any], moves: list[str]
) -> tuple[int, dict[str, Any] | None, str | None]:
    """Apply record moves; returns (moves applied, error or None, pending pick).

    A family whose pick-up is two moves (Dummy, Persian rummy: ``pick <card>``
    and the meld or layoff that plays it) reads the pair as one action; a
    record that stops after the ``pick`` leaves it pending.
    """
    i = 0
    while i < len(moves):
        text = moves[i]
        try:
            card = game.pick_card(text)
            if card is None:
                game.apply(game.parse_move(text))
                i += 1
                continue
        except MoveError as exc:
            return i, _error(i, text, exc), None
        if i + 1 >= len(moves):
            return i + 1, None, text
        try:
            game.apply(game.pick_action(card, moves[i + 1]))
        except MoveError as exc:
            return i + 1, _error(i + 1, moves[i + 1], exc), None
        i += 2
    return i, None, None


def _error(index: int, move: str, exc: Exception) -> dict[str, Any]:
    return {"index": index, "move": move, "message": str(exc)}


def replay(loaded: LoadedRecord) -> ReplayResult:
    game = loaded.game
    applied, error, pending = apply_moves(game, list(loaded.model.moves))
    return ReplayResult(game, loaded.names, applied, error, pending)


def result_json(result: ReplayResult) -> dict[str, Any]:
    """The object ``dummy-tui replay --json`` prints."""
    if result.error is not None:
        return {"ok": False, "moves_applied": result.moves_applied, "error": result.error}
    game = result.game
    over = game.is_over
    out: dict[str, Any] = {
        "ok": True,
        "moves_applied": result.moves_applied,
        "round_over": over,
        "end": game.end,
        "knocker": game.went_out,
        "dark_knock": over and any(tally.dark_knock for tally in game.tallies()),
        "scores": None,
        "breakdown": None,
        "next": None,
        "to_move": game.to_move,
    }
    if over:
        rows = game.scores()
        out["scores"] = [b.total for b in rows]
        out["breakdown"] = [b.as_json() for b in rows]
        starter, direction = game.next_round()
        out["next"] = {"starter": starter, "direction": direction}
    return out


# ----------------------------------------------------------------------
# writing


def option_overrides(rules: Ruleset, base: Ruleset) -> dict[str, Any]:
    """The options of ``rules`` that differ from the preset ``base``, as JSON."""
    out: dict[str, Any] = {}
    mine = rules.model_dump(mode="json")
    theirs = base.model_dump(mode="json")
    for key, value in mine.items():
        if key in ("description", "family"):
            continue
        if value != theirs.get(key):
            out[key] = value
    return out


def record_of(
    game: Round[Any],
    names: list[str],
    ruleset: str,
    base: Ruleset | None = None,
) -> dict[str, Any]:
    """A record (as a JSON-ready dict) of the round so far."""
    deal = game.deal
    data: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": ruleset,
        "options": option_overrides(game.rules, base) if base is not None else {},
        "players": list(names),
        "starter": game.starter,
        "direction": game.start_direction,
        "deal": {
            "hands": [[card_text(c) for c in sorted(h)] for h in deal.hands],
            "upcard": card_text(deal.upcard),
            "stock": [card_text(c) for c in [*deal.stock, *deal.burned]],
        },
        "moves": game.moves(),
    }
    return data


def dumps_record(data: Mapping[str, Any]) -> str:
    """Records as people like to read them: one move per line."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
