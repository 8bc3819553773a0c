"""The new-game form's parts: its fields, the options of a family, the form's data.

Nothing here loads the schema at import: the new-game screen is the first one
drawn (the schema is read when the options section opens).
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Literal, get_args, get_origin

from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Input, Static

from dummy_tui.i18n import ai_name, catalog, has, option_name, t
from dummy_tui.problems import NAME_LIMIT
from dummy_tui.ui.common import AI_SPEEDS
from dummy_tui.ui.widgets.choice import Choice
from dummy_tui.ui.widgets.field import TextField
from dummy_tui.ui.widgets.number import NumberInput

if TYPE_CHECKING:
    from dummy_tui.ui.settings import GameSetup

NOT_EDITED = frozenset({"family", "description", "target_score"})
"""Fields this screen does not list as options (the target score has its own line)."""


def family_options(family: str) -> dict[str, Any]:
    """The options of ``family`` this screen edits, in the schema's order, with
    their types: switches (bool), numbers (int) and words (a Literal).  The
    tables (hand_size, rank_points) and lists (speto_cards) are left to the
    presets file and ``--options``."""
    from dummy_tui.rules import RULESET_TYPES

    out: dict[str, Any] = {}
    model = RULESET_TYPES[family]
    for key, field in model.model_fields.items():
        kind = field.annotation
        # the match's length has its own line (the target score, or the deals)
        if (
            key not in NOT_EDITED
            and key != model.MATCH_LENGTH
            and (kind in (bool, int) or get_origin(kind) is Literal)
        ):
            out[key] = kind
    return out


def option_groups(family: str) -> list[tuple[str | None, list[str]]]:
    """The options :func:`family_options` lists, in the family's groups (a group
    name, then its keys; None: the family has no groups).  An option the groups
    leave out comes last, on its own."""
    from dummy_tui.rules import RULESET_TYPES

    edited = family_options(family)
    out: list[tuple[str | None, list[str]]] = []
    placed: set[str] = set()
    for name, keys in RULESET_TYPES[family].OPTION_GROUPS:
        found = [k for k in keys if k in edited]
        placed.update(found)
        if found:
            out.append((name, found))
    rest = [k for k in edited if k not in placed]
    if rest:
        out.append((None, rest))
    return out


def form_of(
    setup: GameSetup | Mapping[str, Any] | None, levels: tuple[str, ...]
) -> tuple[list[tuple[str, str]], str, dict[str, Any]]:
    """(seats as (name, kind), ruleset, options) of a set-up or its saved data.

    The data of the settings file is not checked yet: anything that does not
    fit (an AI level not among ``levels``) is replaced by the quick game's value.
    """
    data: Mapping[str, Any] = {}
    if isinstance(setup, Mapping):
        data = setup
    elif setup is not None:
        data = setup.model_dump()
    seats: list[tuple[str, str]] = []
    raw = data.get("seats")
    if isinstance(raw, list) and 2 <= len(raw) <= 4:
        for seat in raw:
            name = seat.get("name") if isinstance(seat, Mapping) else None
            if not isinstance(name, str) or len(name) > NAME_LIMIT:
                seats = []
                break
            level = seat.get("level", "normal")
            kind = "human" if seat.get("human") is True else level
            seats.append((name, kind if kind == "human" or kind in levels else "normal"))
    ruleset = data.get("ruleset")
    options = data.get("options")
    if not seats:
        # the quick game's seats (settings.quick_setup), without loading pydantic
        # for the first frame of a first start
        seats = [(t("seat.you"), "human"), *((ai_name(i), "normal") for i in range(3))]
    return (
        seats,
        ruleset if isinstance(ruleset, str) else "dummy",
        dict(options) if isinstance(options, Mapping) else {},
    )


class FormError(ValueError):
    """A value of the form that cannot be used, and the id of its field."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    return json.dumps(value)


OPTION_WIDTH = 18
"""Cells of an option's value field (a number, or ``‹ owner_or_self ›``)."""


def value_words(key: str, words: tuple[object, ...]) -> list[tuple[str, Hashable]]:
    """The settings of an option of a few words, each in the current language."""
    out: list[tuple[str, Hashable]] = []
    for word in words:
        label = f"optval.{key}_{word}"
        out.append((t(label) if has(label) else str(word), str(word)))
    return out


def on_off() -> list[tuple[str, Hashable]]:
    return [(t("ng.on"), True), (t("ng.off"), False)]


def option_field(key: str, kind: Any, value: object) -> Input | Choice:
    """The field of one option: on/off for a yes-or-no rule, its words for a
    rule with a few settings (stepped with ← →), a number field otherwise."""
    words = get_args(kind) if get_origin(kind) is Literal else ()
    if kind is bool or words:
        options = on_off() if kind is bool else value_words(key, words)
        classes = "opt-value opt-bool" if kind is bool else "opt-value opt-words"
        return Choice(options, value, width=OPTION_WIDTH, id=f"opt-{key}", classes=classes)
    if kind is int and isinstance(value, int):
        return NumberInput(str(value), id=f"opt-{key}", classes="opt-value", compact=True)
    return TextField(_shown(value), id=f"opt-{key}", classes="opt-value", compact=True)


def option_line(key: str, kind: Any, value: object) -> Horizontal:
    """One option's line: its field (:func:`option_field`), then its name, the
    ``--options`` key and what it does."""
    return Horizontal(
        option_field(key, kind, value),
        Vertical(
            Horizontal(
                Static(option_name(key), classes="opt-name", name=key),
                # the key as typed on the command line: shown on the English
                # screens only (dummy.tcss hides it on a Thai one)
                Static(f"--options {key}=…", classes="opt-key"),
                classes="opt-head",
            ),
            Static(t(f"opt.{key}"), classes="opt-doc", id=f"doc-{key}", name=key),
            classes="opt-text",
        ),
        classes="opt-line",
        id=f"optline-{key}",
    )


class FormScroll(VerticalScroll, inherit_bindings=False):
    """The form's scrolling column: ↑ and ↓ go from field to field, as Tab does.

    A plain scroll container would take them to scroll the page, so a player
    who moved down with the arrows would never leave the first button.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "app.focus_next", "Next field", show=False),
        Binding("up", "app.focus_previous", "Previous field", show=False),
        Binding("home", "scroll_home", show=False),
        Binding("end", "scroll_end", show=False),
        Binding("pageup", "page_up", show=False),
        Binding("pagedown", "page_down", show=False),
    ]


def speed_options() -> list[tuple[str, Hashable]]:
    """The AI speeds, fastest first, in words with their seconds."""

    return [(t(f"ng.speed_{i}", seconds=f"{s:.1f}"), i) for i, s in enumerate(AI_SPEEDS)]


def kind_options(levels: tuple[str, ...]) -> list[tuple[str, str]]:
    """A seat's kinds: a person, or the AI at each level (``ai.LEVELS``, weakest first)."""
    return [(t("ng.kind_human"), "human")] + [
        (t("ng.kind_ai", level=t(f"level.{lvl}")), lvl) for lvl in levels
    ]


def preset_keys() -> set[str]:

    return {k for k in catalog("en") if k.startswith("preset.")}
