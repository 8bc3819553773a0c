"""One round of Dummy as a sequence of actions.

``DummyRound`` owns the whole state of a round: hands, stock, discard row,
table and everyone's born status.  It lists legal actions, applies them
(refusing an illegal one with an :class:`IllegalMoveError` that names the
rule), undoes the current turn's actions, scores the round and hands out a
:class:`PlayerView` that holds only what one seat may know.

Reading decisions (where the rules leave room) are marked ``# reading:``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

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
from dummy_tui.engine.cards import card_text, cards_of, mask_of, rank_of, suit_of
from dummy_tui.engine.errors import IllegalMoveError
from dummy_tui.engine.melds import SET, TableMeld, can_go_out, meld_kind, melds_in, melds_with
from dummy_tui.rules.schema import RANK_NAMES, DummyRules

TAKE = "take"
PLAY = "play"
OVER = "over"

PENALTY_KINDS = (
    "penalty_discard_layoff",
    "penalty_discard_row_meld",
    "penalty_feed_head",
    "penalty_feed_speto",
)


@dataclass(slots=True)
class Deal:
    """A fixed deal: hands, the upcard and the stock from the top down."""

    hands: list[list[int]]
    upcard: int
    stock: list[int]  # top first, burned cards excluded
    burned: list[int] = field(default_factory=list)

    @classmethod
    def shuffled(cls, rules: DummyRules, players: int, rng: random.Random) -> Deal:
        deck = list(range(52))
        rng.shuffle(deck)
        size = rules.hand_size[players]
        hands = [sorted(deck[i * size : (i + 1) * size]) for i in range(players)]
        upcard = deck[players * size]
        stock = deck[players * size + 1 :]
        burn = rules.burn_two_player if players == 2 else 0
        burned = stock[len(stock) - burn :] if burn else []
        if burn:
            stock = stock[: len(stock) - burn]
        return cls(hands, upcard, stock, burned)


@dataclass(slots=True)
class Penalty:
    seat: int
    kind: str  # an option key of §12, or "fool_penalty"
    points: int
    card: int


@dataclass(slots=True)
class Breakdown:
    """One seat's round score, in the order of §10."""

    seat: int
    table: int
    hand: int
    hand_multiplier: int
    knock: int
    multiplier: int
    penalties: int
    total: int
    fell: bool = False  # ตกตึก
    dark_knock: bool = False  # น็อคมืด
    one_suit_knock: bool = False  # น็อคสี
    knock_bonus: int = 0  # layoff_knock_bonus inside ``knock``
    penalty_items: list[Penalty] = field(default_factory=list)

    def as_json(self) -> dict[str, int]:
        return {
            "seat": self.seat,
            "table": self.table,
            "hand": self.hand,
            "hand_multiplier": self.hand_multiplier,
            "knock": self.knock,
            "multiplier": self.multiplier,
            "penalties": self.penalties,
            "total": self.total,
        }


@dataclass(slots=True)
class _Feed:
    """A discard that may yet be charged under ``penalty_feed_*``."""

    discarder: int
    kind: str
    pair: int  # mask of the two cards a picker's meld must hold together
    card: int  # the discard


@dataclass(slots=True)
class PlayerView:
    """What one seat may know: its own hand, and everything public."""

    seat: int
    players: int
    rules: DummyRules
    phase: str
    to_move: int | None
    direction: int
    hand: list[int]
    hand_counts: list[int]
    stock_count: int
    burned_count: int
    row: list[int]
    head: int
    head_in_row: bool
    melds: list[TableMeld]
    born: list[bool]
    layoffs: list[int]
    penalties: list[int]
    history: list[tuple[int, Action]]
    born_at_turn_start: bool
    must_knock: bool
    first_turn: bool
    last_discard: tuple[int, int] | None

    @property
    def hand_mask(self) -> int:
        return mask_of(self.hand)


