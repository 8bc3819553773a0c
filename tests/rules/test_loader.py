"""rulesets.toml loading: the presets, overrides, and the message for every mistake."""

from __future__ import annotations

import importlib.metadata
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from dummy_tui.families import FAMILIES
from dummy_tui.rules import RULESET_TYPES, DummyRules, RulesetError
from dummy_tui.rules.loader import (
    apply_overrides,
    get_ruleset,
    load_rulesets,
    option_docs,
    parse_option_assignment,
)

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
TOP_LEVEL = ROOT / "rulesets.toml"
NOT_OPTIONS = {"family", "description"}
ALL_FAMILIES = ", ".join(FAMILIES)
"""The families a refusal lists, in the registry's order."""
OPTION_KEYS = set(DummyRules.model_fields) - NOT_OPTIONS


# ---------------------------------------------------------------------------
# The shipped presets


def test_the_shipped_presets() -> None:
    assert list(load_rulesets()) == [
        "dummy",
        "dummy-house",
        "dummy-money",
        "dummy-pip",
        "dummy-open-first",
        "dummy-face-knock",
        "rummy",
        "gin",
        "gin-openspiel",
        "persian",
    ]


def test_dummy_is_every_option_at_its_default() -> None:
    dummy = load_rulesets()["dummy"]
    assert dummy.family == "dummy"
    assert dummy.model_dump(exclude={"description"}) == DummyRules().model_dump(
        exclude={"description"}
    )
    # The defaults of the rules (§1-§12), spelled out.
    assert dummy.hand_size == {2: 11, 3: 9, 4: 7}
    assert dummy.rank_points == {
        "2": 5, "3": 5, "4": 5, "5": 5, "6": 5, "7": 5, "8": 5, "9": 5,
        "10": 10, "J": 10, "Q": 10, "K": 10, "A": 15,
    }  # fmt: skip
    assert dummy.speto_cards == ("2C", "QS")
    assert (dummy.speto_points, dummy.knock_points, dummy.speto_knock_points) == (50, 50, 50)
    assert (dummy.dark_knock_multiplier, dummy.one_suit_knock_multiplier) == (2, 1)
    assert (dummy.unborn_hand_multiplier, dummy.fool_penalty) == (2, 50)
    assert dummy.fool_reverses_direction is True
    assert (dummy.head_card_points, dummy.head_card_speto_points) == (0, 100)
    assert dummy.layoff_chain == "any"
    assert (dummy.layoff_limit, dummy.burn_two_player, dummy.layoff_knock_bonus) == (0, 0, 0)
    assert dummy.pickup_to_layoff is False
    assert dummy.first_turn_must_draw is False
    assert dummy.target_score == 500


def test_dummy_house_differs_from_the_defaults_exactly_as_in_section_13() -> None:
    rulesets = load_rulesets()
    house = rulesets["dummy-house"].model_dump(exclude={"description"})
    plain = rulesets["dummy"].model_dump(exclude={"description"})
    differences = {key: value for key, value in house.items() if plain[key] != value}
    assert differences == {
        "burn_two_player": 5,
        "speto_knock_points": 100,
        "head_card_points": 50,
        "one_suit_knock_multiplier": 2,
        "layoff_knock_bonus": 50,
        "penalty_discard_layoff": 50,
        "penalty_discard_row_meld": 50,
        "penalty_feed_head": 50,
        "penalty_feed_speto": 50,
    }


def test_every_preset_writes_out_every_option_with_a_comment() -> None:
    text = TOP_LEVEL.read_text(encoding="utf-8")
    presets = tomllib.loads(text)["presets"]
    for name, table in presets.items():
        keys = set(RULESET_TYPES[table["family"]].model_fields)
        assert set(table) == keys, name
        assert table["description"], name
    every_key = {key for model in RULESET_TYPES.values() for key in model.model_fields}
    lines = text.splitlines()
    for i, line in enumerate(lines):
        key = line.split("=", 1)[0].strip()
        if key in every_key - NOT_OPTIONS:
            assert lines[i - 1].startswith("#"), f"line {i + 1}: {key} has no comment above it"


