"""The Statistics screen's charts: win rates as the matches go by, the spread of round scores."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from history_util import play, store

from dummy_tui.history import History
from dummy_tui.history.trends import group_size
from dummy_tui.rules.loader import get_ruleset

START = datetime(2026, 1, 5, 18, 0, tzinfo=UTC)


def test_a_point_stands_for_a_round_number_of_matches() -> None:
    assert [group_size(n) for n in (0, 1, 10, 11, 20, 21, 50, 51, 101, 10_000)] == [
        1, 1, 1, 2, 2, 5, 5, 10, 20, 1000,
    ]  # fmt: skip


def test_win_lines_follow_the_order_played_not_the_order_written(tmp_path: Path) -> None:
    rules = get_ruleset("gin")
    won = [i % 3 == 0 for i in range(12)]  # Ann wins matches 0, 3, 6, 9
    with History(tmp_path / "h.sqlite3", strict=True) as history:
        for i in reversed(range(12)):  # written latest first
            uid = history.start_match(
                rules, "gin", ["Ann", "Bee"], [None, "easy"], started=START + timedelta(days=i)
            )
            history.finish_match(uid, [100, 0] if won[i] else [0, 100], [0 if won[i] else 1])
        history.start_match(rules, "gin", ["Ann", "Bee"], [None, "easy"])  # unfinished
        [line] = history.trends().lines  # people only: the AI has no line
        assert history.match_count() == 13 and history.match_count(player="ann") == 13
        assert history.match_count(ruleset="dummy") == 0
    assert line.name == "Ann" and line.size == 2
    assert line.points == ((2, 0.5), (4, 0.5), (6, 0.0), (8, 0.5), (10, 0.5), (12, 0.0))


def test_the_score_bins_hold_every_round_of_the_people(tmp_path: Path) -> None:
    played = [play("gin", ("Ann", "Bee"), (None, "easy"), seed, max_rounds=3) for seed in (1, 2)]
    scores = [game.scores()[0].total for p in played for game in p.rounds]  # Ann's
    with History(tmp_path / "h.sqlite3", strict=True) as history:
        for p in played:
            store(history, p)
        bins = history.trends().bins
    assert sum(b.count for b in bins) == len(scores)
    for score in scores:
        assert sum(b.count for b in bins if b.low <= score <= b.high) >= 1
    assert all(b.high >= b.low for b in bins)
    assert [b.low for b in bins] == sorted(b.low for b in bins)
    assert bins[0].low <= min(scores) and bins[-1].high >= max(scores)


def test_an_empty_history_has_no_trends(tmp_path: Path) -> None:
    history = History(tmp_path / "none.sqlite3")
    found = history.trends()
    assert found.lines == () and found.bins == ()
    assert history.match_count() == 0
    assert not (tmp_path / "none.sqlite3").exists()
