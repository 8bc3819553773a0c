"""Random keys, clicks and window sizes, as a curious child at the keyboard:
nothing breaks.

Whatever a person presses or clicks, no error escapes the interface, and the
round in play is still one that the rules allow: its own record replays to
the same hands, row and stock.
"""

from __future__ import annotations

import random

import pytest
from ui_helpers import app_for, setup

from dummy_tui.engine.cards import JOKER_BASE, cards_of
from dummy_tui.engine.record import parse_record, replay


def same_cards(cards: list[int]) -> list[int]:
    """The cards with Persian's jokers as one (a record writes each as JK)."""
    return [min(card, JOKER_BASE) for card in cards]


# every key of the table, round-end and help screens, and the moves between
# them; not q (quit), n (a new game after the match) or − (slower AI moves)
KEYS = [*"dpmfxkouhset.+", "space", "enter", "escape", "left", "right", "up", "down", "tab"]
KEYS += ["shift+tab", "home", "end", "f1", "less_than_sign", "greater_than_sign"]
KEYS += ["ctrl+l", "ctrl+a", "ctrl+k", "ctrl+t"]  # language, suits, colours, theme
SIZES = [(80, 24), (120, 40), (100, 30)]  # the footer packs its keys below 100 columns
MOVES = [*"dxpmfko", "enter"]  # pressed more often, so that the game goes on


@pytest.mark.parametrize(
    ("ruleset", "players", "humans"),
    [("dummy", 4, 1), ("dummy-house", 2, 2), ("gin", 2, 1), ("persian", 4, 2)],
)
async def test_random_keys_and_clicks_break_nothing(
    ruleset: str, players: int, humans: int
) -> None:
    rng = random.Random(f"{ruleset}-{players}-{humans}")
    app = app_for(setup(humans=humans, players=players, seed=rng.randrange(1000), ruleset=ruleset))
    size = (80, 24)
    async with app.run_test(size=size) as pilot:
        for step in range(60):
            if rng.random() < 0.02:
                size = rng.choice(SIZES)
                await pilot.resize_terminal(*size)
            elif rng.random() < 0.2:
                await pilot.click(offset=(rng.randrange(size[0]), rng.randrange(size[1])))
            else:
                await pilot.press(rng.choice(MOVES if rng.random() < 0.5 else KEYS))
            if step % 8 == 0:
                await pilot.pause()
        await pilot.pause()
        session = app.session
        assert session is not None
        live = session.round
        result = replay(parse_record(session.record()))
        assert result.ok and result.moves_applied >= 3, result.moves_applied  # it was played
        again = result.game
        for seat in range(players):
            assert same_cards(cards_of(again.hands[seat])) == same_cards(cards_of(live.hands[seat]))
        assert same_cards(list(again.discards)) == same_cards(list(live.discards))
        assert same_cards(list(again.stock)) == same_cards(list(live.stock))
