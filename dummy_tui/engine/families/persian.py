"""Persian rummy: four players in two teams, 56 cards with jokers, ace high.

Jokers (cards 52..55) are not wild: they only make sets of jokers.  The
discard pile is spread: any card of it can be taken with every card above
it, and that card must be played at once (a ``Pick`` with its meld or a
``PickLayoff``), as in Dummy.

Reading decisions (where ``other-rummies.md`` leaves room) are marked
``# reading:``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from dummy_tui.engine import actions as act
from dummy_tui.engine.cards import CARDS_52, JOKER_BASE, JOKERS, cards_of, mask_of, rank_point_table
from dummy_tui.engine.errors import IllegalMoveError, add_messages
from dummy_tui.engine.families.persian_notation import parse_move, pick_action, pick_card
from dummy_tui.engine.melds import SET, TableMeld, meld_kind, melds_in, melds_with
from dummy_tui.engine.round import OVER, PLAY, TAKE, Round
from dummy_tui.engine.scores import ScoreLine
from dummy_tui.engine.view import PlayerView
from dummy_tui.rules.schema import PersianRules

add_messages(
    {
        "take_first.persian": "take first: draw from the stock or pick up from the discard pile",
        "stock_empty.persian": (
            "stock empty: take a card from the pile that you can play at once, or pass"
        ),
        "pass.persian": "pass: you may pass only when the stock is empty; draw or pick up",
        "not_in_pile": "not in the pile: {card} is not in the discard pile",
        "not_in_pile.joker": "not in the pile: there is no joker in the discard pile",
        "pickup_play.contain": (
            "pickup must be played: the meld must contain the picked card {card}"
        ),
        "pickup_play.layoff_card": (
            "pickup must be played: the card laid off must be the picked card {card}"
        ),
        "pickup_play.follow": (
            "pickup must be played: after picking {card} the next move must meld it or lay it off"
        ),
        "pickup_play.none": (
            "pickup must be played: {card} makes no meld and fits no meld on the table"
        ),
        "pickup_play.nothing": (
            "pickup must be played: no card of the pile makes a meld or fits one on the table"
        ),
    }
)
"""Persian rummy's own refusals in English (:mod:`dummy_tui.engine.errors`)."""


JOKER_RANK: Final = 13  # the ``rank`` of a set of jokers on the table


def persian_kind(cards: tuple[int, ...] | list[int]) -> str | None:
    """``"set"``, ``"run"`` or None: jokers make sets of jokers only; ace high."""
    if any(c >= JOKER_BASE for c in cards):
        n = len(cards)
        if 3 <= n <= 4 and len(set(cards)) == n and all(c >= JOKER_BASE for c in cards):
            return SET
        return None
    return meld_kind(cards)


def table_meld(owner: int, cards: tuple[int, ...] | list[int]) -> TableMeld:
    if cards and cards[0] >= JOKER_BASE:
        ordered = sorted(cards)
        return TableMeld(
            owner, SET, ordered, [owner] * len(ordered), rank=JOKER_RANK,
            at_once=len(ordered), mask=mask_of(ordered), anchor=ordered[0],
        )  # fmt: skip
    return TableMeld.new(owner, cards)


def fits(meld: TableMeld, card: int, seat: int) -> bool:
    if card >= JOKER_BASE:
        return meld.rank == JOKER_RANK and len(meld.cards) < 4
    return meld.fits(card, seat)


def persian_melds(mask: int) -> list[int]:
    """Every meld in ``mask``: ace-high sets and runs, and one set of 3 and of 4 jokers."""
    out = melds_in(mask & CARDS_52)
    jokers = cards_of(mask & JOKERS)
    for size in (3, 4):
        if len(jokers) >= size:
            out.append(sum(1 << c for c in jokers[:size]))
    return out


@dataclass(slots=True)
class PersianBreakdown(ScoreLine):
    """One seat's line of a Persian deal: the figures are its team's."""

    seat: int
    team: int
    table: int  # the team's points on the table (sets of four laid at once doubled)
    hand: int  # the team's points left in hand
    out_bonus: int
    total: int  # table - hand + out_bonus, the team's score

    def json_fields(self) -> tuple[str, ...]:
        return ("seat", "team", "table", "hand", "out_bonus", "total")


