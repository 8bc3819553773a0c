"""The end of a round: every item of each player's score, then the totals."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, ClassVar

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
from dummy_tui.textwidth import ljust_cells
from dummy_tui.ui import family as fam
from dummy_tui.ui.common import localize_bindings, signed
from dummy_tui.ui.i18n import t
from dummy_tui.ui.session import LogEntry, Session
from dummy_tui.ui.words import entry_text, fmt, fmt_about, gin_layout_text

if TYPE_CHECKING:
    from dummy_tui.engine.round import Round
    from dummy_tui.ui.app import DummyApp


def _term(key: str) -> Text:
    """An item's name with its Thai term beside it (once, when the language is Thai)."""
    out = Text(t(f"item.{key}"))
    thai = t(f"term.{key}")
    if thai and thai not in out.plain:
        out.append(f" {thai}", Style(dim=True))
    return out


def score_table(columns: list[str]) -> Table:
    """The breakdown's table: a column of items, then one per seat or team.

    The items take five parts of the width to a seat's two: at 80 columns
    with four seats an item and its Thai term ("Fall (hand points ×) ตกตึก")
    still fit on one line, and a seat keeps room for a ten-letter name.  A
    longer item wraps rather than lose its end.
    """
    table = Table(expand=True, show_edge=False, pad_edge=False)
    table.add_column("", overflow="fold", ratio=5)
    for name in columns:
        table.add_column(name, justify="right", overflow="ellipsis", no_wrap=True, ratio=2)
    return table


TAKES = ("draw", "pick", "pick_layoff", "take")
"""The log entries that begin a turn."""


