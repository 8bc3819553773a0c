"""What of the config file only the interface can check, and the player's own themes.

The keymap's keys against each other (two ids of one screen on one key), the
theme against the themes there are: Textual's and the player's own, each a
file ``themes/NAME.toml`` of the settings folder (as :data:`EXAMPLE_THEME`),
offered in the theme list with Textual's.  What cannot be used is a
:class:`~dummy_tui.config.Problem` like the config file's: the file, the key,
what is wrong; the rest of a theme file still applies, and a theme without a
usable main colour is left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from dummy_tui.config import Config, Problem, kind_of, problem, read_table, shown_value

if TYPE_CHECKING:
    from textual.theme import Theme

THEMES_FOLDER = "themes"

COLOURS = (
    "primary",
    "secondary",
    "accent",
    "warning",
    "error",
    "success",
    "foreground",
    "background",
    "surface",
    "panel",
    "boost",
)
"""The colours a theme file may set (``primary`` it must)."""

THEME_KEYS = ("name", *COLOURS, "dark")

EXAMPLE_THEME = """\
# themes/sunset.toml: a theme named "sunset" (the file's name, or name = "...")
primary = "#ff7f50"
accent = "#ffd166"
background = "#1e1e2e"
dark = true
"""


@dataclass(slots=True)
class UserThemes:
    """The player's themes that can be used, and what is wrong in their files."""

    themes: list[Theme] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def themes_folder() -> Path:
    from dummy_tui.storage import config_dir

    return config_dir() / THEMES_FOLDER


def load_user_themes(folder: Path | None = None) -> UserThemes:
    """Every ``*.toml`` of ``folder`` (default: :func:`themes_folder`), in name order."""
    from textual.theme import BUILTIN_THEMES

    folder = themes_folder() if folder is None else folder
    found = UserThemes()
    try:
        files = sorted(p for p in folder.glob("*.toml") if p.is_file())
    except OSError:  # no folder, or one that cannot be listed: no themes of one's own
        return found
    taken: dict[str, Path] = {}
    for path in files:
        theme = _theme(path, found.problems)
        if theme is None:
            continue
        if theme.name in BUILTIN_THEMES:
            found.problems.append(
                problem(path, "name", "config.builtin_theme", name=repr(theme.name))
            )
        elif theme.name in taken:
            other = str(taken[theme.name])
            found.problems.append(
                problem(path, "name", "config.theme_twice", name=repr(theme.name), other=other)
            )
        else:
            taken[theme.name] = path
            found.themes.append(theme)
    return found


def _theme(path: Path, problems: list[Problem]) -> Theme | None:
    from textual.color import Color, ColorParseError
    from textual.theme import Theme

    table = read_table(path, problems, missing_ok=False)
    if table is None:
        return None
    said = Config(path=path)  # collects the problems of the file's keys
    name = path.stem
    colours: dict[str, str] = {}
    dark = True
    for key, value in table.items():
        if key not in THEME_KEYS:
            said.problem(key, "config.unknown_key", keys=", ".join(THEME_KEYS))
        elif key == "name":
            if isinstance(value, str) and value.strip():
                name = value.strip()
            elif isinstance(value, str):
                said.problem(key, "config.empty")
            else:
                said.problem(
                    key, "config.theme_type", kind=kind_of(value), value=shown_value(value)
                )
        elif key == "dark":
            if isinstance(value, bool):
                dark = value
            else:
                said.problem(key, "config.boolean", kind=kind_of(value), value=shown_value(value))
        else:
            try:
                if not isinstance(value, str):
                    raise ColorParseError(repr(value))
                Color.parse(value)
            except ColorParseError:
                said.problem(key, "config.colour", value=shown_value(value))
            else:
                colours[key] = value
    if "primary" not in table:
        said.problem(None, "config.no_primary")
    problems.extend(said.problems)
    if "primary" not in colours:
        return None
    get = colours.get
    return Theme(
        name=name,
        primary=colours["primary"],
        secondary=get("secondary"),
        accent=get("accent"),
        warning=get("warning"),
        error=get("error"),
        success=get("success"),
        foreground=get("foreground"),
        background=get("background"),
        surface=get("surface"),
        panel=get("panel"),
        boost=get("boost"),
        dark=dark,
    )


def check_config(config: Config, user: UserThemes | None = None) -> list[Problem]:
    """Every problem of the config: the file's own, its theme files', two ids
    of one screen on one key, a theme that is not there."""
    from textual.theme import BUILTIN_THEMES

    from dummy_tui.ui.keys import clashes

    user = load_user_themes() if user is None else user
    problems = [*config.problems, *user.problems]
    for key, moved, other in clashes(config.keymap):
        problems.append(
            problem(
                config.path, f"keymap.{moved}", "config.clash", name=repr(key), other=repr(other)
            )
        )
    names = {*BUILTIN_THEMES, *(theme.name for theme in user.themes)}
    if config.theme is not None and config.theme not in names:
        themes = ", ".join(sorted(names))
        problems.append(
            problem(config.path, "theme", "config.no_theme", name=repr(config.theme), themes=themes)
        )
    return problems
