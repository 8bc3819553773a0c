"""The knock the AI weighs is the knock the round scores: on every Dummy preset
and under random house rules (dummy-rules.md §8, §10, §14.3), the value the
``normal`` player gives the knock it makes is the knocker's score in the
round's own breakdown."""

from __future__ import annotations

from typing import Any

from house_rules_util import house_rules
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from dummy_tui.ai import make_player
from dummy_tui.ai.dummy.evaluator import Evaluator
from dummy_tui.ai.dummy.knowledge import Knowledge
from dummy_tui.ai.dummy.plans import table_pieces
from dummy_tui.ai.dummy.weights import NORMAL
from dummy_tui.engine.actions import DRAW

from .conftest import play_turn
from .test_house_rules import build

PRESETS = ["dummy", "dummy-house", "dummy-pip", "dummy-open-first", "dummy-face-knock"]

HANDS = [
    "3H 4H 5H 6H 7S 7D 7C",  # two suits
    "3H 4H 5H 6H 8H 9H 10H",  # one suit
    "AH 2H 3H 5C 5D 5S 5H",  # an ace at a run's low end, a set of four
    "JD QD KD AD 9C 9D 9S",  # an ace above the king (ace_high_run_points)
]
KNOCK_CARDS = ["KS", "QS", "2C", "9H", "JH", "4D"]  # fits seat 1's kings; spe-to; others


def knock_weighed(game: Any) -> tuple[float, int] | None:
    """The value (knock weight taken off) and card the ``normal`` player's judge
    gives the best knock of seat 0's hand now (the player asks it the same)."""
    k = Knowledge.from_view(game.view(0))
    ev = Evaluator(k, NORMAL)
    pieces = table_pieces(k.melds, k.seat, ev.situation.chain, k.hand)
    best = ev.knocks.best(k.hand, pieces, not k.born_at_start, k.melds, k.picked_card())
    return None if best is None else (best[0] - ev.situation.weights.knock_value, best[1])


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    preset=st.sampled_from(PRESETS),
    options=house_rules(),
    hand=st.sampled_from(HANDS),
    knock_card=st.sampled_from(KNOCK_CARDS),
)
def test_the_knock_the_ai_weighs_is_the_knock_the_round_scores(
    preset: str, options: dict[str, Any], hand: str, knock_card: str
) -> None:
    options["scoring"] = "points"
    assume(knock_card not in hand.split())
    table = "10C 10D 10S" if "KD" in hand else "KC KD KH"  # seat 1's meld
    game = build([hand], "8S", f"{knock_card} 6C 8C 2D", preset, table, **options)
    game.apply(DRAW)
    weighed = knock_weighed(game)
    play_turn(game, make_player("dummy", "normal", 3).choose)
    assume(game.end == "knock" and game.went_out == 0)
    assert weighed is not None, "the player knocked without weighing the knock"
    value, card = weighed
    line = game.scores()[0]
    assert game.out_card == card
    # the knocker's score before penalties and shows (§10 steps 1–3)
    assert line.total + line.penalties - line.bonus == value, (line, value)
