"""Cards as styled text: suit colours, four-colour deck, ASCII suits."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from dummy_tui.engine.cards import card_pretty

_MARKS = {
    "gold": ("#e0b000", "#8a6d00"),
    "orange": ("#e07000", "#b04a00"),
    "blue": ("#4aa3df", "#1f6fb0"),
}


def text_on(background: str) -> str:
    """The text colour of a card selected in the theme's own colour
    (``background``, "#rrggbb"): white, unless white would hardly read there
    (a contrast under 3:1, as on nord's pale blue) and black reads better."""
    try:
        value = int(background.lstrip("#")[:6], 16)
    except ValueError:  # an ANSI colour ("ansi_blue"): the terminal's own
        return "#ffffff"

    def channel(shift: int) -> float:
        c = (value >> shift & 0xFF) / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    lum = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    on_white, on_black = 1.05 / (lum + 0.05), (lum + 0.05) / 0.05  # WCAG contrast ratios
    return "#000000" if on_white < 3 and on_black > on_white else "#ffffff"


@dataclass(frozen=True, slots=True)
class CardLook:
    """How cards are drawn: chosen by the settings and the theme."""

    ascii: bool = False
    four_colour: bool = False
    dark: bool = True

    def colour(self, card: int) -> str | None:
        suit = card // 13
        if suit > 3:  # a joker
            return "#c678dd" if self.dark else "#8a2be2"
        if self.dark:
            red, green, blue = "#ff6b6b", "#5fd35f", "#6cb6ff"
        else:
            red, green, blue = "#c0161c", "#17802a", "#1f56c4"
        if self.four_colour:
            return (green, blue, red, None)[suit]
        return (None, red, red, None)[suit]

    def mark_colour(self, kind: str) -> str:
        """The colour of a mark beside a card: "gold" (the head card, a meld in
        hand), "orange" (a spe-to, the card just taken) or "blue" (a layoff),
        dark enough on a light theme to read (the bright ones are for dark)."""
        dark, light = _MARKS[kind]
        return dark if self.dark else light

    def style(self, card: int) -> Style:
        colour = self.colour(card)
        return Style(color=colour, bold=True) if colour else Style(bold=True)

    def label(self, card: int) -> str:
        return card_pretty(card, ascii_only=self.ascii)

    def text(self, card: int) -> Text:
        return Text(self.label(card), style=self.style(card))

    def cards(self, cards: list[int] | tuple[int, ...], sep: str = " ") -> Text:
        out = Text()
        for i, c in enumerate(cards):
            if i:
                out.append(sep)
            out.append_text(self.text(c))
        return out
