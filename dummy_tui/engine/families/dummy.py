"""Dummy (ดัมมี่): the discard row, being born, knocking, falls, fools and penalties.

:class:`DummyRound` holds what Dummy adds to the shared :class:`Round`: the
head card, who is born (เกิด), the layoffs each seat made, the turn that must
end in a knock, and the penalties of §9 and §12 (scored in
:mod:`dummy_scoring`).  Reading decisions (where the rules leave room) are
marked ``# reading:``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, Self

from dummy_tui.engine.actions import (
    DRAW,
    END,
    SHOW,
    Action,
    Discard,
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
from dummy_tui.engine.families.dummy_legal import legal, pick_options
from dummy_tui.engine.families.dummy_move_rules import MoveRules
from dummy_tui.engine.families.dummy_play import fooled, play, start_turn
from dummy_tui.engine.families.dummy_scoring import (
    Bonus,
    DummyBreakdown,
    Feed,
    Penalty,
    score_round,
    table_points,
)
from dummy_tui.engine.families.dummy_table import Fits, table_fits
from dummy_tui.engine.families.dummy_view import DummyView, round_from_view
from dummy_tui.engine.goout import GoOut
from dummy_tui.engine.melds import RUN, TableMeld, meld_kind, melds_in
from dummy_tui.engine.notation import move_card, move_cards, not_a_move, split_move
from dummy_tui.engine.round import TAKE, Round
from dummy_tui.engine.scores import Tally
from dummy_tui.engine.view import PlayerView
from dummy_tui.rules.schema import DummyRules


def card_point_table(rules: DummyRules) -> list[int]:
    """Points of each of the 52 cards (spe-to cards included, the head card not)."""
    points = rank_point_table(rules.rank_points)[:52]
    for c in speto_cards(rules):
        points[c] = rules.speto_points
    return points


def speto_cards(rules: DummyRules) -> list[int]:
    return [parse_card(t) for t in rules.speto_cards]


_TABLES: Final[dict[int, tuple[DummyRules, list[int], int, MoveRules]]] = {}


def _tables(rules: DummyRules) -> tuple[list[int], int, MoveRules]:
    """The card points, the spe-to mask and the :class:`MoveRules` of ``rules``, made
    once for each ruleset (every round of a match, every trial round of a search
    shares them; nothing writes to them)."""
    found = _TABLES.get(id(rules))
    if found is None or found[0] is not rules:
        if len(_TABLES) >= 256:
            _TABLES.clear()
        points, speto = card_point_table(rules), mask_of(speto_cards(rules))
        found = _TABLES[id(rules)] = (rules, points, speto, MoveRules.of(rules))
    return found[1], found[2], found[3]


class DummyRound(Round[DummyRules]):
    """The state of one round of Dummy."""

    family = "dummy"
    kinds = frozenset({"draw", "pick", "meld", "layoff", "discard", "knock", "end", "show"})
    view_type = DummyView
    _COPIED: ClassVar[tuple[str, ...]] = (
        "hands", "stock", "discards", "history", "born", "layoffs", "penalty_items", "feeds",
        "discarder", "shown", "bonuses",
    )  # fmt: skip

    def _setup(self) -> None:
        rules = self.rules
        deal = self.deal
        self.points, self.speto_mask, self.move_rules = _tables(rules)
        self.both = rules.ace_low_runs  # the ace low as well as high (§14.1)
        self.head = deal.upcard
        self.burned = list(deal.burned)
        self.born = [False] * self.players
        self.layoffs = [0] * self.players
        self.penalty_items: list[Penalty] = []
        self.feeds: list[Feed] = []
        self.discarder = [-1] * 52  # who discarded each card last (the head card: nobody)
        self.shown = [False] * self.players  # โชว์สเปโต (§14.3)
        self.dark_knock = False  # น็อคมืด: out without having been born before the turn
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
        # the pick-ups open with the stock empty, and the state they were made for
        # what fits the table's melds, and the table it was found for (dummy_table)
        self._table_fits: tuple[list[TableMeld], int, int, Fits] | None = None
        self.table_changes = 0  # the melds laid and the cards laid off so far
        self._stock_out: tuple[tuple[int, ...], list[Pick | PickLayoff]] | None = None
        start_turn(self)

    @classmethod
    def burn(cls, rules: DummyRules, players: int) -> int:
        return rules.burn_two_player if players == 2 else 0

    # ------------------------------------------------------------------
    # queries

    def card_points(self, card: int) -> int:
        return self.points[card] if card != self.head else self._head_points(card)

    def _head_points(self, card: int) -> int:
        house = self.move_rules
        if house.head_card_points:
            if self.speto_mask >> card & 1:
                return house.head_card_speto_points
            return house.head_card_points
        return self.points[card]

    def mask_points(self, mask: int) -> int:
        return sum(self.card_points(c) for c in cards_of(mask))

    def is_speto(self, card: int) -> bool:
        return bool(self.speto_mask >> card & 1)

    def shown_cards(self) -> tuple[int, ...]:
        return tuple(cards_of(self.speto_mask))

    @property
    def head_in_row(self) -> bool:
        return bool(self.discards) and self.discards[0] == self.head

    def layoffs_left(self, seat: int) -> int | None:
        limit = self.move_rules.layoff_limit
        return None if limit == 0 else max(0, limit - self.layoffs[seat])

    def penalties_of(self, seat: int) -> int:
        return sum(p.points for p in self.penalty_items if p.seat == seat)

    def knock_possible(self, seat: int | None = None) -> bool:
        """Could the seat to move meld and lay off down to one card now?"""
        s = self.seat if seat is None else seat
        left = self.layoffs_left(s)
        chain = self.move_rules.layoff_chain
        return GoOut(self.hands[s], self.melds, s, chain, left, self.both).can_go_out()

    def fits_table(self, card: int, seat: int) -> bool:
        """Could ``seat`` lay ``card`` off now (by the layoff rules and limit in force)?"""
        return self.layoffs_left(seat) != 0 and self.fits_any(card, seat)

    def fits_any(self, card: int, seat: int) -> bool:
        """Does ``card`` fit onto a table meld, as if ``seat`` laid it off, born or not,
        whatever the layoff limit (§12: the discard penalty, the knock bonus)?

        reading: the ace of a run that holds its 2 and its K fits when either end
        is open to ``seat`` (the layoff could name the 2 or the K, §14.1)."""
        return bool(table_fits(self, seat)[0] >> card & 1)

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
        house = self.move_rules
        return (
            (house.show_speto_points > 0 or house.scoring == "money")
            and self.phase == TAKE
            and self.seat == seat
            and self.speto_mask != 0
            and self.hands[seat] & self.speto_mask == self.speto_mask
            and not self.shown[seat]
            and self.turn_start == len(self.history)
            and not any(s == seat for s, _ in self.history)
        )

    def layoff_target(self, action: LayOff | PickLayoff) -> int:
        """The card a record names as the target of a layoff made: the meld's first
        card as laid, but for the ace of a run that held its 2 and its K the card
        that picks its end (§14.1): the 2 below which it went, or the K above which
        it went when the first card is that 2."""
        meld = self.melds[action.target]
        if action.low:
            return meld.suit * 13
        ace = action.card % 13 == 12 and meld.kind == RUN and meld.both
        if ace and meld.anchor == meld.suit * 13 and not meld.ace_low:
            return meld.suit * 13 + 11  # the ace went above the K
        return meld.anchor

    def kind_of(self, action: Action) -> str:
        if isinstance(action, Discard) and self.hands[self.seat] == 1 << action.card:
            return "knock"
        return super().kind_of(action)

    # ------------------------------------------------------------------
    # legal actions (dummy_legal), checks (dummy_checks), applying (dummy_play):
    # the methods hand over to those modules' functions

    def _legal(self) -> list[Action]:
        """Every action that is legal now and can still lead somewhere (:mod:`dummy_legal`)."""
        return legal(self)

    def pick_options(self) -> list[Pick | PickLayoff]:
        """Every pick-up §5 allows now: each row card with each meld (or layoff) that plays it."""
        return pick_options(self)

    def check(self, action: Action) -> None:
        check(self, action)

    def _refusal(self, kind: str, cards: tuple[int, ...]) -> IllegalMoveError | None:
        return refusal(self, kind, cards)

    def pick_refusal(self, card: int) -> IllegalMoveError | None:
        """Why ``pick <card>`` cannot start a pick-up now (None when it can)."""
        return pick_refusal(self, card)

    def _play(self, seat: int, action: Action) -> None:
        """Apply an action (:mod:`dummy_play`)."""
        play(self, seat, action)

    def fooled(self) -> int | None:
        """The seat the knock fools (§9, §14.4 ``fool_rule``), or None."""
        return fooled(self)

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
        if self.went_out is not None and self.rules.next_starter == "knocker":
            return self.went_out, direction
        return (self.starter + direction) % self.players, direction

    def next_round_why(self) -> str:
        """``knocker`` (the knocker starts), ``rotate`` (§14.5: each seat in
        turn) or ``no_knock`` (no knocker: the next seat starts)."""
        if self.went_out is not None and self.rules.next_starter == "knocker":
            return "knocker"
        return "rotate" if self.rules.next_starter == "rotate" else "no_knock"

    def tallies(self) -> list[Tally]:
        return [
            Tally(
                knocked=self.went_out == b.seat,
                dark_knock=self.went_out == b.seat and b.dark_knock,
                fell=b.fell,
                fooled=self.fool == b.seat,
                penalties=b.penalties,
            )
            for b in self.scores()
        ]

    @classmethod
    def from_view(
        cls, view: PlayerView, hands: list[int], stock: list[int], burned: list[int]
    ) -> Self:
        """A round in the public state of ``view`` with the given hidden cards
        (see :func:`dummy_view.round_from_view`)."""
        assert isinstance(view, DummyView)
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
            # §14.1: the ace of a run that holds its 2 and its K goes below the 2 when
            # the 2 is the target, else above the K
            meld = self.melds[index]
            return LayOff(card, index, meld.two_ace_ends(card) and target == meld.suit * 13)
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
            return PickLayoff(card, action.target, action.low)
        raise IllegalMoveError("pickup_meld", "follow", card=card)


__all__ = ["DummyBreakdown", "DummyRound", "DummyView", "Penalty"]
