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

from dummy_tui.engine.actions import DRAW, END, Action, Discard, LayOff, Meld, Pick, PickLayoff
from dummy_tui.engine.cards import CardError, card_text, mask_of, parse_card
from dummy_tui.engine.errors import IllegalMoveError, MoveSyntaxError, RecordError
from dummy_tui.engine.families import PersianRound, Round, round_from_deal
from dummy_tui.engine.melds import melds_with
from dummy_tui.engine.state import TAKE, Deal, DummyRound
from dummy_tui.problems import json_problem, validation_problem
from dummy_tui.rules.schema import DummyRules, Ruleset

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
    game: Round  # the round before any move

    @property
    def names(self) -> list[str]:
        return list(self.model.players)


@dataclass(slots=True)
class ReplayResult:
    game: Round
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
    from dummy_tui.rules.loader import RulesetError, apply_overrides, load_rulesets

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
    burn = rules.burn_two_player if players == 2 and isinstance(rules, DummyRules) else 0
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


def _cards(words: list[str]) -> list[int]:
    out = []
    for w in words:
        try:
            out.append(parse_card(w))
        except CardError as exc:
            raise MoveSyntaxError(f"not a move: {exc}") from None
    return out


def parse_move(game: Round, text: str) -> Action:
    """One move of ``records.md`` as an action of ``game`` (not yet checked).

    In Dummy and Persian rummy ``pick`` alone is not an action in the
    engine: it is joined with the ``meld``/``layoff`` that follows by
    :func:`apply_moves`.  The other families parse their own moves.
    """
    if not isinstance(game, DummyRound):
        return game.parse_move(text)
    words = text.split()
    if not words:
        raise MoveSyntaxError("not a move: the move is empty")
    verb = words[0].lower()
    args = words[1:]
    if verb == "draw" and not args:
        return DRAW
    if verb == "end" and not args:
        return END
    if verb in ("discard", "knock") and len(args) == 1:
        (card,) = _cards(args)
        if verb == "knock" and game.phase == TAKE:
            raise IllegalMoveError(
                "take_first", "take first: draw from the stock or pick up from the discard row"
            )
        if verb == "knock" and not game.is_over and game.hands[game.seat].bit_count() != 1:
            raise IllegalMoveError(
                "knock",
                f"knock: discarding {card_text(card)} would not end the round "
                "(other cards would stay in your hand)",
            )
        return Discard(card)
    if verb == "meld" and len(args) >= 1:
        named = _cards(args)
        twice = next((c for c in named if named.count(c) > 1), None)
        if twice is not None:
            raise MoveSyntaxError(f"not a move: {card_text(twice)} is named twice")
        return Meld(tuple(sorted(named)))
    if verb == "layoff" and len(args) == 2:
        card, target = _cards(args)
        index = game.find_meld(target)
        if index is None:
            raise IllegalMoveError(
                "no_meld", f"no such meld: no meld on the table holds {card_text(target)}"
            )
        return LayOff(card, index)
    if verb in ("pass",):
        raise IllegalMoveError("pass", "pass: there is nothing to pass in Dummy")
    shapes = {
        "draw": "draw takes no card",
        "end": "end takes no card",
        "discard": "write discard and one card, e.g. 'discard 7H'",
        "knock": "write knock and one card, e.g. 'knock 7H'",
        "meld": "write meld and its cards, e.g. 'meld 5H 6H 7H'",
        "layoff": "write layoff, the card and a card of the meld, e.g. 'layoff 8H 7H'",
    }
    if verb in shapes:
        raise MoveSyntaxError(f"not a move: {text.strip()!r}: {shapes[verb]}")
    known = "draw, pick, meld, layoff, discard, knock, end"
    raise MoveSyntaxError(f"not a move: {text.strip()!r} (moves are {known})")


def pick_action(game: DummyRound, pick_card: int, follow: str) -> Action:
    """The pick-up made of ``pick <card>`` and the move that follows it."""
    action = parse_move(game, follow)
    if isinstance(action, Meld):
        return Pick(pick_card, action.cards)
    if isinstance(action, LayOff):
        if action.card != pick_card:
            raise IllegalMoveError(
                "pickup_meld",
                "pickup must meld: the card laid off must be the picked card "
                f"{card_text(pick_card)}",
            )
        return PickLayoff(pick_card, action.target)
    raise IllegalMoveError(
        "pickup_meld",
        f"pickup must meld: after picking {card_text(pick_card)} the next move must meld it",
    )


def check_pick_start(game: DummyRound, card: int) -> None:
    """Refuse ``pick <card>`` at once when no meld could follow it."""
    if game.phase != TAKE:
        raise IllegalMoveError(
            "already_taken", "already taken: you have drawn or picked up this turn"
        )
    if card not in game.row:
        raise IllegalMoveError(
            "not_in_row", f"not in the row: {card_text(card)} is not in the discard row"
        )
    if game.first_turn and game.rules.first_turn_must_draw:
        raise IllegalMoveError(
            "first_turn_must_draw",
            "first turn must draw: the first turn of the round must draw from the stock",
        )
    options = [
        a for a in game.pick_options() if isinstance(a, Pick | PickLayoff) and a.card == card
    ]
    if not options:
        hand = game.hands[game.seat]
        pool = hand | mask_of(game.row[game.row.index(card) :])
        if any(m & hand for m in melds_with(card, pool)):
            # a meld exists, but each would take the last card (§4)
            raise IllegalMoveError(
                "last_card",
                f"one card must remain: every meld with {card_text(card)} would leave you "
                "nothing to discard",
            )
        hint = ""
        low_run = {12, 0, 1}  # A 2 3
        suit = card // 13
        if card % 13 in low_run and all(pool >> (suit * 13 + r) & 1 for r in low_run):
            hint = " (the ace is high only: A 2 3 is not a run)"
        raise IllegalMoveError(
            "pickup_meld",
            f"pickup must meld: {card_text(card)} makes no new meld with a card from your "
            f"hand{hint}",
        )


def apply_moves(game: Round, moves: list[str]) -> tuple[int, dict[str, Any] | None, str | None]:
    """Apply record moves; returns (moves applied, error or None, pending pick)."""
    i = 0
    while i < len(moves):
        text = moves[i]
        try:
            words = text.split()
            paired = isinstance(game, DummyRound | PersianRound)
            if paired and words and words[0].lower() == "pick":
                if len(words) != 2:
                    raise MoveSyntaxError("not a move: write pick and one card, e.g. 'pick 7H'")
                if isinstance(game, PersianRound):
                    card = game.pick_card(words[1])
                    game.check_pick_start(card)
                elif isinstance(game, DummyRound):
                    (card,) = _cards(words[1:])
                    check_pick_start(game, card)
                if i + 1 >= len(moves):
                    return i + 1, None, text
                try:
                    if isinstance(game, PersianRound):
                        action = game.pick_action(card, moves[i + 1])
                    elif isinstance(game, DummyRound):
                        action = pick_action(game, card, moves[i + 1])
                    game.apply(action)
                except IllegalMoveError as exc:
                    return i + 1, _error(i + 1, moves[i + 1], exc), None
                i += 2
                continue
            action = parse_move(game, text)
            game.apply(action)
        except IllegalMoveError as exc:
            return i, _error(i, text, exc), None
        i += 1
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
        "knocker": game.knocker,
        "dark_knock": bool(game.dark_knock) if over else False,
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
    game: Round,
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
