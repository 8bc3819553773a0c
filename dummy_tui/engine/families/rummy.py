"""Basic rummy: ace low, a discard pile, melds and layoffs in any turn.

Reading decisions (where ``other-rummies.md`` leaves room) are marked
``# reading:``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from dummy_tui.engine import actions as act
from dummy_tui.engine.cards import cards_of, rank_point_table
from dummy_tui.engine.errors import IllegalMoveError, add_messages
from dummy_tui.engine.melds import TableMeld, meld_kind, melds_in_low
from dummy_tui.engine.notation import move_cards, not_a_move, split_move
from dummy_tui.engine.round import OVER, PLAY, TAKE, Round
from dummy_tui.engine.scores import ScoreLine
from dummy_tui.engine.view import PlayerView
from dummy_tui.rules.schema import RummyRules

add_messages(
    {
        "already_taken.rummy": "already taken: you have drawn or taken a card this turn",
        "take_first.rummy": "take first: draw from the stock or take the top discard",
        "knock_cards.rummy": (
            "go out: meld and lay off down to your last card first, then discard it"
        ),
        "last_discard.rummy": "last card: {card} is your last card, and discarding it goes out",
        "stock_empty.rummy": "stock empty: take the top discard",
        "melds_per_turn": (
            "melds per turn: at most {n} new meld a turn; lay off or discard",
            "melds per turn: at most {n} new melds a turn; lay off or discard",
        ),
    }
)
"""Basic rummy's own refusals in English (:mod:`dummy_tui.engine.errors`)."""


@dataclass(slots=True)
class RummyBreakdown(ScoreLine):
    """One seat's score in basic rummy."""

    seat: int
    hand: int  # points of the cards left in this seat's hand
    went_out: bool
    rummy: bool  # went out in one turn, having laid nothing before
    multiplier: int
    total: int

    def json_fields(self) -> tuple[str, ...]:
        return ("seat", "hand", "went_out", "rummy", "multiplier", "total")


@dataclass(slots=True)
class RummyView(PlayerView):
    """What one seat may know in basic rummy: the shared view and the card it took."""

    taken: int | None  # the card this seat took from the pile this turn
    laid: list[int]  # cards each seat has laid on the table
    restocks: int  # times the pile has been turned over into a new stock


