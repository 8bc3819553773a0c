"""``dummy-tui host`` and ``dummy-tui join``: their options and what they do."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dummy_tui.commands import ai_level_error, named_config_exists
from dummy_tui.completion import complete_with, levels, option_keys, presets
from dummy_tui.exits import EXIT_USAGE, PROG

DEFAULT_PORT = 8765
SERVE_PORT = 8000
LOOPBACK = "127.0.0.1"
GRACE_SECONDS = 3.0
"""How long the host stays up after the match's end, for the last frames to arrive."""


def add_commands(
    command: Callable[[str], argparse.ArgumentParser],
    h: Callable[[str], str],
    number: Callable[..., None],
    overrides: Callable[[], dict[str, Any]],
) -> None:
    """``host`` and ``join`` on the top-level parser (see :func:`dummy_tui.cli.build_parser`).

    ``number(parser, flag, low, high, help, metavar=, default=)`` adds a
    whole-number option, worded as the other commands' are."""

    def listens(parser: argparse.ArgumentParser, name: str, lowest: int, port: int) -> None:
        """The address the command listens at: ``--port`` and ``--bind``."""
        number(parser, "--port", lowest, 65535, h(f"{name}.port"), metavar="P", default=port)
        parser.add_argument("--bind", metavar="ADDR", default=LOOPBACK, help=h(f"{name}.bind"))

    host = command("host")
    listens(host, "host", 0, DEFAULT_PORT)  # help: host.port, host.bind
    complete_with(
        host.add_argument("--ruleset", metavar="NAME", default="dummy", help=h("host.ruleset")),
        presets,
    )
    number(host, "--players", 2, 4, h("host.players"))
    number(host, "--seats", 1, 4, h("host.seats"))
    complete_with(
        host.add_argument("--ai", metavar="LEVEL", default="normal", help=h("host.ai")), levels
    )
    complete_with(
        host.add_argument("--options", help=h("host.options"), **overrides()), option_keys
    )
    host.add_argument("--password", action="store_true", help=h("host.password"))
    number(host, "--hold", 0, 3600, h("host.hold"), metavar="SECONDS", default=60)
    number(host, "--turn-time", 10, 3600, h("host.turn_time"), metavar="SECONDS")
    host.add_argument("--no-history", action="store_true", help=h("host.no_history"))
    number(host, "--tables", 1, 20, h("host.tables"), default=1)
    host.add_argument("--play", action="store_true", help=h("host.play"))
    host.add_argument("--name", metavar="NAME", help=h("host.name"))
    host.add_argument("--ascii", action="store_true", help=h("host.ascii"))
    host.set_defaults(handler=host_command)

    join = command("join")
    join.add_argument("address", metavar="ADDRESS/CODE", help=h("join.address"))
    join.add_argument("--name", metavar="NAME", help=h("join.name"))
    join.add_argument("--ascii", action="store_true", help=h("join.ascii"))
    join.add_argument("--watch", action="store_true", help=h("join.watch"))
    join.set_defaults(handler=join_command)

    serve = command("serve")
    listens(serve, "serve", 1, SERVE_PORT)  # help: serve.port, serve.bind
    number(serve, "--seed", 0, 2**63 - 1, h("serve.seed"))
    serve.set_defaults(handler=serve_command)


# ---------------------------------------------------------------------------
# host


