"""What one seat knows about the cards: a snapshot built from a view or a round.

:class:`Knowledge` replays the public history to learn which cards each
opponent picked up and still holds (a pick-up is public), which cards each
seat discarded, and which cards nobody has seen (other hands, the stock and
the burned cards).  The heuristics read everything they need from it, so
they can run on a :class:`DummyView` (a real decision) or directly on a
:class:`DummyRound` (a fast playout inside the search, where the seat's own
hand is the only hand that is read).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from dummy_tui.engine.actions import Action, Discard, LayOff, Meld, Pick, PickLayoff, Show
from dummy_tui.engine.cards import CARDS_52, mask_of
from dummy_tui.engine.families.dummy import DummyRound, DummyView, card_point_table, speto_cards
from dummy_tui.engine.melds import TableMeld
from dummy_tui.rules.schema import DummyRules

_POINTS_CACHE: Final[dict[tuple[int, int], tuple[DummyRules, list[int], int]]] = {}
"""By the id of a ruleset and the head card; each entry holds its ruleset, so that
a ruleset made later at a freed one's address is never given the freed one's points."""


def card_points(rules: DummyRules, head: int) -> tuple[list[int], int]:
    """Points of every card under ``rules`` (head card included) and the spe-to mask."""
    key = (id(rules), head)
    hit = _POINTS_CACHE.get(key)
    if hit is not None and hit[0] is rules:
        return hit[1], hit[2]
    points = card_point_table(rules)
    speto = mask_of(speto_cards(rules))
    if rules.head_card_points:
        points[head] = rules.head_card_speto_points if speto >> head & 1 else rules.head_card_points
    if len(_POINTS_CACHE) > 256:
        _POINTS_CACHE.clear()
    _POINTS_CACHE[key] = (rules, points, speto)
    return points, speto


@dataclass(slots=True)
class Knowledge:
    """One seat's picture of the round at a decision."""

    seat: int
    players: int
    rules: DummyRules
    phase: str
    direction: int
    hand: int
    hand_counts: list[int]
    stock_count: int
    discards: list[int]
    head: int
    head_in_row: bool
    melds: list[TableMeld]
    born: list[bool]
    born_at_start: bool
    must_knock: bool
    layoffs: list[int]
    points: list[int]
    speto: int
    known: list[int]  # per seat: cards that seat is known to hold (own hand for self)
    discarded: list[int]  # per seat: cards that seat has discarded this round
    unseen: int  # cards in no known place: other hands (unknown part), stock, burned
    initial_stock: int
    history: list[tuple[int, Action]]  # the public history (read, never changed)
    last_discard: tuple[int, int] | None  # (seat, card) of the round's last discard

    # ------------------------------------------------------------------

    @classmethod
    def from_view(
        cls, view: DummyView, track: bool = True, tracker: Tracker | None = None
    ) -> Knowledge:
        rules = view.rules
        assert isinstance(rules, DummyRules)
        points, speto = card_points(rules, view.head)
        table = 0
        for m in view.melds:
            table |= m.mask
        hand = mask_of(view.hand)
        known = [0] * view.players
        discarded = [0] * view.players
        if tracker is not None:
            known, discarded = tracker.track(view.history, view.head, view.players, speto)
        elif track:
            known, discarded = _track(view.history, view.head, view.players, speto)
        known[view.seat] = hand
        row_mask = mask_of(view.discards)
        seen = hand | table | row_mask
        for s in range(view.players):
            if s != view.seat:
                known[s] &= ~seen
                seen |= known[s]
        return cls(
            seat=view.seat,
            players=view.players,
            rules=rules,
            phase=view.phase,
            direction=view.direction,
            hand=hand,
            hand_counts=list(view.hand_counts),
            stock_count=view.stock_count,
            discards=list(view.discards),
            head=view.head,
            head_in_row=view.head_in_row,
            melds=view.melds,
            born=list(view.born),
            born_at_start=view.born_at_turn_start,
            must_knock=view.must_knock,
            layoffs=list(view.layoffs),
            points=points,
            speto=speto,
            known=known,
            discarded=discarded,
            unseen=CARDS_52 & ~seen,
            initial_stock=_initial_stock(rules, view.players),
            history=view.history,
            last_discard=view.last_discard,
        )

    @classmethod
    def from_round(cls, game: DummyRound, seat: int) -> Knowledge:
        """A cheap snapshot for playouts: only public facts and ``seat``'s hand.

        It reads nothing hidden but the seat's own hand (no history tracking,
        so opponents' picked-up cards count as unseen).
        """
        points, speto = card_points(game.rules, game.head)
        table = 0
        for m in game.melds:
            table |= m.mask
        hand = game.hands[seat]
        known = [0] * game.players
        known[seat] = hand
        seen = hand | table | mask_of(game.discards)
        return cls(
            seat=seat,
            players=game.players,
            rules=game.rules,
            phase=game.phase,
            direction=game.direction,
            hand=hand,
            hand_counts=[h.bit_count() for h in game.hands],
            stock_count=len(game.stock),
            discards=game.discards,
            head=game.head,
            head_in_row=game.head_in_row,
            melds=game.melds,
            born=game.born,
            born_at_start=game.born_at_start if seat == game.seat else game.born[seat],
            must_knock=game.must_knock if seat == game.seat else False,
            layoffs=game.layoffs,
            points=points,
            speto=speto,
            known=known,
            discarded=[0] * game.players,
            unseen=CARDS_52 & ~seen,
            initial_stock=_initial_stock(game.rules, game.players),
            history=game.history,
            last_discard=game.last_discard,
        )

    # ------------------------------------------------------------------

    def opponents(self) -> list[int]:
        """Opponents in the order they play after this seat."""
        out = []
        s = self.seat
        for _ in range(self.players - 1):
            s = (s + self.direction) % self.players
            out.append(s)
        return out

    def unknown_slots(self, seat: int) -> int:
        """How many cards of ``seat``'s hand are not known."""
        return max(0, self.hand_counts[seat] - self.known[seat].bit_count())

    def holds(self, seat: int, card: int) -> float:
        """Probability that ``seat`` holds ``card``, from what is known."""
        if self.known[seat] >> card & 1:
            return 1.0
        if not self.unseen >> card & 1:
            return 0.0
        n = self.unseen.bit_count()
        return self.unknown_slots(seat) / n if n else 0.0

    @property
    def ace_low_runs(self) -> bool:
        """Runs may hold the ace low as well as high (§14.1 ``ace_low_runs``)."""
        return self.rules.ace_low_runs

    @property
    def money(self) -> bool:
        """The round is scored in units (§14.6)."""
        return self.rules.scoring == "money"

    def previous_seat(self) -> int:
        return (self.seat - self.direction) % self.players

    def picked_card(self) -> int | None:
        """The card this seat picked up in the turn being played, if it picked up."""
        for seat, action in reversed(self.history):
            if seat != self.seat or isinstance(action, Discard):
                return None
            if isinstance(action, Pick | PickLayoff):
                return action.card
        return None

    def fools(self, picked: int | None) -> bool:
        """Would a knock after picking up ``picked`` (None: no pick-up) this turn fool
        the previous player (§9, §14.4 ``fool_rule``)?"""
        if picked is None or self.last_discard is None:
            return False
        seat, card = self.last_discard
        if seat != self.previous_seat():
            return False
        return self.rules.fool_rule == "took_discard" or picked == card

    def first_turn(self) -> bool:
        """Is this the seat's first turn of the round (it has not discarded yet)?"""
        return not any(s == self.seat and isinstance(a, Discard) for s, a in self.history)

    def discarder(self, card: int) -> int:
        """The seat that discarded ``card`` last (-1: nobody, as for the head card)."""
        for seat, action in reversed(self.history):
            if isinstance(action, Discard) and action.card == card:
                return seat
        return -1

    @property
    def stage(self) -> float:
        """0 at the deal, 1 when the stock is empty."""
        if self.initial_stock <= 0:
            return 1.0
        return min(1.0, max(0.0, 1.0 - self.stock_count / self.initial_stock))


