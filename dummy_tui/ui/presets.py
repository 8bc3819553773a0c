"""What the new-game screen shows of each preset, read straight from the TOML.

The new-game screen is the first thing drawn, so it reads the presets file
with ``tomllib`` only: names, families, descriptions, player counts and
target scores.  The presets are checked against the schema (and any mistake
reported in one line) when a game is started from them.
"""

from __future__ import annotations

import contextlib
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FAMILY_DEFAULTS: dict[str, tuple[tuple[int, ...], int]] = {
    "dummy": ((2, 3, 4), 500),
    "rummy": ((2, 3, 4), 100),
    "gin": ((2,), 100),
    "persian": ((4,), 500),
}
"""Each family's player counts and target score when a preset leaves them out."""


@dataclass(frozen=True, slots=True)
class PresetInfo:
    """A preset as the new-game screen lists it."""

    name: str
    family: str
    description: str
    player_counts: tuple[int, ...]
    target_score: int


PACKAGED = Path(__file__).parent.parent / "rulesets.toml"
"""The presets that come with the game."""

FALLBACK = {"dummy": PresetInfo("dummy", "dummy", "", *FAMILY_DEFAULTS["dummy"])}
"""What is offered when the presets file cannot be read at all."""


def read_presets(path: Path | None = None) -> dict[str, PresetInfo]:
    """The presets of a rulesets file (``None``: the packaged one), in the file's order.

    Nothing here raises: a file that cannot be read offers the Dummy defaults,
    and a preset whose family is unknown is left out.  Starting a game checks
    the preset fully and says what is wrong.
    """
    try:
        raw = PACKAGED.read_bytes() if path is None else path.read_bytes()
        data = tomllib.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        # not UTF-8, not TOML, an integer too long to read, tables nested too deeply
        return dict(FALLBACK)
    presets = data.get("presets")
    out: dict[str, PresetInfo] = {}
    if isinstance(presets, dict):
        for name, table in presets.items():
            info = _info(str(name), table)
            if info is not None:
                out[info.name] = info
    return out or dict(FALLBACK)


def _info(name: str, table: Any) -> PresetInfo | None:
    if not isinstance(table, dict):
        return None
    family = table.get("family")
    if not isinstance(family, str) or family not in FAMILY_DEFAULTS:
        return None
    counts, target = FAMILY_DEFAULTS[family]
    sizes = table.get("hand_size")
    if isinstance(sizes, dict):
        with contextlib.suppress(ValueError):
            counts = tuple(sorted(int(k) for k in sizes))
    value = table.get("target_score")
    if isinstance(value, int) and not isinstance(value, bool):
        target = value
    description = table.get("description")
    return PresetInfo(
        name=name,
        family=family,
        description=description if isinstance(description, str) else "",
        player_counts=counts or FAMILY_DEFAULTS[family][0],
        target_score=target,
    )