PENALTIES_50 = {
    "penalty_discard_layoff": 50,
    "penalty_discard_row_meld": 50,
    "penalty_feed_head": 50,
    "penalty_feed_speto": 50,
}
OTHER_TABLES = {  # dummy-rules.md §14.7, option by option
    "dummy-money": {
        "scoring": "money", "one_suit_knock_multiplier": 2, "pickup_to_layoff": True,
        **PENALTIES_50, "row_meld_rule": "top", "feed_rule": "fresh",
        "fool_rule": "took_discard", "fool_dark_first_turn_multiplier": 4,
        "stock_out_pickup": "any", "next_starter": "rotate", "head_card_points": 50,
    },
    "dummy-pip": {
        "rank_points": {
            "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
            "10": 10, "J": 10, "Q": 10, "K": 10, "A": 1,
        },
        "ace_low_runs": True, "ace_high_run_points": 10, "knock_bonus": 50,
        "knock_multiplier_scope": "bonus", "one_suit_knock_multiplier": 2,
        "unborn_play": "free", "unborn_hand_multiplier": 1, "fool_penalty": 0,
        "fool_reverses_direction": False, "first_turn_must_draw": True,
        "penalty_discard_layoff": 50, "penalty_discard_picked": 50, "pickup_to_layoff": True,
    },
    "dummy-open-first": {
        "unborn_play": "never", "knock_multiplier_scope": "cards", "stock_out_fall": True,
        "next_starter": "rotate", "head_card_points": 50, "head_card_speto_points": 50,
        "fool_penalty": 0, "fool_reverses_direction": False, "penalty_discard_layoff": 50,
        "penalty_feed_head": 50,
    },
    "dummy-face-knock": {
        "knock_card_points": "card", "knock_bonus": 50, "layoff_knock_bonus": 50,
        "unborn_play": "never", "stock_out_fall": True, "one_suit_knock_multiplier": 2,
        "one_suit_knock_rule": "own_runs", "discard_penalties_stack": False, **PENALTIES_50,
        "penalty_speto_laid_off": 50, "show_speto_points": 50, "fool_reverses_direction": False,
    },
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(OTHER_TABLES))
def test_the_presets_of_other_tables_set_what_their_tables_play(name: str) -> None:
    # knock_points and speto_knock_points at 50 are the defaults (§14.7 names them for dummy-pip)
    preset = load_rulesets()[name]
    default = DummyRules()
    changed = {
        key: value
        for key, value in preset.model_dump().items()
        if key != "description" and value != getattr(default, key)
    }
    assert changed == OTHER_TABLES[name]


def test_the_packaged_file_is_the_top_level_file() -> None:
    packaged = resources.files("dummy_tui").joinpath("rulesets.toml").read_bytes()
    assert packaged == TOP_LEVEL.read_bytes()


def test_the_package_file_is_a_link_to_the_top_level_file() -> None:
    link = ROOT / "dummy_tui" / "rulesets.toml"
    assert link.is_symlink()
    assert link.readlink() == Path("..", "rulesets.toml")


def test_an_installed_copy_holds_the_content_itself() -> None:
    """A regular (not editable) install must carry the file, not a dangling link."""
    try:
        files = importlib.metadata.distribution("dummy-tui").files or []
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("dummy-tui is not installed")
    shipped = [f for f in files if f.as_posix() == "dummy_tui/rulesets.toml"]
    if not shipped:
        pytest.skip("dummy-tui is installed in editable mode: there is no copy to check")
    installed = Path(str(shipped[0].locate()))
    assert not installed.is_symlink()
    assert installed.read_bytes() == TOP_LEVEL.read_bytes()


# ---------------------------------------------------------------------------
# One bad file per mistake, with the line a user sees


