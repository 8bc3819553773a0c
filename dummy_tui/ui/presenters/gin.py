"""Gin rummy: the dealer, the upcard offer, deadwood, the knock and its layout."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.table import Table
from rich.text import Text

from dummy_tui.engine.actions import Action, Knock
from dummy_tui.engine.cards import cards_of, sort_key_suit_low
from dummy_tui.engine.deadwood import arrangements
from dummy_tui.engine.families.gin import GinRound
from dummy_tui.engine.round import TAKE
from dummy_tui.i18n import t
from dummy_tui.ui.presenters.base import Presenter, StatusPart, add_item, add_total, score_table
from dummy_tui.ui.widgets.hand import MELD
from dummy_tui.ui.words import fmt, name_text

if TYPE_CHECKING:
    from dummy_tui.engine.match import RoundResult
    from dummy_tui.ui.cardtext import CardLook
    from dummy_tui.ui.widgets.table import MeldTable


def layout_of(mask: int) -> tuple[int, list[list[int]], list[int]]:
    """(deadwood, melds as sorted cards, deadwood cards) of a hand's best arrangement."""
    dw, ways = arrangements(mask)
    best = ways[0] if ways else []
    melds = [sorted(cards_of(m), key=sort_key_suit_low) for m in best]
    used = 0
    for m in best:
        used |= m
    return dw, melds, sorted(cards_of(mask & ~used), key=sort_key_suit_low)


def layout_text(mask: int, look: CardLook) -> Text:
    """A hand in its best arrangement: each meld in brackets, then the deadwood
    (``[4♦ 4♥ 4♠] [7♥ 8♥ 9♥] 2♣ K♠``)."""
    _, melds, dead = layout_of(mask)
    out = Text()
    for meld in melds:
        out.append("[")
        out.append_text(look.cards(meld))
        out.append("] ")
    out.append_text(look.cards(dead))
    return out


