"""The guided first game: every lesson replayed through the engine, its words
checked against the engine's scores, and played to its end by keys in both
languages at 80×24."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from lesson_keys import cursor_to, lesson_end, make, make_by_answer
from textual.pilot import Pilot
from textual.widgets import Button
from ui_helpers import new_game_screen, pressed, settings, write_settings

from dummy_tui.engine import actions as act
from dummy_tui.engine.cards import card_text, cards_of, parse_card, rank_of, suit_of
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.i18n import key_fields, set_language
from dummy_tui.keynames import DEFAULT_KEYS
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.saving import Saver
from dummy_tui.ui.screens.lesson import LessonPanel, LessonTable
from dummy_tui.ui.screens.lessons import LessonEndScreen, LessonListScreen
from dummy_tui.ui.screens.new_game import NewGameScreen
from dummy_tui.ui.tutorial.lessons import (
    LOOSE,
    PLAYER,
    Lesson,
    LessonError,
    LessonRun,
    lesson_texts,
    load_lessons,
    parse_move,
    replay,
    start,
    text_keys,
)

LESSONS = load_lessons()
IDS = [lesson.id for lesson in LESSONS]
THAI = re.compile("[\u0e00-\u0e7f]")


# ----------------------------------------------------------------------
# the lessons as data, through the engine


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_lesson_plays_through_the_engine_as_written(lesson: Lesson) -> None:
    # every move legal where the lesson makes it, the other seats' too, and the
    # round ending with the scores the lesson states
    game = replay(lesson)
    assert game.is_over == (lesson.scores is not None)


def test_a_lesson_whose_move_the_rules_no_longer_allow_fails() -> None:
    # the spe-to lesson picks up the head card in the first turn: a table where
    # the first turn must draw refuses it, and the replay says which step
    speto = next(lesson for lesson in LESSONS if lesson.id == "speto")
    changed = speto.model_copy(update={"options": {"first_turn_must_draw": True}})
    with pytest.raises(LessonError, match="step 1: 'pick QS"):
        replay(changed)
    # a scripted move of another seat that is no longer there fails as well
    turn = next(lesson for lesson in LESSONS if lesson.id == "turn")
    steps = (turn.steps[0], turn.steps[1].model_copy(update={"then": ("draw", "discard 9H")}))
    with pytest.raises(LessonError, match="'discard 9H'"):
        replay(turn.model_copy(update={"step": steps}))


def test_the_lessons_teach_dummy_first_then_one_lesson_for_each_other_rummy() -> None:
    rulesets = [lesson.ruleset for lesson in LESSONS]
    assert rulesets[-3:] == ["rummy", "gin", "persian"]
    assert set(rulesets[:-3]) == {"dummy"}
    wanted = {"turn", "pickup", "depth", "meld", "layoff", "speto", "knock", "dark", "fool"}
    assert wanted | {"stock_out"} <= set(IDS)


def test_the_fool_lesson_fools_the_player_before_and_turns_play_round() -> None:
    fool = next(lesson for lesson in LESSONS if lesson.id == "fool")
    game = replay(fool)
    assert isinstance(game, DummyRound)
    assert game.fool == 2 and game.went_out == 0
    assert game.next_round() == (0, -1)
    rows = game.scores()
    assert rows[1].fell and rows[2].fell and not rows[0].dark_knock


def test_a_meld_of_the_step_laid_down_another_way_is_taken_and_the_rest_follows() -> None:
    # the knock lesson lays 2♠ 3♠ 4♠ 5♠ down: 2♠ 3♠ 4♠ then 5♠ laid off does it too
    knock = next(lesson for lesson in LESSONS if lesson.id == "knock")
    game = start(knock, ["P0", "P1"])
    run = LessonRun(knock)

    def make(text: str, expected: str | None = None) -> None:
        action = parse_move(game, text)
        assert run.match(game, action) == (expected or text), text
        run.made(game, expected or text, action)
        game.apply(action)

    make("draw")
    make("meld 2S 3S 4S", LOOSE)
    assert run.loose == {parse_card("5S")}
    # a discard is not yet the step's, nor a card the step does not lay down
    assert run.match(game, parse_move(game, "discard 3D")) is None
    make("layoff KC KD")
    make("meld 6H 7H 8H")
    assert run.step == 1 and run.left == [] and run.loose == {parse_card("5S")}
    assert run.match(game, parse_move(game, "discard 3D")) is None
    assert run.expected(game) == parse_move(game, "layoff 5S 4S")  # the answer: the rest
    make("layoff 5S 4S", LOOSE)
    assert run.step == 2 and run.left == ["knock 3D"] and not run.loose
    make("knock 3D")
    assert run.finished and game.is_over
    assert [b.total for b in game.scores()] == list(knock.scores or ())


def player_discards(lesson: Lesson) -> list[tuple[list[int], int]]:
    """Each plain discard the player makes in ``lesson``: the hand then, and the card."""
    game = start(lesson, [f"P{i}" for i in range(lesson.players)])
    run = LessonRun(lesson)
    out: list[tuple[list[int], int]] = []
    while not run.finished:
        if run.waiting:
            text = run.left[0]
            action = parse_move(game, text)
            if isinstance(action, act.Discard) and game.kind_of(action) == "discard":
                out.append((cards_of(game.hands[PLAYER]), action.card))
            run.made(game, text, action)
        else:
            action = run.next_scripted(game)
        game.apply(action)
    return out


def partners(card: int, hand: list[int]) -> list[int]:
    """The cards of ``hand`` of ``card``'s rank, or next to it in its suit."""
    rank, suit = rank_of(card), suit_of(card)
    return [
        other
        for other in hand
        if other != card
        and (rank_of(other) == rank or (suit_of(other) == suit and abs(rank_of(other) - rank) == 1))
    ]