def _error(name: str) -> str:
    path = DATA / name
    with pytest.raises(RulesetError) as caught:
        load_rulesets(path)
    message = str(caught.value)
    assert "\n" not in message
    prefix = f"{path}: "
    assert message.startswith(prefix)
    return message[len(prefix) :]


MISTAKES = {
    "not_toml.toml": "line 4, column 16: not valid TOML: invalid value",
    "not_utf8.toml": "not UTF-8 text (byte 51)",
    "no_presets.toml": "no presets (write them as tables named [presets.NAME])",
    "unknown_top_level.toml": "unknown top-level key 'dummy' (presets go in [presets.NAME] tables)",
    "preset_not_table.toml": (
        "preset 'dummy': must be a table of options (got \"dummy\"); write it as [presets.dummy]"
    ),
    "missing_family.toml": f"preset 'house': missing 'family' (families: {ALL_FAMILIES})",
    "unknown_family.toml": (
        f"preset 'canasta': unknown family 'canasta' (families: {ALL_FAMILIES})"
    ),
    "unknown_option.toml": (
        "preset 'house': option 'penalty_feed_haed': unknown option (did you mean "
        "'penalty_feed_head'?)"
    ),
    "wrong_type.toml": "preset 'house': option 'knock_points': must be a whole number (got \"50\")",
    "wrong_type_bool.toml": (
        "preset 'house': option 'pickup_to_layoff': must be true or false (got 1)"
    ),
    "wrong_type_in_table.toml": (
        "preset 'house': option 'rank_points', entry \"A\": must be a whole number (got "
        '"fifteen")'
    ),
    "date_value.toml": (
        "preset 'house': option 'target_score': a date or time is not an option value (got "
        "2024-01-01)"
    ),
    "out_of_range.toml": (
        "preset 'dummy-house': option 'penalty_feed_head': must be from 0 to 10000 (got -5)"
    ),
    "out_of_range_multiplier.toml": (
        "preset 'house': option 'dark_knock_multiplier': must be from 1 to 100 (got 0)"
    ),
    "bad_choice.toml": (
        "preset 'house': option 'layoff_chain': must be 'any' or 'owner_or_self' (got \"everyone\")"
    ),
    "bad_speto_card.toml": (
        "preset 'house': option 'speto_cards': '1S' is not a card (write a rank 2-10/J/Q/K/A "
        "and a suit C/D/H/S)"
    ),
    "bad_player_count.toml": (
        "preset 'house': option 'hand_size': player counts run from 2 to 4, not 5"
    ),
    "undealable_hand_size.toml": (
        "preset 'big-hands': option 'hand_size': 13 cards each for 4 players cannot be dealt: 4"
        " hands of 13 and the upcard need 53 cards and the deck has 52"
    ),
    "nested_too_deeply.toml": "not readable TOML (lists or tables nested too deeply)",
    "nested_value.toml": (
        "preset 'deep': option 'description': nested too deeply (lists or tables more than 32 "
        "levels deep)"
    ),
    "long_integer.toml": "not readable TOML (an integer of more than 4300 digits)",
    "no_such_file.toml": "cannot read it: No such file or directory",
}
"""Each bad (or missing) file of ``tests/data`` and the one line it is told in."""


@pytest.mark.parametrize(("name", "message"), MISTAKES.items(), ids=list(MISTAKES))
def test_a_bad_file_is_told_in_one_line(name: str, message: str) -> None:
    assert _error(name) == message


def test_undealable_with_burnt_cards() -> None:
    message = _error("undealable_with_burn.toml")
    assert message.startswith("preset 'two': option 'hand_size': ")
    assert "cannot be dealt" in message
    assert "burned cards" in message


