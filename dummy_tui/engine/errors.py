"""Errors the engine raises.  Each says in plain words which rule refused."""

from __future__ import annotations


class IllegalMoveError(ValueError):
    """A move the rules do not allow at this point.

    ``rule`` is a short key naming the rule (e.g. ``"not_born"``) so that the
    interface can translate the explanation; ``str(error)`` is the English
    sentence, starting with that rule's name.  ``detail`` names which case of
    the rule applies when one rule refuses for several reasons (e.g. a
    ``"not_a_meld"`` whose ``detail`` is ``"jokers"``), so that a translation
    can be as precise as the English.
    """

    def __init__(self, rule: str, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.rule = rule
        self.detail = detail

    def __reduce__(self) -> tuple[type[IllegalMoveError], tuple[str, ...]]:
        # crosses process boundaries whole (``sim --jobs``)
        return IllegalMoveError, (self.rule, str(self), self.detail)


class MoveSyntaxError(IllegalMoveError):
    """Text that is not a move at all."""

    def __init__(self, message: str) -> None:
        super().__init__("syntax", message)

    def __reduce__(self) -> tuple[type[IllegalMoveError], tuple[str, ...]]:
        return MoveSyntaxError, (str(self),)


class RecordError(ValueError):
    """A record that cannot be read (bad JSON, unknown ruleset, bad deal)."""
