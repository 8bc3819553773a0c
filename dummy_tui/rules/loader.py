"""Loading ``rulesets.toml`` and applying option overrides.

Every failure is a :class:`RulesetError` whose text is one line that names
where the problem is (the file and preset, or the source of an override), the
option key, and what is wrong with it::

    rulesets.toml: preset 'dummy-house': option 'penalty_feed_head': must be >= 0 (got -5)
    record game.json: option 'foo': unknown option

Values are checked strictly: an option that wants a number must be given a
number (``50``, not ``"50"``), a switch must be ``true`` or ``false``.  Option
values look the same wherever they come from: TOML in ``rulesets.toml``, JSON
in a record's ``options``, TOML again on the command line
(``--options hand_size={2=11}``).
"""

from __future__ import annotations

import difflib
import json
import re
import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, cast, get_args

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from dummy_tui.problems import lone_surrogate, problem_of
from dummy_tui.problems import shown as _shown  # JSON and TOML agree on these
from dummy_tui.rules.schema import RULESET_TYPES, Ruleset, RulesetBase, field_docs

PACKAGED_NAME = "rulesets.toml"
"""The name of the presets file, at the top of the repository and in the package."""

NOT_OPTIONS = frozenset({"family", "description"})
"""Keys of a preset that describe it rather than set a rule."""

_OPTION_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
MAX_NESTING = 32
"""Most levels of lists and tables in one value.  An option holds at most a
table of numbers or a list of cards; a value nested deeper is refused before
it is validated, where it would overflow the parser's or the JSON writer's stack."""
_TOML_POSITION = re.compile(r"^(?P<what>.*?)\s*\(at line (?P<line>\d+), column (?P<col>\d+)\)$")


