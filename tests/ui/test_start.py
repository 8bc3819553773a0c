"""The start-up path: what the new-game screen needs, and nothing more."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static
from ui_helpers import (
    app_for,
    new_game_screen,
    open_house_rules,
    running,
    settings,
    setup,
    until,
    value_now,
    write_settings,
)

from dummy_tui.ai import LEVELS
from dummy_tui.i18n import t
from dummy_tui.rules import RULESET_TYPES, load_rulesets
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.presets import cache_path, read_presets, start_facts, worked_out
from dummy_tui.ui.screens.form import form_of
from dummy_tui.ui.screens.new_game import NewGameScreen
from dummy_tui.ui.widgets.choice import Choice

HEAVY = ("pydantic", "dummy_tui.engine", "dummy_tui.rules", "dummy_tui.ai", "dummy_tui.ui.settings")


def test_the_new_game_screen_loads_no_schema_engine_or_ai() -> None:
    code = (
        "import sys, dummy_tui.cli, dummy_tui.ui.launch, dummy_tui.ui.screens.new_game\n"
        f"print([m for m in {HEAVY!r} if m in sys.modules])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_start_facts_are_the_rules_and_the_ais_own(home: Path) -> None:
    facts = worked_out()
    assert facts.levels == LEVELS
    for family, model in RULESET_TYPES.items():
        assert facts.family_counts[family] == model().player_counts
    checked = load_rulesets()
    assert list(facts.presets) == list(checked)
    for name, preset in checked.items():
        info = facts.presets[name]
        assert (info.family, info.description) == (preset.family, preset.description)
        assert info.player_counts == preset.player_counts
        assert info.target_score == preset.target_score


def test_the_first_frame_reads_the_start_facts_without_the_schema(home: Path) -> None:
    """Once worked out, the facts come from the cache: a new process that builds the
    new-game screen's facts loads neither pydantic, the engine nor the AI."""
    start_facts()  # worked out, and kept
    code = (
        "import sys\n"
        "from dummy_tui.ui.presets import start_facts\n"
        "facts = start_facts()\n"
        f"print(len(facts.presets), [m for m in {HEAVY!r} if m in sys.modules])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split(" ", 1) == [str(len(load_rulesets())), "[]\n"]


def test_the_start_facts_follow_an_edited_rules_file(tmp_path: Path) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_text('[presets.mine]\nfamily = "gin"\ntarget_score = 150\n', encoding="utf-8")
    assert start_facts(rules).presets["mine"].target_score == 150
    rules.write_text('[presets.mine]\nfamily = "gin"\ntarget_score = 250\n', encoding="utf-8")
    assert start_facts(rules).presets["mine"].target_score == 250
    # a damaged cache is worked out again, not believed
    cache_path().write_text("{not json", encoding="utf-8")
    assert start_facts(rules).presets["mine"].target_score == 250


@pytest.mark.parametrize(
    "text",
    [
        "[presets.x\n",
        '[presets.x]\nfamily = "rummy"\ndescription = ' + "[" * 500 + "]" * 500 + "\n",
        '[presets.x]\nfamily = "rummy"\ntarget_score = ' + "9" * 5000 + "\n",
    ],
    ids=["not-toml", "nested-too-deeply", "long-integer"],
)
def test_an_unreadable_rules_file_offers_dummy(tmp_path: Path, text: str) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(text, encoding="utf-8")
    assert list(read_presets(bad)) == ["dummy"]


@pytest.mark.parametrize("lang", ["en", "th"])
async def test_the_last_set_up_and_language_come_back(home: Path, lang: str) -> None:
    setup = {
        "seats": [
            {"name": "Ann", "human": True},
            {"name": "Bee", "human": True},
            {"name": "Cat", "level": "hard"},
        ],
        "ruleset": "dummy",
        "options": {"penalty_feed_head": 40, "target_score": 300},
    }
    write_settings(home, lang=lang, last_setup=setup)
    app = DummyApp()
    async with running(app, (100, 40), new_game_screen) as (pilot, screen):
        assert app.focused is not None and app.focused.id == "quick"
        assert screen.query_one("#target", Input).value == "300"
        got = screen.collect()
        assert [(s.name, s.human, s.level) for s in got.seats] == [
            ("Ann", True, "normal"),
            ("Bee", True, "normal"),
            ("Cat", False, "hard"),
        ]
        assert got.options == {"penalty_feed_head": 40, "target_score": 300}
        assert got.lang == lang
        # an option changed in the opened section is what the game gets
        await open_house_rules(pilot, screen)
        field = screen.query_one("#opt-penalty_feed_head", Input)
        assert field.value == "40"
        field.value = "25"
        assert screen.collect().options == {"penalty_feed_head": 25, "target_score": 300}


@pytest.mark.parametrize(
    ("lang", "names"),
    [("en", ["You", "Somchai", "Malee", "Niran"]), ("th", ["คุณ", "สมชาย", "มาลี", "นิรันดร์"])],
)
async def test_the_first_new_game_names_everyone_in_the_language(
    home: Path, lang: str, names: list[str]
) -> None:
    write_settings(home, lang=lang)
    app = DummyApp()
    async with running(app, (100, 40), new_game_screen) as (_pilot, screen):
        assert [screen.query_one(f"#name-{i}", Input).value for i in range(4)] == names
        assert [s.name for s in screen.collect().seats] == names


async def switch_language(pilot: Pilot[int]) -> None:
    """ctrl+l, and a pause for the screen to speak the other language."""
    await pilot.press("ctrl+l")
    await pilot.pause()


async def test_switching_language_renames_the_default_names_but_not_a_typed_name(
    home: Path,
) -> None:
    async with running(DummyApp(), (100, 40), new_game_screen) as (pilot, screen):
        name = screen.query_one("#name-0", Input)
        assert name.value == "You"
        await switch_language(pilot)
        assert name.value == "คุณ"
        assert screen.query_one("#name-1", Input).value == "สมชาย"  # the AI's name too
        await switch_language(pilot)
        assert name.value == "You"
        assert screen.query_one("#name-1", Input).value == "Somchai"
        name.value = "Ann"
        await switch_language(pilot)
        assert name.value == "Ann"


async def test_the_language_row_follows_ctrl_l_and_the_game_starts_in_that_language(
    home: Path,
) -> None:
    app = DummyApp()
    async with running(app, (100, 40), new_game_screen) as (pilot, screen):
        row = screen.query_one("#lang", Choice)
        assert value_now(row) == "en"
        await switch_language(pilot)
        assert app.prefs.lang == "th"
        assert value_now(row) == "th"  # the row says the language in use
        assert app.prefs.lang == "th"  # and setting it did not switch back
        row.focus()
        await pilot.press("right")  # one press: the other language at once
        await pilot.pause()
        assert (value_now(row), app.prefs.lang) == ("en", "en")
        await switch_language(pilot)
        assert screen.collect().lang == "th"


async def test_two_seats_with_one_name_are_refused_with_a_message(home: Path) -> None:
    app = DummyApp()
    async with running(app, (100, 40), new_game_screen) as (pilot, screen):
        screen.query_one("#name-3", Input).value = " somchai "  # seat 2 is Somchai
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen  # the form stays, nothing lost
        error = str(screen.query_one("#ng-error").render())
        assert error == (
            "Two seats are named somchai (the second is seat 4): "
            "give every player a different name."
        )
        screen.query_one("#name-3", Input).value = "Pim"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, NewGameScreen)


