"""Shell completion scripts (``dummy-tui --print-completion bash|zsh|fish``),
written by `shtab <https://github.com/iterative/shtab>`_ from the argparse
parser: every subcommand and flag, argparse's own choices, and the values the
parser cannot know of itself, given to shtab here: the preset names (``--ruleset``,
``rules NAME``), the AI levels (``--ai``), the option keys (``--options KEY=``)
and file names (``replay FILE``, ``--log FILE``, ``--rules FILE``).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import Any

SHELLS = ("bash", "zsh", "fish")


def completion_script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The completion script of ``parser``'s program for ``shell``."""
    import shtab

    if shell not in SHELLS:
        raise ValueError(f"no completion for {shell!r} (shells: {', '.join(SHELLS)})")
    _annotate(parser, _values())
    return str(shtab.complete(parser, shell=shell))


def _values() -> dict[str, list[str]]:
    """The words of each kind of value: the presets, the AI levels, the option keys."""
    from dummy_tui.ai import LEVELS
    from dummy_tui.rules.loader import load_rulesets, option_docs

    presets = load_rulesets()
    keys: dict[str, None] = {}
    for family in dict.fromkeys(ruleset.family for ruleset in presets.values()):
        keys.update((f"{key}=", None) for key, _, _ in option_docs(family))
    return {"preset": sorted(presets), "level": list(LEVELS), "option": list(keys)}


def _words(kind: str, words: Iterable[str]) -> dict[str, Any]:
    """A shtab ``complete`` of fixed words, for each shell."""
    listed = " ".join(words)
    function = f"_dummy_tui_{kind}"
    return {
        "bash": function,
        "zsh": f"({listed})",
        "fish": listed,
        "preamble": {"bash": f'{function}() {{\n  compgen -W "{listed}" -- "$1"\n}}\n'},
    }


def _annotate(parser: argparse.ArgumentParser, values: dict[str, list[str]]) -> None:
    """Tell shtab what each action's value is, by its metavar (the help's own
    word for it): ``FILE`` a file, ``NAME`` a preset, ``LEVEL`` an AI level
    (except ``--log-level``, whose levels argparse knows), ``KEY=VALUE`` an option."""
    import shtab

    for sub in getattr(parser, "commands", {}).values():
        _annotate(sub, values)
    # the arguments as dummy_tui.cli's parser records them: argparse lists them
    # only under a private name
    for action in getattr(parser, "arguments", []):
        if action.choices is not None or action.nargs == 0:
            continue
        metavar = action.metavar if isinstance(action.metavar, str) else ""
        complete: Any = None
        if metavar in ("FILE", "PATH"):
            complete = shtab.FILE
        elif metavar == "NAME" and (
            action.dest == "ruleset" or (action.dest == "name" and parser.prog.endswith(" rules"))
        ):
            complete = _words("preset", values["preset"])
        elif metavar in ("LEVEL", "LEVELS") and action.dest == "ai":
            complete = _words("level", values["level"])
        elif metavar == "KEY=VALUE":
            complete = _words("option", values["option"])
        if complete is not None:
            action.complete = complete