class DummyRound:
    """The state of one round of Dummy."""

    def __init__(
        self,
        rules: DummyRules,
        deal: Deal,
        starter: int = 0,
        direction: int = 1,
    ) -> None:
        players = len(deal.hands)
        if players not in rules.hand_size:
            raise ValueError(f"this ruleset is not for {players} players")
        self.rules = rules
        self.players = players
        self.deal = deal
        self.starter = starter
        self.start_direction = direction
        self.points = _card_points(rules)
        self.speto_mask = mask_of(_speto_cards(rules))
        self.head = deal.upcard
        self.hands = [mask_of(h) for h in deal.hands]
        self.stock = list(reversed(deal.stock))  # top at the end
        self.burned = list(deal.burned)
        self.row = [deal.upcard]
        self.melds: list[TableMeld] = []
        self.born = [False] * players
        self.layoffs = [0] * players
        self.penalty_items: list[Penalty] = []
        self.feeds: list[_Feed] = []
        self.seat = starter
        self.direction = direction
        self.phase = TAKE
        self.history: list[tuple[int, Action]] = []
        self.turn_start = 0  # index into history where this turn began
        self.first_turn = True
        self.last_discard: tuple[int, int] | None = None
        # the current turn
        self.born_at_start = False
        self.must_knock = False
        self.stock_out_turn = False
        self.picked: tuple[int, int] | None = None  # (cards taken, chosen card)
        # the end
        self.end: str | None = None
        self.knocker: int | None = None
        self.knock_card: int | None = None
        self.dark_knock = False
        self.fool: int | None = None  # seat charged the fool penalty
        self._legal_cache: list[Action] | None = None
        self._start_turn()

    # ------------------------------------------------------------------
    # construction helpers

    @classmethod
    def new(
        cls,
        rules: DummyRules,
        players: int,
        seed: int | random.Random | None = None,
        starter: int = 0,
        direction: int = 1,
    ) -> DummyRound:
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        return cls(rules, Deal.shuffled(rules, players, rng), starter, direction)

    def clone(self) -> DummyRound:
        new = object.__new__(DummyRound)
        new.rules = self.rules
        new.players = self.players
        new.deal = self.deal
        new.starter = self.starter
        new.start_direction = self.start_direction
        new.points = self.points
        new.speto_mask = self.speto_mask
        new.head = self.head
        new.hands = list(self.hands)
        new.stock = list(self.stock)
        new.burned = self.burned
        new.row = list(self.row)
        new.melds = [m.copy() for m in self.melds]
        new.born = list(self.born)
        new.layoffs = list(self.layoffs)
        new.penalty_items = list(self.penalty_items)
        new.feeds = list(self.feeds)
        new.seat = self.seat
        new.direction = self.direction
        new.phase = self.phase
        new.history = list(self.history)
        new.turn_start = self.turn_start
        new.first_turn = self.first_turn
        new.last_discard = self.last_discard
        new.born_at_start = self.born_at_start
        new.must_knock = self.must_knock
        new.stock_out_turn = self.stock_out_turn
        new.picked = self.picked
        new.end = self.end
        new.knocker = self.knocker
        new.knock_card = self.knock_card
        new.dark_knock = self.dark_knock
        new.fool = self.fool
        new._legal_cache = self._legal_cache
        return new

    # ------------------------------------------------------------------
    # queries

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.seat

    def hand(self, seat: int) -> list[int]:
        return cards_of(self.hands[seat])

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

    def next_seat(self, seat: int | None = None) -> int:
        s = self.seat if seat is None else seat
        return (s + self.direction) % self.players

    def previous_seat(self, seat: int | None = None) -> int:
        s = self.seat if seat is None else seat
        return (s - self.direction) % self.players

    def layoffs_left(self, seat: int) -> int | None:
        limit = self.rules.layoff_limit
        return None if limit == 0 else max(0, limit - self.layoffs[seat])

    def penalties_of(self, seat: int) -> int:
        return sum(p.points for p in self.penalty_items if p.seat == seat)

    def find_meld(self, card: int) -> int | None:
        """Index of the table meld holding ``card``."""
        bit = 1 << card
        for i, m in enumerate(self.melds):
            if m.mask & bit:
                return i
        return None

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

    # ------------------------------------------------------------------
    # legal actions

    def legal_actions(self) -> list[Action]:
        """Every action that is legal now and can still lead somewhere.

        Picks list each row position with each meld it allows.  For a turn
        that must end in a knock (a player not born who lays cards down, or a
        pickup with the stock empty), only plays that keep the knock
        reachable are listed; :meth:`apply` still accepts the others (§6),
        and then refuses any discard but the knock.
        """
        if self._legal_cache is None:
            self._legal_cache = self._legal()
        return list(self._legal_cache)

    def _legal(self) -> list[Action]:
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

    def pick_options(self) -> list[Action]:
        if self.first_turn and self.rules.first_turn_must_draw:
            return []
        seat = self.seat
        hand = self.hands[seat]
        out: list[Action] = []
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
    # applying actions

    def apply(self, action: Action) -> None:
        """Apply ``action`` or raise :class:`IllegalMoveError` naming the rule."""
        self.check(action)
        self._do(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (from :meth:`legal_actions`)."""
        self._do(action)

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalMoveError` if ``action`` is not legal now."""
        if self.phase == OVER:
            raise IllegalMoveError("round_over", "round over: no more moves can be made")
        seat = self.seat
        hand = self.hands[seat]
        if self.phase == TAKE:
            self._check_take(action, seat, hand)
            return
        if isinstance(action, Draw | Pick | PickLayoff):
            raise IllegalMoveError(
                "already_taken", "already taken: you have drawn or picked up this turn"
            )
        if isinstance(action, End):
            raise IllegalMoveError(
                "end", "end: the round can be ended only instead of taking, with the stock empty"
            )
        if isinstance(action, Meld):
            self._check_meld_cards(action.cards, hand)
            if len(action.cards) >= hand.bit_count():
                raise IllegalMoveError(
                    "last_card",
                    "one card must remain: you may not meld your last card; keep one to discard",
                )
            return
        if isinstance(action, LayOff):
            self._check_layoff(action.card, action.target, seat, hand)
            if hand.bit_count() < 2:
                raise IllegalMoveError(
                    "last_card",
                    "one card must remain: you may not lay off your last card; discard it",
                )
            return
        if isinstance(action, Discard):
            card = action.card
            if not hand >> card & 1:
                raise IllegalMoveError(
                    "not_in_hand", f"not in hand: you do not hold {card_text(card)}"
                )
            if hand.bit_count() > 1 and self.must_knock:
                if self.stock_out_turn:
                    raise IllegalMoveError(
                        "stock_out_knock",
                        "stock out: you picked up with the stock empty, so this turn must end "
                        "in a knock; meld down to one card, or undo",
                    )
                raise IllegalMoveError(
                    "not_born",
                    "not born: you laid cards down before being born, so this turn must end "
                    "in a knock (dark knock); meld down to one card, or undo",
                )
            return
        raise IllegalMoveError("unknown", f"unknown action {action!r}")

    def _check_take(self, action: Action, seat: int, hand: int) -> None:
        if isinstance(action, Draw):
            if not self.stock:
                raise IllegalMoveError(
                    "stock_empty",
                    "stock empty: pick up a card that lets you knock, or end the round",
                )
            return
        if isinstance(action, End):
            if self.stock:
                raise IllegalMoveError(
                    "end", "end: the round can be ended this way only when the stock is empty"
                )
            return
        if isinstance(action, Pick | PickLayoff):
            card = action.card
            if card not in self.row:
                raise IllegalMoveError(
                    "not_in_row", f"not in the row: {card_text(card)} is not in the discard row"
                )
            if self.first_turn and self.rules.first_turn_must_draw:
                raise IllegalMoveError(
                    "first_turn_must_draw",
                    "first turn must draw: the first turn of the round must draw from the stock",
                )
            i = self.row.index(card)
            taken = mask_of(self.row[i:])
            if isinstance(action, PickLayoff):
                if not self.rules.pickup_to_layoff:
                    raise IllegalMoveError(
                        "pickup_meld",
                        "pickup must meld: the picked-up card must go into a new meld "
                        "(pickup_to_layoff is off)",
                        "new_meld",
                    )
                if not self.born[seat]:
                    raise IllegalMoveError(
                        "not_born",
                        "not born: only a born player may lay a picked-up card off; "
                        "meld it with cards from your hand",
                        "layoff",
                    )
                self._check_layoff(card, action.target, seat, hand | taken)
                return
            meld = action.meld
            if card not in meld:
                raise IllegalMoveError(
                    "pickup_meld",
                    f"pickup must meld: the meld must contain the picked card {card_text(card)}",
                    "contain",
                )
            pool = hand | taken
            self._check_meld_cards(meld, pool, picked=True)
            if not mask_of(meld) & hand:
                raise IllegalMoveError(
                    "pickup_meld",
                    "pickup must meld: the meld must use at least one card from your hand",
                    "from_hand",
                )
            if len(meld) >= pool.bit_count():
                raise IllegalMoveError(
                    "last_card",
                    "one card must remain: this meld would leave you nothing to discard",
                )
            return
        raise IllegalMoveError(
            "take_first",
            "take first: draw from the stock or pick up from the discard row",
        )

    def _check_meld_cards(self, cards: tuple[int, ...], pool: int, picked: bool = False) -> None:
        for c in cards:
            if not pool >> c & 1:
                where = "in your hand or among the cards picked up" if picked else "in your hand"
                raise IllegalMoveError("not_in_hand", f"not in hand: {card_text(c)} is not {where}")
        if meld_kind(cards) is None:
            text = " ".join(card_text(c) for c in cards)
            reason, detail = "a meld is 3 or 4 of a rank, or 3+ in a row of one suit", ""
            if len(cards) >= 3 and len({suit_of(c) for c in cards}) == 1:
                ranks = sorted(rank_of(c) for c in cards)
                if 12 in ranks and 0 in ranks:
                    reason, detail = "the ace is high only: A 2 3 is not a run", "ace_high"
            raise IllegalMoveError("not_a_meld", f"not a meld: {text} ({reason})", detail)

    def _check_layoff(self, card: int, target: int, seat: int, pool: int) -> None:
        if not pool >> card & 1:
            raise IllegalMoveError("not_in_hand", f"not in hand: you do not hold {card_text(card)}")
        if not 0 <= target < len(self.melds):
            raise IllegalMoveError("no_meld", "no such meld on the table")
        if self.layoffs_left(seat) == 0:
            raise IllegalMoveError(
                "layoff_limit",
                f"layoff limit: you have laid off {self.rules.layoff_limit} "
                f"{'card' if self.rules.layoff_limit == 1 else 'cards'} this round, "
                "as many as this game allows",
            )
        meld = self.melds[target]
        if not meld.fits(card, seat, "any"):
            raise IllegalMoveError(
                "no_fit", f"does not fit: {card_text(card)} does not extend that meld"
            )
        if not meld.fits(card, seat, self.rules.layoff_chain):
            raise IllegalMoveError(
                "layoff_chain",
                "layoff chain: that end of the run was laid by another player; only the "
                "meld's owner or that player may extend it",
            )

    def _do(self, action: Action) -> None:
        seat = self.seat
        self._legal_cache = None
        self.history.append((seat, action))
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
        if rules.penalty_discard_row_meld and _melds_with_row(card, self.row):
            self.penalty_items.append(
                Penalty(seat, "penalty_discard_row_meld", rules.penalty_discard_row_meld, card)
            )
        if rules.penalty_feed_head and self.head_in_row and _near(card, self.head):
            self.feeds.append(
                _Feed(seat, "penalty_feed_head", (1 << card) | (1 << self.head), card)
            )
        if rules.penalty_feed_speto:
            speto = self.speto_mask
            for other in self.row:
                if speto >> other & 1 and _near(card, other):
                    self.feeds.append(
                        _Feed(seat, "penalty_feed_speto", (1 << card) | (1 << other), card)
                    )
                elif speto >> card & 1 and _near(other, card):
                    # reverse: a spe-to discarded beside a near card lying in the row
                    self.feeds.append(
                        _Feed(seat, "penalty_feed_speto", (1 << card) | (1 << other), card)
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
    # undo

    def turn_actions(self) -> list[Action]:
        return [a for _, a in self.history[self.turn_start :]]

    def can_undo(self) -> bool:
        """Is there an action of this turn that may be taken back?"""
        return undo_refusal(self.phase, self.history, self.turn_start) is None

    def undo(self) -> Action:
        """Take back the current turn's last action; returns it."""
        refusal = undo_refusal(self.phase, self.history, self.turn_start)
        if refusal is not None:
            raise refusal
        keep = self.history[:-1]
        undone = self.history[-1][1]
        fresh = DummyRound(self.rules, self.deal, self.starter, self.start_direction)
        for _, action in keep:
            fresh._do(action)
        for name in _STATE_FIELDS:
            setattr(self, name, getattr(fresh, name))
        return undone

    def undo_turn(self) -> None:
        while self.can_undo():
            self.undo()

    # ------------------------------------------------------------------
    # views and scoring

    def view(self, seat: int) -> PlayerView:
        return PlayerView(
            seat=seat,
            players=self.players,
            rules=self.rules,
            phase=self.phase,
            to_move=self.to_move,
            direction=self.direction,
            hand=cards_of(self.hands[seat]),
            hand_counts=[h.bit_count() for h in self.hands],
            stock_count=len(self.stock),
            burned_count=len(self.burned),
            row=list(self.row),
            head=self.head,
            head_in_row=self.head_in_row,
            melds=[m.copy() for m in self.melds],
            born=list(self.born),
            layoffs=list(self.layoffs),
            penalties=[self.penalties_of(s) for s in range(self.players)],
            history=list(self.history),
            born_at_turn_start=self.born_at_start if seat == self.seat else self.born[seat],
            must_knock=self.must_knock if seat == self.seat else False,
            first_turn=self.first_turn,
            last_discard=self.last_discard,
        )

    def scores(self) -> list[Breakdown]:
        from dummy_tui.engine.scoring import score_round

        return score_round(self)

    def next_round(self) -> tuple[int, int]:
        """(starter, direction) of the next round, per §11."""
        direction = self.direction
        if self.fool is not None and self.rules.fool_reverses_direction:
            direction = -direction
        if self.knocker is not None:
            return self.knocker, direction
        return (self.starter + direction) % self.players, direction

    # ------------------------------------------------------------------
    # notation

    def move_words(self, index: int) -> list[str]:
        """The record moves for ``history[index]`` (a pick is two moves)."""
        _, action = self.history[index]
        if isinstance(action, Draw):
            return ["draw"]
        if isinstance(action, End):
            return ["end"]
        if isinstance(action, Meld):
            return ["meld " + " ".join(card_text(c) for c in action.cards)]
        if isinstance(action, Pick):
            return [
                f"pick {card_text(action.card)}",
                "meld " + " ".join(card_text(c) for c in action.meld),
            ]
        if isinstance(action, PickLayoff | LayOff):
            anchor = self.melds[action.target].anchor
            words = f"layoff {card_text(action.card)} {card_text(anchor)}"
            if isinstance(action, PickLayoff):
                return [f"pick {card_text(action.card)}", words]
            return [words]
        if not isinstance(action, Discard):
            raise ValueError(f"not an action of Dummy: {action!r}")
        last = index == len(self.history) - 1 and self.end == "knock"
        return [("knock " if last else "discard ") + card_text(action.card)]

    def moves(self) -> list[str]:
        out: list[str] = []
        for i in range(len(self.history)):
            out.extend(self.move_words(i))
        return out

    def describe(self, action: Action) -> str:
        """Plain English for an action (the UI has its own translated text)."""
        if isinstance(action, Draw):
            return "draw"
        if isinstance(action, End):
            return "end the round"
        if isinstance(action, Pick):
            return f"pick {card_text(action.card)}, meld " + " ".join(
                card_text(c) for c in action.meld
            )
        if isinstance(action, PickLayoff):
            return f"pick {card_text(action.card)}, lay it off"
        if isinstance(action, Meld):
            return "meld " + " ".join(card_text(c) for c in action.cards)
        if isinstance(action, LayOff):
            anchor = self.melds[action.target].anchor
            return f"lay off {card_text(action.card)} on {card_text(anchor)}"
        if not isinstance(action, Discard):
            raise ValueError(f"not an action of Dummy: {action!r}")
        return f"discard {card_text(action.card)}"


def undo_refusal(
    phase: str, history: list[tuple[int, Action]], turn_start: int
) -> IllegalMoveError | None:
    """Why the last action may not be taken back, or None if it may.

    Everything from the turn's start may be, except a draw: the drawn card
    has been seen, so it cannot go back on the stock.  Every family's round
    uses this rule.
    """
    if phase == OVER or len(history) <= turn_start:
        return IllegalMoveError("undo", "undo: nothing to take back this turn")
    if isinstance(history[-1][1], Draw):
        return IllegalMoveError(
            "undo_draw", "undo: the card you drew has been seen and cannot go back"
        )
    return None


_STATE_FIELDS = (
    "hands", "stock", "row", "melds", "born", "layoffs", "penalty_items", "feeds", "seat",
    "direction", "phase", "history", "turn_start", "first_turn", "last_discard",
    "born_at_start", "must_knock", "stock_out_turn", "picked", "end", "knocker",
    "knock_card", "dark_knock", "fool", "_legal_cache",
)  # fmt: skip


def _card_points(rules: DummyRules) -> list[int]:
    by_rank = [rules.rank_points[name] for name in RANK_NAMES]
    points = [by_rank[c % 13] for c in range(52)]
    for c in _speto_cards(rules):
        points[c] = rules.speto_points
    return points


def _speto_cards(rules: DummyRules) -> list[int]:
    from dummy_tui.engine.cards import parse_card

    return [parse_card(t) for t in rules.speto_cards]


def _near(card: int, other: int) -> bool:
    """Same rank, or same suit within two ranks (§12)."""
    if card % 13 == other % 13:
        return True
    return card // 13 == other // 13 and abs(card % 13 - other % 13) <= 2


def _melds_with_row(card: int, row: list[int]) -> bool:
    """Does ``card`` form a meld with two or more cards already in the row?"""
    rank = card % 13
    same_rank = 0
    suit_bits = 0
    suit = card // 13
    for c in row:
        if c % 13 == rank:
            same_rank += 1
        elif c // 13 == suit:
            suit_bits |= 1 << (c % 13)
    if same_rank >= 2:
        return True
    r = rank
    below1 = r >= 1 and suit_bits >> (r - 1) & 1
    below2 = r >= 2 and suit_bits >> (r - 2) & 1
    above1 = r <= 11 and suit_bits >> (r + 1) & 1
    above2 = r <= 10 and suit_bits >> (r + 2) & 1
    return bool((below1 and below2) or (below1 and above1) or (above1 and above2))


__all__ = [
    "OVER",
    "PENALTY_KINDS",
    "PLAY",
    "SET",
    "TAKE",
    "Breakdown",
    "Deal",
    "DummyRound",
    "Penalty",
    "PlayerView",
]
