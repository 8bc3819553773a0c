"""Card notation (records.md): every accepted form, canonical output, refusals."""

from __future__ import annotations

import pytest

from dummy_tui.engine.cards import (
    CardError,
    card_pretty,
    card_text,
    cards_of,
    mask_of,
    parse_card,
    rank_of,
    suit_of,
)

TEN_OF_HEARTS = 2 * 13 + 8  # suit H = 2, rank 10 = index 8


@pytest.mark.parametrize(
    "text",
    ["10H", "10h", "TH", "th", "Th", "tH", "10♥", "10♡", " 10h ", "T♥"],
)
def test_every_form_of_the_ten_of_hearts(text: str) -> None:
    assert parse_card(text) == TEN_OF_HEARTS


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2C", 0),
        ("AC", 12),
        ("2D", 13),
        ("qs", 3 * 13 + 10),
        ("Q♠", 3 * 13 + 10),
        ("as", 51),
        ("A♠", 51),
        ("j♦", 13 + 9),
        ("K♣", 11),
        ("9h", 2 * 13 + 7),
    ],
)
def test_known_cards(text: str, expected: int) -> None:
    assert parse_card(text) == expected


def test_canonical_text_and_deck_order() -> None:
    texts = [card_text(c) for c in range(52)]
    assert texts[:13] == [
        "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC",
    ]  # fmt: skip
    assert texts[13] == "2D"
    assert texts[26] == "2H"
    assert texts[-1] == "AS"
    assert len(set(texts)) == 52
    # Canonical output writes 10, never T, and no suit symbols.
    assert all("T" not in t and t.isascii() for t in texts)


def test_pretty_text() -> None:
    assert card_pretty(TEN_OF_HEARTS) == "10♥"
    assert card_pretty(TEN_OF_HEARTS, ascii_only=True) == "10H"
    assert card_pretty(0) == "2♣"
    assert card_pretty(13) == "2♦"
    assert card_pretty(51) == "A♠"


@pytest.mark.parametrize("card", range(52))
def test_every_card_round_trips(card: int) -> None:
    text = card_text(card)
    assert parse_card(text) == card
    assert parse_card(text.lower()) == card
    assert parse_card(card_pretty(card)) == card
    assert suit_of(card) * 13 + rank_of(card) == card


@pytest.mark.parametrize(
    "text",
    ["", " ", "H", "10", "1H", "11H", "0H", "10X", "H10", "ZZ", "AA", "10HH", "♥", "1", "KK", "Q"],
)
def test_garbage_is_refused(text: str) -> None:
    with pytest.raises(CardError):
        parse_card(text)


def test_card_error_is_a_value_error_with_the_text() -> None:
    with pytest.raises(ValueError, match="'1H' is not a card"):
        parse_card("1H")


def test_masks() -> None:
    some = [51, 0, 34, 13]
    m = mask_of(some)
    assert m == (1 << 0) | (1 << 13) | (1 << 34) | (1 << 51)
    assert cards_of(m) == [0, 13, 34, 51]  # canonical order
    assert cards_of(0) == []
    assert cards_of((1 << 52) - 1) == list(range(52))