# every lesson but two throws the card without a partner (gin's throws the
# highest deadwood, the stock's end its last card)
PARTNERED = [ls for ls in LESSONS if ls.id not in ("gin", "stock_out")]


@pytest.mark.parametrize("lesson", PARTNERED, ids=lambda ls: ls.id)
def test_the_card_a_lesson_discards_is_the_one_without_a_partner(lesson: Lesson) -> None:
    # the words of these lessons say so: "one card has no partner: that one goes"
    for hand, card in player_discards(lesson):
        alone = [c for c in hand if not partners(c, hand)]
        assert alone == [card], (lesson.id, [card_text(c) for c in alone])


# ----------------------------------------------------------------------
# their words

CARD = re.compile(r"\[([^\]]+)\]")
FIELD = re.compile(r"\{(\w+)\}")


@pytest.mark.parametrize("lang", ["en", "th"])
def test_every_lesson_has_its_words_and_no_others(lang: str) -> None:
    texts = lesson_texts(lang)
    expected: set[str] = set()
    for lesson in LESSONS:
        must, may = text_keys(lesson)
        assert [k for k in must if not texts.get(k, "").strip()] == [], lesson.id
        expected |= {*must, *(k for k in may if k in texts)}
    assert set(texts) - expected == set()
    assert {k for k in lesson_texts("en") if k.endswith(".done")} == {
        k for k in lesson_texts("th") if k.endswith(".done")
    }


@pytest.mark.parametrize("lang", ["en", "th"])
def test_a_lessons_cards_seats_and_keys_are_ones_it_has(lang: str) -> None:
    texts = lesson_texts(lang)
    for lesson in LESSONS:
        for key in (k for k in texts if k.startswith(f"{lesson.id}.")):
            for card in CARD.findall(texts[key]):
                parse_card(card)  # a card, written as records write one
            for field in FIELD.findall(texts[key]):
                if field.startswith("seat"):
                    assert 0 < int(field[4:]) < lesson.players, (key, field)
                else:
                    assert field.removeprefix("k_") in DEFAULT_KEYS, (key, field)
        if lang == "th":
            title = texts[f"{lesson.id}.title"]
            assert THAI.search(title), title


ARITHMETIC = re.compile(r"(−?\d+(?: [+−×] \d+)+) = (−?\d+)")


def _value(expression: str) -> int:
    # digits, signs and spaces only: the expression of a sentence, worked out
    return int(eval(expression.replace("−", "-").replace("×", "*")))


