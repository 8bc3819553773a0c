"""Config files (``config.toml``) made to break the game: the example with
every key, changed line by line (values of every TOML kind, nested hundreds
deep, keys no keyboard sends, ids of nothing, broken lines, bytes that are not
UTF-8), through ``dummy-tui config --config FILE`` and the game's start.

``CONFIG_STRATEGIES`` are run like those of :mod:`fuzz_inputs` (a few
examples in the suite, long in ``benchmarks/fuzz.py``); a run passes the same
:func:`fuzz_inputs.check`, and a start with the screens must bring the table
up whatever the file says.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from typing import Any

from fuzz_inputs import (
    Outcome,
    _Screens,
    changed_toml,
    home,
    long_text,
    nested_text,
    run_main,
    surrogate_text,
    toml_values,
)
from hypothesis import strategies as st

from dummy_tui.config import EXAMPLE
from dummy_tui.keynames import DEFAULT_KEYS

EVERY_KEY = re.sub(r"^# (\[?[a-z_]+\]?( = .*)?)$", r"\1", EXAMPLE, flags=re.M)
"""The example with every key (and the [keymap] table) taken out of its comment."""

keyish = st.one_of(
    st.sampled_from(sorted(DEFAULT_KEYS.values())),
    st.sampled_from(
        ["zz", "\\u0000", "\\u001b", " ", "", ",", "ctrl+", "+", "ctrl++", "Ctrl+O", "f99", "f0",
         "ก", "question_mark", "less_than_sign", "thai_character_ko_kai", "null", "alt+ctrl+x",
         "\\ud800", "enter,enter", "a," * 50, "x" * 300, "escape", "<any>", "ctrl+@"]
    ),
    st.text(max_size=6),
)  # fmt: skip
key_lists = st.lists(keyish, min_size=1, max_size=3).map(lambda ks: json.dumps(",".join(ks)))
config_values = st.one_of(
    toml_values,
    key_lists,
    st.sampled_from(['"en"', '"th"', '"nord"', '"gin"', '"~/x.log"', '"~nosuchuser/x.log"']),
    st.sampled_from(['"\\u0000"', '"~"', '"/"', '"."', '"/dev/null"', '"a\\u0000b"', '"~root"']),
    st.integers(min_value=2, max_value=700).map(nested_text),
    surrogate_text.map(lambda s: json.dumps(s)),
    long_text.map(lambda s: json.dumps(s)),
)
config_keys = st.one_of(
    st.sampled_from(["language", "theme", "ai_speed", "preset", "ascii_cards", "log", "keymap"]),
    st.sampled_from(sorted(DEFAULT_KEYS)),
    st.sampled_from(["drwa", "keymap.draw", "", "colour", "[keymap]", "a.b.c"]),
    st.text(max_size=6),
)
BROKEN_LINES = ("[keymap", "[keymap]", "[[keymap]]", "keymap = 5", "x =", "[theme]", "= 1")


@st.composite
def config_file(draw: st.DrawFn) -> bytes:
    """The bytes of a config file: the example with every key, or nothing, changed."""
    lines = draw(st.sampled_from([EVERY_KEY, "", "[keymap]\n"])).splitlines()
    edits = st.integers(min_value=1, max_value=5)
    return draw(
        changed_toml(lines, edits, config_keys, config_values, BROKEN_LINES, past_the_end=True)
    )


def use_config(data: bytes, command: str) -> Outcome:
    """``dummy-tui config --config FILE`` (in Thai too), or the game's start with
    it (no screen shown): an answer, never a traceback."""
    with home() as folder:
        path = folder / "config.toml"
        path.write_bytes(data)
        argv = {
            "config": ["config", "--path", "--config", str(path)],
            "config th": ["config", "--config", str(path)],
            "play": ["--config", str(path), "--seed", "1"],
        }[command]
        if command != "config th":
            return run_main(argv, "config file")
        before = os.environ.get("LANG")
        os.environ["LANG"] = "th_TH.UTF-8"  # a Thai machine: the lines in Thai
        try:
            return run_main(argv, "config file")
        finally:
            if before is None:
                os.environ.pop("LANG", None)
            else:
                os.environ["LANG"] = before


def start_with_config(data: bytes) -> Outcome:
    """The game started with the file, its screens run headless: the table (or
    the new-game screen) comes up and the keymap applies."""
    with home() as folder:
        path = folder / "config.toml"
        path.write_bytes(data)
        _Screens.headless, _Screens.apps = True, []
        try:
            outcome = run_main(
                ["--config", str(path), "--players", "2", "--ai", "random"], "config --start"
            )
        finally:
            _Screens.headless = False
        if outcome.code == 0 and not _Screens.apps:
            outcome.notes.append("the game did not start")
    return outcome


CONFIG_STRATEGIES: dict[str, tuple[st.SearchStrategy[tuple[Any, ...]], Callable[..., Outcome]]] = {
    "config file": (
        st.tuples(config_file(), st.sampled_from(["config", "config th", "play"])),
        use_config,
    ),
    "config --start": (st.tuples(config_file()), start_with_config),
}
