"""What each of ``dummy-tui``'s commands does with its parsed arguments (the
parsing is :mod:`dummy_tui.cli`'s; ``stats`` and ``history`` are
:mod:`dummy_tui.history.commands`).

Each handler takes the namespace and returns the exit code; what it needs
(the rules, the AI, the game screen) it imports when it runs, so that the
parser and ``--help`` load none of it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dummy_tui.exits import EXIT_USAGE, PROG


def chosen_language(given: str | None = None, config_file: str | None = None) -> str:
    """The language a command speaks: ``given`` (``--lang``), else the config
    file's (``config_file``, ``--config FILE``, or the usual one), else the one
    last chosen in the game (the settings), else the locale's."""
    from dummy_tui.config import config_path, load_config
    from dummy_tui.i18n import LANGS, system_language
    from dummy_tui.storage import read_settings_data

    config = load_config(config_path(Path(config_file) if config_file else None))
    for lang in (given, config.language, read_settings_data().get("lang")):
        if lang in LANGS:
            return str(lang)
    return system_language()


def play_command(args: argparse.Namespace) -> int:
    args.options = dict(args.options)
    args.game_rules = None
    if not named_config_exists(args):
        return EXIT_USAGE
    if args.ai is not None:
        from dummy_tui.ai import LEVELS  # the table loads the AI at once anyway

        if args.ai not in LEVELS:
            raise ai_level_error(args.ai)
    apply_config(args)
    if args.rules is not None or args.options or args.ruleset != "dummy" or args.players:
        check_play_rules(args)
    if args.log is not None:
        from dummy_tui.logs import log_to

        try:
            log_to(args.log, getattr(args, "log_level", "info"))  # --log FILE, before the screen
        except OSError as exc:
            if args.log != args.config.log:
                raise
            # the config's log: said with the config's other problems, and no log
            args.config.problem("log", "config.log_cannot_open", error=exc.strerror or str(exc))
            args.log = None
    try:
        from dummy_tui.ui.launch import run_app  # type: ignore[import-not-found,unused-ignore]
    except ModuleNotFoundError as exc:
        if exc.name not in ("dummy_tui.ui", "dummy_tui.ui.launch"):
            raise
        print(f"{PROG}: the game screen (dummy_tui.ui.launch) is not installed", file=sys.stderr)
        return EXIT_USAGE
    code: int | None = run_app(args)
    return code or 0


def learn_command(args: argparse.Namespace) -> int:
    """``learn``: the guided first game's lessons, in the config file's language
    and keys unless the command line says otherwise."""
    from dummy_tui.config import config_path, load_config

    if not named_config_exists(args):
        return EXIT_USAGE
    config = args.config = load_config(config_path(getattr(args, "config_file", None)))
    args.lang = args.lang or config.language
    args.ascii = args.ascii or bool(config.ascii_cards)
    from dummy_tui.ui.launch import run_lessons

    return run_lessons(args)


def named_config_exists(args: argparse.Namespace) -> bool:
    """Whether the file ``--config FILE`` names (if any) is there; if not, says so."""
    given: Path | None = getattr(args, "config_file", None)
    if given is None or given.is_file():
        return True
    from dummy_tui.i18n import t  # in the command line's language

    print(f"{PROG}: --config: {given}: {t('config.missing')}", file=sys.stderr)
    return False


def apply_config(args: argparse.Namespace) -> None:
    """The config file's values where the command line leaves them; ``args.config``
    is the :class:`~dummy_tui.config.Config`, whose problems the game shows."""
    from dummy_tui.config import config_path, load_config

    config = args.config = load_config(config_path(getattr(args, "config_file", None)))
    args.lang = args.lang or config.language
    args.ascii = args.ascii or bool(config.ascii_cards)
    if args.log is None:
        args.log = config.log
    args.ruleset_named = args.ruleset is not None  # by the command line
    args.ruleset_from_config = False
    if args.ruleset is None and config.preset is not None:
        from dummy_tui.rules import RulesetError, load_rulesets

        try:
            presets = load_rulesets(args.rules)
        except RulesetError:
            presets = {}  # said once the game checks its rules
        if not presets or config.preset in presets:
            args.ruleset, args.ruleset_from_config = config.preset, True
        else:
            names = ", ".join(presets)
            config.problem("preset", "config.no_preset", name=repr(config.preset), presets=names)
    args.ruleset = args.ruleset or default_preset(args.rules)


def default_preset(rules: Path | None) -> str:
    """The preset played when none is named: ``dummy``, or the first of a
    ``--rules`` file that has none of that name (a family's own file)."""
    if rules is None:
        return "dummy"
    from dummy_tui.rules import RulesetError, load_rulesets

    try:
        presets = load_rulesets(rules)
    except RulesetError:
        return "dummy"  # the check of the rules says what is wrong with the file
    return "dummy" if not presets or "dummy" in presets else next(iter(presets))


