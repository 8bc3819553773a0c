"""The translation catalog: every string the player reads comes from here.

Catalogs are TOML files (``en.toml``, ``th.toml``) whose tables are flattened
to dotted keys (``[key] draw = ...`` is ``key.draw``).  ``t(key, **values)``
formats the current language's text, falling back to English, then to the key.

Singular forms: when ``n`` is 1 and the language has a ``KEY_one`` entry, that
is used instead of ``KEY`` ("1 card", not "1 cards").  English has them; Thai
nouns have no plural, so Thai has one only where one card reads otherwise
("the newest card alone", not "every card after it: 1 card").
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, cast

if TYPE_CHECKING:
    from dummy_tui.rules.loader import RulesetError

LANGS = ("en", "th")
_current = "en"


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flatten(value, name + "."))
        else:
            out[name] = str(value)
    return out


def _load(name: str) -> dict[str, str]:
    """The flattened catalog ``name`` (a TOML file beside this module).

    Reading the TOML takes about 6 ms a language, the JSON it is kept as in
    the cache folder a tenth of that: the first screen reads both languages'
    catalogs (a default name in either is shown in the current one).
    """
    # a plain path: importlib.resources costs the start-up 5 ms
    data = Path(__file__).with_name(name).read_bytes()
    from dummy_tui.storage import atomic_write, cache_dir, content_key

    key = content_key(data)

    kept = cache_dir() / f"catalog-{name}.json"
    try:
        cached = json.loads(kept.read_text(encoding="utf-8"))
        words = cached["words"]
        if cached["key"] == key and all(isinstance(v, str) for v in words.values()):
            return cast(dict[str, str], words)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass  # none yet, damaged or of another catalog: read the TOML again
    import tomllib  # the kept JSON spares it at most starts

    found = _flatten(tomllib.loads(data.decode("utf-8")))
    with contextlib.suppress(OSError):  # not kept: the next start reads the TOML again
        atomic_write(kept, json.dumps({"key": key, "words": found}, ensure_ascii=False))
    return found


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every key of one language's catalog."""
    return _load(f"{lang}.toml")


@cache
def cli_catalog(lang: str) -> dict[str, str]:
    """The help of the ``dummy-tui`` command in one language (``cli.LANG.toml``):
    a catalog of its own, small, so that ``--help`` loads no game text."""
    return _load(f"cli.{lang}.toml")


def argparse_words(lang: str) -> dict[str, str]:
    """argparse's messages in ``lang`` (``argparse.LANG.toml``), keyed by their
    English text; none for English, whose text they are."""
    path = Path(__file__).with_name(f"argparse.{lang}.toml")
    if not path.exists():
        return {}
    import tomllib

    words: dict[str, str] = tomllib.loads(path.read_text(encoding="utf-8"))
    return words


def in_every_language(key: str, **values: object) -> set[str]:
    """The text of ``key`` in each language (formatted), e.g. every default name."""
    return {catalog(lang).get(key, key).format(**values) for lang in LANGS}


AI_NAMES = ("somchai", "malee", "niran", "pim")
"""The keys of the names the game gives its AI players (``ai_name.KEY``)."""


def ai_name(i: int) -> str:
    """The ``i``-th AI player's name in the current language."""
    return t(f"ai_name.{AI_NAMES[i % len(AI_NAMES)]}")


def shown_name(name: str, seat: int) -> str:
    """``name`` as it is shown now: a name the game itself gives a person in
    ``seat`` ("You", "Player 2") or an AI player ("Somchai", สมชาย), in any
    language, reads in the current one; a name a person chose stays as it is."""
    if name in in_every_language("seat.you"):
        return t("seat.you")
    if name in in_every_language("seat.player", n=seat + 1):
        return t("seat.player", n=seat + 1)
    for key in AI_NAMES:
        if name in in_every_language(f"ai_name.{key}"):
            return t(f"ai_name.{key}")
    return name


def _is_person_name(name: str, seat: int) -> bool:
    return name in in_every_language("seat.you") or name in in_every_language(
        "seat.player", n=seat + 1
    )


def _is_ai_name(name: str) -> bool:
    return any(name in in_every_language(f"ai_name.{key}") for key in AI_NAMES)


def names_for_seats(
    names: list[str], humans: list[bool], shown: int, changed: int | None = None
) -> list[str]:
    """The seats' names after seat ``changed`` turns from a person into an AI
    or back (or the table grows or shrinks to ``shown`` seats).

    The names the game gives follow the seats: one person at the table is
    "You", several are "Player N"; an AI seat has an AI name that no other
    seat has.  A name a person typed stays.
    """
    people = sum(humans[:shown])
    out = list(names)
    for i, human in enumerate(humans):
        if not human:
            continue
        if _is_person_name(out[i], i) or (i == changed and _is_ai_name(out[i])):
            out[i] = t("seat.you") if people == 1 else t("seat.player", n=i + 1)
    for i, human in enumerate(humans):
        if human:
            continue
        taken = {n.casefold() for j, n in enumerate(out) if j != i}
        if _is_person_name(out[i], i) or (_is_ai_name(out[i]) and out[i].casefold() in taken):
            # the seat's own AI name (seat 2 is Somchai) when no other seat has it
            order = [i - 1 if i else 0, *range(len(AI_NAMES))]
            free = [ai_name(k) for k in order if ai_name(k).casefold() not in taken]
            if free:
                out[i] = free[0]
    return out


