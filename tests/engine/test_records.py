"""Records (records.md): writing, reading back, replaying, and refusing bad ones."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from engine_util import base_record, dummy, make_round, play, rules, snapshot

from dummy_tui.engine.errors import RecordError
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.record import (
    dumps_record,
    load_record,
    parse_record,
    record_of,
    replay,
    result_json,
)

CANONICAL = re.compile(r"^(10|[2-9JQKA])[CDHS]$")


# --------------------------------------------------------------------------
# Replaying


def test_replay_result_json() -> None:
    out = result_json(replay(parse_record(base_record())))
    assert out["ok"] is True
    assert out["moves_applied"] == 4
    assert out["round_over"] is True
    assert (out["end"], out["knocker"], out["dark_knock"]) == ("knock", 0, True)
    # Seat 0: (20 + 15 + 50) × 2; the others fall.
    assert out["scores"] == [170, -70, -150, -330]
    assert out["next"] == {"starter": 0, "direction": 1}
    assert out["to_move"] is None
    keys = {"seat", "table", "hand", "hand_multiplier", "knock", "multiplier", "penalties", "total"}
    assert all(set(b) == keys for b in out["breakdown"])
    assert out["breakdown"][0] == {
        "seat": 0, "table": 35, "hand": 0, "hand_multiplier": 1, "knock": 50,
        "multiplier": 2, "penalties": 0, "total": 170,
    }  # fmt: skip
    json.dumps(out)


def test_replay_of_a_round_in_progress() -> None:
    out = result_json(replay(parse_record(base_record(moves=["draw", "discard 3H"]))))
    assert out["ok"] is True and out["round_over"] is False
    assert out["end"] is None and out["scores"] is None and out["knocker"] is None
    assert out["to_move"] == 1


def test_replay_stops_at_the_first_illegal_move() -> None:
    data = base_record(moves=["draw", "discard 3H", "draw", "meld 2D 3D 5S", "discard 5S"])
    result = replay(parse_record(data))
    out = result_json(result)
    assert out == {
        "ok": False,
        "moves_applied": 3,
        "error": {"index": 3, "move": "meld 2D 3D 5S", "message": out["error"]["message"]},
    }
    assert out["error"]["message"].startswith("not a meld:")
    # Nothing after the refused move was applied.
    assert result.game.seat == 1 and result.game.phase == "play"
    assert len(result.game.history) == 3


def test_a_pick_nothing_can_follow_is_refused_at_once() -> None:
    result = replay(parse_record(base_record(moves=["draw", "discard 9C", "pick 9C"])))
    # Seat 1 holds 8♣ but neither 7♣ nor 10♣, and no nines.
    assert result.error is not None
    assert result.error["index"] == 2 and result.moves_applied == 2
    assert result.error["message"].startswith("pickup must meld:")


def test_pending_pick_at_the_end_of_a_record() -> None:
    moves = ["draw", "discard 9C", "draw", "discard 8C", "pick 9C"]
    result = replay(parse_record(base_record(moves=moves)))
    # Seat 2 holds 10♣: 8♣ 9♣ 10♣ could follow, so the record just stops there.
    assert result.ok and result.pending_pick == "pick 9C"
    assert result.moves_applied == 5
    assert result.game.phase == "take" and result.game.seat == 2
    assert result_json(result)["to_move"] == 2


# --------------------------------------------------------------------------
# Writing


def test_written_cards_are_canonical() -> None:
    data = base_record()
    data["deal"]["hands"][3] = ["2♣", "q♠", "ad", "A♥", "as", "T♥", "jh"]
    data["deal"]["upcard"] = "8♦"
    data["moves"] = ["draw", "meld 3h 4♥ 5H 6h", "MELD 9c 9d 9s", "knock kd"]
    loaded = parse_record(data)
    result = replay(loaded)
    assert result.ok and result.game.is_over
    written = record_of(result.game, loaded.names, "dummy", rules())
    deal = written["deal"]
    every = [c for h in deal["hands"] for c in h] + [deal["upcard"], *deal["stock"]]
    assert all(CANONICAL.match(c) for c in every), every
    assert len(every) == 52 and len(set(every)) == 52
    assert deal["hands"][3] == ["2C", "AD", "10H", "JH", "AH", "QS", "AS"]  # deck order
    assert deal["upcard"] == "8D"
    assert written["moves"] == ["draw", "meld 3H 4H 5H 6H", "meld 9C 9D 9S", "knock KD"]
    assert written["options"] == {}
    text = dumps_record(written)
    assert not re.search(r"[♣♦♥♠]|\"T[CDHS]\"", text)


def round_trip(game: DummyRound, preset: str = "dummy") -> DummyRound:
    """Write ``game`` as a record, read it back through JSON and replay it."""
    names = [f"P{i}" for i in range(game.players)]
    data = json.loads(dumps_record(record_of(game, names, preset, rules(preset))))
    result = replay(parse_record(data))
    assert result.ok, result.error
    assert result.pending_pick is None
    return dummy(result.game)


def same_round(a: DummyRound, b: DummyRound) -> None:
    assert b.moves() == a.moves()
    assert b.history == a.history
    state_a, state_b = snapshot(a), snapshot(b)
    assert state_b == state_a
    assert (b.end, b.went_out, b.out_card, b.dark_knock, b.fool) == (
        a.end,
        a.went_out,
        a.out_card,
        a.dark_knock,
        a.fool,
    )
    if a.is_over:
        assert [x.as_json() for x in b.scores()] == [x.as_json() for x in a.scores()]
        assert b.next_round() == a.next_round()


@pytest.mark.parametrize(
    ("preset", "players", "options"),
    [
        ("dummy", 4, {}),
        ("dummy-house", 2, {}),
        ("dummy", 3, {"pickup_to_layoff": True, "layoff_chain": "owner_or_self"}),
        ("dummy-house", 4, {"layoff_limit": 2, "first_turn_must_draw": True}),
    ],
)
def test_random_rounds_round_trip(preset: str, players: int, options: dict[str, Any]) -> None:
    ruleset = rules(preset, **options)
    for seed in range(6):
        rng = random.Random(seed)
        game = DummyRound.new(ruleset, players, seed, starter=seed % players)
        stop = rng.randrange(20, 200)  # some rounds are cut off midway
        while not game.is_over and len(game.history) < stop:
            game.apply(rng.choice(game.legal_actions()))
        names = [f"P{i}" for i in range(players)]
        data = record_of(game, names, preset, rules(preset))
        assert data["options"] == options
        again = replay(parse_record(json.loads(dumps_record(data))))
        assert again.ok, again.error
        same_round(game, dummy(again.game))


def test_pickup_layoff_round_trip() -> None:
    game = make_round(
        ["5H 6H 2C 3D 4H 9D 9S 9C 10S KS JD", "9H 8H JH 4C QD 3S 4S 5S 6D 7D KC"],
        "7H",
        pickup_to_layoff=True,
    )
    play(game, "pick 7H", "meld 5H 6H 7H", "discard 4H", "draw", "discard 8H")
    play(game, "pick 8H", "layoff 8H 5H")
    written = record_of(game, ["A", "B"], "dummy", rules())
    assert written["moves"][-2:] == ["pick 8H", "layoff 8H 5H"]
    same_round(game, round_trip_with(written))


def round_trip_with(data: dict[str, Any]) -> DummyRound:
    result = replay(parse_record(copy.deepcopy(data)))
    assert result.ok, result.error
    return dummy(result.game)


def test_a_direction_and_starter_round_trip() -> None:
    data = base_record(starter=2, direction=-1, moves=["draw", "discard JD", "draw", "discard 8C"])
    result = replay(parse_record(data))
    assert result.ok
    # Seat 2 starts, then seat 1 (direction -1).
    assert [seat for seat, _ in result.game.history] == [2, 2, 1, 1]
    written = record_of(result.game, result.names, "dummy", rules())
    assert (written["starter"], written["direction"]) == (2, -1)
    same_round(dummy(result.game), round_trip_with(written))


# --------------------------------------------------------------------------
# Records that cannot be read


def deal_with(**changes: Any) -> dict[str, Any]:
    data = base_record()
    data["deal"].update(changes)
    return data


@pytest.mark.parametrize(
    ("data", "pattern"),
    [
        (base_record(options={"no_such_option": 1}), r"no_such_option"),
        (base_record(options={"knock_points": "many"}), r"knock_points"),
        (base_record(ruleset="no-such-preset"), r"no-such-preset"),
        (base_record(format="dummy-tui-record/9"), r"format"),
        (base_record(colour="blue"), r"colour"),
        (base_record(players=["A"]), r"players"),
        (base_record(starter=4), r"starter"),
        (base_record(direction=0), r"direction"),
        (deal_with(hands=[["3H"]] * 4), r"deal\.hands\[0\]: 1 cards, but this ruleset deals 7"),
        (
            deal_with(hands=base_record()["deal"]["hands"][:3]),
            r"deal\.hands: 3 hands for 4 players",
        ),
        (deal_with(upcard="3H"), r"deal\.upcard: 3H is named twice \(also in deal\.hands\[0\]\)"),
        (deal_with(stock=["6H", "6H"]), r"deal\.stock\[1\]: 6H is named twice"),
        (deal_with(upcard="JK"), r"deal\.upcard: 'JK' is not in this ruleset's deck"),
        (deal_with(upcard="1Z"), r"deal\.upcard: '1Z' is not a card"),
        (deal_with(stock=["11H"]), r"deal\.stock\[0\]: '11H' is not a card"),
        ([1, 2, 3], r"a record is a JSON object"),
    ],
)
def test_bad_records_name_the_key(data: Any, pattern: str) -> None:
    with pytest.raises(RecordError, match=pattern):
        parse_record(data, source="game.json")


def test_bad_record_message_names_the_source() -> None:
    with pytest.raises(RecordError, match=r"^game\.json: deal\.upcard"):
        parse_record(deal_with(upcard="3H"), source="game.json")


def test_a_hand_of_the_wrong_size() -> None:
    data = base_record()
    data["deal"]["hands"][2] = data["deal"]["hands"][2][:6]
    with pytest.raises(RecordError, match=r"deal\.hands\[2\]: 6 cards, but this ruleset deals 7"):
        parse_record(data)


def test_bad_json_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "dummy-tui-record/1",', encoding="utf-8")
    with pytest.raises(RecordError, match=r"broken\.json: not JSON \(line 1"):
        load_record(path)


def test_a_bad_record_file_is_named_by_the_path_given(tmp_path: Path) -> None:
    path = tmp_path / "games" / "round.json"
    path.parent.mkdir()
    path.write_text('{"ruleset": "dummy"}', encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert str(caught.value) == f"{path}: missing key 'format'", str(caught.value)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "the file is empty"),
        ("  \n", "the file is empty"),
        ("[" * 5000 + "]" * 5000, "not readable JSON (nested too deeply)"),
        ('{"starter": 1' + "0" * 5000 + "}", "not readable JSON (Exceeds the limit"),
    ],
    ids=["empty", "blank", "deep", "huge-number"],
)
def test_a_file_json_cannot_hold_is_said_in_a_line(tmp_path: Path, text: str, said: str) -> None:
    path = tmp_path / "r.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert str(caught.value).startswith(f"{path}: {said}"), str(caught.value)


def test_a_byte_order_mark_is_no_fault(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(base_record()).encode())
    assert load_record(path).model.players == ["Ann", "Bo", "Chai", "Dao"]


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"foo": 1}, "unknown key 'foo'"),
        ({"moves": None}, "moves: must be a list (got null)"),
        ({"players": ["Ann", 7, "Chai", "Dao"]}, "players[1]: must be a string (got 7)"),
        ({"options": [1]}, "options: must be an object (got [1])"),
        ({"ruleset": "dumy"}, "ruleset: no preset named 'dumy' in rulesets.toml (presets: dummy,"),
        ({"options": {"speto_cards": ["JK"]}}, "option 'speto_cards': 'JK' is not in Dummy's deck"),
    ],
)
def test_a_bad_key_is_named_in_the_records_own_terms(change: dict[str, Any], said: str) -> None:
    with pytest.raises(RecordError) as caught:
        parse_record(base_record(**change), source="r.json")
    assert str(caught.value).startswith(f"r.json: {said}"), str(caught.value)


def test_a_record_without_moves_is_refused() -> None:
    data = base_record()
    del data["moves"]
    del data["deal"]["hands"][0][0]
    with pytest.raises(RecordError, match=r"^r\.json: missing key 'moves'$"):
        parse_record(data, source="r.json")


def test_a_cards_bad_type_is_named_by_its_place() -> None:
    data = base_record()
    data["deal"]["hands"][1][2] = 5
    with pytest.raises(
        RecordError, match=r"^r\.json: deal\.hands\[1\]\[2\]: must be a string \(got 5\)$"
    ):
        parse_record(data, source="r.json")


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"absent\.json: cannot be read"):
        load_record(tmp_path / "absent.json")


def test_load_record_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    path.write_text(dumps_record(base_record()), encoding="utf-8")
    result = replay(load_record(path))
    assert result.ok and result.game.end == "knock"
