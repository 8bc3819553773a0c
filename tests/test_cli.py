"""The ``dummy-tui`` command line, run as a user runs it."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import types
from pathlib import Path

import pytest
from command_util import launched, run_strictly
from record_util import dark_knock

from dummy_tui import cli
from dummy_tui.rules.loader import load_rulesets

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"


MOVES: list[str] = dark_knock()["moves"]
"""The record's moves: Ann draws, melds twice and knocks dark."""


def record_file(folder: Path, **changes: object) -> Path:
    """:func:`record_util.dark_knock` with *changes*, written to a file in *folder*."""
    path = folder / "record.json"
    path.write_text(json.dumps(dark_knock(**changes)), encoding="utf-8")
    return path


def run(*args: str | Path, cwd: Path, encoding: str = "utf-8") -> subprocess.CompletedProcess[str]:
    """``python -m dummy_tui ARGS`` outside the source tree, so the installed package runs.

    Its standard streams are *encoding*, strictly: output that does not
    decode fails the test.
    """
    return run_strictly(
        [sys.executable, "-m", "dummy_tui", *map(str, args)],
        cwd=cwd,
        encoding=encoding,
        columns=120,
    )


def assert_one_line_error(result: subprocess.CompletedProcess[str], text: str) -> None:
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert text in result.stderr


# ---------------------------------------------------------------------------
# Subprocess: what a user sees