class RoundEndScreen(Screen[None]):
    """Each item of the score in the family's own terms, then the running totals.

    Dummy: table and hand points, knock, dark knock, fall, fool, penalties.
    Gin: deadwood, gin bonus, undercut, and the layout with the layoffs.
    Basic rummy: the cards left in the other hands and the rummy multiplier.
    Persian rummy: per team, table and hand points, four at once, the bonus.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "Next round", id="next_round"),
        Binding("n", "new_game", "New game", id="new_game"),
        Binding("e", "export", "Export", id="export"),
        Binding("q", "quit", "Quit", id="quit"),
    ]

    def __init__(
        self, session: Session, game: Round[Any], result: RoundResult, match_over: bool
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
        persian = self.session.family == "persian"  # its rounds are deals
        if persian:
            bindings = self._bindings.key_to_bindings
            bindings["enter"] = [
                dataclasses.replace(b, description=t("key.next_deal"))
                if b.id == "next_round"
                else b
                for b in bindings["enter"]
            ]
        self.query_one("#round-end-box").border_title = t(
            "end.title_deal" if persian else "end.title", n=len(self.session.match.results)
        )
        title = self.headline()
        result = self.match_result()
        if result is not None:
            # the match is over: who won comes first, where a small screen shows it
            result.stylize("bold")
            title = Text.assemble(result, "\n", title)
        self.query_one("#round-end-title", Static).update(title)
        self.query_one("#round-end-table", Static).update(self.breakdown())
        self.query_one("#round-end-hands", Static).update(self.hands())
        self.query_one("#round-end-totals", Static).update(self.totals())
        self.refresh_bindings()

    def headline(self) -> Text:
        game = self.game
        names = self.session.names
        look = self.dapp.look
        family = self.session.family
        knocker = game.knocker
        if family == "gin":
            return self.gin_headline()
        if family in ("rummy", "persian"):
            if game.end != "knock" or knocker is None:
                return fmt(f"end.{family}_dead")
            line = fmt(f"end.{family}_out", name=Text(names[knocker], Style(bold=True)))
            if family == "persian":
                line.append(" ")
                line.append_text(fmt("end.team_bonus", team=t(f"team.{knocker % 2}")))
            rows = self.result.breakdown
            if family == "rummy" and getattr(rows[knocker], "rummy", False):
                line.append(" ")
                line.append_text(fmt("end.rummy", times=getattr(rows[knocker], "multiplier", 2)))
            return line
        if game.end == "knock" and knocker is not None and game.knock_card is not None:
            key = "end.dark_knock" if game.dark_knock else "end.knock"
            line = fmt(
                key, name=Text(names[knocker], Style(bold=True)), card=look.text(game.knock_card)
            )
        else:
            line = fmt("end.stock_out")
        fool = getattr(game, "fool", None)
        if fool is not None:
            line.append("  ")
            line.append_text(fmt_about("end.fool", names[fool], name=names[fool]))
        return line

    def gin_headline(self) -> Text:
        game = self.game
        names = self.session.names
        look = self.dapp.look
        knocker = game.knocker
        if game.end != "knock" or knocker is None or game.knock_card is None:
            return fmt("end.gin_dead", wall=getattr(self.session.rules, "wall", 2))
        rows = self.result.breakdown
        who = Text(names[knocker], Style(bold=True))
        card = look.text(game.knock_card)
        if getattr(rows[knocker], "gin", False):
            return fmt("end.gin_gin", name=who, card=card)
        line = fmt(
            "end.gin_knock", name=who, card=card, deadwood=getattr(rows[knocker], "deadwood", 0)
        )
        for b in rows:
            if getattr(b, "undercut", False):
                line.append(" ")
                line.append_text(
                    fmt("end.gin_undercut", name=Text(names[b.seat], Style(bold=True)))
                )
        return line

    def breakdown(self) -> Table:
        family = self.session.family
        if family == "gin":
            return self.gin_breakdown()
        if family == "rummy":
            return self.rummy_breakdown()
        if family == "persian":
            return self.persian_breakdown()
        return self.dummy_breakdown()

    @staticmethod
    def _add(table: Table, key: str, cells: list[str], always: bool = False) -> None:
        if always or any(c not in ("", "0", "—") for c in cells):
            table.add_row(_term(key), *cells)

    @staticmethod
    def _total_row(table: Table, totals: list[int], key: str = "round_total") -> None:
        table.add_section()
        table.add_row(
            Text(t(f"item.{key}"), Style(bold=True)),
            *(Text(signed(v), Style(bold=True)) for v in totals),
        )

    def gin_breakdown(self) -> Table:
        rows: list[Any] = list(self.result.breakdown)
        table = score_table(self.session.names)
        add = self._add
        add(table, "deadwood", [str(b.deadwood) for b in rows], always=True)
        add(table, "gin_bonus", [f"+{b.bonus}" if b.gin else "" for b in rows])
        add(table, "undercut", [f"+{b.bonus}" if b.undercut else "" for b in rows])
        self._total_row(table, [b.total for b in rows])
        return table

    def rummy_breakdown(self) -> Table:
        rows: list[Any] = list(self.result.breakdown)
        table = score_table(self.session.names)
        add = self._add
        add(table, "left_in_hand", [str(b.hand) for b in rows], always=True)
        add(
            table, "went_out", [f"+{sum(r.hand for r in rows)}" if b.went_out else "" for b in rows]
        )
        add(table, "rummy", [f"×{b.multiplier}" if b.rummy else "" for b in rows])
        self._total_row(table, [b.total for b in rows])
        return table

    def persian_breakdown(self) -> Table:
        rows: list[Any] = list(self.result.breakdown)
        names = self.session.names
        teams = [0, 1]
        # the team over its players, two lines: one would be cut at 80 columns
        columns = [
            f"{t(f'team.{team}')}\n"
            + " & ".join(names[s] for s in range(len(names)) if s % 2 == team)
            for team in teams
        ]
        extra = self.four_at_once()
        table = score_table(columns)
        first = [rows[team] for team in teams]
        add = self._add
        add(table, "team_table", [f"+{b.table - extra[b.team]}" for b in first], always=True)
        add(table, "four_at_once", [f"+{extra[b.team]}" if extra[b.team] else "" for b in first])
        add(table, "hand", [f"−{b.hand}" if b.hand else "0" for b in first], always=True)
        add(table, "out_bonus", [f"+{b.out_bonus}" if b.out_bonus else "" for b in first])
        self._total_row(table, [b.total for b in first], "deal_total")
        return table

    def four_at_once(self) -> list[int]:
        """Persian: the extra points each team made with sets of four laid at once (×2)."""
        game = self.game
        extra = [0, 0]
        for m in game.melds:
            if m.kind == "set" and m.at_once == 4:
                for card, layer in zip(m.cards, m.layers, strict=True):
                    extra[layer % 2] += game.card_points(card)
        return extra

    def dummy_breakdown(self) -> Table:
        rules: Any = self.session.rules
        rows: list[Any] = list(self.result.breakdown)
        table = score_table(self.session.names)

        def add(key: str, cells: list[str], always: bool = False) -> None:
            self._add(table, key, cells, always)

        add("table", [f"+{b.table}" for b in rows], always=True)
        add("hand", [f"−{b.hand}" if b.hand else "0" for b in rows], always=True)
        add("fall", [f"×{b.hand_multiplier}" if b.fell else "" for b in rows])
        add("knock", [f"+{b.knock - b.knock_bonus}" if b.knock else "" for b in rows])
        add("knock_bonus", [f"+{b.knock_bonus}" if b.knock_bonus else "" for b in rows])
        add("dark_knock", [f"×{rules.dark_knock_multiplier}" if b.dark_knock else "" for b in rows])
        add(
            "one_suit_knock",
            [f"×{rules.one_suit_knock_multiplier}" if b.one_suit_knock else "" for b in rows],
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
        self._total_row(table, [b.total for b in rows])
        return table

    def hands(self) -> Text:
        look = self.dapp.look
        names = self.session.names
        out = Text()
        if self.session.family == "gin" and self.game.melds:
            out.append(t("end.gin_layout"), Style(bold=True))
            for meld in self.game.melds:
                out.append("\n  ")
                out.append(f"{names[meld.owner]}: ")
                for i, (card, layer) in enumerate(zip(meld.cards, meld.layers, strict=True)):
                    if i:
                        out.append(" ")
                    out.append_text(look.text(card))
                    if layer != meld.owner:
                        out.append(f"‹{names[layer]}›", Style(italic=True, dim=True))
            out.append("\n\n")
        last = self.last_turn()
        if last and self.game.knocker is not None:
            knocker = names[self.game.knocker]
            head = fmt_about("end.last_turn", knocker, name=knocker)
            head.stylize("bold")
            out.append_text(head)
            for line in last:
                out.append("\n  ")
                out.append_text(line)
            out.append("\n\n")
        family = self.session.family
        # a gin hand that died at the wall laid nothing out: each hand shows its
        # best arrangement, its melds in brackets and then its deadwood
        arranged = family == "gin" and not self.game.melds
        key = "end.hands"
        if family == "gin":
            key = "end.gin_arranged" if arranged else "end.deadwood_cards"
        out.append(t(key), Style(bold=True))
        ace_low = family in fam.PILE_FAMILIES
        for seat, name in enumerate(names):
            mask = self.game.hands[seat]
            out.append("\n  ")
            out.append(f"{name}: ")
            if not mask:
                out.append("—", Style(dim=True))
            elif arranged:
                out.append_text(gin_layout_text(mask, look))
            else:
                cards = sorted(cards_of(mask), key=fam.low_key) if ace_low else cards_of(mask)
                out.append_text(look.cards(cards))
        return out

    def last_turn(self) -> list[Text]:
        """The moves of the turn that ended the round, from the game log: how
        the knocker went out (gin shows its layout instead).  Empty when the
        round ran out of stock, or the log does not hold the whole turn (a
        game resumed in the middle of it)."""
        game = self.game
        seat = game.knocker
        if seat is None or game.end != "knock" or self.session.family == "gin":
            return []
        moves: list[LogEntry] = []
        undone = 0
        for entry in reversed(self.session.log):
            if entry.kind == "round" and not moves:
                continue  # the next round's heading
            if entry.seat != seat:
                break
            if entry.kind == "undo":
                undone += 1
            elif undone:
                undone -= 1  # a move taken back
            else:
                moves.append(entry)
                if entry.kind in TAKES:
                    break
        if not moves or moves[-1].kind not in TAKES:
            return []
        names = self.session.names
        look = self.dapp.look
        return [entry_text(entry, names, look, self.session.family) for entry in reversed(moves)]

    def totals(self) -> Text:
        match = self.session.match
        names = self.session.names
        rules: Any = self.session.rules
        teams = self.session.family == "persian" and len(names) == 4
        if teams:
            out = Text(t("end.totals_deals", n=getattr(rules, "deals", 2)), Style(bold=True))
            labels = [f"{t(f'team.{team}')}: {names[team]} & {names[team + 2]}" for team in (0, 1)]
            order = sorted((0, 1), key=lambda s: -match.totals[s])
            for team in order:
                out.append(f"\n  {ljust_cells(labels[team], 28)} {signed(match.totals[team]):>6}")
        else:
            out = Text(t("end.totals", target=rules.target_score), Style(bold=True))
            order = sorted(range(len(names)), key=lambda s: -match.totals[s])
            for seat in order:
                out.append(f"\n  {ljust_cells(names[seat], 16)} {signed(match.totals[seat]):>6}")
        out.append("\n\n")
        if self.match_over:
            out.append(t("end.after_match"))
        else:
            out.append(t("end.continue_deal" if teams else "end.continue"))
        return out

    def match_result(self) -> Text | None:
        """Who won the match (or the Persian game), once it is over."""
        if not self.match_over:
            return None
        names = self.session.names
        winner = self.session.match.winner
        if winner is None:
            return fmt("end.tie")
        if self.session.family == "persian" and len(names) == 4:
            team = winner % 2
            return fmt(
                "end.team_wins",
                team=Text(t(f"team.{team}"), Style(bold=True)),
                names=f"{names[team]} & {names[team + 2]}",
            )
        return fmt_about("end.winner", names[winner], name=Text(names[winner], Style(bold=True)))

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
        self.notify(t(fam.export_done_key(self.session.family), path=str(path)))

    def action_quit(self) -> None:
        self.app.exit()
