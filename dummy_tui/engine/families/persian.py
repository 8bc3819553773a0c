"""Persian rummy: four players in two teams, 56 cards with jokers, ace high.

Jokers (cards 52..55) are not wild: they only make sets of jokers.  The
discard pile is spread: any card of it can be taken with every card above
it, and that card must be played at once (a ``Pick`` with its meld or a
``PickLayoff``), as in Dummy.

Reading decisions (where ``other-rummies.md`` leaves room) are marked
``# reading:``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dummy_tui.engine.actions import (
    DRAW,
    PASS,
    Action,
    Discard,
    Draw,
    LayOff,
    Meld,
    Pass,
    Pick,
    PickLayoff,
)
from dummy_tui.engine.cards import JOKER_BASE, CardError, card_text, cards_of, parse_card
from dummy_tui.engine.errors import IllegalMoveError, MoveSyntaxError
from dummy_tui.engine.families.common import (
    OVER,
    PLAY,
    TAKE,
    FamilyRound,
    cards_words,
    rank_point_table,
)
from dummy_tui.engine.melds import SET, TableMeld, meld_kind, melds_in, melds_with

JOKERS = 0xF << JOKER_BASE
JOKER_RANK = 13  # the ``rank`` of a set of jokers on the table
_CARDS_52 = (1 << 52) - 1


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
            at_once=len(ordered), mask=sum(1 << c for c in ordered), anchor=ordered[0],
        )  # fmt: skip
    return TableMeld.new(owner, cards)


def fits(meld: TableMeld, card: int, seat: int) -> bool:
    if card >= JOKER_BASE:
        return meld.rank == JOKER_RANK and len(meld.cards) < 4
    return meld.fits(card, seat)


def persian_melds(mask: int) -> list[int]:
    """Every meld in ``mask``: ace-high sets and runs, and one set of 3 and of 4 jokers."""
    out = melds_in(mask & _CARDS_52)
    jokers = cards_of(mask & JOKERS)
    for size in (3, 4):
        if len(jokers) >= size:
            out.append(sum(1 << c for c in jokers[:size]))
    return out


@dataclass(slots=True)
class PersianBreakdown:
    """One seat's line of a Persian deal: the figures are its team's."""

    seat: int
    team: int
    table: int  # the team's points on the table (sets of four laid at once doubled)
    hand: int  # the team's points left in hand
    out_bonus: int
    total: int  # table - hand + out_bonus, the team's score

    def as_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "team": self.team,
            "table": self.table,
            "hand": self.hand,
            "out_bonus": self.out_bonus,
            "total": self.total,
        }


class PersianRound(FamilyRound):
    """One deal of Persian rummy: seats 0 and 2 against 1 and 3."""

    family = "persian"
    ace_low = False

    def _setup(self) -> None:
        rules = self.rules
        self.points = rank_point_table(rules.rank_points, rules.joker_points)
        self.passes = 0

    def team_of(self, seat: int) -> int:
        return seat % 2

    def card_points(self, card: int) -> int:
        return self.points[card]

    def _view_extra(self, seat: int) -> dict[str, Any]:
        return {"offer": False, "passes": self.passes}

    # ------------------------------------------------------------------
    # legal actions

    def _legal(self) -> list[Action]:
        if self.phase == OVER:
            return []
        if self.phase == TAKE:
            picks = self.pick_options()
            if self.stock:
                return [DRAW, *picks]
            return [*picks, PASS]
        seat = self.seat
        hand = self.hands[seat]
        cards = cards_of(hand)
        out: list[Action] = [Discard(c) for c in _one_joker(cards)]
        out.extend(Meld(tuple(cards_of(m))) for m in persian_melds(hand))
        for i, m in enumerate(self.melds):
            for c in _one_joker(cards):
                if fits(m, c, seat):
                    out.append(LayOff(c, i))
        return out

    def top_joker_depth(self) -> int | None:
        for i in range(len(self.row) - 1, -1, -1):
            if self.row[i] >= JOKER_BASE:
                return i
        return None

    def pick_options(self) -> list[Action]:
        """Every pick: a card of the pile with the meld or layoff that plays it."""
        seat = self.seat
        hand = self.hands[seat]
        out: list[Action] = []
        taken = 0
        joker_seen = False
        joker_sizes: set[int] = set()
        for card in reversed(self.row):
            taken |= 1 << card
            pool = hand | taken
            if card >= JOKER_BASE:
                # reading: the jokers are interchangeable, so ``pick JK`` names the joker
                # nearest the top that plays it: a deeper joker is taken only for a joker
                # meld the jokers above it cannot make (see :meth:`pick_joker`)
                for m in _melds_with(card, pool):
                    if m.bit_count() not in joker_sizes:
                        joker_sizes.add(m.bit_count())
                        out.append(Pick(card, tuple(cards_of(m))))
                if joker_seen:
                    continue
                joker_seen = True
            else:
                for m in _melds_with(card, pool):
                    out.append(Pick(card, tuple(cards_of(m))))
            for j, meld in enumerate(self.melds):
                if fits(meld, card, seat):
                    out.append(PickLayoff(card, j))
        return out

    def pick_joker(self, size: int) -> int | None:
        """The pile joker nearest the top whose pick-up gives ``size`` jokers to meld."""
        pool = self.hands[self.seat] & JOKERS
        count = pool.bit_count()
        for i in range(len(self.row) - 1, -1, -1):
            card = self.row[i]
            if card >= JOKER_BASE:
                count += 1
                if count >= size:
                    return card
        return None

    # ------------------------------------------------------------------
    # checking

    def check(self, action: Action) -> None:
        if self.phase == OVER:
            raise IllegalMoveError("round_over", "round over: no more moves can be made")
        seat = self.seat
        hand = self.hands[seat]
        if self.phase == TAKE:
            self._check_take(action, seat, hand)
            return
        if isinstance(action, Draw | Pick | PickLayoff | Pass):
            raise IllegalMoveError(
                "already_taken", "already taken: you have drawn or picked up this turn"
            )
        if isinstance(action, Discard):
            if not hand >> action.card & 1:
                raise IllegalMoveError(
                    "not_in_hand", f"not in hand: you do not hold {card_text(action.card)}"
                )
            return
        if isinstance(action, Meld):
            self._check_meld(action.cards, hand)
            return
        if isinstance(action, LayOff):
            self._check_layoff(action.card, action.target, seat, hand)
            return
        raise IllegalMoveError("unknown", f"not a move in Persian rummy: {action!r}")

    def _check_take(self, action: Action, seat: int, hand: int) -> None:
        if isinstance(action, Draw):
            if not self.stock:
                raise IllegalMoveError(
                    "stock_empty",
                    "stock empty: take a card from the pile that you can play at once, or pass",
                    "persian",
                )
            return
        if isinstance(action, Pass):
            if self.stock:
                raise IllegalMoveError(
                    "pass",
                    "pass: you may pass only when the stock is empty; draw or pick up",
                    "persian",
                )
            return
        if isinstance(action, Pick | PickLayoff):
            card = action.card
            if card not in self.row:
                raise IllegalMoveError(
                    "not_in_pile", f"not in the pile: {card_text(card)} is not in the discard pile"
                )
            i = self.row.index(card)
            pool = hand
            for c in self.row[i:]:
                pool |= 1 << c
            if isinstance(action, PickLayoff):
                self._check_layoff(card, action.target, seat, pool)
                return
            if card not in action.meld:
                raise IllegalMoveError(
                    "pickup_meld",
                    "pickup must be played: the meld must contain the picked card "
                    f"{card_text(card)}",
                    "contain",
                )
            self._check_meld(action.meld, pool, picked=True)
            return
        raise IllegalMoveError(
            "take_first", "take first: draw from the stock or pick up from the discard pile"
        )

    def _check_meld(self, cards: tuple[int, ...], pool: int, picked: bool = False) -> None:
        for c in cards:
            if not pool >> c & 1:
                where = "in your hand or among the cards picked up" if picked else "in your hand"
                raise IllegalMoveError("not_in_hand", f"not in hand: {card_text(c)} is not {where}")
        if persian_kind(cards) is None:
            reason, detail = "a meld is 3 or 4 of a rank, or 3+ in a row of one suit", ""
            if any(c >= JOKER_BASE for c in cards):
                reason, detail = "jokers are not wild: they make sets of jokers only", "jokers"
            elif meld_kind(cards, ace_low=True) == "run":
                reason, detail = "the ace is high only: A 2 3 is not a run", "ace_high"
            raise IllegalMoveError(
                "not_a_meld", f"not a meld: {cards_words(cards)} ({reason})", detail
            )

    def _check_layoff(self, card: int, target: int, seat: int, pool: int) -> None:
        if not pool >> card & 1:
            raise IllegalMoveError("not_in_hand", f"not in hand: you do not hold {card_text(card)}")
        if not 0 <= target < len(self.melds):
            raise IllegalMoveError("no_meld", "no such meld on the table")
        if not fits(self.melds[target], card, seat):
            raise IllegalMoveError(
                "no_fit", f"does not fit: {card_text(card)} does not extend that meld"
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
            self.passes = 0
        elif isinstance(action, Pass):
            self.passes += 1
            if self.passes >= self.players:
                self.end = "dead"
                self.phase = OVER
                return
            self.seat = self.next_seat(seat)
            self.turn_start = len(self.history)
        elif isinstance(action, Pick | PickLayoff):
            i = self.row.index(action.card)
            for c in self.row[i:]:
                self.hands[seat] |= 1 << c
            del self.row[i:]
            self.taken = action.card
            self.passes = 0
            self.phase = PLAY
            if isinstance(action, Pick):
                self._meld(seat, action.meld)
            else:
                self._layoff(seat, action.card, action.target)
        elif isinstance(action, Meld):
            self._meld(seat, action.cards)
        elif isinstance(action, LayOff):
            self._layoff(seat, action.card, action.target)
        elif isinstance(action, Discard):
            self.hands[seat] &= ~(1 << action.card)
            self.row.append(action.card)
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
            self.knocker = seat
            self.end = "knock"
            self.phase = OVER

    # ------------------------------------------------------------------
    # scoring

    def team_table(self, team: int) -> int:
        total = 0
        for m in self.melds:
            four_at_once = m.kind == SET and m.at_once == 4
            for card, layer in zip(m.cards, m.layers, strict=True):
                if layer % 2 == team:
                    total += self.points[card] * (2 if four_at_once else 1)
        return total

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
                if self.end == "knock" and self.knocker is not None and self.knocker % 2 == team
                else 0
            )
            teams.append((table, hand, bonus, table - hand + bonus))
        return [PersianBreakdown(s, s % 2, *teams[s % 2]) for s in range(self.players)]

    def next_round(self) -> tuple[int, int]:
        # reading: the deal passes to the next seat
        return (self.starter + self.start_direction) % self.players, self.start_direction

    # ------------------------------------------------------------------
    # notation

    def move_words(self, index: int) -> list[str]:
        _, action = self.history[index]
        if isinstance(action, Draw):
            return ["draw"]
        if isinstance(action, Pass):
            return ["pass"]
        if isinstance(action, Meld):
            return ["meld " + cards_words(action.cards)]
        if isinstance(action, Pick):
            return [f"pick {card_text(action.card)}", "meld " + cards_words(action.meld)]
        if isinstance(action, PickLayoff | LayOff):
            anchor = self.melds[action.target].anchor
            words = f"layoff {card_text(action.card)} {card_text(anchor)}"
            if isinstance(action, PickLayoff):
                return [f"pick {card_text(action.card)}", words]
            return [words]
        if isinstance(action, Discard):
            return [f"discard {card_text(action.card)}"]
        raise ValueError(f"not an action of Persian rummy: {action!r}")

    def _card(self, word: str) -> int:
        try:
            return parse_card(word)
        except CardError as exc:
            raise MoveSyntaxError(f"not a move: {exc}") from None

    def _resolve(self, cards: list[int], pool: int, keep: int | None = None) -> list[int]:
        """Give each ``JK`` a distinct joker of ``pool`` (``keep`` first)."""
        free = [c for c in cards_of(pool & JOKERS) if c != keep]
        if keep is not None:
            free.insert(0, keep)
        out = []
        for c in cards:
            if c >= JOKER_BASE:
                if not free:
                    raise IllegalMoveError("not_in_hand", "not in hand: you hold no more jokers")
                out.append(free.pop(0))
            else:
                out.append(c)
        return out

    def parse_move(self, text: str) -> Action:
        words = text.split()
        if not words:
            raise MoveSyntaxError("not a move: the move is empty")
        verb = words[0].lower()
        args = words[1:]
        if verb == "draw" and not args:
            return DRAW
        if verb == "pass" and not args:
            return PASS
        hand = self.hands[self.seat] if not self.is_over else 0
        if verb == "discard" and len(args) == 1:
            (card,) = self._resolve([self._card(args[0])], hand)
            return Discard(card)
        if verb == "meld" and args:
            cards = self._resolve([self._card(w) for w in args], hand)
            return Meld(tuple(sorted(cards)))
        if verb == "layoff" and len(args) == 2:
            (card,) = self._resolve([self._card(args[0])], hand)
            target = self._card(args[1])
            index = self._meld_holding(target)
            if index is None:
                raise IllegalMoveError(
                    "no_meld", f"no such meld: no meld on the table holds {card_text(target)}"
                )
            return LayOff(card, index)
        if verb == "knock":
            raise IllegalMoveError(
                "knock",
                "knock: in Persian rummy you go out by melding or laying off your last card; "
                "discarding it does not end the round",
            )
        if verb == "end":
            raise IllegalMoveError("end", "end: not a move in Persian rummy; pass instead")
        known = "draw, pick, meld, layoff, discard, pass"
        raise MoveSyntaxError(f"not a move: {text.strip()!r} (moves are {known})")

    def _meld_holding(self, card: int) -> int | None:
        if card >= JOKER_BASE:
            for i, m in enumerate(self.melds):
                if m.rank == JOKER_RANK:
                    return i
            return None
        return self.find_meld(card)

    def pick_card(self, word: str) -> int:
        """The pile card ``pick <word>`` names.

        ``JK`` names the joker nearest the top; :meth:`pick_action` takes a
        deeper one when the joker meld that follows needs the jokers above it.
        """
        card = self._card(word)
        if card >= JOKER_BASE:
            depth = self.top_joker_depth()
            if depth is None:
                raise IllegalMoveError(
                    "not_in_pile", "not in the pile: there is no joker in the discard pile"
                )
            return self.row[depth]
        return card

    def check_pick_start(self, card: int) -> None:
        """Refuse ``pick <card>`` at once when nothing could play it."""
        if self.phase != TAKE:
            raise IllegalMoveError(
                "already_taken", "already taken: you have drawn or picked up this turn"
            )
        if card not in self.row:
            raise IllegalMoveError(
                "not_in_pile", f"not in the pile: {card_text(card)} is not in the discard pile"
            )
        # a joker: any joker of the pile may be the one that plays (see :meth:`pick_action`)
        same = JOKERS if card >= JOKER_BASE else 1 << card
        if not any(
            isinstance(a, Pick | PickLayoff) and same >> a.card & 1 for a in self.pick_options()
        ):
            raise IllegalMoveError(
                "pickup_meld",
                f"pickup must be played: {card_text(card)} makes no meld and fits no meld on "
                "the table",
            )

    def pick_action(self, card: int, follow: str) -> Action:
        """The pick-up made of ``pick <card>`` and the move that follows it."""
        words = follow.split()
        verb = words[0].lower() if words else ""
        if card >= JOKER_BASE and verb == "meld" and len(words) > 1:
            named = sum(1 for w in words[1:] if w.upper() == "JK")
            deeper = self.pick_joker(named)
            if deeper is not None:
                card = deeper
        i = self.row.index(card)
        pool = self.hands[self.seat]
        for c in self.row[i:]:
            pool |= 1 << c
        if verb == "meld" and len(words) > 1:
            cards = self._resolve([self._card(w) for w in words[1:]], pool, keep=card)
            return Pick(card, tuple(sorted(cards)))
        if verb == "layoff" and len(words) == 3:
            laid = self._card(words[1])
            if laid >= JOKER_BASE and card >= JOKER_BASE:
                laid = card
            if laid != card:
                raise IllegalMoveError(
                    "pickup_meld",
                    "pickup must be played: the card laid off must be the picked card "
                    f"{card_text(card)}",
                )
            index = self._meld_holding(self._card(words[2]))
            if index is None:
                raise IllegalMoveError(
                    "no_meld", f"no such meld: no meld on the table holds {words[2]}"
                )
            return PickLayoff(card, index)
        raise IllegalMoveError(
            "pickup_meld",
            f"pickup must be played: after picking {card_text(card)} the next move must meld it "
            "or lay it off",
        )


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
        return melds_with(card, pool & _CARDS_52)
    others = [c for c in cards_of(pool & JOKERS) if c != card]
    out = []
    for size in (2, 3):
        if len(others) >= size:
            out.append((1 << card) | sum(1 << c for c in others[:size]))
    return out


__all__ = ["PersianBreakdown", "PersianRound", "fits", "persian_kind", "persian_melds"]
