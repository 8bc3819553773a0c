"""Shell completion scripts (``dummy-tui --print-completion bash|zsh``), written
from the argparse parser itself: every subcommand, each one's flags, and the
values of a flag or argument that argparse knows the choices of.

No dependency: the parser is walked once and the words put into a small
script.  A flag that takes a file completes file names; one that takes a
free value (a name, a number) completes nothing.
"""

from __future__ import annotations

import argparse
import shlex
from dataclasses import dataclass, field

SHELLS = ("bash", "zsh")


@dataclass(slots=True)
class _Command:
    """What one parser (the top level, or a subcommand) takes."""

    flags: list[str] = field(default_factory=list)
    takes_value: list[str] = field(default_factory=list)
    """The flags followed by a value."""
    choices: dict[str, list[str]] = field(default_factory=dict)
    """A flag's values, where argparse has them."""
    files: list[str] = field(default_factory=list)
    """The flags whose value is a file."""
    positional: list[str] = field(default_factory=list)
    """The choices of the positional arguments, where argparse has them."""


def _walk(parser: argparse.ArgumentParser) -> tuple[_Command, dict[str, _Command]]:
    top = _command(parser)
    subcommands: dict[str, _Command] = {}
    for action in parser._actions:  # argparse offers no public walk of its parser
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                subcommands[name] = _command(sub)
    default = subcommands.get("play")
    if default is not None:  # with no command, the default one's flags are taken at the top
        top.flags += [f for f in default.flags if f not in top.flags]
        top.takes_value += [f for f in default.takes_value if f not in top.takes_value]
        top.choices.update(default.choices)
        top.files += [f for f in default.files if f not in top.files]
    return top, subcommands


def _command(parser: argparse.ArgumentParser) -> _Command:
    command = _Command()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            continue
        if not action.option_strings:
            if action.choices is not None:
                command.positional.extend(str(c) for c in action.choices)
            continue
        command.flags.extend(action.option_strings)
        if action.nargs == 0:
            continue
        command.takes_value.extend(action.option_strings)
        if action.choices is not None:
            for flag in action.option_strings:
                command.choices[flag] = [str(c) for c in action.choices]
        elif (action.metavar or "") in ("FILE", "PATH") or "file" in (action.dest or ""):
            command.files.extend(action.option_strings)
    return command


def completion_script(parser: argparse.ArgumentParser, shell: str) -> str:
    """The completion script of ``parser``'s program for ``shell`` ("bash" or "zsh")."""
    if shell not in SHELLS:
        raise ValueError(f"no completion for {shell!r} (shells: {', '.join(SHELLS)})")
    top, subcommands = _walk(parser)
    body = _bash(parser.prog, top, subcommands)
    if shell == "zsh":  # zsh runs the bash script through its bashcompinit
        return (
            f"#compdef {parser.prog}\n"
            "(( $+functions[compdef] )) || { autoload -U +X compinit && compinit; }\n"
            "autoload -U +X bashcompinit && bashcompinit\n" + body
        )
    return body


def _words(words: list[str]) -> str:
    return shlex.quote(" ".join(words))


def _function_name(prog: str) -> str:
    return "_" + "".join(c if c.isalnum() else "_" for c in prog)


def _bash(prog: str, top: _Command, subcommands: dict[str, _Command]) -> str:
    function = _function_name(prog)
    lines = [
        f'# bash completion for {prog}: eval "$({prog} --print-completion bash)"',
        f"{function}() {{",
        "    local cur prev cmd i",
        '    cur="${COMP_WORDS[COMP_CWORD]}"',
        '    prev="${COMP_WORDS[COMP_CWORD-1]}"',
        '    cmd=""',
        "    for ((i = 1; i < COMP_CWORD; i++)); do",
        '        case "${COMP_WORDS[i]}" in',
        f'            {"|".join(subcommands)}) cmd="${{COMP_WORDS[i]}}"; break ;;',
        "        esac",
        "    done",
        '    case "$cmd" in',
    ]
    for name, command in [("", top), *subcommands.items()]:
        lines.append(f'        "{name}")')
        lines.extend(_bash_case(command, top_level=name == "", names=list(subcommands)))
        lines.append("            ;;")
    lines += [
        "    esac",
        "}",
        f"complete -o default -F {function} {prog}",
        "",
    ]
    return "\n".join(lines)


def _bash_case(command: _Command, *, top_level: bool, names: list[str]) -> list[str]:
    indent = " " * 12
    lines = [f'{indent}case "$prev" in']
    for flag, values in command.choices.items():
        lines.append(
            f'{indent}    {flag}) COMPREPLY=($(compgen -W {_words(values)} -- "$cur")); return ;;'
        )
    if command.files:
        lines.append(
            f'{indent}    {"|".join(command.files)}) COMPREPLY=($(compgen -f -- "$cur")); return ;;'
        )
    free = [f for f in command.takes_value if f not in command.choices and f not in command.files]
    if free:
        lines.append(f"{indent}    {'|'.join(free)}) return ;;")
    lines.append(f"{indent}esac")
    words = list(command.flags)
    if top_level:
        words += names
    lines.append(f'{indent}if [[ "$cur" == -* ]]; then')
    lines.append(f'{indent}    COMPREPLY=($(compgen -W {_words(command.flags)} -- "$cur"))')
    lines.append(f"{indent}else")
    lines.append(
        f'{indent}    COMPREPLY=($(compgen -W {_words(words + command.positional)} -- "$cur"))'
    )
    lines.append(f"{indent}fi")
    return lines