def test_every_bad_file_is_tested() -> None:
    tested = {
        "not_toml.toml", "not_utf8.toml", "no_presets.toml", "unknown_top_level.toml",
        "preset_not_table.toml", "missing_family.toml", "unknown_family.toml",
        "unknown_option.toml", "wrong_type.toml", "wrong_type_bool.toml",
        "wrong_type_in_table.toml", "date_value.toml", "out_of_range.toml",
        "out_of_range_multiplier.toml", "bad_choice.toml", "bad_speto_card.toml",
        "bad_player_count.toml", "undealable_hand_size.toml", "undealable_with_burn.toml",
        "nested_too_deeply.toml", "nested_value.toml", "long_integer.toml",
    }  # fmt: skip
    assert {path.name for path in DATA.glob("*.toml")} == tested


# ---------------------------------------------------------------------------
# Asking for a preset, with overrides


def test_unknown_preset_lists_the_known_ones() -> None:
    with pytest.raises(RulesetError) as caught:
        get_ruleset("dumy")
    presets = ", ".join(load_rulesets())
    assert str(caught.value) == f"rulesets.toml: no preset named 'dumy' (presets: {presets})"


def test_unknown_preset_in_a_file_of_ones_own(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('[presets.quick]\nfamily = "dummy"\ntarget_score = 200\n', encoding="utf-8")
    assert get_ruleset("quick", path).target_score == 200
    with pytest.raises(RulesetError) as caught:
        get_ruleset("dummy", path)
    assert str(caught.value) == f"{path}: no preset named 'dummy' (presets: quick)"


def test_overrides_change_only_what_they_name() -> None:
    rules = get_ruleset(
        "dummy-house", overrides={"penalty_feed_head": 0, "layoff_chain": "owner_or_self"}
    )
    assert isinstance(rules, DummyRules)
    assert rules.penalty_feed_head == 0
    assert rules.layoff_chain == "owner_or_self"
    assert rules.penalty_feed_speto == 50
    assert rules.head_card_points == 50


def test_a_table_override_merges_into_the_preset_table() -> None:
    rules = get_ruleset("dummy", overrides={"hand_size": {"2": 9}, "rank_points": {"A": 20}})
    assert isinstance(rules, DummyRules)
    assert rules.hand_size == {2: 9, 3: 9, 4: 7}
    assert rules.rank_points["A"] == 20
    assert rules.rank_points["K"] == 10


def test_overrides_as_a_record_holds_them() -> None:
    rules = get_ruleset("dummy", overrides={"speto_cards": ["2c", "QS"], "pickup_to_layoff": True})
    assert isinstance(rules, DummyRules)
    assert rules.speto_cards == ("2C", "QS")
    assert rules.pickup_to_layoff is True


def test_unknown_override_names_its_source() -> None:
    with pytest.raises(RulesetError) as caught:
        get_ruleset("dummy", overrides={"foo": 1}, source="record game.json")
    assert str(caught.value) == "record game.json: option 'foo': unknown option"


def _numeric_options() -> list[tuple[str, str]]:
    out = []
    for family, model in RULESET_TYPES.items():
        for key, field in model.model_fields.items():
            if field.annotation is int or key in ("hand_size", "rank_points"):
                out.append((family, key))
    return out


@pytest.mark.parametrize(("family", "key"), _numeric_options())
def test_every_number_has_a_bound_a_real_table_stays_within(family: str, key: str) -> None:
    rules = next(r for r in load_rulesets().values() if r.family == family)
    entry = {"hand_size": str(min(rules.player_counts)), "rank_points": "A"}.get(key)
    for absurd in (10**24, 2**63, 2**64 + 1):
        value: object = {entry: absurd} if entry else absurd
        with pytest.raises(RulesetError) as caught:
            apply_overrides(rules, {key: value}, source="--options")
        where = f"option {key!r}" + (f', entry "{entry}"' if entry else "")
        message = str(caught.value)
        assert message.startswith(f"--options: {where}: must be from "), message
        low, high = message.split("must be from ")[1].split(" (got")[0].split(" to ")
        assert message.endswith(f" (got {absurd})")
        # points at most 10,000, a target at most a million, counts far less
        assert int(low) in (0, 1) and int(high) <= (1_000_000 if key == "target_score" else 10_000)
        if entry is None:
            assert caught.value.option == key
            # an interface says the same bounds in its words (opterr.between)
            assert caught.value.problem == "between"
            assert caught.value.params == {"got": str(absurd), "low": low, "high": high}


def test_bad_override_value_names_its_source() -> None:
    with pytest.raises(RulesetError) as caught:
        get_ruleset("dummy", overrides={"penalty_feed_head": -5}, source="--options")
    assert (
        str(caught.value)
        == "--options: option 'penalty_feed_head': must be from 0 to 10000 (got -5)"
    )
    with pytest.raises(RulesetError) as caught:
        get_ruleset("dummy", overrides={"knock_points": "50"})
    assert str(caught.value) == "option 'knock_points': must be a whole number (got \"50\")"


@pytest.mark.parametrize(
    ("key", "value", "problem", "params"),
    [
        ("knock_points", "abc", "whole_number", {"got": '"abc"'}),
        ("knock_points", -5, "between", {"got": "-5", "low": "0", "high": "10000"}),
        ("burn_two_player", 40, "between", {"got": "40", "low": "0", "high": "20"}),
        ("pickup_to_layoff", "yes", "true_false", {"got": '"yes"'}),
        ("layoff_chain", "xyz", "one_of", {"got": '"xyz"', "choices": "'any' or 'owner_or_self'"}),
        ("nope", 1, "unknown", {"got": "1"}),
    ],
)
def test_a_bad_option_value_tells_an_interface_the_option_and_the_kind_of_fault(
    key: str, value: object, problem: str, params: dict[str, str]
) -> None:
    with pytest.raises(RulesetError) as caught:
        get_ruleset("dummy", overrides={key: value}, source="--options")
    assert (caught.value.option, caught.value.problem, caught.value.params) == (
        key,
        problem,
        params,
    )
    assert str(caught.value).startswith(f"--options: option {key!r}: ")


def test_a_fault_across_options_has_no_kind_an_interface_could_word() -> None:
    with pytest.raises(RulesetError) as caught:
        get_ruleset("dummy", overrides={"hand_size": {"4": 13}})
    assert caught.value.problem == "" and caught.value.params == {}


def test_override_that_cannot_be_dealt() -> None:
    with pytest.raises(RulesetError) as caught:
        get_ruleset("dummy", overrides={"hand_size": {"4": 13}}, source="record r.json")
    assert str(caught.value) == (
        "record r.json: option 'hand_size': "
        "13 cards each for 4 players cannot be dealt: 4 hands of 13 and the upcard need 53 "
        "cards and the deck has 52"
    )


def test_the_family_cannot_be_overridden() -> None:
    with pytest.raises(RulesetError) as caught:
        apply_overrides(load_rulesets()["dummy"], {"family": "gin"}, source="--options")
    assert str(caught.value) == (
        "--options: option 'family': cannot be overridden (choose another preset)"
    )


def test_no_overrides_is_the_preset_itself() -> None:
    assert get_ruleset("dummy-house", overrides={}) == load_rulesets()["dummy-house"]


# ---------------------------------------------------------------------------
# The command line's KEY=VALUE


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("penalty_feed_head=50", ("penalty_feed_head", 50)),
        ("pickup_to_layoff=true", ("pickup_to_layoff", True)),
        ("layoff_chain=owner_or_self", ("layoff_chain", "owner_or_self")),
        ('layoff_chain="owner_or_self"', ("layoff_chain", "owner_or_self")),
        ("hand_size={2=9}", ("hand_size", {"2": 9})),
        ("hand_size = { 2 = 9, 3 = 8 }", ("hand_size", {"2": 9, "3": 8})),
        ('speto_cards=["2C", "QS"]', ("speto_cards", ["2C", "QS"])),
        ("description=", ("description", "")),
        ("x=a=b", ("x", "a=b")),
        ("x=1\ny=2", ("x", "1\ny=2")),
    ],
)
def test_parse_option_assignment(text: str, expected: tuple[str, object]) -> None:
    assert parse_option_assignment(text) == expected