def system_language() -> Literal["en", "th"]:
    """Thai when the terminal's locale is Thai (``th_TH.UTF-8``), else English.

    The variables are read in the order gettext gives them precedence:
    LANGUAGE (its first entry), LC_ALL, LC_MESSAGES, LANG.
    """
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "").split(":")[0].strip()
        if value:
            return "th" if value.lower().startswith("th") else "en"
    return "en"


def set_language(lang: str) -> None:
    global _current
    _current = lang if lang in LANGS else "en"
    key_fields.cache_clear()  # the keys are named in the language


def language() -> str:
    return _current


def has(key: str) -> bool:
    return key in catalog(_current) or key in catalog("en")


def _found(catalog_of: Callable[[str], dict[str, str]], key: str, n: object) -> str | None:
    """``key`` in the current language's catalog, else in English (``KEY_one``
    when ``n`` is 1); None when neither has it."""
    one = n == 1 and not isinstance(n, bool)
    for lang in (_current, "en"):
        texts = catalog_of(lang)
        text = texts.get(f"{key}_one") if one else None
        if text is None:
            text = texts.get(key)
        if text is not None:
            return text
    return None


def template(key: str, n: object = None) -> str:
    """The unformatted text of ``key`` in the current language (singular when ``n`` is 1)."""
    text = _found(catalog, key, n)
    return key if text is None else text


_keys: dict[str, str] = {}


def set_keys(keymap: dict[str, str]) -> None:
    """The keys the player's keymap binds, by binding id: a text's ``{k_ID}``
    field names the key of ``ID`` ("draw (j)" once draw is on j)."""
    _keys.clear()
    _keys.update(keymap)
    key_fields.cache_clear()


@cache
def key_fields() -> dict[str, str]:
    """``{"k_draw": "d", …}``: the fields that name each binding's key."""
    from dummy_tui.keynames import DEFAULT_KEYS, shown_key

    if _current == "en":
        named = {bid: shown_key(_keys.get(bid, keys)) for bid, keys in DEFAULT_KEYS.items()}
    else:
        named = {bid: key_name(_keys.get(bid, keys)) for bid, keys in DEFAULT_KEYS.items()}
    return {f"k_{bid}": name for bid, name in named.items()}


def key_name(keys: str) -> str:
    """The first of ``keys`` as a key is written in the current language's own
    words (``keyname.*``): in Thai the key caps' names ("Ctrl+S", "Esc",
    "Home") and สเปซบาร์, not the terminal's shorthand ("^s", "esc")."""
    from dummy_tui.keynames import SYMBOLS

    *modifiers, base = keys.split(",")[0].strip().split("+")
    name = t(f"keyname.{base}") if has(f"keyname.{base}") else SYMBOLS.get(base, base)
    for modifier in reversed(modifiers):
        # {NAME}: a letter as its key cap shows it (Ctrl+S)
        name = t(f"keyname.{modifier}", name=name, NAME=name.upper() if len(name) == 1 else name)
    return name


def t(key: str, **values: object) -> str:
    """The text of ``key`` in the current language, with ``{name}`` fields
    filled (``{k_ID}``: the key bound to ``ID``)."""
    text = template(key, values.get("n"))
    if "{k_" in text:
        values = {**key_fields(), **values}
    if values:
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def preset_name(name: str) -> str:
    """A preset's name in the current language (``presetname.NAME``); a preset
    of a player's own rules file with no name in the catalog keeps its own."""
    key = f"presetname.{name}"
    return t(key) if has(key) else name


def option_name(key: str) -> str:
    """An option's name in the current language (``optname.KEY``), else its key."""
    name = f"optname.{key}"
    return t(name) if has(name) else key


def ruleset_problem(exc: RulesetError, named: bool = False) -> str:
    """A preset or an option that cannot be used, in the catalog's words
    (``opterr.KIND``) where the error names its kind; the loader's own line
    for other faults (a rules file that is not TOML).  The option is named by
    its key, as typed after ``--options``, or (``named``: on a screen that
    shows the options by name) by its name in the language."""
    key = f"opterr.{exc.problem}"
    if not exc.problem or not has(key):
        return str(exc)
    params: dict[str, object] = dict(exc.params)
    if "choices" in params:
        params["choices"] = str(params["choices"]).replace(" or ", t("opterr.or"))
    text = t(key, **params)
    if exc.option is None:
        return text
    if named:
        return t("opterr.named_line", option=option_name(exc.option), problem=text)
    return t("opterr.line", option=exc.option, problem=text)


def say(key: str, **values: object) -> str:
    """A line a command prints (``dummy-tui rules``, ``stats``…) in the current
    language, from ``cli.LANG.toml`` (singular ``KEY_one`` when ``n`` is 1)."""
    text = _found(cli_catalog, key, values.get("n"))
    if text is None:
        return key
    return text.format(**values) if values else text


def command_line_problem(exc: ValueError) -> str:
    """A preset's or an option's fault as the command line says it: the
    loader's own line in English (it names the file and the preset), the
    catalog's words (:func:`ruleset_problem`) in another language."""
    from dummy_tui.rules.loader import RulesetError

    if _current == "en" or not isinstance(exc, RulesetError):
        return str(exc)
    return ruleset_problem(exc)
