"""Dummy's coach: what the generic coach says (:mod:`.coaching`), and what
only Dummy's AI knows: whether a discard is usually a mistake (a spe-to, a
card the next player can pick up or knock with, one a house penalty
charges), what a hand waits for, whether anyone can use a card.

The judgement is :class:`~dummy_tui.ai.coach.DummyCoach`'s, read from the
seat's own view (:meth:`DummyRound.view`): the same view gets the same
words, however the hidden cards lie.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from dummy_tui.engine import actions as act
from dummy_tui.engine.round import TAKE
from dummy_tui.ui.presenters.coaching import Coaching
from dummy_tui.ui.words import fmt, fmt_about, name_text

if TYPE_CHECKING:
    from dummy_tui.ai.coach import DummyCoach, Warning
    from dummy_tui.engine.families.dummy import DummyRound
    from dummy_tui.ui.cardtext import CardLook
    from dummy_tui.ui.session import Session


PENALTY_WARNINGS = {
    "penalty_layoff": "coach.warn_penalty_layoff",
    "penalty_row_meld": "coach.warn_penalty_row_meld",
    "penalty_feed": "coach.warn_penalty_feed",
}
"""The catalog key of each house penalty a warning names."""


class DummyCoaching(Coaching):
    """The coach's words for Dummy."""

    if TYPE_CHECKING:

        @property
        def game(self) -> DummyRound: ...

        session: Session

        def draw_why(self) -> str | None: ...

    _coached: tuple[object, int, int, DummyCoach] | None = None

    def coach_of(self, seat: int) -> DummyCoach:
        """The coach's judgement of ``seat``'s position now, from its own view
        (worked out once per position)."""
        from dummy_tui.ai.coach import DummyCoach

        game = self.game
        key = (game, len(game.history), seat)
        if self._coached is None or self._coached[:3] != key:
            self._coached = (*key, DummyCoach(game.view(seat)))
        return self._coached[3]

    def waits_text(self, seat: int, hand: int, look: CardLook) -> Text | None:
        """What ``hand`` waits for ("Your 7♥ 9♥ wait for 8♥."), or None."""
        found = self.coach_of(seat).waits(hand)
        if found is None:
            return None
        pair, outs = found
        shown = Text(f" {fmt('coach.or').plain} ").join(look.text(c) for c in outs[:3])
        return fmt("coach.waits", cards=look.cards(list(pair)), outs=shown)

    def possible_now(self, seat: int, look: CardLook) -> Text | None:
        game = self.game
        if game.is_over or game.seat != seat:
            return None
        legal = game.legal_actions()
        hand = game.hands[seat]
        if game.phase == TAKE:
            picks = [a for a in legal if isinstance(a, act.Pick | act.PickLayoff)]
            if picks:
                line = self.pick_line(seat, picks, look)
                if not game.born[seat]:
                    line.append(" ")
                    line.append_text(fmt("coach.born_by_it"))
                return line
            # the prompt says there is no pick-up: what the hand waits for
            return self.waits_text(seat, hand, look)
        elif game.must_knock or hand.bit_count() == 1:
            return None  # the prompt says it all: knock
        elif game.knock_possible(seat):
            dark = not game.born_at_start and game.rules.dark_knock_multiplier > 1
            if dark:
                return fmt("coach.knock_dark", m=game.rules.dark_knock_multiplier)
            return fmt("coach.knock")
        else:
            lay = self.lay_line(legal, look)
            if lay is not None:
                return lay
            if not game.born[seat]:
                return fmt("coach.unborn")
            # nothing to lay down (the prompt says discard): what the hand waits for
            return self.waits_text(seat, hand, look)

    # -- the question before a discard ------------------------------------------

    def discard_question(self, card: int, look: CardLook) -> Text | None:
        game = self.game
        seat = game.seat
        if game.is_over or game.phase == TAKE:
            return None
        discards = [a.card for a in game.legal_actions() if isinstance(a, act.Discard)]
        if card not in discards:
            return None
        coach = self.coach_of(seat)
        judgement = coach.judge(discards)
        if not judgement.asks(card):
            return None
        out = fmt("coach.ask", card=look.text(card))
        for warning in judgement.warnings[card]:
            out.append("\n• ")
            out.append_text(self.warning_text(card, warning, look))
        safest = coach.safest(judgement.safe)
        others = [safest, *sorted(c for c in judgement.safe if c != safest)][:4]
        out.append("\n")
        out.append_text(fmt("coach.safer", cards=look.cards(others)))
        return out

    def warning_text(self, card: int, warning: Warning, look: CardLook) -> Text:
        """One reason, in words, that discarding ``card`` is usually a mistake."""
        kind = warning.kind
        if kind == "speto":
            return fmt("coach.warn_speto", card=look.text(card), points=warning.amount)
        if kind in ("knock", "pickup"):
            name = self.session.names[warning.seat]
            who = name_text(name)
            if kind == "knock":
                n = self.game.hands[warning.seat].bit_count()
                return fmt_about("coach.warn_knock", name, name=who, n=n)
            if len(warning.cards) == 2:
                return fmt("coach.warn_pickup_sure", name=who, cards=look.cards(warning.cards))
            if warning.cards:
                return fmt("coach.warn_pickup_one", name=who, card=look.text(warning.cards[0]))
            return fmt("coach.warn_pickup", name=who)
        return fmt(PENALTY_WARNINGS[kind])

    # -- why the hint's move ----------------------------------------------------

    def explain(self, action: act.Action, look: CardLook) -> Text | None:
        game = self.game
        if isinstance(action, act.Draw):
            why = self.draw_why()
            return Text(why) if why is not None else fmt("coach.why_draw")
        if isinstance(action, act.Show):
            return fmt("coach.why_show")
        if isinstance(action, act.Discard) and game.kind_of(action) == "knock":
            dark = not game.born_at_start and game.rules.dark_knock_multiplier > 1
            if dark:
                return fmt("coach.why_dark_knock", m=game.rules.dark_knock_multiplier)
            return fmt("coach.why_knock")
        if isinstance(action, act.Pick) and not game.born[game.seat]:
            line = self.pick_why(game.seat, action, look)
            line.append(" ")
            line.append_text(fmt("coach.born_by_it"))
            return line
        return super().explain(action, look)

    def discard_why(self, card: int, look: CardLook) -> Text | None:
        from dummy_tui.ai.coach import KNOCK_RISK

        game = self.game
        seat = game.seat
        coach = self.coach_of(seat)
        if coach.warnings(card):
            line = fmt("coach.why_least_bad")
        elif coach.nobody_can_use(card):
            line = fmt("coach.why_nobody")
        elif coach.pickup_chance(card)[0] < KNOCK_RISK:
            line = fmt("coach.why_unlikely")
        else:
            line = fmt("coach.why_discard")
        waits = self.waits_text(seat, game.hands[seat] & ~(1 << card), look)
        if waits is not None:
            line.append(" ")
            line.append_text(waits)
        return line
