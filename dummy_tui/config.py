"""The config file, ``config.toml`` in the settings folder: what a player sets by hand.

The settings file beside it (``settings.json``) is what the game remembers of
itself (the last language, theme and set-up); ``config.toml`` is written by
the player, read at every start, and wins over what was remembered.  Every
key is optional; ``dummy-tui config`` prints :data:`EXAMPLE`, and
``dummy-tui config --path`` where the file lives.  Another file may be named
with ``--config FILE`` or the ``DUMMY_TUI_CONFIG`` variable.

A key or value the game cannot use is a :class:`Problem` — the file, the key
and what is wrong, said in the player's language — and that key keeps its
default: the rest of the file still applies, and nothing is raised.
"""

from __future__ import annotations

import datetime
import itertools
import os
import reprlib
import sys
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FILE_NAME = "config.toml"

ENV = "DUMMY_TUI_CONFIG"
"""The variable naming another config file (``--config FILE`` wins over it)."""

EXAMPLE = """\
# dummy-tui's config file (config.toml): every key is optional, and a key left
# out keeps the game's own default.  Read at every start; it wins over what the
# game remembers of itself in settings.json beside it.  Another file can be
# named with --config FILE or the DUMMY_TUI_CONFIG variable.

# Interface language: "en" or "th" (--lang wins over it).
# language = "th"

# A Textual theme, e.g. "textual-dark", "textual-light", "nord", "gruvbox",
# "tokyo-night", "dracula", "monokai", "solarized-light" (Ctrl+P, "theme",
# lists them all), or one of your own: the file themes/NAME.toml in this
# folder names its colours (primary, secondary, accent, warning, error,
# success, foreground, background, surface, panel, boost) and whether it is
# dark, e.g. primary = "#ff7f50" and dark = true.  Ctrl+T still flips
# between dark and light.
# theme = "nord"

# Seconds each AI move stays highlighted before the next, 0 to 5.
# ai_speed = 0.3

# The preset 'dummy-tui play' starts when --ruleset is not given
# ('dummy-tui rules' lists them).
# preset = "dummy-house"

# Suits as letters (C D H S) instead of the symbols.
# ascii_cards = true

# Append the game's log to this file, as --log FILE does.
# log = "~/dummy-tui.log"

# Keys, by the id of what they do: one key or several separated by commas.
# A key remapped here also answers with the Thai keyboard layout on; its old
# key no longer does.  The ids of the table: draw, pick, take_top, meld,
# layoff, discard, knock, show, end_round, pass, undo, hint, sort, scores,
# instant, faster, slower, export, quit; of every screen: help, language,
# theme, colours, ascii, command_palette, screenshot (dummy_tui/keynames.py has them
# all).  A key is a letter or a sign ("n", "?"), or a name: "ctrl+o", "f2",
# "enter", "space", "pageup".  A key another id of the same screen already
# answers is said at start.
# [keymap]
# draw = "n"
# knock = "k,ctrl+o"
"""
"""What ``dummy-tui config`` prints: every key, commented out."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing of a config (or theme) file the game cannot use: the file, the
    key (None: the whole file), and what is wrong — ``what`` a key of the
    catalog's ``[config]`` table, ``values`` its fields.  Said in the interface's
    language (:meth:`text`); ``str()`` is the same."""

    path: Path | None
    key: str | None
    what: str
    values: tuple[tuple[str, str], ...] = ()

    def text(self) -> str:
        """``FILE: key 'KEY': PROBLEM`` in the interface's current language."""
        from dummy_tui.i18n import t

        values = {k: t(v) if k == "kind" else v for k, v in self.values}
        problem = t(self.what, **values)
        if self.key is None:
            return t("config.in_file", path=str(self.path), problem=problem)
        return t("config.in_key", path=str(self.path), where=repr(self.key), problem=problem)

    def __str__(self) -> str:
        return self.text()


def problem(path: Path | None, key: str | None, what: str, **values: object) -> Problem:
    """A :class:`Problem` of ``key`` of the file ``path``: ``what`` (a catalog key)
    with ``values``."""
    shown = tuple((k, v if isinstance(v, str) else str(v)) for k, v in values.items())
    return Problem(path, key, what, shown)


