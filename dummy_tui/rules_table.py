"""``dummy-tui rules``: the presets and options as tables on the terminal.

In English every option is shown by its key and every value as
``rulesets.toml`` and ``--options`` write it.  In Thai each preset and option
is shown by its Thai name (its key dim beside it, as typed after
``--options``) and each value in words: a switch is ใช้ or ไม่ใช้, a setting
its Thai word, the hand sizes "2 คน 11 ใบ".
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from dummy_tui.families import FAMILIES
from dummy_tui.i18n import has, language, option_name, preset_name, say, set_language, t
from dummy_tui.printing import text_console
from dummy_tui.rules.loader import (
    PACKAGED_NAME,
    get_ruleset,
    load_rulesets,
    option_docs,
    toml_key,
)


def toml_value(value: object) -> str:
    """*value* written as in ``rulesets.toml`` (and as ``--options`` reads it)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        items = ", ".join(f"{toml_key(key)} = {toml_value(item)}" for key, item in value.items())
        return "{ " + items + " }"
    return str(value)


def value_text(key: str, value: object) -> str:
    """*value* of option *key* as the current language says it: the TOML text
    in English, words in another language."""
    if language() == "en":
        return toml_value(value)
    if isinstance(value, bool):
        return t("ng.on") if value else t("ng.off")
    if isinstance(value, str) and has(f"optval.{key}_{value}"):
        return t(f"optval.{key}_{value}")
    if key == "hand_size" and isinstance(value, dict):
        return say("out.rules.join").join(
            say("out.rules.hand_size", players=players, cards=cards)
            for players, cards in value.items()
        )
    if isinstance(value, dict):
        return say("out.rules.join").join(_rank_points(value))
    if isinstance(value, list | tuple):
        return " ".join(_card(str(item)) for item in value)
    return str(value)


def _rank_points(points: dict[Any, Any]) -> list[str]:
    """Ranks in a row worth the same, together: "2–9 ใบละ 5"."""
    groups: list[tuple[str, str, object]] = []
    for rank, value in points.items():
        if groups and groups[-1][2] == value:
            groups[-1] = (groups[-1][0], str(rank), value)
        else:
            groups.append((str(rank), str(rank), value))
    return [
        say("out.rules.rank_points", ranks=first if first == last else f"{first}–{last}", points=v)
        for first, last, v in groups
    ]


def _card(text: str) -> str:
    """A card of the rules ("2C") with its suit's symbol where the output can write it."""
    from dummy_tui.engine.cards import SUIT_SYMBOLS, card_pretty, parse_card

    try:
        card = parse_card(text)
    except ValueError:
        return text
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        SUIT_SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return card_pretty(card, ascii_only=True)
    return card_pretty(card)


def _named(name: str, key: str) -> Text:
    """A preset's or an option's name in the language, its key dim below it
    (English: the key alone)."""
    if name == key:
        return Text(key)
    shown = Text(name)
    shown.append(f"\n{key}", style="dim")
    return shown


def _family(family: str) -> str:
    return t(FAMILIES[family].words.name) if language() != "en" else family


def print_presets(
    path: Path | None = None, console: Console | None = None, lang: str | None = None
) -> None:
    """Every preset with its description, then every option with default and meaning."""
    from dummy_tui.ui.cells import glue_numbers

    before = language()
    if lang is not None:
        set_language(lang)
    glue_numbers()  # a number stays with its word when a column wraps
    try:
        console = console or text_console()
        rulesets = load_rulesets(path)
        source = PACKAGED_NAME if path is None else str(path)
        english = language() == "en"
        presets = Table(title=Text(say("out.rules.presets", source=source)), title_justify="left")
        presets.add_column(say("out.rules.preset"), no_wrap=True)
        presets.add_column(say("out.rules.family"), no_wrap=True)
        presets.add_column(say("out.rules.description"))
        for name, ruleset in rulesets.items():
            about = ruleset.description if english else t(f"preset.{name}")
            if not has(f"preset.{name}"):
                about = ruleset.description  # a preset of one's own file
            presets.add_row(
                _named(preset_name(name), name), Text(_family(ruleset.family)), Text(about)
            )
        console.print(presets)
        for family in dict.fromkeys(ruleset.family for ruleset in rulesets.values()):
            options = Table(
                title=Text(say("out.rules.options", family=_family(family))),
                title_justify="left",
                expand=True,
            )
            options.add_column(say("out.rules.option"), no_wrap=True)
            options.add_column(say("out.rules.default"), ratio=2)
            options.add_column(say("out.rules.meaning"), ratio=3)
            for key, default, meaning in option_docs(family):
                if not english and has(f"opt.{key}"):
                    meaning = t(f"opt.{key}")
                options.add_row(
                    _named(_option_name(key), key), Text(value_text(key, default)), Text(meaning)
                )
            console.print()
            console.print(options)
        console.print()
        console.print(Text(say("out.rules.closing")))
    finally:
        set_language(before)


def _option_name(key: str) -> str:

    return key if language() == "en" else option_name(key)


def print_preset(name: str, path: Path | None = None, console: Console | None = None) -> None:
    """One preset's values, marking those that differ from the defaults."""
    from dummy_tui.ui.cells import glue_numbers

    glue_numbers()
    console = console or text_console()
    ruleset = get_ruleset(name, path)
    english = language() == "en"
    about = ruleset.description if english or not has(f"preset.{name}") else t(f"preset.{name}")
    shown = name if english else preset_name(name)
    table = Table(
        title=Text(
            say(
                "out.rules.preset_title",
                shown=shown,
                name=name,
                family=_family(ruleset.family),
                description=about,
            )
        ),
        title_justify="left",
        caption=Text(say("out.rules.differs")),
        caption_justify="left",
    )
    table.add_column("", no_wrap=True)
    table.add_column(say("out.rules.option"), no_wrap=True)
    table.add_column(say("out.rules.value"))
    table.add_column(say("out.rules.default"))
    for key, default, _meaning in option_docs(ruleset.family):
        value = getattr(ruleset, key)
        option = _named(_option_name(key), key)
        if value == default:
            table.add_row(Text(""), option, Text(value_text(key, value)), Text(""))
        else:
            option.stylize("bold", 0, len(option.plain.split("\n")[0]))
            table.add_row(
                Text("*", style="bold"),
                option,
                Text(value_text(key, value), style="bold"),
                Text(value_text(key, default)),
            )
    console.print(table)


__all__ = ["print_preset", "print_presets", "toml_value", "value_text"]