@pytest.mark.parametrize("lang", ["en", "th"])
def test_every_sum_in_the_lessons_words_adds_up(lang: str) -> None:
    sums = [(k, m) for k, v in lesson_texts(lang).items() for m in ARITHMETIC.findall(v)]
    assert len(sums) >= 8  # the ends' scores, the spe-to's run, ...
    wrong = [(k, e, r) for k, (e, r) in sums if _value(e) != int(r.replace("−", "-"))]
    assert wrong == []


@pytest.mark.parametrize("lang", ["en", "th"])
@pytest.mark.parametrize("lesson", [ls for ls in LESSONS if ls.scores], ids=lambda ls: ls.id)
def test_a_lessons_end_says_the_scores_the_engine_counts(lang: str, lesson: Lesson) -> None:
    text = lesson_texts(lang)[f"{lesson.id}.end"]
    game = replay(lesson)
    scores = [b.total for b in game.scores()]
    for score in scores:
        if score:
            shown = f"−{-score}" if score < 0 else str(score)
            assert re.search(rf"(?<![\d−]){shown}(?!\d)", text), (shown, text)
    for expression, result in ARITHMETIC.findall(text):
        assert _value(expression) == int(result.replace("−", "-")), expression
    if isinstance(game, DummyRound):
        # the player's points on the table, as the round end counts them
        assert str(game.scores()[0].table) in text


# ----------------------------------------------------------------------
# at the table


def lesson_app(lang: str = "en", persist: bool = False) -> DummyApp:
    # the coach on, as for a newcomer: a lesson neither asks before its discard
    # nor names its move in the coach's line
    return DummyApp(settings=settings(lang, coach="on"), lessons=True, persist=persist)


async def lesson_turn(pilot: Pilot[int], app: DummyApp, limit: int = 300) -> LessonTable | None:
    """The lesson's table once the player is to make the lesson's move; None at its end."""
    for _ in range(limit):
        screen = app.screen
        if isinstance(screen, LessonEndScreen):
            return None
        if (
            isinstance(screen, LessonTable)
            and screen.my_turn
            and screen.run.waiting
            and app.focused is screen.hand
        ):
            return screen
        await pilot.pause()
    raise AssertionError(f"the lesson never came back to the player: {app.screen}")


def panel_text(table: LessonTable) -> str:
    return str(table.query_one(LessonPanel).text.render()).replace("\xa0", " ")


@pytest.mark.parametrize("lang", ["en", "th"])
async def test_every_lesson_is_played_to_its_end_by_keys(lang: str) -> None:
    app = lesson_app(lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LessonListScreen)
        await pilot.press("enter")  # the first lesson not yet done: the first
        for lesson in LESSONS:
            seen = 0
            while (table := await lesson_turn(pilot, app)) is not None:
                assert table.lesson is lesson
                said = panel_text(table)
                look = lesson_texts(lang)[f"{lesson.id}.step{table.run.step + 1}.look"]
                # the step's words, up to the first card or name, are in the panel
                assert re.split(r"[\[{]", look)[0].strip() in said, (lesson.id, said)
                if lang == "th":
                    assert THAI.search(said)
                assert not table.query_one("#coach").display  # the lesson's words alone
                action = table.run.expected(table.session.round)
                assert action is not None
                if lang == "en":  # the cards chosen with the arrows and space
                    await make(pilot, app, table, action)
                else:  # the move asked for (h, h): the answer chooses its cards
                    await make_by_answer(pilot, app, table, action)
                    assert "ตาที่ต้องเล่น" in panel_text(table) or table.run.step > 0
                seen += 1
            assert seen >= sum(len(step.moves) for step in lesson.steps)
            end = await lesson_end(pilot, app)
            assert lesson.id in app.prefs.settings.lessons_done
            shown = str(end.query_one("#lesson-end-text").render()).replace("\xa0", " ")
            words = lesson_texts(lang)[f"{lesson.id}.end"]
            assert re.split(r"[\[{]", words)[0].strip() in shown, (lesson.id, shown)
            if lesson.scores is not None:
                assert end.result is not None and end.result.scores == list(lesson.scores)
                assert end.query_one("#lesson-end-table").display
                after = str(end.query_one("#lesson-end-next").render())
                if lesson.id == "fool":  # the round end's own words: fooled, so reversed
                    assert "3→2→1" in after and end.table.names[2] in after, after
            await pilot.press("enter")
        # after the last lesson, Enter starts a new game from the new-game screen
        assert isinstance(await new_game_screen(pilot, app), NewGameScreen)
        assert app.prefs.settings.lessons_done == IDS


