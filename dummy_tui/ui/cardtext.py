"""Cards as styled text: suit colours, four-colour deck, ASCII suits."""

from __future__ import annotations

from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from dummy_tui.engine.cards import card_pretty


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
