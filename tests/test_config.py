"""``config.toml``: every key read, every mistake named with its file and key,
the defaults kept for what cannot be used; ``dummy-tui config``."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from command_util import launched

from dummy_tui import cli
from dummy_tui.config import EXAMPLE, load_config

pytestmark = pytest.mark.usefixtures("no_log_left")


@pytest.fixture
def config_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("DUMMY_TUI_HOME", str(tmp_path))
    return tmp_path / "config" / "config.toml"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def uncommented(example: str) -> str:
    """The example with every key (and the [keymap] table) taken out of its comment."""
    return re.sub(r"^# (\[?[a-z_]+\]?( = .*)?)$", r"\1", example, flags=re.M)


def test_no_file_is_no_config(config_file: Path) -> None:
    config = load_config()
    assert config.path == config_file
    assert config.problems == [] and config.theme is None and config.keymap == {}


def test_the_example_names_every_key_and_each_one_reads(config_file: Path) -> None:
    assert tomllib.loads(EXAMPLE) == {}  # all of it commented out
    config = load_config(write(config_file, uncommented(EXAMPLE)))
    assert config.problems == []
    assert config.language == "th"
    assert config.theme == "nord"
    assert config.ai_speed == 0.3
    assert config.preset == "dummy-house"
    assert config.ascii_cards is True
    assert config.log == Path("~/dummy-tui.log").expanduser()
    assert config.keymap == {"draw": "n", "knock": "k,ctrl+o"}


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ('language = "fr"', """key 'language': must be "en" or "th", not 'fr'"""),
        ("theme = 3", "key 'theme': must be a string, the name of a theme, not a number (3)"),
        ("ai_speed = 9", "key 'ai_speed': must be from 0 to 5 seconds, not 9"),
        ('ai_speed = "fast"', "key 'ai_speed': must be a number of seconds, not a string"),
        ('ascii_cards = "yes"', "key 'ascii_cards': must be true or false, not a string ('yes')"),
        ('log = ""', "key 'log': is empty"),
        ('keymap = "d"', "key 'keymap': must be a table ([keymap]), not a string"),
        ("[keymap]\ndraw = 4", "key 'keymap.draw': must be a string of keys"),
        ('colour = "red"', "key 'colour': unknown key (the keys: language, theme, ai_speed"),
    ],
)
def test_a_bad_key_or_value_is_named_and_keeps_the_default(
    config_file: Path, text: str, problem: str
) -> None:
    config = load_config(write(config_file, f'preset = "gin"\n{text}\n'))
    assert len(config.problems) == 1
    assert config.texts()[0].startswith(f"{config_file}: {problem}"), config.problems
    assert config.preset == "gin"  # the rest of the file still applies
    assert config.language is None and config.ai_speed is None and config.keymap == {}


def test_a_file_that_is_not_toml_is_one_problem(config_file: Path) -> None:
    config = load_config(write(config_file, "theme = \n"))
    assert len(config.problems) == 1 and config.texts()[0].startswith(f"{config_file}: not TOML")
    config_file.write_bytes(b"\xff\xfe")
    assert load_config().texts()[0].startswith(f"{config_file}: cannot be read")


def test_config_command(config_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["config", "--path"]) == 0
    assert capsys.readouterr() == (f"{config_file}\n", "")
    assert cli.main(["config"]) == 0
    assert capsys.readouterr() == (EXAMPLE, "")
    write(config_file, "ai_speed = -1\nkeymap = 1\n")
    assert cli.main(["config", "--path"]) == 0
    out, err = capsys.readouterr()
    assert out == f"{config_file}\n"
    assert err == (
        f"dummy-tui: {config_file}: key 'ai_speed': must be from 0 to 5 seconds, not -1\n"
        f"dummy-tui: {config_file}: key 'keymap': must be a table ([keymap]), not a number\n"
    )


def test_play_takes_the_configs_values_where_the_flags_do_not(
    config_file: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    write(
        config_file,
        f'preset = "gin"\nlanguage = "th"\nascii_cards = true\nlog = "{tmp_path / "g.log"}"\n',
    )
    args = launched(monkeypatch, ["--seed", "4"])
    assert (args.ruleset, args.lang, args.ascii, args.log) == (
        "gin",
        "th",
        True,
        tmp_path / "g.log",
    )
    assert args.ruleset_from_config and args.config.problems == []
    args = launched(monkeypatch, ["--ruleset", "dummy-house", "--lang", "en"])
    assert (args.ruleset, args.lang) == ("dummy-house", "en")  # the flags win
    assert not args.ruleset_from_config
    # an unknown preset: the default, and the problem for the game to show
    write(config_file, 'preset = "dumy"\n')
    args = launched(monkeypatch, [])
    assert args.ruleset == "dummy"
    assert args.config.texts()[0].startswith(
        f"{config_file}: key 'preset': no preset named 'dumy' (presets: dummy, dummy-house"
    )