@dataclass(slots=True)
class Config:
    """What the config file sets; ``None`` (an empty keymap) where it sets nothing."""

    path: Path | None = None
    language: str | None = None
    theme: str | None = None
    ai_speed: float | None = None
    preset: str | None = None
    ascii_cards: bool | None = None
    log: Path | None = None
    keymap: dict[str, str] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    """One per key that could not be used: the file, the key, what is wrong."""

    def problem(self, key: str | None, what: str, **values: object) -> None:
        """Note that ``key`` cannot be used: ``what`` (a catalog key) with ``values``."""
        self.problems.append(problem(self.path, key, what, **values))

    def texts(self) -> list[str]:
        """The problems, each in a line of the interface's current language."""
        return [problem.text() for problem in self.problems]


def default_path() -> Path:
    """``config.toml`` of the settings folder."""
    from dummy_tui.storage import config_dir

    return config_dir() / FILE_NAME


def config_path(given: Path | None = None) -> Path:
    """The config file in use: ``given`` (``--config FILE``), else the file
    ``DUMMY_TUI_CONFIG`` names, else :func:`default_path`."""
    if given is not None:
        return given
    named = os.environ.get(ENV, "")
    return Path(named) if named else default_path()


def load_config(path: Path | None = None) -> Config:
    """The config file at *path* (default: :func:`config_path`); an empty
    :class:`Config` when there is none.  Never raises."""
    path = config_path() if path is None else path
    config = Config(path=path)
    table = read_table(path, config.problems, missing_ok=path == default_path())
    if table is None:
        return config
    for key, value in table.items():
        reader = _READERS.get(key)
        if reader is None:
            config.problem(key, "config.unknown_key", keys=", ".join(_READERS))
            continue
        reader(config, value)
    return config


