"""The footer every screen shows: Textual's, with its keys mounted ready-styled.

Textual's ``Footer`` rebuilds its keys whenever the bindings change (a new
focus, a key that becomes available), and each new ``FooterKey`` first takes
the compact style by default and is then told the footer's own: two style
updates per key, every time.  With a dozen keys that was a sixth of the work
of a key press on the table.  Here each key is given the footer's style before
it is mounted, so the rebuild costs what the keys themselves cost.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


class KeyFooter(Footer):
    """Textual's footer, each key created in the footer's compact style."""

    def compose(self) -> ComposeResult:
        compact = self.compact
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget
