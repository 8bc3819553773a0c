"""Inputs a user could hand ``dummy-tui``, made to break it, and the checks
every answer must pass.

Hypothesis strategies for records (mutated JSON of real records), rules files
(TOML text), ``--options`` assignments, saved games and whole command lines;
and targets that run each through the real entry point, ``dummy_tui.cli.main``
with an argv (in this process, standard output and error strictly UTF-8), or
``python -m dummy_tui`` in a subprocess.  A target returns an
:class:`Outcome`; :func:`check` says what is wrong with one, if anything:

- the exit code is 0, 1 or 2;
- no exception escapes (no traceback on standard error);
- standard output is valid UTF-8, of a reasonable size (at most
  :data:`MOST_OUTPUT` bytes), and for ``--json`` exactly one JSON object.

The tests under this folder run a few examples of each; ``benchmarks/fuzz.py``
runs the same strategies long.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import io
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from hypothesis import strategies as st

from dummy_tui.families import FAMILIES

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT.parent / "shared" / "scenarios"
"""Records shared beside the repository (used when they are there)."""
RULESETS = ROOT / "rulesets.toml"

# ---------------------------------------------------------------------------
# Seeds: inputs that are right, to be mutated


def _record(
    ruleset: str, hands: list[str], upcard: str, moves: list[str], stock: str = ""
) -> dict[str, Any]:
    return {
        "format": "dummy-tui-record/1",
        "ruleset": ruleset,
        "options": {},
        "players": ["Ann", "บอ", "Chai", "Dao"][: len(hands)],
        "starter": 0,
        "deal": {"hands": [h.split() for h in hands], "upcard": upcard, "stock": stock.split()},
        "moves": moves,
    }


_SEVENS = ["2H 3H 4H 5H 6H 7H 8H", "2D 3D 4D 5D 6D 7D 8D", "2S 3S 4S 5S 6S 7S 8S"]
BUILT_IN_RECORDS: tuple[dict[str, Any], ...] = (
    _record(
        "dummy",
        ["3H 4H 5H 9C 9D 9S KD", "2D 3D 4D 5S 6S 7S 8C", "10C JC QC KC AC 10D JD",
         "2C QS AD AH AS 10H JH"],
        "8D",
        ["draw", "meld 3H 4H 5H 6H", "meld 9C 9D 9S", "knock KD"],
        stock="6H",
    ),
    _record(
        "dummy-house",
        ["3H 4H 5H 9C 9D 9S KD 2C QS 4S 8S", "2D 3D 4D 5S 6S 7S 8C 10C JC QC KC"],
        "8D",
        ["draw", "discard KD", "pick KD", "meld 10C JC QC KC", "discard 8C"],
    ),
    _record(
        "gin",
        ["AC 2C 3C 4D 5D 6D 8H 8S 8C KS", "9H 9S 9D 4C 7D 8D QH QD JC 10C"],
        "2S",
        ["pick 2S", "knock KS"],
    ),
    _record(
        "rummy",
        ["AC 2C 3C 4D 5D 6D 7H 7S 7C 7D", "9H 9S 9D 4C 8D QH QD JC 10C KS"],
        "KH",
        ["draw", "meld AC 2C 3C", "meld 4D 5D 6D", "meld 7C 7D 7H 7S", "knock 2S"],
        stock="2S",
    ),
    _record(
        "persian",
        ["JK JK JK 2C 3C 4C 5C", *_SEVENS],
        "6C",
        ["pick 6C", "meld 2C 3C 4C 5C 6C", "meld JK JK JK"],
    ),
)  # fmt: skip


def seed_records() -> list[dict[str, Any]]:
    """The built-in records, and every record under the shared scenarios."""
    found = [copy.deepcopy(r) for r in BUILT_IN_RECORDS]
    if SCENARIOS.is_dir():
        for path in sorted(SCENARIOS.rglob("*.json")):
            if path.name.endswith(".expected.json"):
                continue
            with contextlib.suppress(ValueError, OSError):
                data = json.loads(path.read_text(encoding="utf-8"))
                if isinstance(data, dict):
                    found.append(data)
    return found


SEED_RECORDS = seed_records()


def seed_saves() -> list[dict[str, Any]]:
    """Saved games as the game writes them: a fresh match, one mid-round, one
    with a finished round."""
    seats = [{"name": "Ann", "human": True, "level": "normal"}, {"name": "บอ", "level": "easy"}]
    four = [*seats, {"name": "Chai", "level": "random"}, {"name": "Dao", "level": "hard"}]
    setup = {"seats": four, "ruleset": "dummy", "options": {}, "seed": 7, "lang": "en"}
    dark_knock = copy.deepcopy(BUILT_IN_RECORDS[0])
    in_progress = {**copy.deepcopy(dark_knock), "moves": dark_knock["moves"][:2]}
    gin = copy.deepcopy(BUILT_IN_RECORDS[2])
    return [
        {"format": "dummy-tui-save/1", "setup": setup, "first_starter": 0, "rounds": []},
        {
            "format": "dummy-tui-save/1",
            "setup": {**setup, "options": {"penalty_feed_head": 50}},
            "first_starter": 0,
            "rounds": [],
            "current": in_progress,
            "hand_orders": {"0": [0, 1, 2]},
        },
        {
            "format": "dummy-tui-save/1",
            "setup": {**setup, "seats": seats, "ruleset": "gin", "lang": "th"},
            "first_starter": 1,
            "rounds": [gin],
            "current": None,
        },
    ]


SEED_SAVES = seed_saves()


def option_keys() -> list[str]:
    """Every option key of every family (the rules schema, no engine)."""
    from dummy_tui.rules import RULESET_TYPES

    return sorted({key for model in RULESET_TYPES.values() for key in model.model_fields})


OPTION_KEYS = option_keys()

# ---------------------------------------------------------------------------
# Nasty values

SURROGATES = ("\ud800", "\udbff", "\udc00", "\udfff", "\udc80", "\udcff")
HUGE_INTS = (2**31, 2**53 + 1, 2**63 - 1, 2**63, 2**64 + 1, 10**24, -(10**24), 10**400)
_DEEP = "\x00deep:{}\x00"
"""Stands for arrays nested that deep: put in as text once the JSON is written
(Python could not write them)."""


def nested_text(depth: int, inner: str = "") -> str:
    return "[" * depth + inner + "]" * depth


def _deepen(text: str) -> str:
    """JSON text with each placeholder of :data:`_DEEP` replaced by its arrays."""
    return re.sub(r'"\\u0000deep:(\d+)\\u0000"', lambda m: nested_text(int(m[1])), text)


surrogate_text = st.builds(
    lambda a, s, b: a + s + b, st.text(max_size=4), st.sampled_from(SURROGATES), st.text(max_size=4)
)
long_text = st.integers(min_value=39, max_value=5000).map(lambda n: "Ñ" * n)
deep_marker = st.integers(min_value=2, max_value=1500).map(_DEEP.format)
cardish = st.sampled_from(
    ["2C", "10h", "TH", "10♥", "JK", "AS", "1S", "XX", "♠A", "", " ", "2c 3c", "QS\n", "AH" * 20]
)
moveish = st.sampled_from(
    ["draw", "pick 7H", "pick", "meld 2C 3C 4C", "meld", "layoff 5C 4C", "discard 9H", "knock KD",
     "knock", "end", "pass", "show", "take", "DRAW", "  draw  ", "draw draw", "meld 2C 2C 3C",
     "pick 2S", "knock KS", "discard JK"]
)  # fmt: skip
json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-5, max_value=60),
    st.integers(),
    st.sampled_from(HUGE_INTS),
    st.floats(),
    st.text(max_size=12),
    surrogate_text,
    long_text,
    deep_marker,
    cardish,
    moveish,
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)


def _places(value: Any) -> Iterator[tuple[Any, Any]]:
    """Every (container, key or index) in *value*, the value itself as (None, None)."""
    yield None, None
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            for key, inner in item.items():
                yield item, key
                todo.append(inner)
        elif isinstance(item, list):
            for i, inner in enumerate(item):
                yield item, i
                todo.append(inner)


@st.composite
def mutated_json(draw: st.DrawFn, seeds: Sequence[Any]) -> Any:
    """One of *seeds*, changed in up to five places: values replaced by nasty
    ones, keys deleted or added, list items repeated or dropped, strings
    spliced."""
    value = copy.deepcopy(draw(st.sampled_from(list(seeds))))
    # mostly a change or two: enough of a record stays right to be played
    for _ in range(draw(st.sampled_from([0, 1, 1, 1, 2, 2, 3, 5]))):
        places = list(_places(value))
        parent, key = draw(st.sampled_from(places))
        action = draw(st.sampled_from(["replace", "replace", "delete", "add", "repeat", "splice"]))
        if parent is None:
            if action == "replace" and draw(st.integers(0, 9)) == 0:
                value = draw(json_values)
            continue
        current = parent[key]
        if action == "replace":
            parent[key] = draw(json_values)
        elif action == "delete":
            del parent[key]
        elif action == "add" and isinstance(current, dict):
            name = draw(
                st.one_of(st.sampled_from(OPTION_KEYS), st.text(max_size=8), surrogate_text)
            )
            current[name] = draw(json_values)
        elif action == "add" and isinstance(current, list):
            current.insert(draw(st.integers(0, len(current))), draw(json_values))
        elif action == "repeat" and isinstance(current, list) and current:
            current.append(copy.deepcopy(draw(st.sampled_from(current))))
        elif action == "repeat" and isinstance(current, list):
            current.append(draw(json_values))
        elif action == "splice" and isinstance(current, str):
            at = draw(st.integers(0, len(current)))
            bit = draw(st.one_of(st.sampled_from(SURROGATES), st.text(max_size=3), cardish))
            parent[key] = current[:at] + bit + current[at + draw(st.integers(0, 2)) :]
        elif isinstance(current, list) and current:
            current.pop()
    return value


@st.composite
def json_file(draw: st.DrawFn, seeds: Sequence[Any]) -> bytes:
    """The bytes of a JSON file: a mutated seed, sometimes damaged as text."""
    value = draw(mutated_json(seeds))
    ascii_only = draw(st.booleans())
    text = _deepen(
        json.dumps(value, ensure_ascii=ascii_only, indent=draw(st.sampled_from([None, 2])))
    )
    # a lone surrogate written as UTF-8 would write a character: not UTF-8 at all
    data = text.encode("utf-8", "surrogatepass")
    return draw(damaged_bytes(data))


@st.composite
def damaged_bytes(draw: st.DrawFn, data: bytes) -> bytes:
    """*data*, or *data* cut short, given a byte-order mark, or with bytes put in."""
    how = draw(st.sampled_from(["as is"] * 6 + ["cut", "bom", "bytes", "empty"]))
    if how == "cut":
        return data[: draw(st.integers(0, len(data)))]
    if how == "bom":
        return b"\xef\xbb\xbf" + data
    if how == "bytes":
        at = draw(st.integers(0, len(data)))
        return data[:at] + draw(st.binary(min_size=1, max_size=4)) + data[at:]
    if how == "empty":
        return draw(st.sampled_from([b"", b" \n", b"\x00"]))
    return data


# TOML values as text
toml_values = st.one_of(
    st.integers(min_value=-5, max_value=200).map(str),
    st.sampled_from([str(n) for n in HUGE_INTS] + ["9" * 5000, "0x7fffffffffffffffff", "1_000"]),
    st.sampled_from(["1e999", "nan", "inf", "-0.0", "3.5", "true", "false", "yes"]),
    st.sampled_from(["1979-05-27", "07:32:00", "1979-05-27T07:32:00Z", "2024-13-45"]),
    st.text(max_size=10).map(lambda s: json.dumps(s)),  # a basic string, escapes and all
    st.sampled_from(['"\\ud800"', '"\\U0010ffff"', '"\\uDFFF"', "'lit'", '"""a\nb"""']),
    st.integers(min_value=2, max_value=1200).map(nested_text),
    st.integers(min_value=2, max_value=1200).map(lambda d: "{a = " * d + "1" + "}" * d),
    st.sampled_from(["{2 = 11}", "{2 = 0}", "{}", '{"A" = 15}', '["2C", "QS"]', '["2C", "2C"]']),
    st.sampled_from(["[1, 2", "{2 = ", "=", "", "owner_or_self", '"any"', "[[]]"]),
    long_text.map(lambda s: json.dumps(s)),
)

BROKEN_LINES = ("[presets.x", "[presets]", "[[presets]]", "[presets.mine]", "presets = 5", "x =")
_TEMPLATES = {
    family: f'[presets.mine]\nfamily = "{family}"\ndescription = "one of my own"\n'
    for family in FAMILIES
}


@st.composite
def changed_toml(
    draw: st.DrawFn,
    lines: list[str],
    edits: st.SearchStrategy[int],
    keys: st.SearchStrategy[str],
    values: st.SearchStrategy[str],
    broken: Sequence[str],
    *,
    past_the_end: bool = False,
) -> bytes:
    """The bytes of a TOML file of ``lines`` changed ``edits`` times, line by line:
    a value replaced, a ``key = value`` line added, a line deleted or repeated, a
    ``broken`` line put in; then damaged (:func:`damaged_bytes`).  A line may be
    added after the last one too if ``past_the_end``."""
    lines = list(lines)
    for _ in range(draw(edits)):
        at = draw(st.integers(0, max(0, len(lines) if past_the_end else len(lines) - 1)))
        action = draw(st.sampled_from(["value", "value", "add", "delete", "repeat", "broken"]))
        line = lines[at] if at < len(lines) else ""
        if action == "value" and "=" in line and not line.lstrip().startswith("#"):
            lines[at] = line.split("=")[0] + "= " + draw(values)
        elif action in ("value", "add"):
            lines.insert(at, f"{json.dumps(draw(keys))} = {draw(values)}")
        elif action == "delete" and at < len(lines):
            del lines[at]
        elif action == "repeat" and at < len(lines):
            lines.insert(at, line)
        else:
            lines.insert(at, draw(st.sampled_from(broken)))
    text = "\n".join(lines) + "\n"
    return draw(damaged_bytes(text.encode("utf-8", "surrogatepass")))


@st.composite
def rules_file(draw: st.DrawFn) -> bytes:
    """The bytes of a rules file: the packaged one or a small preset, changed
    line by line."""
    base = draw(st.sampled_from([RULESETS.read_text(encoding="utf-8"), *_TEMPLATES.values()]))
    keys = st.one_of(st.sampled_from(OPTION_KEYS), st.text(max_size=6))
    edits = st.integers(min_value=0, max_value=4)
    return draw(changed_toml(base.splitlines(), edits, keys, toml_values, BROKEN_LINES))


def _assignment(key: str, value: str) -> str:
    return f"{key}={value}"


option_assignments = st.lists(
    st.one_of(
        st.builds(_assignment, st.sampled_from(OPTION_KEYS), toml_values),
        st.builds(_assignment, st.text(max_size=6), toml_values),
        st.builds(_assignment, surrogate_text, toml_values),
        st.sampled_from(["", "=", "novalue", "=5", "two words=1", "knock_points", "a=b=c"]),
    ),
    min_size=1,
    max_size=3,
)

# ---------------------------------------------------------------------------
# Running the entry point


@dataclass
class Outcome:
    """What one run of the command did."""

    target: str
    argv: list[str]
    code: object = None
    stdout: bytes = b""
    stderr: bytes = b""
    traceback: str | None = None
    notes: list[str] = field(default_factory=list)


def check(outcome: Outcome) -> list[str]:
    """Every way *outcome* breaks the rules of the command line; empty if none."""
    faults = list(outcome.notes)
    if outcome.traceback is not None:
        faults.append("an exception escaped:\n" + outcome.traceback)
    if outcome.code not in (0, 1, 2):
        faults.append(f"exit code {outcome.code!r}")
    if b"Traceback" in outcome.stderr:
        faults.append("a traceback on standard error:\n" + outcome.stderr.decode(errors="replace"))
    if len(outcome.stdout) > MOST_OUTPUT:
        faults.append(f"{len(outcome.stdout)} bytes of output")
    said = (outcome.stdout + outcome.stderr).decode("utf-8", "replace")
    for words in NOT_OUR_WORDS:
        if words in said:
            faults.append(
                f"a message in the validation library's words ({words!r}): {said[:300]!r}"
            )
    if _empty_name(outcome.argv) and "Is a directory" in said:
        faults.append("an empty file name was read as the current folder")
    try:
        out = outcome.stdout.decode("utf-8")
    except UnicodeDecodeError as exc:
        faults.append(f"standard output is not UTF-8 ({exc})")
        return faults
    try:
        outcome.stderr.decode("utf-8")
    except UnicodeDecodeError as exc:
        faults.append(f"standard error is not UTF-8 ({exc})")
    command = json_command(outcome.argv)
    usage_error = USAGE_ERROR.search(outcome.stderr.decode("utf-8", "replace")) is not None
    # records.md: replay prints one object whatever the record; sim, when it ran
    wants_json = (command == "replay" and not usage_error) or (
        command == "sim" and outcome.code == 0
    )
    if wants_json:
        faults.extend(_json_faults(out, outcome.code))
    return faults


NOT_OUR_WORDS = ("Invalid JSON", "validation error", "Input should", "errors.pydantic.dev")
"""What pydantic says, which no message of the game should: it words each fault itself."""


def _empty_name(argv: Sequence[str]) -> bool:
    """*argv* gives an empty file name (and no "." that would name the folder)."""
    pairs = itertools.pairwise(argv)
    empty = "--rules=" in argv or any(a == "--rules" and b == "" for a, b in pairs)
    empty = empty or (len(argv) > 1 and argv[0] == "replay" and argv[1] == "")
    return empty and "." not in argv


MOST_OUTPUT = 1_000_000
"""More output than any of these inputs should make (a record of ten players'
names of a megabyte each once printed 84 MB)."""

USAGE_ERROR = re.compile(r"^dummy-tui(?: \w+)?: error: ", re.MULTILINE)
"""How the argument parser begins its line about a command line it cannot read."""


def json_command(argv: Sequence[str]) -> str | None:
    """``replay`` or ``sim`` when *argv* asks that command for JSON, else None."""
    i = 0
    while i < len(argv) and (argv[i] == "--rules" or argv[i].startswith("--rules=")):
        i += 2 if argv[i] == "--rules" else 1
    command = argv[i] if i < len(argv) else None
    asked = "--json" in argv[i + 1 :] and not {"-h", "--help"} & set(argv)
    return command if command in ("replay", "sim") and asked else None


def _json_faults(out: str, code: object) -> list[str]:
    if not out.endswith("\n") or out.count("\n") != 1:
        return [f"--json printed {out.count(chr(10))} lines: {out[:200]!r}"]
    try:
        answer = json.loads(out)
    except ValueError as exc:
        return [f"--json printed what is not JSON ({exc}): {out[:200]!r}"]
    if not isinstance(answer, dict):
        return [f"--json printed a {type(answer).__name__}, not an object"]
    if "ok" in answer:  # replay's object (records.md)
        if (code == 0) != (answer["ok"] is True):
            return [f"exit code {code} with ok={answer['ok']!r}"]
        if code == 2 and answer.get("error", {}).get("index", 0) is not None:
            return ["exit code 2, but the error names a move"]
    return []


def run_main(argv: Sequence[str], target: str) -> Outcome:
    """``dummy_tui.cli.main(argv)`` in this process, its output captured as a
    strictly UTF-8 stream would take it."""
    from dummy_tui import cli

    outcome = Outcome(target, list(argv))
    out, err = _strict_stream(), _strict_stream()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), _no_screen():
        try:
            outcome.code = cli.main(list(argv))
        except SystemExit as exc:  # argparse: usage errors, --help, --version
            outcome.code = exc.code
        except BaseException:
            outcome.traceback = traceback.format_exc()
    outcome.stdout, outcome.stderr = _bytes(out), _bytes(err)
    return outcome


def _strict_stream() -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)


def _bytes(stream: io.TextIOWrapper) -> bytes:
    stream.flush()
    buffer = stream.buffer
    assert isinstance(buffer, io.BytesIO)
    return buffer.getvalue()


class _Screens:
    """How ``play`` shows its screens here: not at all, or headless."""

    headless = False
    apps: ClassVar[list[Any]] = []  # the apps run headless, to look at once they closed


@contextlib.contextmanager
def _no_screen() -> Iterator[None]:
    """``play`` does all it does before the screen, but shows none: the app is
    built and its run returns at once, or runs headless (nor is the collector
    frozen, as a real start freezes it)."""
    import gc

    from dummy_tui.ui.app import DummyApp

    run, freeze = DummyApp.run, gc.freeze
    DummyApp.run = _headless_run if _Screens.headless else _no_run  # type: ignore[method-assign]
    gc.freeze = lambda: None
    try:
        yield
    finally:
        DummyApp.run = run  # type: ignore[method-assign]
        gc.freeze = freeze


def _no_run(self: Any, *args: Any, **kwargs: Any) -> None:
    return None


def _headless_run(self: Any, *args: Any, **kwargs: Any) -> None:
    """The app's run without a terminal: up, a moment for its first screen and
    checks, one autosave of a resumed match, then closed."""

    async def run() -> None:
        async with self.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            await pilot.pause(0.1)
            if self.session is not None:
                self.saver.autosave(self.session)

    _Screens.apps.append(self)
    asyncio.run(run())


@contextlib.contextmanager
def home() -> Iterator[Path]:
    """A folder of its own for the game's settings and saves (``DUMMY_TUI_HOME``)."""
    before = os.environ.get("DUMMY_TUI_HOME")
    with tempfile.TemporaryDirectory(prefix="dummy-fuzz-") as folder:
        os.environ["DUMMY_TUI_HOME"] = folder
        try:
            yield Path(folder)
        finally:
            if before is None:
                os.environ.pop("DUMMY_TUI_HOME", None)
            else:
                os.environ["DUMMY_TUI_HOME"] = before


