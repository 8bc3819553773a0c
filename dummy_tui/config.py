"""The config file, ``config.toml`` in the settings folder: what a player sets by hand.

The settings file beside it (``settings.json``) is what the game remembers of
itself (the last language, theme and set-up); ``config.toml`` is written by
the player, read at every start, and wins over what was remembered.  Every
key is optional; ``dummy-tui config`` prints :data:`EXAMPLE`, and
``dummy-tui config --path`` where the file lives.

A key or value the game cannot use is a :class:`Config` problem — the file,
the key and what is wrong, in a line — and that key keeps its default: the
rest of the file still applies, and nothing is raised.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FILE_NAME = "config.toml"

EXAMPLE = """\
# dummy-tui's config file (config.toml): every key is optional, and a key left
# out keeps the game's own default.  Read at every start; it wins over what the
# game remembers of itself in settings.json beside it.

# Interface language: "en" or "th" (--lang wins over it).
# language = "th"

# A Textual theme, e.g. "textual-dark", "textual-light", "nord", "gruvbox",
# "tokyo-night", "dracula", "monokai", "solarized-light" (Ctrl+P, "theme",
# lists them all).  Ctrl+T still flips between dark and light.
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
# theme, colours, ascii, command_palette (dummy_tui/ui/keynames.py has them
# all).  A key another id of the same screen already answers is said at start.
# [keymap]
# draw = "n"
# knock = "k,ctrl+o"
"""
"""What ``dummy-tui config`` prints: every key, commented out."""


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
    problems: list[str] = field(default_factory=list)
    """One line per key that could not be used: the file, the key, what is wrong."""

    def problem(self, key: str, text: str) -> None:
        self.problems.append(f"{self.path}: key {key!r}: {text}")


def config_path() -> Path:
    from dummy_tui.ui.storage import config_dir

    return config_dir() / FILE_NAME


def load_config(path: Path | None = None) -> Config:
    """The config file at *path* (default: :func:`config_path`); an empty
    :class:`Config` when there is none.  Never raises."""
    path = config_path() if path is None else path
    config = Config(path=path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return config
    except (OSError, UnicodeDecodeError) as exc:
        config.problems.append(f"{path}: cannot be read: {getattr(exc, 'strerror', None) or exc}")
        return config
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        config.problems.append(f"{path}: not TOML: {exc}")
        return config
    for key, value in data.items():
        reader = _READERS.get(key)
        if reader is None:
            known = ", ".join(_READERS)
            config.problem(key, f"unknown key (the keys: {known})")
            continue
        try:
            reader(config, value)
        except ValueError as exc:
            config.problem(key, str(exc))
    return config


def _kind(value: object) -> str:
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string"}.get(
        type(value), "a " + type(value).__name__
    )


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"must be {what}, not {_kind(value)} ({value!r})")
    if not value.strip():
        raise ValueError("is empty")
    return value.strip()


def _language(config: Config, value: object) -> None:
    text = _text(value, 'a string, "en" or "th"')
    if text not in ("en", "th"):
        raise ValueError(f'must be "en" or "th", not {text!r}')
    config.language = text


def _theme(config: Config, value: object) -> None:
    config.theme = _text(value, "a string, the name of a theme")  # checked by the app


def _ai_speed(config: Config, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"must be a number of seconds, not {_kind(value)} ({value!r})")
    if not 0 <= value <= 5:
        raise ValueError(f"must be from 0 to 5 seconds, not {value}")
    config.ai_speed = float(value)


def _preset(config: Config, value: object) -> None:
    config.preset = _text(value, "a string, the name of a preset")  # checked by 'play'


def _ascii_cards(config: Config, value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"must be true or false, not {_kind(value)} ({value!r})")
    config.ascii_cards = value


def _log(config: Config, value: object) -> None:
    config.log = Path(_text(value, "a string, the name of a file")).expanduser()


def _keymap(config: Config, value: object) -> None:
    if not isinstance(value, dict):
        raise ValueError(f"must be a table ([keymap]), not {_kind(value)}")
    for binding, keys in value.items():
        if not isinstance(keys, str) or not keys.strip(" ,"):
            config.problem(
                f"keymap.{binding}", f"must be a string of keys, like \"n\" or \"n,ctrl+n\", "
                f"not {keys!r}"
            )  # fmt: skip
            continue
        config.keymap[binding] = ",".join(k.strip() for k in keys.split(",") if k.strip())


_READERS: dict[str, Any] = {
    "language": _language,
    "theme": _theme,
    "ai_speed": _ai_speed,
    "preset": _preset,
    "ascii_cards": _ascii_cards,
    "log": _log,
    "keymap": _keymap,
}
