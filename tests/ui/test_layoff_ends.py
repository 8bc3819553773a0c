"""The two layoffs of an ace onto a run 2…K (§14.1) are told apart where a player
chooses among moves: each names the end, the 2 or the K, in both languages."""

from __future__ import annotations

import pytest

from dummy_tui.engine.actions import LayOff, PickLayoff
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.record import parse_record, replay
from dummy_tui.ui.cardtext import CardLook
from dummy_tui.ui.i18n import set_language
from dummy_tui.ui.words import action_text

# P0 lays 3♣…K♣, P1 lays 2♣ off below it; P2 (ace_low_runs, unborn_play "free")
# holds A♣: it may go below the 2 or above the K
RECORD = {
    "format": "dummy-tui-record/1",
    "ruleset": "dummy",
    "options": {"hand_size": {"3": 12}, "unborn_play": "free", "ace_low_runs": True},
    "players": ["P0", "P1", "P2"],
    "deal": {
        "hands": [
            ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "5D"],
            ["2C", "3D", "4D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD"],
            ["AC", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH"],
        ],
        "upcard": "2S",
        "stock": ["3S", "4S", "KH"],
    },
    "moves": [
        "draw", "meld 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "discard 5D", "draw",
        "layoff 2C 3C", "discard 3D", "draw",
    ],
}  # fmt: skip
ENDS = {"en": ("at the K♣ end", "at the 2♣ end"), "th": ("ต่อที่ปลาย K♣", "ต่อที่ปลาย 2♣")}


@pytest.mark.parametrize("lang", ["en", "th"])
def test_each_end_of_the_ace_is_named(lang: str) -> None:
    game = replay(parse_record(RECORD)).game
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
