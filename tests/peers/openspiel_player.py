"""Our gin player at one seat of OpenSpiel's ``gin_rummy``.

The seat is given a :class:`PlayerView` built only from what that seat sees at
OpenSpiel's table: its own hand, the upcard and the discard pile, the stock's
size and the public moves (a draw from the stock shows no card).  Our action is
turned back into OpenSpiel's action ids; the knock's layout and the defender's
layoffs and melds, which OpenSpiel asks for one meld or card at a time, are
laid in our engine's best arrangement.

OpenSpiel's player 0 is always offered the upcard first (the non-dealer), so
the dealer alternates when our player takes seats 0 and 1 in turn.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from openspiel_adapter import os_card, os_melds, our_card

from dummy_tui.ai import make_player
from dummy_tui.engine.actions import (
    DRAW,
    PASS,
    Action,
    Discard,
    Knock,
    Pass,
    TakeDiscard,
)
from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.deadwood import arrangements, best_defence, discard_deadwoods
from dummy_tui.engine.families.gin import GinView
from dummy_tui.engine.melds import TableMeld
from dummy_tui.rules.loader import get_ruleset


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


@dataclass
class Table:
    """The public record of one OpenSpiel hand, in our actions."""

    history: list[tuple[int, Action]] = field(default_factory=list)
    taken: list[int | None] = field(default_factory=lambda: [None, None])

    def note(self, pyspiel: Any, state: Any, player: int, action: int) -> None:
        """Record ``player``'s ``action`` (about to be applied to ``state``)."""
        gin = pyspiel.gin_rummy
        phase = state.current_phase()
        if phase in (gin.Phase.FIRST_UPCARD, gin.Phase.DRAW):
            if action == gin.PASS_ACTION:
                self.history.append((player, PASS))
            elif action == gin.DRAW_UPCARD_ACTION:
                card = our_card(state.upcard())
                self.history.append((player, TakeDiscard(card)))
                self.taken[player] = card
            elif action == gin.DRAW_STOCK_ACTION:
                self.history.append((player, DRAW))
        elif phase == gin.Phase.DISCARD and action < 52:
            self.history.append((player, Discard(our_card(action))))
            self.taken[player] = None
        elif phase == gin.Phase.KNOCK and action < 52:
            self.history.append((player, Knock(our_card(action))))


