"""The table around the hand: melds, players, scores and the game log."""

from __future__ import annotations

import io
from typing import Self

from rich.console import Console
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import RichLog, Static

from dummy_tui.engine.melds import TableMeld
from dummy_tui.i18n import language, t
from dummy_tui.ui.cardtext import CardLook
from dummy_tui.ui.common import signed
from dummy_tui.ui.widgets.row import SPETO_MARK


def height_changes(widget: Static, content: Text) -> bool:
    """Whether ``content`` in place of what ``widget`` shows takes another number
    of lines (or the widget is not laid out yet): only then must the screen be
    laid out again."""
    width = widget.content_region.width
    if width <= 0:
        return True
    return len(content.wrap(widget.app.console, width)) != widget.content_region.height


class MeldLine(Static):
    """One line of the meld table: an owner's heading or one meld."""

    def __init__(self, content: Text, index: int | None) -> None:
        super().__init__(content, classes="heading" if index is None else "meld")
        self.index = index

    def on_click(self, event: events.Click) -> None:
        if self.index is not None:
            event.stop()
            self.post_message(MeldTable.Clicked(self.index))


class MeldColumn(Vertical):
    """A column of the meld table: owners' headings, each followed by its melds."""

    def show_lines(self, lines: list[tuple[Text, int | None]]) -> None:
        """Show these lines: each a text and the index of its meld (None: a heading)."""
        children = list(self.query(MeldLine))
        for widget, (content, index) in zip(children, lines, strict=False):
            widget.index = index
            widget.set_class(index is None, "heading")
            widget.set_class(index is not None, "meld")
            widget.update(content, layout=height_changes(widget, content))
        if len(children) > len(lines):
            for widget in children[len(lines) :]:
                widget.remove()
        elif len(lines) > len(children):
            self.mount_all(MeldLine(c, i) for c, i in lines[len(children) :])


class MeldTable(VerticalScroll):
    """Melds grouped by owner; cards laid off by someone else carry that player's name.

    Spe-to cards carry ``*`` after them, as in the discard row.  Tab brings the
    focus here, and the arrows, Page Up/Down, Home and End then scroll it.
    With :attr:`columns` at 2 (a wide screen) the owners' groups stand in two
    columns side by side, each group whole in one of them.
    """

    DEFAULT_CSS = """
    MeldTable .meld-columns, MeldTable .meld-column {
        height: auto;
    }
    MeldTable .meld-column {
        width: 1fr;
    }
    MeldTable .meld-column.-second {
        display: none;
        margin-left: 2;
    }
    MeldTable.-columns .meld-column.-second {
        display: block;
    }
    """
    """The columns of owners' groups: the second shows only with :attr:`columns` at 2."""

    can_focus = True
    FOCUS_ON_CLICK = False  # a click lays a card off on a meld; the arrows stay the hand's
    columns = 1

    def compose(self) -> ComposeResult:
        with Horizontal(classes="meld-columns"):
            yield MeldColumn(classes="meld-column")
            yield MeldColumn(classes="meld-column -second")

    def set_columns(self, columns: int) -> None:
        """One column of owners' groups, or two (the second shown only then)."""
        self.columns = columns
        self.set_class(columns > 1, "-columns")

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
        speto: frozenset[int] = frozenset(),
    ) -> Text:
        out = Text()
        blue = look.mark_colour("blue")
        number = Style(bold=True, color=blue) if index in targets else Style(dim=True)
        out.append(f"[{index + 1}] ", number)
        for i, (card, layer) in enumerate(zip(meld.cards, meld.layers, strict=True)):
            if i:
                out.append(" ")
            style = look.style(card)
            if card in highlight:
                style += Style(bgcolor="#8a6d00", color="#ffffff")
            out.append(look.label(card), style)
            if card in speto:
                out.append(SPETO_MARK, Style(color=look.mark_colour("orange"), bold=True))
            if layer != meld.owner:
                out.append(f"‹{names[layer]}›", Style(italic=True, dim=True))
        return out

    def update_table(
        self,
        melds: list[TableMeld],
        names: list[str],
        headings: list[Text],
        look: CardLook,
        highlight: set[int],
        targets: set[int],
        speto: frozenset[int] = frozenset(),
    ) -> None:
        """Melds grouped under their owner's heading (a seat with none is left out);
        the cards of ``speto`` marked as spe-to."""
        groups: list[list[tuple[Text, int | None]]] = []
        for seat in range(len(names)):
            own = [(i, m) for i, m in enumerate(melds) if m.owner == seat]
            laid_here = any(seat in m.layers for m in melds)
            if not own and not laid_here:
                continue
            heading = headings[seat]
            if not own:
                # only layoffs on others' melds: say which, or the heading stands alone
                cards = [
                    c
                    for m in melds
                    for c, layer in zip(m.cards, m.layers, strict=True)
                    if layer == seat
                ]
                heading = heading.copy()
                heading.append(f"  {t('table.laid_off')} ", Style(dim=True))
                heading.append_text(look.cards(cards))
            lines: list[tuple[Text, int | None]] = [(heading, None)]
            for i, m in own:
                lines.append((self.meld_text(i, m, names, look, highlight, targets, speto), i))
            groups.append(lines)
        if not groups:
            groups.append([(Text(t("table.no_melds"), Style(dim=True)), None)])
        self.show_groups(groups)

    def show_groups(self, groups: list[list[tuple[Text, int | None]]]) -> None:
        """The owners' groups of lines, in seat order: in one column, or in two,
        each group going to the column that is shorter so far."""
        columns: list[list[tuple[Text, int | None]]] = [[], []]
        for group in groups:
            shorter = 1 if self.columns > 1 and len(columns[1]) < len(columns[0]) else 0
            columns[shorter].extend(group)
        for column, lines in zip(self.query(MeldColumn), columns, strict=True):
            column.show_lines(lines)

    def show_lines(self, lines: list[tuple[Text, int | None]]) -> None:
        """These lines (a text and the index of its meld, None: a heading) in one column."""
        self.show_groups([lines])