async def test_the_names_the_game_gave_follow_a_seat_between_person_and_ai(home: Path) -> None:
    app = DummyApp()
    async with running(app, (100, 40), new_game_screen) as (pilot, screen):
        kinds = [screen.query_one(f"#kind-{i}", Choice) for i in range(4)]
        names = [screen.query_one(f"#name-{i}", Input) for i in range(4)]

        def shown() -> list[str]:
            return [n.value for n in names]

        kinds[0].value = "hard"  # the one person leaves: no AI is called "You"
        await pilot.pause()
        assert shown() == ["Pim", "Somchai", "Malee", "Niran"]
        kinds[2].value = "human"  # a person sits down alone: "You"
        await pilot.pause()
        assert shown() == ["Pim", "Somchai", "You", "Niran"]
        kinds[0].value = "human"  # two people: each by seat number
        await pilot.pause()
        assert shown() == ["Player 1", "Somchai", "Player 3", "Niran"]
        names[1].value = "Ann"  # a typed name stays, whatever the seat becomes
        kinds[1].value = "human"
        await pilot.pause()
        assert shown() == ["Player 1", "Ann", "Player 3", "Niran"]
        kinds[2].value = "easy"  # back to an AI: a name no other seat has
        await pilot.pause()
        assert shown() == ["Player 1", "Ann", "Malee", "Niran"]
        setup = screen.collect()
        assert [(s.name, s.human) for s in setup.seats] == [
            ("Player 1", True), ("Ann", True), ("Malee", False), ("Niran", False),
        ]  # fmt: skip
        players = screen.query_one("#players", Choice)
        players.value = 2  # Ann is the only other person left at the table
        await pilot.pause()
        kinds[1].value = "normal"
        await pilot.pause()
        assert shown()[:2] == ["You", "Ann"]


