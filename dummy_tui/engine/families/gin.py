"""Gin rummy: the upcard offer, knocking, the best layout, gin and undercut.

Reading decisions (where ``other-rummies.md`` leaves room) are marked
``# reading:``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Final

from dummy_tui.engine import actions as act
from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.deadwood import (
    GIN_POINTS,
    arrangements,
    best_defence,
    deadwood,
    deadwood_after_discard,
    discard_deadwoods,
)
from dummy_tui.engine.errors import IllegalMoveError, add_messages
from dummy_tui.engine.melds import TableMeld, melds_in_low
from dummy_tui.engine.notation import move_card, not_a_move, split_move
from dummy_tui.engine.round import OVER, PLAY, TAKE, Round
from dummy_tui.engine.scores import ScoreLine
from dummy_tui.engine.view import PlayerView
from dummy_tui.rules.schema import GinRules

add_messages(
    {
        "already_taken.gin": "already taken: you have drawn or taken a card this turn",
        "take_first.gin": "take first: draw from the stock or take the top discard",
        "pass.gin": "pass: only the first upcard can be passed; draw or take the top discard",
        "upcard_offer": (
            "upcard offer: take the upcard or pass; the stock is drawn only after both players "
            "have passed it"
        ),
        "upcard_passed": "upcard passed: both players passed the upcard; draw from the stock",
        "knock_limit": (
            "knock limit: after discarding {card} your deadwood is {deadwood}, more than {limit}"
        ),
        "knock_limit.best": (
            "knock limit: your deadwood after the best discard is {deadwood}, more than {limit}"
        ),
    }
)
"""Gin rummy's own refusals in English (:mod:`dummy_tui.engine.errors`)."""


@dataclass(slots=True)
class GinBreakdown(ScoreLine):
    """One seat's hand score in gin."""

    seat: int
    deadwood: int  # after melds (and, for the defender, layoffs)
    gin: bool  # this seat knocked with no deadwood
    undercut: bool  # this seat undercut the knocker
    bonus: int  # gin_bonus or undercut_bonus won by this seat
    total: int

    def json_fields(self) -> tuple[str, ...]:
        return ("seat", "deadwood", "gin", "undercut", "bonus", "total")


_DISCARD_ONE: Final = tuple(act.Discard(c) for c in range(52))


class _SuitDiscards(dict[int, tuple[act.Discard, ...]]):
    """``Discard`` actions of one 13-bit suit pattern, keyed ``suit * 8192 + bits``:
    each built on first use and kept, read with a plain subscript (the hot
    path of random play: no call unless the pattern is new)."""

    def __missing__(self, index: int) -> tuple[act.Discard, ...]:
        base = (index >> 13) * 13
        bits = index & 0x1FFF
        found = self[index] = tuple(_DISCARD_ONE[base + r] for r in range(13) if bits >> r & 1)
        return found


_DISCARDS: Final = _SuitDiscards()
_TAKES: Final = tuple(act.TakeDiscard(c) for c in range(52))
_KNOCKS: Final = tuple(act.Knock(c) for c in range(52))


@dataclass(slots=True)
class GinView(PlayerView):
    """What one seat may know in gin: the shared view, the card it took, the upcard offer."""

    taken: int | None  # the card this seat took from the pile this turn
    offer: bool  # the upcard is being offered (take it or pass)


