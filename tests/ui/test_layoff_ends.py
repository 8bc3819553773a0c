"""The two layoffs of an ace onto a run 2…K (§14.1) are told apart where a player
chooses among moves: each names the end, the 2 or the K, in both languages."""

from __future__ import annotations

import pytest
from record_util import ace_at_either_end
from ui_helpers import app_for, born_session, running, settled_table

from dummy_tui.engine.actions import LayOff, PickLayoff
from dummy_tui.engine.cards import parse_card
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.record import parse_record, replay
from dummy_tui.i18n import set_language
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.rules.schema import DummyRules
from dummy_tui.ui.cardtext import CardLook
from dummy_tui.ui.screens.modals import ChoiceScreen
from dummy_tui.ui.widgets.table import MeldTable
from dummy_tui.ui.words import action_text

ENDS = {"en": ("at the K♣ end", "at the 2♣ end"), "th": ("ต่อที่ปลาย K♣", "ต่อที่ปลาย 2♣")}


@pytest.mark.parametrize("lang", ["en", "th"])
def test_each_end_of_the_ace_is_named(lang: str) -> None:
    game = replay(parse_record(ace_at_either_end())).game
    assert isinstance(game, DummyRound)
    aces = [a for a in game.legal_actions() if isinstance(a, LayOff)]
    assert [a.low for a in aces] == [False, True]
    set_language(lang)
    try:
        said = [action_text(game, a, CardLook()).plain for a in aces]
        picked = [
            action_text(game, PickLayoff(a.card, a.target, a.low), CardLook()).plain for a in aces
        ]
    finally:
        set_language("en")
    for texts in (said, picked):
        assert texts[0] != texts[1]
        for text, end in zip(texts, ENDS[lang], strict=True):
            assert text.endswith(end), text


async def test_clicking_the_run_with_the_ace_asks_which_end() -> None:
    # Ann lays 2♣…K♣ and clicks it with A♣ chosen: the ace may go at either end
    rules = get_ruleset("dummy", overrides={"ace_low_runs": True, "hand_size": {"2": 14}})
    assert isinstance(rules, DummyRules)
    session, game = born_session(
        "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 5D 9H",
        "2H 3H 4H 5H 7C 9C QH AH 6S 8S 10S 4D 6D 8D",
        "2C",
        "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
        rules,
    )
    assert game.melds[0].two_ace_ends(parse_card("AC"))
    app = app_for(session=session)
    async with running(app, (100, 30), settled_table) as (pilot, table):
        table.hand.cursor = table.hand.cards.index(parse_card("AC"))
        table.post_message(MeldTable.Clicked(0))
        await pilot.pause()
        choice = app.screen
        assert isinstance(choice, ChoiceScreen)
        assert [a for _, a in choice.choices] == [
            LayOff(parse_card("AC"), 0, low=False),
            LayOff(parse_card("AC"), 0, low=True),
        ]
        await pilot.press("down", "enter")
        await pilot.pause()
        assert game.melds[0].cards[0] == parse_card("AC")  # below the 2
