"""The ``dummy-tui`` command: argument parsing, then the game or a headless command.

``play`` is the command when none is given; ``dummy-tui --help`` lists the
others (the README describes each).  Every command, and the help, speaks the
language of ``--lang``, else the config file's, else the one last chosen in
the game, else the locale's (:func:`dummy_tui.commands.chosen_language`),
from the small catalogs ``i18n/cli.LANG.toml``.  The game itself is
started by :func:`dummy_tui.ui.launch.run_app` with the parsed namespace; its
``game_rules`` is the preset with the ``--options`` applied, already checked,
or ``None`` when the command line names no rules (the new-game screen then
checks the preset chosen, and the schema is not loaded before it is up).
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from dummy_tui import __version__
from dummy_tui.commands import (
    chosen_language,
    config_command,
    learn_command,
    play_command,
    replay_command,
    rules_command,
    sim_command,
)
from dummy_tui.completion import (
    SHELLS,
    autocomplete,
    complete_with,
    completion_script,
    files,
    levels,
    option_keys,
    presets,
)
from dummy_tui.exits import EXIT_USAGE, PROG

COMMANDS = ("play", "learn", "rules", "replay", "sim", "config", "host", "join", "serve")
"""Subcommands; ``play`` is assumed when the command line names none."""

LANGUAGES = ("en", "th")

EXIT_INTERRUPTED = 130


# ---------------------------------------------------------------------------
# Parsing


def _option_assignment(text: str) -> tuple[str, object]:
    from dummy_tui.rules import RulesetError, parse_option_assignment

    try:
        return parse_option_assignment(text)
    except RulesetError as exc:
        from dummy_tui.i18n import command_line_problem

        raise argparse.ArgumentTypeError(command_line_problem(exc)) from None


_WORDS: dict[str, str] = {}
"""argparse's own messages (its English text → the command line's language),
while :func:`_argparse_words` is in effect; empty for English."""


def _say(message: str) -> str:
    return _WORDS.get(message, message)


def _say_n(singular: str, plural: str, n: int) -> str:
    return _say(singular if n == 1 else plural)


@contextmanager
def _argparse_words(lang: str) -> Iterator[None]:
    """argparse's errors in ``lang`` (``i18n/argparse.LANG.toml``), put in
    for argparse's gettext while the command line is read."""
    if lang == "en":
        yield
        return
    from dummy_tui.i18n import argparse_words

    _WORDS.update(argparse_words(lang))
    # argparse has no public hook for its messages' words: its module's gettext
    # names are swapped (tests/test_private_names.py fails the day they change)
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = _say, _say_n  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
        _WORDS.clear()


def _int_between(low: int, high: int) -> Callable[[str], int]:
    # argparse names the option before the message: "argument --players: must be …"
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _say("must be a number, not %(text)r") % {"text": text}
            ) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                _say("must be from %(low)d to %(high)d, not %(value)d")
                % {"low": low, "high": high, "value": value}
            )
        return value

    return parse


def _add_number(
    parser: argparse.ArgumentParser,
    flag: str,
    low: int,
    high: int,
    help: str,
    *,
    metavar: str = "N",
    default: int | None = None,
) -> None:
    """A whole-number option from ``low`` to ``high`` on ``parser``."""
    parser.add_argument(
        flag, type=_int_between(low, high), metavar=metavar, default=default, help=help
    )


def _overrides() -> dict[str, Any]:
    """How ``--options KEY=VALUE ...`` is read, by ``play`` and by ``sim``."""
    return {
        "metavar": "KEY=VALUE",
        "nargs": "+",
        "action": "extend",
        "type": _option_assignment,
        "default": [],
    }


def _file_name(text: str) -> Path:
    # Path("") is the current folder: an empty name would be read as a folder
    if not text:
        raise argparse.ArgumentTypeError(_say("the file name is empty"))
    return Path(text)


GLOBAL_OPTIONS = ("--rules", "--lang", "--config")
"""Options of every command that take a value and may also come before the command."""


