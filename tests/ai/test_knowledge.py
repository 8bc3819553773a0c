"""What a seat knows, read from the public history."""

from __future__ import annotations

from dummy_tui.ai import make_player
from dummy_tui.ai.dummy.knowledge import Tracker, _track
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.rules import DummyRules


def test_the_tracker_reads_a_round_as_a_full_replay_does() -> None:
    """Called after every move of a round (and of a second round, which it must
    not mix with the first), it gives what replaying the whole history gives."""
    tracker = Tracker()
    checked = 0
    for seed in (1, 2):
        game = DummyRound.new(DummyRules(), 3, seed, starter=0)
        players = [make_player("dummy", "random", seed * 10 + s) for s in range(3)]
        while not game.is_over:
            view = game.view(game.seat)
            assert tracker.track(view.history, view.head, 3) == _track(view.history, view.head, 3)
            checked += 1
            legal = game.legal_actions()
            game.apply(players[game.seat].choose(view, legal))
    assert checked > 40