def read_table(path: Path, problems: list[Problem], *, missing_ok: bool) -> dict[str, Any] | None:
    """The TOML table of the file at ``path``; None when it cannot be read, the
    reason added to ``problems`` (a missing file too, unless ``missing_ok``).
    A byte-order mark before the text is no fault."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        if not missing_ok:
            problems.append(problem(path, None, "config.missing"))
        return None
    except OSError as exc:
        problems.append(problem(path, None, "config.cannot_read", error=exc.strerror or str(exc)))
        return None
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        problems.append(problem(path, None, "config.not_utf8", at=exc.start))
        return None
    import tomllib  # only when there is a file to read

    try:
        return _parse(text)
    except tomllib.TOMLDecodeError as exc:
        problems.append(problem(path, None, "config.not_toml", error=str(exc)))
    except RecursionError:
        problems.append(problem(path, None, "config.too_deep"))
    except ValueError:  # an integer of more digits than Python reads
        problems.append(
            problem(path, None, "config.long_number", most=sys.get_int_max_str_digits())
        )
    return None


_DEEP = 20_000
"""How deep the parser may recurse for a file of deeply nested values (two
frames a level): enough for any value, which is then said to be of the wrong kind."""


def _parse(text: str) -> dict[str, Any]:
    import tomllib

    try:
        return tomllib.loads(text)
    except RecursionError:  # values nested hundreds deep: read again, with room
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, _DEEP))
        try:
            return tomllib.loads(text)
        finally:
            sys.setrecursionlimit(limit)


_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = 40
_REPR.maxother = 40


def shown_value(value: object) -> str:
    """A value as the file wrote it, cut short (a list nested 600 deep too)."""
    if isinstance(value, datetime.date | datetime.time):  # a datetime is a date too
        return value.isoformat()
    text: str = _REPR.repr(value)
    # a lone surrogate cannot be printed or written: as its escape
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def kind_of(value: object) -> str:
    """The catalog key naming the kind of ``value`` ("a string", "a list")."""
    if isinstance(value, bool):
        return "config.kind_boolean"
    if isinstance(value, int | float):
        return "config.kind_number"
    if isinstance(value, str):
        return "config.kind_string"
    if isinstance(value, list):
        return "config.kind_list"
    if isinstance(value, dict):
        return "config.kind_table"
    return "config.kind_date"  # TOML's other values: dates and times


def _text(config: Config, key: str, value: object, what: str) -> str | None:
    """A non-empty string, stripped; else the problem (``what``: the catalog key
    saying what the key must be) and None."""
    if not isinstance(value, str):
        config.problem(key, what, kind=kind_of(value), value=shown_value(value))
        return None
    if not value.strip():
        config.problem(key, "config.empty")
        return None
    return value.strip()


def _language(config: Config, value: object) -> None:
    text = _text(config, "language", value, "config.language_type")
    if text is None:
        return
    if text not in ("en", "th"):
        config.problem("language", "config.language_value", value=shown_value(text))
        return
    config.language = text


def _theme(config: Config, value: object) -> None:
    config.theme = _text(config, "theme", value, "config.theme_type")  # checked by the app


def _ai_speed(config: Config, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        config.problem(
            "ai_speed", "config.ai_speed_type", kind=kind_of(value), value=shown_value(value)
        )
    elif not 0 <= value <= 5:  # NaN too
        config.problem("ai_speed", "config.ai_speed_range", value=shown_value(value))
    else:
        config.ai_speed = float(value)


def _preset(config: Config, value: object) -> None:
    config.preset = _text(config, "preset", value, "config.preset_type")  # checked by 'play'


def _ascii_cards(config: Config, value: object) -> None:
    if not isinstance(value, bool):
        config.problem(
            "ascii_cards", "config.boolean", kind=kind_of(value), value=shown_value(value)
        )
    else:
        config.ascii_cards = value


def _log(config: Config, value: object) -> None:
    text = _text(config, "log", value, "config.log_type")
    if text is None:
        return
    if "\x00" in text:
        config.problem("log", "config.log_nul")
        return
    try:
        config.log = Path(text).expanduser()
    except RuntimeError:  # ~user of no such user
        user = text[1:].split("/")[0].split(os.sep)[0]
        config.problem("log", "config.log_home", user=shown_value(user))


def _keymap(config: Config, value: object) -> None:
    if not isinstance(value, dict):
        config.problem("keymap", "config.keymap_type", kind=kind_of(value))
        return
    from dummy_tui.keynames import DEFAULT_KEYS

    for binding, keys in value.items():
        key = f"keymap.{binding}"
        if binding not in DEFAULT_KEYS:
            import difflib

            near = difflib.get_close_matches(binding, DEFAULT_KEYS, n=3)
            if near:
                names = ", ".join(map(repr, near))
                config.problem(key, "config.unknown_id_near", id=shown_value(binding), near=names)
            else:
                config.problem(key, "config.unknown_id", id=shown_value(binding))
            continue
        if not isinstance(keys, str) or not keys.strip(" ,"):
            config.problem(key, "config.keys_type", value=shown_value(keys))
            continue
        good = []
        for name in (k.strip() for k in keys.split(",") if k.strip()):
            if is_key(name):
                good.append(name)
            else:
                config.problem(key, "config.no_such_key", name=shown_value(name))
        if good:
            config.keymap[binding] = ",".join(good)


MODIFIERS = ("ctrl", "shift", "alt", "meta", "super", "hyper")

NAMED_KEYS = frozenset(
    {
        *("escape", "enter", "return", "tab", "space", "backspace", "delete", "insert"),
        *("home", "end", "pageup", "pagedown", "up", "down", "left", "right"),
        *(f"f{n}" for n in range(1, 25)),
        # the names Textual gives some signs in place of Unicode's
        *("slash", "backslash", "at", "minus", "plus", "underscore"),
    }
)
"""Keys named by a word, besides the names of the characters keys type
("question_mark", "full_stop", "thai_character_ko_kai")."""


def is_key(name: str) -> bool:
    """Whether some key of a keyboard sends ``name`` as Textual names keys: a
    character that prints (``n``, ``?``, ``ก``), a key's name (``enter``,
    ``f2``), a character's name (``question_mark``), each with modifiers
    (``ctrl+o``, ``shift+tab``)."""
    *modifiers, base = name.split("+")
    if not base or any(m not in MODIFIERS for m in modifiers):
        return False
    if len(base) == 1:
        return base.isprintable() and not base.isspace()
    if base in NAMED_KEYS:
        return True
    character = _character(base)
    return character is not None and character.isprintable() and not character.isspace()


def _character(name: str) -> str | None:
    """The character Textual names ``name``: its Unicode name, lower case, with
    ``_`` for the spaces and hyphens (``less_than_sign``: LESS-THAN SIGN)."""
    words = name.upper().split("_")
    if len(words) > 8:
        return None
    for joins in itertools.product(" -", repeat=len(words) - 1):
        candidate = words[0] + "".join(j + w for j, w in zip(joins, words[1:], strict=True))
        try:
            found = unicodedata.lookup(candidate)
        except KeyError:
            continue
        return found if len(found) == 1 else None
    return None


_READERS: dict[str, Callable[[Config, object], None]] = {
    "language": _language,
    "theme": _theme,
    "ai_speed": _ai_speed,
    "preset": _preset,
    "ascii_cards": _ascii_cards,
    "log": _log,
    "keymap": _keymap,
}
