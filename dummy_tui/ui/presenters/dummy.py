"""Dummy (ดัมมี่): born or not, the head card and the spe-to cards, the knock."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.table import Table
from rich.text import Text

from dummy_tui.engine.actions import Action, Draw, Pick, PickLayoff
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.round import TAKE
from dummy_tui.ui.i18n import t
from dummy_tui.ui.presenters.base import Presenter, StatusPart, add_item, add_total, score_table
from dummy_tui.ui.widgets.hand import SPETO, meld_mark
from dummy_tui.ui.widgets.row import head_mark
from dummy_tui.ui.words import fmt, fmt_about, name_text

if TYPE_CHECKING:
    from dummy_tui.engine.match import RoundResult
    from dummy_tui.ui.cardtext import CardLook
    from dummy_tui.ui.widgets.row import DiscardRow


class DummyPresenter(Presenter[DummyRound]):
    family = "dummy"
    table_points = True

    def seat_status(self, seat: int, viewer: int | None) -> list[StatusPart]:
        laid = self.laid()
        table = [Text(t("panel.table", table=laid[seat]))] if laid[seat] else []
        if self.game.born[seat]:
            return [Text(t("panel.born"), Style(bold=True, color="#5fbf5f")), *table]
        return [Text(t("panel.not_born"), Style(dim=True)), *table]

    def topbar_parts(self) -> list[Text]:
        game = self.game
        seats = [str(i + 1) for i in range(game.players)]
        order = "→".join(seats if game.direction == 1 else seats[::-1])
        key = "top.direction_cw" if game.direction == 1 else "top.direction_ccw"
        return [Text(t(key, order=order))]

    def speto_cards(self) -> frozenset[int]:
        game = self.game
        return frozenset(c for m in game.melds for c in m.cards if game.is_speto(c))

    def show_row(self, row: DiscardRow, look: CardLook) -> None:
        game = self.game
        row.set_pile(None)
        head = game.head if game.head_in_row else None
        row.set_cards(game.row, head, {c for c in game.row if game.is_speto(c)})
        row.border_title = t("row.title", n=len(game.row))
        # the head card's one mark is H: say so when it is a spe-to as well;
        # once it has been picked up, no card carries an H
        if head is None:
            key = "row.legend_no_head"
        elif game.is_speto(head):
            key = "row.legend_head_speto"
        else:
            key = "row.legend"
        row.border_subtitle = t(key, head=head_mark(look.ascii))

    def hand_marks(self, seat: int) -> dict[int, set[str]]:
        marks = super().hand_marks(seat)
        game = self.game
        for c in game.hand(seat):
            if game.is_speto(c):
                marks.setdefault(c, set()).add(SPETO)
        return marks

    def hand_legend(self, seat: int, taken: int | None, look: CardLook) -> str:
        return t("hand.legend_dummy", meld=meld_mark(look.ascii))

    def prompt(self, seat: int, look: CardLook) -> Text:
        game = self.game
        if game.phase == TAKE:
            if not game.stock:
                return fmt("prompt.take_stock_out")
            refusal = game.refusal("pick")
            if refusal is None:
                return fmt("prompt.take")
            if refusal.rule == "first_turn_must_draw":
                return fmt("prompt.take_first_turn")
            return fmt("prompt.take_draw")
        if game.must_knock:
            if game.knock_possible(seat):
                return fmt("prompt.must_knock")
            return fmt("prompt.knock_lost")
        if game.hands[seat].bit_count() == 1:
            return fmt("prompt.knock")
        if not game.born[seat]:
            if game.knock_possible(seat):
                return fmt("prompt.play_unborn_knock")
            return fmt("prompt.play_unborn")
        return fmt("prompt.play")

    def hint_why(self, action: Action) -> str | None:
        """Why a hint to draw passes the pick-ups, in plain facts.

        Only facts of the position, from the first that applies: every pick-up
        takes more row cards along; it would make the player born and so end a
        dark knock; its meld goes where the others can lay off on it.  None
        when the hint is not a draw, or no pick-up is legal (the prompt says so).
        """
        game = self.game
        if not isinstance(action, Draw):
            return None
        picks = [a for a in game.legal_actions() if isinstance(a, Pick | PickLayoff)]
        if not picks:
            return None
        more = min(len(game.row) - 1 - game.row.index(a.card) for a in picks)
        if more:
            return t("hint.why_more", n=more)
        m = game.rules.dark_knock_multiplier
        if not game.born[game.seat] and m > 1:
            return t("hint.why_dark", m=m)
        return t("hint.why_layoff")

    # ------------------------------------------------------------------

    def headline(self, game: DummyRound, result: RoundResult, look: CardLook) -> Text:
        names = self.session.names
        knocker = game.knocker
        if game.end == "knock" and knocker is not None and game.knock_card is not None:
            key = "end.dark_knock" if game.dark_knock else "end.knock"
            line = fmt(key, name=name_text(names[knocker]), card=look.text(game.knock_card))
        else:
            line = fmt("end.stock_out")
        if game.fool is not None:
            fool = names[game.fool]
            line.append("  ")
            line.append_text(fmt_about("end.fool", fool, name=fool))
        return line

    def breakdown(self, game: DummyRound, result: RoundResult) -> Table:
        rules = game.rules
        rows = game.scores()
        table = score_table(self.session.names)

        def add(key: str, cells: list[str], always: bool = False) -> None:
            add_item(table, key, cells, always)

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
            add("fool" if kind == "fool_penalty" else kind, cells, always=True)
        add_total(table, [b.total for b in rows])
        return table
