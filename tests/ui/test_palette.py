"""The command palette (Ctrl+P): the screen's commands that apply now, in the
language of the screen, run by name; and Textual's theme picker, kept."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from ui_helpers import app_for, pickup_session, settled_table, setup, until

from dummy_tui.collate import sort_key
from dummy_tui.engine.actions import Draw
from dummy_tui.engine.round import PLAY
from dummy_tui.storage import settings_path
from dummy_tui.ui.app import DummyApp


async def shown(pilot: Pilot[int], app: DummyApp, wanted: str | None = None) -> list[str]:
    """The names the open palette lists (once ``wanted`` is among them)."""
    names: list[str] = []
    for _ in range(40):
        await pilot.pause(0.05)
        assert isinstance(app.screen, CommandPalette)
        found = app.screen.query_one(CommandList)
        names = [
            str(found.get_option_at_index(i).prompt).split("\n")[0]
            for i in range(found.option_count)
        ]
        if names and (wanted is None or wanted in names):
            break
    return names


def titles(app: DummyApp) -> set[str]:
    return {command.title for command in app.get_system_commands(app.screen)}


async def test_a_move_run_from_the_palette_in_english() -> None:
    app = app_for(setup(humans=1, seed=21))
    async with app.run_test(size=(100, 30)) as pilot:
        table = await settled_table(pilot, app)
        game = table.session.round
        await pilot.press("ctrl+p")
        assert "Draw" in await shown(pilot, app, "Draw")
        await pilot.press(*"dra")
        assert (await shown(pilot, app, "Draw"))[0] == "Draw"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is table
        assert game.phase == PLAY and isinstance(game.history[-1][1], Draw)


async def test_a_move_run_from_the_palette_in_thai() -> None:
    app = app_for(setup(humans=1, seed=21), lang="th")
    async with app.run_test(size=(100, 30)) as pilot:
        table = await settled_table(pilot, app)
        game = table.session.round
        await pilot.press("ctrl+p")
        names = await shown(pilot, app, "จั่ว")
        assert "จั่ว" in names and "เปลี่ยนธีม" in names
        assert all(not name.isascii() for name in names), names  # no English on a Thai screen
        await pilot.press(*"จั่ว")
        assert (await shown(pilot, app, "จั่ว"))[0] == "จั่ว"
        await pilot.press("enter")
        await pilot.pause()
        assert game.phase == PLAY and isinstance(game.history[-1][1], Draw)


async def test_the_thai_palette_lists_its_commands_as_a_thai_dictionary_does() -> None:
    app = app_for(setup(humans=1, seed=21), lang="th")
    async with app.run_test(size=(100, 40)) as pilot:
        await settled_table(pilot, app)
        await pilot.press("d")  # a turn's second part: most commands apply
        await pilot.pause()
        await pilot.press("ctrl+p")
        names = await shown(pilot, app, "เปลี่ยนธีม")
        assert names == sorted(names, key=sort_key), names
        # เ and ใ are not the first letters: เรียงไพ่ under ร, ใบ้ under บ, both before ออก
        for word in ("เรียงไพ่", "ใบ้"):
            assert names.index(word) < names.index("ออก"), names
        assert names.index("ใบ้") < names.index("เรียงไพ่"), names


async def test_the_thai_theme_picker_names_the_themes_in_thai() -> None:
    app = app_for(lang="th")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        (picker,) = [c for c in app.get_system_commands(app.screen) if c.title == "เปลี่ยนธีม"]
        picker.callback()
        await pilot.pause()
        names = await shown(pilot, app, "นอร์ด")
        assert "นอร์ด" in names and "มืด" in names and "สว่าง" in names
        assert all(not name.isascii() for name in names), names  # no raw identifiers
        assert names == sorted(names, key=sort_key), names
        await pilot.press(*"nord")  # a theme's own name finds it too
        assert (await shown(pilot, app, "นอร์ด"))[0] == "นอร์ด"
        await pilot.press("enter")
        await pilot.pause()
        assert app.theme == "nord"


async def test_only_the_moves_that_apply_are_listed() -> None:
    app = app_for(setup(humans=1, seed=21))
    async with app.run_test(size=(100, 30)) as pilot:
        table = await settled_table(pilot, app)
        before = titles(app)
        assert "Draw" in before
        assert not before & {"Discard", "Meld", "Lay off", "Undo", "Knock", "Skip"}
        await pilot.press("ctrl+p")
        assert "Discard" not in await shown(pilot, app, "Draw")
        await pilot.press("escape")
        await pilot.press("d")
        await pilot.pause()
        assert table.session.round.phase == PLAY
        after = titles(app)
        assert "Draw" not in after and "Discard" in after


async def test_a_pick_up_is_listed_when_there_is_one_and_its_family_word_is_used() -> None:
    app = app_for(session=pickup_session())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "Pick up" in titles(app)
    gin = app_for(setup(humans=1, players=2, seed=5, ruleset="rummy"))
    async with gin.run_test(size=(100, 30)) as pilot:
        await settled_table(pilot, gin)
        names = titles(gin)
        assert "Knock" not in names  # rummy goes out: there is no knock


async def test_a_theme_chosen_in_the_picker_is_kept_in_the_settings() -> None:
    app = app_for(persist=True)  # the new-game screen: every theme redraws the screen below
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        (picker,) = [c for c in app.get_system_commands(app.screen) if c.title == "Change theme"]
        picker.callback()  # what choosing "Change theme" in the palette runs
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)  # the themes
        await shown(pilot, app, "nord")
        await pilot.press(*"no")
        assert (await shown(pilot, app, "nord"))[0] == "nord"
        await pilot.press("enter")
        await pilot.pause()
        assert app.theme == "nord"
        assert app.prefs.settings.theme == "nord"
    assert json.loads(settings_path().read_text(encoding="utf-8"))["theme"] == "nord"


async def test_a_search_that_finds_nothing_says_so_in_the_language() -> None:
    app = app_for(setup(humans=1, seed=21), lang="th")
    async with app.run_test(size=(100, 30)) as pilot:
        await settled_table(pilot, app)
        await pilot.press("ctrl+p")
        await shown(pilot, app)
        await pilot.press(*"qqqq")
        found = app.screen.query_one(CommandList)
        await until(
            pilot,
            lambda: (
                found.option_count == 1 and "ไม่มีรายการ" in str(found.get_option_at_index(0).prompt)
            ),
            "the Thai no-matches line",
        )
        await pilot.pause(0.1)
        assert "No matches" not in str(found.get_option_at_index(0).prompt)


async def test_screenshot_is_found_by_its_name_and_f12_saves_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Textual's own commands the game keeps: "screensh" finds Screenshot, and
    F12 saves the screen as an SVG, said in the language with where it went."""
    monkeypatch.setattr("textual.app.user_downloads_path", lambda: tmp_path)
    app = app_for(setup(humans=1, seed=21))
    said: list[str] = []
    notify = app.notify

    def heard(text: str, **options: Any) -> None:
        said.append(str(text))
        notify(text, **options)

    monkeypatch.setattr(app, "notify", heard)
    async with app.run_test(size=(100, 30)) as pilot:
        await settled_table(pilot, app)
        assert {"Screenshot", "Keys"} <= titles(app)
        await pilot.press("ctrl+p")
        await pilot.press(*"screensh")
        assert (await shown(pilot, app, "Screenshot"))[0] == "Screenshot"
        await pilot.press("escape")
        await pilot.press("f12")
        saved = lambda: any(s.startswith("Screenshot saved") for s in said)  # noqa: E731
        await until(pilot, saved, "the screenshot's notice")
    pictures = list(tmp_path.glob("dummy-tui-*.svg"))
    assert len(pictures) == 1 and "<svg" in pictures[0].read_text(encoding="utf-8")
    assert str(pictures[0]) in " ".join(said)