def run_subprocess(argv: Sequence[str], target: str, folder: Path) -> Outcome:
    """``python -m dummy_tui ARGV`` with strictly UTF-8 standard streams.

    Arguments go as bytes: text no encoding writes (a lone surrogate) as the
    bytes Python would make of it, which the command reads back as escapes.
    """
    outcome = Outcome(target, list(argv))
    # (a NUL cannot be passed at all: no command line holds one)
    args = [a.replace("\x00", "").encode("utf-8", "surrogatepass") for a in argv]
    env = {
        **os.environ,
        "PYTHONIOENCODING": "utf-8:strict",
        "DUMMY_TUI_HOME": str(folder),
        "COLUMNS": "100",
        "NO_COLOR": "1",
    }
    done = subprocess.run(
        [sys.executable.encode(), b"-m", b"dummy_tui", *args],
        capture_output=True,
        cwd=folder,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=120,
        check=False,
    )
    outcome.code, outcome.stdout, outcome.stderr = done.returncode, done.stdout, done.stderr
    return outcome


# ---------------------------------------------------------------------------
# Targets: one input each, through the entry point


def replay_record(data: bytes, *, json_output: bool) -> Outcome:
    with home() as folder:
        path = folder / "record.json"
        path.write_bytes(data)
        argv = ["replay", str(path), *(["--json"] if json_output else [])]
        return run_main(argv, "record")