class RulesetError(ValueError):
    """A ruleset file, preset, or option value that cannot be used.

    ``str(error)`` is a single line fit to show a user as it is.  For a bad
    option value, ``option`` names the option and ``problem`` the kind of
    fault (``"whole_number"``, ``"at_least"``, ``"one_of"``, ...) with its
    ``params`` (``got``, ``limit``, ``choices``), so that an interface can
    say it in its own language.
    """

    def __init__(
        self,
        message: str,
        *,
        option: str | None = None,
        problem: str = "",
        params: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.option = option
        self.problem = problem
        self.params = params or {}


# ---------------------------------------------------------------------------
# Reading files


def load_rulesets(path: Path | None = None) -> dict[str, Ruleset]:
    """Every preset of a rulesets file, by name, in the file's order.

    *path* ``None`` reads the ``rulesets.toml`` shipped inside the package
    (once: it cannot change while the program runs, and its presets are frozen).
    """
    if path is None:
        return dict(_packaged_rulesets())
    return _rulesets_of(path)


@cache
def _packaged_rulesets() -> dict[str, Ruleset]:
    return _rulesets_of(None)


def _rulesets_of(path: Path | None) -> dict[str, Ruleset]:
    label, data = _read_toml(path)
    presets = data.get("presets")
    unknown = [key for key in data if key != "presets"]
    if unknown:
        raise RulesetError(
            f"{label}: unknown top-level key {unknown[0]!r} (presets go in [presets.NAME] tables)"
        )
    if presets is None or presets == {}:
        raise RulesetError(f"{label}: no presets (write them as tables named [presets.NAME])")
    if not isinstance(presets, dict):
        raise RulesetError(f"{label}: 'presets' must be a table of [presets.NAME] tables")
    rulesets: dict[str, Ruleset] = {}
    for name, table in presets.items():
        where = f"{label}: preset {name!r}"
        if not isinstance(table, dict):
            raise RulesetError(
                f"{where}: must be a table of options (got {_shown(table)}); "
                f"write it as [presets.{toml_key(name)}]"
            )
        rulesets[name] = _validate_preset(table, where)
    return rulesets


def get_ruleset(
    name: str,
    path: Path | None = None,
    overrides: Mapping[str, object] | None = None,
    *,
    source: str | None = None,
) -> Ruleset:
    """The preset *name* from *path* (default: the packaged file), with *overrides* applied.

    *overrides* are option values as a record's JSON ``options`` holds them;
    *source* names where they came from in error messages (``"record
    game.json"``, ``"--options"``).
    """
    rulesets = load_rulesets(path)
    try:
        ruleset = rulesets[name]
    except KeyError:
        known = ", ".join(rulesets)
        raise RulesetError(
            f"{_label(path)}: no preset named {name!r} (presets: {known})",
            problem="no_preset",
            params={"name": repr(name), "file": _label(path), "presets": known},
        ) from None
    if overrides:
        ruleset = apply_overrides(ruleset, overrides, source=source)
    return ruleset


def apply_overrides(
    ruleset: Ruleset, overrides: Mapping[str, object], *, source: str | None = None
) -> Ruleset:
    """*ruleset* with some options changed, checked as strictly as a preset.

    A table-valued option (``hand_size``, ``rank_points``) changes only the
    entries the override names: ``{"hand_size": {"2": 9}}`` keeps the hand
    sizes for 3 and 4 players.
    """
    prefix = f"{source}: " if source else ""
    data: dict[str, Any] = ruleset.model_dump(mode="json")
    for key, value in overrides.items():
        if key in NOT_OPTIONS:
            raise RulesetError(
                f"{prefix}option {key!r}: cannot be overridden (choose another preset)",
                option=key,
                problem="fixed",
            )
        current = data.get(key)  # an unknown key is left to the schema to refuse
        if isinstance(current, dict) and isinstance(value, Mapping):
            data[key] = {**current, **{str(k): v for k, v in value.items()}}
        else:
            data[key] = value
    return _validate(type(ruleset), data, prefix)


# ---------------------------------------------------------------------------
# The command line


def parse_option_assignment(text: str) -> tuple[str, object]:
    """Split a command-line ``KEY=VALUE`` into the key and a value.

    VALUE is read as a TOML value (``50``, ``true``, ``"any"``,
    ``{2 = 11}``, ``["2C", "QS"]``); anything TOML cannot read is taken as
    a bare string (``layoff_chain=owner_or_self``).
    """
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not _OPTION_KEY.match(key):
        shown = repr(text) if len(text) <= 60 else repr(text[:57]) + "..."  # one line, not a page
        raise RulesetError(
            f"option {shown}: write it as KEY=VALUE, e.g. penalty_feed_head=50",
            problem="assignment",
            params={"text": shown},
        )
    raw = raw.strip()
    try:
        parsed = tomllib.loads(f"value = {raw}")
    except tomllib.TOMLDecodeError:
        return key, raw
    except RecursionError:
        raise RulesetError(
            f"option {key!r}: the value is not readable TOML (lists or tables nested too deeply)"
        ) from None
    except ValueError as exc:  # an integer of more digits than Python will read
        raise RulesetError(
            f"option {key!r}: the value is not readable TOML ({_first_clause(exc)})"
        ) from None
    if set(parsed) != {"value"}:  # VALUE held a newline and more TOML after it
        return key, raw
    return key, parsed["value"]


def option_docs(family: str) -> list[tuple[str, object, str]]:
    """``(key, default, meaning)`` for every option of *family*, in schema order."""
    try:
        model = RULESET_TYPES[family]
    except KeyError:
        raise RulesetError(
            f"unknown family {family!r} (families: {', '.join(RULESET_TYPES)})"
        ) from None
    meanings = field_docs(model)
    docs: list[tuple[str, object, str]] = []
    for key, field in model.model_fields.items():
        if key in NOT_OPTIONS:
            continue
        default = field.get_default(call_default_factory=True)
        docs.append((key, default, meanings.get(key, "")))
    return docs


# ---------------------------------------------------------------------------
# Helpers


def _label(path: Path | None) -> str:
    return PACKAGED_NAME if path is None else str(path)


def _read_toml(path: Path | None) -> tuple[str, dict[str, Any]]:
    label = _label(path)
    try:
        if path is None:
            raw = resources.files("dummy_tui").joinpath(PACKAGED_NAME).read_bytes()
        else:
            raw = path.read_bytes()
    except OSError as exc:
        raise RulesetError(f"{label}: cannot read it: {exc.strerror or exc}") from None
    except ValueError:  # a lone surrogate or a NUL in the name: no file can have it
        shown = label if label.isprintable() else repr(label)  # repr: its escapes
        raise RulesetError(f"{shown}: cannot read it: not a name a file can have") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RulesetError(f"{label}: not UTF-8 text (byte {exc.start})") from None
    try:
        return label, tomllib.loads(text)
    except RecursionError:
        raise RulesetError(
            f"{label}: not readable TOML (lists or tables nested too deeply)"
        ) from None
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        found = _TOML_POSITION.match(message)
        if found:
            what = found["what"]
            what = what[:1].lower() + what[1:]
            raise RulesetError(
                f"{label}: line {found['line']}, column {found['col']}: not valid TOML: {what}"
            ) from None
        raise RulesetError(f"{label}: not valid TOML: {message}") from None
    except ValueError as exc:  # an integer of more digits than Python will read
        raise RulesetError(f"{label}: not readable TOML ({_first_clause(exc)})") from None


def _first_clause(exc: ValueError) -> str:
    """``Exceeds the limit (4300 digits) for integer string conversion: ...`` as
    ``an integer of more than 4300 digits``; another fault's text to its first colon."""
    found = re.search(r"limit \((\d+) digits\)", str(exc))
    if found:
        return f"an integer of more than {found[1]} digits"
    return str(exc).split(":")[0]


def _validate_preset(table: dict[str, Any], where: str) -> Ruleset:
    families = ", ".join(RULESET_TYPES)
    if "family" not in table:
        raise RulesetError(f"{where}: missing 'family' (families: {families})")
    family = table["family"]
    model = RULESET_TYPES.get(family) if isinstance(family, str) else None
    if model is None:
        shown = repr(family) if isinstance(family, str) else _shown(family)
        raise RulesetError(f"{where}: unknown family {shown} (families: {families})")
    return _validate(model, table, f"{where}: ")


def _validate(model: type[RulesetBase], data: Mapping[str, Any], prefix: str) -> Ruleset:
    """Validate *data* strictly, as JSON, so that files, records and flags agree."""
    for key, value in data.items():
        surrogate = lone_surrogate({key: value})
        if surrogate is not None:  # not text: the JSON reader below would stop at it
            where, escape, in_key = surrogate
            if in_key and len(where) == 0:
                raise RulesetError(f"{prefix}option {key!r}: unknown option")
            raise RulesetError(
                f"{prefix}option {key!r}: holds a lone surrogate ({escape}), which is not text"
            )
        if _nesting(value) > MAX_NESTING:
            raise RulesetError(
                f"{prefix}option {key!r}: nested too deeply "
                f"(lists or tables more than {MAX_NESTING} levels deep)"
            )
        try:
            json.dumps(value, default=_not_plain)
        except _NotPlainError as exc:
            raise RulesetError(
                f"{prefix}option {key!r}: a date or time is not an option value (got {exc.value})"
            ) from None
    try:
        ruleset = model.model_validate_json(json.dumps(data), strict=True)
    except ValidationError as exc:
        error = exc.errors()[0]
        option, problem, params = _problem(error, model)
        raise RulesetError(
            prefix + _describe(error, data, model), option=option, problem=problem, params=params
        ) from None
    return cast(Ruleset, ruleset)


def _nesting(value: object) -> int:
    """Levels of lists and tables in *value*, counted without recursion, and
    only until they pass :data:`MAX_NESTING`."""
    deepest = 0
    todo: list[tuple[object, int]] = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict | list | tuple):
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_NESTING:
                break
            todo.extend(
                (inner, depth) for inner in (item.values() if isinstance(item, dict) else item)
            )
    return deepest