def _initial_stock(rules: DummyRules, players: int) -> int:
    burned = DummyRound.burn(rules, players)
    return 52 - players * rules.hand_size[players] - 1 - burned


class Tracker:
    """:func:`_track` for one player through a round: each call replays only
    the actions added since the last one (the history's earlier entries are
    the same objects while the round goes on; anything else starts afresh)."""

    def __init__(self) -> None:
        self._start: tuple[int, int] | None = None
        self._seen = 0
        self._last: object = None
        self._known: list[int] = []
        self._discarded: list[int] = []
        self._row: list[int] = []

    def track(
        self, history: list[tuple[int, Action]], head: int, players: int, speto: int = 0
    ) -> tuple[list[int], list[int]]:
        n = self._seen
        if (
            self._start != (head, players)
            or n > len(history)
            or (n and history[n - 1] is not self._last)
        ):
            self._start = (head, players)
            self._known, self._discarded, self._row = [0] * players, [0] * players, [head]
            n = 0
        _replay(history[n:], self._known, self._discarded, self._row, speto)
        self._seen = len(history)
        self._last = history[-1] if history else None
        return list(self._known), list(self._discarded)


def _track(
    history: list[tuple[int, Action]], head: int, players: int, speto: int = 0
) -> tuple[list[int], list[int]]:
    """Replay the public history: cards each seat picked up or showed (the spe-to
    cards ``speto``) and still holds, and discards."""
    known = [0] * players
    discarded = [0] * players
    _replay(history, known, discarded, [head], speto)
    return known, discarded


def _replay(
    history: list[tuple[int, Action]],
    known: list[int],
    discarded: list[int],
    row: list[int],
    speto: int = 0,
) -> None:
    """:func:`_track`'s replay, from the state ``known``, ``discarded`` and the row."""
    for seat, action in history:
        if isinstance(action, Show):
            known[seat] |= speto  # โชว์สเปโต: it holds every spe-to card
            continue
        if isinstance(action, Discard):
            bit = 1 << action.card
            known[seat] &= ~bit
            discarded[seat] |= bit
            row.append(action.card)
        elif isinstance(action, Pick | PickLayoff):
            try:
                i = row.index(action.card)
            except ValueError:
                continue
            taken = mask_of(row[i:])
            del row[i:]
            laid = mask_of(action.meld) if isinstance(action, Pick) else 1 << action.card
            known[seat] |= taken & ~laid
        elif isinstance(action, Meld):
            known[seat] &= ~mask_of(action.cards)
        elif isinstance(action, LayOff):
            known[seat] &= ~(1 << action.card)
