"""The stylesheets, parsed once and kept in the cache folder between starts.

Textual parses every stylesheet again at each start: the game's own and each
widget's default CSS, about a tenth of the time to the first screen.  The
rules parsed from a text, with the same theme variables and the same Textual,
are the same every time.  :func:`install` has Textual's stylesheets take them
from ``cache/css.pickle`` when they are there, and :func:`save` (when the
window closes) writes those parsed meanwhile.

Textual offers no public way in: this wraps ``Stylesheet._parse_rules``, the
method that parses one source (``tests/test_private_names.py`` fails the day it
changes).  A cache, never the player's data: a missing, damaged or stale file
is parsed again and written anew, without a word.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import sys
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import textual.css.model
import textual.css.stylesheet
from textual.css.stylesheet import Stylesheet

from dummy_tui.files import write_atomic_bytes
from dummy_tui.storage import cache_dir, content_key

FORMAT = 1
"""The layout of the file; another one is parsed again."""

MAX_ENTRIES = 400
"""Sources kept, the most recently used last (themes and screens add some)."""

_entries: dict[str, bytes] | None = None
"""The kept sources, pickled, by key; None until first needed."""
_changed = False
_installed = False


def cache_file() -> Path:
    return cache_dir() / "css.pickle"


def _textual_key() -> str:
    """Which Textual parsed the rules: its parser's files, as installed."""
    parts = []
    for module in (textual.css.model, textual.css.stylesheet):
        stat = os.stat(str(module.__file__))
        parts.append(f"{module.__file__}:{stat.st_size}:{stat.st_mtime_ns}")
    return "|".join([*parts, sys.version.split()[0], str(pickle.HIGHEST_PROTOCOL)])


def _kept() -> dict[str, bytes]:
    global _entries
    if _entries is None:
        _entries = {}
        try:
            data = pickle.loads(cache_file().read_bytes())
            if data["format"] == FORMAT and data["textual"] == _textual_key():
                entries = data["entries"]
                if isinstance(entries, dict):
                    _entries = entries
        except Exception:  # a cache: whatever is wrong with it, parsed again
            pass
    return _entries


def _variables_key(variables: dict[str, str]) -> bytes:
    return "\n".join(f"{k}={v}" for k, v in sorted(variables.items())).encode()


_variables_keys: WeakKeyDictionary[Stylesheet, tuple[dict[str, str], bytes]]
_variables_keys = WeakKeyDictionary()
"""Each stylesheet's variables, and their key, while they stay the same dictionary."""

_parsed: dict[tuple[Any, ...], Any] = {}
"""The rules taken or parsed in this process, for every stylesheet: Textual
makes a new stylesheet at each reparse (a theme, a screen's CSS), and its own
memory of parsed rules is per stylesheet."""


def install(on_disk: bool = True) -> None:
    """Have Textual's stylesheets take their parsed rules from this process's
    memory and, ``on_disk``, from the cache folder (once a process: the first
    call decides)."""
    global _installed, _entries
    if _installed:
        return
    _installed = True
    if not on_disk:
        _entries = {}  # never read, and save() finds nothing changed
    parse = Stylesheet._parse_rules

    def parse_rules(
        self: Stylesheet,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> Any:
        global _changed
        known = _variables_keys.get(self)
        if known is None or known[0] is not self._variables:
            known = (self._variables, _variables_key(self._variables))
            _variables_keys[self] = known
        here = (css, read_from, is_default_rules, tie_breaker, scope, known[1])
        rules = _parsed.get(here)
        if rules is not None:
            return rules
        where = f"{read_from!r}|{is_default_rules}|{tie_breaker}|{scope}".encode()
        key = content_key(css.encode(), known[1], where)
        kept = _kept()
        blob = kept.pop(key, None)
        if blob is not None:
            try:
                rules = pickle.loads(blob)
            except Exception:  # a damaged entry: parsed again below
                blob = None
            else:
                kept[key] = blob  # the most recently used, last
        if blob is None:
            rules = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
            if any(rule.errors for rule in rules):
                return rules  # Textual reports them; nothing is kept
            if on_disk:
                with contextlib.suppress(Exception):  # a rule that cannot be kept: parsed again
                    kept[key] = pickle.dumps(rules, protocol=pickle.HIGHEST_PROTOCOL)
                    _changed = True
        _parsed[here] = rules
        return rules

    Stylesheet._parse_rules = parse_rules  # type: ignore[method-assign]


def save() -> None:
    """Write the file, if a source was parsed since it was read."""
    global _changed
    if not _changed or _entries is None:
        return
    entries = dict(list(_entries.items())[-MAX_ENTRIES:])
    data = {"format": FORMAT, "textual": _textual_key(), "entries": entries}
    try:
        # another window's file, or this one: whole either way; not synced (a
        # lost cache is parsed again)
        write_atomic_bytes(
            cache_file(), pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL), durable=False
        )
        _changed = False
    except OSError:  # no cache: the next start parses again
        pass
