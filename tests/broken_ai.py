"""A player that fails, for the tests of what a failing AI leads to."""

from __future__ import annotations

from dummy_tui.engine.actions import Action


class Broken:
    """An AI of ``level`` that answers every choice with ``answer``: raises it
    when it is an exception, else plays it whether it is legal or not."""

    def __init__(self, level: str, answer: Action | Exception) -> None:
        self.level = level
        self.answer = answer

    def choose(self, view: object, legal: list[Action]) -> Action:
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer
