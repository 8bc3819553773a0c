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
        assert app.settings.ai_delay == 0.01
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
        assert app.settings.ai_delay == 0.0  # the test settings' own
