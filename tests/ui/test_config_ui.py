"""The config file in the game: its theme, its AI speed, its keymap, and its
mistakes said once, naming the file and the key."""

from __future__ import annotations

from pathlib import Path

from ui_helpers import app_for, settled_table, setup, write_config

from dummy_tui.config import load_config
from dummy_tui.engine.round import PLAY


async def test_the_configs_theme_speed_and_keymap(home: Path) -> None:
    write_config(home, 'theme = "nord"\nai_speed = 0.01\n[keymap]\ndraw = "n"\n')
    app = app_for(setup(humans=1, seed=21), config=load_config())
    async with app.run_test(size=(100, 30)) as pilot:
        table = await settled_table(pilot, app)
        assert app.theme == "nord"
        assert app.prefs.settings.ai_delay == 0.01
        assert [n.message for n in app._notifications] == []
        await pilot.press("d")  # no longer the draw
        await pilot.pause()
        assert table.session.round.phase != PLAY
        await pilot.press("n")
        await pilot.pause()
        assert table.session.round.phase == PLAY
        await pilot.press("ctrl+t")  # the quick flip, from any theme
        assert app.theme == "textual-light"
        await pilot.press("ctrl+t")
        assert app.theme == "textual-dark"


async def test_a_bad_value_is_said_once_and_the_default_kept(home: Path) -> None:
    path = write_config(home, 'theme = "nrod"\nai_speed = 7\n')
    app = app_for(setup(humans=1, seed=21), config=load_config())
    async with app.run_test(size=(100, 30)) as pilot:
        await settled_table(pilot, app)
        said = [n.message for n in app._notifications]
        assert said[0] == f"{path}: key 'ai_speed': must be from 0 to 5 seconds, not 7"
        assert said[1].startswith(f"{path}: key 'theme': no theme named 'nrod' (themes: ")
        assert "nord" in said[1]
        assert app.theme == "textual-dark"
        assert app.prefs.settings.ai_delay == 0.0  # the test settings' own


DATA = Path(__file__).resolve().parents[1] / "data"


async def test_an_unknown_id_and_a_key_no_keyboard_sends_are_said_in_thai(home: Path) -> None:
    path = write_config(home, '[keymap]\ndrwa = "n"\nknock = "\\u0000"\ndraw = "zz,j"\n')
    app = app_for(setup(humans=1, seed=21), config=load_config(), lang="th")
    async with app.run_test(size=(100, 30)) as pilot:
        table = await settled_table(pilot, app)
        said = [n.message for n in app._notifications]
        assert said == [
            f"{path}: คีย์ 'keymap.drwa': ไม่มีคำสั่งที่ชื่อ 'drwa' (หมายถึง 'draw' หรือเปล่า)",
            f"{path}: คีย์ 'keymap.knock': ไม่มีปุ่มไหนบนแป้นพิมพ์ชื่อ '\\x00' ให้เขียนตัวอักษร"
            'หรือเครื่องหมาย ("n", "?") หรือชื่อปุ่ม ("ctrl+o", "f2", "enter", "question_mark")',
            f"{path}: คีย์ 'keymap.draw': ไม่มีปุ่มไหนบนแป้นพิมพ์ชื่อ 'zz' ให้เขียนตัวอักษร"
            'หรือเครื่องหมาย ("n", "?") หรือชื่อปุ่ม ("ctrl+o", "f2", "enter", "question_mark")',
        ]
        await pilot.press("j")  # the good key of the three
        await pilot.pause()
        assert table.session.round.phase == PLAY


async def test_a_file_of_values_nested_600_deep_starts_the_game(home: Path) -> None:
    config = home / "config" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_bytes((DATA / "config" / "nested_600_deep.toml").read_bytes())
    app = app_for(setup(humans=1, seed=21), config=load_config())
    async with app.run_test(size=(100, 30)) as pilot:
        await settled_table(pilot, app)
        [said] = [n.message for n in app._notifications]
        assert said.startswith(f"{config}: key 'theme': must be a string, the name of a theme")
        assert app.prefs.settings.ai_delay == 1.5  # the rest of the file


async def test_a_theme_of_ones_own_is_offered_and_a_bad_one_said(home: Path) -> None:
    themes = home / "config" / "themes"
    themes.mkdir(parents=True)
    for name in ("sunset.toml", "bad_colour.toml"):
        (themes / name).write_bytes((DATA / "themes" / name).read_bytes())
    write_config(home, 'theme = "sunset"\n')
    app = app_for(setup(humans=1, seed=21), config=load_config(), lang="th")
    async with app.run_test(size=(100, 30)) as pilot:
        await settled_table(pilot, app)
        assert app.theme == "sunset" and "sunset" in app.available_themes
        assert not app.current_theme.dark
        [said] = [n.message for n in app._notifications]
        assert said == (
            f"{themes / 'bad_colour.toml'}: คีย์ 'primary': ต้องเป็นสี เช่น \"#ff7f50\" หรือ "
            "\"coral\" ไม่ใช่ '#zzz'"
        )
        await pilot.press("ctrl+t")  # the quick flip leaves it, as it leaves any theme
        assert app.theme == "textual-dark"