def test_version(tmp_path: Path) -> None:
    result = run("--version", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.startswith("dummy-tui ")
    assert result.stdout.strip() != "dummy-tui"


def test_help(tmp_path: Path) -> None:
    result = run("--help", cwd=tmp_path)
    assert result.returncode == 0
    for word in ("play", "rules", "replay", "--rules FILE", "--lang {en,th}", "--version"):
        assert word in result.stdout
    # the options of play, the command run when none is named, as the README says
    play = result.stdout.split("play options (with no command, or after 'play'):\n")[1]
    for flag in ("--players N", "--humans N", "--ai LEVEL", "--ruleset NAME", "--seed N"):
        assert flag in play
    for flag in ("--resume", "--ascii", "--options KEY=VALUE"):
        assert flag in play
    assert " ".join(play.split()).endswith("'dummy-tui COMMAND --help' tells more about a command.")


def test_play_help_lists_its_flags(tmp_path: Path) -> None:
    result = run("play", "--help", cwd=tmp_path)
    assert result.returncode == 0
    for flag in (
        "--players",
        "--humans",
        "--ai",
        "--ruleset",
        "--seed",
        "--lang",
        "--resume",
        "--ascii",
        "--rules",
        "--options",
    ):
        assert flag in result.stdout
    words = " ".join(result.stdout.split())
    assert "random, easy, normal or hard (default: normal)" in words  # --ai's levels


def test_rules_lists_presets_and_options(tmp_path: Path) -> None:
    result = run("rules", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "dummy-house" in out
    assert "Common house rules" in out
    for key in ("hand_size", "burn_two_player", "layoff_chain", "penalty_feed_speto"):
        assert key in out
    assert "{ 2 = 11, 3 = 9, 4 = 7 }" in out


def test_rules_of_one_preset_marks_what_differs(tmp_path: Path) -> None:
    result = run("rules", "dummy-house", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    rows = {
        cells[2]: cells
        for line in result.stdout.splitlines()
        if len(cells := [cell.strip() for cell in line.split("│")]) == 6
    }
    assert rows["burn_two_player"][1:5] == ["*", "burn_two_player", "5", "0"]
    assert rows["penalty_feed_head"][1:5] == ["*", "penalty_feed_head", "50", "0"]
    assert rows["knock_points"][1:5] == ["", "knock_points", "50", ""]
    assert rows["speto_cards"][1:5] == ["", "speto_cards", '["2C", "QS"]', ""]
    assert sum(cells[1] == "*" for cells in rows.values()) == 9


def test_rules_with_a_bad_file(tmp_path: Path) -> None:
    bad = DATA / "out_of_range.toml"
    expected = (
        f"dummy-tui: {bad}: preset 'dummy-house': option 'penalty_feed_head': "
        "must be from 0 to 10000 (got -5)\n"
    )
    result = run("rules", "--rules", bad, cwd=tmp_path)
    assert_one_line_error(result, "")
    assert result.stderr == expected
    assert result.stdout == ""
    # --rules is a global option too.
    result = run("--rules", bad, "rules", "dummy", cwd=tmp_path)
    assert result.stderr == expected


def test_rules_with_a_file_that_is_not_toml(tmp_path: Path) -> None:
    result = run("rules", "--rules", DATA / "not_toml.toml", cwd=tmp_path)
    assert_one_line_error(result, "line 4, column 16: not valid TOML")


def test_a_rules_file_nested_too_deeply_is_one_line_about_toml(tmp_path: Path) -> None:
    record = record_file(tmp_path)
    assert run("replay", record, cwd=tmp_path).returncode == 0
    for name, said in [
        ("nested_too_deeply.toml", "not readable TOML (lists or tables nested too deeply)"),
        ("nested_value.toml", "preset 'deep': option 'description': nested too deeply"),
    ]:
        bad = DATA / name
        assert_one_line_error(run("rules", "--rules", bad, cwd=tmp_path), f"{bad}: {said}")
        result = run("replay", record, "--rules", bad, cwd=tmp_path)
        assert_one_line_error(result, f"{bad}: {said}")
        assert "JSON" not in result.stderr


@pytest.mark.parametrize("command", ["sim", "play"])
def test_an_option_nested_too_deeply_is_one_line(tmp_path: Path, command: str) -> None:
    deep = "[" * 600 + "]" * 600
    result = run(command, "--options", f"knock_points={deep}", cwd=tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines()[-1] == (
        f"dummy-tui {command}: error: argument --options: option 'knock_points': "
        "the value is not readable TOML (lists or tables nested too deeply)"
    )


def test_rules_with_a_missing_file(tmp_path: Path) -> None:
    result = run("--rules", tmp_path / "nowhere.toml", "rules", cwd=tmp_path)
    assert_one_line_error(result, "nowhere.toml: cannot read it: No such file or directory")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        pytest.param(
            ("rules", "dumy"),
            f"no preset named 'dumy' (presets: {', '.join(load_rulesets())})",
            id="rules_of_an_unknown_preset",
        ),
        pytest.param(
            ("--options", "penalty_feed_haed=50"),
            "dummy-tui: --options: option 'penalty_feed_haed': unknown option "
            "(did you mean 'penalty_feed_head'?)",
            id="play_refuses_a_bad_option_before_starting",
        ),
        pytest.param(
            ("play", "--ruleset", "nope"),
            "rulesets.toml: no preset named 'nope'",
            id="play_refuses_an_unknown_preset_before_starting",
        ),
    ],
)
def test_a_mistaken_name_is_one_line(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    assert_one_line_error(run(*args, cwd=tmp_path), message)


def test_rules_from_a_file_of_ones_own(tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text(
        '[presets.quick]\nfamily = "dummy"\ndescription = "Short match"\ntarget_score = 200\n',
        encoding="utf-8",
    )
    result = run("--rules", mine, "rules", "quick", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Short match" in result.stdout
    assert "target_score" in result.stdout


def test_play_refuses_a_bad_flag(tmp_path: Path) -> None:
    result = run("play", "--players", "5", cwd=tmp_path)
    assert result.returncode == 2
    assert "argument --players: must be from 2 to 4, not 5" in result.stderr
    assert "Traceback" not in result.stderr
    result = run("play", "--options", "novalue", cwd=tmp_path)
    assert result.returncode == 2
    assert "write it as KEY=VALUE" in result.stderr


def test_replay_of_a_missing_record(tmp_path: Path) -> None:
    result = run("replay", tmp_path / "nothing.json", cwd=tmp_path)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    result = run("replay", tmp_path / "nothing.json", "--json", cwd=tmp_path)
    assert result.returncode == 2
    answer = json.loads(result.stdout)
    assert answer["ok"] is False
    assert answer["error"]["index"] is None


@pytest.mark.parametrize("encoding", ["utf-8", "ascii"])
def test_replay_writes_text_its_output_cannot_encode_as_escapes(
    tmp_path: Path, encoding: str
) -> None:
    # "\ud800" in the record's JSON is a lone surrogate, which no encoding writes
    moves = [*MOVES[:2], "dra\ud800w ก😀"]
    record = record_file(tmp_path, moves=moves)
    result = run("replay", record, "--json", cwd=tmp_path, encoding=encoding)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    answer = json.loads(result.stdout)  # one JSON object, read back as it was
    assert answer["error"]["index"] == 2
    assert answer["error"]["move"] == "dra\ud800w ก😀"
    players = ["Ann\ud800", "บอ", "Chai", "Dao"]
    result = run("replay", record_file(tmp_path, players=players), cwd=tmp_path, encoding=encoding)
    assert result.returncode == 0, result.stderr
    assert "Next round: Ann\\ud800 to start" in result.stdout


# ---------------------------------------------------------------------------
# In process: the parts a subprocess cannot reach


def test_a_lone_surrogate_in_a_record_is_written_as_an_escape(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = [*MOVES[:2], "dra\ud800w"]
    assert cli.main(["replay", str(record_file(tmp_path, moves=moves)), "--json"]) == 1
    out = capsys.readouterr().out
    assert json.loads(out)["error"]["move"] == "dra\ud800w"
    assert out.count("\n") == 1
    record = record_file(tmp_path, players=["Ann\ud800", "Bo", "Chai", "Dao"])
    assert cli.main(["replay", str(record)]) == 0
    assert "Next round: Ann\\ud800 to start" in capsys.readouterr().out


@pytest.mark.parametrize("json_output", [False, True])
def test_a_name_longer_than_a_table_shows_makes_the_record_unreadable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], json_output: bool
) -> None:
    said = "players[1]: must be at most 40 characters long (got 10000000)"
    record = record_file(tmp_path, players=["Ann", "B" * 10_000_000, "Chai", "Dao"])
    assert cli.main(["replay", str(record), *(["--json"] if json_output else [])]) == 2
    out, err = capsys.readouterr()
    if json_output:
        assert json.loads(out)["error"]["message"] == f"{record}: {said}"
    else:
        assert (out, err) == ("", f"dummy-tui replay: {record}: {said}\n")
    record = record_file(tmp_path, players=["Ann", "B" * 40, "Chai", "Dao"])
    assert cli.main(["replay", str(record)]) == 0  # forty is allowed
    assert "B" * 40 in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        ([], ["play"]),
        (["--players", "3"], ["play", "--players", "3"]),
        (["--rules", "f.toml"], ["--rules", "f.toml", "play"]),
        (["--rules=f.toml", "--seed", "1"], ["--rules=f.toml", "play", "--seed", "1"]),
        (["--rules", "f.toml", "rules"], ["--rules", "f.toml", "rules"]),
        (["rules", "dummy"], ["rules", "dummy"]),
        (["replay", "r.json"], ["replay", "r.json"]),
        (["--help"], ["--help"]),
        (["--rules"], ["--rules"]),
        (["--seed", "1", "--rules"], ["play", "--seed", "1", "--rules"]),
        (["--version"], ["--version"]),
        (["bogus"], ["bogus"]),
        # --lang, like --rules, belongs to every command and may come first
        (["--lang", "th"], ["--lang", "th", "play"]),
        (["--lang=th", "--seed", "1"], ["--lang=th", "play", "--seed", "1"]),
        (["--lang", "th", "--help"], ["--lang", "th", "--help"]),
        (
            ["--lang", "th", "--rules", "f.toml", "sim"],
            ["--lang", "th", "--rules", "f.toml", "sim"],
        ),
        (["--lang", "th", "replay", "r.json"], ["--lang", "th", "replay", "r.json"]),
    ],
)
def test_play_is_the_default_command(argv: list[str], expected: list[str]) -> None:
    assert cli._with_default_command(argv) == expected


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "th", "replay", "g.json"],
        ["replay", "--lang", "th", "g.json"],
        ["replay", "g.json", "--lang", "th"],
        ["--lang", "en", "replay", "g.json", "--lang", "th"],  # the last one given
    ],
)
def test_lang_is_taken_before_or_after_any_command(argv: list[str]) -> None:
    args = cli.build_parser().parse_args(cli._with_default_command(argv))
    assert (args.command, args.lang, args.file) == ("replay", "th", "g.json")


