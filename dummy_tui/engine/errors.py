"""Errors the engine raises.  Each says in plain words which rule refused."""

from __future__ import annotations


class IllegalMoveError(ValueError):
    """A move the rules do not allow at this point.

    ``rule`` is a short key naming the rule (e.g. ``"not_born"``) so that the
    interface can translate the explanation; ``str(error)`` is the English
    sentence, starting with that rule's name.
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule


class MoveSyntaxError(IllegalMoveError):
    """Text that is not a move at all."""

    def __init__(self, message: str) -> None:
        super().__init__("syntax", message)


class RecordError(ValueError):
    """A record that cannot be read (bad JSON, unknown ruleset, bad deal)."""