RULES_COMMANDS = ("rules", "rules NAME", "replay", "replay --json", "sim")


def use_rules_file(data: bytes, command: str, preset: str) -> Outcome:
    with home() as folder:
        path = folder / "rules.toml"
        path.write_bytes(data)
        record = folder / "record.json"
        record.write_text(json.dumps(BUILT_IN_RECORDS[0]), encoding="utf-8")
        argv = {
            "rules": ["rules", "--rules", str(path)],
            "rules NAME": ["--rules", str(path), "rules", preset],
            "replay": ["replay", str(record), "--rules", str(path)],
            "replay --json": ["replay", str(record), "--json", "--rules", str(path)],
            "sim": ["sim", "--rules", str(path), "--ruleset", preset, *BOUNDED_SIM],
        }[command]
        return run_main(argv, "rules file")


BOUNDED_SIM = ("--rounds", "1", "--ai", "random", "--jobs", "1")
"""Put last on a sim command line (the last of a flag wins): one quick round."""


def give_options(assignments: list[str], command: str) -> Outcome:
    """Options on the command line: any taken must be a value a real table could want."""
    from dummy_tui.rules import RulesetError, parse_option_assignment

    with home():
        if command == "sim":
            argv = ["sim", "--options", *assignments, *BOUNDED_SIM, "--json"]
        else:
            argv = ["play", "--options", *assignments]
        outcome = run_main(argv, "options")
    if outcome.code == 0:
        used: dict[str, tuple[str, object]] = {}  # the last value of a key is the one used
        for text in assignments:
            with contextlib.suppress(RulesetError):
                key, value = parse_option_assignment(text)
                used[key] = (text, value)
        for text, value in used.values():
            if any(abs(n) > MOST_POINTS for n in _numbers(value)):
                outcome.notes.append(f"an absurd value was taken: {text[:80]!r}")
    return outcome