def test_learn_opens_the_lessons_in_the_language_asked_for_else_the_configs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    args = launched(monkeypatch, ["learn", "--lang", "th", "--ascii"], "run_lessons")
    assert (args.command, args.lang, args.ascii) == ("learn", "th", True)
    config = tmp_path / "config.toml"
    config.write_text('language = "th"\nascii_cards = true\n', encoding="utf-8")
    args = launched(monkeypatch, ["learn", "--config", str(config)], "run_lessons")
    assert (args.lang, args.ascii) == ("th", True)
    args = launched(monkeypatch, ["--lang", "en", "learn", "--config", str(config)], "run_lessons")
    assert args.lang == "en"


def test_learn_with_a_config_file_that_is_not_there_stops(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert cli.main(["learn", "--config", str(tmp_path / "none.toml")]) == 2
    assert "none.toml" in capsys.readouterr().err


def test_play_hands_the_checked_rules_to_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["--players", "2", "--ruleset", "dummy-house", "--seed", "7", "--lang", "th"]
    argv += ["--options", "penalty_feed_head=0", "hand_size={2=9}", "--ascii"]
    args = launched(monkeypatch, argv)
    assert (args.players, args.ruleset, args.seed, args.lang) == (2, "dummy-house", 7, "th")
    assert args.ascii is True
    assert args.resume is False
    assert args.rules is None
    assert args.options == {"penalty_feed_head": 0, "hand_size": {"2": 9}}
    assert args.game_rules.penalty_feed_head == 0
    assert args.game_rules.penalty_feed_speto == 50
    assert args.game_rules.hand_size == {2: 9, 3: 9, 4: 7}


@pytest.mark.parametrize(
    ("ruleset", "players"), [("gin", 2), ("gin-openspiel", 2), ("persian", 4), ("rummy", 4)]
)
def test_play_without_players_sits_the_presets_own_table(
    monkeypatch: pytest.MonkeyPatch, ruleset: str, players: int
) -> None:
    from dummy_tui.ui.launch import setup_from_args

    args = launched(monkeypatch, ["play", "--ruleset", ruleset, "--seed", "3"])
    setup = setup_from_args(args)
    assert setup is not None
    assert len(setup.seats) == players
    assert [s.human for s in setup.seats] == [True] + [False] * (players - 1)


def test_play_with_more_people_than_the_preset_seats(tmp_path: Path) -> None:
    result = run("play", "--ruleset", "gin", "--humans", "3", cwd=tmp_path)
    assert_one_line_error(result, "dummy-tui: --humans 3, but preset 'gin' is played by 2 players")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--rules"], "dummy-tui: error: argument --rules: expected one argument"),
        (["--rules="], "dummy-tui: error: argument --rules: the file name is empty"),
        (
            ["rules", "--rules", ""],
            "dummy-tui rules: error: argument --rules: the file name is empty",
        ),
    ],
    ids=["no-value", "empty-top", "empty-rules"],
)
def test_a_missing_or_empty_file_name_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    with pytest.raises(SystemExit) as caught:
        cli.main(argv)
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert err.splitlines()[-1] == said
    assert "Traceback" not in err


