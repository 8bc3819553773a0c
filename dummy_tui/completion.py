"""Shell completion (``dummy-tui --print-completion bash|zsh|fish``) through the
argcomplete library.

The script a shell loads calls ``dummy-tui`` back at each Tab, with the
command line in its environment; :func:`autocomplete` answers from the parser
itself, before anything else runs: every subcommand and flag, the values
argparse knows the choices of, and the values the game knows that argparse
does not — the preset names (of ``--rules FILE`` when given), the AI levels
(each of a comma-separated list), the option keys of the preset's family
(``--options KEY=``), and file names where a file is wanted.  A flag that
takes a free value (a seed, a name) completes nothing.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any

SHELLS = ("bash", "zsh", "fish")

Completer = Callable[..., Iterable[str]]


def completion_script(prog: str, shell: str) -> str:
    """The script that makes ``shell`` complete ``prog``'s command lines."""
    if shell not in SHELLS:
        raise ValueError(f"no completion for {shell!r} (shells: {', '.join(SHELLS)})")
    from argcomplete.shell_integration import shellcode

    return shellcode([prog], shell=shell)


def complete_with(action: argparse.Action, completer: Completer) -> argparse.Action:
    """Give ``action`` its completer (argcomplete reads the attribute)."""
    action.completer = completer  # type: ignore[attr-defined]
    return action


# ---------------------------------------------------------------------------
# the completers: (prefix, parsed_args) → the words that may follow


def _rules_file(parsed: argparse.Namespace | None) -> dict[str, Any]:
    """The presets table of ``--rules FILE`` or of the packaged rulesets.toml, as
    plain TOML (no model is built: a Tab must be quick); empty if unreadable."""
    import tomllib
    from importlib import resources

    given = getattr(parsed, "rules", None)
    try:
        if given:
            with open(given, "rb") as f:
                data = tomllib.load(f)
        else:
            text = resources.files("dummy_tui").joinpath("rulesets.toml").read_text("utf-8")
            data = tomllib.loads(text)
    except (OSError, ValueError):
        return {}
    presets = data.get("presets")
    return presets if isinstance(presets, dict) else {}


def presets(prefix: str, parsed_args: argparse.Namespace | None = None, **_: Any) -> list[str]:
    """The preset names."""
    return [name for name in _rules_file(parsed_args) if name.startswith(prefix)]


def levels(prefix: str, **_: Any) -> list[str]:
    """The AI levels; in a comma-separated list (``normal,ea``), the last one."""
    from dummy_tui.ai import LEVELS

    done, _comma, last = prefix.rpartition(",")
    head = f"{done}," if done else ""
    return [head + level for level in LEVELS if level.startswith(last)]


def option_keys(prefix: str, parsed_args: argparse.Namespace | None = None, **_: Any) -> list[str]:
    """``KEY=`` for each option of the preset's family (``--ruleset``, else dummy)."""
    from dummy_tui.rules.schema import RULESET_TYPES

    found = _rules_file(parsed_args).get(getattr(parsed_args, "ruleset", None) or "dummy")
    family = found.get("family", "dummy") if isinstance(found, dict) else "dummy"
    model = RULESET_TYPES.get(family, RULESET_TYPES["dummy"])
    skip = {"family", "description", "name"}
    return [f"{key}=" for key in model.model_fields if key not in skip and key.startswith(prefix)]


def files(prefix: str, **_: Any) -> Iterable[str]:
    """File and folder names."""
    from argcomplete.completers import FilesCompleter

    found: Iterable[str] = FilesCompleter()(prefix)
    return found


# ---------------------------------------------------------------------------


def autocomplete(
    parser: argparse.ArgumentParser, with_default_command: Callable[[list[str]], list[str]]
) -> None:
    """Answer the shell's Tab and exit, when the shell asked (``_ARGCOMPLETE`` in
    the environment); otherwise return at once.

    With no command named, ``play``'s flags are the command line's (as
    ``with_default_command`` reads it): the line is completed as that one."""
    if "_ARGCOMPLETE" not in os.environ:
        return
    _as_play(with_default_command)
    import argcomplete
    from argcomplete.completers import SuppressCompleter

    argcomplete.autocomplete(parser, default_completer=SuppressCompleter())


def _as_play(with_default_command: Callable[[list[str]], list[str]]) -> None:
    line = os.environ.get("COMP_LINE", "")
    try:
        point = int(os.environ.get("COMP_POINT", len(line)))
    except ValueError:
        return
    head, tail = line[:point], line[point:]
    words = head.split()
    if not words:
        return
    given = [*words[1:], ""] if head.endswith(" ") else words[1:]
    fixed = with_default_command(given)
    if len(fixed) == len(given):
        return
    new_head = " ".join([words[0], *fixed])  # the word being typed last ("" after a space)
    os.environ["COMP_LINE"] = new_head + tail
    os.environ["COMP_POINT"] = str(len(new_head))


__all__: Sequence[str] = [
    "SHELLS",
    "autocomplete",
    "complete_with",
    "completion_script",
    "files",
    "levels",
    "option_keys",
    "presets",
]
