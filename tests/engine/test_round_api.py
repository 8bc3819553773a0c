"""The one round API: the family registry, typed refusals, why a kind of move is
unavailable, and the engine's layers importing only downward."""

from __future__ import annotations

import ast
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from engine_util import card, cards, make_round, play, rules

from dummy_tui.engine.actions import Discard, Draw, Knock, LayOff, Meld, Pass
from dummy_tui.engine.errors import (
    MESSAGES,
    IllegalMoveError,
    MoveError,
    MoveSyntaxError,
    template,
)
from dummy_tui.engine.families import FAMILIES, new_round, round_type
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.families.gin import GinRound
from dummy_tui.engine.kinds import KINDS
from dummy_tui.engine.round import Round
from dummy_tui.families import FAMILIES as REGISTERED
from dummy_tui.rules.loader import get_ruleset, load_rulesets

ENGINE = Path(__file__).resolve().parents[2] / "dummy_tui" / "engine"

# ---------------------------------------------------------------------------
# the registry


def test_every_preset_finds_its_family_through_the_registry() -> None:
    presets = load_rulesets()
    assert list(FAMILIES) == list(REGISTERED)
    for name, ruleset in presets.items():
        kind = round_type(ruleset)
        assert kind.family == ruleset.family, name
        game = new_round(ruleset, ruleset.default_players, 7)
        assert isinstance(game, Round) and type(game) is kind
        assert game.view(0).family == ruleset.family
    with pytest.raises(KeyError, match="no rummy family named 'canasta'"):
        FAMILIES["canasta"]


