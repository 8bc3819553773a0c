"""What one seat may know in Dummy (:class:`DummyView`), and a round rebuilt from it
with the hidden cards filled in (for an AI that samples the cards it has not seen)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from dummy_tui.engine.actions import Discard, Pick, PickLayoff, Show
from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.deal import Deal
from dummy_tui.engine.families.dummy_scoring import Penalty
from dummy_tui.engine.round import PLAY
from dummy_tui.engine.view import PlayerView
from dummy_tui.rules.schema import DummyRules

if TYPE_CHECKING:
    from dummy_tui.engine.families.dummy import DummyRound

D = TypeVar("D", bound="DummyRound")


@dataclass(slots=True)
class DummyView(PlayerView):
    """What one seat may know in Dummy: the shared view and Dummy's public facts."""

    burned_count: int
    head: int
    head_in_row: bool
    born: list[bool]
    layoffs: list[int]
    penalties: list[int]
    born_at_turn_start: bool
    must_knock: bool
    first_turn: bool
    last_discard: tuple[int, int] | None


def round_from_view(
    cls: type[D], view: DummyView, hands: list[int], stock: list[int], burned: list[int]
) -> D:
    """A round in the public state of ``view`` with the given hidden cards.

    ``hands`` are masks (the viewing seat's own hand included), ``stock`` is
    top first.  Feed penalties still pending from before (§12) are not
    carried over; penalties already charged are, as one charge per seat, and
    so are who discarded each card (for ``penalty_discard_picked``) and who
    showed the spe-to cards.  The bonuses that money scoring pays for earlier
    in the round (§14.6) are not carried over.
    """
    deal = Deal([cards_of(h) for h in hands], view.head, list(stock), list(burned))
    assert isinstance(view.rules, DummyRules)
    game = cls(view.rules, deal, view.to_move or 0, view.direction)
    game.hands = list(hands)
    game.stock = list(reversed(stock))
    game.burned = list(burned)
    game.discards = list(view.discards)
    game.melds = [m.copy() for m in view.melds]
    game.born = list(view.born)
    game.layoffs = list(view.layoffs)
    game.penalty_items = [Penalty(s, "earlier", p, -1) for s, p in enumerate(view.penalties) if p]
    game.feeds = []
    for seat, action in view.history:
        if isinstance(action, Discard):
            game.discarder[action.card] = seat
        elif isinstance(action, Show):
            game.shown[seat] = True
    game.seat = view.to_move if view.to_move is not None else view.seat
    game.direction = view.direction
    game.phase = view.phase
    game.history = list(view.history)
    start = 0
    for i in range(len(view.history) - 1, -1, -1):
        if isinstance(view.history[i][1], Discard):
            start = i + 1
            break
    game.turn_start = start
    game.first_turn = view.first_turn
    game.last_discard = view.last_discard
    mover = view.seat == game.seat
    game.born_at_start = view.born_at_turn_start if mover else view.born[game.seat]
    game.must_knock = view.must_knock if mover else False
    game.picked = None
    game.stock_out_turn = False
    if view.phase == PLAY:
        # this turn's pick-up, if any, and how many cards it took
        for _, action in view.history[start:]:
            if isinstance(action, Pick | PickLayoff):
                game.picked = (_taken_count(view, start), action.card)
                # a pick-up with the stock empty (nothing is drawn after one)
                game.stock_out_turn = not stock
                break
    game.end = None
    game.went_out = None
    game.out_card = None
    game.dark_knock = False
    game.fool = None
    game._legal_cache = None
    return game


def _taken_count(view: DummyView, start: int) -> int:
    """How many cards the pick-up of the current turn took from the row."""
    row = [view.head]
    for i, (_, action) in enumerate(view.history):
        if isinstance(action, Discard):
            row.append(action.card)
        elif isinstance(action, Pick | PickLayoff):
            j = row.index(action.card) if action.card in row else len(row)
            if i >= start:
                return len(row) - j
            del row[j:]
    return 1
