"""Basic rummy: ace low, a discard pile, melds and layoffs in any turn.

Reading decisions (where ``other-rummies.md`` leaves room) are marked
``# reading:``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dummy_tui.engine.actions import (
    DRAW,
    Action,
    Discard,
    Draw,
    LayOff,
    Meld,
    TakeDiscard,
)
from dummy_tui.engine.cards import CardError, card_text, cards_of, parse_card
from dummy_tui.engine.errors import IllegalMoveError, MoveSyntaxError
from dummy_tui.engine.families.common import (
    OVER,
    PLAY,
    TAKE,
    FamilyRound,
    cards_words,
    melds_low,
    rank_point_table,
)
from dummy_tui.engine.melds import TableMeld, meld_kind


@dataclass(slots=True)
class RummyBreakdown:
    """One seat's score in basic rummy."""

    seat: int
    hand: int  # points of the cards left in this seat's hand
    went_out: bool
    rummy: bool  # went out in one turn, having laid nothing before
    multiplier: int
    total: int

    def as_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "hand": self.hand,
            "went_out": self.went_out,
            "rummy": self.rummy,
            "multiplier": self.multiplier,
            "total": self.total,
        }


class RummyRound(FamilyRound):
    """One hand of basic rummy for 2 to 4 players."""

    family = "rummy"
    ace_low = True

    def _setup(self) -> None:
        self.points = rank_point_table(self.rules.rank_points)
        self.restocks = 0
        self.laid = [0] * self.players  # cards each seat has laid on the table
        self.laid_at_start = 0  # the mover's count when the turn began
        self.melds_this_turn = 0
        self.rummy = False

    _LISTS = ("hands", "stock", "row", "history", "laid")

    def card_points(self, card: int) -> int:
        return self.points[card]

    # ------------------------------------------------------------------
    # legal actions

    def _legal(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.phase == TAKE:
            out: list[Action] = []
            if self.stock:
                out.append(DRAW)
            if self.row:
                out.append(TakeDiscard(self.row[-1]))
            return out
        seat = self.seat
        hand = self.hands[seat]
        cards = cards_of(hand)
        out = [Discard(c) for c in cards if c != self.taken]
        limit = self.rules.melds_per_turn
        plays: list[Action] = []
        if not limit or self.melds_this_turn < limit:
            plays.extend(Meld(tuple(cards_of(m))) for m in melds_low(hand))
        for i, m in enumerate(self.melds):
            for c in cards:
                if m.fits(c, seat):
                    plays.append(LayOff(c, i))
        if self.taken is not None:
            plays = [a for a in plays if not self._strands_taken(a)]
        return out + plays

    def _strands_taken(self, action: Action) -> bool:
        """Would ``action`` leave only the taken card, which can go nowhere?"""
        taken = self.taken
        if taken is None:
            return False
        hand = self.hands[self.seat]
        if isinstance(action, Meld):
            left = hand & ~sum(1 << c for c in action.cards)
            melds = [*self.melds, TableMeld.new(self.seat, action.cards, ace_low=True)]
        elif isinstance(action, LayOff):
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

    def check(self, action: Action) -> None:
        if self.phase == OVER:
            raise IllegalMoveError("round_over", "round over: no more moves can be made")
        seat = self.seat
        hand = self.hands[seat]
        if self.phase == TAKE:
            if isinstance(action, Draw):
                if not self.stock:
                    raise IllegalMoveError(
                        "stock_empty", "stock empty: take the top discard", "rummy"
                    )
                return
            if isinstance(action, TakeDiscard):
                if not self.row:
                    raise IllegalMoveError("pile_empty", "pile empty: there is no discard to take")
                if action.card != self.row[-1]:
                    raise IllegalMoveError(
                        "not_top",
                        f"not the top card: only the top discard {card_text(self.row[-1])} "
                        "can be taken",
                    )
                return
            raise IllegalMoveError(
                "take_first", "take first: draw from the stock or take the top discard"
            )
        if isinstance(action, Draw | TakeDiscard):
            raise IllegalMoveError(
                "already_taken", "already taken: you have drawn or taken a card this turn"
            )
        if isinstance(action, Discard):
            if not hand >> action.card & 1:
                raise IllegalMoveError(
                    "not_in_hand", f"not in hand: you do not hold {card_text(action.card)}"
                )
            if action.card == self.taken:
                raise IllegalMoveError(
                    "taken_discard",
                    f"taken discard: {card_text(action.card)} was just taken from the discard "
                    "pile and may not be discarded this turn",
                )
            return
        if isinstance(action, Meld):
            for c in action.cards:
                if not hand >> c & 1:
                    raise IllegalMoveError(
                        "not_in_hand", f"not in hand: {card_text(c)} is not in your hand"
                    )
            if meld_kind(action.cards, ace_low=True) is None:
                reason, detail = "a meld is 3 or 4 of a rank, or 3+ in a row of one suit", ""
                if meld_kind(action.cards) == "run":  # a run with the ace high
                    reason, detail = "the ace is low only: Q K A is not a run", "ace_low"
                raise IllegalMoveError(
                    "not_a_meld", f"not a meld: {cards_words(action.cards)} ({reason})", detail
                )
            limit = self.rules.melds_per_turn
            if limit and self.melds_this_turn >= limit:
                raise IllegalMoveError(
                    "melds_per_turn",
                    f"melds per turn: at most {limit} new meld{'' if limit == 1 else 's'} a turn;"
                    " lay off or discard",
                )
        elif isinstance(action, LayOff):
            if not hand >> action.card & 1:
                raise IllegalMoveError(
                    "not_in_hand", f"not in hand: you do not hold {card_text(action.card)}"
                )
            if not 0 <= action.target < len(self.melds):
                raise IllegalMoveError("no_meld", "no such meld on the table")
            if not self.melds[action.target].fits(action.card, seat):
                raise IllegalMoveError(
                    "no_fit", f"does not fit: {card_text(action.card)} does not extend that meld"
                )
        else:
            raise IllegalMoveError("unknown", f"not a move in basic rummy: {action!r}")
        if self._strands_taken(action):
            assert self.taken is not None
            raise IllegalMoveError(
                "taken_discard",
                f"taken discard: this would leave only {card_text(self.taken)}, which was just "
                "taken from the pile and may not be discarded this turn",
            )

    # ------------------------------------------------------------------
    # applying

    def _do(self, action: Action) -> None:
        seat = self.seat
        self._legal_cache = None
        self.history.append((seat, action))
        if isinstance(action, Draw):
            self.hands[seat] |= 1 << self.stock.pop()
            self.phase = PLAY
        elif isinstance(action, TakeDiscard):
            card = self.row.pop()
            self.hands[seat] |= 1 << card
            self.taken = card
            self.phase = PLAY
        elif isinstance(action, Meld):
            self.hands[seat] &= ~sum(1 << c for c in action.cards)
            self.melds.append(TableMeld.new(seat, action.cards, ace_low=True))
            self.laid[seat] += len(action.cards)
            self.melds_this_turn += 1
            if not self.hands[seat]:
                self._go_out(seat, None)
        elif isinstance(action, LayOff):
            self.hands[seat] &= ~(1 << action.card)
            self.melds[action.target].add(action.card, seat)
            self.laid[seat] += 1
            if not self.hands[seat]:
                self._go_out(seat, None)
        elif isinstance(action, Discard):
            self.hands[seat] &= ~(1 << action.card)
            self.row.append(action.card)
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
            if self.restocks == 0 and len(self.row) > 1:
                self.restocks = 1
                # turned over: the oldest card comes on top (the end of the list)
                self.stock = list(reversed(self.row[:-1]))
                del self.row[:-1]
            else:
                self.end = "dead"
                self.phase = OVER

    def _go_out(self, seat: int, card: int | None) -> None:
        self.knocker = seat
        self.knock_card = card
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
        if self.end == "knock" and self.knocker is not None:
            row = rows[self.knocker]
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

    def move_words(self, index: int) -> list[str]:
        _, action = self.history[index]
        if isinstance(action, Draw):
            return ["draw"]
        if isinstance(action, TakeDiscard):
            return [f"pick {card_text(action.card)}"]
        if isinstance(action, Meld):
            return ["meld " + cards_words(action.cards)]
        if isinstance(action, LayOff):
            anchor = self.melds[action.target].anchor
            return [f"layoff {card_text(action.card)} {card_text(anchor)}"]
        if isinstance(action, Discard):
            last = index == len(self.history) - 1 and self.end == "knock"
            return [("knock " if last else "discard ") + card_text(action.card)]
        raise ValueError(f"not an action of basic rummy: {action!r}")

    def parse_move(self, text: str) -> Action:
        words = text.split()
        if not words:
            raise MoveSyntaxError("not a move: the move is empty")
        verb = words[0].lower()
        args = words[1:]
        if verb == "draw" and not args:
            return DRAW
        cards = _cards(args)
        if verb == "pick" and len(cards) == 1:
            return TakeDiscard(cards[0])
        if verb in ("discard", "knock") and len(cards) == 1:
            if verb == "knock" and not self.is_over:
                hand = self.hands[self.seat]
                if self.phase == TAKE or hand.bit_count() != 1:
                    raise IllegalMoveError(
                        "knock",
                        f"knock: discarding {card_text(cards[0])} would not end the round "
                        "(other cards would stay in your hand)",
                    )
            return Discard(cards[0])
        if verb == "meld" and cards:
            return Meld(tuple(sorted(cards)))
        if verb == "layoff" and len(cards) == 2:
            index = self.find_meld(cards[1])
            if index is None:
                raise IllegalMoveError(
                    "no_meld", f"no such meld: no meld on the table holds {card_text(cards[1])}"
                )
            return LayOff(cards[0], index)
        if verb in ("pass", "end"):
            raise IllegalMoveError(verb, f"{verb}: not a move in basic rummy")
        known = "draw, pick, meld, layoff, discard, knock"
        raise MoveSyntaxError(f"not a move: {text.strip()!r} (moves are {known})")


def _cards(words: list[str]) -> list[int]:
    out = []
    for w in words:
        try:
            c = parse_card(w)
        except CardError as exc:
            raise MoveSyntaxError(f"not a move: {exc}") from None
        if c >= 52:
            raise MoveSyntaxError(f"not a move: {w!r} is not in this ruleset's deck")
        out.append(c)
    return out


__all__ = ["RummyBreakdown", "RummyRound"]