@pytest.mark.parametrize("json_output", [False, True])
def test_an_empty_record_name_is_a_record_that_cannot_be_read(
    capsys: pytest.CaptureFixture[str], json_output: bool
) -> None:
    assert cli.main(["replay", "", *(["--json"] if json_output else [])]) == 2
    out, err = capsys.readouterr()
    if json_output:
        error = {"index": None, "move": None, "message": "the file name is empty"}
        assert json.loads(out) == {"ok": False, "error": error}
    else:
        assert (out, err) == ("", "dummy-tui replay: the file name is empty\n")


@pytest.mark.parametrize(
    ("name", "shown"), [("\udc00.toml", "'\\udc00.toml'"), ("a\x00.toml", "'a\\x00.toml'")]
)
def test_a_file_name_no_file_can_have_is_one_line(
    capsys: pytest.CaptureFixture[str], name: str, shown: str
) -> None:
    # a lone surrogate or a NUL (a command line gives neither, a save's rules_path might)
    assert cli.main(["rules", "--rules", name]) == 2
    assert capsys.readouterr().err == (
        f"dummy-tui: {shown}: cannot read it: not a name a file can have\n"
    )
    assert cli.main(["replay", name, "--json"]) == 2
    message = json.loads(capsys.readouterr().out)["error"]["message"]
    assert message == f"{shown}: cannot be read (not a name a file can have)"


def test_play_without_the_game_screen(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # the import raises ModuleNotFoundError
    monkeypatch.setitem(sys.modules, "dummy_tui.ui.launch", None)
    assert cli.main([]) == 2
    err = capsys.readouterr().err
    assert err == "dummy-tui: the game screen (dummy_tui.ui.launch) is not installed\n"


def test_interrupt_exits_130_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(args: argparse.Namespace) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "rules_command", interrupted)
    assert cli.main(["rules"]) == 130
    assert capsys.readouterr() == ("", "")


def test_os_error_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def failing(args: argparse.Namespace) -> int:
        raise PermissionError(13, "Permission denied", "/some/file")

    monkeypatch.setattr(cli, "rules_command", failing)
    assert cli.main(["rules"]) == 2
    assert capsys.readouterr().err == "dummy-tui: /some/file: Permission denied\n"