class _NotPlainError(TypeError):
    def __init__(self, value: object) -> None:
        super().__init__(value)
        self.value = value


def _not_plain(value: object) -> object:
    raise _NotPlainError(value)


_EXPECTED = {
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "bool_type": "must be true or false",
    "string_type": "must be a string",
    "dict_type": "must be a table",
    "tuple_type": "must be a list",
    "list_type": "must be a list",
}


# the kind of fault, for an interface to word it (see RulesetError)
_KINDS = {
    "int_type": "whole_number",
    "int_parsing": "whole_number",
    "bool_type": "true_false",
    "string_type": "string",
    "dict_type": "table",
    "tuple_type": "list",
    "list_type": "list",
    "greater_than_equal": "at_least",
    "less_than_equal": "at_most",
    "literal_error": "one_of",
    "extra_forbidden": "unknown",
}


def _problem(
    error: ErrorDetails, model: type[RulesetBase]
) -> tuple[str | None, str, dict[str, str]]:
    """(option, kind, params) of a fault in one option's own value, or (None, "", {})."""
    fields = model.model_fields
    loc = error["loc"]
    kind = _KINDS.get(error["type"], "")
    if len(loc) != 1 or not kind:
        return None, "", {}
    ctx = error.get("ctx", {})
    params = {"got": _shown(error["input"])}
    if kind == "unknown":
        close = difflib.get_close_matches(
            str(loc[0]), [k for k in fields if k not in NOT_OPTIONS], n=1
        )
        if close:
            kind, params["close"] = "unknown_close", close[0]
        return str(loc[0]), kind, params
    bounds = _bounds(model, loc) if kind in ("at_least", "at_most") else None
    if bounds is not None:
        kind, params["low"], params["high"] = "between", str(bounds[0]), str(bounds[1])
        return str(loc[0]), kind, params
    if kind == "at_least":
        params["limit"] = str(ctx["ge"])
    elif kind == "at_most":
        params["limit"] = str(ctx["le"])
    elif kind == "one_of":
        params["choices"] = str(ctx["expected"])
    return str(loc[0]), kind, params


def _describe(error: ErrorDetails, data: Mapping[str, Any], model: type[RulesetBase]) -> str:
    """One pydantic error as ``option 'KEY': problem``."""
    kind = error["type"]
    loc = error["loc"]
    if kind == "extra_forbidden":
        return f"option {loc[0]!r}: unknown option{_did_you_mean(str(loc[0]), model)}"
    problem = problem_of(error, _EXPECTED)
    bounds = _bounds(model, loc) if kind in ("greater_than_equal", "less_than_equal") else None
    if bounds is not None:
        problem = f"must be from {bounds[0]} to {bounds[1]} (got {_shown(error['input'])})"
    if not loc:
        # A check across options (the deal fits the deck): name the option the
        # message begins with, if any.
        first, _, rest = problem.partition(" ")
        return f"option {first!r}: {rest}" if first in model.model_fields else problem
    return f"option {loc[0]!r}{_inner(loc[1:], data.get(str(loc[0])))}: {problem}"


def _bounds(model: type[RulesetBase], loc: tuple[int | str, ...]) -> tuple[int, int] | None:
    """The lowest and the highest value the schema allows at *loc* (an option,
    or an entry of a table option), if it sets both."""
    field = model.model_fields.get(str(loc[0])) if loc else None
    if field is None:
        return None
    constraints: list[object] = list(field.metadata)
    if len(loc) > 1:  # an entry of a table such as rank_points: its values' constraints
        entry = get_args(field.annotation)[-1:] or (None,)
        constraints = [
            c for info in get_args(entry[0])[1:] for c in getattr(info, "metadata", [info])
        ]
    # pydantic keeps Field(ge=..., le=...) as annotated_types' Ge and Le
    low = next((c.ge for c in constraints if hasattr(c, "ge")), None)
    high = next((c.le for c in constraints if hasattr(c, "le")), None)
    if isinstance(low, int) and isinstance(high, int):
        return low, high
    return None


def _inner(path: tuple[int | str, ...], value: object) -> str:
    """Where inside a table or list option the problem is: ``, entry "5"``."""
    if not path:
        return ""
    if path[-1] == "[key]":
        return f", key {json.dumps(str(path[0]), ensure_ascii=False)}"
    if isinstance(value, list):
        return f", item {int(path[0]) + 1}"
    return f", entry {json.dumps(str(path[0]), ensure_ascii=False)}"


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def toml_key(key: object) -> str:
    """*key* written as a TOML key: bare where TOML allows it, else quoted
    (a preset's name in ``[presets.NAME]``, a key of an option's table)."""
    text = str(key)
    return text if _BARE_KEY.fullmatch(text) else json.dumps(text, ensure_ascii=False)


def _did_you_mean(key: str, model: type[RulesetBase]) -> str:
    names = [name for name in model.model_fields if name not in NOT_OPTIONS]
    close = difflib.get_close_matches(key, names, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
