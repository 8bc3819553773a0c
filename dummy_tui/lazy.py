"""A mapping of names to objects of modules imported on first use.

The registries of families (the engine's round classes, the interface's
presenters) are such mappings: a game of Dummy never imports the others.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Generic, TypeVar

T = TypeVar("T")


class LazyRegistry(Mapping[str, T], Generic[T]):
    """Name → the attribute ``attr`` of module ``module``, imported when first asked for."""

    def __init__(self, entries: dict[str, tuple[str, str]], missing: str) -> None:
        """``entries``: name → (module, attribute); ``missing``: the KeyError's
        message for an unknown name, with ``{name}`` in it."""
        self._entries = entries
        self._missing = missing
        self._found: dict[str, T] = {}

    def __getitem__(self, name: str) -> T:
        found = self._found.get(name)
        if found is None:
            try:
                module, attr = self._entries[name]
            except KeyError:
                raise KeyError(self._missing.format(name=repr(name))) from None
            found = self._found[name] = getattr(importlib.import_module(module), attr)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)