@pytest.mark.parametrize(
    ("lang", "value", "expected"),
    [
        ("en", "abc", 'Knock points: must be a whole number (got "abc").'),
        ("en", "-5", "Knock points: must be from 0 to 10000 (got -5)."),
        ("th", "abc", 'แต้มน็อค: ต้องเป็นจำนวนเต็ม (ใส่มา "abc")'),
        ("th", "-5", "แต้มน็อค: ต้องอยู่ระหว่าง 0 ถึง 10000 (ใส่มา -5)"),
    ],
)
async def test_a_bad_house_rule_value_is_told_in_the_players_language(
    home: Path, lang: str, value: str, expected: str
) -> None:
    app = app_for(lang=lang)
    async with running(app, (100, 40), new_game_screen) as (pilot, screen):
        await open_house_rules(pilot, screen)
        screen.query_one("#opt-knock_points", Input).value = value
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen  # the form stays as typed
        assert str(screen.query_one("#ng-error").render()) == expected
        assert screen.query_one("#opt-knock_points", Input).value == value


async def test_yes_or_no_rules_switch_on_and_off_and_worded_rules_step_through_their_words(
    home: Path,
) -> None:
    app = app_for()
    async with running(app, (100, 40), new_game_screen) as (pilot, screen):
        await open_house_rules(pilot, screen)
        switch = screen.query_one("#opt-pickup_to_layoff", Choice)
        chain = screen.query_one("#opt-layoff_chain", Choice)
        assert (value_now(switch), value_now(chain)) == (False, "any")
        assert "‹" in str(switch.render()) and "off" in str(switch.render())
        switch.focus()
        await pilot.press("right")  # on
        chain.focus()
        await pilot.press("right")  # the other word
        await pilot.pause()
        assert screen.collect().options == {
            "pickup_to_layoff": True,
            "layoff_chain": "owner_or_self",
        }
        await pilot.press("ctrl+l")  # the switch speaks Thai, its value stays
        await pilot.pause()
        assert "ใช้" in str(switch.render()) and value_now(switch) is True
        # a number field reads the Thai number row: the keys marked 1 and 0
        points = screen.query_one("#opt-knock_points", Input)
        points.focus()
        points.value = ""
        await pilot.press("ๅ", "จ", "จ")
        assert points.value == "100"
        assert screen.collect().options["knock_points"] == 100


@pytest.mark.parametrize(("key", "value"), [("penalty_feed_speto", "x"), ("knock_points", "-5")])
async def test_at_80x24_a_bad_house_rule_is_shown_at_its_field(
    home: Path, key: str, value: str
) -> None:
    """The message above the buttons is far out of sight from the house rules:
    the field at fault takes the focus (the form scrolls to it) and the
    message shows there too."""
    app = app_for()
    async with running(app, (80, 24), new_game_screen) as (pilot, screen):
        await open_house_rules(pilot, screen)
        screen.query_one("#opt-penalty_feed_speto", Input).focus()  # the last line
        await pilot.pause()
        field = screen.query_one(f"#opt-{key}", Input)
        field.value = value
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen and app.focused is field
        # the form scrolls to it, on screen and above the footer
        await until(pilot, lambda: 0 <= field.region.y < 23, f"scrolling to {field.region}")
        said = str(screen.query_one("#ng-error").render())
        # the option by its name, as the form shows it
        assert t(f"optname.{key}") in said and [n.message for n in app._notifications][-1] == said