class PlayerPanel(Static):
    """A seat: name, cards in hand, running score and what matters in this family
    (born (เกิด) or not in Dummy, the team in Persian rummy, the dealer in gin).

    The second line is made of parts joined by " · ", the most telling last
    (the points on the table).  A part may come as (full, short): when the
    panel is too narrow for them all, parts take their short form, then the
    first parts give way, so the number is never cut.
    """

    _line1: Text = Text()
    _status: tuple[Text | tuple[Text, Text], ...] = ()

    def update_panel(
        self,
        name: str,
        cards: int,
        total: int,
        to_move: bool,
        kind: str,
        status: list[Text | tuple[Text, Text]],
        team: int | None = None,
    ) -> None:
        self.border_title = Text(name)  # a name is data, never markup
        self.border_subtitle = kind
        self.set_class(to_move, "-to-move")
        self.set_class(team == 0, "-team-a")
        self.set_class(team == 1, "-team-b")
        line1 = Text(t("panel.cards", n=cards))
        line1.append(" · ")
        line1.append(t("panel.score", total=signed(total)), Style(bold=True))
        self._line1 = line1
        self._status = tuple(status)
        self.update(self._content(self.content_size.width))

    def on_resize(self) -> None:
        self.update(self._content(self.content_size.width))

    def _content(self, width: int) -> Text:
        return Text("\n").join([self._line1, fit_parts(list(self._status), width)])


def fit_parts(parts: list[Text | tuple[Text, Text]], width: int) -> Text:
    """``parts`` joined by " · " within ``width`` cells (0: any width), giving way
    from the front: short forms first, then whole parts; the last part stays.

    An empty short form lets its part vanish before the parts in front of it go.
    """
    full = [p[0] if isinstance(p, tuple) else p for p in parts]
    short = [p[1] if isinstance(p, tuple) else p for p in parts]
    tries = [full] + [short[: i + 1] + full[i + 1 :] for i in range(len(parts))]
    tries += [short[i:] for i in range(1, len(parts))]
    for texts in tries:
        line = Text(" · ").join(text for text in texts if text)
        if width <= 0 or line.cell_len <= width:
            return line
    return line


