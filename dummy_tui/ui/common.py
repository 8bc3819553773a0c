"""Small things every screen shares."""

from __future__ import annotations

import dataclasses
import unicodedata

from textual.dom import DOMNode
from textual.keys import KEY_NAME_REPLACEMENTS

from dummy_tui.ui.i18n import has, t

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


def localize_bindings(node: DOMNode) -> None:
    """Give each binding with an id its description in the current language (and
    a key named by a word, its name), and let every key (Ctrl keys too) also
    answer when the keyboard is set to Thai."""
    bindings = node._bindings.key_to_bindings
    for key, items in list(bindings.items()):
        if key.removeprefix("ctrl+") in US_LAYOUT:
            continue  # an alias, made again below
        items = [
            dataclasses.replace(b, description=t(f"key.{b.id}"))
            if b.id and has(f"key.{b.id}")
            else b
            for b in items
        ]
        if has(f"keyname.{key}"):  # a key named by a word (space) in the language
            items = [dataclasses.replace(b, key_display=t(f"keyname.{key}")) for b in items]
        bindings[key] = items
        thai = thai_key(key)
        if thai is not None:
            bindings[thai] = [dataclasses.replace(b, key=thai, show=False) for b in items]


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