def host_command(args: argparse.Namespace) -> int:
    from dummy_tui.ai import LEVELS
    from dummy_tui.i18n import ai_name, language, say, t
    from dummy_tui.net.server import new_table
    from dummy_tui.rules import get_ruleset
    from dummy_tui.ui.settings import GameSetup, SeatSetup

    if not named_config_exists(args):
        return EXIT_USAGE
    if args.ai not in LEVELS:
        raise ai_level_error(args.ai)
    options = dict(args.options)
    rules = get_ruleset(args.ruleset, args.rules, overrides=options, source="--options")
    players = args.players or rules.default_players
    if players not in rules.player_counts:
        counts = ", ".join(str(n) for n in rules.player_counts)
        problem = say("out.host.players", name=args.ruleset, counts=counts)
        print(f"{PROG}: {problem}", file=sys.stderr)
        return EXIT_USAGE
    people = args.seats if args.seats is not None else players
    if people > players:
        print(f"{PROG}: {say('out.host.seats', seats=people, players=players)}", file=sys.stderr)
        return EXIT_USAGE
    password = None
    if args.password:
        import getpass  # loaded only where a password or the user is asked for

        password = getpass.getpass(say("out.host.password_prompt"))
        if not password:
            print(f"{PROG}: {say('out.host.password_empty')}", file=sys.stderr)
            return EXIT_USAGE
    seats = [SeatSetup(name=t("seat.player", n=i + 1), human=True) for i in range(people)]
    seats += [SeatSetup(name=ai_name(i), level=args.ai) for i in range(players - people)]
    setup = GameSetup(
        seats=seats,
        ruleset=args.ruleset,
        options=options,
        lang="th" if language() == "th" else "en",
        rules_path=str(args.rules) if args.rules else None,
    )
    recorder = None
    if not args.no_history:
        from dummy_tui.ui.recording import Recorder

        recorder = Recorder.at()

    def said(key: str, values: dict[str, Any]) -> None:
        if args.play:  # the terminal is the game's: the host's news go to the log
            from dummy_tui.logs import logger

            logger.info("host: %s", say(f"out.{key}", **values))
            return
        print(say(f"out.{key}", **values), flush=True)

    turn_time = None if args.turn_time is None else float(args.turn_time)
    table = new_table(
        setup, password=password, hold=float(args.hold), recorder=recorder, said=said,
        turn_time=turn_time,
    )  # fmt: skip
    if args.tables > 1:
        if args.play:
            print(f"{PROG}: {say('out.host.play_tables')}", file=sys.stderr)
            return EXIT_USAGE
        tables = [table]
        for _ in range(args.tables - 1):
            tables.append(
                new_table(
                    setup,
                    password=password,
                    hold=float(args.hold),
                    recorder=recorder,
                    turn_time=turn_time,
                )
            )
        for each in tables:  # the host's news, each said with its table's code
            each.said = lambda key, values, code=each.code: print(
                f"[{code}] {say(f'out.{key}', **values)}", flush=True
            )
        try:
            asyncio.run(_host_lobby(tables, args.bind, args.port))
        finally:
            if recorder is not None:
                recorder.close()
        return 0
    if args.play:
        from dummy_tui.ui.launch import cannot_show

        if cannot_show():
            return 2
    try:
        if args.play:
            return asyncio.run(_host_and_play(table, args))
        asyncio.run(_host(table, args.bind, args.port))
    finally:
        if recorder is not None:
            recorder.close()
    return 0


async def _host(table: Any, bind: str, port: int) -> None:
    from dummy_tui.i18n import say
    from dummy_tui.net.server import open_table

    hosted = await open_table(table, bind, port)
    address = f"{shown_address(bind)}:{hosted.port}"
    print(say("out.host.open", address=f"{address}/{table.code}", prog=PROG), flush=True)
    if bind in ("127.0.0.1", "localhost", "::1"):
        print(say("out.host.loopback"), flush=True)
    if table.password is not None:
        print(say("out.host.with_password"), flush=True)
    try:
        await table.run()
        session = table.session
        totals = "  ".join(
            f"{name} {total}"
            for name, total in zip(session.seat_names, session.match.totals, strict=True)
        )
        print(say("out.host.over", totals=totals), flush=True)
        await asyncio.sleep(GRACE_SECONDS)
    finally:
        await hosted.close()


async def _host_and_play(table: Any, args: argparse.Namespace) -> int:
    """Host the table and sit at its first seat in this window: the host runs in
    the game's own event loop, and the window joins it on this machine as a
    friend's terminal would; the line to give friends is said on the table."""
    from dummy_tui.i18n import say
    from dummy_tui.net.server import open_table

    hosted = await open_table(table, args.bind, args.port)
    run = asyncio.create_task(table.run())
    address = f"{shown_address(args.bind)}:{hosted.port}/{table.code}"
    note = say("out.host.open", address=address, prog=PROG).replace("\n", " ")
    if args.bind in ("127.0.0.1", "localhost", "::1"):
        note += " " + say("out.host.loopback")
    name = args.name if args.name is not None else _user_name()
    try:
        return await _join(
            f"ws://127.0.0.1:{hosted.port}/", table.code, name[:40], args, note=note,
            password=table.password, record=False,  # the host keeps them
        )  # fmt: skip
    finally:
        run.cancel()
        await hosted.close()


