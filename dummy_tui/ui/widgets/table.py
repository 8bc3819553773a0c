"""The table around the hand: melds, players, scores and the game log."""

from __future__ import annotations

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import events
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import RichLog, Static

from dummy_tui.engine.melds import TableMeld
from dummy_tui.ui.cardtext import CardLook
from dummy_tui.ui.i18n import t


class MeldLine(Static):
    """One line of the meld table: an owner's heading or one meld."""

    def __init__(self, content: Text, index: int | None) -> None:
        super().__init__(content, classes="heading" if index is None else "meld")
        self.index = index

    def on_click(self, event: events.Click) -> None:
        if self.index is not None:
            event.stop()
            self.post_message(MeldTable.Clicked(self.index))


class MeldTable(VerticalScroll):
    """Melds grouped by owner; cards laid off by someone else carry that player's name."""

    can_focus = False

    class Clicked(Message):
        """A meld was clicked (to lay the selected card off onto it)."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def meld_text(
        self,
        index: int,
        meld: TableMeld,
        names: list[str],
        look: CardLook,
        highlight: set[int],
        targets: set[int],
    ) -> Text:
        out = Text()
        number = Style(bold=True, color="#4aa3df") if index in targets else Style(dim=True)
        out.append(f"[{index + 1}] ", number)
        for i, (card, layer) in enumerate(zip(meld.cards, meld.layers, strict=True)):
            if i:
                out.append(" ")
            style = look.style(card)
            if card in highlight:
                style += Style(bgcolor="#8a6d00", color="#ffffff")
            out.append(look.label(card), style)
            if layer != meld.owner:
                out.append(f"‹{names[layer]}›", Style(italic=True, dim=True))
        return out

    def update_table(
        self,
        melds: list[TableMeld],
        names: list[str],
        points: list[int],
        look: CardLook,
        highlight: set[int],
        targets: set[int],
    ) -> None:
        lines: list[tuple[Text, int | None]] = []
        for seat, name in enumerate(names):
            own = [(i, m) for i, m in enumerate(melds) if m.owner == seat]
            if not own and not points[seat]:
                continue
            heading = Text()
            heading.append(name, Style(bold=True))
            heading.append(f"  {t('table.points', points=points[seat])}", Style(dim=True))
            lines.append((heading, None))
            for i, m in own:
                lines.append((self.meld_text(i, m, names, look, highlight, targets), i))
        if not lines:
            lines.append((Text(t("table.no_melds"), Style(dim=True)), None))
        children = list(self.query(MeldLine))
        for widget, (content, index) in zip(children, lines, strict=False):
            widget.index = index
            widget.set_class(index is None, "heading")
            widget.set_class(index is not None, "meld")
            widget.update(content)
        if len(children) > len(lines):
            for widget in children[len(lines) :]:
                widget.remove()
        elif len(lines) > len(children):
            self.mount_all(MeldLine(c, i) for c, i in lines[len(children) :])


class PlayerPanel(Static):
    """A seat: name, cards in hand, born (เกิด) or not, running score."""

    def update_panel(
        self,
        name: str,
        cards: int,
        born: bool,
        total: int,
        table: int,
        to_move: bool,
        kind: str,
    ) -> None:
        self.border_title = name
        self.border_subtitle = kind
        self.set_class(to_move, "-to-move")
        self.set_class(born, "-born")
        line1 = Text(t("panel.cards", n=cards))
        line1.append(" · ")
        line1.append(t("panel.score", total=total), Style(bold=True))
        if born:
            line2 = Text(t("panel.born"), Style(bold=True, color="#5fbf5f"))
        else:
            line2 = Text(t("panel.not_born"), Style(dim=True))
        if table:
            line2.append(" · ")
            line2.append(t("panel.table", table=table))
        self.update(Text("\n").join([line1, line2]))


class Scoreboard(Static):
    """Every round's score per player and the totals, with the target."""

    def update_scores(
        self, names: list[str], rounds: list[list[int]], totals: list[int], target: int
    ) -> None:
        table = Table(box=None, padding=(0, 1), expand=True, show_edge=False)
        table.add_column(t("score.player"), no_wrap=True, overflow="ellipsis", ratio=1)
        shown = rounds[-3:]
        first = len(rounds) - len(shown)
        for i in range(len(shown)):
            table.add_column(t("score.round_short", n=first + i + 1), justify="right")
        table.add_column(t("score.total"), justify="right", style="bold")
        for seat, name in enumerate(names):
            table.add_row(name, *(str(r[seat]) for r in shown), str(totals[seat]))
        self.border_subtitle = t("score.target", target=target)
        self.update(table)


class GameLog(RichLog):
    """Every move in words, newest at the bottom."""

    can_focus = False
