"""Damaged and odd config files (``tests/data/config/``, one per failure mode)
and theme files (``tests/data/themes/``): each is said in a line that names
the file, the key and the problem, in the player's language, by ``dummy-tui
config`` and at start; the rest of the file still applies; never a traceback.
``--config FILE`` and ``DUMMY_TUI_CONFIG`` name another file."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from command_util import launched

from dummy_tui import cli
from dummy_tui.config import load_config
from dummy_tui.i18n import set_language

pytestmark = pytest.mark.usefixtures("no_log_left")

DATA = Path(__file__).resolve().parent / "data"

MISTAKES: dict[str, tuple[str, str]] = {
    "nested_600_deep.toml": (
        "key 'theme': must be a string, the name of a theme, not a list ([[[[...]]]])",
        "คีย์ 'theme': ต้องเป็นข้อความ คือชื่อธีม ไม่ใช่รายการ ([[[[...]]]])",
    ),
    "nested_600_deep_in_keymap.toml": (
        'key \'keymap.draw\': must be a string of keys, like "n" or "n,ctrl+n", not '
        "{'a': {'a': {'a': {...}}}}",
        'คีย์ \'keymap.draw\': ต้องเป็นข้อความบอกปุ่ม เช่น "n" หรือ "n,ctrl+n" ไม่ใช่ '
        "{'a': {'a': {'a': {...}}}}",
    ),
    "nested_too_deeply.toml": (
        "not TOML that can be read: its values are nested too deeply",
        "อ่านเป็น TOML ไม่ได้: ค่าซ้อนกันลึกเกินไป",
    ),
    "log_of_no_such_user.toml": (
        "key 'log': starts with the home folder of 'nosuchuser-of-dummy-tui', but there is "
        "no such user",
        "คีย์ 'log': ขึ้นต้นด้วยโฟลเดอร์บ้านของ 'nosuchuser-of-dummy-tui' แต่ไม่มีผู้ใช้ชื่อนี้",
    ),
    "log_with_nul.toml": (
        "key 'log': holds a NUL character, which no file name can hold",
        "คีย์ 'log': มีอักขระ NUL ซึ่งชื่อไฟล์มีไม่ได้",
    ),
    "keymap_nul.toml": (
        "key 'keymap.knock': no key of a keyboard is called '\\x00': write a letter or a sign",
        "คีย์ 'keymap.knock': ไม่มีปุ่มไหนบนแป้นพิมพ์ชื่อ '\\x00' ให้เขียนตัวอักษรหรือเครื่องหมาย",
    ),
    "keymap_no_such_key.toml": (
        "key 'keymap.draw': no key of a keyboard is called 'zz': write a letter or a sign "
        '("n", "?") or a key\'s name ("ctrl+o", "f2", "enter", "question_mark")',
        "คีย์ 'keymap.draw': ไม่มีปุ่มไหนบนแป้นพิมพ์ชื่อ 'zz'",
    ),
    "keymap_unknown_id.toml": (
        "key 'keymap.drwa': no binding with id 'drwa' (did you mean 'draw'?)",
        "คีย์ 'keymap.drwa': ไม่มีคำสั่งที่ชื่อ 'drwa' (หมายถึง 'draw' หรือเปล่า)",
    ),
    "not_toml.toml": (
        "not TOML: Invalid value (at line 1, column 9)",
        "ไม่ใช่ TOML: Invalid value (at line 1, column 9)",
    ),
    "not_utf8.toml": (
        "cannot be read: not UTF-8 text (byte 25)",
        "อ่านไม่ได้: ไม่ใช่ข้อความ UTF-8 (ไบต์ที่ 25)",
    ),
    "unknown_key.toml": (
        "key 'colour': unknown key (the keys: language, theme, ai_speed, preset, ascii_cards, "
        "log, keymap)",
        "คีย์ 'colour': ไม่รู้จักคีย์นี้ (คีย์ที่ใช้ได้: language, theme, ai_speed",
    ),
    "ai_speed_nan.toml": (
        "key 'ai_speed': must be from 0 to 5 seconds, not nan",
        "คีย์ 'ai_speed': ต้องอยู่ระหว่าง 0 ถึง 5 วินาที ไม่ใช่ nan",
    ),
    "language_a_date.toml": (
        'key \'language\': must be a string, "en" or "th", not a date (1979-05-27)',
        'คีย์ \'language\': ต้องเป็นข้อความ "en" หรือ "th" ไม่ใช่วันเวลา (1979-05-27)',
    ),
    "long_integer.toml": (
        "not TOML that can be read: it has a number of more than 4300 digits",
        "อ่านเป็น TOML ไม่ได้: มีตัวเลขยาวเกิน 4300 หลัก",
    ),
    "byte_order_mark.toml": ("", ""),  # no fault: a byte-order mark is taken
}
"""Each file of ``tests/data/config`` and the line it is told in (after ``FILE: ``),
in English and in Thai; empty for a file with no fault."""

WHOLE_FILE = {"nested_too_deeply.toml", "not_toml.toml", "not_utf8.toml", "long_integer.toml"}
"""Files nothing of which can be read."""


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("DUMMY_TUI_HOME", str(tmp_path))
    monkeypatch.delenv("DUMMY_TUI_CONFIG", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    yield tmp_path
    set_language("en")


def test_every_file_is_tested() -> None:
    assert {p.name for p in (DATA / "config").glob("*.toml")} == set(MISTAKES)


@pytest.mark.parametrize("name", list(MISTAKES))
def test_each_mistake_is_one_line_and_the_rest_applies(name: str) -> None:
    path = DATA / "config" / name
    config = load_config(path)
    english, thai = MISTAKES[name]
    for lang, line in (("en", english), ("th", thai)):
        set_language(lang)
        said = config.texts()
        if not line:
            assert said == []
        else:
            assert len(said) == 1, said
            assert said[0].startswith(f"{path}: {line}"), said
    if name in WHOLE_FILE:
        assert config.ai_speed is None
    elif name == "ai_speed_nan.toml":
        assert config.ascii_cards is True and config.ai_speed is None
    else:
        assert config.ai_speed == 1.5  # the rest of the file still applies
    if name == "byte_order_mark.toml":
        assert config.language == "th"
    if name == "keymap_no_such_key.toml":
        assert config.keymap == {"draw": "n"}  # its good key kept


@pytest.mark.parametrize("name", list(MISTAKES))
def test_the_config_command_says_it_in_the_players_language(
    name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = DATA / "config" / name
    english, thai = MISTAKES[name]
    assert cli.main(["config", "--path", "--config", str(path)]) == 0
    out, err = capsys.readouterr()
    assert out == f"{path}\n"
    if english:
        assert err.startswith(f"dummy-tui: {path}: {english}") and err.count("\n") == 1, err
    else:
        assert err == ""
    monkeypatch.setenv("LANG", "th_TH.UTF-8")  # a Thai machine
    assert cli.main(["config", "--path", "--config", str(path)]) == 0
    _, err = capsys.readouterr()
    assert err.startswith(f"dummy-tui: {path}: {thai}") if thai else err == ""


@pytest.mark.parametrize("name", list(MISTAKES))
def test_the_game_starts_with_each_file(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    path = DATA / "config" / name
    args = launched(monkeypatch, ["--config", str(path)])
    assert args.config.path == path
    assert len(args.config.problems) == (1 if MISTAKES[name][0] else 0)


def test_config_file_and_variable_name_the_file(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    own = home / "config" / "config.toml"
    own.parent.mkdir(parents=True)
    own.write_text("ai_speed = 1\n", encoding="utf-8")
    named = home / "named.toml"
    named.write_text("ai_speed = 2\n", encoding="utf-8")
    other = home / "other.toml"
    other.write_text("ai_speed = 3\n", encoding="utf-8")
    assert cli.main(["config", "--path"]) == 0
    assert capsys.readouterr().out == f"{own}\n"
    monkeypatch.setenv("DUMMY_TUI_CONFIG", str(named))
    assert cli.main(["config", "--path"]) == 0
    assert capsys.readouterr().out == f"{named}\n"
    assert cli.main(["config", "--path", "--config", str(other)]) == 0  # the flag wins
    assert capsys.readouterr().out == f"{other}\n"
    assert load_config().ai_speed == 2
    # a file named that is not there: the flag is a bad argument, the variable a problem
    assert cli.main(["config", "--config", str(home / "nope.toml")]) == 2
    nope = home / "nope.toml"
    assert capsys.readouterr().err == f"dummy-tui: --config: {nope}: there is no such file\n"
    monkeypatch.setenv("DUMMY_TUI_CONFIG", str(home / "gone.toml"))
    assert load_config().texts() == [f"{home / 'gone.toml'}: there is no such file"]


THEME_MISTAKES = {
    "bad_colour.toml": 'key \'primary\': must be a colour such as "#ff7f50" or "coral", '
    "not '#zzz'",
    "builtin_name.toml": "key 'name': a theme named 'nord' comes with the game: give yours "
    "another name",
    "no_primary.toml": 'a theme needs its main colour, e.g. primary = "#ff7f50"',
}


def test_theme_files_are_read_and_their_mistakes_said(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from dummy_tui.ui.configcheck import load_user_themes

    folder = home / "config" / "themes"
    shutil.copytree(DATA / "themes", folder)
    found = load_user_themes()
    assert [(t.name, t.primary, t.dark) for t in found.themes] == [
        ("sunset", "#ff7f50", False),
        ("unknown_key_and_dark", "teal", True),
    ]
    said = [p.text() for p in found.problems]
    for name, line in THEME_MISTAKES.items():
        assert f"{folder / name}: {line}" in said
    odd = folder / "unknown_key_and_dark.toml"
    assert f"{odd}: key 'colour': unknown key (the keys: name, primary, " in "\n".join(said)
    assert f"{odd}: key 'dark': must be true or false, not a string ('yes')" in said
    assert len(said) == 5
    # dummy-tui config says them too, and a theme of one's own is a theme
    (home / "config" / "config.toml").write_text('theme = "sunset"\n', encoding="utf-8")
    assert cli.main(["config"]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 5 and "no theme named" not in err
    assert f"dummy-tui: {folder / 'bad_colour.toml'}: key 'primary': must be a colour" in err


def test_a_log_the_config_names_that_cannot_be_opened_is_said_and_the_game_goes_on(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = home / "config" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text(f'log = "{home}"\n', encoding="utf-8")  # a folder
    args = launched(monkeypatch, [])
    assert args.log is None
    [said] = args.config.texts()
    assert said.startswith(f"{config}: key 'log': cannot be opened (Is a directory)")
    assert said.endswith("the game goes on without a log")