def test_replay_is_handed_its_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Path, bool, Path | None]] = []

    def main(path: Path, json_output: bool = False, rules_path: Path | None = None) -> int:
        calls.append((path, json_output, rules_path))
        return 1

    fake = types.ModuleType("dummy_tui.replay")
    fake.main = main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "dummy_tui.replay", fake)
    assert cli.main(["--rules", "r.toml", "replay", "g.json", "--json"]) == 1
    assert cli.main(["replay", "g.json", "--rules", "s.toml"]) == 1
    assert cli.main(["replay", "g.json"]) == 1
    assert calls == [
        (Path("g.json"), True, Path("r.toml")),
        (Path("g.json"), False, Path("s.toml")),
        (Path("g.json"), False, None),
    ]


def test_rules_in_thai_names_presets_and_options_in_thai() -> None:
    import io

    from rich.console import Console

    from dummy_tui.rules_table import print_presets

    out = io.StringIO()
    print_presets(console=Console(file=out, width=160), lang="th")
    text = out.getvalue()
    assert "แบบกติกา" in text and "จินรัมมี่" in text and "แต้มน็อค" in text
    assert "knock_points" in text  # the key, as typed after --options
    assert "Presets" not in text and "Knock points" not in text


def _read(parser: argparse.ArgumentParser, words: list[str]) -> tuple[object, str]:
    """What ``parser`` makes of ``words``: its namespace (the handler by name), or
    its exit code and what it wrote."""
    import contextlib
    import io

    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            args = vars(parser.parse_args(words))
    except SystemExit as stop:
        return stop.code, err.getvalue()
    args["handler"] = args["handler"].__name__
    return args, err.getvalue()


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--ai", "hard", "--players", "3", "--seed", "7"],
        ["--lang", "th", "--ruleset", "gin"],
        ["--rules", "my.toml", "play", "--options", "penalty_feed_head=50", "--ascii"],
        ["play", "--log", "game.log", "--log-level", "debug", "--no-history", "--resume"],
        ["--players", "9"],  # refused: the same words, the same exit code
        ["--log-level", "loud"],
        ["play", "--seed", "-1"],
        ["play", "extra"],
        ["--bogus"],
        ["--config", "c.toml", "--humans", "2", "--lang=en"],
    ],
)
def test_a_play_command_line_reads_the_same_without_the_other_commands(argv: list[str]) -> None:
    words = cli._with_default_command(argv)
    assert cli._plays_only(words)
    whole, alone = cli.build_parser(), cli.build_parser(play_only=True)
    assert _read(alone, ["replay", "g.json"])[0] == 2  # it is the smaller parser
    assert _read(alone, words) == _read(whole, words)


@pytest.mark.parametrize(
    "argv",
    [["--help"], ["play", "--help"], ["-h"], ["replay", "g.json"], ["--version"], ["--lang"]],
)
def test_help_and_other_commands_get_the_whole_parser(argv: list[str]) -> None:
    assert not cli._plays_only(cli._with_default_command(argv))


def test_a_rules_file_of_a_familys_own_presets_opens_on_its_first(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from dummy_tui.ui.launch import setup_from_args

    rules = tmp_path / "family.toml"
    rules.write_text(
        '[presets.grandma]\nfamily = "dummy"\ntarget_score = 300\n\n'
        '[presets.quick]\nfamily = "gin"\n',
        encoding="utf-8",
    )
    args = launched(monkeypatch, ["--rules", str(rules)])
    assert args.ruleset == "grandma"
    assert setup_from_args(args) is None  # the new-game screen, on the file's presets
    args = launched(monkeypatch, ["--rules", str(rules), "--seed", "3"])
    setup = setup_from_args(args)
    assert setup is not None and setup.ruleset == "grandma"
    # a preset the command line names is still looked for, and its absence said
    result = run("--rules", rules, "--ruleset", "dummy", cwd=tmp_path)
    assert_one_line_error(result, "no preset named 'dummy'")


def test_the_collector_held_off_for_the_start_runs_for_every_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The command line holds the garbage collector off while the game starts;
    a command other than play (a long ``sim``, say) runs with it on, and it is
    on again when ``main`` returns, whatever happened."""
    import gc

    during: list[bool] = []

    def rules(args: argparse.Namespace) -> int:
        during.append(gc.isenabled())
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "rules_command", rules)
    assert cli.main(["rules"]) == cli.EXIT_INTERRUPTED
    assert during == [True] and gc.isenabled()
