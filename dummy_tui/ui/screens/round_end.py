"""The end of a round: every item of each player's score, then the totals."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.match import RoundResult
from dummy_tui.engine.state import DummyRound
from dummy_tui.ui.common import localize_bindings
from dummy_tui.ui.i18n import t
from dummy_tui.ui.session import Session
from dummy_tui.ui.words import fmt

if TYPE_CHECKING:
    from dummy_tui.ui.app import DummyApp


def _term(key: str) -> Text:
    """An item's name with its Thai term beside it (once, when the language is Thai)."""
    out = Text(t(f"item.{key}"))
    thai = t(f"term.{key}")
    if thai and thai not in out.plain:
        out.append(f" {thai}", Style(dim=True))
    return out


class RoundEndScreen(Screen[None]):
    """Per player: table points, hand points, knock, dark knock, fall, fool, penalties."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "Next round", id="next_round"),
        Binding("n", "new_game", "New game", id="new_game"),
        Binding("e", "export", "Export", id="export"),
        Binding("q", "quit", "Quit", id="quit"),
    ]

    def __init__(
        self, session: Session, game: DummyRound, result: RoundResult, match_over: bool
    ) -> None:
        super().__init__(id="round-end")
        self.session = session
        self.game = game
        self.result = result
        self.match_over = match_over

    @property
    def dapp(self) -> DummyApp:
        from dummy_tui.ui.app import DummyApp

        assert isinstance(self.app, DummyApp)
        return self.app

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="round-end-box"):
            yield Static(id="round-end-title")
            yield Static(id="round-end-table")
            yield Static(id="round-end-hands")
            yield Static(id="round-end-totals")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_language()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next":
            return not self.match_over
        if action == "new_game":
            return self.match_over
        return True

    def refresh_language(self) -> None:
        localize_bindings(self)
        self.query_one("#round-end-box").border_title = t(
            "end.title", n=len(self.session.match.results)
        )
        self.query_one("#round-end-title", Static).update(self.headline())
        self.query_one("#round-end-table", Static).update(self.breakdown())
        self.query_one("#round-end-hands", Static).update(self.hands())
        self.query_one("#round-end-totals", Static).update(self.totals())
        self.refresh_bindings()

    def headline(self) -> Text:
        game = self.game
        names = self.session.names
        look = self.dapp.look
        if game.end == "knock" and game.knocker is not None and game.knock_card is not None:
            key = "end.dark_knock" if game.dark_knock else "end.knock"
            line = fmt(
                key,
                name=Text(names[game.knocker], Style(bold=True)),
                card=look.text(game.knock_card),
            )
        else:
            line = fmt("end.stock_out")
        if game.fool is not None:
            line.append("  ")
            line.append_text(fmt("end.fool", name=names[game.fool]))
        return line

    def breakdown(self) -> Table:
        names = self.session.names
        rows = self.result.breakdown
        table = Table(expand=True, show_edge=False, pad_edge=False)
        table.add_column("", no_wrap=True, ratio=2)
        for name in names:
            table.add_column(name, justify="right", overflow="ellipsis", no_wrap=True, ratio=1)

        def add(key: str, cells: list[str], always: bool = False) -> None:
            if always or any(c not in ("", "0", "—") for c in cells):
                table.add_row(_term(key), *cells)

        add("table", [f"+{b.table}" for b in rows], always=True)
        add("hand", [f"−{b.hand}" if b.hand else "0" for b in rows], always=True)
        add("fall", [f"×{b.hand_multiplier}" if b.fell else "" for b in rows])
        add("knock", [f"+{b.knock - b.knock_bonus}" if b.knock else "" for b in rows])
        add("knock_bonus", [f"+{b.knock_bonus}" if b.knock_bonus else "" for b in rows])
        add(
            "dark_knock",
            [f"×{self.session.rules.dark_knock_multiplier}" if b.dark_knock else "" for b in rows],
        )
        add(
            "one_suit_knock",
            [
                f"×{self.session.rules.one_suit_knock_multiplier}" if b.one_suit_knock else ""
                for b in rows
            ],
        )
        kinds: list[str] = []
        for b in rows:
            for p in b.penalty_items:
                if p.kind not in kinds:
                    kinds.append(p.kind)
        for kind in kinds:
            cells = []
            for b in rows:
                points = sum(p.points for p in b.penalty_items if p.kind == kind)
                cells.append(f"−{points}" if points else "")
            key = "fool" if kind == "fool_penalty" else kind
            add(key, cells, always=True)
        table.add_section()
        table.add_row(
            Text(t("item.round_total"), Style(bold=True)),
            *(Text(str(b.total), Style(bold=True)) for b in rows),
        )
        return table

    def hands(self) -> Text:
        look = self.dapp.look
        out = Text(t("end.hands"), Style(bold=True))
        for seat, name in enumerate(self.session.names):
            cards = cards_of(self.game.hands[seat])
            out.append("\n  ")
            out.append(f"{name}: ")
            out.append_text(look.cards(cards) if cards else Text("—", Style(dim=True)))
        return out

    def totals(self) -> Text:
        match = self.session.match
        names = self.session.names
        out = Text(t("end.totals", target=self.session.rules.target_score), Style(bold=True))
        order = sorted(range(len(names)), key=lambda s: -match.totals[s])
        for seat in order:
            out.append(f"\n  {names[seat]:<16} {match.totals[seat]:>6}")
        out.append("\n\n")
        if self.match_over:
            winner = match.winner
            if winner is None:
                out.append_text(fmt("end.tie"))
            else:
                out.append_text(fmt("end.winner", name=Text(names[winner], Style(bold=True))))
            out.append("\n")
            out.append(t("end.after_match"))
        else:
            out.append(t("end.continue"))
        return out

    def action_next(self) -> None:
        if not self.match_over:
            self.dismiss(None)

    def action_new_game(self) -> None:
        self.dapp.show_new_game()

    def action_export(self) -> None:
        try:
            path = self.dapp.export_record(self.session, self.game)
        except OSError as exc:
            self.notify(t("export.failed", error=str(exc)), severity="error")
            return
        self.notify(t("export.done", path=str(path)))

    def action_quit(self) -> None:
        self.app.exit()
