"""Dummy's coach: the pick-up and the cards that come along, being born, the
knock, the spe-to cards, and what a discard gives the next player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from dummy_tui.engine import actions as act
from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.ui.coach import Coach, join
from dummy_tui.ui.words import fmt

if TYPE_CHECKING:
    from dummy_tui.ai.advice import DiscardRisk
    from dummy_tui.ui.cardtext import CardLook


class DummyCoach(Coach):
    """The coach of Dummy (ดัมมี่)."""

    @property
    def dummy(self) -> DummyRound:
        game = self.game
        assert isinstance(game, DummyRound)
        return game

    # -- what can be done now ----------------------------------------------------

    def possible_take(self, look: CardLook) -> Text | None:
        game = self.dummy
        parts = [part for part in (super().possible_take(look),) if part is not None]
        if not game.born[game.seat]:
            parts.append(fmt("coach.not_born"))
        return join(parts)

    def possible_play(self, look: CardLook) -> Text | None:
        game = self.dummy
        seat = game.seat
        if game.must_knock or game.hands[seat].bit_count() == 1:
            return None  # the prompt says all there is: the knock
        if game.born[seat] or game.rules.unborn_play == "free":
            return super().possible_play(look)
        # not born: the prompt says the melds wait for a pick-up
        parts: list[Text] = []
        if game.knock_possible(seat) and game.rules.unborn_play == "knock_only":
            parts.append(fmt("coach.dark_knock", m=game.rules.dark_knock_multiplier))
        safe = self.safe_text(look)
        if safe is not None:
            parts.append(safe)
        return join(parts)

    # -- what a discard gives away ------------------------------------------------

    def reason_text(
        self, reason: str, risk: DiscardRisk, name: Text, look: CardLook
    ) -> Text | None:
        rules = self.dummy.rules
        if reason == "speto":
            return fmt("coach.why_speto", card=look.text(risk.card), points=rules.speto_points)
        if reason == "knock":
            n = self.dummy.hands[risk.seat].bit_count()
            line = fmt("coach.why_knock", name=name, n=n)
            if rules.fool_penalty:
                line.append(" ")
                line.append_text(fmt("coach.why_fool", points=rules.fool_penalty))
            return line
        return super().reason_text(reason, risk, name, look)

    # -- why a move ----------------------------------------------------------------

    def explain(self, action: act.Action, look: CardLook) -> Text | None:
        game = self.dummy
        if isinstance(action, act.Pick | act.PickLayoff) and not game.born[game.seat]:
            return self.pick_reason(action, fmt("coach.hint_born"))
        if isinstance(action, act.Draw):
            why = self.presenter.hint_why(action)
            return Text(why) if why is not None else fmt("coach.hint_draw_none")
        if isinstance(action, act.Show):
            return fmt("coach.hint_show")
        if isinstance(action, act.Discard) and game.kind_of(action) == "knock":
            dark = not game.born_at_start
            key = "coach.hint_dark_knock" if dark else "coach.hint_knock"
            return fmt(key, m=game.rules.dark_knock_multiplier)
        if isinstance(action, act.Meld | act.LayOff) and not game.born[game.seat]:
            return fmt("coach.hint_going_down")
        if isinstance(action, act.Discard) and self.could_lay():
            # the hint holds back what could be laid (hard's search, late heads-up)
            hold = (fmt("coach.hint_hold"), super().explain(action, look))
            return join([part for part in hold if part is not None])
        return super().explain(action, look)

    def could_lay(self) -> bool:
        """Whether the seat to move, born, may lay a meld or lay a card off now."""
        game = self.dummy
        return game.born[game.seat] and any(
            isinstance(a, act.Meld | act.LayOff) for a in game.legal_actions()
        )

    def safe_words(self) -> str:
        # a card of the row is picked up with two of one's own
        return "coach.hint_discard_safe"

    # -- the cursor ------------------------------------------------------------------

    def avoid(self, seat: int) -> set[int]:
        """The spe-to cards: the cursor never comes to rest on one by itself."""
        game = self.dummy
        return {c for c in cards_of(game.hands[seat]) if game.is_speto(c)}


__all__ = ["DummyCoach"]