async def test_a_bad_rules_file_is_reported_when_the_game_starts(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[presets.dummy]\nfamily = "dummy"\nspeto_points = -1\n', encoding="utf-8")
    app = DummyApp(rules_path=bad, persist=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        error = str(app.screen.query_one("#ng-error").render())
        assert "speto_points" in error and "\n" not in error.strip()
        assert error.startswith(
            f"{bad}: preset 'dummy': option 'speto_points'"
        )  # file, preset, key
        await pilot.press("g")  # the quick game: the same message, the form stays
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        notes = [n.message for n in app._notifications]
        assert any("speto_points" in n for n in notes)


async def test_back_to_a_new_game_and_again_from_the_base_screen() -> None:
    from dummy_tui.ui.screens.table import TableScreen

    app = DummyApp(persist=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        base = app.screen
        assert isinstance(base, NewGameScreen) and app.screen_stack == [base]
        for _ in range(2):
            await pilot.press("g")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            app.show_new_game()
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen) and app.screen is not base
            assert len(app.screen_stack) == 2


async def test_a_choice_line_steps_by_keys_and_clicks_and_its_label_only_focuses() -> None:
    from dummy_tui.ui.widgets.choice import Choice

    app = DummyApp(persist=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        players = app.screen.query_one("#players", Choice)
        assert players.label == "Players" and players.value == 4
        assert str(players.render()).startswith("Players         ‹")
        await pilot.click("#players", offset=(3, 0))  # on the label
        await pilot.pause()
        assert app.focused is players and players.value == 4
        await pilot.click("#players", offset=(18, 0))  # left half of ‹ 4 ›
        await pilot.pause()
        assert value_now(players) == 3 and not app.screen.query_one("#seat-row-3").display
        await pilot.click("#players", offset=(40, 0))  # right half
        await pilot.pause()
        assert value_now(players) == 4 and app.screen.query_one("#seat-row-3").display
        await pilot.press("right")
        await pilot.pause()
        assert value_now(players) == 2  # wraps around
        kind = app.screen.query_one("#kind-1", Choice)
        assert kind.label == "Seat 2"
        app.set_language("th")
        await pilot.pause()
        assert kind.label == "ที่นั่ง 2" and players.label == "จำนวนผู้เล่น"


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "Gin rummy is not played by 4 players."), ("th", "จินรัมมี่ เล่น 4 คนไม่ได้")],
)
async def test_a_table_the_preset_cannot_seat_is_told_in_the_players_language(
    lang: str, said: str
) -> None:
    app = app_for(setup(players=4, ruleset="gin"), lang=lang)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)  # back on the form, nothing lost
        assert [n.message for n in app._notifications] == [said]


