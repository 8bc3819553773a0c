"""Dummy (ดัมมี่): born or not, the head card and the spe-to cards, the knock."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.table import Table
from rich.text import Text

from dummy_tui.engine.actions import Action, Draw, Pick, PickLayoff
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.families.dummy_money import closing_card, spetos_held
from dummy_tui.engine.round import TAKE
from dummy_tui.i18n import t
from dummy_tui.ui.common import signed
from dummy_tui.ui.presenters.base import Presenter, StatusPart, add_item, add_total, score_table
from dummy_tui.ui.widgets.hand import SPETO, meld_mark
from dummy_tui.ui.widgets.row import head_mark
from dummy_tui.ui.words import fmt, fmt_about, name_text, play_order

if TYPE_CHECKING:
    from dummy_tui.engine.match import RoundResult
    from dummy_tui.ui.cardtext import CardLook
    from dummy_tui.ui.coach.dummy import DummyCoach
    from dummy_tui.ui.widgets.row import DiscardRow


class DummyPresenter(Presenter[DummyRound]):
    family = "dummy"
    table_points = True

    @property
    def help_anchor(self) -> str | None:
        return None  # Dummy's rules are the help's first section

    def seat_status(self, seat: int, viewer: int | None) -> list[StatusPart]:
        laid = self.laid()
        table = [Text(t("panel.table", table=laid[seat]))] if laid[seat] else []
        if self.game.born[seat]:
            return [Text(t("panel.born"), Style(bold=True, color="#5fbf5f")), *table]
        return [Text(t("panel.not_born"), Style(dim=True)), *table]

    def topbar_parts(self) -> list[Text]:
        game = self.game
        order = play_order(game.players, game.direction)
        key = "top.direction_cw" if game.direction == 1 else "top.direction_ccw"
        return [Text(t(key, order=order))]

    def speto_cards(self) -> frozenset[int]:
        game = self.game
        return frozenset(c for m in game.melds for c in m.cards if game.is_speto(c))

    def show_row(self, row: DiscardRow, look: CardLook) -> None:
        game = self.game
        row.set_pile(None)
        head = game.head if game.head_in_row else None
        row.set_cards(game.discards, head, {c for c in game.discards if game.is_speto(c)})
        row.border_title = t("row.title", n=len(game.discards))
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
        return fmt("prompt.play", moves=self.play_moves())

    def make_coach(self) -> DummyCoach:
        from dummy_tui.ui.coach.dummy import DummyCoach

        return DummyCoach(self)

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
        more = min(len(game.discards) - 1 - game.discards.index(a.card) for a in picks)
        if more:
            return t("hint.why_more", n=more)
        m = game.rules.dark_knock_multiplier
        if not game.born[game.seat] and m > 1:
            return t("hint.why_dark", m=m)
        return t("hint.why_layoff")

    # ------------------------------------------------------------------

    def headline(self, game: DummyRound, result: RoundResult, look: CardLook) -> Text:
        names = self.session.names
        knocker = game.went_out
        if game.end == "knock" and knocker is not None and game.out_card is not None:
            key = "end.dark_knock" if game.dark_knock else "end.knock"
            line = fmt(key, name=name_text(names[knocker]), card=look.text(game.out_card))
        else:
            line = fmt("end.stock_out")
        if game.fool is not None:
            fool = names[game.fool]
            line.append("  ")
            line.append_text(fmt_about("end.fool", fool, name=fool))
        return line

    def scores_subtitle(self) -> str | None:
        if self.game.rules.scoring == "money":
            return t("score.units", target=self.game.rules.target_score)
        return None

    def breakdown(self, game: DummyRound, result: RoundResult) -> Table:
        if game.rules.scoring == "money":
            return self.money_breakdown(game)
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
        add("show", [f"+{b.bonus}" if b.bonus else "" for b in rows])
        add(
            "first_turn_fool",
            [
                f"×{rules.fool_dark_first_turn_multiplier}" if b.first_turn_fool else ""
                for b in rows
            ],
        )
        add_total(table, [b.total for b in rows])
        return table

    def money_breakdown(self, game: DummyRound) -> Table:
        """The round in units (ดัมมี่น็อค): the points that rank the losers, the
        tier each paid, then what was paid for the result, the bonuses and the
        penalties, each as the engine counted it."""
        rows = game.scores()
        money = [b.money for b in rows]
        table = score_table(self.session.names)

        def add(key: str, cells: list[str], always: bool = False) -> None:
            add_item(table, key, cells, always)

        def events(counts: list[int]) -> list[str]:
            return ["✓" if n == 1 else f"✓{n}" if n else "" for n in counts]

        add("net", [signed(m.net) if m else "" for m in money], always=True)
        add("tier", [f"×{m.tier}" if m and m.tier else "" for m in money])
        add("dark_knock", [f"×{b.multiplier}" if b.multiplier > 1 else "" for b in rows])
        add("money_result", [signed(m.result) if m else "" for m in money], always=True)
        # who earned each bonus (the units are the engine's, in the next line)
        players = game.players
        for kind in ("head", "speto_meld", "speto_layoff", "show"):
            counts = [0] * players
            for bonus in game.bonuses:
                if bonus.kind == kind:
                    counts[bonus.seat] += 1
            add(f"bonus_{kind}", events(counts))
        closing = [int(s == game.went_out and closing_card(game)) for s in range(players)]
        add("bonus_closing", events(closing))
        add("bonus_speto_held", events([spetos_held(game, s) for s in range(players)]))
        add("money_bonuses", [signed(m.bonuses) if m else "" for m in money])
        kinds: list[str] = []
        for b in rows:
            for p in b.penalty_items:
                if p.kind not in kinds and p.kind != "fool_penalty":
                    kinds.append(p.kind)
        for kind in kinds:
            counts = [sum(p.kind == kind for p in b.penalty_items) for b in rows]
            add(kind, events(counts))
        add("money_penalties", [signed(m.penalties) if m else "" for m in money])
        add_total(table, [b.total for b in rows], "units_total")
        return table
