"""How the commands print: through rich, every string taken as text.

A player's name (``[/]``, ``[bold]``), a preset's description or a file's
path is data: rich would read ``[…]`` in it as markup (and raise on ``[/]``);
nothing the commands print is markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console


def text_console(**options: Any) -> Console:
    """A rich console that reads no markup in the strings it prints."""
    from rich.console import Console

    return Console(markup=False, **options)
