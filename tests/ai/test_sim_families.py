"""``dummy-tui sim`` for gin, basic rummy and Persian rummy."""

from __future__ import annotations

import json
import signal

import pytest

from dummy_tui.cli import main
from dummy_tui.rules.loader import get_ruleset
from dummy_tui.sim import _init_worker, print_table, simulate

KEYS = {
    "seat", "ai", "round_wins", "win_rate", "mean_score", "knocks", "dark_knocks", "falls",
    "fools", "penalty_points",
}  # fmt: skip


@pytest.mark.parametrize(
    ("ruleset", "players", "ai"),
    [("gin", 2, "normal,random"), ("rummy", 3, "normal,easy,random"), ("persian", 4, "easy")],
)
def test_sim_json_for_every_family(
    ruleset: str, players: int, ai: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["sim", "--ruleset", ruleset, "--ai", ai, "--rounds", "6", "--seed", "3", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ruleset"] == ruleset and data["players"] == players and data["rounds"] == 6
    seats = data["seats"]
    assert [s["seat"] for s in seats] == list(range(players))
    for s in seats:
        assert set(s) == KEYS
        assert s["dark_knocks"] == s["falls"] == s["fools"] == s["penalty_points"] == 0
        assert s["knocks"] <= 6 and s["round_wins"] <= 6
    assert sum(s["knocks"] for s in seats) <= 6  # one knock (or going out) a round at most


def test_gin_sim_defaults_to_two_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--ruleset", "gin", "--ai", "easy", "--rounds", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == 2


def test_persian_round_wins_go_to_both_seats_of_a_team() -> None:
    result = simulate(get_ruleset("persian"), "persian", ["normal", "random"] * 2, 12, seed=1)
    s = result.seats
    assert s[0].round_wins == s[2].round_wins and s[1].round_wins == s[3].round_wins
    assert s[0].score == s[2].score and s[1].score == s[3].score  # team scores
    assert s[0].round_wins + s[1].round_wins <= 12
    assert s[0].round_wins > s[1].round_wins  # normal partners beat random ones


def test_gin_sim_winner_and_knocks() -> None:
    result = simulate(get_ruleset("gin"), "gin", ["normal", "random"], 12, seed=2)
    normal, rand = result.seats
    assert normal.round_wins >= 10 and normal.knocks >= 9
    assert normal.score > rand.score


def test_rummy_sim_normal_beats_random() -> None:
    result = simulate(get_ruleset("rummy"), "rummy", ["normal", "random"], 12, seed=2)
    assert result.seats[0].round_wins > result.seats[1].round_wins


def test_the_sim_table_is_whole_at_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    result = simulate(
        get_ruleset("persian"), "persian", ["normal", "easy", "normal", "random"], 4, 3
    )
    print_table(result)
    out = capsys.readouterr().out
    assert "…" not in out, out
    for word in ("seat", "AI", "wins", "rate", "score", "knocks", "dark", "falls", "fools",
                 "penalties", "normal", "random"):  # fmt: skip
        assert word in out, word
    assert max(len(line) for line in out.splitlines()) <= 80


@pytest.mark.parametrize(
    ("ai", "said"), [("normal,,easy", "level 2 is empty"), ("normal,", "level 2")]
)
def test_an_empty_level_in_ai_is_refused_not_dropped(
    ai: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # dropping it would quietly play a smaller table than the one asked for
    assert main(["sim", "--ai", ai, "--rounds", "2", "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert said in captured.err and "--ai" in captured.err, captured.err


def test_sim_workers_leave_ctrl_c_to_the_parent() -> None:
    # a pool worker that took Ctrl+C would print its own traceback
    before = signal.getsignal(signal.SIGINT)
    try:
        _init_worker(None)  # type: ignore[arg-type]
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)