MOST_POINTS = 1_000_000
"""More than any option of a real table: a target score is at most this."""


def _numbers(value: object) -> Iterator[int]:
    if isinstance(value, int) and not isinstance(value, bool):
        yield value
    elif isinstance(value, dict):
        for inner in value.values():
            yield from _numbers(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _numbers(inner)


def read_save(data: bytes) -> Outcome:
    """A save as the game reads it: a save it would resume must be one it can
    write back (else every autosave after it would fail)."""
    from dummy_tui.ui.saved import read_save as read
    from dummy_tui.ui.saved import read_save_data
    from dummy_tui.ui.session import SaveError, Session
    from dummy_tui.ui.settings import save_text

    outcome = Outcome("save", ["(saves/<uid>.json)"])
    with home() as folder:
        path = folder / "data" / "saves" / f"{'ab' * 16}.json"
        path.parent.mkdir(parents=True)
        path.write_bytes(data)
        try:
            quick: str | None = None
            problem: str | None = None
            try:
                read_save_data(path)
            except (OSError, ValueError) as exc:
                quick = str(exc)
            try:
                Session.from_save(read(path))
            except (OSError, ValueError, SaveError) as exc:
                problem = str(exc)
            if quick is not None and problem is None:
                outcome.notes.append(f"quick check refused ({quick}), the whole check did not")
            if problem is None:
                save_text(read(path)).encode("utf-8")
                if not _a_save(data):
                    outcome.notes.append("a save that does not say what it is was taken")
            outcome.code = 0 if problem is None else 2
        except BaseException:
            outcome.traceback = traceback.format_exc()
    return outcome


def resume_headless(data: bytes) -> Outcome:
    """``dummy-tui --resume`` with this save as the one save of an earlier
    version, its screens run headless: moved into the saved games, then a
    damaged save must be set aside, a good one resumed and saved again."""
    from dummy_tui.ui.saved import NewerSave
    from dummy_tui.ui.saved import read_save as read

    with home() as folder:
        path = folder / "data" / "save.json"
        path.parent.mkdir(parents=True)
        path.write_bytes(data)
        _Screens.headless, _Screens.apps = True, []
        try:
            outcome = run_main(["--resume"], "save --resume")
        finally:
            _Screens.headless = False
        saves = folder / "data" / "saves"
        left = [p for p in (path, *saves.glob("*.json")) if p.exists()]
        for app in _Screens.apps:
            if app.saver.save_failure is not None:
                outcome.notes.append(
                    f"the resumed match could not be saved: {app.saver.save_failure}"
                )
            if app.session is None:
                for file in left:
                    try:
                        read(file)
                    except NewerSave:
                        continue  # left for the version that can read it
                    except (OSError, ValueError):
                        pass
                    outcome.notes.append("the save was neither resumed nor set aside")
            if app.session is not None and not _a_save(data):
                outcome.notes.append("a save that does not say what it is was resumed")
    return outcome


def _a_save(data: bytes) -> bool:
    """*data* says it is a save of this version (as every save the game writes does)."""
    try:
        value = json.loads(data.decode("utf-8-sig"))
    except ValueError:
        return False
    return isinstance(value, dict) and value.get("format") in (
        "dummy-tui-save/1",
        "dummy-tui-save/2",
    )


COMMANDS = ("play", "rules", "replay", "sim", "", "bogus", "-h", "--version")
_FLAGS: dict[str, tuple[str, ...]] = {
    "play": ("--players", "--humans", "--ai", "--ruleset", "--seed", "--lang", "--resume",
             "--ascii", "--options", "--rules"),
    "rules": ("--rules",),
    "replay": ("--json", "--rules"),
    "sim": ("--ruleset", "--players", "--ai", "--seed", "--options", "--json", "--budget-ms",
            "--samples", "--rules"),
}  # fmt: skip
arg_values = st.one_of(
    st.sampled_from(["2", "4", "5", "0", "-1", "x", "", "1e3", "9" * 30, "en", "th", "xx"]),
    st.sampled_from(["dummy", "gin", "persian", "rummy", "nope", "random", "hard", "normal,easy"]),
    st.sampled_from(["random,random,random,random,random", ",", "random,", "easy,hard"]),
    st.text(max_size=8),
    surrogate_text,
    st.sampled_from(["--", "-", "--rules", "--rules=", "--json", "-h", "--options", "=1"]),
)


@st.composite
def command_line(draw: st.DrawFn, commands: Sequence[str] = COMMANDS) -> list[str]:
    """A command line of the game's words and flags, and of anything else.

    A sim is always one quick round; ``commands`` without ``play`` or ``""``
    (what a subprocess gets: the game's screen must not start there) gives
    only lines whose command is named, after a whole ``--rules FILE``.
    """
    argv: list[str] = []
    may_play = "play" in commands or "" in commands
    prefixes = [["--rules", "RULES"], ["--rules=RULES"]]
    if may_play:
        prefixes += [["--rules"], ["--rules="], ["--rules", ""]]
    if draw(st.booleans()):
        argv += draw(st.sampled_from(prefixes))
    command = draw(st.sampled_from(list(commands)))
    if command:
        argv.append(command)
    if command == "replay" and draw(st.integers(0, 3)):
        argv.append(draw(st.sampled_from(["RECORD", "", ".", "nowhere.json"])))
    flags = _FLAGS.get(command or "play", ())
    for _ in range(draw(st.integers(min_value=0, max_value=5))):
        flag_first = draw(st.integers(0, 3)) > 0
        if flags and flag_first:
            argv.append(draw(st.sampled_from(flags)))
        if draw(st.integers(0, 3)):
            argv.append(draw(st.one_of(arg_values, option_assignments.map(lambda a: a[0]))))
    if command == "sim":
        argv += BOUNDED_SIM
    return argv


def _files(folder: Path) -> dict[str, str]:
    """A rules file and a record in *folder*, by the names command lines use."""
    (folder / "rules.toml").write_bytes(RULESETS.read_bytes())
    (folder / "record.json").write_text(json.dumps(BUILT_IN_RECORDS[0]), encoding="utf-8")
    return {"RULES": str(folder / "rules.toml"), "RECORD": str(folder / "record.json")}


def _named(argv: list[str], names: dict[str, str]) -> list[str]:
    return [names.get(a, a.replace("=RULES", "=" + names["RULES"])) for a in argv]


def run_command_line(argv: list[str]) -> Outcome:
    with home() as folder:
        real = _named(argv, _files(folder))
        return run_main(real, "command line")


SUBPROCESS_COMMANDS = ("rules", "replay", "sim", "bogus", "-h", "--version")

subprocess_cases = st.one_of(
    st.tuples(st.just("record"), json_file(SEED_RECORDS), st.booleans()),
    st.tuples(st.just("rules file"), rules_file(), st.sampled_from(["rules", "replay --json"])),
    st.tuples(st.just("command line"), command_line(SUBPROCESS_COMMANDS), st.just(False)),
)
"""What a subprocess is given: a record, a rules file, or a command line that
names its command (a subprocess must not start the game's screen)."""


def in_subprocess(kind: str, value: Any, flag: Any) -> Outcome:
    """One of :data:`subprocess_cases` through ``python -m dummy_tui``."""
    with tempfile.TemporaryDirectory(prefix="dummy-fuzz-") as name:
        folder = Path(name)
        names = _files(folder)
        if kind == "record":
            (folder / "fuzzed.json").write_bytes(value)
            argv = ["replay", str(folder / "fuzzed.json"), *(["--json"] if flag else [])]
        elif kind == "rules file":
            (folder / "fuzzed.toml").write_bytes(value)
            rules = ["--rules", str(folder / "fuzzed.toml")]
            argv = (
                ["rules", *rules]
                if flag == "rules"
                else ["replay", names["RECORD"], "--json", *rules]
            )
        else:
            argv = _named(value, names)
        try:
            return run_subprocess(argv, f"subprocess: {kind}", folder)
        except subprocess.TimeoutExpired:
            return Outcome(f"subprocess: {kind}", argv, code="timeout")


preset_names = st.sampled_from(["dummy", "dummy-house", "gin", "persian", "rummy", "mine", "x", ""])

STRATEGIES: dict[str, tuple[st.SearchStrategy[tuple[Any, ...]], Callable[..., Outcome]]] = {
    "record": (
        st.tuples(json_file(SEED_RECORDS), st.booleans()),
        lambda data, json_output: replay_record(data, json_output=json_output),
    ),
    "rules file": (
        st.tuples(rules_file(), st.sampled_from(RULES_COMMANDS), preset_names),
        use_rules_file,
    ),
    "options": (st.tuples(option_assignments, st.sampled_from(["sim", "play"])), give_options),
    "save": (st.tuples(json_file(SEED_SAVES)), read_save),
    "save --resume": (st.tuples(json_file(SEED_SAVES)), resume_headless),
    "command line": (st.tuples(command_line()), run_command_line),
    "subprocess": (subprocess_cases, in_subprocess),
}
"""Each target: the strategy of its arguments, and the target."""
