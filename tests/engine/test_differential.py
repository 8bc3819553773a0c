"""Seeded random rounds of every preset, each replayed by ``dummy-tui replay --json``.

Each round is played with random house rules (Dummy) and checked against the
referee at every turn facing the empty stock and in some play phases
(``differential.py``); its record, replayed by the command (in one process
for all of them), must give the round's own result.  ``benchmarks/corners.py``
plays many more rounds.
"""

from __future__ import annotations

from pathlib import Path

from differential import PRESETS, Tally, own_result, play, replay_all, write_record

ROUNDS_PER_PRESET = 3


def test_random_rounds_replay_to_their_own_result(tmp_path: Path) -> None:
    tally = Tally()
    paths: list[Path] = []
    wanted = []
    for i in range(ROUNDS_PER_PRESET * len(PRESETS)):
        preset = PRESETS[i % len(PRESETS)]
        game, base = play(preset, 9000 + i, tally)
        paths.append(write_record(game, preset, base, tmp_path, i))
        wanted.append(own_result(game))
    for path, want, (got, code) in zip(paths, wanted, replay_all(paths, tmp_path), strict=True):
        assert code == 0, (path.name, got)
        assert got == want, path.name
    assert tally.presets == set(PRESETS)
    # the rounds reach the stock-out and the referee's checks
    assert tally.stock_out_turns and tally.automatic_ends and tally.knock_checks
    assert {"knock", "stock_out"} <= set(tally.ends)