def config_command(args: argparse.Namespace) -> int:
    """The example, or the path; then every problem of the file in use and of the
    theme files beside it, in the language of the command line, else of the
    file, else of the locale."""
    from dummy_tui.config import EXAMPLE, config_path, load_config
    from dummy_tui.i18n import language, say

    if not named_config_exists(args):
        return EXIT_USAGE
    path = config_path(getattr(args, "config_file", None))
    if args.path:
        print(path)
    else:
        # the English example is the config module's; another language's, its catalog's
        print(EXAMPLE if language() == "en" else say("out.config.example"), end="")
    from dummy_tui.ui.configcheck import check_config

    for problem in check_config(load_config(path)):
        print(f"{PROG}: {problem.text()}", file=sys.stderr)  # the file, the key: in the language
    return 0


def check_play_rules(args: argparse.Namespace) -> None:
    """Check the rules the ``play`` flags name, so that a mistake stops before the screen."""
    from dummy_tui.rules import RulesetError, get_ruleset

    args.game_rules = get_ruleset(
        args.ruleset, args.rules, overrides=args.options, source="--options"
    )
    if args.players is not None and args.players not in args.game_rules.player_counts:
        raise _players_error(args.ruleset, args.game_rules.player_counts, args.players)
    # without --players, the preset's own table (gin: two)
    args.table_players = args.players or args.game_rules.default_players
    if args.humans is not None and args.humans > args.table_players:
        if args.players is not None:
            raise RulesetError(
                f"--humans {args.humans} is more than --players {args.players}",
                problem="humans_players",
                params={"humans": str(args.humans), "players": str(args.players)},
            )
        raise RulesetError(
            f"--humans {args.humans}, but preset {args.ruleset!r} is played by "
            f"{args.table_players} players",
            problem="humans_preset",
            params={
                "humans": str(args.humans),
                "name": repr(args.ruleset),
                "players": str(args.table_players),
            },
        )


def _players_error(ruleset: str, counts: tuple[int, ...], players: int) -> ValueError:
    from dummy_tui.rules import RulesetError

    shown = ", ".join(str(n) for n in counts)
    return RulesetError(
        f"preset {ruleset!r} is for {shown} players, not {players}",
        problem="players",
        params={"name": repr(ruleset), "counts": shown, "n": str(players)},
    )


def rules_command(args: argparse.Namespace) -> int:
    from dummy_tui.rules_table import print_preset, print_presets

    if args.name is None:
        print_presets(args.rules)
    else:
        print_preset(args.name, args.rules)
    return 0


def replay_command(args: argparse.Namespace) -> int:
    try:
        from dummy_tui.replay import main as replay_main  # type: ignore[import-not-found,unused-ignore]
    except ModuleNotFoundError as exc:
        if exc.name != "dummy_tui.replay":
            raise
        print(f"{PROG}: replay (dummy_tui.replay) is not installed", file=sys.stderr)
        return EXIT_USAGE
    record = Path(args.file) if args.file else ""  # Path("") would be the current folder
    if args.view:
        from dummy_tui.replay import view  # type: ignore[import-not-found,unused-ignore]

        viewed: int = view(record, rules_path=args.rules)
        return viewed
    code: int = replay_main(record, json_output=args.json, rules_path=args.rules)
    return code


def sim_command(args: argparse.Namespace) -> int:
    from dummy_tui.ai import LEVELS
    from dummy_tui.rules import RulesetError, get_ruleset
    from dummy_tui.sim import main as sim_main

    rules = get_ruleset(args.ruleset, args.rules, overrides=dict(args.options), source="--options")
    base = get_ruleset(args.ruleset, args.rules) if args.options else rules
    levels = [word.strip() for word in args.ai.split(",")]
    if "" in levels:
        n = levels.index("") + 1
        raise RulesetError(
            f"--ai {args.ai!r}: level {n} is empty",
            problem="ai_empty",
            params={"text": repr(args.ai), "n": str(n)},
        )
    for level in levels:
        if level not in LEVELS:
            raise ai_level_error(level)
    players = args.players or (len(levels) if len(levels) > 1 else rules.default_players)
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise RulesetError(
            f"--ai names {len(levels)} levels for {players} players",
            problem="ai_count",
            params={"n": str(len(levels)), "players": str(players)},
        )
    if players not in rules.player_counts:
        raise _players_error(args.ruleset, rules.player_counts, players)
    return sim_main(args, rules, levels, base)


def ai_level_error(level: str) -> ValueError:
    """An AI level this build does not have, said as the other faults of the rules are."""
    from dummy_tui.ai import LEVELS
    from dummy_tui.rules import RulesetError

    levels = ", ".join(LEVELS)
    return RulesetError(
        f"unknown AI level {level!r} (levels: {levels})",
        problem="ai_level",
        params={"level": repr(level), "levels": levels},
    )