async def _host_lobby(tables: list[Any], bind: str, port: int) -> None:
    from dummy_tui.i18n import say
    from dummy_tui.net.lobby import Lobby, open_lobby

    lobby = Lobby(tables)
    hosted = await open_lobby(lobby, bind, port)
    address = f"{shown_address(bind)}:{hosted.port}"
    print(say("out.host.lobby", address=address, prog=PROG, n=len(tables)), flush=True)
    for table in tables:
        print(f"    {PROG} join {address}/{table.code}", flush=True)
    if bind in ("127.0.0.1", "localhost", "::1"):
        print(say("out.host.loopback"), flush=True)
    try:
        await lobby.run()
        await asyncio.sleep(GRACE_SECONDS)
    finally:
        await hosted.close()


def shown_address(bind: str) -> str:
    """The address to give friends for a host bound to ``bind``."""
    if bind not in ("0.0.0.0", "::", ""):
        return f"[{bind}]" if ":" in bind else bind
    # the address this machine would reach others from (no packet is sent)
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.255.255.255", 1))
        found: str = probe.getsockname()[0]
        return found
    return socket.gethostname()


# ---------------------------------------------------------------------------
# join


def join_command(args: argparse.Namespace) -> int:
    from dummy_tui.i18n import say
    from dummy_tui.net.remote import parse_address

    if not named_config_exists(args):
        return EXIT_USAGE
    try:
        url, code = parse_address(args.address)
    except ValueError:
        try:  # no table's code: the host's lobby, to choose a table from
            url, _ = parse_address(args.address.strip().rstrip("/") + "/LOBBY")
        except ValueError:
            print(f"{PROG}: {say('out.join.address', address=args.address)}", file=sys.stderr)
            return EXIT_USAGE
        chosen = _from_lobby(url)
        if chosen is None:
            return 1
        if not chosen:
            return 0
        code = chosen
    from dummy_tui.ui.launch import cannot_show

    if cannot_show():
        return 2
    name = args.name if args.name is not None else _user_name()
    return asyncio.run(_join(url, code, name[:40], args))


def _from_lobby(url: str) -> str | None:
    """The code of the table chosen from the host's lobby ("" when none is
    chosen: the list printed only); None when there is no lobby to read."""
    from dummy_tui.i18n import say
    from dummy_tui.net.lobby import ask_lobby

    try:
        lobby = asyncio.run(ask_lobby(url))
    except OSError as exc:
        print(f"{PROG}: {say('out.join.no_lobby', url=url, error=str(exc))}", file=sys.stderr)
        return None
    tables = [t for t in lobby.get("tables", []) if isinstance(t, dict)]
    print(say("out.join.lobby", n=len(tables)))
    for i, table in enumerate(tables, 1):
        print(f"  {i}. {lobby_line(table)}")
    if not tables or not sys.stdin.isatty():
        return ""
    answer = input(say("out.join.which")).strip()
    if not answer.isdigit() or not 1 <= int(answer) <= len(tables):
        return ""
    return str(tables[int(answer) - 1].get("code", ""))


def lobby_line(table: dict[str, Any]) -> str:
    """One table of a lobby, in a line: its code, rules, free seats and people."""
    from dummy_tui.i18n import say
    from dummy_tui.net.protocol import chat_text

    def names(key: str) -> str:
        found = [chat_text(str(n))[:40] for n in table.get(key) or []]
        return ", ".join(found) or "—"

    line = say(
        "out.join.table",
        code=chat_text(str(table.get("code", "?")))[:8],
        ruleset=chat_text(str(table.get("ruleset", "?")))[:40],
        free=int(table.get("free", 0)),
        players=int(table.get("players", 0)),
        sitting=names("sitting"),
        waiting=names("waiting_for"),
    )
    if table.get("password"):
        line += " " + say("out.join.with_password")
    if table.get("over"):
        line += " " + say("out.join.over")
    return line


def _user_name() -> str:
    try:
        import getpass

        return getpass.getuser()
    except (OSError, KeyError):
        return ""


def _tokens_file() -> Path:
    from dummy_tui.storage import data_dir

    return data_dir() / "tables.json"


