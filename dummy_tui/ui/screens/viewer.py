"""The replay viewer: one finished round, move by move, every hand face up.

←/→ step one move, Home/End go to the deal and the end, the move list
(↑/↓, a click) jumps to any move.  Each position shows the discard row, the
hands, the melds with who laid each card, and the log line of the move that
led to it; the end shows how the round ended and the family's breakdown of
the score.  Escape (or q) goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import OptionList, Static

from dummy_tui.i18n import t
from dummy_tui.ui.common import describe_bindings
from dummy_tui.ui.gameapp import CardScreen
from dummy_tui.ui.presenters import presenter_for
from dummy_tui.ui.review import RoundReplay, result_of
from dummy_tui.ui.widgets.footer import KeyFooter
from dummy_tui.ui.widgets.row import DiscardRow
from dummy_tui.ui.widgets.table import MeldTable, height_changes
from dummy_tui.ui.words import entry_text, fmt, name_text

if TYPE_CHECKING:
    from dummy_tui.engine.match import RoundResult
    from dummy_tui.engine.round import Round
    from dummy_tui.ui.session import Session

TO_MOVE = "▶ "


class ViewerScreen(CardScreen):
    """Step through ``game``, a finished round, in ``session``'s seats and words.

    ``session`` is the viewer's own (see :func:`~dummy_tui.ui.review.review_session`):
    its round is set to the position shown, for the presenter to draw.
    ``title`` names the round (its number, or the record's file); with
    ``exits`` Escape leaves the app (the viewer opened on a record file).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Previous", id="step_back", key_display="←", priority=True),
        Binding("right", "step(1)", "Next", id="step_on", key_display="→", priority=True),
        Binding("home", "jump(0)", "Deal", id="to_deal", priority=True),
        Binding("end", "jump(-1)", "Last", id="to_end", priority=True),
        Binding("escape", "close", "Back", id="back"),
        Binding("q", "close", "Back", id="back_q", show=False),
    ]

    def __init__(
        self,
        session: Session,
        game: Round[Any],
        *,
        round_number: int | None = None,
        file: str | None = None,
        result: RoundResult | None = None,
        exits: bool = False,
    ) -> None:
        super().__init__(id="viewer")
        self.session = session
        self.presenter = presenter_for(session)
        self.replay = RoundReplay(game)
        self.round_number = round_number
        self.file = file
        self.result = result if result is not None or not game.is_over else result_of(game)
        self.exits = exits
        self.at = 0
        """The position shown: the number of moves made."""

    @property
    def position(self) -> Round[Any]:
        """The round as shown."""
        return self.replay.position(self.at)

    @property
    def last(self) -> int:
        return len(self.replay)

    def compose(self) -> ComposeResult:
        yield Static(id="viewer-top")
        yield Static(id="viewer-move")
        with Horizontal(id="viewer-middle"):
            with VerticalScroll(id="viewer-board"):
                yield DiscardRow(id="viewer-row")
                yield Static(id="viewer-hands")
                yield MeldTable(id="viewer-melds")
                yield Static(id="viewer-score")
            yield OptionList(id="viewer-moves")
        yield KeyFooter(show_command_palette=False)

    def on_mount(self) -> None:
        board = self.query_one("#viewer-board")
        board.can_focus = False
        self.watch(board, "virtual_size", self.show_score, init=False)
        self.refresh_language()
        self.query_one(OptionList).focus()

    def refresh_language(self) -> None:
        """Everything again, in the current language and look."""
        describe_bindings(self)
        look = self.dapp.look
        self.query_one(DiscardRow).look = look
        self.query_one("#viewer-hands").border_title = t("viewer.hands")
        moves = self.query_one(OptionList)
        moves.border_title = t("viewer.moves")
        moves.clear_options()
        moves.add_options([self.item(k) for k in range(self.last + 1)])
        self.show()

    def item(self, k: int) -> Text:
        """The move list's line for position ``k``: the deal, or the k-th move."""
        if k == 0:
            return Text(t("viewer.deal_item"), Style(bold=True))
        out = Text(f"{k}. ", Style(dim=True))
        out.append_text(self.move_text(k))
        return out

    def move_text(self, k: int) -> Text:
        """The log line of the move that leads to position ``k`` (k ≥ 1)."""
        step = self.replay.steps[k - 1]
        presenter = self.presenter
        line = entry_text(step.entry, self.session.names, self.dapp.look, presenter.key)
        if step.restocked:
            line.append(" ")
            line.append_text(fmt("log.restock"))
        return line

    # ------------------------------------------------------------------
    # drawing a position

    def show(self) -> None:
        """Draw the position ``self.at``."""
        k = self.at
        game = self.position
        self.session.round = game
        look = self.dapp.look
        presenter = self.presenter
        highlight: set[int] = set()
        if k:
            entry = self.replay.steps[k - 1].entry
            if entry.kind not in ("draw", "end", "pass"):
                highlight = set(entry.cards)
        self.query_one("#viewer-top", Static).update(self.top_line(), layout=False)  # one line
        move = self.query_one("#viewer-move", Static)
        line = self.move_text(k) if k else Text(t("viewer.deal"))
        move.update(line, layout=height_changes(move, line))
        row = self.query_one(DiscardRow)
        presenter.show_row(row, look)
        row.highlight = highlight
        melds = self.query_one(MeldTable)
        # a meld area of one person's own hand (gin) says nothing in a viewer that
        # shows every hand: the end's breakdown gives the layout
        melds.display = presenter.melds_on_table
        if presenter.melds_on_table:
            presenter.show_melds(melds, look, None, highlight, set())
        hands = self.query_one("#viewer-hands", Static)
        text = self.hands()
        hands.update(text, layout=height_changes(hands, text))
        score = self.query_one("#viewer-score", Static)
        score.display = k == self.last
        if k == self.last:
            score.update(self.end_text())
        moves = self.query_one(OptionList)
        if moves.highlighted != k:
            # the list follows the position; only a person moving it jumps
            with moves.prevent(OptionList.OptionHighlighted):
                moves.highlighted = k

    def top_line(self) -> Text:
        if self.file is not None:
            title = t("viewer.title_file", file=self.file, k=self.at, moves=self.last)
        else:
            title = t("viewer.title", n=self.round_number or 1, k=self.at, moves=self.last)
        bar = Text(title, Style(bold=True))
        bar.append("  ·  ")
        bar.append(t("top.stock", n=len(self.position.stock)))
        return bar

    def hands(self) -> Text:
        """Every hand face up, the seat to move marked."""
        game = self.position
        look = self.dapp.look
        out = Text()
        for seat, name in enumerate(self.session.names):
            if seat:
                out.append("\n")
            out.append(TO_MOVE if seat == game.to_move else "  ", Style(bold=True))
            out.append_text(name_text(name))
            out.append(f" ({game.hands[seat].bit_count()}): ", Style(dim=True))
            if game.hands[seat]:
                out.append_text(self.presenter.hand_cards(game, seat, look))
            else:
                out.append("—", Style(dim=True))
        return out

    def end_text(self) -> RenderableType:
        """How the round ended and its breakdown (or that the record stops before the end)."""
        game = self.position
        if not game.is_over or self.result is None:
            return Text(t("viewer.goes_on"), Style(dim=True))
        headline = self.presenter.headline(game, self.result, self.dapp.look)
        headline.stylize("bold")
        return Group(headline, self.presenter.breakdown(game, self.result))

    # ------------------------------------------------------------------
    # moving

    def go(self, k: int) -> None:
        k = max(0, min(self.last, k))
        if k != self.at:
            self.at = k
            self.show()
            self.show_score()

    def show_score(self, _size: object = None) -> None:
        """At the end, bring the scoring into view: at once, and again each time
        the board's height changes (the melds and hands just shown take a frame
        or two to be laid out at their new heights)."""
        if self.at == self.last:
            self.query_one("#viewer-score").scroll_visible(animate=False)

    def action_step(self, step: int) -> None:
        self.go(self.at + step)

    def action_jump(self, k: int) -> None:
        self.go(self.last if k < 0 else k)

    @on(OptionList.OptionHighlighted, "#viewer-moves")
    def picked(self, event: OptionList.OptionHighlighted) -> None:
        self.go(event.option_index)

    def action_close(self) -> None:
        if self.exits:
            self.app.exit(0)
        else:
            self.dismiss(None)