class OpenSpielSeat:
    """Plays our AI for one OpenSpiel player."""

    def __init__(self, pyspiel: Any, player: Any, seat: int, rules: Any) -> None:
        self.pyspiel = pyspiel
        self.gin = pyspiel.gin_rummy
        self.utils = self.gin.GinRummyUtils(13, 4, 10)
        self.player = player
        self.seat = seat
        self.rules = rules
        self.queue: list[int] = []  # OpenSpiel actions decided in advance, next first
        self.times: list[float] = []  # seconds each choice of our player took

    def _choose(self, view: GinView, legal: list[Action]) -> Action:
        started = time.perf_counter()
        choice: Action = self.player.choose(view, legal)
        self.times.append(time.perf_counter() - started)
        return choice

    def view(self, state: Any, table: Table, phase: str, offer: bool) -> GinView:
        hand = sorted(our_card(c) for c in state.hands()[self.seat])
        pile = [our_card(c) for c in state.discard_pile()]
        if state.upcard() is not None:
            pile.append(our_card(state.upcard()))
        counts = [10, 10]
        counts[self.seat] = len(hand)
        return GinView(
            seat=self.seat,
            players=2,
            family="gin",
            rules=self.rules,
            phase=phase,
            to_move=self.seat,
            direction=1,
            hand=hand,
            hand_counts=counts,
            stock_count=state.stock_size(),
            discards=pile,
            melds=[],
            history=list(table.history),
            taken=table.taken[self.seat] if phase == "play" else None,
            teams=[0, 1],
            offer=offer,
        )

    def act(self, state: Any, table: Table) -> int:
        gin = self.gin
        legal_ids = state.legal_actions()
        while self.queue:
            action = self.queue.pop(0)
            if action in legal_ids:
                return action
        phase = state.current_phase()
        if phase in (gin.Phase.FIRST_UPCARD, gin.Phase.DRAW):
            return self._take(state, table, phase == gin.Phase.FIRST_UPCARD, legal_ids)
        if phase == gin.Phase.DISCARD:
            return self._discard(state, table, legal_ids)
        if phase == gin.Phase.WALL:
            return int(gin.KNOCK_ACTION if gin.KNOCK_ACTION in legal_ids else gin.PASS_ACTION)
        if phase == gin.Phase.KNOCK:
            return self._knock_layout(state, legal_ids)
        if phase == gin.Phase.LAYOFF:
            return self._defend(state, legal_ids)
        return int(legal_ids[0])

    def _take(self, state: Any, table: Table, offer: bool, legal_ids: list[int]) -> int:
        gin = self.gin
        if len(legal_ids) == 1:  # both passed the upcard: the stock is drawn
            return int(legal_ids[0])
        legal: list[Action] = []
        if gin.DRAW_STOCK_ACTION in legal_ids:
            legal.append(DRAW)
        if gin.DRAW_UPCARD_ACTION in legal_ids:
            legal.append(TakeDiscard(our_card(state.upcard())))
        if gin.PASS_ACTION in legal_ids:
            legal.append(PASS)
        view = self.view(state, table, "take", gin.PASS_ACTION in legal_ids)
        choice = self._choose(view, legal)
        if isinstance(choice, TakeDiscard):
            return int(gin.DRAW_UPCARD_ACTION)
        if isinstance(choice, Pass):
            return int(gin.PASS_ACTION)
        return int(gin.DRAW_STOCK_ACTION)

    def _discard(self, state: Any, table: Table, legal_ids: list[int]) -> int:
        gin = self.gin
        hand = sorted(our_card(c) for c in state.hands()[self.seat])
        taken = table.taken[self.seat]
        legal: list[Action] = [Discard(c) for c in hand if c != taken]
        if gin.KNOCK_ACTION in legal_ids:
            can = discard_deadwoods(_mask(hand), int(self.rules.knock_limit))
            legal.extend(Knock(c) for c in sorted(can) if c != taken)
        choice = self._choose(self.view(state, table, "play", False), legal)
        if isinstance(choice, Knock):
            self.queue = [os_card(choice.card)]
            return int(gin.KNOCK_ACTION)
        assert isinstance(choice, Discard)
        return os_card(choice.card)

    def _meld_ids(self, mask: int) -> list[int]:
        out = []
        for piece in os_melds(cards_of(mask)):
            out.append(int(self.gin.MELD_ACTION_BASE + self.utils.meld_to_int(sorted(piece))))
        return out

    def _knock_layout(self, state: Any, legal_ids: list[int]) -> int:
        hand = _mask([our_card(c) for c in state.hands()[self.seat]])
        if hand.bit_count() == 11:  # a knock at the wall: the discard comes first
            options = discard_deadwoods(hand)
            card = min(options, key=lambda c: (options[c], c))
            return os_card(card)
        _, ways = arrangements(hand)
        actions: list[int] = []
        for meld in ways[0]:
            actions.extend(self._meld_ids(meld))
        actions.append(int(self.gin.PASS_ACTION))
        self.queue = actions
        return self._next_queued(legal_ids)

    def _next_queued(self, legal_ids: list[int]) -> int:
        while self.queue:
            action = self.queue.pop(0)
            if action in legal_ids:
                return action
        return int(self.gin.PASS_ACTION)

    def _defend(self, state: Any, legal_ids: list[int]) -> int:
        gin = self.gin
        hand = _mask([our_card(c) for c in state.hands()[self.seat]])
        knocker = 1 - self.seat
        melds = []
        for meld_id in state.layed_melds()[knocker]:
            cards = [our_card(c) for c in self.utils.int_to_meld[meld_id]]
            melds.append(TableMeld.new(knocker, sorted(cards), ace_low=True))
        for c in state.layoffs():
            card = our_card(c)
            for m in melds:
                if m.fits(card, knocker):
                    m.add(card, self.seat)
                    break
        gin_hand = state.deadwood()[knocker] == 0
        _, own, laid = best_defence(hand, melds, layoffs=not gin_hand)
        actions = [os_card(c) for c, _ in laid]
        actions.append(int(gin.PASS_ACTION))
        for mask in own:
            actions.extend(self._meld_ids(mask))
        actions.append(int(gin.PASS_ACTION))
        self.queue = actions
        return self._next_queued(legal_ids)


@dataclass
class HandResult:
    our_seat: int
    returns: tuple[float, float]
    knocker: int | None = None  # the OpenSpiel player who knocked (None: a dead hand)
    fed: int = 0  # how many of our discards the bot took
    times: list[float] = field(default_factory=list)  # seconds each of our choices took

    @property
    def ours(self) -> float:
        return self.returns[self.our_seat]

    @property
    def we_knocked(self) -> bool:
        return self.knocker == self.our_seat


