"""``dummy-tui rules``: the presets and options as tables on the terminal."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

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


def _thai_presets(rulesets: dict[str, Any], source: str, console: Console) -> None:
    """The Thai listing: each preset and option by its Thai name, its key beside it."""
    from dummy_tui.ui.i18n import catalog

    th = catalog("th")
    presets = Table(title=Text(f"แบบกติกา ({source})"), title_justify="left")
    presets.add_column("แบบกติกา", no_wrap=True)
    presets.add_column("เกม", no_wrap=True)
    presets.add_column("คำอธิบาย")
    for name, ruleset in rulesets.items():
        shown = Text(th.get(f"presetname.{name}", name))
        shown.append(f"\n{name}", style="dim")
        about = th.get(f"preset.{name}", ruleset.description)
        presets.add_row(
            shown, Text(th.get(f"top.game_{ruleset.family}", ruleset.family)), Text(about)
        )
    console.print(presets)
    for family in dict.fromkeys(ruleset.family for ruleset in rulesets.values()):
        game = th.get(f"top.game_{family}", family)
        options = Table(title=Text(f"ตัวเลือกของ{game}"), title_justify="left", expand=True)
        options.add_column("ตัวเลือก", no_wrap=True)
        options.add_column("ค่าปกติ", ratio=2)
        options.add_column("ความหมาย", ratio=3)
        for key, default, meaning in option_docs(family):
            shown = Text(th.get(f"optname.{key}", key))
            if f"optname.{key}" in th:
                shown.append(f"\n{key}", style="dim")
            options.add_row(shown, Text(toml_value(default)), Text(th.get(f"opt.{key}", meaning)))
        console.print()
        console.print(options)
    console.print()
    console.print(
        Text("เปลี่ยนตัวเลือกสำหรับเกมเดียว: dummy-tui play --options ชื่อตัวเลือก=ค่า (ค่าเขียนแบบข้างบน)")
    )


def print_presets(
    path: Path | None = None, console: Console | None = None, lang: str = "en"
) -> None:
    """Every preset with its description, then every option with default and meaning."""
    console = console or Console()
    rulesets = load_rulesets(path)
    source = PACKAGED_NAME if path is None else str(path)
    if lang == "th":
        _thai_presets(dict(rulesets), source, console)
        return

    presets = Table(title=Text(f"Presets ({source})"), title_justify="left")
    presets.add_column("preset", no_wrap=True)
    presets.add_column("family", no_wrap=True)
    presets.add_column("description")
    for name, ruleset in rulesets.items():
        presets.add_row(Text(name), Text(ruleset.family), Text(ruleset.description))
    console.print(presets)

    for family in dict.fromkeys(ruleset.family for ruleset in rulesets.values()):
        options = Table(title=Text(f"Options of {family}"), title_justify="left", expand=True)
        options.add_column("option", no_wrap=True)
        options.add_column("default", ratio=2)
        options.add_column("meaning", ratio=3)
        for key, default, meaning in option_docs(family):
            options.add_row(Text(key), Text(toml_value(default)), Text(meaning))
        console.print()
        console.print(options)
    console.print()
    console.print(
        Text(
            "Change an option for one game with: dummy-tui play --options KEY=VALUE "
            "(VALUE as written above)"
        )
    )


def print_preset(name: str, path: Path | None = None, console: Console | None = None) -> None:
    """One preset's values, marking those that differ from the defaults."""
    console = console or Console()
    ruleset = get_ruleset(name, path)
    table = Table(
        title=Text(f"Preset {name} ({ruleset.family}): {ruleset.description}"),
        title_justify="left",
        caption=Text("* differs from the default"),
        caption_justify="left",
    )
    table.add_column("", no_wrap=True)
    table.add_column("option", no_wrap=True)
    table.add_column("value")
    table.add_column("default")
    for key, default, _meaning in option_docs(ruleset.family):
        value = getattr(ruleset, key)
        if value == default:
            table.add_row(Text(""), Text(key), Text(toml_value(value)), Text(""))
        else:
            table.add_row(
                Text("*", style="bold"),
                Text(key, style="bold"),
                Text(toml_value(value), style="bold"),
                Text(toml_value(default)),
            )
    console.print(table)
