"""The coach: what a friend at the table would say, in one family's words.

A :class:`Coach` reads the round in play through its family's presenter and
says, for the seat to move:

* :meth:`Coach.possible` — what can be done now, in words ("You can pick up
  7♥: it makes 7♥ 8♥ 9♥ with your 8♥ 9♥. 4 cards come along.");
* :meth:`Coach.question` — before a discard that is legal but usually a
  mistake, the question to ask (the card, why, the safer card);
* :meth:`Coach.explain` — why a move (the hint's) is good;
* :meth:`Coach.round_why` — who starts the round and why;
* :meth:`Coach.avoid` — the cards the hand's cursor does not come to rest on
  by itself (a spe-to).

Every judgement of a discard comes from the family AI's reading of the
seat's own view (:func:`dummy_tui.ai.advice.discard_risks`), never from the
hidden cards.  The table screen and the lessons call these; nothing here
draws a widget.  A family's presenter makes its coach
(:meth:`~dummy_tui.ui.presenters.base.Presenter.make_coach`): this class is
basic rummy's, gin's and Persian rummy's; :mod:`.dummy` adds Dummy's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.text import Text

from dummy_tui.engine import actions as act
from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.round import TAKE
from dummy_tui.i18n import t
from dummy_tui.ui.words import fmt, name_text, rank_order, start_text

if TYPE_CHECKING:
    from dummy_tui.ai.advice import DiscardRisk
    from dummy_tui.engine.round import Round
    from dummy_tui.ui.cardtext import CardLook
    from dummy_tui.ui.presenters.base import Presenter

SHOWN_SAFE = 2
"""The most safe discards the line of what is possible names."""
MORE_PICKS = 3
"""The most other cards a line of what is possible names as pick-ups."""


@dataclass(frozen=True, slots=True)
class Question:
    """What the coach asks before a discard it would warn about: the title
    ("Discard 2♣?"), why (one or two sentences and the safer card), and the
    two answers' words."""

    title: str
    why: Text
    anyway: Text
    again: Text


class Coach:
    """The coach's words for one family; see the module."""

    def __init__(self, presenter: Presenter[Any]) -> None:
        self.presenter = presenter
        self._risks: tuple[object, int, int, dict[int, DiscardRisk]] | None = None

    @property
    def game(self) -> Round[Any]:
        return self.presenter.session.round

    @property
    def names(self) -> list[str]:
        return self.presenter.session.names

    # ------------------------------------------------------------------
    # judging discards

    def risks(self) -> dict[int, DiscardRisk]:
        """What each card of the hand of the seat to move gives away as a
        discard (the family AI's reading of that seat's view), worked out once
        a position."""
        from dummy_tui.ai.advice import discard_risks

        game = self.game
        key = (game, len(game.history), game.seat)
        if self._risks is None or self._risks[:3] != key:
            self._risks = (*key, discard_risks(game.view(game.seat)))
        return self._risks[3]

    def warned(self, action: act.Action) -> DiscardRisk | None:
        """The risk of ``action`` when it is a discard the coach asks about: one
        that gives more away than a sensible safer discard (None: none)."""
        from dummy_tui.ai.advice import warning

        if not isinstance(action, act.Discard):
            return None
        game = self.game
        return warning(self.risks(), game.legal_actions(), action)

    def safe_discards(self) -> list[int]:
        """The discards the coach would not ask about, the safest and best first."""
        from dummy_tui.ai.advice import calm

        if self.game.phase == TAKE:
            return []
        return [r.card for r in calm(self.risks(), self.game.legal_actions())]

    def question(self, action: act.Action, look: CardLook) -> Question | None:
        """What to ask before ``action`` (None: nothing, make it)."""
        from dummy_tui.ai.advice import alternatives

        risk = self.warned(action)
        if risk is None:
            return None
        card = look.text(risk.card)
        why = self.risk_text(risk, look)
        safer = alternatives(self.risks(), self.game.legal_actions(), risk)
        if safer:
            why.append(" ")
            why.append_text(fmt("coach.safer", card=look.text(safer[0].card)))
        return Question(
            t("coach.ask_title", card=look.label(risk.card)),
            why,
            fmt("coach.ask_anyway", card=card),
            fmt("coach.ask_again"),
        )

    def risk_text(self, risk: DiscardRisk, look: CardLook) -> Text:
        """Why a discard gives something away, in a sentence or two."""
        name = name_text(self.names[risk.seat])
        out = Text()
        for reason in risk.reasons:
            line = self.reason_text(reason, risk, name, look)
            if line is not None:
                if out:
                    out.append(" ")
                out.append_text(line)
        return out

    def reason_text(
        self, reason: str, risk: DiscardRisk, name: Text, look: CardLook
    ) -> Text | None:
        """One reason of a risk in words (None: the family says nothing of it)."""
        cards = look.cards(sorted(risk.partners, key=rank_order))
        needs = look.cards(sorted(risk.needs, key=rank_order), sep=t("coach.or"))
        return fmt(
            self.presenter.key(f"coach.why_{reason}"),
            card=look.text(risk.card),
            name=name,
            cards=cards,
            needs=needs,
            n=self.game.hands[risk.seat].bit_count(),
            meld=look.cards(sorted(risk.meld, key=rank_order)),
        )

    # ------------------------------------------------------------------
    # what can be done now

    def possible(self, look: CardLook) -> Text | None:
        """What the seat to move can do now, in words (None: nothing to add to the prompt)."""
        game = self.game
        if game.is_over:
            return None
        if game.phase == TAKE:
            return self.possible_take(look)
        return self.possible_play(look)

    def possible_take(self, look: CardLook) -> Text | None:
        """Before taking: the pick-up (or the top card) and what it makes."""
        game = self.game
        legal = game.legal_actions()
        picks = [a for a in legal if isinstance(a, act.Pick | act.PickLayoff)]
        if picks:
            # the card nearest the newest first: the fewest cards come along
            picks.sort(key=lambda a: (-game.discards.index(a.card), -self.laid_points(a)))
            parts = [self.pick_text(picks[0], look)]
            others = list(dict.fromkeys(a.card for a in picks if a.card != picks[0].card))
            if others:
                shown = look.cards(others[:MORE_PICKS])
                parts.append(fmt("coach.pick_more", cards=shown, n=len(others)))
            return join(parts)
        for action in legal:
            if isinstance(action, act.TakeDiscard):
                return self.take_text(action.card, look)
        return None

    def laid_points(self, action: act.Pick | act.PickLayoff | act.Meld | act.LayOff) -> int:
        """The points ``action`` lays on the table at once, as the round counts
        them (a Persian set of four laid at once counts double, a Dummy house
        rule may value an ace by its run): tried on a copy of the round."""
        game = self.game
        trial = game.clone()
        before = trial.table_points()[game.seat]
        trial.apply(action)
        return trial.table_points()[game.seat] - before

    def pick_text(self, action: act.Pick | act.PickLayoff, look: CardLook) -> Text:
        """A pick-up in words: the meld it makes with which cards of the hand,
        and how many cards come along."""
        game = self.game
        taken = game.discards[game.discards.index(action.card) :]
        if isinstance(action, act.PickLayoff):
            meld = look.cards(game.melds[action.target].cards)
            out = fmt("coach.pick_layoff", card=look.text(action.card), meld=meld)
        else:
            mine = [c for c in action.meld if c not in taken]
            out = fmt(
                "coach.pick",
                card=look.text(action.card),
                meld=look.cards(action.meld),
                cards=look.cards(mine),
            )
        if len(taken) > 1:  # the cards above the one picked up come with it
            out.append(" ")
            out.append_text(fmt("coach.come_along", n=len(taken) - 1))
        return out

    def take_text(self, card: int, look: CardLook) -> Text:
        """Taking ``card`` from a pile: the meld it makes with the hand, or that it makes none."""
        game = self.game
        hand = game.hands[game.seat]
        made = [m for m in game.hand_melds(hand | 1 << card) if m >> card & 1]
        if not made:
            return fmt("coach.take_none", card=look.text(card))
        meld = min(made, key=lambda m: (m.bit_count(), m))
        mine = [c for c in cards_of(meld) if c != card]
        return fmt(
            "coach.take",
            card=look.text(card),
            meld=look.cards(cards_of(meld)),
            cards=look.cards(mine),
        )

    def take_reason(self, card: int, look: CardLook) -> Text:
        """Why take ``card`` from the pile: the meld it makes; in basic rummy,
        once the stock is the turned-over pile, how soon it goes out with the
        draws known; in gin, where it makes no meld, the deadwood it saves for
        the card thrown instead, else the cards of the hand it pairs with."""
        game = self.game
        hand = game.hands[game.seat]
        melds = any(m >> card & 1 for m in game.hand_melds(hand | 1 << card))
        if not melds and not game.fits_table(card, game.seat):
            turns = self.presenter.take_plan(card)
            if turns is not None:  # the draws are known: taking goes out sooner
                return fmt("coach.hint_take_plan", card=look.text(card), n=turns - 1)
        if self.presenter.melds_on_table or melds:
            return self.take_text(card, look)
        from dummy_tui.engine import deadwood as dead

        before = dead.deadwood(hand)
        after = dead.discard_deadwoods(hand | 1 << card)
        after.pop(card, None)
        throw = min(after, key=lambda c: (after[c], -dead.GIN_POINTS[c], c))
        if after[throw] >= before:
            from dummy_tui.engine.relations import PARTNERS_LOW

            pairs = {c for pair in PARTNERS_LOW[card] for c in pair if hand >> c & 1}
            if not pairs:
                return self.take_text(card, look)
            return fmt(
                "coach.hint_take_pair",
                card=look.text(card),
                cards=look.cards(sorted(pairs, key=rank_order)),
            )
        return fmt(
            "coach.hint_take_deadwood",
            card=look.text(card),
            before=before,
            after=after[throw],
            throw=look.text(throw),
        )

    def possible_play(self, look: CardLook) -> Text | None:
        """After taking: the melds and layoffs there are, and the safe discards."""
        game = self.game
        legal = game.legal_actions()
        parts: list[Text] = []
        melds = [a for a in legal if isinstance(a, act.Meld)]
        layoffs = [a for a in legal if isinstance(a, act.LayOff)]
        if melds:
            best = max(melds, key=lambda a: (self.laid_points(a), len(a.cards)))
            parts.append(fmt("coach.meld", cards=look.cards(best.cards), n=len(melds)))
        if layoffs:
            first = layoffs[0]
            meld = look.cards(game.melds[first.target].cards)
            parts.append(fmt("coach.layoff", card=look.text(first.card), meld=meld, n=len(layoffs)))
        safe = self.safe_text(look)
        if safe is not None:
            parts.append(safe)
        return join(parts)

    def safe_text(self, look: CardLook) -> Text | None:
        """The best discards that give nothing more away than any other (none
        that a meld of the hand holds or that lays off on the table), best first."""
        from dummy_tui.ai.advice import SAFE

        game = self.game
        seat = game.seat
        hand = game.hands[seat]
        melded = 0
        for meld in game.hand_melds(hand):
            melded |= meld
        safe = [
            c for c in self.safe_discards() if not melded >> c & 1 and not game.fits_table(c, seat)
        ]
        if not safe or hand.bit_count() < 2:
            return None
        key = "coach.safe" if self.risks()[safe[0]].level == SAFE else "coach.least"
        return fmt(key, cards=look.cards(safe[:SHOWN_SAFE]))

    # ------------------------------------------------------------------
    # why a move

    def explain(self, action: act.Action, look: CardLook) -> Text | None:
        """Why ``action`` (the hint's move for the seat to move) is a good one."""
        game = self.game
        if isinstance(action, act.Discard):
            if game.kind_of(action) == "knock":
                return fmt(self.presenter.key("coach.hint_knock"))
            return self.explain_discard(action.card, look)
        if isinstance(action, act.Pick | act.PickLayoff):
            return self.pick_reason(action)
        if isinstance(action, act.Meld):
            key = self.presenter.key("coach.hint_meld")
            return fmt(key, points=self.laid_points(action), n=len(action.cards))
        if isinstance(action, act.LayOff):
            points = self.laid_points(action)
            return fmt(self.presenter.key("coach.hint_layoff"), points=points, n=points)
        if isinstance(action, act.TakeDiscard):
            return self.take_reason(action.card, look)
        if isinstance(action, act.Draw):
            top = game.discards[-1] if game.discards else None
            if top is not None and any(
                isinstance(a, act.TakeDiscard) for a in game.legal_actions()
            ):
                return fmt("coach.hint_draw_top", card=look.text(top))
            return fmt("coach.hint_draw")
        if isinstance(action, act.Pass):
            return fmt("coach.hint_pass")
        if isinstance(action, act.Knock):
            return fmt("coach.hint_gin_knock")
        if isinstance(action, act.End):
            return fmt("coach.hint_end")
        return None

    def pick_reason(self, action: act.Pick | act.PickLayoff, first: Text | None = None) -> Text:
        """Why a pick-up: the points it lays, ``first`` (a family's word on it),
        and how many cards come along with the card picked."""
        game = self.game
        out = fmt("coach.hint_pick", points=self.laid_points(action))
        if first is not None:
            out.append(" ")
            out.append_text(first)
        along = len(game.discards) - game.discards.index(action.card) - 1
        if along:
            out.append(" ")
            out.append_text(fmt("coach.come_along", n=along))
        return out

    def safe_words(self) -> str:
        """The catalog key of the words on a discard that no card known to the
        others melds with: where melds are laid as the round goes, it fits none
        of them either (gin's are laid only at the knock)."""
        if self.presenter.melds_on_table:
            return "coach.hint_discard_safe_pile"
        return "coach.hint_discard_safe_gin"

    def explain_discard(self, card: int, look: CardLook) -> Text:
        """Why discarding ``card``: what it gives away (nothing, or the least of
        any card), and what the hand keeps waiting for a meld."""
        from dummy_tui.ai.advice import SAFE

        risk = self.risks().get(card)
        if risk is None:
            return fmt("coach.hint_discard")
        out = fmt(self.safe_words() if risk.level == SAFE else "coach.hint_discard_least")
        if risk.keeps and risk.waits:
            out.append(" ")
            out.append_text(
                fmt(
                    "coach.hint_waits",
                    cards=look.cards(sorted(risk.keeps, key=rank_order)),
                    waits=look.cards(sorted(risk.waits, key=rank_order), sep=t("coach.or")),
                )
            )
        return out

    # ------------------------------------------------------------------
    # the round, the cursor

    def round_why(self) -> Text | None:
        """Who starts the round in play and why (the round's ``start`` line of
        the game log; None before there is one)."""
        for entry in reversed(self.presenter.session.log):
            if entry.kind == "start":
                return start_text(entry, self.names, self.presenter.key)
        return None

    def avoid(self, seat: int) -> set[int]:
        """Cards of ``seat``'s hand the cursor does not come to rest on by itself."""
        return set()


def join(parts: list[Text]) -> Text | None:
    """Sentences one after the other (None for none)."""
    if not parts:
        return None
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.append(" ")
        out.append_text(part)
    return out
