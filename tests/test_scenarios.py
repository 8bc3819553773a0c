"""The shared scenario records, replayed by the real command and in-process.

Each ``NAME.json`` under ``../shared/scenarios`` (beside the repository), under
its ``house-rules`` folder (the house rules of other tables) and under its
``corners`` folder (where two readings of the rules once differed) has a
``NAME.expected.json`` that lists some keys of ``dummy-tui replay --json``'s
output; every key listed must match.  ``exit_code`` is the process's exit
code; for an error only ``error.index`` and ``error.move`` are compared.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dummy_tui.engine.errors import RecordError
from dummy_tui.engine.record import load_record, replay, result_json

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT.parent / "shared" / "scenarios"


FOLDERS = (SCENARIOS, SCENARIOS / "house-rules", SCENARIOS / "corners")


def scenario_files() -> list[str]:
    """Each record's path below the scenarios folder (``house-rules/NAME.json``,
    ``corners/NAME.json``)."""
    return sorted(
        str(p.relative_to(SCENARIOS))
        for folder in FOLDERS
        if folder.is_dir()
        for p in folder.glob("*.json")
        if not p.name.endswith(".expected.json")
    )


def expected_for(name: str) -> dict[str, Any]:
    path = SCENARIOS / name.replace(".json", ".expected.json")
    if not path.exists():
        pytest.fail(f"{name} has no {path.name}")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def compare(expected: dict[str, Any], output: dict[str, Any], exit_code: int) -> None:
    for key, want in expected.items():
        if key == "exit_code":
            assert exit_code == want, f"exit code {exit_code}, expected {want}"
        elif key == "error":
            assert isinstance(output.get("error"), dict), output
            for part in ("index", "move"):
                if part in want:
                    assert output["error"][part] == want[part], (part, output["error"])
        else:
            assert key in output, f"no {key!r} in the output"
            assert output[key] == want, f"{key}: {output[key]!r} != {want!r}"


def skip_without_scenarios() -> None:
    if not SCENARIOS.is_dir():
        pytest.skip(f"no scenarios folder at {SCENARIOS}")


@pytest.mark.parametrize("name", scenario_files() or ["(none)"])
def test_scenario_by_the_command(name: str, tmp_path: Path) -> None:
    skip_without_scenarios()
    expected = expected_for(name)
    result = subprocess.run(
        [sys.executable, "-m", "dummy_tui", "replay", str(SCENARIOS / name), "--json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=tmp_path,  # outside the source tree: the installed package runs
        timeout=120,
        env={**os.environ, "NO_COLOR": "1"},
        check=False,
    )
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1, f"one JSON object expected on stdout, got {result.stdout!r}"
    output = json.loads(lines[0])
    assert output["ok"] is (result.returncode == 0)
    compare(expected, output, result.returncode)


@pytest.mark.parametrize("name", scenario_files() or ["(none)"])
def test_scenario_in_process(name: str) -> None:
    skip_without_scenarios()
    expected = expected_for(name)
    try:
        loaded = load_record(SCENARIOS / name)
    except RecordError as exc:
        output: dict[str, Any] = {
            "ok": False,
            "error": {"index": None, "move": None, "message": str(exc)},
        }
        exit_code = 2
    else:
        result = replay(loaded)
        output = result_json(result)
        exit_code = 0 if result.ok else 1
    json.dumps(output)
    compare(expected, output, exit_code)