async def test_a_wrong_try_gets_the_hint_and_a_second_the_answer() -> None:
    app = lesson_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        table = await lesson_turn(pilot, app)
        assert table is not None
        await pilot.press("x")  # a discard before taking: the rules refuse it
        await pilot.pause()
        status = str(table.query_one("#status").render())
        assert "draw" in status.lower() or "take" in status.lower(), status
        assert "Hint:" in panel_text(table)
        await pilot.press("d")  # the lesson's move
        table = await lesson_turn(pilot, app)
        assert table is not None and table.run.step == 1
        assert "Hint:" not in panel_text(table)
        king = parse_card("KC")
        await pilot.press("home", "x")  # the spe-to 2♣: legal, not the lesson's
        # no question first (the lesson is the coach): the coach's reason, and the hint
        assert isinstance(app.screen, LessonTable)
        status = str(table.query_one("#status").render())
        assert status.startswith("Not that card: 2♣ is a spe-to"), status
        assert "Hint:" in panel_text(table) and "The move:" not in panel_text(table)
        await cursor_to(pilot, table.hand, parse_card("8H"))
        await pilot.press("x")  # a card that gives nothing away, still not the lesson's
        status = str(table.query_one("#status").render())
        assert status.startswith("Discard 8♥: the rules allow it, but this lesson is after"), status
        # the second wrong try: the answer, its card under the cursor
        assert "The move: Discard K♣" in panel_text(table), panel_text(table)
        assert table.hand.cursor_card == king
        game = table.session.round
        assert len(game.hand(0)) == 12  # nothing was discarded
        await pilot.press("x")
        assert king in game.discards


async def test_h_gives_the_hint_then_the_answer() -> None:
    app = lesson_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "enter")  # the third lesson: from deep in the row
        table = await lesson_turn(pilot, app)
        assert table is not None and table.lesson.id == "depth"
        await pilot.press("h")
        assert "Hint: With 5♠ comes 9♦ too" in panel_text(table)
        await pilot.press("h")
        assert "The move: Pick up 5♠" in panel_text(table), panel_text(table)


async def test_escape_leaves_a_lesson_at_any_time_and_saves_nothing(home: Path) -> None:
    app = lesson_app(persist=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        table = await lesson_turn(pilot, app)
        assert table is not None
        await pilot.press("d", "space", "escape")  # a card selected: Escape clears it first
        assert isinstance(app.screen, LessonTable) and not table.hand.selected
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LessonListScreen)
        await pilot.press("escape")  # the list: back to the new-game screen
        assert isinstance(await new_game_screen(pilot, app), NewGameScreen)
    assert not (home / "data" / "saves").exists() or not any((home / "data" / "saves").iterdir())
    assert app.prefs.settings.lessons_done == []


