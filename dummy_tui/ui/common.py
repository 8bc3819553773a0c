"""Small things every screen shares."""

from __future__ import annotations

import dataclasses

from textual.dom import DOMNode

from dummy_tui.ui.i18n import has, t


def localize_bindings(node: DOMNode) -> None:
    """Give each binding with an id its description in the current language."""
    bindings = node._bindings.key_to_bindings
    for key, items in bindings.items():
        bindings[key] = [
            dataclasses.replace(b, description=t(f"key.{b.id}"))
            if b.id and has(f"key.{b.id}")
            else b
            for b in items
        ]


def signed(points: int) -> str:
    """A score as the player reads it: a loss with the true minus sign (−25, not -25)."""
    return f"−{-points}" if points < 0 else str(points)