async def test_the_thai_palette_has_screenshot_and_keys_in_thai() -> None:
    app = app_for(setup(humans=1, seed=21), lang="th")
    async with app.run_test(size=(100, 30)) as pilot:
        await settled_table(pilot, app)
        assert {"ภาพหน้าจอ", "ปุ่มต่าง ๆ"} <= titles(app)


async def test_every_command_textual_offers_is_offered_in_the_language() -> None:
    # Textual's commands by their English titles, and the game's name of each:
    # a Textual that offers one more fails here until the game offers it too.
    kept = {
        "Theme": "เปลี่ยนธีม",
        "Quit": "ออก",
        "Keys": "ปุ่มต่าง ๆ",
        "Maximize": "ขยายเต็มจอ",
        "Minimize": "ย่อกลับ",
        "Screenshot": "ภาพหน้าจอ",
    }
    app = app_for(setup(humans=1, seed=21), lang="th")
    async with app.run_test(size=(100, 30)) as pilot:
        await settled_table(pilot, app)
        textual_titles = {c.title for c in App.get_system_commands(app, app.screen)}
        assert "Maximize" in textual_titles  # the hand has the focus
        assert textual_titles <= kept.keys(), textual_titles - kept.keys()
        assert {kept[title] for title in textual_titles} <= titles(app), titles(app)
        (maximize,) = [c for c in app.get_system_commands(app.screen) if c.title == "ขยายเต็มจอ"]
        maximize.callback()
        await pilot.pause()
        assert app.screen.maximized is not None
        assert "ย่อกลับ" in titles(app) and "ขยายเต็มจอ" not in titles(app)