class Scoreboard(Static):
    """The totals of every seat (or team), after as many of the latest rounds
    as fit beside the names written whole.

    Names come first: two players called "Player 1" and "Player 2" cut to
    "Playe…" could not be told apart, so older round columns give way before
    any name is cut (a name is cut only when it does not fit beside the
    totals alone).  The layout is fitted again when the panel is resized.
    """

    MOST_ROUNDS = 6
    UNKNOWN_WIDTH = 26
    """The content width of the panel at its narrowest, before it is laid out."""

    _scores: tuple[list[str], list[list[int]], list[int]] | None = None
    _teams = False
    _fitted_for: tuple[object, ...] | None = None

    def update_scores(
        self,
        names: list[str],
        rounds: list[list[int]],
        totals: list[int],
        target: int,
        teams: bool = False,
    ) -> None:
        """Each seat's rounds and total; with ``teams`` one line per team (seats 0 & 2, 1 & 3)."""
        if teams and len(names) == 4:
            names = [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]
            rounds = [r[:2] for r in rounds]
            totals = totals[:2]
        self._scores = (names, rounds, totals)
        self._teams = teams and len(self._scores[0]) == 2
        self.border_subtitle = t("score.target", target=target)
        self.refit()

    def on_resize(self) -> None:
        if self._scores is not None:
            self.refit()

    def refit(self) -> None:
        """Fit the table again, unless the scores, the width and the language are
        those it was last fitted for (the table is refreshed at every key press,
        and fitting renders it once per number of rounds tried)."""
        key = (self._scores, self._teams, self.content_size.width, language())
        if key != self._fitted_for:
            self._fitted_for = key
            self.update(self.fitted())

    def fitted(self, width: int | None = None) -> Table:
        """The table with the most recent rounds that leave every name whole in ``width``."""
        assert self._scores is not None
        names, rounds, totals = self._scores
        width = width or self.content_size.width or self.UNKNOWN_WIDTH
        head = t("score.team") if self._teams else t("score.player")
        heads = [head, *names]
        for shown in range(min(len(rounds), self.MOST_ROUNDS), 0, -1):
            table = self._table(head, names, rounds, shown, totals)
            console = Console(width=width, file=io.StringIO(), record=True)
            console.print(table)
            text = console.export_text()
            if text.count("\n") == len(heads) and all(name in text for name in heads):
                return table
        return self._table(head, names, rounds, 0, totals)

    @staticmethod
    def _table(
        head: str, names: list[str], rounds: list[list[int]], shown: int, totals: list[int]
    ) -> Table:
        """The names under ``head``, the last ``shown`` rounds and the totals."""
        table = Table(box=None, padding=(0, 1), expand=True, show_edge=False)
        table.add_column(head, no_wrap=True, overflow="ellipsis", ratio=1)
        first = len(rounds) - shown
        for i in range(shown):
            table.add_column(t("score.round_short", n=first + i + 1), justify="right")
        table.add_column(t("score.total"), justify="right", style="bold")
        for seat, name in enumerate(names):
            cells = (signed(r[seat]) for r in rounds[first:])
            table.add_row(Text(name), *cells, signed(totals[seat]))
        return table


class GameLog(RichLog):
    """Every move in words, newest at the bottom.  Tab brings the focus here, and
    the arrows, Page Up/Down, Home and End then scroll it."""

    can_focus = True
    FOCUS_ON_CLICK = False  # the wheel scrolls it; the arrows stay the hand's

    shown = 0
    """How many of the game's log entries are written here."""

    def clear(self) -> Self:
        self.shown = 0
        return super().clear()

    def write_lines(self, lines: list[Text], shown: int) -> None:
        """Write ``lines``, the entries up to ``shown`` now written, the newest
        line in view once they are laid out (a line wrapped at the write may
        take more room than was reckoned)."""
        for line in lines:
            self.write(line)
        if lines and self.auto_scroll:
            self.call_after_refresh(self.scroll_end, animate=False)
        self.shown = shown