def _tokens() -> dict[str, str]:
    """The seat tokens of the tables joined from here, by URL and code."""
    try:
        data = json.loads(_tokens_file().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def _keep_token(key: str, token: str | None) -> None:
    from dummy_tui.storage import atomic_write

    tokens = _tokens()
    if token is None:
        tokens.pop(key, None)
    else:
        tokens[key] = token
    with contextlib.suppress(OSError):  # without it the seat is taken again by name only
        _tokens_file().parent.mkdir(parents=True, exist_ok=True)
        atomic_write(_tokens_file(), json.dumps(dict(list(tokens.items())[-20:]), indent=1))


async def _join(
    url: str,
    code: str,
    name: str,
    args: argparse.Namespace,
    note: str | None = None,
    password: str | None = None,
    record: bool = True,
) -> int:
    from dummy_tui.i18n import say, t
    from dummy_tui.net.remote import HostProblem, JoinRefused, Link, RemoteSession

    key = f"{url}{code}"
    watch = bool(getattr(args, "watch", False))
    link = Link(url, code, name, password, None if watch else _tokens().get(key), watch=watch)
    while True:
        try:
            welcome = await link.open()
            break
        except JoinRefused as exc:
            if exc.reason == "password" and link.password is None and sys.stdin.isatty():
                import getpass

                link.password = getpass.getpass(say("out.join.password_prompt"))
                continue
            if exc.reason == "token" and link.token is not None:
                link.token = None  # a table of the same code, not the one of the token
                continue
            print(f"{PROG}: {t(f'net.error.{exc.reason}')}", file=sys.stderr)
            return 1
        except HostProblem as exc:
            from dummy_tui.logs import logger

            logger.warning("the host sent what cannot be read: %s", exc)
            print(f"{PROG}: {t('net.unreadable')}", file=sys.stderr)
            return 1
        except OSError as exc:
            problem = say("out.join.unreachable", url=url, error=str(exc))
            print(f"{PROG}: {problem}", file=sys.stderr)
            return 1
    if not watch:
        _keep_token(key, link.token)
    tasks: set[asyncio.Task[None]] = set()

    async def deliver(message: dict[str, Any]) -> None:
        from websockets.exceptions import ConnectionClosed

        with contextlib.suppress(ConnectionClosed):
            await link.send(message)

    def send(message: dict[str, Any]) -> None:
        task = asyncio.get_running_loop().create_task(deliver(message))
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    from dummy_tui.ui.app import DummyApp
    from dummy_tui.ui.screens.table_remote import RemoteTableScreen

    try:
        session = RemoteSession(welcome, send)
    except (KeyError, TypeError, ValueError) as exc:
        from dummy_tui.logs import logger

        logger.warning("the host's welcome cannot be read: %r", exc)
        print(f"{PROG}: {t('net.unreadable')}", file=sys.stderr)
        await link.close()
        return 1
    screen = RemoteTableScreen(session, link, note=note)
    app = DummyApp(
        table=screen,
        persist=False,
        history=record,  # the rounds played here, in this machine's history
        lang=args.lang,
        ascii=True if args.ascii else None,
    )
    try:
        await app.run_async()
    finally:
        await link.close()
    return app.return_code or 0


# ---------------------------------------------------------------------------
# serve


def serve_command(args: argparse.Namespace) -> int:
    """The game in a web browser: one game process for each visit, each
    browser with its own folders under the data folder's ``browsers``."""
    from dummy_tui.i18n import say
    from dummy_tui.net.browser import GameServer
    from dummy_tui.storage import data_dir

    if not named_config_exists(args):
        return EXIT_USAGE
    root = data_dir() / "browsers"
    root.mkdir(parents=True, exist_ok=True)
    lang = args.lang if isinstance(args.lang, str) else None
    if args.rules is not None:
        from dummy_tui.rules import load_rulesets

        load_rulesets(args.rules)  # every preset checked: each game would stop on a mistake
    # the games are processes of their own: they read the same rules and config
    given: list[str] = []
    for flag, value in (("--rules", args.rules), ("--config", args.config_file)):
        if value is not None:
            given += [flag, str(Path(value).resolve())]
    if args.seed is not None:
        given += ["--seed", str(args.seed)]
    server = GameServer(root, host=args.bind, port=args.port, lang=lang, play_args=given)
    if args.bind == LOOPBACK:
        print(say("out.serve.loopback"), flush=True)
    try:
        server.serve()
    except OSError as exc:
        print(f"{PROG}: {say('out.serve.cannot', error=exc.strerror or str(exc))}", file=sys.stderr)
        return EXIT_USAGE
    return 0