def _fed(history: list[tuple[int, Action]], our_seat: int) -> int:
    """How many of ``our_seat``'s discards the other player took from the pile."""
    return sum(
        1
        for (seat, action), (prev_seat, prev) in zip(history[1:], history, strict=False)
        if seat != our_seat
        and isinstance(action, TakeDiscard)
        and prev_seat == our_seat
        and isinstance(prev, Discard)
    )


def play_hand(
    pyspiel: Any,
    level: str,
    seed: int,
    our_seat: int,
    make: Callable[[int], Any] | None = None,
    **options: object,
) -> HandResult:
    """One hand of our ``level`` against SimpleGinRummyBot inside OpenSpiel.

    ``make(seed)``, when given, makes our player instead.  A player with a
    ``see_opponent(mask)`` method is shown the bot's hand before each of its
    choices: for measuring sticks (``benchmarks/vs_openspiel.py``), never a
    level of the game.
    """
    game = pyspiel.load_game("gin_rummy")
    rules = get_ruleset("gin-openspiel")
    rng = random.Random(seed)
    ai = make(seed) if make is not None else make_player("gin", level, seed, **options)
    see = getattr(ai, "see_opponent", None)
    ours = OpenSpielSeat(pyspiel, ai, our_seat, rules)
    bot = pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), 1 - our_seat)
    state = game.new_initial_state()
    table = Table()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            continue
        player = state.current_player()
        if player == our_seat and see is not None:
            see(_mask([our_card(c) for c in state.hands()[1 - our_seat]]))
        action = ours.act(state, table) if player == our_seat else int(bot.step(state))
        table.note(pyspiel, state, player, action)
        state.apply_action(action)
    r = state.returns()
    knocker = next((seat for seat, action in table.history if isinstance(action, Knock)), None)
    return HandResult(
        our_seat, (float(r[0]), float(r[1])), knocker, _fed(table.history, our_seat), ours.times
    )


@dataclass
class Tally:
    hands: int = 0
    decided: int = 0
    won: int = 0
    points: float = 0.0
    knocked_first: int = 0  # hands in which we knocked
    won_knocking: int = 0
    bot_knocked: int = 0
    undercuts: int = 0  # the bot knocked and lost
    # by how many of our discards the bot took (0, 1, 2 or more): [hands, decided, won]
    by_fed: list[list[int]] = field(default_factory=lambda: [[0, 0, 0] for _ in range(3)])
    # seconds each of our choices took (the clock's, so left out of comparisons)
    times: list[float] = field(default_factory=list, compare=False)

    def add(self, result: HandResult) -> None:
        self.hands += 1
        self.points += result.ours
        won = result.ours > 0
        if result.ours != 0:
            self.decided += 1
            self.won += won
        if result.knocker is not None:
            if result.we_knocked:
                self.knocked_first += 1
                self.won_knocking += won
            else:
                self.bot_knocked += 1
                self.undercuts += won
        self.times.extend(result.times)
        row = self.by_fed[min(result.fed, 2)]
        row[0] += 1
        if result.ours != 0:
            row[1] += 1
            row[2] += won

    def merge(self, other: Tally) -> None:
        """Add another tally's hands to this one."""
        for name in (
            "hands",
            "decided",
            "won",
            "points",
            "knocked_first",
            "won_knocking",
            "bot_knocked",
            "undercuts",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.times.extend(other.times)
        for mine, theirs in zip(self.by_fed, other.by_fed, strict=True):
            for i, n in enumerate(theirs):
                mine[i] += n

    @property
    def rate(self) -> float:
        return self.won / self.decided if self.decided else 0.0


def play_hands(
    pyspiel: Any,
    level: str,
    hands: int,
    seed: int = 0,
    start: int = 0,
    make: Callable[[int], Any] | None = None,
    **options: object,
) -> Tally:
    """Hands ``start .. start + hands - 1``; our seat (and so the dealer) alternates."""
    tally = Tally()
    for i in range(start, start + hands):
        tally.add(play_hand(pyspiel, level, seed * 100_003 + i, i % 2, make, **options))
    return tally


__all__ = ["HandResult", "OpenSpielSeat", "Table", "Tally", "play_hand", "play_hands"]