class GinPresenter(Presenter[GinRound]):
    family = "gin"
    pile = True
    melds_on_table = False

    def seat_status(self, seat: int, viewer: int | None) -> list[StatusPart]:
        if seat == self.game.dealer:
            return [Text(t("panel.dealer"), Style(dim=True))]
        return [Text(t("panel.non_dealer"), Style(dim=True))]

    def topbar_parts(self) -> list[Text]:
        return [Text(t("top.knock_limit", limit=self.game.rules.knock_limit))]

    def show_layout(self, table: MeldTable, look: CardLook, viewer: int | None) -> bool:
        """Gin lays nothing down before the knock: your hand in its best
        arrangement, the deadwood and the knock limit."""
        table.border_title = t("gin.layout_title")
        lines: list[tuple[Text, int | None]] = []
        if viewer is None:
            lines.append((Text(t("hand.hidden"), Style(dim=True)), None))
            table.show_lines(lines)
            return True
        game = self.game
        hand = game.hands[viewer]
        limit = game.rules.knock_limit
        dw, melds, dead = layout_of(hand)
        lines.append((Text(t("gin.your_melds"), Style(bold=True)), None))
        if melds:
            for m in melds:
                line = Text("  ")
                line.append_text(look.cards(m))
                lines.append((line, None))
        else:
            lines.append((Text("  " + t("gin.no_melds"), Style(dim=True)), None))
        # the cards under their heading, as the melds are: ten or eleven of them
        # beside it wrapped at 80 columns
        lines.append((Text(t("gin.deadwood", deadwood=dw), Style(bold=True)), None))
        line = Text("  ")
        line.append_text(look.cards(dead) if dead else Text("—", Style(dim=True)))
        lines.append((line, None))
        if hand.bit_count() > game.rules.hand_size[game.players]:
            after = game.hand_deadwood(hand)
            style = Style(bold=True, color="#5fbf5f") if after <= limit else Style(dim=True)
            lines.append((Text(t("gin.after_discard", deadwood=after, limit=limit), style), None))
        else:
            lines.append((Text(t("gin.knock_rule", limit=limit), Style(dim=True)), None))
        table.show_lines(lines)
        return True

    def hand_marks(self, seat: int) -> dict[int, set[str]]:
        """The cards of the melds of the hand's best arrangement, as the table
        panel shows it: a card that could meld only by breaking a better meld
        is deadwood there, and is not marked."""
        _, melds, _ = layout_of(self.game.hands[seat])
        return {c: {MELD} for meld in melds for c in meld}

    def hand_legend(self, seat: int, taken: int | None, look: CardLook) -> str:
        game = self.game
        mask = game.hands[seat]
        key = "hand.legend_gin"
        if mask.bit_count() > game.rules.hand_size[game.players]:
            # the ^ marks a card taken from the pile, not a draw
            key = "hand.legend_gin_11" if taken is not None else "hand.legend_gin_drawn"
        return t(key, deadwood=game.hand_deadwood(mask))

    def prompt(self, seat: int, look: CardLook) -> Text:
        game = self.game
        if game.phase == TAKE:
            top = look.text(game.discards[-1]) if game.discards else Text("—")
            if game.offer_stage < 2:
                return fmt("prompt.gin_offer", card=top)
            if game.offer_stage == 2:
                return fmt("prompt.gin_draw")
            return fmt("prompt.pile_take", card=top)
        limit = game.rules.knock_limit
        if self.can("knock"):
            return fmt("prompt.gin_knock", limit=limit)
        return fmt("prompt.gin_play", limit=limit)

    def knock_dialog(
        self, knocks: list[Action], selected: set[int], look: CardLook
    ) -> tuple[str, Text, list[tuple[Text, Action]]] | None:
        """Each knock with the deadwood it leaves and the layout it lays down."""
        game = self.game
        hand = game.hands[game.seat]
        options = [(game.knock_deadwood(a.card), a) for a in knocks if isinstance(a, Knock)]
        # the least deadwood first, where Enter takes it (a gin above all); among
        # equals, a card the player selected
        options.sort(key=lambda o: (o[0], o[1].card not in selected, o[1].card))
        choices: list[tuple[Text, Action]] = []
        for dw, a in options:
            key = "act.gin_gin" if dw == 0 else "act.gin_knock"
            label = fmt(key, card=look.text(a.card), deadwood=dw)
            label.append("  ")
            label.append_text(layout_text(hand & ~(1 << a.card), look))
            choices.append((label, a))
        return t("gin.knock_title"), fmt("gin.knock_intro"), choices

    # ------------------------------------------------------------------

    def headline(self, game: GinRound, result: RoundResult, look: CardLook) -> Text:
        names = self.session.names
        knocker = game.went_out
        if game.end != "knock" or knocker is None or game.out_card is None:
            return fmt("end.gin_dead", wall=game.rules.wall)
        rows = game.scores()
        who = name_text(names[knocker])
        card = look.text(game.out_card)
        if rows[knocker].gin:
            return fmt("end.gin_gin", name=who, card=card)
        line = fmt("end.gin_knock", name=who, card=card, deadwood=rows[knocker].deadwood)
        for b in rows:
            if b.undercut:
                line.append(" ")
                line.append_text(fmt("end.gin_undercut", name=name_text(names[b.seat])))
        return line

    def breakdown(self, game: GinRound, result: RoundResult) -> Table:
        rows = game.scores()
        table = score_table(self.session.names)
        add_item(table, "deadwood", [str(b.deadwood) for b in rows], always=True)
        add_item(table, "gin_bonus", [f"+{b.bonus}" if b.gin else "" for b in rows])
        add_item(table, "undercut", [f"+{b.bonus}" if b.undercut else "" for b in rows])
        add_total(table, [b.total for b in rows])
        return table

    shows_last_turn = False  # the knock's layout says more

    def layout(self, game: GinRound, look: CardLook) -> Text | None:
        """The knock's layout, with the cards the defender laid off named."""
        if not game.melds:
            return None
        names = self.session.names
        out = Text(t("end.gin_layout"), Style(bold=True))
        for meld in game.melds:
            out.append("\n  ")
            out.append(f"{names[meld.owner]}: ")
            for i, (card, layer) in enumerate(zip(meld.cards, meld.layers, strict=True)):
                if i:
                    out.append(" ")
                out.append_text(look.text(card))
                if layer != meld.owner:
                    out.append(f"‹{names[layer]}›", Style(italic=True, dim=True))
        return out

    def hands_heading(self, game: GinRound) -> str:
        return t("end.deadwood_cards" if game.melds else "end.gin_arranged")

    def hand_cards(self, game: GinRound, seat: int, look: CardLook) -> Text:
        # a hand dead at the wall laid nothing out: each hand shows its best
        # arrangement, its melds in brackets and then its deadwood
        if not game.melds:
            return layout_text(game.hands[seat], look)
        return super().hand_cards(game, seat, look)
