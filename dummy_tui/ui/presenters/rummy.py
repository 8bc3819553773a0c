"""Basic rummy: the cards each seat laid, the top of the pile, going out, rummy."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.style import Style
from rich.table import Table
from rich.text import Text

from dummy_tui.engine.families.rummy import RummyRound, RummyView
from dummy_tui.engine.round import TAKE
from dummy_tui.i18n import t
from dummy_tui.ui.presenters.base import Presenter, StatusPart, add_item, add_total, score_table
from dummy_tui.ui.words import fmt, name_text

if TYPE_CHECKING:
    from dummy_tui.engine.match import RoundResult
    from dummy_tui.ui.cardtext import CardLook


class RummyPresenter(Presenter[RummyRound]):
    family = "rummy"
    pile = True
    WORDS: ClassVar[dict[str, str]] = {
        # discarding the last card goes out: there is no knock in basic rummy
        "key.knock": "key.go_out",
        "log.knock": "log.out",
        "act.knock": "act.out",
        "coach.hint_knock": "coach.hint_out",
        # nothing on the table scores: laying down keeps points from whoever goes out
        "coach.hint_meld": "coach.hint_meld_rummy",
        "coach.hint_layoff": "coach.hint_layoff_rummy",
    }

    def take_plan(self, card: int) -> int | None:
        """Once the stock is the turned-over pile every draw is known (see
        ``sooner_by_taking``)."""
        from dummy_tui.ai.rummy.players import sooner_by_taking

        game = self.game
        view = game.view(game.seat)
        assert isinstance(view, RummyView)
        return sooner_by_taking(view, card)

    def seat_status(self, seat: int, viewer: int | None) -> list[StatusPart]:
        laid = self.game.laid[seat]
        if laid:
            return [Text(t("panel.laid", n=laid))]
        return [Text(t("panel.nothing_laid"), Style(dim=True))]

    def prompt(self, seat: int, look: CardLook) -> Text:
        game = self.game
        if game.phase == TAKE:
            top = look.text(game.discards[-1]) if game.discards else Text("—")
            return fmt("prompt.pile_take", card=top)
        if game.hands[seat].bit_count() == 1:
            return fmt("prompt.rummy_last")
        return fmt("prompt.rummy_play", moves=self.play_moves())

    # ------------------------------------------------------------------

    def headline(self, game: RummyRound, result: RoundResult, look: CardLook) -> Text:
        knocker = game.went_out
        if game.end != "knock" or knocker is None:
            return fmt("end.rummy_dead")
        line = fmt("end.rummy_out", name=name_text(self.session.names[knocker]))
        row = game.scores()[knocker]
        if row.rummy:
            line.append(" ")
            line.append_text(fmt("end.rummy", times=row.multiplier))
        return line

    def breakdown(self, game: RummyRound, result: RoundResult) -> Table:
        rows = game.scores()
        table = score_table(self.session.names)
        others = sum(r.hand for r in rows)
        add_item(table, "left_in_hand", [str(b.hand) for b in rows], always=True)
        add_item(table, "went_out", [f"+{others}" if b.went_out else "" for b in rows])
        add_item(table, "rummy", [f"×{b.multiplier}" if b.rummy else "" for b in rows])
        add_total(table, [b.total for b in rows])
        return table