@pytest.mark.parametrize("text", ["penalty_feed_head", "=5", "two words=1", ""])
def test_parse_option_assignment_needs_a_key(text: str) -> None:
    with pytest.raises(RulesetError) as caught:
        parse_option_assignment(text)
    assert str(caught.value) == (
        f"option {text!r}: write it as KEY=VALUE, e.g. penalty_feed_head=50"
    )


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("[" * 600 + "]" * 600, "lists or tables nested too deeply"),
        ("9" * 5000, "an integer of more than 4300 digits"),
    ],
    ids=["nested", "digits"],
)
def test_a_value_toml_cannot_read_is_refused_in_a_line(value: str, problem: str) -> None:
    with pytest.raises(RulesetError) as caught:
        parse_option_assignment(f"knock_points={value}")
    assert str(caught.value) == f"option 'knock_points': the value is not readable TOML ({problem})"


def test_an_override_nested_too_deeply_is_refused_before_it_is_validated() -> None:
    for depth in (40, 300, 900):  # pydantic's JSON reader stops at 200, json.dumps near 1000
        with pytest.raises(RulesetError) as caught:
            get_ruleset("dummy", overrides={"knock_points": _nested(depth)}, source="record r.json")
        assert str(caught.value) == (
            "record r.json: option 'knock_points': nested too deeply "
            "(lists or tables more than 32 levels deep)"
        )
    with pytest.raises(RulesetError, match="must be a whole number"):
        get_ruleset("dummy", overrides={"knock_points": _nested(32)})


