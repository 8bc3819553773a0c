"""No deal still to come follows from what a player can see or read during
the match: the record files' names, the history.  A match started without
``--seed`` draws a secret key, kept in its save alone (and in the history
once the match is over); each round's deal comes from it one way.  A seed
the player chose gives the same deals as ever, and so do earlier saves.
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
from pathlib import Path

from ui_helpers import app_for, settle

from dummy_tui.engine.match import derived_seed
from dummy_tui.history import History, default_path
from dummy_tui.ui.recording import Recorder
from dummy_tui.ui.screens.round_end import RoundEndScreen
from dummy_tui.ui.session import Session
from dummy_tui.ui.settings import GameSetup, SaveGame, SeatSetup


def three_seats(seed: int | None = None, target: int = 500) -> GameSetup:
    seats = [
        SeatSetup(name="Ann", human=True),
        SeatSetup(name="Bee", level="random"),
        SeatSetup(name="Chai", level="random"),
    ]
    return GameSetup(seats=seats, seed=seed, options={"target_score": target})


def play_round(session: Session, seed: int = 0) -> None:
    """Random legal moves to the end of the round, which is then recorded."""
    rng = random.Random(seed)
    while not session.round.is_over:
        session.apply(rng.choice(session.round.legal_actions()))
    session.finish_round()


def candidates(numbers: set[int], index: int) -> set[int]:
    """Every seed of round ``index`` that ``numbers`` would give, either way."""
    return {derived_seed(n, str(index), 48, secret) for n in numbers for secret in (False, True)}


def history_numbers() -> tuple[set[int], list[int | None]]:
    """Every seed the history holds (the matches' and the rounds'); the matches'."""
    with sqlite3.connect(default_path()) as conn:
        matches = [row[0] for row in conn.execute("SELECT seed FROM matches")]
        rounds = [row[0] for row in conn.execute("SELECT seed FROM rounds")]
    return {n for n in (*matches, *rounds) if n is not None}, matches


async def test_no_later_deal_follows_from_a_record_name_or_the_history(home: Path) -> None:
    """The attack that worked: the match seed, read in the name of a round's
    record or in the history, gave every later deal.  Now nothing read there
    gives the next round's seed, until the match is over."""
    session = Session.new(three_seats())
    assert session.setup.secret_seed
    play_round(session)
    with History() as history:
        Recorder(history).catch_up(session)
    session.start_next_round()
    app = app_for(session=session, persist=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        path = app.saver.export_record(session, session.finished[0])
    assert str(session.setup.seed) not in path.name
    numbers, matches = history_numbers()
    assert matches == [None]  # the match's seed is not in the history while it goes on
    numbers |= {int(n) for n in re.findall(r"\d+", path.name)}
    numbers |= {int(n) for n in re.findall(r"\d+", path.read_text(encoding="utf-8"))}
    next_seed = session.match.round_seed(1)
    assert next_seed not in candidates(numbers, 1)
    # the round's record holds its own deal, and no seed
    record = json.loads(path.read_text(encoding="utf-8"))
    assert "seed" not in json.dumps(record)
    assert record["deal"]["hands"]


def test_the_history_has_the_match_seed_once_the_match_is_over(home: Path) -> None:
    session = Session.new(three_seats(target=1))
    play_round(session)
    while not session.match.is_over:  # a tie for the lead plays on
        with History() as history:
            Recorder(history).catch_up(session)
        _, matches = history_numbers()
        assert matches == [None]
        session.start_next_round()
        play_round(session, len(session.finished))
    with History() as history:
        Recorder(history).catch_up(session)
    _, matches = history_numbers()
    assert matches == [session.setup.seed]


def test_a_chosen_seed_deals_as_it_always_did() -> None:
    """--seed N: the deals of earlier versions (snapshots, benchmarks, a
    seed shared between players rely on them)."""
    session = Session.new(three_seats(seed=42))
    assert not session.setup.secret_seed
    assert session.match.round_seed(3) == random.Random("42:3").getrandbits(48)
    assert session.seat_seed(2) == random.Random("42:ai:2").getrandbits(32)


def test_a_save_of_an_earlier_version_deals_on_as_before() -> None:
    session = Session.new(three_seats(seed=7))
    play_round(session)
    data = session.to_save().model_dump(mode="json")
    del data["setup"]["secret_seed"]  # as earlier versions wrote it
    resumed = Session.from_save(SaveGame.model_validate(data))
    assert not resumed.setup.secret_seed
    assert resumed.match.round_seed(1) == random.Random("7:1").getrandbits(48)
    session.start_next_round()
    assert resumed.round.hands == session.round.hands


def test_a_resumed_secret_match_deals_from_its_own_key() -> None:
    session = Session.new(three_seats())
    play_round(session)
    resumed = Session.from_save(session.to_save())
    assert resumed.setup.secret_seed and resumed.setup.seed == session.setup.seed
    session.start_next_round()
    assert resumed.round.hands == session.round.hands
    assert session.setup.seed is not None and 0 <= session.setup.seed < 2**63  # as SQLite holds it
    # drawn fresh for each match
    assert Session.new(three_seats()).setup.seed != session.setup.seed


async def test_the_round_end_names_the_record_by_the_match_not_its_seed(home: Path) -> None:
    session = Session.new(three_seats())
    while not session.round.is_over:
        session.apply(session.round.legal_actions()[0])
    app = app_for(session=session, persist=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, RoundEndScreen)
        await pilot.press("e")
        await pilot.pause()
        said = [n.message for n in app._notifications if "record" in n.message]
    assert said and str(session.setup.seed) not in said[-1], said
    assert f"dummy-{session.history_uid[:8]}-round1.json" in said[-1]