async def test_a_lesson_that_ends_its_round_keeps_nothing_in_the_history_or_saves(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ended: list[object] = []
    monkeypatch.setattr(Saver, "round_ended", lambda self, *args: ended.append(args))
    app = lesson_app(persist=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, LessonListScreen)
        listing.then(IDS.index("gin"))  # as the end of the lesson before it would
        while (table := await lesson_turn(pilot, app)) is not None:
            await make(pilot, app, table, table.run.expected(table.session.round))  # type: ignore[arg-type]
        end = await lesson_end(pilot, app)
        assert end.result is not None  # the round ended: scored on the lesson's end
    assert ended == []
    saves = home / "data" / "saves"
    assert not saves.exists() or not any(saves.iterdir())


async def test_the_lessons_done_are_remembered_and_older_settings_still_load(home: Path) -> None:
    write_settings(home, lang="en", ai_delay=0.0, sort="rank")  # written before the lessons
    app = DummyApp(lessons=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.prefs.settings.lessons_done == [] and app.prefs.settings.sort == "rank"
        await pilot.press("enter")
        table = await lesson_turn(pilot, app)
        assert table is not None
        await make(pilot, app, table, table.run.expected(table.session.round))  # type: ignore[arg-type]
        table = await lesson_turn(pilot, app)
        assert table is not None
        await make(pilot, app, table, table.run.expected(table.session.round))  # type: ignore[arg-type]
        await lesson_end(pilot, app)
        await pilot.press("escape")  # back to the list, the first lesson ticked
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, LessonListScreen)
    saved: dict[str, Any] = json.loads((home / "config" / "settings.json").read_text("utf-8"))
    assert saved["lessons_done"] == ["turn"] and saved["sort"] == "rank"
    app = DummyApp(lessons=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        listing = app.screen
        assert isinstance(listing, LessonListScreen)
        options = listing.query_one("#lessons-list")
        highlighted = options.get_option_at_index(options.highlighted)  # type: ignore[attr-defined]
        assert highlighted.id == "1"  # the next lesson not done
        assert str(options.get_option_at_index(1).prompt).startswith("✓")  # type: ignore[attr-defined]


async def test_learn_to_play_is_one_key_and_one_button_on_the_new_game_screen() -> None:
    app = DummyApp(settings=settings(), persist=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await new_game_screen(pilot, app)
        button = screen.query_one("#learn", Button)
        assert str(button.label) == "Learn to play (l)"
        await pressed(pilot, app, "l", LessonListScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("ctrl+l")
        assert str(button.label) == "หัดเล่น (l)"
    set_language("en")
    assert key_fields()["k_learn"] == "l"


# ----------------------------------------------------------------------
# what a lesson looks like


@pytest.mark.parametrize(("lang", "asked"), [("en", 1), ("th", 2)])
def test_snapshot_of_a_lesson_step(snap_compare: Any, lang: str, asked: int) -> None:
    """The third lesson at 80×24: the row to pick from, the lesson beside the
    table, and its hint (English) or its move (Thai, asked for twice)."""
    app = lesson_app(lang)

    async def hint(pilot: Pilot[int]) -> None:
        await pilot.pause()
        await pilot.press("down", "down", "enter")
        table = await lesson_turn(pilot, app)
        assert table is not None and table.lesson.id == "depth"
        await pilot.press(*["h"] * asked)
        await scrolled_to_its_end(pilot, table.query_one(LessonPanel))

    assert snap_compare(app, terminal_size=(80, 24), run_before=hint)


async def scrolled_to_its_end(pilot: Pilot[int], panel: LessonPanel, limit: int = 100) -> None:
    """Until the lesson panel has laid out its new words and scrolled to their end
    (after a refresh: on a slow machine, a few)."""
    seen = None
    for _ in range(limit):
        await pilot.pause()
        now = (panel.scroll_y, panel.max_scroll_y, panel.virtual_size)
        if now == seen and panel.scroll_y == panel.max_scroll_y:
            return
        seen = now
    raise AssertionError(f"the lesson panel never settled at its end: {seen}")


async def test_the_lesson_keeps_its_end_in_view_when_its_words_wrap_again() -> None:
    """The hint's last line stays in view when the panel's width changes after the
    scroll (a scroll bar appearing, a narrower window): the lines wrap again and
    grow, and the end must follow them."""
    app = lesson_app()
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "enter")
        table = await lesson_turn(pilot, app)
        assert table is not None and table.lesson.id == "depth"
        panel = table.query_one(LessonPanel)
        await pilot.press("h", "h")
        await scrolled_to_its_end(pilot, panel)
        before = panel.max_scroll_y
        await pilot.resize_terminal(80, 24)  # narrower: more lines
        await scrolled_to_its_end(pilot, panel)
        assert panel.max_scroll_y > before  # the words did wrap onto more lines
        assert panel.scroll_y == panel.max_scroll_y


async def test_a_lesson_table_redraws_its_cards_when_the_suits_change() -> None:
    app = lesson_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # the first lesson
        table = await lesson_turn(pilot, app)
        assert table is not None

        def suits() -> set[str]:
            shown = str(table.hand.render()) + str(table.row.render())
            return {c for c in shown if c in "♣♦♥♠"}

        assert suits()  # symbols
        await pilot.press("ctrl+a")  # suits as letters, on the lesson's table too
        await pilot.pause()
        assert suits() == set()