def test_a_dummy_game_does_not_load_the_other_families() -> None:
    script = (
        "import sys\n"
        "from dummy_tui.engine.families import new_round\n"
        "from dummy_tui.rules.loader import get_ruleset\n"
        "game = new_round(get_ruleset('dummy'), 4, 1)\n"
        "game.apply(game.legal_actions()[0])\n"
        "print(sorted(m for m in sys.modules if m.startswith('dummy_tui.engine.families.')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    loaded = {m.rsplit(".", 1)[1] for m in ast.literal_eval(out)}
    assert "dummy" in loaded and all(m.startswith("dummy") for m in loaded), loaded


def test_each_family_has_only_its_own_kinds_of_move() -> None:
    never = {"dummy": {"pass"}, "gin": {"meld", "layoff", "end", "show"}}
    never |= {"rummy": {"pass", "end", "show"}, "persian": {"knock", "end", "show"}}
    for family, missing in never.items():
        assert set(FAMILIES[family].kinds) == set(KINDS) - missing, family


# ---------------------------------------------------------------------------
# typed refusals


def test_a_refusal_names_its_rule_and_the_card_and_crosses_processes() -> None:
    game = make_round(["5H 6H 2D 8H 10H", "9C 9D 3S 4S 6C"], "7H", "JD 9H")
    play(game, "draw")
    with pytest.raises(IllegalMoveError) as info:
        game.apply(Discard(card("AS")))
    error = info.value
    assert (error.rule, error.detail, error.params) == ("not_in_hand", "", {"card": card("AS")})
    assert str(error) == "not in hand: you do not hold AS"
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is IllegalMoveError and again.params == error.params
    assert str(again) == str(error)


def test_text_that_is_no_move_is_a_syntax_error_not_an_illegal_move() -> None:
    game = make_round(["5H 6H 2D 8H 10H", "9C 9D 3S 4S 6C"], "7H", "JD 9H")
    with pytest.raises(MoveSyntaxError) as info:
        game.parse_move("discard 1H")
    assert not isinstance(info.value, IllegalMoveError)
    assert info.value.rule == "syntax" and info.value.params == {"word": "1H"}
    assert str(info.value).startswith("not a move: '1H' is not a card")


def engine_raises() -> set[tuple[str, str]]:
    """(rule, detail) of every refusal the engine's code builds with constant words."""
    found: set[tuple[str, str]] = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            args = node.args
            if node.func.id == "IllegalMoveError" and args and isinstance(args[0], ast.Constant):
                detail = args[1] if len(args) > 1 else ast.Constant("")
                if isinstance(detail, ast.Constant):
                    found.add((str(args[0].value), str(detail.value)))
            elif node.func.id == "MoveSyntaxError" and args and isinstance(args[0], ast.Constant):
                found.add(("syntax", str(args[0].value)))
    return found


def test_every_refusal_the_engine_builds_has_its_sentence() -> None:
    raised = engine_raises()
    assert len(raised) > 60
    missing = [
        (rule, detail)
        for rule, detail in raised
        if (f"{rule}.{detail}" if detail else rule) not in MESSAGES
    ]
    assert missing == []


def test_every_sentence_fills_in_all_its_words() -> None:
    # every template given the parameters it names reads without braces left
    params: dict[str, Any] = {
        "card": card("7H"), "top": card("QS"), "cards": tuple(cards("5H 6H 7H")), "n": 2,
        "limit": 10, "deadwood": 12, "text": "x", "word": "1H", "shape": "s", "known": "k",
    }  # fmt: skip
    for key in MESSAGES:
        rule, _, detail = key.partition(".")
        text = str(IllegalMoveError(rule, detail, **params))
        assert "{" not in text and "}" not in text, key
        assert text.split(":")[0], key
    assert template("layoff_limit", "", {"n": 1}).count("card ") == 1


# ---------------------------------------------------------------------------
# why a kind of move cannot be made


def test_dummy_refusals_say_which_rule_stands_in_the_way() -> None:
    game = make_round(["5H 6H 2D 8H 10H", "9C 9D 3S 4S 6C"], "7H", "JD 9H")
    assert game.refusal("draw") is None and game.refusal("pick") is None
    assert _rule(game.refusal("meld")) == "take_first"
    assert _rule(game.refusal("pass")) == "never"
    assert _rule(game.refusal("end")) == "end"  # the stock is not empty
    assert _rule(game.refusal("pick", (card("9C"),))) == "not_in_row"
    play(game, "draw")
    assert _rule(game.refusal("draw")) == "already_taken"
    unborn = game.refusal("meld")
    assert unborn is not None and (unborn.rule, unborn.detail) == ("not_born", "play")
    assert game.refusal("discard", (card("2D"),)) is None
    assert _rule(game.refusal("discard", (card("AS"),))) == "not_in_hand"
    assert _rule(game.refusal("knock")) == "knock_cards"


def test_a_born_player_is_told_why_a_meld_or_layoff_is_refused() -> None:
    game = make_round(["5H 6H 2D 8H 10H 3C", "9C 9D 3S 4S 6C QD"], "7H", "JD 9H KC")
    play(game, "pick 7H", "meld 5H 6H 7H")
    assert game.refusal("layoff", (card("8H"),)) is None
    assert _rule(game.refusal("layoff", (card("2D"),))) == "no_fit"
    none = game.refusal("meld", (card("2D"),))
    assert none is not None and none.rule == "no_meld_with"
    assert none.params == {"cards": (card("2D"),)}
    limited = DummyRound(rules(layoff_limit=1), game.deal)
    play(limited, "pick 7H", "meld 5H 6H 7H", "layoff 8H 5H")
    assert _rule(limited.refusal("layoff", (card("10H"),))) == "layoff_limit"


def test_gin_says_how_much_deadwood_keeps_a_knock_away() -> None:
    game = new_round(get_ruleset("gin"), 2, 11)
    assert isinstance(game, GinRound)
    assert _rule(game.refusal("meld")) == "never"
    assert _rule(game.refusal("draw")) == "upcard_offer"
    game.apply(Pass())
    game.apply(Pass())
    game.apply(Draw())
    knock = game.refusal("knock")
    if any(isinstance(a, Knock) for a in game.legal_actions()):
        assert knock is None
    else:
        assert knock is not None and knock.rule == "knock_limit"
        deadwood = knock.params["deadwood"]
        assert knock.params["limit"] == 10 and isinstance(deadwood, int) and deadwood > 10


def test_basic_rummy_and_persian_refuse_what_they_lack() -> None:
    rummy = new_round(get_ruleset("rummy"), 3, 2)
    persian = new_round(get_ruleset("persian"), 4, 2)
    for game, kind in ((rummy, "pass"), (rummy, "end"), (persian, "knock"), (persian, "end")):
        refusal = game.refusal(kind)
        assert refusal is not None and refusal.key == f"never_{game.family}_{kind}"
    assert _rule(persian.refusal("pass")) == "pass"  # the stock is not empty


def test_a_refusal_agrees_with_the_legal_actions() -> None:
    """A kind is refused exactly when no legal action of that kind moves the cards."""
    for name, ruleset in load_rulesets().items():  # every preset
        for seed in range(6):
            game = new_round(ruleset, ruleset.default_players, seed)
            for _ in range(60):
                if game.is_over:
                    break
                legal = game.legal_actions()
                for kind in KINDS:
                    has = any(game.kind_of(a) == kind for a in legal)
                    assert (game.refusal(kind) is None) == has, (name, seed, kind)
                    if kind in ("meld", "layoff", "discard"):
                        for c in game.hand(game.seat)[:3]:
                            moves = [a for a in legal if _moves(a, c, kind, game)]
                            assert (game.refusal(kind, (c,)) is None) == bool(moves)
                game.apply(legal[len(legal) // 2])


def _moves(action: object, c: int, kind: str, game: Round[Any]) -> bool:
    if game.kind_of(action) != kind:  # type: ignore[arg-type]
        return False
    if isinstance(action, Meld):
        return c in action.cards
    return isinstance(action, LayOff | Discard) and action.card == c


def _rule(error: MoveError | None) -> str | None:
    return None if error is None else error.rule


# ---------------------------------------------------------------------------
# the layers

LAYERS = {
    "cards": 0, "work": 0, "errors": 1, "actions": 1, "deal": 1, "scores": 1, "melds": 2,
    "relations": 2, "kinds": 2, "notation": 3, "deadwood": 3, "goout": 3, "view": 3, "round": 4,
    "families": 5, "match": 6, "record": 6,
}  # fmt: skip


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def _layer(module: str) -> int | None:
    parts = module.split(".")
    if parts[:2] != ["dummy_tui", "engine"] or len(parts) < 3:
        return None
    return LAYERS[parts[2]]


def test_each_layer_of_the_engine_imports_only_below_itself() -> None:
    for path in ENGINE.rglob("*.py"):
        if path.name == "__init__.py" and path.parent == ENGINE:
            continue  # the package's front door names everything
        rel = path.relative_to(ENGINE)
        own = LAYERS[rel.parts[0].removesuffix(".py")]
        for module in _imports(path):
            layer = _layer(module)
            if layer is None:
                assert not module.startswith(("textual", "rich", "dummy_tui.ui")), path
                continue
            same_family = rel.parts[0] == "families" and module.startswith(
                "dummy_tui.engine.families"
            )
            assert layer < own or same_family, f"{rel} imports {module}"


def test_the_schema_imports_nothing_of_the_engine() -> None:
    schema = Path(__file__).resolve().parents[2] / "dummy_tui" / "rules" / "schema.py"
    # the family registry alone, which names modules and imports none
    assert [m for m in _imports(schema) if m.startswith("dummy_tui")] == ["dummy_tui.families"]
    assert not [m for m in _imports(schema.parents[1] / "families.py") if m.startswith("dummy_tui")]
    out = subprocess.run(
        [sys.executable, "-c", "import sys, dummy_tui.rules.loader; "
         "print([m for m in sys.modules if m.startswith('dummy_tui.engine')])"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert out.strip() == "[]"
