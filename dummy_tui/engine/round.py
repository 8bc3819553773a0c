"""The one round API every rummy family shares.

A round is a deal plus a list of actions (OpenSpiel's ``State``): it lists the
legal actions, checks and applies them, takes back the current turn, clones
itself for search, hands out a :class:`PlayerView` that holds only what one
seat may know (and is rebuilt from one, the hidden cards given), scores
itself and says who starts the next round.  It also reads and writes the move
notation of ``records.md``.

Each family (Dummy, basic rummy, gin, Persian rummy) is one subclass in
:mod:`dummy_tui.engine.families` that holds only what differs, found through
:data:`dummy_tui.engine.families.FAMILIES` by the ruleset's ``family``.

Beside it: the deal (:mod:`deal`), the seat's view (:mod:`view`), score lines and
tallies (:mod:`scores`) and the kinds of action (:mod:`kinds`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Final, Generic, Self, TypeVar

from dummy_tui.engine import actions as act
from dummy_tui.engine.cards import cards_of, mask_of
from dummy_tui.engine.deal import Deal, shuffled_deal
from dummy_tui.engine.errors import IllegalMoveError
from dummy_tui.engine.kinds import KIND_OF, KINDS, TAKE_KINDS, involves
from dummy_tui.engine.melds import TableMeld
from dummy_tui.engine.notation import words_of
from dummy_tui.engine.scores import Breakdown, Tally, winners
from dummy_tui.engine.view import PlayerView
from dummy_tui.rules.schema import RulesetBase

TAKE: Final = "take"
PLAY: Final = "play"
OVER: Final = "over"

R = TypeVar("R", bound=RulesetBase)


def _compiled_attributes(cls: type) -> tuple[str, ...] | None:
    """The instance attributes of ``cls`` when mypyc compiled it, else None.

    A compiled class keeps its instances' attributes in fixed slots, not in a
    ``__dict__``, and makes them only through ``__init__``: a copy is made
    fresh and has the attributes set one by one.
    """
    names: tuple[str, ...] | None = getattr(cls, "__mypyc_attrs__", None)
    if names is None:
        return None
    return tuple(name for name in names if not name.startswith("__"))


def state_of(game: Round[Any]) -> dict[str, Any]:
    """Every attribute of ``game`` by name (a new dict), compiled or not."""
    names = _compiled_attributes(type(game))
    if names is None:
        return dict(vars(game))
    return {name: getattr(game, name) for name in names if hasattr(game, name)}


# ---------------------------------------------------------------------------
# The round


class Round(Generic[R]):
    """The state of one round, with the machinery every family shares.

    A family sets :attr:`family`, :attr:`kinds` and :attr:`view_type` and
    writes :meth:`_legal`, :meth:`check`, :meth:`_play`, :meth:`scores`,
    :meth:`next_round`, :meth:`parse_move` and :meth:`move_words`; it may
    add state in :meth:`_setup` (naming its lists in :attr:`_COPIED`),
    public facts in :meth:`_view_fields`, and read its state back from a
    seat's view in :meth:`_from_view`.
    """

    family: ClassVar[str] = ""
    ace_low: ClassVar[bool] = False
    kinds: ClassVar[frozenset[str]] = frozenset(KINDS)
    """The action kinds this family has at all."""
    view_type: ClassVar[type[PlayerView]] = PlayerView
    _COPIED: ClassVar[tuple[str, ...]] = ("hands", "stock", "discards", "history")
    """Lists a clone copies (the melds are copied meld by meld)."""

    def __init__(self, rules: R, deal: Deal, starter: int = 0, direction: int = 1) -> None:
        players = len(deal.hands)
        if players not in rules.hand_size:
            raise ValueError(f"this ruleset is not for {players} players")
        self.rules = rules
        self.players = players
        self.deal = deal
        self.starter = starter
        self.start_direction = direction
        self.hands = [mask_of(h) for h in deal.hands]
        self.stock = list(reversed(deal.stock))  # top at the end
        self.discards = [deal.upcard]
        self.melds: list[TableMeld] = []
        self.history: list[tuple[int, act.Action]] = []
        self.seat = starter
        self.direction = direction
        self.phase = TAKE
        self.turn_start = 0  # index into history where this turn began
        self.taken: int | None = None  # the card taken from the pile this turn
        self.end: str | None = None
        self.went_out: int | None = None
        """The seat that went out (knocked), ending the round."""
        self.out_card: int | None = None
        """The card it went out with."""
        self._legal_cache: list[act.Action] | None = None
        self._setup()

    def _setup(self) -> None:
        """The family's own state; called at the end of ``__init__``."""

    @classmethod
    def burn(cls, rules: R, players: int) -> int:
        """Cards set aside unseen from the bottom of the stock at the deal."""
        return 0

    @classmethod
    def shuffle(cls, rules: R, players: int, rng: random.Random) -> Deal:
        """A shuffled deal for this family."""
        size = rules.hand_size[players]
        return shuffled_deal(rules.deck_size(), size, players, rng, cls.burn(rules, players))

    @classmethod
    def new(
        cls,
        rules: R,
        players: int,
        seed: int | random.Random | None = None,
        starter: int = 0,
        direction: int = 1,
    ) -> Self:
        """A freshly shuffled round (``seed``: a number or a ``Random``)."""
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        return cls(rules, cls.shuffle(rules, players, rng), starter, direction)

    @classmethod
    def from_view(
        cls, view: PlayerView, hands: list[int], stock: list[int], burned: list[int]
    ) -> Self:
        """A round in the public state of ``view`` with the hidden cards given:
        ``hands`` as masks (the viewing seat's own hand among them), ``stock``
        top first, ``burned`` (a player's terminal plays on such a round:
        :mod:`dummy_tui.net.shadow`).

        The table is the view's.  The turn is read from the history every seat
        sees: the turn began after the last move of another seat (no family
        gives a seat two turns in a row), and a card taken from the pile in it
        is :attr:`taken`.  A family sets its own state in :meth:`_from_view`.
        The deal the round is built on holds the hidden cards as given (the
        pile's oldest card as its upcard): it is not the real deal, so
        :meth:`fresh` is no real position.
        """
        history = list(view.history)
        starter = history[0][0] if history else (view.to_move or 0)
        upcard = view.discards[0] if view.discards else -1
        deal = Deal([cards_of(h) for h in hands], upcard, list(stock), list(burned))
        rules: Any = view.rules
        game = cls(rules, deal, starter, view.direction)
        game.hands = list(hands)
        game.stock = list(reversed(stock))
        game.discards = list(view.discards)
        game.melds = [m.copy() for m in view.melds]
        game.history = history
        game.direction = view.direction
        game.phase = view.phase
        if view.to_move is not None:
            game.seat = view.to_move
        elif history:
            game.seat = history[-1][0]
        start = len(history)
        while start > 0 and history[start - 1][0] == game.seat:
            start -= 1
        game.turn_start = start
        game.taken = None
        for _, action in history[start:]:
            if isinstance(action, act.TakeDiscard | act.Pick | act.PickLayoff):
                game.taken = action.card
        game._from_view(view)
        game._legal_cache = None
        return game

    def _from_view(self, view: PlayerView) -> None:
        """The family's own state, as :meth:`from_view` rebuilds it from ``view``
        (the shared state and the turn are set already)."""

    def fresh(self) -> Self:
        """The same round at its deal, before any move."""
        return type(self)(self.rules, self.deal, self.starter, self.start_direction)

    def clone(self) -> Self:
        """An independent copy (for search and trial moves)."""
        names = _compiled_attributes(type(self))
        if names is None:
            new = object.__new__(type(self))
            state = vars(new)
            state.update(vars(self))
            for name in self._COPIED:
                state[name] = state[name][:]
        else:
            new = self.fresh()
            new._take_state(self, names)
            for name in self._COPIED:
                setattr(new, name, getattr(self, name)[:])
        new.melds = [m.copy() for m in self.melds]
        return new

    def _take_state(self, other: Self, names: tuple[str, ...] | None) -> None:
        """Make every attribute of this round the same object as ``other``'s
        (``names``: the attributes of a compiled class, None for pure Python)."""
        if names is None:
            vars(self).update(vars(other))
        else:
            for name in names:
                setattr(self, name, getattr(other, name))

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

    def next_seat(self, seat: int | None = None) -> int:
        s = self.seat if seat is None else seat
        return (s + self.direction) % self.players

    def previous_seat(self, seat: int | None = None) -> int:
        s = self.seat if seat is None else seat
        return (s - self.direction) % self.players

    @classmethod
    def team_of(cls, seat: int) -> int:
        """The team of ``seat``: every seat is its own team but in Persian rummy."""
        return seat

    def card_points(self, card: int) -> int:
        """What ``card`` counts on the table or in hand."""
        raise NotImplementedError

    def find_meld(self, card: int) -> int | None:
        """Index of the table meld holding ``card`` (records name melds by a card)."""
        bit = 1 << card
        for i, m in enumerate(self.melds):
            if m.mask & bit:
                return i
        return None

    def table_points(self) -> list[int]:
        """The points each seat has laid on the table so far."""
        out = [0] * self.players
        for m in self.melds:
            for card, layer in zip(m.cards, m.layers, strict=True):
                out[layer] += self.card_points(card)
        return out

    def hand_melds(self, mask: int) -> list[int]:
        """The melds (card masks) that the cards of ``mask`` make by this family's rules."""
        raise NotImplementedError

    def fits_table(self, card: int, seat: int) -> bool:
        """Could ``seat`` lay ``card`` off onto some meld on the table?"""
        return any(m.fits(card, seat) for m in self.melds)

    # ------------------------------------------------------------------
    # legal actions, checking and applying

    def legal_actions(self) -> list[act.Action]:
        """Every action that is legal now (a new list each call)."""
        if self._legal_cache is None:
            self._legal_cache = self._legal()
        return list(self._legal_cache)

    def _legal(self) -> list[act.Action]:
        raise NotImplementedError

    def check(self, action: act.Action) -> None:
        """Raise :class:`IllegalMoveError` naming the rule if ``action`` is not legal now."""
        raise NotImplementedError

    def apply(self, action: act.Action) -> None:
        """Apply ``action`` or raise :class:`IllegalMoveError` naming the rule."""
        kind = KIND_OF[type(action)]
        if kind not in self.kinds:
            raise IllegalMoveError("never", f"{self.family}_{kind}")
        self.check(action)
        self._do(action)

    def apply_unchecked(self, action: act.Action) -> None:
        """Apply an action known to be legal (from :meth:`legal_actions`)."""
        self._do(action)

    def _do(self, action: act.Action) -> None:
        self._legal_cache = None
        seat = self.seat
        self.history.append((seat, action))
        self._play(seat, action)

    def _play(self, seat: int, action: act.Action) -> None:
        """The family's own effect of ``action`` by ``seat`` (already in the history)."""
        raise NotImplementedError

    def kind_of(self, action: act.Action) -> str:
        """The kind of ``action`` by the seat to move (one of :data:`KINDS`)."""
        return KIND_OF[type(action)]

    def shown_cards(self) -> tuple[int, ...]:
        """The cards a ``show`` reveals, in order (none in a family without one)."""
        return ()

    def refusal(self, kind: str, cards: Sequence[int] = ()) -> IllegalMoveError | None:
        """Why no action of ``kind`` (moving every card of ``cards``) can be made now;
        None when one can.

        The refusal names the rule that stands in the way, as :meth:`check`
        would for the move a player would try: the round being over, taking
        first or having taken already, then the family's own reasons.
        """
        if self.phase == OVER:
            return IllegalMoveError("round_over")
        if kind not in self.kinds:
            return IllegalMoveError("never", f"{self.family}_{kind}")
        for action in self.legal_actions():
            if self.kind_of(action) == kind and involves(action, cards):
                return None
        if kind in TAKE_KINDS and self.phase != TAKE:
            return IllegalMoveError("already_taken", self.family)
        if kind not in TAKE_KINDS and self.phase == TAKE:
            return IllegalMoveError("take_first", self.family)
        return self._refusal(kind, tuple(cards)) or IllegalMoveError("not_now")

    def taking_refusal(self, card: int, missing: str) -> IllegalMoveError | None:
        """Why ``card`` cannot be taken from the discards whatever the family's
        rules: the round over, a card taken already this turn, or ``card`` not
        among the discards (the refusal ``missing``, in the family's words)."""
        if self.phase == OVER:
            return IllegalMoveError("round_over")
        if self.phase != TAKE:
            return IllegalMoveError("already_taken")
        if card not in self.discards:
            return IllegalMoveError(missing, card=card)
        return None

    def _refusal(self, kind: str, cards: tuple[int, ...]) -> IllegalMoveError | None:
        """The family's reason that no action of ``kind`` can be made (see :meth:`refusal`)."""
        return None

    def _lay_refusal(self, kind: str, cards: tuple[int, ...]) -> IllegalMoveError | None:
        """Why no meld or layoff of ``cards`` can be made, where the family has no
        rule of its own left: the rule that refuses the meld of the cards
        themselves, no meld holding them, no meld on the table (None for the other
        kinds, and for a layoff named by no card)."""
        if kind == "meld":
            if len(cards) >= 3:  # the cards themselves: the rule that refuses their meld
                try:
                    self.check(act.Meld(tuple(sorted(cards))))
                except IllegalMoveError as exc:
                    return exc
            if cards:
                return IllegalMoveError("no_meld_with", cards=tuple(sorted(cards)))
            return IllegalMoveError("no_meld_with", "none")
        if kind == "layoff":
            if not self.melds:
                return IllegalMoveError("no_meld", "empty")
            return IllegalMoveError("no_fit", "any", card=cards[0]) if cards else None
        return None

    # ------------------------------------------------------------------
    # undo (the current turn only)

    def undo_refusal(self) -> IllegalMoveError | None:
        """Why the last action may not be taken back, or None if it may.

        Everything from the turn's start may be, except a draw: the drawn card
        has been seen, so it cannot go back on the stock.
        """
        if self.phase == OVER or len(self.history) <= self.turn_start:
            return IllegalMoveError("undo")
        if isinstance(self.history[-1][1], act.Draw):
            return IllegalMoveError("undo_draw")
        return None

    def can_undo(self) -> bool:
        """Is there an action of this turn that may be taken back?"""
        return self.undo_refusal() is None

    def undo(self) -> act.Action:
        """Take back the current turn's last action; returns it."""
        refusal = self.undo_refusal()
        if refusal is not None:
            raise refusal
        undone = self.history[-1][1]
        fresh = self.fresh()
        for _, action in self.history[:-1]:
            fresh._do(action)
        self._take_state(fresh, _compiled_attributes(type(self)))
        return undone

    def undo_turn(self) -> None:
        while self.can_undo():
            self.undo()

    # ------------------------------------------------------------------
    # views and scoring

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now, and nothing else."""
        return self.view_type(
            seat=seat,
            players=self.players,
            family=self.family,
            rules=self.rules,
            phase=self.phase,
            to_move=self.to_move,
            direction=self.direction,
            hand=cards_of(self.hands[seat]),
            hand_counts=[h.bit_count() for h in self.hands],
            stock_count=len(self.stock),
            discards=list(self.discards),
            melds=[m.copy() for m in self.melds],
            history=list(self.history),
            teams=[self.team_of(s) for s in range(self.players)],
            **self._view_fields(seat),
        )

    def _view_fields(self, seat: int) -> dict[str, Any]:
        """The family's public facts for ``seat``'s view."""
        return {}

    def scores(self) -> Sequence[Breakdown]:
        """Each seat's line of the score; the round must be over."""
        raise NotImplementedError

    def next_round(self) -> tuple[int, int]:
        """(starter, direction) of the next round."""
        raise NotImplementedError

    def next_round_why(self) -> str:
        """Why :meth:`next_round` gives its starter, in one word: ``passes``
        (the deal passes to the next seat), or the family's own (Dummy's
        ``knocker``, ``rotate``, ``no_knock``; gin's ``winner``, ``dead``)."""
        return "passes"

    def tallies(self) -> list[Tally]:
        """Each seat's :class:`Tally` of the finished round."""
        return [Tally(knocked=self.went_out == s) for s in range(self.players)]

    def round_winners(self) -> list[int]:
        """The seats that won the finished round: the top score, untied between teams."""
        return winners(
            [b.total for b in self.scores()], [self.team_of(s) for s in range(self.players)]
        )

    @classmethod
    def match_done(cls, rules: R, totals: Sequence[int], rounds: int) -> bool:
        """Has a match reached its end after ``rounds`` rounds with these totals?
        (It is over once that is so and one seat or team leads.)"""
        return any(t >= rules.target_score for t in totals)

    # ------------------------------------------------------------------
    # notation (records.md)

    def parse_move(self, text: str) -> act.Action:
        """One move of ``records.md`` as an action of this round (not yet checked)."""
        raise NotImplementedError

    def pick_card(self, text: str) -> int | None:
        """For a family whose pick-up is written as two moves (``pick <card>``, then
        the meld or layoff that plays it): the card a ``pick`` names, checked that a
        play can follow.  None when ``text`` is not such a pick."""
        return None

    def pick_action(self, card: int, follow: str) -> act.Action:
        """The pick-up made of ``pick <card>`` and the move ``follow`` after it."""
        raise NotImplementedError

    def move_words(self, index: int) -> list[str]:
        """The record moves for ``history[index]``: a pick-up from the discards is two moves
        (``pick <card>`` and the meld or layoff that plays it); the discard that ends
        the round is written ``knock``."""
        _, action = self.history[index]
        if isinstance(action, act.PickLayoff | act.LayOff):
            return words_of(action, self.layoff_target(action))
        last = index == len(self.history) - 1 and self.end == "knock"
        return words_of(action, ends=last)

    def layoff_target(self, action: act.LayOff | act.PickLayoff) -> int:
        """The card a record names as the target of a layoff made: a card of the meld
        as first laid."""
        return self.melds[action.target].anchor

    def moves(self) -> list[str]:
        out: list[str] = []
        for i in range(len(self.history)):
            out.extend(self.move_words(i))
        return out