@dataclass(slots=True)
class PersianView(PlayerView):
    """What one seat may know in Persian rummy: the shared view, the card it took, the passes."""

    taken: int | None  # the card this seat took from the pile this turn
    passes: int  # passes in a row with the stock empty


class PersianRound(Round[PersianRules]):
    """One deal of Persian rummy: seats 0 and 2 against 1 and 3."""

    family = "persian"
    ace_low = False
    kinds = frozenset({"draw", "pick", "meld", "layoff", "discard", "pass"})
    view_type = PersianView

    def _setup(self) -> None:
        rules = self.rules
        self.points = rank_point_table(rules.rank_points, rules.joker_points)
        self.passes = 0

    @classmethod
    def team_of(cls, seat: int) -> int:
        return seat % 2

    @classmethod
    def match_done(cls, rules: PersianRules, totals: Sequence[int], rounds: int) -> bool:
        return rounds >= rules.deals

    def card_points(self, card: int) -> int:
        return self.points[card]

    def hand_melds(self, mask: int) -> list[int]:
        return persian_melds(mask)

    def fits_table(self, card: int, seat: int) -> bool:
        return any(fits(m, card, seat) for m in self.melds)

    def table_points(self) -> list[int]:
        """Points each seat laid; a set of four laid at once counts double."""
        out = [0] * self.players
        for m in self.melds:
            factor = 2 if m.kind == SET and m.at_once == 4 else 1
            for card, layer in zip(m.cards, m.layers, strict=True):
                out[layer] += self.points[card] * factor
        return out

    def _view_fields(self, seat: int) -> dict[str, Any]:
        return {"taken": self.taken if seat == self.seat else None, "passes": self.passes}

    def _from_view(self, view: PlayerView) -> None:
        assert isinstance(view, PersianView)
        self.passes = view.passes

    # ------------------------------------------------------------------
    # legal actions

    def _legal(self) -> list[act.Action]:
        if self.phase == OVER:
            return []
        if self.phase == TAKE:
            picks = self.pick_options()
            if self.stock:
                return [act.DRAW, *picks]
            return [*picks, act.PASS]
        seat = self.seat
        hand = self.hands[seat]
        cards = cards_of(hand)
        out: list[act.Action] = [act.Discard(c) for c in _one_joker(cards)]
        out.extend(act.Meld(tuple(cards_of(m))) for m in persian_melds(hand))
        for i, m in enumerate(self.melds):
            for c in _one_joker(cards):
                if fits(m, c, seat):
                    out.append(act.LayOff(c, i))
        return out

    def top_joker_depth(self) -> int | None:
        for i in range(len(self.discards) - 1, -1, -1):
            if self.discards[i] >= JOKER_BASE:
                return i
        return None

    def pick_options(self) -> list[act.Pick | act.PickLayoff]:
        """Every pick: a card of the pile with the meld or layoff that plays it."""
        seat = self.seat
        hand = self.hands[seat]
        out: list[act.Pick | act.PickLayoff] = []
        taken = 0
        joker_seen = False
        joker_sizes: set[int] = set()
        for card in reversed(self.discards):
            taken |= 1 << card
            pool = hand | taken
            if card >= JOKER_BASE:
                # reading: the jokers are interchangeable, so ``pick JK`` names the joker
                # nearest the top that plays it: a deeper joker is taken only for a joker
                # meld the jokers above it cannot make (see :meth:`pick_joker`)
                for m in _melds_with(card, pool):
                    if m.bit_count() not in joker_sizes:
                        joker_sizes.add(m.bit_count())
                        out.append(act.Pick(card, tuple(cards_of(m))))
                if joker_seen:
                    continue
                joker_seen = True
            else:
                for m in _melds_with(card, pool):
                    out.append(act.Pick(card, tuple(cards_of(m))))
            for j, meld in enumerate(self.melds):
                if fits(meld, card, seat):
                    out.append(act.PickLayoff(card, j))
        return out

    def pick_joker(self, size: int) -> int | None:
        """The pile joker nearest the top whose pick-up gives ``size`` jokers to meld."""
        pool = self.hands[self.seat] & JOKERS
        count = pool.bit_count()
        for i in range(len(self.discards) - 1, -1, -1):
            card = self.discards[i]
            if card >= JOKER_BASE:
                count += 1
                if count >= size:
                    return card
        return None

    # ------------------------------------------------------------------
    # checking

    def check(self, action: act.Action) -> None:
        if self.phase == OVER:
            raise IllegalMoveError("round_over")
        seat = self.seat
        hand = self.hands[seat]
        if self.phase == TAKE:
            self._check_take(action, seat, hand)
            return
        if isinstance(action, act.Draw | act.Pick | act.PickLayoff | act.Pass):
            raise IllegalMoveError("already_taken")
        if isinstance(action, act.Discard):
            if not hand >> action.card & 1:
                raise IllegalMoveError("not_in_hand", card=action.card)
            return
        if isinstance(action, act.Meld):
            self._check_meld(action.cards, hand)
            return
        if isinstance(action, act.LayOff):
            self._check_layoff(action.card, action.target, seat, hand)
            return
        raise IllegalMoveError("unknown", text=repr(action))

    def _check_take(self, action: act.Action, seat: int, hand: int) -> None:
        if isinstance(action, act.Draw):
            if not self.stock:
                raise IllegalMoveError("stock_empty", "persian")
            return
        if isinstance(action, act.Pass):
            if self.stock:
                raise IllegalMoveError("pass", "persian")
            return
        if isinstance(action, act.Pick | act.PickLayoff):
            card = action.card
            if card not in self.discards:
                raise IllegalMoveError("not_in_pile", card=card)
            i = self.discards.index(card)
            pool = hand | mask_of(self.discards[i:])
            if isinstance(action, act.PickLayoff):
                self._check_layoff(card, action.target, seat, pool)
                return
            if card not in action.meld:
                raise IllegalMoveError("pickup_play", "contain", card=card)
            self._check_meld(action.meld, pool, picked=True)
            return
        raise IllegalMoveError("take_first", "persian")

    def _check_meld(self, cards: tuple[int, ...], pool: int, picked: bool = False) -> None:
        for c in cards:
            if not pool >> c & 1:
                raise IllegalMoveError("not_in_hand", "picked" if picked else "meld", card=c)
        if persian_kind(cards) is None:
            detail = ""
            if any(c >= JOKER_BASE for c in cards):
                detail = "jokers"
            elif meld_kind(cards, ace_low=True) == "run":
                detail = "ace_high"
            raise IllegalMoveError("not_a_meld", detail, cards=tuple(cards))

    def _check_layoff(self, card: int, target: int, seat: int, pool: int) -> None:
        if not pool >> card & 1:
            raise IllegalMoveError("not_in_hand", card=card)
        if not 0 <= target < len(self.melds):
            raise IllegalMoveError("no_meld")
        if not fits(self.melds[target], card, seat):
            raise IllegalMoveError("no_fit", card=card)

    def _refusal(self, kind: str, cards: tuple[int, ...]) -> IllegalMoveError | None:
        hand = self.hands[self.seat]
        if kind == "draw":
            return IllegalMoveError("stock_empty", "persian")
        if kind == "pass":
            return IllegalMoveError("pass", "persian")
        if kind == "pick":
            if cards:
                return self.pick_refusal(cards[0])
            return IllegalMoveError("pickup_play", "nothing")
        if cards and not hand >> cards[0] & 1:
            return IllegalMoveError("not_in_hand", card=cards[0])
        return self._lay_refusal(kind, cards)

    # ------------------------------------------------------------------
    # applying

    def _play(self, seat: int, action: act.Action) -> None:
        if isinstance(action, act.Draw):
            self.hands[seat] |= 1 << self.stock.pop()
            self.phase = PLAY
            self.passes = 0
        elif isinstance(action, act.Pass):
            self.passes += 1
            if self.passes >= self.players:
                self.end = "dead"
                self.phase = OVER
                return
            self.seat = self.next_seat(seat)
            self.turn_start = len(self.history)
        elif isinstance(action, act.Pick | act.PickLayoff):
            i = self.discards.index(action.card)
            for c in self.discards[i:]:
                self.hands[seat] |= 1 << c
            del self.discards[i:]
            self.taken = action.card
            self.passes = 0
            self.phase = PLAY
            if isinstance(action, act.Pick):
                self._meld(seat, action.meld)
            else:
                self._layoff(seat, action.card, action.target)
        elif isinstance(action, act.Meld):
            self._meld(seat, action.cards)
        elif isinstance(action, act.LayOff):
            self._layoff(seat, action.card, action.target)
        elif isinstance(action, act.Discard):
            self.hands[seat] &= ~(1 << action.card)
            self.discards.append(action.card)
            # reading: a player who discards their last card plays on with an
            # empty hand; only melding or laying off the last card goes out
            self.seat = self.next_seat(seat)
            self.phase = TAKE
            self.taken = None
            self.turn_start = len(self.history)

    def _meld(self, seat: int, cards: tuple[int, ...]) -> None:
        self.hands[seat] &= ~sum(1 << c for c in cards)
        self.melds.append(table_meld(seat, cards))
        self._maybe_out(seat)

    def _layoff(self, seat: int, card: int, target: int) -> None:
        self.hands[seat] &= ~(1 << card)
        self.melds[target].add(card, seat)
        self._maybe_out(seat)

    def _maybe_out(self, seat: int) -> None:
        if not self.hands[seat]:
            self.went_out = seat
            self.end = "knock"
            self.phase = OVER

    # ------------------------------------------------------------------
    # scoring

    def team_table(self, team: int) -> int:
        laid = self.table_points()
        return sum(laid[s] for s in range(self.players) if s % 2 == team)

    def scores(self) -> list[PersianBreakdown]:
        if self.end is None:
            raise ValueError("the round is not over")
        teams = []
        for team in (0, 1):
            table = self.team_table(team)
            hand = sum(
                self.points[c]
                for s in range(self.players)
                if s % 2 == team
                for c in cards_of(self.hands[s])
            )
            bonus = (
                self.rules.out_bonus
                if self.end == "knock" and self.went_out is not None and self.went_out % 2 == team
                else 0
            )
            teams.append((table, hand, bonus, table - hand + bonus))
        return [PersianBreakdown(s, s % 2, *teams[s % 2]) for s in range(self.players)]

    def next_round(self) -> tuple[int, int]:
        # reading: the deal passes to the next seat
        return (self.starter + self.start_direction) % self.players, self.start_direction

    # ------------------------------------------------------------------
    # notation

    def parse_move(self, text: str) -> act.Action:
        return parse_move(self, text)

    def pick_card(self, text: str) -> int | None:
        return pick_card(self, text)

    def pick_action(self, card: int, follow: str) -> act.Action:
        return pick_action(self, card, follow)

    def find_meld(self, card: int) -> int | None:
        if card >= JOKER_BASE:  # the jokers are interchangeable: the set of jokers
            for i, m in enumerate(self.melds):
                if m.rank == JOKER_RANK:
                    return i
            return None
        return super().find_meld(card)

    def pick_refusal(self, card: int) -> IllegalMoveError | None:
        """Why a pick-up of ``card`` cannot be made now (None when it can)."""
        refused = self.taking_refusal(card, "not_in_pile")
        if refused is not None:
            return refused
        # a joker: any joker of the pile may be the one that plays (see :meth:`pick_action`)
        same = JOKERS if card >= JOKER_BASE else 1 << card
        if not any(same >> a.card & 1 for a in self.pick_options()):
            return IllegalMoveError("pickup_play", "none", card=card)
        return None


def _one_joker(cards: list[int]) -> list[int]:
    """The cards with only the first joker: the jokers are interchangeable."""
    out = []
    seen = False
    for c in cards:
        if c >= JOKER_BASE:
            if seen:
                continue
            seen = True
        out.append(c)
    return out


def _melds_with(card: int, pool: int) -> list[int]:
    if card < JOKER_BASE:
        return melds_with(card, pool & CARDS_52)
    others = [c for c in cards_of(pool & JOKERS) if c != card]
    out = []
    for size in (2, 3):
        if len(others) >= size:
            out.append((1 << card) | sum(1 << c for c in others[:size]))
    return out


__all__ = [
    "PersianBreakdown",
    "PersianRound",
    "PersianView",
    "fits",
    "persian_kind",
    "persian_melds",
]