@pytest.mark.parametrize(
    ("overrides", "said"),
    [
        ({"speto_cards": ["2C\ud800"]}, "option 'speto_cards': holds a lone surrogate (\\ud800)"),
        ({"layoff_chain": "any\udfff"}, "option 'layoff_chain': holds a lone surrogate (\\udfff)"),
        ({"hand_size": {"2\ud800": 9}}, "option 'hand_size': holds a lone surrogate (\\ud800)"),
        ({"r\udbff": 1}, "option 'r\\udbff': unknown option"),
    ],
)
def test_an_override_holding_a_lone_surrogate_is_refused_in_our_words(
    overrides: dict[str, object], said: str
) -> None:
    # a record's "\ud800" escape: what the JSON reader of the validation would stop at
    with pytest.raises(RulesetError) as caught:
        get_ruleset("dummy", overrides=overrides, source="record r.json")
    assert str(caught.value).startswith(f"record r.json: {said}")
    assert "JSON" not in str(caught.value)


def _nested(depth: int) -> object:
    value: object = []
    for _ in range(depth - 1):
        value = [value]
    return value


def test_a_long_assignment_without_a_key_is_shown_cut_short() -> None:
    with pytest.raises(RulesetError) as caught:
        parse_option_assignment("x" * 10_000)
    assert str(caught.value) == (
        f"option {'x' * 57!r}...: write it as KEY=VALUE, e.g. penalty_feed_head=50"
    )


def test_a_parsed_assignment_overrides_a_preset() -> None:
    key, value = parse_option_assignment("hand_size={2=9}")
    assert get_ruleset("dummy", overrides={key: value}).hand_size[2] == 9


# ---------------------------------------------------------------------------
# Option documentation


def test_option_docs_cover_every_option_with_its_default_and_meaning() -> None:
    docs = option_docs("dummy")
    assert {key for key, _, _ in docs} == OPTION_KEYS
    defaults = DummyRules()
    for key, default, meaning in docs:
        assert default == getattr(defaults, key), key
        assert meaning and "\n" not in meaning, key
    assert dict((key, default) for key, default, _ in docs)["hand_size"] == {2: 11, 3: 9, 4: 7}


def test_option_docs_of_an_unknown_family() -> None:
    with pytest.raises(RulesetError) as caught:
        option_docs("canasta")
    assert str(caught.value) == f"unknown family 'canasta' (families: {ALL_FAMILIES})"
