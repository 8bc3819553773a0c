"""The house rules of §14 on the screens: the show move, money scoring in units,
and who starts the next round."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.console import Console
from ui_helpers import (
    app_for,
    new_game_screen,
    open_house_rules,
    settled_table,
    two_seat_session,
    write_settings,
)

from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.match import Match
from dummy_tui.i18n import set_language
from dummy_tui.rules import get_ruleset
from dummy_tui.rules.schema import DummyRules
from dummy_tui.ui.common import signed
from dummy_tui.ui.presenters import presenter_for
from dummy_tui.ui.session import Session
from dummy_tui.ui.settings import GameSetup, SeatSetup
from dummy_tui.ui.widgets.table import GameLog, Scoreboard

# Ann holds both spe-to cards (2♣ Q♠) and moves first
SHOWER = "2C QS 4H 6H 8D 10D KD 3S 5S 7C 9C"
OTHER = "3C 5C JC 2H 9H JH 4D 6D 8S JS KS"


def text_of(renderable: object, width: int = 100) -> str:
    console = Console(width=width, file=io.StringIO(), record=True)
    console.print(renderable)
    return console.export_text()


def log_text(table: object) -> str:
    log = table.query_one(GameLog)  # type: ignore[attr-defined]
    return "\n".join(strip.text for strip in log.lines)


@pytest.mark.parametrize(("lang", "said"), [("en", "showed the spe-to cards"), ("th", "โชว์สเปโต")])
async def test_w_shows_the_spe_to_cards_where_a_show_scores(lang: str, said: str) -> None:
    session = two_seat_session(SHOWER, OTHER, "7H", DummyRules(show_speto_points=50))
    app = app_for(session=session, lang=lang)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settled_table(pilot, app)
        assert table.moves.move_possible("show")
        await pilot.press("w")
        await pilot.pause()
        game = session.round
        assert isinstance(game, DummyRound)
        assert [b.kind for b in game.bonuses] == ["show"] and game.bonuses[0].seat == 0
        assert said in log_text(table)
        assert not table.moves.move_possible("show")  # once, as the first move


async def test_w_at_a_table_where_a_show_scores_nothing_says_so() -> None:
    session = two_seat_session(SHOWER, OTHER, "7H")  # show_speto_points = 0
    app = app_for(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settled_table(pilot, app)
        assert not table.moves.move_possible("show")
        await pilot.press("w")
        await pilot.pause()
        status = str(table.query_one("#status").render())
        assert "scores nothing at this table" in status, status
        assert not session.round.history  # nothing was played


def money_round() -> Session:
    """A finished dummy-money round of four seeded random players with a knock,
    a head-card bonus and no fool."""
    rules = get_ruleset("dummy-money")
    assert isinstance(rules, DummyRules)
    for seed in range(100):
        game = DummyRound.new(rules, 4, seed, starter=0)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        head = any(b.kind == "head" for b in game.bonuses)
        if game.went_out is not None and game.fool is None and head:
            break
    else:
        raise AssertionError("no such round in 100 seeds")
    seats = [SeatSetup(name=n, human=i == 0) for i, n in enumerate(["Ann", "Bee", "Chai", "Dao"])]
    setup = GameSetup(seats=seats, seed=5, ruleset="dummy-money")
    return Session(setup, rules, rules, Match(rules, 4, 5), game)


def cells(text: str, item: str) -> list[str]:
    """The cells of the breakdown's line that starts with ``item``."""
    line = next(x for x in text.splitlines() if x.startswith(item))
    return [c.strip() for c in line.split("│")[1:]]