def _add_global_options(
    parser: argparse.ArgumentParser, h: Callable[[str], str], *, top: bool
) -> None:
    """``--rules FILE``, ``--lang`` and ``--config FILE``, on the top-level parser
    and on each command.

    On a command an absent one must not hide one given before the command,
    hence no default there (argparse would set the command's default over it).
    """
    default = None if top else argparse.SUPPRESS
    rules = parser.add_argument(
        "--rules", metavar="FILE", type=_file_name, default=default, help=h("rules_file")
    )
    complete_with(rules, files)
    parser.add_argument("--lang", choices=LANGUAGES, default=default, help=h("lang"))
    config = parser.add_argument(
        "--config",
        metavar="FILE",
        type=_file_name,
        dest="config_file",
        default=default,
        help=h("config_file"),
    )
    complete_with(config, files)


class _Formatter(argparse.HelpFormatter):
    """argparse's help with its own words (``usage:``) in the help's language."""

    usage_prefix = "usage: "

    def _split_lines(self, text: str, width: int) -> list[str]:
        # argparse wraps at ASCII spaces only: a no-break space keeps a number
        # with its Thai word ("4 คน"), and is a space again once wrapped
        from dummy_tui.linebreaks import keep_together

        lines = super()._split_lines(keep_together(text), width)
        return [line.replace("\u00a0", " ") for line in lines]

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        from dummy_tui.linebreaks import keep_together

        return super()._fill_text(keep_together(text), width, indent).replace("\u00a0", " ")

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, self.usage_prefix if prefix is None else prefix)


def _formatter(h: Callable[[str], str]) -> type[argparse.HelpFormatter]:
    return type("Formatter", (_Formatter,), {"usage_prefix": h("usage")})


class _Parser(argparse.ArgumentParser):
    """A parser whose help speaks the help's language: the section titles and
    ``-h``'s own line come from the CLI catalog (``h``)."""

    def __init__(self, *args: Any, h: Callable[[str], str], **kwargs: Any) -> None:
        kwargs["add_help"] = False
        kwargs["formatter_class"] = _formatter(h)
        super().__init__(*args, **kwargs)
        self._positionals.title = h("positionals")
        self._optionals.title = h("optionals")
        self.add_argument("-h", "--help", action="help", help=h("help"))


class _TopParser(_Parser):
    """The top-level parser, whose help also lists the options of ``play``:
    the command that runs when none is named takes them without naming it
    (``dummy-tui --players 2``)."""

    play_options: tuple[argparse.Action, ...] = ()
    play_title = ""
    closing = ""

    def format_help(self) -> str:
        formatter = self._get_formatter()
        formatter.start_section(self.play_title)
        formatter.add_arguments(self.play_options)
        formatter.end_section()
        formatter.add_text(self.closing)
        return super().format_help() + "\n" + formatter.format_help()


