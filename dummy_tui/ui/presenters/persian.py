"""Persian rummy: two teams, a spread pile, deals instead of rounds."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.style import Style
from rich.table import Table
from rich.text import Text

from dummy_tui.engine.families.persian import PersianRound
from dummy_tui.engine.round import TAKE
from dummy_tui.i18n import t
from dummy_tui.textwidth import ljust_cells
from dummy_tui.ui.common import signed
from dummy_tui.ui.presenters.base import (
    TEAM_COLOURS,
    Presenter,
    StatusPart,
    add_item,
    add_total,
    score_table,
)
from dummy_tui.ui.words import fmt, name_text

if TYPE_CHECKING:
    from dummy_tui.engine.match import RoundResult
    from dummy_tui.ui.cardtext import CardLook

TEAMS = (0, 1)


class PersianPresenter(Presenter[PersianRound]):
    family = "persian"
    teams = True
    table_points = True
    WORDS: ClassVar[dict[str, str]] = {
        # a Persian game is counted in deals
        "log.round": "log.deal",
        "key.next_round": "key.next_deal",
        "end.title": "end.title_deal",
        "end.continue": "end.continue_deal",
        "export.done": "export.done_deal",
        "export.mid_round": "export.mid_round_deal",
    }

    def seat_status(self, seat: int, viewer: int | None) -> list[StatusPart]:
        game = self.game
        laid = self.laid()
        table = [Text(t("panel.table", table=laid[seat]))] if laid[seat] else []
        team = game.team_of(seat)
        style = Style(bold=True, color=TEAM_COLOURS[team])
        parts: list[StatusPart] = [
            (Text(t(f"team.{team}"), style), Text(t(f"team.short{team}"), style))
        ]
        if viewer is not None and viewer != seat and game.team_of(viewer) == team:
            # the partner mark outlasts the points, which the meld table also shows
            parts.append(Text(t("panel.partner"), Style(bold=True)))
            return parts + [(text, Text()) for text in table]
        return parts + table

    def round_label(self) -> str:
        return t("top.deal", n=self.session.round_number, of=self.game.rules.deals)

    def topbar_parts(self) -> list[Text]:
        totals = self.session.match.totals
        return [
            Text(
                t(f"team.{team}") + f" {signed(totals[team])}",
                Style(bold=True, color=TEAM_COLOURS[team]),
            )
            for team in TEAMS
        ]

    def scores_subtitle(self) -> str | None:
        return t("score.deals", n=self.game.rules.deals)

    def prompt(self, seat: int, look: CardLook) -> Text:
        game = self.game
        if game.phase != TAKE:
            return fmt("prompt.persian_play", moves=self.play_moves())
        if not game.stock:
            return fmt("prompt.persian_stock_out")
        if not self.can("pick"):
            return fmt("prompt.persian_draw")
        return fmt("prompt.persian_take")

    # ------------------------------------------------------------------

    def team_names(self, team: int) -> str:
        names = self.session.names
        return " & ".join(names[s] for s in range(len(names)) if s % 2 == team)

    def headline(self, game: PersianRound, result: RoundResult, look: CardLook) -> Text:
        knocker = game.went_out
        if game.end != "knock" or knocker is None:
            return fmt("end.persian_dead")
        line = fmt("end.persian_out", name=name_text(self.session.names[knocker]))
        line.append(" ")
        line.append_text(fmt("end.team_bonus", team=t(f"team.{game.team_of(knocker)}")))
        return line

    def breakdown(self, game: PersianRound, result: RoundResult) -> Table:
        rows = game.scores()
        # the team over its players, two lines: one would be cut at 80 columns
        columns = [f"{t(f'team.{team}')}\n{self.team_names(team)}" for team in TEAMS]
        extra = self.four_at_once(game)
        table = score_table(columns)
        first = [rows[team] for team in TEAMS]
        add_item(table, "team_table", [f"+{b.table - extra[b.team]}" for b in first], always=True)
        add_item(
            table, "four_at_once", [f"+{extra[b.team]}" if extra[b.team] else "" for b in first]
        )
        add_item(table, "hand", [f"−{b.hand}" if b.hand else "0" for b in first], always=True)
        add_item(table, "out_bonus", [f"+{b.out_bonus}" if b.out_bonus else "" for b in first])
        add_total(table, [b.total for b in first], "deal_total")
        return table

    @staticmethod
    def four_at_once(game: PersianRound) -> list[int]:
        """The extra points each team made with sets of four laid at once (×2)."""
        extra = [0, 0]
        for m in game.melds:
            if m.kind == "set" and m.at_once == 4:
                for card, layer in zip(m.cards, m.layers, strict=True):
                    extra[game.team_of(layer)] += game.card_points(card)
        return extra

    def totals(self, over: bool) -> Text:
        match = self.session.match
        deals = self.game.rules.deals
        out = Text(t("end.totals_deals", n=deals), Style(bold=True))
        labels = [f"{t(f'team.{team}')}: {self.team_names(team)}" for team in TEAMS]
        for team in sorted(TEAMS, key=lambda s: -match.totals[s]):
            out.append(f"\n  {ljust_cells(labels[team], 28)} {signed(match.totals[team]):>6}")
        out.append("\n\n")
        out.append(t("end.after_match") if over else t(self.key("end.continue")))
        return out

    def match_result(self) -> Text:
        winner = self.session.match.winner
        if winner is None:
            return fmt("end.tie")
        team = self.game.team_of(winner)
        return fmt("end.team_wins", team=name_text(t(f"team.{team}")), names=self.team_names(team))
