"""The coach's words at the table, every family alike: what the person whose
turn it is can do now (a line under the hand), and why the hint's move is
the one to make.  A family says more where it knows more (Dummy's coach
reads its AI's judgement: :mod:`.dummy_coaching`).

These are the presenter's own methods (:class:`Coaching` is a base of
:class:`~dummy_tui.ui.presenters.base.Presenter`), so that the table and a
lesson built on it ask for them alike.  They read the seat's own hand and
what the whole table sees; the table shows them only with that seat's hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from dummy_tui.engine import actions as act
from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.round import TAKE
from dummy_tui.ui.words import fmt, meld_order

if TYPE_CHECKING:
    from dummy_tui.engine.round import Round
    from dummy_tui.ui.cardtext import CardLook


def sentence(text: Text) -> Text:
    """``text`` with its first letter a capital (a line built from parts)."""
    plain = text.plain
    if plain[:1].islower():
        out = Text(plain[:1].upper())
        out.append_text(text[1:])
        return out
    return text


class Coaching:
    """What the coach says, from the round in play (``self.game``)."""

    if TYPE_CHECKING:

        @property
        def game(self) -> Round[Any]: ...

    # -- what is possible now --------------------------------------------------

    def possible_now(self, seat: int, look: CardLook) -> Text | None:
        """One line for the person whose turn it is: the moves they can make
        now, with their cards ("You can pick up 7♥: it makes 7♥ 8♥ 9♥ with
        your 8♥ 9♥ — 4 cards come along"); None when there is nothing to add
        to the prompt."""
        game = self.game
        if game.is_over or game.seat != seat:
            return None
        legal = game.legal_actions()
        if game.phase == TAKE:
            return self.take_line(seat, legal, look)
        return self.lay_line(legal, look)

    def take_line(self, seat: int, legal: list[act.Action], look: CardLook) -> Text | None:
        """What the taking part of the turn offers."""
        picks = [a for a in legal if isinstance(a, act.Pick | act.PickLayoff)]
        if picks:
            return self.pick_line(seat, picks, look)
        for a in legal:
            if isinstance(a, act.TakeDiscard):
                return self.top_line(seat, a.card, look)
        return None

    def pick_line(self, seat: int, picks: list[act.Pick | act.PickLayoff], look: CardLook) -> Text:
        """The pick-up that lays the longest meld and takes the fewest cards
        along, with its meld; and how many other cards could be picked up."""
        game = self.game
        row = game.row

        def rank(a: act.Pick | act.PickLayoff) -> tuple[int, int]:
            size = len(a.meld) if isinstance(a, act.Pick) else 1
            return size, row.index(a.card)

        best = max(picks, key=rank)
        line = self.pick_text(seat, best, look)
        others = len({a.card for a in picks} - {best.card})
        if others:
            line.append(" ")
            line.append_text(fmt("coach.more_picks", n=others))
        return line

    def pick_text(
        self, seat: int, pick: act.Pick | act.PickLayoff, look: CardLook, why: bool = False
    ) -> Text:
        """A pick-up and what it makes ("You can pick up 7♥: it makes …"), or
        with ``why`` only what it makes ("It makes …", the hint's reason)."""
        game = self.game
        taken = len(game.row) - game.row.index(pick.card)
        card = look.text(pick.card)
        if isinstance(pick, act.PickLayoff):
            meld = look.cards(game.melds[pick.target].cards)
            key = "coach.why_pick_layoff" if why else "coach.pick_layoff"
            line = fmt(key, card=card, meld=meld)
        else:
            hand = game.hands[seat]
            own = [c for c in pick.meld if hand >> c & 1]
            melded = look.cards(meld_order(pick.meld))
            if not own:  # a meld of the cards taken along (Persian rummy)
                key = "coach.why_pick_taken" if why else "coach.pick_taken"
            elif taken > 1:
                key = "coach.why_pick_along" if why else "coach.pick_along"
            else:
                key = "coach.why_pick" if why else "coach.pick"
            line = fmt(key, card=card, meld=melded, own=look.cards(meld_order(own)), n=taken)
        return line

    def top_line(self, seat: int, card: int, look: CardLook, why: bool = False) -> Text:
        """Whether the pile's top card makes a meld with the hand (gin, basic
        rummy); with ``why``, why to take it (the hint's reason)."""
        game = self.game
        hand = game.hands[seat]
        for meld in game.hand_melds(hand | 1 << card):
            if meld >> card & 1:
                cards = meld_order(cards_of(meld))
                own = [c for c in cards if c != card]
                return fmt(
                    "coach.why_take" if why else "coach.take",
                    card=look.text(card),
                    meld=look.cards(cards),
                    own=look.cards(own),
                )
        return fmt("coach.why_take_keep" if why else "coach.take_nothing", card=look.text(card))

    def lay_line(self, legal: list[act.Action], look: CardLook) -> Text | None:
        """The melds and layoffs that can be made now ("You can meld 5♦ 6♦ 7♦ (m)
        and lay off 10♥ (f)"); None when there are none."""
        melds = [a for a in legal if isinstance(a, act.Meld)]
        layoffs = sorted({a.card for a in legal if isinstance(a, act.LayOff)})
        if not melds and not layoffs:
            return None
        parts: list[Text] = []
        if melds:
            longest = max(melds, key=lambda a: (len(a.cards), a.cards))
            part = fmt("coach.can_meld", cards=look.cards(meld_order(longest.cards)))
            if len(melds) > 1:
                part.append_text(fmt("coach.more_melds", n=len(melds) - 1))
            parts.append(part)
        if layoffs:
            parts.append(fmt("coach.can_layoff", cards=look.cards(layoffs)))
        return fmt("coach.you_can", moves=Text(" ").join([parts[0], *_joined(parts[1:])]))

    # -- why the hint's move ------------------------------------------------------

    def explain(self, action: act.Action, look: CardLook) -> Text | None:
        """Why the hint's ``action`` (for the seat to move) is the move to make,
        in a sentence or two; None when there is nothing to say."""
        game = self.game
        seat = game.seat
        if isinstance(action, act.Pick | act.PickLayoff):
            return sentence(self.pick_why(seat, action, look))
        if isinstance(action, act.Meld):
            points = sum(game.card_points(c) for c in action.cards)
            return fmt("coach.why_meld", n=points)
        if isinstance(action, act.LayOff):
            return fmt("coach.why_layoff", card=look.text(action.card))
        if isinstance(action, act.TakeDiscard):
            return self.top_line(seat, action.card, look, why=True)
        if isinstance(action, act.Knock):
            return fmt("coach.why_gin_knock")
        if isinstance(action, act.Draw):
            return self.draw_reason(legal_takes(game.legal_actions()), look)
        if isinstance(action, act.End):
            return fmt("coach.why_end")
        if isinstance(action, act.Pass):
            return fmt("coach.why_pass")
        if isinstance(action, act.Discard):
            if game.kind_of(action) == "knock":
                return fmt("coach.why_knock")
            return self.discard_why(action.card, look)
        return None

    def draw_reason(self, takes: list[act.Action], look: CardLook) -> Text:
        """Why the hint draws rather than take what can be taken (``takes``)."""
        game = self.game
        for a in takes:
            if isinstance(a, act.TakeDiscard):
                hand = game.hands[game.seat] | 1 << a.card
                melds = any(m >> a.card & 1 for m in game.hand_melds(hand))
                key = "coach.why_draw_not_top" if melds else "coach.why_draw_top"
                return fmt(key, card=look.text(a.card))
        return fmt("coach.why_draw_not_pick" if takes else "coach.why_draw_nothing")

    def pick_why(self, seat: int, pick: act.Pick | act.PickLayoff, look: CardLook) -> Text:
        """Why a pick-up: what it makes."""
        return self.pick_text(seat, pick, look, why=True)

    def discard_why(self, card: int, look: CardLook) -> Text | None:
        """Why the hint discards ``card`` (families that know more say more)."""
        return fmt("coach.why_discard")

    def discard_question(self, card: int, look: CardLook) -> Text | None:
        """What the coach says before the person discards ``card``, when that is
        usually a mistake and a safer discard exists; None: nothing to ask."""
        return None


def legal_takes(legal: list[act.Action]) -> list[act.Action]:
    """The moves of ``legal`` that take a card other than from the stock."""
    return [a for a in legal if isinstance(a, act.Pick | act.PickLayoff | act.TakeDiscard)]


def _joined(parts: list[Text]) -> list[Text]:
    """Parts after the first, each led by the catalog's "and"."""
    out: list[Text] = []
    for part in parts:
        line = fmt("coach.and")
        line.append(" ")
        line.append_text(part)
        out.append(line)
    return out
