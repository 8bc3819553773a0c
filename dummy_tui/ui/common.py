"""Small things every screen shares."""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Callable

from textual.binding import Binding
from textual.dom import DOMNode
from textual.keys import KEY_NAME_REPLACEMENTS

from dummy_tui.i18n import has, t

AI_SPEEDS = (0.0, 0.3, 0.7, 1.2, 2.0)
"""The seconds an AI move stays on screen, fastest first (the keys + and −, and
the new-game screen, choose among them)."""


def nearest_speed(delay: float) -> int:
    """The index in :data:`AI_SPEEDS` of the speed nearest ``delay``."""
    return min(range(len(AI_SPEEDS)), key=lambda i: abs(AI_SPEEDS[i] - delay))


# The Thai Kedmanee layout (the one on Thai keyboards) against US QWERTY, key by
# key, without and with shift.  With the Thai layout on, the key marked d types
# ก; the game's keys answer to the key, whichever layout is on.
_US = "`1234567890-=qwertyuiop[]\\asdfghjkl;'zxcvbnm,./"
_KEDMANEE = "_ๅ/-ภถุึคตจขชๆไำพะัีรนยบลฃฟหกดเ้่าสวงผปแอิืทมใฝ"
_US_SHIFT = '~!@#$%^&*()_+QWERTYUIOP{}|ASDFGHJKL:"ZXCVBNM<>?'
_KEDMANEE_SHIFT = '%+๑๒๓๔ู฿๕๖๗๘๙๐"ฎฑธํ๊ณฯญฐ,ฅฤฆฏโฌ็๋ษศซ.()ฉฮฺ์?ฒฬฦ'


def key_name(character: str) -> str:
    """The name Textual gives the key that types ``character`` ("d", "full_stop",
    "ก", "thai_character_mai_tho")."""
    if character.isalnum():
        return character
    name = unicodedata.name(character).lower().replace("-", "_").replace(" ", "_")
    return KEY_NAME_REPLACEMENTS.get(name, name)


_KEYS = [
    (us, th)
    for us, th in zip(_US + _US_SHIFT, _KEDMANEE + _KEDMANEE_SHIFT, strict=True)
    if not th.isascii()  # the keys that type the same sign either way need nothing
]

THAI_LAYOUT: dict[str, str] = {key_name(us): key_name(th) for us, th in _KEYS}
"""The key a game key becomes with the Thai layout on: "d" → "ก", "less_than_sign" → "ฒ"."""

US_LAYOUT: dict[str, str] = {key_name(th): us for us, th in _KEYS}
"""The other way: a Thai key as printed on the keyboard, for messages ("ก" → "d",
"ใ" → ".")."""


# The number row with the Thai layout on, and the Thai digits: as the digits
# they stand for, in a field that takes a number.
DIGITS = str.maketrans(
    {
        **{th: us for us, th in zip(_US[1:11], _KEDMANEE[1:11], strict=True)},
        **{chr(0x0E50 + d): str(d) for d in range(10)},
    }
)


def describe_bindings(node: DOMNode, words: Callable[[Binding], str | None] | None = None) -> None:
    """Give ``node``'s bindings their descriptions in the current language:
    ``words(binding)`` where it says something, else the catalog's
    ``key.<id>``; the footer then shows them at its next refresh.

    Textual has no public way to change a binding's description once the
    class is built, so this is the one place that writes the node's binding
    map (``_bindings``); its keys are left alone — the keymap (see
    :mod:`dummy_tui.ui.keys`) moves them, and adds the Thai layout's keys.
    """

    def described(binding: Binding) -> Binding:
        word = words(binding) if words is not None else None
        if word is None and binding.id and has(f"key.{binding.id}"):
            word = t(f"key.{binding.id}")
        return binding if word is None else dataclasses.replace(binding, description=word)

    bindings = node._bindings.key_to_bindings
    for key, items in bindings.items():
        bindings[key] = [described(b) for b in items]


def thai_key(key: str) -> str | None:
    """The name of ``key`` with the Thai layout on ("d" → "ก"), a Ctrl key too:
    a terminal that reports keys in full (the kitty keyboard protocol) sends
    Ctrl with the Thai letter ("ctrl+l" → "ctrl+ส"); None for keys the layout
    leaves alone."""
    if key.startswith("ctrl+") and key.count("+") == 1:
        letter = THAI_LAYOUT.get(key[5:])
        return None if letter is None else "ctrl+" + letter
    return THAI_LAYOUT.get(key)


def signed(points: int) -> str:
    """A score as the player reads it: a loss with the true minus sign (−25, not -25)."""
    return f"−{-points}" if points < 0 else str(points)
