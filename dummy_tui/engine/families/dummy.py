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
    SHOW,
    Action,
    Discard,
    Draw,
    End,
    LayOff,
    Meld,
    Pick,
    PickLayoff,
    Show,
)
from dummy_tui.engine.cards import (
    cards_of,
    mask_of,
    parse_card,
    rank_point_table,
)
from dummy_tui.engine.errors import IllegalMoveError, MoveSyntaxError
from dummy_tui.engine.families.dummy_checks import check, pick_refusal, refusal
from dummy_tui.engine.families.dummy_penalties import (
    charge_discard,
    charge_pickup,
    note_layoff,
    note_meld,
)
from dummy_tui.engine.families.dummy_scoring import (
    Bonus,
    DummyBreakdown,
    Feed,
    Penalty,
    score_round,
    table_points,
)
from dummy_tui.engine.families.dummy_view import DummyView, round_from_view
from dummy_tui.engine.goout import can_go_out
from dummy_tui.engine.melds import TableMeld, meld_kind, melds_in, melds_with
from dummy_tui.engine.notation import move_card, move_cards, not_a_move, split_move
from dummy_tui.engine.relations import NEAR, NEAR_BOTH
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


DISCARDS = tuple(Discard(c) for c in range(52))
"""One :class:`Discard` a card, made once."""