class GinRound(Round[GinRules]):
    """One hand of gin rummy between two players."""

    family = "gin"
    ace_low = True
    kinds = frozenset({"draw", "pick", "discard", "knock", "pass"})
    view_type = GinView
    _COPIED: ClassVar[tuple[str, ...]] = ("hands", "stock", "discards", "history", "layoff_cards")

    def _setup(self) -> None:
        # 0: the starter (non-dealer) is offered the upcard, 1: the dealer,
        # 2: both passed and the starter must draw, 3: normal play
        self.offer_stage = 0
        self.deadwoods: list[int] | None = None
        self.layoff_cards: list[tuple[int, int]] = []

    @property
    def dealer(self) -> int:
        return (self.starter - self.start_direction) % self.players

    def card_points(self, card: int) -> int:
        return GIN_POINTS[card]

    def hand_melds(self, mask: int) -> list[int]:
        return melds_in_low(mask)

    def fits_table(self, card: int, seat: int) -> bool:
        return False  # the melds are laid out only at the knock

    def hand_deadwood(self, mask: int) -> int:
        """Deadwood of a hand: after the best discard when it holds a card to discard."""
        if mask.bit_count() > self.rules.hand_size[self.players]:
            return deadwood_after_discard(mask)
        return deadwood(mask)

    def _view_fields(self, seat: int) -> dict[str, Any]:
        return {
            "taken": self.taken if seat == self.seat else None,
            "offer": self.offer_stage < 2 and self.phase == TAKE,
        }

    def _from_view(self, view: PlayerView) -> None:
        # the upcard offer: the passes made, until anyone draws or takes
        passes = 0
        for _, action in self.history:
            if not isinstance(action, act.Pass):
                passes = 3
                break
            passes += 1
        self.offer_stage = passes
        if self.phase == OVER:
            self.taken = None

    # ------------------------------------------------------------------
    # legal actions

    def _legal(self) -> list[act.Action]:
        phase = self.phase
        if phase == TAKE:
            if self.offer_stage < 2:
                return [_TAKES[self.discards[-1]], act.PASS]
            if self.offer_stage == 2 or not self.discards:
                return [act.DRAW]
            return [act.DRAW, _TAKES[self.discards[-1]]]
        if phase == OVER:
            return []
        hand = self.hands[self.seat]
        taken = self.taken
        free = hand if taken is None else hand & ~(1 << taken)
        discards = _DISCARDS
        out: list[act.Action] = [
            *discards[free & 0x1FFF],
            *discards[8192 + ((free >> 13) & 0x1FFF)],
            *discards[16384 + ((free >> 26) & 0x1FFF)],
            *discards[24576 + (free >> 39)],
        ]
        knocks = discard_deadwoods(hand, self.rules.knock_limit)
        if knocks:
            out.extend(_KNOCKS[c] for c in sorted(knocks) if c != taken)
        return out

    def legal_actions(self) -> list[act.Action]:
        # Built afresh at each call rather than kept and copied (Round's way): a
        # list of gin moves costs about as much to build, and random play asks once
        return self._legal()

    def knock_deadwood(self, card: int) -> int:
        """Deadwood of the seat to move after discarding ``card``."""
        return deadwood(self.hands[self.seat] & ~(1 << card))

    # ------------------------------------------------------------------
    # checking

    def check(self, action: act.Action) -> None:
        if self.phase == OVER:
            raise IllegalMoveError("round_over")
        if self.phase == TAKE:
            self._check_take(action)
            return
        if isinstance(action, act.Draw | act.TakeDiscard | act.Pass):
            raise IllegalMoveError("already_taken", "gin")
        if isinstance(action, act.Discard | act.Knock):
            card = action.card
            if not self.hands[self.seat] >> card & 1:
                raise IllegalMoveError("not_in_hand", card=card)
            if card == self.taken:
                raise IllegalMoveError("taken_discard", card=card)
            if isinstance(action, act.Knock):
                left = self.knock_deadwood(card)
                limit = self.rules.knock_limit
                if left > limit:
                    raise IllegalMoveError("knock_limit", card=card, deadwood=left, limit=limit)
            return
        kind = "layoff" if isinstance(action, act.LayOff) else "meld"
        raise IllegalMoveError("never", f"gin_{kind}")

    def _check_take(self, action: act.Action) -> None:
        top = self.discards[-1] if self.discards else -1
        if self.offer_stage < 2:
            if isinstance(action, act.Pass):
                return
            if isinstance(action, act.TakeDiscard):
                if action.card != top:
                    raise IllegalMoveError("not_top", "upcard", top=top)
                return
            raise IllegalMoveError("upcard_offer")
        if isinstance(action, act.Pass):
            raise IllegalMoveError("pass", "gin")
        if isinstance(action, act.Draw):
            return
        if isinstance(action, act.TakeDiscard):
            if self.offer_stage == 2:
                raise IllegalMoveError("upcard_passed")
            if not self.discards:
                raise IllegalMoveError("pile_empty")
            if action.card != top:
                raise IllegalMoveError("not_top", top=top)
            return
        raise IllegalMoveError("take_first", "gin")

    def _refusal(self, kind: str, cards: tuple[int, ...]) -> IllegalMoveError | None:
        if kind == "pass":
            return IllegalMoveError("pass", "gin")
        if kind == "draw":
            return IllegalMoveError("upcard_offer")
        if kind == "pick":
            return IllegalMoveError("upcard_passed" if self.offer_stage == 2 else "pile_empty")
        hand = self.hands[self.seat]
        if cards and not hand >> cards[0] & 1:
            return IllegalMoveError("not_in_hand", card=cards[0])
        if cards and cards[0] == self.taken:
            return IllegalMoveError("taken_discard", card=cards[0])
        if kind == "knock":
            limit = self.rules.knock_limit
            if cards:
                left = self.knock_deadwood(cards[0])
                return IllegalMoveError("knock_limit", card=cards[0], deadwood=left, limit=limit)
            return IllegalMoveError(
                "knock_limit", "best", deadwood=deadwood_after_discard(hand), limit=limit
            )
        return None

    # ------------------------------------------------------------------
    # applying

    def _do(self, action: act.Action) -> None:
        # Round._do and _play in one, the commonest first (a discard, then a
        # draw): the hot path of random play, one call a move
        seat = self.seat
        history = self.history
        history.append((seat, action))
        if type(action) is act.Discard:
            card = action.card
            self.hands[seat] &= ~(1 << card)
            self.discards.append(card)
            if len(self.stock) <= self.rules.wall:
                self._finish_dead()
                return
            self.seat = (seat + self.direction) % self.players
            self.phase = TAKE
            self.taken = None
            self.turn_start = len(history)
        elif type(action) is act.Draw:
            self.hands[seat] |= 1 << self.stock.pop()
            self.phase = PLAY
            self.offer_stage = 3
        else:
            self._play(seat, action)

    def apply_unchecked(self, action: act.Action) -> None:
        self._do(action)  # nothing to check: the move is applied at once

    def _play(self, seat: int, action: act.Action) -> None:
        # the rarer moves (a discard and a draw are :meth:`_do`'s own)
        if isinstance(action, act.Pass):
            self.offer_stage += 1
            if self.offer_stage == 2:
                self.seat = self.starter  # both passed: the starter draws
            else:
                self.seat = self.next_seat(seat)
            self.turn_start = len(self.history)
        elif isinstance(action, act.TakeDiscard):
            card = self.discards.pop()
            self.hands[seat] |= 1 << card
            self.taken = card
            self.phase = PLAY
            self.offer_stage = 3
        elif isinstance(action, act.Knock):
            self.hands[seat] &= ~(1 << action.card)
            self.discards.append(action.card)
            self._knock(seat, action.card)

    def _finish_dead(self) -> None:
        self.end = "dead"
        self.phase = OVER
        self.taken = None
        self.deadwoods = [deadwood(h) for h in self.hands]

    def _knock(self, seat: int, card: int) -> None:
        self.went_out = seat
        self.out_card = card
        self.end = "knock"
        self.phase = OVER
        self.taken = None
        defender = (seat + 1) % self.players
        kd, ways = arrangements(self.hands[seat])
        theirs = self.hands[defender]
        best: tuple[int, list[TableMeld], list[int], list[tuple[int, int]]] | None = None
        for way in ways:
            melds = [TableMeld.new(seat, cards_of(m), ace_low=True) for m in way]
            dd, own, laid = best_defence(theirs, melds, layoffs=kd > 0)
            # the knocker's arrangement leaving the defender the most deadwood
            if best is None or dd > best[0]:
                best = (dd, melds, own, laid)
        assert best is not None
        dd, melds, own, laid = best
        for m in melds:
            self.hands[seat] &= ~m.mask
        for c, index in laid:
            melds[index].add(c, defender)
            self.hands[defender] &= ~(1 << c)
        for mask in own:
            melds.append(TableMeld.new(defender, cards_of(mask), ace_low=True))
            self.hands[defender] &= ~mask
        self.melds = melds
        self.layoff_cards = laid
        dws = [0] * self.players
        dws[seat] = kd
        dws[defender] = dd
        self.deadwoods = dws

    # ------------------------------------------------------------------
    # scoring

    def scores(self) -> list[GinBreakdown]:
        if self.end is None or self.deadwoods is None:
            raise ValueError("the round is not over")
        dws = self.deadwoods
        rows = [GinBreakdown(s, dws[s], False, False, 0, 0) for s in range(self.players)]
        winner = self.winner()
        if winner is None:
            return rows
        rules = self.rules
        assert self.went_out is not None
        knocker = self.went_out
        defender = (knocker + 1) % self.players
        kd, dd = dws[knocker], dws[defender]
        if kd == 0:
            points = dd + rules.gin_bonus
            rows[knocker].gin = True
            rows[knocker].bonus = rules.gin_bonus
        elif winner == defender:
            points = kd - dd + rules.undercut_bonus
            rows[defender].undercut = True
            rows[defender].bonus = rules.undercut_bonus
        else:
            points = dd - kd
        rows[winner].total = points
        if rules.zero_sum_scores:
            rows[(winner + 1) % self.players].total = -points
        return rows

    def winner(self) -> int | None:
        """The seat that wins the hand (None for a dead hand)."""
        if self.end != "knock" or self.deadwoods is None or self.went_out is None:
            return None
        knocker = self.went_out
        defender = (knocker + 1) % self.players
        kd, dd = self.deadwoods[knocker], self.deadwoods[defender]
        if kd == 0:
            return knocker
        if dd < kd or (dd == kd and self.rules.undercut_on_tie):
            return defender
        return knocker

    def next_round(self) -> tuple[int, int]:
        """(starter, direction) of the next hand: the winner deals."""
        winner = self.winner()
        if winner is None:
            # reading: after a dead hand the same dealer deals again
            return self.starter, self.start_direction
        return (winner + self.start_direction) % self.players, self.start_direction

    def next_round_why(self) -> str:
        """``winner`` (the winner deals) or ``dead`` (the same dealer again)."""
        return "dead" if self.winner() is None else "winner"

    # ------------------------------------------------------------------
    # notation

    def parse_move(self, text: str) -> act.Action:
        """One record move as an action (not yet checked)."""
        verb, args = split_move(text)
        if verb == "draw" and not args:
            return act.DRAW
        if verb == "pass" and not args:
            return act.PASS
        if verb in ("pick", "discard", "knock") and len(args) == 1:
            card = move_card(args[0])
            if verb == "pick":
                return act.TakeDiscard(card)
            if verb == "knock":
                return act.Knock(card)
            return act.Discard(card)
        if verb in ("meld", "layoff", "end", "show"):
            raise IllegalMoveError("never", f"gin_{verb}")
        not_a_move(text, "draw, pick, discard, knock, pass")


__all__ = ["GinBreakdown", "GinRound", "GinView"]
