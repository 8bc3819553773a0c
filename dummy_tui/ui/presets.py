"""What the new-game screen needs from the rules and the AI, for its first frame.

The presets (names, families, descriptions, player counts, target scores),
each family's player counts and the AI levels come from their one source,
:mod:`dummy_tui.rules` (the presets file read through the schema) and
:data:`dummy_tui.ai.LEVELS`.  Those modules load pydantic and the engine,
which would double the time to the first frame; so what they say is kept in a
small file in the cache folder, under a fingerprint of everything it is
derived from (the presets file and the modules' own source).  When the
fingerprint matches, the first frame reads that file; otherwise (an edited
presets file, another version) the facts are worked out from the modules and
the file written again.  The facts of the packaged presets also come with the
game (:data:`SHIPPED`, under the same fingerprint), so that the very first
start after an install does not wait for them either; a test holds that file
to what the modules say (:func:`ship` writes it again).
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from dummy_tui.families import HOME

PACKAGE = Path(__file__).parent.parent
PACKAGED = PACKAGE / "rulesets.toml"
"""The presets that come with the game."""
SOURCES = ("rules/schema.py", "rules/loader.py", "ai/__init__.py", "__init__.py")
"""The modules the facts are derived from (inside the package)."""
CACHE_FORMAT = 2
SHIPPED = Path(__file__).with_name("start_facts.json")
"""The facts of :data:`PACKAGED`, as the cache keeps them, shipped with the game."""


@dataclass(frozen=True, slots=True)
class PresetInfo:
    """A preset as the new-game screen lists it."""

    name: str
    family: str
    description: str
    player_counts: tuple[int, ...]
    target_score: int
    length_key: str = "target_score"
    """The option that says how long a match lasts: ``target_score``, or ``deals``."""
    length: int = 500
    """Its value in the preset."""


@dataclass(frozen=True, slots=True)
class StartFacts:
    """What the new-game screen shows before the rules and the AI are loaded."""

    presets: dict[str, PresetInfo]
    """Every preset of the rules file, in its order (Dummy's defaults if it cannot be read)."""
    family_counts: dict[str, tuple[int, ...]]
    """Each family's player counts at its defaults (gin is for two, Persian for four)."""
    levels: tuple[str, ...]
    """The AI levels, weakest first."""


def read_presets(path: Path | None = None) -> dict[str, PresetInfo]:
    """The presets of a rulesets file (``None``: the packaged one), in the file's order."""
    return start_facts(path).presets


def start_facts(path: Path | None = None) -> StartFacts:
    """The facts for a rules file (``None``: the packaged one), cached (see the module)."""
    key = fingerprint(path)
    cache = cache_path()
    if key is not None:
        found = _from_cache(cache, key)
        if found is None and path is None:
            found = _from_cache(SHIPPED, key)  # the first start after an install
        if found is not None:
            return found
    facts = worked_out(path)
    if key is not None:
        _write_cache(cache, key, facts)
    return facts


def worked_out(path: Path | None = None) -> StartFacts:
    """The facts, from the schema and the AI themselves (loads pydantic and the engine)."""
    from dummy_tui.ai import LEVELS
    from dummy_tui.rules import RULESET_TYPES, RulesetError, load_rulesets

    try:
        rulesets = dict(load_rulesets(path))
    except RulesetError:
        # starting a game reads the file again and says what is wrong with it
        rulesets = {HOME: RULESET_TYPES[HOME]()}  # the home family's preset is named after it
    presets = {
        name: PresetInfo(
            name,
            rules.family,
            rules.description,
            rules.player_counts,
            rules.target_score,
            rules.MATCH_LENGTH,
            getattr(rules, rules.MATCH_LENGTH),
        )
        for name, rules in rulesets.items()
    }
    counts = {family: model().player_counts for family, model in RULESET_TYPES.items()}
    return StartFacts(presets, counts, tuple(LEVELS))


def fingerprint(path: Path | None) -> str | None:
    """A digest of the rules file and of the modules the facts come from; None
    when one of them cannot be read (the facts are then worked out each time)."""
    from dummy_tui.storage import content_key

    try:
        rules = (PACKAGED if path is None else path).read_bytes()
        sources = [(PACKAGE / name).read_bytes() for name in SOURCES]
    except OSError:
        return None
    return f"{CACHE_FORMAT}:{path}:{content_key(rules, *sources)}"


def ship() -> None:
    """Write :data:`SHIPPED` again from the packaged presets and the modules
    (after a change to either: ``python -c "from dummy_tui.ui.presets import
    ship; ship()"``)."""
    key = fingerprint(None)
    assert key is not None
    _write_cache(SHIPPED, key, worked_out(None), indent=1)


def cache_path() -> Path:
    from dummy_tui.storage import cache_dir

    return cache_dir() / "start.json"


def _from_cache(path: Path, key: str) -> StartFacts | None:
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
        if data["key"] != key:
            return None
        presets = {
            name: PresetInfo(
                name,
                str(p["family"]),
                str(p["description"]),
                tuple(int(n) for n in p["player_counts"]),
                int(p["target_score"]),
                str(p["length_key"]),
                int(p["length"]),
            )
            for name, p in data["presets"].items()
        }
        counts = {str(f): tuple(int(n) for n in c) for f, c in data["family_counts"].items()}
        return StartFacts(presets, counts, tuple(str(level) for level in data["levels"]))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None  # missing, damaged or old: worked out again


def _write_cache(path: Path, key: str, facts: StartFacts, indent: int | None = None) -> None:
    from dummy_tui.storage import atomic_write

    data = {
        "key": key,
        "presets": {name: asdict(info) for name, info in facts.presets.items()},
        "family_counts": facts.family_counts,
        "levels": facts.levels,
    }
    with contextlib.suppress(OSError):  # no cache: the next start works them out again
        atomic_write(path, json.dumps(data, ensure_ascii=False, indent=indent))