def watch_settings_check(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """A list that gets an entry once the app has looked at the settings file."""
    checked: list[bool] = []
    check = DummyApp._check_settings

    def spy(self: DummyApp) -> None:
        check(self)
        checked.append(True)

    monkeypatch.setattr(DummyApp, "_check_settings", spy)
    return checked


async def settings_checked(pilot: Pilot[int], checked: list[bool]) -> None:
    """Wait until the app has looked at the settings file (just after its first
    frame, later on a busy machine)."""
    for _ in range(200):
        await pilot.pause(0.05)
        if checked:
            await pilot.pause()
            return
    raise AssertionError("the settings file was never checked")


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ('{"lang": 5}', "lang: must be 'en' or 'th' (got 5)"),
        ('{"lang": "th",', "not JSON (line 1, column 15"),
        ("[" * 5000 + "]" * 5000, "not readable JSON (nested too deeply)"),
        ("", "the file is empty"),
        (
            json.dumps({"last_setup": {"seats": [{"name": "A" * 41}, {"name": "B"}]}}),
            "last_setup.seats[0].name: must be at most 40 characters long (got 41)",
        ),
        (
            '{"last_setup": {"seats": [{"name": "A\\ud800"}, {"name": "B"}]}}',
            "last_setup.seats[0].name: holds a lone surrogate (\\ud800), which cannot be written",
        ),
    ],
    ids=["bad-value", "not-json", "deep", "empty", "long-name", "surrogate"],
)
async def test_a_damaged_settings_file_is_set_aside_and_told(
    home: Path, content: str, problem: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(content, encoding="utf-8")
    checked = watch_settings_check(monkeypatch)
    app = DummyApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await settings_checked(pilot, checked)
        assert isinstance(app.screen, NewGameScreen)
        (note,) = [n.message for n in app._notifications]
        assert note.startswith("Your settings could not be used and were set aside as "), note
        assert problem in note and note.endswith("the defaults apply.")
    assert not path.exists()
    assert len(list(path.parent.glob("settings.json.damaged-*"))) == 1


def test_a_last_set_up_with_a_name_too_long_is_not_put_on_the_form(home: Path) -> None:
    seats: list[dict[str, object]] = [{"name": "Ann", "human": True}, {"name": "B" * 41}]
    assert form_of({"seats": seats}, LEVELS)[0] == [
        ("You", "human"), ("Somchai", "normal"), ("Malee", "normal"), ("Niran", "normal"),
    ]  # fmt: skip
    seats[1]["name"] = "B" * 40
    assert form_of({"seats": seats}, LEVELS)[0] == [("Ann", "human"), ("B" * 40, "normal")]


async def test_good_settings_say_nothing(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"lang": "th", "sort": "rank"}', encoding="utf-8")
    checked = watch_settings_check(monkeypatch)
    app = DummyApp()
    async with app.run_test(size=(100, 40)) as pilot:
        await settings_checked(pilot, checked)
        assert list(app._notifications) == []
        assert app.prefs.settings.sort == "rank"
    assert path.exists()


async def test_the_arrow_keys_go_from_field_to_field_and_bring_it_into_view() -> None:
    app = DummyApp(persist=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "quick"
        order = ["start", "learn", "host-table", "join-table", "players", "kind-0", "name-0"]
        order += ["kind-1", "name-1", "kind-2"]
        for expected in order:
            await pilot.press("down")
            await pilot.pause()
            assert app.focused is not None and app.focused.id == expected
        for _ in range(7):  # on to the language line, in view at 80×24 without scrolling
            await pilot.press("down")
        await pilot.pause()
        lang = app.screen.query_one("#lang")
        assert app.focused is lang
        scroll = app.screen.query_one("#ng-scroll")
        await until(
            pilot, lambda: scroll.region.contains_region(lang.region), "the language in view"
        )
        assert scroll.scroll_y == 0
        await pilot.press("up", "up", "up")  # the AI speed, the target, the rules
        await pilot.pause()
        assert app.focused is app.screen.query_one("#ruleset")


async def _button_widths(app: DummyApp, switch_to: str | None = None) -> dict[str, int]:
    from textual.widgets import Button

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if switch_to is not None:
            app.set_language(switch_to)
            await pilot.pause()
        return {n: app.screen.query_one(f"#{n}", Button).size.width for n in ("quick", "start")}


@pytest.mark.parametrize(("first", "then"), [("th", "en"), ("en", "th")])
async def test_a_language_switch_resizes_the_buttons_to_their_new_labels(
    first: str, then: str
) -> None:
    switched = await _button_widths(app_for(None, lang=first), then)
    assert switched == await _button_widths(app_for(None, lang=then))


@pytest.mark.parametrize(
    ("env", "settings", "you"),
    [
        ({"LANG": "th_TH.UTF-8"}, None, "คุณ"),  # a Thai machine: Thai from the first start
        ({"LANG": "th_TH.UTF-8", "LC_ALL": "en_US.UTF-8"}, None, "You"),  # LC_ALL comes first
        ({"LANGUAGE": "th:en", "LANG": "en_US.UTF-8"}, None, "คุณ"),
        ({"LANG": "th_TH.UTF-8"}, "en", "You"),  # the player's own choice wins
        ({"LANG": "en_GB.UTF-8"}, "th", "คุณ"),
    ],
)
async def test_the_first_start_speaks_the_language_of_the_locale(
    home: Path,
    monkeypatch: pytest.MonkeyPatch,
    env: dict[str, str],
    settings: str | None,
    you: str,
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    if settings is not None:
        write_settings(home, lang=settings)
    app = DummyApp()
    async with running(app, (100, 40), new_game_screen) as (_pilot, screen):
        assert screen.query_one("#name-0", Input).value == you


async def test_with_the_thai_layout_on_g_starts_and_a_name_takes_thai_letters(
    home: Path,
) -> None:
    """The key marked g types เ on a Thai keyboard: it starts a quick game, except
    in a name, where it is a letter."""
    app = DummyApp()
    async with running(app, (100, 40), new_game_screen) as (pilot, screen):
        name = screen.query_one("#name-0", Input)
        name.focus()
        name.value = ""
        await pilot.press("ส", "เ", "ก")  # three letters, g and d among the keys
        await pilot.pause()
        assert name.value == "สเก" and app.screen is screen
        screen.query_one("#quick").focus()
        await pilot.press("เ")
        for _ in range(50):
            await pilot.pause()
            if app.screen is not screen:
                break
        assert app.screen is not screen  # the quick game


async def test_with_the_thai_layout_on_ctrl_s_starts_the_game_as_set(home: Path) -> None:
    """Ctrl+S comes as ctrl+ห from a terminal that reports keys in full."""
    from dummy_tui.ui.screens.table import TableScreen

    app = DummyApp()
    async with running(app, (100, 40), new_game_screen) as (pilot, screen):
        await pilot.press("ctrl+ห")
        for _ in range(50):
            await pilot.pause()
            if app.screen is not screen:
                break
        assert isinstance(app.screen, TableScreen)


async def test_with_the_thai_layout_on_the_number_row_types_the_target_score(
    home: Path,
) -> None:
    """The keys marked 1 to 4 and 0 type ๅ / - ภ จ on a Thai keyboard; a Thai digit
    is a digit too; a letter is refused."""
    app = DummyApp()
    async with running(app, (100, 40), new_game_screen) as (pilot, screen):
        target = screen.query_one("#target", Input)
        target.focus()
        target.value = ""
        await pilot.press("ๅ", "slash", "minus", "ภ", "จ", "ก", "๕")
        await pilot.pause()
        assert target.value == "123405"
        assert screen.collect().options["target_score"] == 123405


async def test_the_number_of_players_is_noted_only_where_the_game_does_not_already_say_it(
    tmp_path: Path,
) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_text(
        '[presets.heads-up]\nfamily = "dummy"\nhand_size = { 2 = 11 }\n\n'
        '[presets.gin]\nfamily = "gin"\n',
        encoding="utf-8",
    )
    app = DummyApp(settings=settings("en"), rules_path=rules, persist=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        ruleset = screen.query_one("#ruleset", Choice)
        ruleset.value = "heads-up"
        await pilot.pause()
        about = str(screen.query_one("#family-desc", Static).render())
        assert "Dummy is played by 2 players." in about
        ruleset.value = "gin"
        await pilot.pause()
        about = str(screen.query_one("#family-desc", Static).render())
        assert "2 players only" in about and "played by" not in about


@pytest.mark.parametrize(("lang", "label"), [("en", "Deals"), ("th", "จำนวนแจก")])
async def test_persian_rummy_is_set_by_its_deals_not_a_target_score(
    home: Path, lang: str, label: str
) -> None:
    last = {"seats": [{"name": "Ann", "human": True}, *({"name": n} for n in "BCD")],
            "ruleset": "persian"}  # fmt: skip
    write_settings(home, lang=lang, last_setup=last)
    app = DummyApp()
    async with running(app, (100, 40), new_game_screen) as (pilot, screen):
        assert str(screen.query_one("#target-label", Static).render()) == label
        field = screen.query_one("#target", Input)
        assert field.value == "2"  # the preset's deals
        field.value = "3"
        assert screen.collect().options == {"deals": 3}
        await open_house_rules(pilot, screen)
        assert not screen.query("#opt-deals")  # not a second time among the options


async def test_the_ai_speed_is_chosen_on_the_new_game_screen_and_kept(home: Path) -> None:
    app = DummyApp()
    async with running(app, (100, 40), new_game_screen) as (pilot, screen):
        speed = screen.query_one("#speed", Choice)
        assert value_now(speed) == 2 and "normal (0.7 s)" in str(speed.render())
        speed.focus()
        await pilot.press("left", "left")  # fastest first: down to "instant"
        await pilot.pause()
        assert value_now(speed) == 0 and app.prefs.settings.ai_delay == 0.0
    saved = json.loads((home / "config" / "settings.json").read_text(encoding="utf-8"))
    assert saved["ai_delay"] == 0.0


async def test_a_widget_is_styled_by_the_classes_it_was_given_before_it_was_mounted() -> None:
    # DummyApp.update_styles leaves a widget outside the app's tree unstyled
    # when its classes change: Textual styles it as it mounts it
    app = DummyApp(persist=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        label = Static("x")
        label.add_class("ng-label")  # the new-game form's labels: 16 cells wide
        assert not label.is_attached
        await app.screen.mount(label)
        await pilot.pause()
        assert label.styles.width is not None and label.styles.width.value == 16
        assert label.region.width == 16
        label.remove_class("ng-label")  # in the tree: restyled at once
        await pilot.pause()
        assert label.styles.width is None or label.styles.width.value != 16


async def test_ctrl_a_in_a_name_selects_it_so_typing_replaces_it() -> None:
    app = DummyApp(persist=False)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        name = app.screen.query_one("#name-0", Input)
        name.focus()
        await pilot.pause()
        name.cursor_position = 1  # somewhere in "You", nothing selected
        await pilot.press("ctrl+a", "A", "n", "n")
        assert name.value == "Ann"
        await pilot.press("home", "X")  # Home still goes to the start
        assert name.value == "XAnn"


def test_the_facts_shipped_with_the_game_are_those_of_its_presets() -> None:
    from dummy_tui.ui.presets import SHIPPED, _from_cache, fingerprint

    key = fingerprint(None)
    assert key is not None
    shipped = _from_cache(SHIPPED, key)
    assert shipped is not None, (
        "dummy_tui/ui/start_facts.json is not of these presets and modules: write it again with"
        ' python -c "from dummy_tui.ui.presets import ship; ship()"'
    )
    assert shipped == worked_out(None)


@pytest.mark.parametrize("lang", ["en", "th"])
async def test_joining_a_table_is_asked_in_a_framed_dialog_over_the_new_game_screen(
    lang: str,
) -> None:
    app = DummyApp(persist=False, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("j")
        await until(pilot, lambda: type(app.screen).__name__ == "JoinScreen", "the join dialog")
        dialog = app.screen.query_one("#dialog")
        assert dialog.border_title == t("online.join_title")
        assert dialog.styles.border_top[0] != ""  # framed, with its title on the frame
        assert dialog.region.width <= 70 and dialog.region.x > 0  # the screen shows round it
        assert 0 < dialog.region.height < 24


async def test_a_screen_shown_again_is_styled_for_the_language_chosen_while_it_was_covered(
    home: Path,
) -> None:
    """A screen under another is shown again as it was (Textual does not style
    it again): a language chosen meanwhile has styled it already."""
    from dummy_tui.ui.screens.modals import HelpScreen

    app = app_for()
    async with running(app, (80, 24), new_game_screen) as (pilot, screen):
        title = screen.query_one("#ng-title", Static)
        assert title.styles.margin.top == 0
        await pilot.press("f1")
        await until(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        app.set_language("th")  # in the palette, over the help
        await pilot.pause()
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen, "the new-game screen again")
        assert title.styles.margin.top == 1  # Thai: the title a line lower, for its marks


async def test_the_collector_held_off_by_the_command_line_is_on_once_the_first_screen_is_up(
    home: Path,
) -> None:
    import gc

    gc.disable()  # as dummy_tui.cli.main does for play
    try:
        app = app_for()
        async with running(app, (80, 24), new_game_screen) as (pilot, _):
            await until(pilot, gc.isenabled, "the garbage collector on again")
    finally:
        gc.enable()