class _PrintCompletion(argparse.Action):
    """``--print-completion SHELL``: print the script, then exit (as --version does)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:

        print(completion_script(PROG, str(values)), end="")
        parser.exit()


def help_language(argv: Sequence[str]) -> str:
    """The language of the command line: its ``--lang`` (before or after the
    command), else the one :func:`~dummy_tui.commands.chosen_language` finds."""

    lang: str | None = None
    config: str | None = None  # --config FILE: its language, not the usual file's
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(argv):
            lang = argv[i + 1]
        elif word.startswith("--lang="):
            lang = word.removeprefix("--lang=")
        elif word == "--config" and i + 1 < len(argv):
            config = argv[i + 1]
        elif word.startswith("--config="):
            config = word.removeprefix("--config=")
    return chosen_language(lang if lang in LANGUAGES else None, config or None)


def build_parser(lang: str = "en", play_only: bool = False) -> argparse.ArgumentParser:
    """The parser of ``dummy-tui``, its help in ``lang``.

    ``play_only``: with ``play`` the one command, for a command line that names
    it and asks no help (``dummy-tui`` with no command is one): it reads such a
    line as the whole parser does, without the other commands' arguments and
    their modules, which the start of the game would wait for."""
    from dummy_tui.i18n import cli_catalog

    texts, english = cli_catalog(lang), cli_catalog("en")

    def h(key: str) -> str:
        return texts.get(key) or english[key]

    parser = _TopParser(prog=PROG, description=h("description"), h=h)
    parser.closing = h("closing").format(prog=PROG)
    parser.play_title = h("play_options")
    parser.add_argument(
        "--version", action="version", version=f"{PROG} {__version__}", help=h("version")
    )
    parser.add_argument(
        "--print-completion",
        action=_PrintCompletion,
        choices=SHELLS,
        metavar="SHELL",
        help=h("print_completion"),
    )
    _add_global_options(parser, h, top=True)
    commands = parser.add_subparsers(
        dest="command", metavar="COMMAND", parser_class=_Parser, title=h("commands")
    )

    def command(name: str) -> argparse.ArgumentParser:
        made: argparse.ArgumentParser = commands.add_parser(
            name, help=h(f"{name}.help"), description=h(f"{name}.description"), h=h
        )
        _add_global_options(made, h, top=False)
        return made

    play = command("play")
    play_options: list[argparse.Action] = []

    def option(*names: str, **how: Any) -> argparse.Action:
        key = names[0].removeprefix("--").replace("-", "_")
        play_options.append(play.add_argument(*names, help=h(f"play.{key}"), **how))
        return play_options[-1]

    option("--players", type=_int_between(2, 4), metavar="N")
    option("--humans", type=_int_between(0, 4), metavar="N")
    complete_with(option("--ai", metavar="LEVEL"), levels)
    complete_with(option("--ruleset", metavar="NAME"), presets)
    option("--seed", type=_int_between(0, 2**63 - 1), metavar="N")
    option("--resume", action="store_true")
    option("--ascii", action="store_true")
    option("--no-history", action="store_true")
    complete_with(option("--options", **_overrides()), option_keys)
    complete_with(option("--log", metavar="FILE", type=_file_name), files)
    option("--log-level", choices=("debug", "info", "warning", "error"), default="info")
    parser.play_options = tuple(play_options)  # --rules and --lang are the top-level parser's too
    play.set_defaults(handler=play_command)
    if play_only:
        return parser

    learn = command("learn")
    learn.add_argument("--ascii", action="store_true", help=h("learn.ascii"))
    learn.set_defaults(handler=learn_command)

    rules = command("rules")
    complete_with(
        rules.add_argument("name", metavar="NAME", nargs="?", help=h("rules.name")), presets
    )
    rules.set_defaults(handler=rules_command)

    replay = command("replay")
    # FILE is checked by replay itself, so that --json tells an empty name in JSON too
    complete_with(replay.add_argument("file", metavar="FILE", help=h("replay.file")), files)
    shown = replay.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true", help=h("replay.json"))
    shown.add_argument("--view", action="store_true", help=h("replay.view"))
    replay.set_defaults(handler=replay_command)

    sim = command("sim")
    complete_with(
        sim.add_argument("--ruleset", metavar="NAME", default="dummy", help=h("sim.ruleset")),
        presets,
    )
    _add_number(sim, "--players", 2, 4, h("sim.players"))
    complete_with(
        sim.add_argument("--ai", metavar="LEVELS", default="normal", help=h("sim.ai")), levels
    )
    _add_number(sim, "--rounds", 1, 10**9, h("sim.rounds"), default=100)
    _add_number(sim, "--seed", 0, 2**63 - 1, h("sim.seed"), default=0)
    complete_with(sim.add_argument("--options", help=h("sim.options"), **_overrides()), option_keys)
    sim.add_argument("--json", action="store_true", help=h("sim.json"))
    _add_number(sim, "--jobs", 1, 256, h("sim.jobs"), default=1)
    _add_number(sim, "--budget-ms", 1, 600_000, h("sim.budget_ms"))
    _add_number(sim, "--samples", 1, 100_000, h("sim.samples"))
    sim.set_defaults(handler=sim_command)

    config = command("config")
    config.add_argument("--path", action="store_true", help=h("config.path"))
    config.set_defaults(handler=config_command)

    # the game history: ``stats`` and ``history`` (dummy_tui/history/commands.py)
    from dummy_tui.history.commands import add_commands

    add_commands(command, h)

    # a table played from several machines: ``host`` and ``join`` (dummy_tui/net/commands.py)
    from dummy_tui.net.commands import add_commands as add_net_commands

    add_net_commands(command, h, _add_number, _overrides)
    return parser


def _after_global_options(args: Sequence[str]) -> int | None:
    """Where the words after the leading global options start in *args*; None
    when the last of them lacks its value."""
    i = 0
    while i < len(args):
        if args[i] in GLOBAL_OPTIONS:
            if i + 1 == len(args):
                return None
            i += 2
        elif args[i].startswith(tuple(f"{name}=" for name in GLOBAL_OPTIONS)):
            i += 1
        else:
            break
    return i


def _plays_only(words: Sequence[str]) -> bool:
    """Does the command line (as :func:`_with_default_command` gives it) run
    ``play`` without asking for help, so that :func:`build_parser` needs no
    other command?"""
    i = _after_global_options(words)
    return (
        i is not None
        and i < len(words)
        and words[i] == "play"
        and not any(word in ("-h", "--help") for word in words)
    )


def _with_default_command(argv: Sequence[str]) -> list[str]:
    """*argv* with ``play`` put in where the command line names no command."""
    args = list(argv)
    found = _after_global_options(args)
    if found is None:
        return args  # no value after the last global option: the top-level parser says so
    i = found
    if i < len(args) and (
        args[i] in ("-h", "--help", "--version", "--print-completion")
        or args[i].startswith("--print-completion=")
        or not args[i].startswith("-")
    ):
        return args  # help, a command, or a word argparse will report as an unknown command
    return [*args[:i], "play", *args[i:]]


# ---------------------------------------------------------------------------
# Entry point


def _one_line(exc: OSError) -> str:
    if exc.filename is not None and exc.strerror:
        return f"{exc.filename}: {exc.strerror}"
    return str(exc)


def _writable_output() -> None:
    """Whatever the commands print can be written, whatever it holds.

    A record's name or move may hold a lone surrogate (a ``"\\ud800"`` escape in
    its JSON), the command line bytes of another encoding (decoded as
    surrogates), and the output may be a terminal or a pipe that cannot take
    Thai (``PYTHONIOENCODING=ascii``).  What the stream cannot encode is written
    as a backslash escape rather than stopping the command with a traceback;
    inside a JSON string that escape (``\\ud800``, ``\\u0e01``) is the JSON escape
    of the same character.
    """
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors != "backslashreplace":
            stream.reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``dummy-tui`` with *argv* (default: the process's); return the exit code."""
    # The start loads Textual and builds the first screen: many objects, next to
    # no garbage, and the collector would walk them a hundred times (a tenth of
    # the first frame).  It is held off until the game's first screen is up
    # (DummyApp turns it back on), or until a command other than play begins.
    gc.disable()
    _writable_output()
    from dummy_tui.i18n import language, set_language

    before = language()
    try:
        words = _with_default_command(sys.argv[1:] if argv is None else argv)
        lang = help_language(words)
        set_language(lang)  # what the commands print
        with _argparse_words(lang):
            completing = "_ARGCOMPLETE" in os.environ  # a Tab: every command completes
            parser = build_parser(lang, play_only=_plays_only(words) and not completing)
            autocomplete(parser, _with_default_command)  # a shell's Tab: answered, then exit
            args = parser.parse_args(words)
        if args.handler is not play_command:
            gc.enable()
        code: int = args.handler(args)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (``dummy-tui rules | head``): say nothing more.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as exc:
        print(f"{PROG}: {_one_line(exc)}", file=sys.stderr)
        return EXIT_USAGE
    except ValueError as exc:
        from dummy_tui.rules import RulesetError  # loaded by whatever raised one

        if not isinstance(exc, RulesetError):
            raise
        from dummy_tui.i18n import command_line_problem

        print(f"{PROG}: {command_line_problem(exc)}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        set_language(before)
        gc.enable()
    return code
