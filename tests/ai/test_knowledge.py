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


def test_a_ruleset_made_where_a_freed_one_was_gets_its_own_card_points() -> None:
    """Rulesets come and go (a new match, a house option changed); one made at
    the address of a freed one must not be given the freed one's points."""
    from dummy_tui.ai.dummy.knowledge import card_points
    from dummy_tui.engine.families.dummy import card_point_table
    from dummy_tui.rules.loader import load_rulesets

    presets = load_rulesets()
    kinds = [presets["dummy"], presets["dummy-pip"]]
    assert isinstance(kinds[0], DummyRules) and isinstance(kinds[1], DummyRules)
    assert card_point_table(kinds[0]) != card_point_table(kinds[1])
    for i in range(200):
        rules = kinds[i % 2].model_copy()
        assert isinstance(rules, DummyRules)
        assert card_points(rules, 0)[0][1:] == card_point_table(rules)[1:], i
        del rules
