"""A file's fault in one line, in the project's words rather than the
validation library's: ``deal.hands[0][2]: must be a string (got 7)``,
``missing key 'deal'``, ``unknown key 'foo'``.

Records, saves and the settings file all pass through pydantic models; this
is how each says what is wrong with one.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

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
    return text if len(text) <= 60 else text[:57] + "..."


def validation_problem(exc: ValidationError) -> str:
    """The first fault pydantic found, as ``where: problem``."""
    error = exc.errors()[0]
    loc = tuple(error["loc"])
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind in ("missing", "extra_forbidden") and loc:
        parent = key_path(loc[:-1])
        what = "missing key" if kind == "missing" else "unknown key"
        line = f"{what} {loc[-1]!r}"
        return f"{parent}: {line}" if parent else line
    where = key_path(loc) or "the file"
    got = f" (got {shown(error.get('input'))})"
    if kind in _MUST:
        problem = _MUST[kind] + got
    elif kind == "literal_error":
        problem = f"must be {ctx.get('expected', '')}{got}"
    elif kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        sign = {"greater_than_equal": ">=", "greater_than": ">", "less_than_equal": "<="}
        limit = next(iter(ctx.values()), "")
        problem = f"must be {sign.get(kind, '<')} {limit}{got}"
    elif kind in ("too_short", "too_long"):
        problem = error["msg"].replace("Value should", "must").replace("List should", "must")
        problem = problem[0].lower() + problem[1:] + got
    elif kind == "value_error":
        problem = str(ctx.get("error", error["msg"]))
    else:
        msg = error["msg"]
        problem = (
            "must be " + msg[len("Input should be ") :]
            if msg.startswith("Input should be ")
            else msg
        )
        problem += got
    return f"{where}: {problem}"


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


__all__ = ["json_problem", "key_path", "shown", "validation_problem"]