@pytest.mark.parametrize("lang", ["en", "th"])
def test_a_money_round_end_shows_units_and_who_earned_each_bonus(lang: str) -> None:
    session = money_round()
    game = session.round
    assert isinstance(game, DummyRound)
    set_language(lang)
    try:
        text = text_of(presenter_for(session).breakdown(game, None))  # type: ignore[arg-type]
    finally:
        set_language("en")
    lines = game.scores()
    result, total, head = (
        ("Result, units", "Round, units", "Picked up the head card")
        if lang == "en"
        else ("ผลน็อค (หน่วย)", "รวมรอบนี้ (หน่วย)", "เกิดหัว")
    )
    assert cells(text, result) == [signed(b.money.result) for b in lines if b.money]
    shown_total = cells(text, total)
    assert shown_total == [signed(b.total) for b in lines]
    assert sum(int(c.replace("−", "-")) for c in shown_total) == 0  # units change hands
    heads = {b.seat for b in game.bonuses if b.kind == "head"}
    assert [i for i, c in enumerate(cells(text, head)) if c] == sorted(heads)
    # the points of §10 are not the score here: no knock points, no fall
    assert "Knock card" not in text and "Fall" not in text


async def test_the_scoreboard_says_money_counts_units() -> None:
    session = money_round()
    session.round = DummyRound.new(session.rules, 4, 3, starter=0)  # type: ignore[arg-type]
    app = app_for(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settled_table(pilot, app)
        subtitle = str(table.query_one(Scoreboard).border_subtitle)
        assert subtitle == f"units · to {session.rules.target_score}", subtitle


@pytest.mark.parametrize("next_starter", ["knocker", "rotate"])
def test_the_round_end_names_who_starts_next_and_why(next_starter: str) -> None:
    rules = DummyRules(next_starter=next_starter)
    game = DummyRound.new(rules, 3, 4, starter=0)
    rng = random.Random(4)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    seats = [SeatSetup(name=n, human=i == 0) for i, n in enumerate(["Ann", "Bee", "Chai"])]
    match = Match(rules, 3, 5)
    session = Session(GameSetup(seats=seats, seed=5), rules, rules, match, game)
    match.record(game)
    text = presenter_for(session).totals(over=False).plain
    starter = session.names[match.starter]
    # who starts, and the rule that says so
    if next_starter == "rotate":
        assert match.starter == 1
        why = "each player starts a round in turn"
    elif game.went_out is not None:
        assert match.starter == game.went_out
        why = "whoever knocks starts the next round"
    else:
        why = "no one knocked"
    assert f"Next round: {starter} starts: " in text and why in text, text


def test_every_house_rule_is_in_one_group_of_the_new_game_screen() -> None:
    from dummy_tui.ui.screens.form import family_options, option_groups

    groups = option_groups("dummy")
    keys = [k for _, found in groups for k in found]
    assert sorted(keys) == sorted(family_options("dummy"))  # each once, none left out
    assert all(name is not None for name, _ in groups)  # none fell outside the groups
    assert dict(groups)["money"] == ["scoring"]
    assert {"stock_out_pickup", "stock_out_fall"} == set(dict(groups)["stock_out"])


@pytest.mark.parametrize(
    ("lang", "heading", "money"),
    [("en", "Money scoring (ดัมมี่น็อค)", "money"), ("th", "นับเป็นเงิน (ดัมมี่น็อค)", "เงิน")],
)
async def test_the_house_rules_show_in_groups_with_their_settings_in_words(
    home: Path, lang: str, heading: str, money: str
) -> None:
    from textual.widgets import Static

    from dummy_tui.ui.app import DummyApp
    from dummy_tui.ui.widgets.choice import Choice

    last = {"seats": [{"name": "Ann", "human": True}, {"name": "Bee"}], "ruleset": "dummy-money"}
    write_settings(home, lang=lang, last_setup=last)
    app = DummyApp()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await new_game_screen(pilot, app)
        await open_house_rules(pilot, screen)
        headings = [str(s.render()) for s in screen.query(".opt-group").results(Static)]
        assert len(headings) == 7 and headings[-1] == heading, headings
        scoring = screen.query_one("#opt-scoring", Choice)
        assert scoring.value == "money"  # the preset's setting, shown in the language
        assert money in str(scoring.render())
        assert screen.collect().options.get("scoring", "money") == "money"


@pytest.mark.parametrize("lang", ["en", "th"])
def test_the_help_explains_the_house_rule_presets_and_the_show_key(lang: str) -> None:
    from dummy_tui.i18n import catalog
    from dummy_tui.rules import load_rulesets
    from dummy_tui.ui.screens.modals import help_text

    text = help_text(lang)
    # English names a preset by its key, as typed; Thai by its Thai name alone
    names = {name: f"`{name}`" if lang == "en" else catalog("th")[f"presetname.{name}"]
             for name in load_rulesets()}  # fmt: skip
    shown = {name for name, said in names.items() if said in text}
    assert {"dummy-money", "dummy-pip", "dummy-open-first", "dummy-face-knock"} <= shown
    if lang == "th":
        assert not {name for name in load_rulesets() if f"`{name}`" in text}
    assert "\n| w |" in text  # the key that shows the spe-to cards
    for term in ("เกิดหัว", "ฝากสเปโต", "ใบปิด", "อมสเปโต"):  # money's bonuses, by name
        assert term in text


@pytest.mark.parametrize("humans", [1, 2])
async def test_a_round_is_exported_only_once_it_is_over(home: Path, humans: int) -> None:
    """A record holds every hand and the stock: e in the middle of the round
    writes nothing and says when it can, at a shared screen (the others'
    cards) and for one person alone (a round played on with every card in
    view would count in the statistics); the palette does not offer it."""
    from textual.command import CommandList, CommandPalette
    from ui_helpers import setup

    from dummy_tui.ui.screens.modals import PrivacyScreen

    app = app_for(setup(humans=humans, players=2, seed=4), persist=True)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(5):
            await pilot.pause()
            if isinstance(app.screen, PrivacyScreen):
                await pilot.press("enter")
        table = await settled_table(pilot, app)
        await pilot.press("e")
        await pilot.pause()
        status = str(table.query_one("#status").render())
        assert (
            status
            == "A record shows every hand and the stock: save it at the round's end (e there)."
        )
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"record")
        await app.workers.wait_for_complete()
        await pilot.pause(0.3)
        listed = app.screen.query_one(CommandList)
        shown = " ".join(
            str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)
        )
        assert "record" not in shown.lower(), shown
    from dummy_tui.storage import records_dir

    assert not records_dir().exists() or not any(records_dir().iterdir())