class DummyRound(Round[DummyRules]):
    """The state of one round of Dummy."""

    family = "dummy"
    kinds = frozenset({"draw", "pick", "meld", "layoff", "discard", "knock", "end", "show"})
    view_type = DummyView
    _COPIED: ClassVar[tuple[str, ...]] = (
        "hands", "stock", "row", "history", "born", "layoffs", "penalty_items", "feeds",
        "discarder", "shown", "bonuses",
    )  # fmt: skip

    def _setup(self) -> None:
        rules = self.rules
        deal = self.deal
        self.points = card_point_table(rules)
        self.speto_mask = mask_of(speto_cards(rules))
        self.both = rules.ace_low_runs  # the ace low as well as high (§14.1)
        self.head = deal.upcard
        self.burned = list(deal.burned)
        self.born = [False] * self.players
        self.layoffs = [0] * self.players
        self.penalty_items: list[Penalty] = []
        self.feeds: list[Feed] = []
        self.discarder = [-1] * 52  # who discarded each card last (the head card: nobody)
        self.shown = [False] * self.players  # โชว์สเปโต (§14.3)
        self.bonuses: list[Bonus] = []  # what money scoring pays for (§14.6)
        self.end_seat: int | None = None  # whose move it was when the round ended
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

    def shown_cards(self) -> tuple[int, ...]:
        return tuple(cards_of(self.speto_mask))

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
            self.hands[s], self.melds, s, self.rules.layoff_chain, self.layoffs_left(s), self.both
        )

    def fits_table(self, card: int, seat: int) -> bool:
        """Could ``seat`` lay ``card`` off now (by the layoff rules and limit in force)?"""
        return self.layoffs_left(seat) != 0 and self.fits_any(card, seat)

    def fits_any(self, card: int, seat: int) -> bool:
        """Does ``card`` fit onto a table meld, as if ``seat`` laid it off, born or not,
        whatever the layoff limit (§12: the discard penalty, the knock bonus)?"""
        chain = self.rules.layoff_chain
        return any(m.fits(card, seat, chain) for m in self.melds)

    def hand_melds(self, mask: int) -> list[int]:
        return melds_in(mask, self.both)

    def table_points(self) -> list[int]:
        return table_points(self)

    def new_meld(self, seat: int, cards: tuple[int, ...]) -> TableMeld:
        return TableMeld.new(seat, cards, both=self.both)

    def is_meld(self, cards: tuple[int, ...] | list[int]) -> bool:
        return meld_kind(cards, both=self.both) is not None

    def can_show(self, seat: int) -> bool:
        """May ``seat`` show the spe-to cards now (§14.3): the option is on, it is the
        first move of the seat's first turn, and the seat holds every spe-to card?"""
        rules = self.rules
        return (
            (rules.show_speto_points > 0 or rules.scoring == "money")
            and self.phase == TAKE
            and self.seat == seat
            and self.speto_mask != 0
            and self.hands[seat] & self.speto_mask == self.speto_mask
            and not self.shown[seat]
            and self.turn_start == len(self.history)
            and not any(s == seat for s, _ in self.history)
        )

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
        seat = self.seat
        if self.phase == TAKE:
            picks = self.pick_options()
            show: list[Action] = [SHOW] if self.can_show(seat) else []
            if self.stock:
                return [*show, DRAW, *picks]
            if self.rules.stock_out_pickup == "any":
                return [*show, *picks, END]
            return [*show, *(a for a in picks if self._knock_after(a)), END]
        hand = self.hands[seat]
        n = hand.bit_count()
        if n == 1:
            return [DISCARDS[hand.bit_length() - 1]]
        cards = cards_of(hand)
        unborn = not self.born[seat]
        play = self.rules.unborn_play
        if unborn and play == "never":
            return [DISCARDS[c] for c in cards]
        plays: list[Action] = [
            Meld(tuple(cards_of(m))) for m in melds_in(hand, self.both) if m.bit_count() < n
        ]
        left = self.layoffs_left(seat)
        if left != 0:
            chain = self.rules.layoff_chain
            for i, m in enumerate(self.melds):
                fit = m.fit_mask(seat, chain) & hand
                while fit:
                    low = fit & -fit
                    plays.append(LayOff(low.bit_length() - 1, i))
                    fit ^= low
        if (unborn and play == "knock_only") or self.must_knock:
            if plays and self.knock_possible(seat):
                plays = [a for a in plays if self._knock_after(a)]
            else:
                plays = []
        if self.must_knock:
            return plays
        return [DISCARDS[c] for c in cards] + plays

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
        both = self.both
        near = NEAR_BOTH if both else NEAR
        for taken_n, card in enumerate(reversed(self.row), start=1):
            taken |= 1 << card
            pool = hand | taken
            # a meld with the card holds two cards near it (its rank, or its suit
            # within two ranks): without them there is none to look for
            close = near[card] & pool
            if close & (close - 1):
                limit = hand_n + taken_n - 1
                for m in melds_with(card, pool, both):
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
            melds = [*self.melds, self.new_meld(seat, action.meld)]
            hand = pool & ~mask_of(action.meld)
        else:
            target = self.melds[action.target].copy()
            target.add(action.card, seat)
            melds = [*self.melds]
            melds[action.target] = target
            hand = pool & ~(1 << action.card)
            left = None if left is None else left - 1
        return can_go_out(hand, melds, seat, self.rules.layoff_chain, left, self.both)

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
            self._unborn_lays(seat, meld=True)
            self.hands[seat] &= ~mask_of(action.cards)
            self.melds.append(self.new_meld(seat, action.cards))
            note_meld(self, seat, action.cards)
        elif isinstance(action, LayOff):
            self._unborn_lays(seat, meld=False)
            self.hands[seat] &= ~(1 << action.card)
            self.melds[action.target].add(action.card, seat)
            self.layoffs[seat] += 1
            note_layoff(self, seat, action.card, action.target)
        elif isinstance(action, Show):
            self.shown[seat] = True
            self.bonuses.append(Bonus("show", seat, None, -1))
        elif isinstance(action, End):
            self._finish("stock_out")

    def _unborn_lays(self, seat: int, meld: bool) -> None:
        """A player not born lays cards from hand (§6, §14.1 ``unborn_play``)."""
        if self.born[seat]:
            return
        if self.rules.unborn_play == "free":
            self.born[seat] = self.born[seat] or meld  # a meld makes one born, a layoff not
        else:
            self.must_knock = True  # the turn must end in a knock (dark knock)

    def _pick(self, seat: int, action: Pick | PickLayoff) -> None:
        card = action.card
        i = self.row.index(card)
        last = self.row[-1]  # the freshest discard, always taken
        taken = self.row[i:]
        del self.row[i:]
        self.hands[seat] |= mask_of(taken)
        self.picked = (len(taken), card)
        if isinstance(action, Pick):
            self.hands[seat] &= ~mask_of(action.meld)
            self.melds.append(self.new_meld(seat, action.meld))
            meld_mask = self.melds[-1].mask
            note_meld(self, seat, action.meld, picked=True)
        else:
            self.hands[seat] &= ~(1 << card)
            self.melds[action.target].add(card, seat)
            self.layoffs[seat] += 1
            meld_mask = 0  # a pick-up laid off feeds nobody (§12, §14.4)
            note_layoff(self, seat, card, action.target, picked=True)
        self.born[seat] = True  # เกิด
        if not self.stock:
            self.stock_out_turn = True
            if self.rules.stock_out_pickup == "knock_only":
                self.must_knock = True  # §9: the turn must end in a knock
        self.phase = PLAY
        charge_pickup(self, seat, card, last, meld_mask)

    def _discard(self, seat: int, card: int) -> None:
        hand = self.hands[seat] & ~(1 << card)
        self.hands[seat] = hand
        if hand == 0:
            self.knock_card = card
            self.knocker = seat
            self.dark_knock = not self.born_at_start
            self._finish("knock")
            return
        charge_discard(self, seat, card)  # §12 penalties (never on a knock card)
        self.row.append(card)
        self.discarder[card] = seat
        self.last_discard = (seat, card)
        self.first_turn = False
        if self.stock_out_turn:
            # §14.2 stock_out_pickup "any": a discard that is not a knock ends the round
            self._finish("stock_out")
            return
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
        if self.stock:
            return
        picks = self.pick_options()
        if self.rules.stock_out_pickup == "any":
            if not picks:  # §14.2: no pick-up at all; the round ends by itself
                self._finish("stock_out")
        elif not any(self._knock_after(a) for a in picks):
            # §9: no pickup can lead to a knock; the round ends by itself
            self._finish("stock_out")

    def _finish(self, how: str) -> None:
        self.end = how
        self.end_seat = self.seat
        self.phase = OVER
        self._legal_cache = None
        if how != "knock":
            return  # no knocker: nobody is fooled (§9)
        # a knock after a pick-up with the stock empty is an ordinary knock (§9)
        fooled = self.fooled()
        if fooled is not None:
            self.fool = fooled  # โง่
            if self.rules.fool_penalty and self.rules.scoring == "points":
                card = self.last_discard[1] if self.last_discard else -1
                self.penalty_items.append(
                    Penalty(fooled, "fool_penalty", self.rules.fool_penalty, card)
                )

    def fooled(self) -> int | None:
        """The seat the knock fools (§9, §14.4 ``fool_rule``), or None."""
        if self.picked is None or self.last_discard is None:
            return None
        count, card = self.picked
        prev_seat, prev_card = self.last_discard
        if prev_seat != self.previous_seat(self.seat):
            return None
        if self.rules.fool_rule == "took_discard" or (count == 1 and card == prev_card):
            return prev_seat
        return None

    def first_turn_of(self, seat: int) -> bool:
        """Is the current turn ``seat``'s first of the round (no discard of its before)?"""
        return not any(
            s == seat and isinstance(a, Discard) for s, a in self.history[: self.turn_start]
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
        """(starter, direction) of the next round, per §11 and §14.5 ``next_starter``."""
        direction = self.direction
        if self.fool is not None and self.rules.fool_reverses_direction:
            direction = -direction
        if self.knocker is not None and self.rules.next_starter == "knocker":
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
        if verb == "show" and not args:
            return SHOW
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
        not_a_move(text, "draw, pick, meld, layoff, discard, knock, end, show")

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