class RummyRound(Round[RummyRules]):
    """One hand of basic rummy for 2 to 4 players."""

    family = "rummy"
    ace_low = True
    kinds = frozenset({"draw", "pick", "meld", "layoff", "discard", "knock"})
    view_type = RummyView
    _COPIED: ClassVar[tuple[str, ...]] = ("hands", "stock", "discards", "history", "laid")

    def _setup(self) -> None:
        self.points = rank_point_table(self.rules.rank_points)
        self.restocks = 0
        self.laid = [0] * self.players  # cards each seat has laid on the table
        self.laid_at_start = 0  # the mover's count when the turn began
        self.melds_this_turn = 0
        self.rummy = False

    def card_points(self, card: int) -> int:
        return self.points[card]

    def hand_melds(self, mask: int) -> list[int]:
        return melds_in_low(mask)

    def kind_of(self, action: act.Action) -> str:
        if isinstance(action, act.Discard) and self.hands[self.seat] == 1 << action.card:
            return "knock"  # the last card: going out
        return super().kind_of(action)

    def _view_fields(self, seat: int) -> dict[str, Any]:
        return {
            "taken": self.taken if seat == self.seat else None,
            "laid": list(self.laid),
            "restocks": self.restocks,
        }

    def _from_view(self, view: PlayerView) -> None:
        assert isinstance(view, RummyView)
        self.restocks = view.restocks
        self.laid = list(view.laid)
        this_turn = [action for _, action in self.history[self.turn_start :]]
        self.melds_this_turn = sum(isinstance(a, act.Meld) for a in this_turn)
        laid_now = 0  # the cards the mover has laid this turn
        for a in this_turn:
            if isinstance(a, act.Meld):
                laid_now += len(a.cards)
            elif isinstance(a, act.LayOff):
                laid_now += 1
        self.laid_at_start = self.laid[self.seat] - laid_now

    # ------------------------------------------------------------------
    # legal actions

    def _legal(self) -> list[act.Action]:
        if self.phase == OVER:
            return []
        if self.phase == TAKE:
            out: list[act.Action] = []
            if self.stock:
                out.append(act.DRAW)
            if self.discards:
                out.append(act.TakeDiscard(self.discards[-1]))
            return out
        seat = self.seat
        hand = self.hands[seat]
        cards = cards_of(hand)
        out = [act.Discard(c) for c in cards if c != self.taken]
        limit = self.rules.melds_per_turn
        plays: list[act.Action] = []
        if not limit or self.melds_this_turn < limit:
            plays.extend(act.Meld(tuple(cards_of(m))) for m in melds_in_low(hand))
        for i, m in enumerate(self.melds):
            for c in cards:
                if m.fits(c, seat):
                    plays.append(act.LayOff(c, i))
        if self.taken is not None:
            plays = [a for a in plays if not self._strands_taken(a)]
        return out + plays

    def _strands_taken(self, action: act.Action) -> bool:
        """Would ``action`` leave only the taken card, which can go nowhere?"""
        taken = self.taken
        if taken is None:
            return False
        hand = self.hands[self.seat]
        if isinstance(action, act.Meld):
            left = hand & ~sum(1 << c for c in action.cards)
            melds = [*self.melds, TableMeld.new(self.seat, action.cards, ace_low=True)]
        elif isinstance(action, act.LayOff):
            left = hand & ~(1 << action.card)
            melds = [m.copy() for m in self.melds]
            melds[action.target].add(action.card, self.seat)
        else:
            return False
        if left != 1 << taken:
            return False
        return not any(m.fits(taken, self.seat) for m in melds)

    # ------------------------------------------------------------------
    # checking

    def check(self, action: act.Action) -> None:
        if self.phase == OVER:
            raise IllegalMoveError("round_over")
        hand = self.hands[self.seat]
        if self.phase == TAKE:
            if isinstance(action, act.Draw):
                if not self.stock:
                    raise IllegalMoveError("stock_empty", "rummy")
                return
            if isinstance(action, act.TakeDiscard):
                if not self.discards:
                    raise IllegalMoveError("pile_empty")
                if action.card != self.discards[-1]:
                    raise IllegalMoveError("not_top", top=self.discards[-1])
                return
            raise IllegalMoveError("take_first", "rummy")
        if isinstance(action, act.Draw | act.TakeDiscard):
            raise IllegalMoveError("already_taken", "rummy")
        if isinstance(action, act.Discard):
            if not hand >> action.card & 1:
                raise IllegalMoveError("not_in_hand", card=action.card)
            if action.card == self.taken:
                raise IllegalMoveError("taken_discard", card=action.card)
            return
        if isinstance(action, act.Meld):
            for c in action.cards:
                if not hand >> c & 1:
                    raise IllegalMoveError("not_in_hand", "meld", card=c)
            if meld_kind(action.cards, ace_low=True) is None:
                detail = "ace_low" if meld_kind(action.cards) == "run" else ""  # the ace high
                raise IllegalMoveError("not_a_meld", detail, cards=tuple(action.cards))
            limit = self.rules.melds_per_turn
            if limit and self.melds_this_turn >= limit:
                raise IllegalMoveError("melds_per_turn", n=limit)
        elif isinstance(action, act.LayOff):
            if not hand >> action.card & 1:
                raise IllegalMoveError("not_in_hand", card=action.card)
            if not 0 <= action.target < len(self.melds):
                raise IllegalMoveError("no_meld")
            if not self.melds[action.target].fits(action.card, self.seat):
                raise IllegalMoveError("no_fit", card=action.card)
        else:
            raise IllegalMoveError("unknown", text=repr(action))
        if self._strands_taken(action):
            assert self.taken is not None
            raise IllegalMoveError("taken_discard", "strand", card=self.taken)

    def _refusal(self, kind: str, cards: tuple[int, ...]) -> IllegalMoveError | None:
        hand = self.hands[self.seat]
        if kind == "draw":
            return IllegalMoveError("stock_empty", "rummy")
        if kind == "pick":
            return IllegalMoveError("pile_empty")
        if cards and not hand >> cards[0] & 1:
            return IllegalMoveError("not_in_hand", card=cards[0])
        if kind == "meld":
            limit = self.rules.melds_per_turn
            if limit and self.melds_this_turn >= limit:
                return IllegalMoveError("melds_per_turn", n=limit)
        if kind in ("meld", "layoff"):
            return self._lay_refusal(kind, cards)
        if kind in ("discard", "knock") and cards and cards[0] == self.taken:
            return IllegalMoveError("taken_discard", card=cards[0])
        if kind == "knock" and hand.bit_count() > 1:
            return IllegalMoveError("knock_cards", "rummy")
        if kind == "discard" and hand.bit_count() == 1:
            return IllegalMoveError("last_discard", "rummy", card=hand.bit_length() - 1)
        return None

    # ------------------------------------------------------------------
    # applying

    def _play(self, seat: int, action: act.Action) -> None:
        if isinstance(action, act.Draw):
            self.hands[seat] |= 1 << self.stock.pop()
            self.phase = PLAY
        elif isinstance(action, act.TakeDiscard):
            card = self.discards.pop()
            self.hands[seat] |= 1 << card
            self.taken = card
            self.phase = PLAY
        elif isinstance(action, act.Meld):
            self.hands[seat] &= ~sum(1 << c for c in action.cards)
            self.melds.append(TableMeld.new(seat, action.cards, ace_low=True))
            self.laid[seat] += len(action.cards)
            self.melds_this_turn += 1
            if not self.hands[seat]:
                self._go_out(seat, None)
        elif isinstance(action, act.LayOff):
            self.hands[seat] &= ~(1 << action.card)
            self.melds[action.target].add(action.card, seat)
            self.laid[seat] += 1
            if not self.hands[seat]:
                self._go_out(seat, None)
        elif isinstance(action, act.Discard):
            self.hands[seat] &= ~(1 << action.card)
            self.discards.append(action.card)
            if not self.hands[seat]:
                self._go_out(seat, action.card)
                return
            self.seat = self.next_seat(seat)
            self._start_turn()

    def _start_turn(self) -> None:
        self.phase = TAKE
        self.taken = None
        self.turn_start = len(self.history)
        self.melds_this_turn = 0
        self.laid_at_start = self.laid[self.seat]
        if not self.stock:
            # reading: the stock "runs out" when a turn begins with it empty;
            # the first time the pile (but its top card) becomes the stock,
            # the second time the hand is void.
            if self.restocks == 0 and len(self.discards) > 1:
                self.restocks = 1
                # turned over: the oldest card comes on top (the end of the list)
                self.stock = list(reversed(self.discards[:-1]))
                del self.discards[:-1]
            else:
                self.end = "dead"
                self.phase = OVER

    def _go_out(self, seat: int, card: int | None) -> None:
        self.went_out = seat
        self.out_card = card
        self.end = "knock"
        self.phase = OVER
        # reading: "without having melded before" counts layoffs as laying cards
        self.rummy = self.laid_at_start == 0

    # ------------------------------------------------------------------
    # scoring

    def scores(self) -> list[RummyBreakdown]:
        if self.end is None:
            raise ValueError("the round is not over")
        hands = [sum(self.points[c] for c in cards_of(h)) for h in self.hands]
        rows = [RummyBreakdown(s, hands[s], False, False, 1, 0) for s in range(self.players)]
        if self.end == "knock" and self.went_out is not None:
            row = rows[self.went_out]
            row.went_out = True
            row.rummy = self.rummy
            row.multiplier = self.rules.rummy_multiplier if self.rummy else 1
            row.total = sum(hands) * row.multiplier
        return rows

    def next_round(self) -> tuple[int, int]:
        # reading: the deal passes to the next seat, whoever won
        return (self.starter + self.start_direction) % self.players, self.start_direction

    # ------------------------------------------------------------------
    # notation

    def parse_move(self, text: str) -> act.Action:
        verb, args = split_move(text)
        if verb == "draw" and not args:
            return act.DRAW
        cards = move_cards(args)
        if verb == "pick" and len(cards) == 1:
            return act.TakeDiscard(cards[0])
        if verb in ("discard", "knock") and len(cards) == 1:
            if verb == "knock" and not self.is_over:
                hand = self.hands[self.seat]
                if self.phase == TAKE or hand.bit_count() != 1:
                    raise IllegalMoveError("knock", card=cards[0])
            return act.Discard(cards[0])
        if verb == "meld" and cards:
            return act.Meld(tuple(sorted(cards)))
        if verb == "layoff" and len(cards) == 2:
            index = self.find_meld(cards[1])
            if index is None:
                raise IllegalMoveError("no_meld", "holds", card=cards[1])
            return act.LayOff(cards[0], index)
        if verb in ("pass", "end", "show"):
            raise IllegalMoveError("never", f"rummy_{verb}")
        not_a_move(text, "draw, pick, meld, layoff, discard, knock")


__all__ = ["RummyBreakdown", "RummyRound", "RummyView"]