@pytest.mark.parametrize("ruleset", ["dummy-house", "gin", "persian"])
async def test_a_thai_new_game_screen_names_presets_and_options_in_thai(
    home: Path, ruleset: str
) -> None:
    from textual.widgets import Static

    from dummy_tui.rules import load_rulesets
    from dummy_tui.ui.app import DummyApp
    from dummy_tui.ui.screens.form import family_options
    from dummy_tui.ui.widgets.choice import Choice

    write_settings(home, lang="th", last_setup={"ruleset": ruleset})
    presets = dict(load_rulesets())
    app = DummyApp()
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await new_game_screen(pilot, app)
        await open_house_rules(pilot, screen)
        chooser = screen.query_one("#ruleset", Choice)
        assert chooser.value == ruleset
        shown = str(chooser.render())
        assert ruleset not in shown, shown  # the preset by its Thai name
        labels = [label for label, _ in screen.preset_options()]
        assert not set(labels) & set(presets), labels
        names = [str(s.render()) for s in screen.query(".opt-name").results(Static)]
        keys = family_options(presets[ruleset].family)
        assert len(names) == len(keys)
        assert not set(names) & set(keys), names  # no raw key as an option's label
        assert all(any("\u0e00" <= c <= "\u0e7f" for c in n) for n in names), names
        # the key stays, dim, as it is typed after --options
        hints = [str(s.render()) for s in screen.query(".opt-key").results(Static)]
        assert sorted(hints) == sorted(f"--options {k}=…" for k in keys)


async def test_the_saved_game_line_names_the_preset_in_the_language(home: Path) -> None:
    from dummy_tui.ui.saving import saved_line
    from dummy_tui.ui.settings import SaveGame

    seats = [SeatSetup(name="Ann", human=True), SeatSetup(name="Bee")]
    saved = SaveGame(setup=GameSetup(seats=seats, ruleset="gin", seed=3), rounds=[], current=None)
    set_language("th")
    try:
        line = saved_line(saved)
    finally:
        set_language("en")
    assert "จินรัมมี่" in line and " gin " not in line, line
