"""Whether this terminal can show the game's full screen, and if not, one line
saying what to do instead.

Textual draws every frame whatever the terminal: under ``TERM=dumb`` as
escape sequences the terminal prints as text, and on an output whose encoding
cannot write the table's lines (``PYTHONIOENCODING=ascii``, latin-1) as
``\\u2503`` escapes.  Suit letters (``--ascii``) would not help: the panels'
lines are drawn in every look.  The commands (rules, replay, stats, history,
sim) print plain lines, and work on either.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import TextIO

DRAWN = "┃━╭─♣♦♥♠"
"""Characters every frame draws: the panels' lines and the suits."""


def screen_refusal(
    environ: Mapping[str, str] | None = None, stream: TextIO | None = None
) -> str | None:
    """Why the full screen cannot be shown here, in one line in the language
    (in English when the output cannot write the language's letters); None
    when it can.  ``stream`` is where Textual writes its frames (standard error)."""
    from dummy_tui.i18n import cli_catalog, say

    environ = os.environ if environ is None else environ
    stream = sys.__stderr__ if stream is None else stream
    encoding = getattr(stream, "encoding", None) or "utf-8"
    if environ.get("TERM") == "dumb":
        key, values = "out.play.dumb_terminal", {}
    elif not _writes(DRAWN, encoding):
        key, values = "out.play.encoding", {"encoding": encoding}
    else:
        return None
    line = say(key, **values)
    if not _writes(line, encoding):
        line = cli_catalog("en")[key].format(**values)
    return line


def _writes(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True
