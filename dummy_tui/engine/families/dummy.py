"""Dummy (ดัมมี่): the discard row, being born, knocking, falls, fools and penalties.

:class:`DummyRound` holds what Dummy adds to the shared :class:`Round`: the
head card, who is born (เกิด), the layoffs each seat made, the turn that must
end in a knock, and the penalties of §9 and §12 (scored in
:mod:`dummy_scoring`).  Reading decisions (where the rules leave room) are
marked ``# reading:``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from dummy_tui.engine.actions import (
    DRAW,
    END,
    Action,
    Discard,
    Draw,
    End,
    LayOff,
    Meld,
    Pick,
    PickLayoff,
)
from dummy_tui.engine.cards import (
    cards_of,
    mask_of,
    parse_card,
    rank_point_table,
)
from dummy_tui.engine.errors import IllegalMoveError, MoveSyntaxError
from dummy_tui.engine.families.dummy_checks import check, pick_refusal, refusal
from dummy_tui.engine.families.dummy_scoring import (
    DummyBreakdown,
    Feed,
    Penalty,
    melds_with_row,
    near,
    score_round,
)
from dummy_tui.engine.families.dummy_view import DummyView, round_from_view
from dummy_tui.engine.melds import TableMeld, can_go_out, melds_in, melds_with
from dummy_tui.engine.notation import move_card, move_cards, not_a_move, split_move
from dummy_tui.engine.round import OVER, PLAY, TAKE, Round, Tally
from dummy_tui.rules.schema import DummyRules


def card_point_table(rules: DummyRules) -> list[int]:
    """Points of each of the 52 cards (spe-to cards included, the head card not)."""
    points = rank_point_table(rules.rank_points)[:52]
    for c in speto_cards(rules):
        points[c] = rules.speto_points
    return points


def speto_cards(rules: DummyRules) -> list[int]:
    return [parse_card(t) for t in rules.speto_cards]


class DummyRound(Round[DummyRules]):
    """The state of one round of Dummy."""

    family = "dummy"
    kinds = frozenset({"draw", "pick", "meld", "layoff", "discard", "knock", "end"})
    view_type = DummyView
    _COPIED: ClassVar[tuple[str, ...]] = (
        "hands", "stock", "row", "history", "born", "layoffs", "penalty_items", "feeds",
    )  # fmt: skip

    def _setup(self) -> None:
        rules = self.rules
        deal = self.deal
        self.points = card_point_table(rules)
        self.speto_mask = mask_of(speto_cards(rules))
        self.head = deal.upcard
        self.burned = list(deal.burned)
        self.born = [False] * self.players
        self.layoffs = [0] * self.players
        self.penalty_items: list[Penalty] = []
        self.feeds: list[Feed] = []
        self.first_turn = True
        self.last_discard: tuple[int, int] | None = None
        # the current turn
        self.born_at_start = False
        self.must_knock = False
        self.stock_out_turn = False
        self.picked: tuple[int, int] | None = None  # (cards taken, chosen card)
        self.fool: int | None = None  # seat charged the fool penalty
        self._start_turn()

    @classmethod
    def burn(cls, rules: DummyRules, players: int) -> int:
        return rules.burn_two_player if players == 2 else 0

    # ------------------------------------------------------------------
    # queries

    def card_points(self, card: int) -> int:
        return self.points[card] if card != self.head else self._head_points(card)

    def _head_points(self, card: int) -> int:
        if self.rules.head_card_points:
            if self.speto_mask >> card & 1:
                return self.rules.head_card_speto_points
            return self.rules.head_card_points
        return self.points[card]

    def mask_points(self, mask: int) -> int:
        return sum(self.card_points(c) for c in cards_of(mask))

    def is_speto(self, card: int) -> bool:
        return bool(self.speto_mask >> card & 1)

    @property
    def head_in_row(self) -> bool:
        return bool(self.row) and self.row[0] == self.head

    def layoffs_left(self, seat: int) -> int | None:
        limit = self.rules.layoff_limit
        return None if limit == 0 else max(0, limit - self.layoffs[seat])

    def penalties_of(self, seat: int) -> int:
        return sum(p.points for p in self.penalty_items if p.seat == seat)

    def knock_possible(self, seat: int | None = None) -> bool:
        """Could the seat to move meld and lay off down to one card now?"""
        s = self.seat if seat is None else seat
        return can_go_out(
            self.hands[s], self.melds, s, self.rules.layoff_chain, self.layoffs_left(s)
        )

    def fits_table(self, card: int, seat: int) -> bool:
        """Does ``card`` fit onto a table meld by the layoff rules in force?"""
        left = self.layoffs_left(seat)
        if left == 0:
            return False
        chain = self.rules.layoff_chain
        return any(m.fits(card, seat, chain) for m in self.melds)

    def hand_melds(self, mask: int) -> list[int]:
        return melds_in(mask)

    def kind_of(self, action: Action) -> str:
        if isinstance(action, Discard) and self.hands[self.seat] == 1 << action.card:
            return "knock"
        return super().kind_of(action)

    # ------------------------------------------------------------------
    # legal actions

    def _legal(self) -> list[Action]:
        """Every action that is legal now and can still lead somewhere.

        Picks list each row position with each meld it allows.  For a turn
        that must end in a knock (a player not born who lays cards down, or a
        pickup with the stock empty), only plays that keep the knock
        reachable are listed; :meth:`apply` still accepts the others (§6),
        and then refuses any discard but the knock.
        """
        if self.phase == OVER:
            return []
        if self.phase == TAKE:
            picks = self.pick_options()
            if self.stock:
                return [DRAW, *picks]
            return [*(a for a in picks if self._knock_after(a)), END]
        seat = self.seat
        hand = self.hands[seat]
        n = hand.bit_count()
        if n == 1:
            return [Discard(hand.bit_length() - 1)]
        cards = cards_of(hand)
        plays: list[Action] = [
            Meld(tuple(cards_of(m))) for m in melds_in(hand) if m.bit_count() < n
        ]
        left = self.layoffs_left(seat)
        if left != 0:
            chain = self.rules.layoff_chain
            for i, m in enumerate(self.melds):
                for c in cards:
                    if m.fits(c, seat, chain):
                        plays.append(LayOff(c, i))
        if not self.born[seat] or self.must_knock:
            if plays and self.knock_possible(seat):
                plays = [a for a in plays if self._knock_after(a)]
            else:
                plays = []
        if self.must_knock:
            return plays
        return [*(Discard(c) for c in cards), *plays]

    def pick_options(self) -> list[Pick | PickLayoff]:
        """Every pick-up §5 allows now: each row card with each meld (or layoff) that plays it."""
        if self.first_turn and self.rules.first_turn_must_draw:
            return []
        seat = self.seat
        hand = self.hands[seat]
        out: list[Pick | PickLayoff] = []
        taken = 0
        hand_n = hand.bit_count()
        layoff_ok = self.rules.pickup_to_layoff and self.born[seat] and self.layoffs_left(seat) != 0
        chain = self.rules.layoff_chain
        for taken_n, card in enumerate(reversed(self.row), start=1):
            taken |= 1 << card
            pool = hand | taken
            limit = hand_n + taken_n - 1
            for m in melds_with(card, pool):
                if m & hand and m.bit_count() <= limit:
                    out.append(Pick(card, tuple(cards_of(m))))
            if layoff_ok:
                for j, meld in enumerate(self.melds):
                    if meld.fits(card, seat, chain):
                        out.append(PickLayoff(card, j))
        return out

    def _knock_after(self, action: Action) -> bool:
        """After ``action`` by the seat to move, is a knock still reachable?"""
        if isinstance(action, Pick | PickLayoff) and self.phase == TAKE:
            return self._knock_after_pick(action)
        trial = self.clone()
        trial._do(action)
        if trial.phase == OVER:
            return True
        return trial.knock_possible(trial.seat)

    def _knock_after_pick(self, action: Pick | PickLayoff) -> bool:
        """:meth:`_knock_after` for a pick-up, on masks, without a clone."""
        seat = self.seat
        i = self.row.index(action.card)
        pool = self.hands[seat] | mask_of(self.row[i:])
        left = self.layoffs_left(seat)
        if isinstance(action, Pick):
            melds = [*self.melds, TableMeld.new(seat, action.meld)]
            hand = pool & ~mask_of(action.meld)
        else:
            target = self.melds[action.target].copy()
            target.add(action.card, seat)
            melds = [*self.melds]
            melds[action.target] = target
            hand = pool & ~(1 << action.card)
            left = None if left is None else left - 1
        return can_go_out(hand, melds, seat, self.rules.layoff_chain, left)

    # ------------------------------------------------------------------
    # checking (the rules' words: dummy_checks)

    def check(self, action: Action) -> None:
        check(self, action)

    def _refusal(self, kind: str, cards: tuple[int, ...]) -> IllegalMoveError | None:
        return refusal(self, kind, cards)

    def pick_refusal(self, card: int) -> IllegalMoveError | None:
        """Why ``pick <card>`` cannot start a pick-up now (None when it can)."""
        return pick_refusal(self, card)

    # ------------------------------------------------------------------
    # applying actions

    def _play(self, seat: int, action: Action) -> None:
        if isinstance(action, Discard):
            self._discard(seat, action.card)
        elif isinstance(action, Draw):
            card = self.stock.pop()
            self.hands[seat] |= 1 << card
            self.phase = PLAY
        elif isinstance(action, Pick | PickLayoff):
            self._pick(seat, action)
        elif isinstance(action, Meld):
            if not self.born[seat]:
                self.must_knock = True
            self.hands[seat] &= ~mask_of(action.cards)
            self.melds.append(TableMeld.new(seat, action.cards))
        elif isinstance(action, LayOff):
            if not self.born[seat]:
                self.must_knock = True
            self.hands[seat] &= ~(1 << action.card)
            self.melds[action.target].add(action.card, seat)
            self.layoffs[seat] += 1
        elif isinstance(action, End):
            self._finish("stock_out")

    def _pick(self, seat: int, action: Pick | PickLayoff) -> None:
        card = action.card
        i = self.row.index(card)
        taken = self.row[i:]
        del self.row[i:]
        self.hands[seat] |= mask_of(taken)
        self.picked = (len(taken), card)
        if isinstance(action, Pick):
            self.hands[seat] &= ~mask_of(action.meld)
            self.melds.append(TableMeld.new(seat, action.meld))
            meld_mask = self.melds[-1].mask
        else:
            self.hands[seat] &= ~(1 << card)
            self.melds[action.target].add(card, seat)
            self.layoffs[seat] += 1
            meld_mask = 1 << card  # only the picked card was laid
        self.born[seat] = True  # เกิด
        if not self.stock:
            self.must_knock = True
            self.stock_out_turn = True
        self.phase = PLAY
        # §12 feed penalties: charged when the picker's meld holds both cards
        if self.feeds:
            charged = set()
            for f in self.feeds:
                if f.discarder != seat and f.pair & meld_mask == f.pair:
                    key = (f.discarder, f.kind, f.card)
                    if key not in charged:
                        charged.add(key)
                        points = getattr(self.rules, f.kind)
                        self.penalty_items.append(Penalty(f.discarder, f.kind, points, f.card))
            if charged:
                self.feeds = [f for f in self.feeds if (f.discarder, f.kind, f.card) not in charged]

    def _discard(self, seat: int, card: int) -> None:
        hand = self.hands[seat] & ~(1 << card)
        self.hands[seat] = hand
        if hand == 0:
            self.knock_card = card
            self.knocker = seat
            self.dark_knock = not self.born_at_start
            self._finish("knock")
            return
        rules = self.rules
        # §12 penalties charged at once (never on a knock card)
        if rules.penalty_discard_layoff and self.fits_table(card, seat):
            self.penalty_items.append(
                Penalty(seat, "penalty_discard_layoff", rules.penalty_discard_layoff, card)
            )
        if rules.penalty_discard_row_meld and melds_with_row(card, self.row):
            self.penalty_items.append(
                Penalty(seat, "penalty_discard_row_meld", rules.penalty_discard_row_meld, card)
            )
        if rules.penalty_feed_head and self.head_in_row and near(card, self.head):
            self.feeds.append(Feed(seat, "penalty_feed_head", (1 << card) | (1 << self.head), card))
        if rules.penalty_feed_speto:
            speto = self.speto_mask
            for other in self.row:
                if speto >> other & 1 and near(card, other):
                    self.feeds.append(
                        Feed(seat, "penalty_feed_speto", (1 << card) | (1 << other), card)
                    )
                elif speto >> card & 1 and near(other, card):
                    # reverse: a spe-to discarded beside a near card lying in the row
                    self.feeds.append(
                        Feed(seat, "penalty_feed_speto", (1 << card) | (1 << other), card)
                    )
        self.row.append(card)
        self.last_discard = (seat, card)
        self.first_turn = False
        self.seat = self.next_seat(seat)
        self._start_turn()

    def _start_turn(self) -> None:
        seat = self.seat
        self.phase = TAKE
        self.turn_start = len(self.history)
        self.born_at_start = self.born[seat]
        self.must_knock = False
        self.stock_out_turn = False
        self.picked = None
        if self.feeds:
            # "before your next turn": the discarder's own turn makes them safe
            self.feeds = [f for f in self.feeds if f.discarder != seat]
        if not self.stock and not any(self._knock_after(a) for a in self.pick_options()):
            # §9: no pickup can lead to a knock; the round ends by itself
            self._finish("stock_out")

    def _finish(self, how: str) -> None:
        self.end = how
        self.phase = OVER
        self._legal_cache = None
        if how != "knock" or self.stock_out_turn:
            # reading: "when the round ends this way" covers a knock made after
            # picking up with the stock empty: no fall and no fool then.
            return
        seat = self.seat
        rules = self.rules
        if self.picked is not None and self.last_discard is not None:
            count, card = self.picked
            prev_seat, prev_card = self.last_discard
            if count == 1 and card == prev_card and prev_seat == self.previous_seat(seat):
                self.fool = prev_seat  # โง่
                if rules.fool_penalty:
                    self.penalty_items.append(
                        Penalty(prev_seat, "fool_penalty", rules.fool_penalty, card)
                    )

    # ------------------------------------------------------------------
    # views, scoring, the next round

    def _view_fields(self, seat: int) -> dict[str, Any]:
        mover = seat == self.seat
        return {
            "burned_count": len(self.burned),
            "head": self.head,
            "head_in_row": self.head_in_row,
            "born": list(self.born),
            "layoffs": list(self.layoffs),
            "penalties": [self.penalties_of(s) for s in range(self.players)],
            "born_at_turn_start": self.born_at_start if mover else self.born[seat],
            "must_knock": self.must_knock if mover else False,
            "first_turn": self.first_turn,
            "last_discard": self.last_discard,
        }

    def view(self, seat: int) -> DummyView:
        found = super().view(seat)
        assert isinstance(found, DummyView)
        return found

    def scores(self) -> list[DummyBreakdown]:
        return score_round(self)

    def next_round(self) -> tuple[int, int]:
        """(starter, direction) of the next round, per §11."""
        direction = self.direction
        if self.fool is not None and self.rules.fool_reverses_direction:
            direction = -direction
        if self.knocker is not None:
            return self.knocker, direction
        return (self.starter + direction) % self.players, direction

    def tallies(self) -> list[Tally]:
        return [
            Tally(
                knocked=self.knocker == b.seat,
                dark_knock=self.knocker == b.seat and b.dark_knock,
                fell=b.fell,
                fooled=self.fool == b.seat,
                penalties=b.penalties,
            )
            for b in self.scores()
        ]

    @classmethod
    def from_view(
        cls, view: DummyView, hands: list[int], stock: list[int], burned: list[int]
    ) -> DummyRound:
        """A round in the public state of ``view`` with the given hidden cards
        (see :func:`dummy_view.round_from_view`)."""
        return round_from_view(cls, view, hands, stock, burned)

    # ------------------------------------------------------------------
    # notation

    def parse_move(self, text: str) -> Action:
        verb, args = split_move(text)
        if verb == "draw" and not args:
            return DRAW
        if verb == "end" and not args:
            return END
        if verb in ("discard", "knock") and len(args) == 1:
            card = move_card(args[0])
            if verb == "knock" and self.phase == TAKE:
                raise IllegalMoveError("take_first")
            if verb == "knock" and not self.is_over and self.hands[self.seat].bit_count() != 1:
                raise IllegalMoveError("knock", card=card)
            return Discard(card)
        if verb == "meld" and args:
            named = move_cards(args)
            twice = next((c for c in named if named.count(c) > 1), None)
            if twice is not None:
                raise MoveSyntaxError("twice", card=twice)
            return Meld(tuple(sorted(named)))
        if verb == "layoff" and len(args) == 2:
            card, target = move_cards(args)
            index = self.find_meld(target)
            if index is None:
                raise IllegalMoveError("no_meld", "holds", card=target)
            return LayOff(card, index)
        if verb == "pass":
            raise IllegalMoveError("never", "dummy_pass")
        not_a_move(text, "draw, pick, meld, layoff, discard, knock, end")

    def pick_card(self, text: str) -> int | None:
        verb, args = split_move(text)
        if verb != "pick":
            return None
        if len(args) != 1:
            not_a_move(text, "")
        card = move_card(args[0])
        refusal = self.pick_refusal(card)
        if refusal is not None:
            raise refusal
        return card

    def pick_action(self, card: int, follow: str) -> Action:
        action = self.parse_move(follow)
        if isinstance(action, Meld):
            return Pick(card, action.cards)
        if isinstance(action, LayOff):
            if action.card != card:
                raise IllegalMoveError("pickup_meld", "layoff_card", card=card)
            return PickLayoff(card, action.target)
        raise IllegalMoveError("pickup_meld", "follow", card=card)


__all__ = ["DummyBreakdown", "DummyRound", "DummyView", "Penalty"]
