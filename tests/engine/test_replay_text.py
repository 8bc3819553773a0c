"""``dummy-tui replay FILE`` without ``--json``: the account a person reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_util import base_record
from rich.cells import cell_len

from dummy_tui import replay

DARK_KNOCK = base_record()


def account(tmp_path: Path, capsys: pytest.CaptureFixture[str], record: dict[str, object]) -> str:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code = replay.main(path)
    out = capsys.readouterr().out
    assert code == (0 if "refused" not in out else 1)
    return out


def test_a_dark_knock_is_told_with_its_multiplier_and_the_falls(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = account(tmp_path, capsys, DARK_KNOCK)
    lines = out.splitlines()
    assert lines[0] == "4 moves applied."
    assert "Round over by a knock (น็อค): Ann made a dark knock (น็อคมืด) with K♦." in lines
    # Ann: 3♥ 4♥ 5♥ 6♥ and 9♣ 9♦ 9♠ laid (7 cards, 35 points), nothing left in hand
    ann = lines[lines.index("  Ann") : lines.index("  Bo")]
    assert "    table (แต้มบนโต๊ะ): +35  (7 cards)" in ann
    assert "    hand (แต้มในมือ): 0" in ann  # not "-0"
    assert "    knock card (น็อค): +50" in ann
    assert "    dark knock (น็อคมืด): × 2" in ann
    assert "    total (รวม): +170" in ann
    # the others were not born: their hands count twice (ตกตึก)
    bo = lines[lines.index("  Bo") : lines.index("  Chai")]
    assert "    hand (แต้มในมือ): -35 × 2 fall (ตกตึก)" in bo
    assert "    table (แต้มบนโต๊ะ): +0  (0 cards)" in bo
    assert lines[-1] == "Next round: Ann to start, same direction."


def test_one_move_and_one_card_are_singular(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = dict(DARK_KNOCK, moves=["draw"])
    out = account(tmp_path, capsys, record)
    assert out.splitlines()[0] == "1 move applied."
    assert "The round goes on; Ann (seat 0) is to move." in out


def test_a_refused_move_is_named_with_its_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = dict(DARK_KNOCK, moves=["draw", "meld 3H 4H 9C"])
    out = account(tmp_path, capsys, record)
    lines = out.splitlines()
    assert lines[0] == "1 move applied."
    # counted from 1 for a reader (the second move), as --json's "index" is not
    assert lines[1].startswith(
        "Move 2 ('meld 3H 4H 9C') refused: not a meld: 9C 3H 4H (a meld is 3 or 4"
    )


def test_a_gin_hand_is_told_with_its_items_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = {
        "format": "dummy-tui-record/1",
        "ruleset": "gin",
        "players": ["Ann", "Bo"],
        "starter": 0,
        "deal": {
            "hands": [
                ["AC", "2C", "3C", "4D", "5D", "6D", "7H", "8H", "9H", "KS"],
                ["2D", "3D", "10C", "JC", "QS", "QH", "5S", "6S", "9C", "KC"],
            ],
            "upcard": "KH",
            "stock": ["10H"],
        },
        "moves": ["pass", "pass", "draw", "knock KS"],
    }
    out = account(tmp_path, capsys, record)
    assert "Round over: Ann knocked." in out
    scores = out.split("Scores:")[1].splitlines()
    ann = next(line for line in scores if line.startswith("  Ann: "))
    assert "gin yes" in ann and "undercut no" in ann and "True" not in out


def test_thai_names_keep_the_hands_in_one_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # นิรันดร์ is eight characters but five cells wide: pad by cells, not characters
    names = ["คุณ", "นิรันดร์", "Chai", "มาลี"]
    out = account(tmp_path, capsys, dict(DARK_KNOCK, players=names))
    lines = out.splitlines()
    start = lines.index("Hands:") + 1
    hands = lines[start : start + 4]
    assert [line.split()[0] for line in hands] == names
    cards_at = {cell_len(line[: line.index(line.split()[1])]) for line in hands[1:]}
    assert cards_at == {cell_len("  นิรันดร์  ")}, hands


def test_money_scoring_is_told_in_units_with_each_seats_tier(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = {**DARK_KNOCK, "options": {"scoring": "money"}}
    out = account(tmp_path, capsys, record)
    lines = out.splitlines()
    units = [line for line in lines if line.endswith(" units")]
    assert len(units) == 4
    shown = sum(int(line.rsplit(" ", 2)[1]) for line in units)
    assert shown == 0  # money sums to zero over the table
    assert any("tier 3" in line for line in lines)  # the players not born pay tier 3
