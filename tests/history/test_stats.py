"""Statistics against counts made from the rounds themselves.

A few matches are played by AI players (people's seats too), recorded, and
every figure of ``History.stats`` is compared with a count taken from the
played rounds: who knocked, who scored what, who fell, who was charged what
penalty, who won the match, never from what the history stored.
"""

from __future__ import annotations

import functools
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from history_util import Played, play, store

from dummy_tui.engine.record import parse_record, replay, result_json
from dummy_tui.history import History
from dummy_tui.history.names import person_key
from dummy_tui.history.stats import PlayerStats, wilson

T0 = datetime(2024, 3, 1, 20, 0, tzinfo=UTC)


@dataclass(slots=True)
class Expected:
    """One person's or AI level's figures, counted from played rounds."""

    matches: int = 0
    matches_won: int = 0
    rounds: int = 0
    rounds_won: int = 0
    points: list[int] = field(default_factory=list)  # scores of rounds in points
    money: list[int] = field(default_factory=list)
    knocks: int = 0
    dark_knocks: int = 0
    one_suit_knocks: int = 0
    falls: int = 0
    fools: int = 0
    penalties: Counter[str] = field(default_factory=Counter)
    penalty_points: Counter[str] = field(default_factory=Counter)
    wins: list[bool] = field(default_factory=list)  # round by round, in play order
    match_wins: list[bool] = field(default_factory=list)


@functools.cache
def matches() -> tuple[tuple[Played, bool], ...]:
    """The played matches, in the order they were started, and whether each is finished."""
    people_and_ai = (None, None, "easy", "normal")
    return (
        (play("dummy", ("Ann", "Bo", "Bot", "Bot"), people_and_ai, 1, 8, target_score=200), True),
        (
            play(
                "dummy",
                (" ann ", "Chai", "x", "y"),
                (None, None, "random", "easy"),
                2,
                6,
                target_score=300,
            ),
            True,
        ),
        (
            play(
                "dummy-money",
                ("ANN", "bo", "Dao", "z"),
                (None, None, None, "easy"),
                3,
                8,
                target_score=12,
            ),
            True,
        ),
        (play("gin", ("Bo", "Chai"), (None, None), 4, 6, target_score=60), True),
        (play("persian", ("Ann", "Bo", "Chai", "Dao"), (None,) * 4, 5, 2), True),
        (play("dummy", ("Bo", "Ann", "x", "y"), (None, None, "easy", "easy"), 6, 3), False),
    )


def started(index: int) -> datetime:
    return T0 + timedelta(days=index)


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> History:
    """The matches recorded once for the module's tests, which only read them."""
    found = History(tmp_path_factory.mktemp("stats") / "history.sqlite3", strict=True)
    for i, (played, finish) in enumerate(matches()):
        store(found, played, finish=finish, started=started(i))
    return found


def beats(totals: list[int], seat: int, team_of: Any) -> bool:
    """Did ``seat`` score more than every seat of another team?"""
    mine = team_of(seat)
    return all(totals[seat] > t for o, t in enumerate(totals) if team_of(o) != mine)


def expected(chosen: list[int]) -> dict[str, Expected]:
    """Figures per person (folded name) and per AI level (``ai:level``) of the matches
    ``chosen`` (indexes into :func:`matches`), counted from the rounds."""
    found: dict[str, Expected] = defaultdict(Expected)
    for i in chosen:
        played, finished = matches()[i]
        keys = [
            person_key(n) if level is None else f"ai:{level}"
            for n, level in zip(played.names, played.levels, strict=True)
        ]
        money = getattr(played.rules, "scoring", "points") == "money"
        for game in played.rounds:
            totals = [line.total for line in game.scores()]
            for seat, key in enumerate(keys):
                e = found[key]
                e.rounds += 1
                won = beats(totals, seat, type(game).team_of)
                e.rounds_won += won
                e.wins.append(won)
                (e.money if money else e.points).append(totals[seat])
                e.knocks += game.went_out == seat
                e.dark_knocks += bool(getattr(game, "dark_knock", False)) and game.went_out == seat
                line = game.scores()[seat]
                e.one_suit_knocks += bool(getattr(line, "one_suit_knock", False))
                e.falls += bool(getattr(line, "fell", False))
                e.fools += getattr(game, "fool", None) == seat
            for item in getattr(game, "penalty_items", ()):
                found[keys[item.seat]].penalties[item.kind] += 1
                # in money scoring a penalty is paid in units, counted in the total
                found[keys[item.seat]].penalty_points[item.kind] += 0 if money else item.points
        if finished and played.over:
            for seat, key in enumerate(keys):
                found[key].matches += 1
                found[key].matches_won += seat in played.winners
                found[key].match_wins.append(seat in played.winners)
    return found


def longest(flags: list[bool]) -> int:
    best = run = 0
    for flag in flags:
        run = run + 1 if flag else 0
        best = max(best, run)
    return best


