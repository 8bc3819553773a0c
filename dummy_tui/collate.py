"""Sorting words as a Thai dictionary does.

A Thai dictionary orders words by their first consonant, then their vowels:
the vowels เ แ โ ใ ไ are written before the consonant they follow in
speech, and are not the first letter (เก็บ is found under ก, ใบ้ under บ).
Tone marks and the other signs above or below a letter (่ ้ ๊ ๋ ็ ์) only
break ties.  Sorting by code point instead puts every word that starts with
เ … ไ after every word that starts with a consonant (เก็บ after ออก).
"""

from __future__ import annotations

_LEADING_VOWELS = frozenset("เแโใไ")
_TIE_MARKS = frozenset(chr(c) for c in range(0x0E47, 0x0E4F))  # ็ ่ ้ ๊ ๋ ์ ํ ๎


def _is_consonant(char: str) -> bool:
    return "ก" <= char <= "ฮ"


def sort_key(text: str) -> tuple[str, str]:
    """A key that sorts ``text`` as a Thai dictionary does (other scripts by
    code point, letters of any case together): each leading vowel after the
    consonant it stands before, the tone marks left for ties."""
    letters: list[str] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char in _LEADING_VOWELS and i + 1 < len(text) and _is_consonant(text[i + 1]):
            letters += (text[i + 1], char)
            i += 2
            continue
        if char not in _TIE_MARKS:
            letters.append(char)
        i += 1
    return "".join(letters).casefold(), text


__all__ = ["sort_key"]
