"""Thai words in the order of a Thai dictionary (dummy_tui.collate)."""

from __future__ import annotations

from dummy_tui.collate import sort_key


def test_a_leading_vowel_is_not_the_first_letter() -> None:
    # เก็บ is found under ก, ใบ้ under บ, เรียงไพ่ under ร: all before ออก
    words = ["ออก", "เรียงไพ่", "ใบ้", "เก็บ", "จั่ว"]
    assert sorted(words, key=sort_key) == ["เก็บ", "จั่ว", "ใบ้", "เรียงไพ่", "ออก"]
    # code point order, which a plain sort gives, puts every such word last
    assert sorted(words)[-3:] == ["เก็บ", "เรียงไพ่", "ใบ้"]


def test_within_a_consonant_a_word_without_a_vowel_comes_first_then_the_vowels() -> None:
    # the dictionary's order under ก: กง, กะ, กา, กิ, กู, เก, แก, โก, ใก, ไก
    words = ["ไก", "โก", "กา", "เก", "กู", "แก", "กง", "กิ", "ใก", "กะ"]
    assert sorted(words, key=sort_key) == ["กง", "กะ", "กา", "กิ", "กู", "เก", "แก", "โก", "ใก", "ไก"]


def test_tone_marks_only_break_ties() -> None:
    assert sorted(["ก้า", "กา", "ก่า", "กาก"], key=sort_key) == ["กา", "ก่า", "ก้า", "กาก"]
    assert sort_key("เก็บ")[0] == sort_key("เกบ")[0]


def test_other_scripts_keep_their_order_and_letters_of_either_case_go_together() -> None:
    assert sorted(["b", "A", "a", "ก", "2"], key=sort_key) == ["2", "A", "a", "b", "ก"]