def assert_figures(p: PlayerStats, e: Expected) -> None:
    assert (p.matches, p.matches_won) == (e.matches, e.matches_won)
    assert (p.rounds, p.rounds_won) == (e.rounds, e.rounds_won)
    assert (p.knocks, p.dark_knocks, p.one_suit_knocks, p.falls, p.fools) == (
        e.knocks,
        e.dark_knocks,
        e.one_suit_knocks,
        e.falls,
        e.fools,
    )
    assert {k: (c.count, c.points) for k, c in p.penalties.items()} == {
        k: (n, e.penalty_points[k]) for k, n in e.penalties.items()
    }
    assert p.penalty_points == sum(e.penalty_points.values())
    assert p.scored_rounds == len(e.points)
    if e.points:
        assert p.mean_score == pytest.approx(sum(e.points) / len(e.points))
        assert p.best_score == max(e.points)
    else:
        assert p.mean_score is None and p.best_round is None
    assert p.money_rounds == len(e.money)
    assert p.money == sum(e.money)
    if p.kind == "person":
        assert p.round_streak == longest(e.wins)
        assert p.match_streak == longest(e.match_wins)
    else:
        assert p.round_streak is p.match_streak is None


def test_every_figure_against_the_rounds(history: History) -> None:
    stats = history.stats()
    played = matches()
    assert stats.matches == sum(finished for _, finished in played) == 5
    assert stats.unfinished == 1
    assert stats.rounds == sum(len(p.rounds) for p, _ in played)
    counted = expected(list(range(len(played))))
    people = {person_key(p.name) for p in stats.players if p.kind == "person"}
    assert people == {"ann", "bo", "chai", "dao"}
    for key, e in counted.items():
        found = stats.ai(key[3:]) if key.startswith("ai:") else stats.player(key)
        assert found is not None, key
        assert_figures(found, e)
    assert len(stats.players) == len(counted)
    ann = stats.player("ANN")
    assert ann is not None and ann.name == "Ann" and ann.unfinished == 1
    # the test saw what it checks
    assert sum(p.falls for p in stats.players) > 0
    assert sum(p.penalty_points for p in stats.players) > 0
    assert sum(p.money_rounds for p in stats.players) > 0


def test_the_best_round_replays_to_its_score(history: History) -> None:
    stats = history.stats()
    for p in stats.players:
        if p.best_round is None:
            continue
        record = history.round_record(p.best_round)
        assert record is not None
        outcome = result_json(replay(parse_record(record)))
        names = [person_key(n) for n in record["players"]]
        if p.kind == "person":
            seat = names.index(person_key(p.name))
            assert outcome["scores"][seat] == p.best_score
        else:
            assert p.best_score in outcome["scores"]


def test_win_rates_and_their_interval(history: History) -> None:
    bo = history.stats().player("bo")
    assert bo is not None
    low, high = wilson(bo.rounds_won, bo.rounds) or (0, 0)
    assert bo.round_rate is not None and low <= bo.round_rate <= high
    data = bo.as_json()
    assert data["round_win_interval"] == [round(low, 4), round(high, 4)]
    assert wilson(0, 0) is None
    # known values: 8 of 10 at z = 1.96 gives 0.4902 .. 0.9433; 0 of 5, 0 .. 0.4345
    assert wilson(8, 10) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert wilson(0, 5) == pytest.approx((0.0, 0.4345), abs=1e-4)


@pytest.mark.parametrize(
    ("filters", "chosen"),
    [
        ({"ruleset": "dummy-money"}, [2]),
        ({"ruleset": "dummy"}, [0, 1, 5]),
        ({"since": started(3)}, [3, 4, 5]),
        ({"since": started(1), "ruleset": "dummy"}, [1, 5]),
    ],
)
def test_filters_keep_their_matches(
    history: History, filters: dict[str, Any], chosen: list[int]
) -> None:
    stats = history.stats(**filters)
    counted = expected(chosen)
    assert stats.rounds == sum(len(matches()[i][0].rounds) for i in chosen)
    for key, e in counted.items():
        found = stats.ai(key[3:]) if key.startswith("ai:") else stats.player(key)
        assert found is not None, key
        assert_figures(found, e)
    assert len(stats.players) == len(counted)


def test_one_player_and_their_head_to_head(history: History) -> None:
    stats = history.stats(player=" CHAI")
    assert [p.name for p in stats.players] == ["Chai"]
    assert_figures(stats.players[0], expected(list(range(6)))["chai"])
    pairs = {(h.a, h.b) for h in stats.head_to_head}
    assert pairs and all("Chai" in pair for pair in pairs)
    assert history.stats(player="nobody").players == []


def test_head_to_head_between_people(history: History) -> None:
    together: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for played, finished in matches():
        if not (finished and played.over):
            continue
        people = [
            (person_key(n), s)
            for s, (n, lv) in enumerate(zip(played.names, played.levels, strict=True))
            if lv is None
        ]
        for a, sa in people:
            for b, sb in people:
                if a < b:
                    tally = together[(a, b)]
                    tally[0] += 1
                    tally[1] += sa in played.winners
                    tally[2] += sb in played.winners
    found = {}
    for h in history.stats().head_to_head:
        a, b = person_key(h.a), person_key(h.b)
        found[(a, b) if a < b else (b, a)] = (
            [h.matches, h.a_won, h.b_won] if a < b else [h.matches, h.b_won, h.a_won]
        )
    assert found == dict(together)


def test_an_empty_or_missing_history(tmp_path: Path) -> None:
    history = History(tmp_path / "none.sqlite3", strict=True)
    stats = history.stats()
    assert stats.empty and stats.players == [] and stats.as_json()["rounds"] == 0
    assert not history.path.exists()  # reading made no file
