"""The keys a person presses to make a move at the table: the lessons' tests play
every lesson to its end with them."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import OptionList

from dummy_tui.engine import actions as act
from dummy_tui.ui.app import DummyApp
from dummy_tui.ui.screens.lessons import LessonEndScreen
from dummy_tui.ui.screens.modals import ChoiceScreen
from dummy_tui.ui.screens.table import TableScreen
from dummy_tui.ui.widgets.cards import CardStrip


async def cursor_to(pilot: Pilot[int], strip: CardStrip, card: int) -> None:
    """Move ``strip``'s cursor onto ``card`` with the arrow keys."""
    target = strip.cards.index(card)
    for _ in range(len(strip.cards)):
        now = strip.cursor or 0
        if now == target:
            break
        await pilot.press("right" if target > now else "left")
    assert strip.cursor_card == card, (strip.cursor_card, card)


async def choose(pilot: Pilot[int], app: DummyApp, action: act.Action) -> None:
    """In the dialog now up, go down to ``action`` and press Enter."""
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, ChoiceScreen), dialog
    index = [a for _, a in dialog.choices].index(action)
    options = dialog.query_one(OptionList)
    for _ in range(index - (options.highlighted or 0)):
        await pilot.press("down")
    await pilot.press("enter")


async def make(pilot: Pilot[int], app: DummyApp, table: TableScreen, action: act.Action) -> None:
    """Make ``action`` at ``table`` with the keys a person would press."""
    game = table.session.round
    hand = table.hand
    if isinstance(action, act.Draw):
        await pilot.press("d")
    elif isinstance(action, act.Pick | act.PickLayoff):
        await pilot.press("p")
        await cursor_to(pilot, table.row, action.card)
        await pilot.press("enter")
        await choose(pilot, app, action)
    elif isinstance(action, act.TakeDiscard):
        await pilot.press("p")
    elif isinstance(action, act.Meld):
        for card in action.cards:
            await cursor_to(pilot, hand, card)
            await pilot.press("space")
        await pilot.press("m")
    elif isinstance(action, act.LayOff):
        await cursor_to(pilot, hand, action.card)
        await pilot.press("f")
    elif isinstance(action, act.Knock):
        await pilot.press("k")
        await choose(pilot, app, action)
    elif isinstance(action, act.Discard):
        await cursor_to(pilot, hand, action.card)
        await pilot.press("k" if game.kind_of(action) == "knock" else "x")
    else:
        raise AssertionError(f"no keys for {action!r}")
    await pilot.pause()


async def make_by_answer(
    pilot: Pilot[int], app: DummyApp, table: TableScreen, action: act.Action
) -> None:
    """Make ``action``, the lesson's move, as a player who asks for it: h twice
    (the hint, then the move, its cards chosen), then the move's own key."""
    game = table.session.round
    await pilot.press("h", "h")
    if isinstance(action, act.Draw):
        await pilot.press("d")
    elif isinstance(action, act.Pick | act.PickLayoff):
        await pilot.press("p")  # the row's cursor starts on the answer's card
        assert table.row.cursor_card == action.card
        await pilot.press("enter")
        await choose(pilot, app, action)
    elif isinstance(action, act.TakeDiscard):
        await pilot.press("p")
    elif isinstance(action, act.Meld):
        assert table.hand.selected == set(action.cards)
        await pilot.press("m")
    elif isinstance(action, act.LayOff):
        assert table.hand.cursor_card == action.card
        await pilot.press("f")
    elif isinstance(action, act.Knock):
        await pilot.press("k")
        await choose(pilot, app, action)
    elif isinstance(action, act.Discard):
        assert table.hand.cursor_card == action.card
        await pilot.press("k" if game.kind_of(action) == "knock" else "x")
    else:
        raise AssertionError(f"no keys for {action!r}")
    await pilot.pause()


async def lesson_end(pilot: Pilot[int], app: DummyApp, limit: int = 300) -> LessonEndScreen:
    """Wait for the lesson's end screen (the other seats' last moves first)."""
    for _ in range(limit):
        if isinstance(app.screen, LessonEndScreen):
            return app.screen
        await pilot.pause()
    raise AssertionError(f"the lesson did not end: {app.screen}")
