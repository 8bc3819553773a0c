"""The footer every screen shows: Textual's, rebuilt only when what it shows changes.

Textual's ``Footer`` rebuilds its keys whenever the screen's bindings are
refreshed — on the table that is every move of the cursor, since what a key
can do depends on the card under it — and a rebuild means new widgets and a
new layout of the whole screen.  Here the footer first compares what it would
show (each key, its label, whether it is available now) with what it shows,
and rebuilds only on a difference.  And each new ``FooterKey`` is given the
footer's compact style before it is mounted, instead of taking the default
and then the footer's: two style updates per key per rebuild.
"""

from __future__ import annotations

from collections.abc import Hashable

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey  # private: tests/test_private_names.py


class KeyFooter(Footer):
    """Textual's footer, rebuilt only when its keys change, each key created
    in the footer's compact style."""

    _shown: Hashable = None

    def showing(self) -> Hashable:
        """Everything the keys of the footer depend on, as ``compose`` reads it."""
        if not self._bindings_ready:
            return None
        get_key_display = self.app.get_key_display
        keys = tuple(
            (
                binding.key,
                get_key_display(binding),
                binding.description,
                binding.action,
                binding.group,
                enabled,
                tooltip,
            )
            for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
            if binding.show
        )
        return (keys, self.show_command_palette, self.app.ENABLE_COMMAND_PALETTE)

    async def recompose(self) -> None:
        if self.is_attached and self.showing() == self._shown:
            return  # the same keys, labels and states: nothing to rebuild
        await super().recompose()

    def compose(self) -> ComposeResult:
        self._shown = self.showing() if self.is_attached else None
        compact = self.compact
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.set_reactive(FooterKey.compact, compact)
                widget.set_class(compact, "-compact", update=False)
            yield widget
