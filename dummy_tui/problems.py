"""A file's fault in one line, in the project's words rather than the
validation library's: ``deal.hands[0][2]: must be a string (got 7)``,
``missing key 'deal'``, ``unknown key 'foo'``.

Records, saves and the settings file all pass through pydantic models; this
is how each says what is wrong with one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # only for its types: reading the settings at start-up needs no pydantic
    from pydantic import ValidationError
    from pydantic_core import ErrorDetails

NAME_LIMIT = 40
"""Characters a player's name may have, in a record, a set-up or a save: a
table shows far fewer, and a name of megabytes would be printed whole."""

_MUST = {
    "int_type": "must be a whole number",
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "bool_type": "must be true or false",
    "bool_parsing": "must be true or false",
    "string_type": "must be a string",
    "dict_type": "must be an object",
    "model_type": "must be an object",
    "model_attributes_type": "must be an object",
    "list_type": "must be a list",
    "tuple_type": "must be a list",
    "float_type": "must be a number",
    "float_parsing": "must be a number",
    "finite_number": "must be a finite number",
}


def key_path(loc: tuple[int | str, ...]) -> str:
    """``("deal", "hands", 0, 2)`` as ``deal.hands[0][2]``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def shown(value: Any) -> str:
    """A value as the file writes it, cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = str(value)
    except RecursionError:  # a list or table nested too deeply to write: its outline
        text = "[...]" if isinstance(value, list) else "{...}"
    # a lone surrogate as JSON escapes it: the line can then be written anywhere
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= 60 else text[:57] + "..."


def validation_problem(exc: ValidationError) -> str:
    """The first fault pydantic found, as ``where: problem``."""
    error = exc.errors()[0]
    loc = tuple(error["loc"])
    kind = error["type"]
    if kind in ("missing", "extra_forbidden") and loc:
        parent = key_path(loc[:-1])
        what = "missing key" if kind == "missing" else "unknown key"
        line = f"{what} {loc[-1]!r}"
        return f"{parent}: {line}" if parent else line
    return f"{key_path(loc) or 'the file'}: {problem_of(error)}"


def problem_of(error: ErrorDetails, must: Mapping[str, str] = _MUST) -> str:
    """What is wrong with one value, with the value: ``must be a list (got 5)``.

    ``must`` words the faults of type (a rules file says "a table" where a
    JSON file says "an object").
    """
    kind = error["type"]
    ctx = error.get("ctx") or {}
    got = f" (got {shown(error.get('input'))})"
    if kind in must:
        return must[kind] + got
    if kind == "literal_error":
        return f"must be {ctx.get('expected', '')}{got}"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        sign = {"greater_than_equal": ">=", "greater_than": ">", "less_than_equal": "<="}
        limit = next(iter(ctx.values()), "")
        return f"must be {sign.get(kind, '<')} {limit}{got}"
    if kind == "string_too_long":
        return too_long(error.get("input"), ctx.get("max_length", ""))
    if kind == "value_error":
        return str(ctx.get("error", error["msg"]))
    msg = error["msg"]
    for start in ("Input should be ", "Value should be ", "List should "):
        if msg.startswith(start):
            msg = "must " + ("be " if start.endswith("be ") else "") + msg[len(start) :]
            break
    return msg + got


def too_long(text: object, limit: object) -> str:
    """``must be at most 40 characters long (got 41)``."""
    size = len(text) if isinstance(text, str) else "more"
    return f"must be at most {limit} characters long (got {size})"


_SURROGATE = re.compile("[\ud800-\udfff]")


def lone_surrogate(data: Any) -> tuple[tuple[int | str, ...], str, bool] | None:
    """The first lone surrogate in JSON *data*, in the file's order: (where,
    the surrogate as its escape, whether it is in a key), or None.

    A ``"\\ud800"`` escape reads as a lone surrogate, a code point no
    encoding can write and no JSON reader of the validation library takes.
    """
    todo: list[tuple[tuple[int | str, ...], Any]] = [((), data)]
    while todo:
        loc, value = todo.pop()
        if isinstance(value, str):
            texts = [value]
        elif isinstance(value, dict):
            texts = [key for key in value if isinstance(key, str)]
            todo.extend(reversed([((*loc, str(k)), v) for k, v in value.items()]))
        elif isinstance(value, list):
            texts = []
            todo.extend(reversed([((*loc, i), v) for i, v in enumerate(value)]))
        else:
            continue
        for text in texts:
            found = _SURROGATE.search(text)
            if found is not None:
                escape = found[0].encode("utf-8", "backslashreplace").decode("utf-8")
                return loc, escape, text is not value
    return None


def unwritable(data: Any) -> str | None:
    """Where JSON *data* holds text that cannot be written back as UTF-8, or None.

    A file holding a lone surrogate could be read but never saved again.  Said
    as ``setup.seats[0].name: holds a lone surrogate (\\ud800), which cannot be
    written`` (in a key: ``setup.options: has a key that holds ...``).
    """
    found = lone_surrogate(data)
    if found is None:
        return None
    loc, escape, in_key = found
    what = "has a key that holds" if in_key else "holds"
    where = key_path(loc) or "the file"
    return f"{where}: {what} a lone surrogate ({escape}), which cannot be written"


def json_problem(text: str) -> tuple[Any, str | None]:
    """(the JSON value of ``text``, None), or (None, what is wrong with it).

    An empty file, text that is not JSON, and JSON that Python cannot hold
    (an integer of thousands of digits, arrays nested thousands deep) are
    each said in a line.
    """
    if not text.strip():
        return None, "the file is empty"
    try:
        return json.loads(text), None
    except json.JSONDecodeError as exc:
        return None, f"not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
    except RecursionError:
        return None, "not readable JSON (nested too deeply)"
    except ValueError as exc:  # e.g. an integer of more digits than Python will read
        return None, f"not readable JSON ({str(exc).split(':')[0]})"


__all__ = [
    "NAME_LIMIT",
    "json_problem",
    "key_path",
    "lone_surrogate",
    "problem_of",
    "shown",
    "too_long",
    "unwritable",
    "validation_problem",
]
