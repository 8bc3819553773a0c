"""The ``hard`` player: the normal player's judgement plus sampled lookahead.

For a pick-up or a discard, the normal player's best options are played on
by the normal policy on sampled deals of the unseen cards (:mod:`sampling`,
read by :mod:`inference`), and the best average outcome is chosen: up to
this seat's next turn, or at four players to the round's end
(:mod:`rollouts`); there, and heads-up once the deals are played to the
round's end, a meld or layoff normal would lay is also played on against
holding it back.  It stops after a fixed number of deals or at a
time budget, seeded by the public position only.  The whole method: docs/ai.md.
"""

from __future__ import annotations

import math
import random
import time

from dummy_tui.ai.dummy.evaluator import Evaluator
from dummy_tui.ai.dummy.heuristic import HeuristicPlayer
from dummy_tui.ai.dummy.inference import Evidence, Reading, view_evidence
from dummy_tui.ai.dummy.knowledge import Knowledge, card_points
from dummy_tui.ai.dummy.plans import mask_points
from dummy_tui.ai.dummy.playing import plays_of
from dummy_tui.ai.dummy.position import has_weights, position_value
from dummy_tui.ai.dummy.rollouts import DECISIVE, halving, totals
from dummy_tui.ai.dummy.sampling import determinize
from dummy_tui.ai.dummy.taking import show_value
from dummy_tui.ai.dummy.weights import NORMAL, Weights
from dummy_tui.engine.actions import DRAW, SHOW, Action, Discard, LayOff, Meld
from dummy_tui.engine.families.dummy import DummyRound, DummyView
from dummy_tui.engine.families.dummy_scoring import table_points
from dummy_tui.engine.work import add as add_work
from dummy_tui.engine.work import spent as work_done
from dummy_tui.families import DUMMY_HARD_SAMPLES

# How the sampled deals read the opponents' play (see :mod:`inference`):
# hands are drawn by the evidence of their discards and passed pick-ups, and
# among eight such draws the hands whose cards work together (as a player's
# kept cards do) are preferred.  Heads-up, a born opponent is dealt a fifth as
# often a card it could have laid off when it ended its turn: +1.10 ± 0.56
# rounds won in 100 against `normal` (4,000 paired rounds, docs/ai.md); at four
# players it changed nothing (+0.10 ± 1.58 in 1,000 rounds).
INFERENCE = Reading(shape=1.0, candidates=8, fit=(0.2, 1.0, 1.0))

# The most search a decision may do at the default 128 deals (in proportion
# to the deals asked for: the hint's 16 get an eighth), in the states that the
# go-out searches and the planner work out (:mod:`dummy_tui.engine.work`), a
# count that does not depend on the machine.  Nearly every decision needs far less;
# a long row that nobody has picked up, late in a round, gives hands of thirty
# cards in the playouts, and fifty pick-ups to weigh at each take: there the
# search stops taking deals (or rollouts) once it has spent this much, instead
# of thinking for seconds.  This is the rollouts' limit at four players.
WORK_LIMIT = 150_000

# The one-turn search (heads-up, at three players, and the hint's) counts the
# moves of its playouts too, each as MOVE_WORK states for every card the mover
# holds: the normal player's move weighs each card of its hand, so a move from
# a hand of twenty costs about three times one from seven, states searched or
# not.  Its limit, SEARCH_LIMIT, then bounds the time as well as the count
# can: late in a round of two with hands of 12 to 20 cards, the states alone
# let a decision take 0.8 to 1.0 s on a quiet machine (docs/ai.md).
MOVE_WORK = 4
SEARCH_LIMIT = 200_000

# How many of normal's best pick-ups or discards the one-turn lookahead tries,
# by the number of players (three where none is given).  Heads-up the fourth
# won 1.65 ± 0.79 more rounds in 100 and 4.1 ± 2.9 more points a round against
# `normal` (4,000 paired rounds, docs/ai.md); at four players under the house
# penalties, when this lookahead played there, it changed nothing (1,000
# rounds: +0.30 ± 0.95) and took longer.
CANDIDATES: dict[int, int] = {2: 4}

# Fewer rollouts an option than this decide on luck (the hint's 16 samples
# give 6): below it the one-turn lookahead serves at every table.
MIN_ROLLOUTS = 8

# How many of normal's best pick-ups or discards the rollouts at four players
# try.  Four instead of eight halves the work of a discard from a full hand
# (the same rollouts for each option), the slowest decisions (p99 433 against
# 583 ms at dummy-house), and won as much: +0.05 ± 0.84 rounds in 100 and
# +1.3 ± 1.9 points a round (4,150 paired rounds of dummy-house), +0.60 ± 1.72
# and +3.3 ± 3.6 (1,000 of dummy), docs/ai.md.
ROLLOUT_OPTIONS = 4


class SearchPlayer:
    """``hard``: normal plus determinized playouts for pick-ups and discards."""

    level = "hard"

    def __init__(
        self,
        seed: int | None = None,
        budget_ms: float = 300.0,
        samples: int | None = None,
        candidates: int | None = None,
        weights: Weights = NORMAL,
        prior: float = 2.0,
        inference: Reading | None = INFERENCE,
        late: int = 12,
        rollouts: bool = True,
        options: int = ROLLOUT_OPTIONS,
        margin: float = 0.5,
        hold: int = 3,
        read_rollouts: bool = True,
        long_stock: int = 16,
        late_floor: int = 8,
        work: int | None = WORK_LIMIT,
        decisive: float | None = DECISIVE,
        search_work: int | None = SEARCH_LIMIT,
    ) -> None:
        self.seed = 0 if seed is None else seed
        self.budget = budget_ms / 1000.0
        self.samples = samples
        # normal's best few tried by the one-turn lookahead (None: four heads-up,
        # three at a larger table; :data:`CANDIDATES`)
        self.candidates = candidates
        self.prior = prior
        self.inference = inference
        self.late = late
        # four players: the best ``options`` tried to the round's end (:mod:`rollouts`)
        self.rollouts = rollouts
        self.options = options
        self.margin = margin
        # four players, and heads-up from ``late`` cards of stock: a meld or layoff
        # normal would lay is tried against holding it back, normal's best
        # ``hold`` discards (0: it is laid, as normal does)
        self.hold = hold
        self.read_rollouts = read_rollouts
        self.long_stock = long_stock
        self.late_floor = late_floor  # 0: as many rollouts below ``long_stock`` cards as at it
        # the work a decision may do at 128 deals (None: no limit): the rollouts'
        # states, and the one-turn search's states and moves (MOVE_WORK)
        self.work = work
        self.search_work = search_work
        # four players: the finalists' lead that ends the rollouts early (None: never)
        self.decisive = decisive
        self.normal = HeuristicPlayer(seed, weights)
        self.started: float | None = None
        # sampled deals of the last decision (None: it searched none), for measurements
        self.sampled: int | None = None

    def choose(self, view: DummyView, legal: list[Action]) -> Action:
        self.sampled = None
        if len(legal) == 1:
            return legal[0]
        self.started = time.perf_counter()
        knowledge = Knowledge.from_view(view)
        ev = Evaluator(knowledge, self.normal.weights)
        # four players: to the round's end, under the house penalties on discards
        # too, where against three `normal` players it won 3.56 ± 1.15 more rounds
        # in 100 than the one-turn lookahead, as many points (2,750 paired rounds
        # of dummy-house, docs/ai.md)
        if self.rollouts and view.players == 4 and self.per_option >= MIN_ROLLOUTS:
            return self.play_to_the_end(view, knowledge, ev, legal)
        # heads-up, once the deals are played to the round's end, a lay is
        # searched against holding it back, as at four players: +3.50 ± 0.45
        # rounds won in 100 against `normal`, as many points (4,000 paired
        # rounds, docs/ai.md)
        hold = self.hold if view.players == 2 and view.stock_count <= self.late else 0
        options = self.ranked(knowledge, ev, legal, unborn_draw=True, hold=hold)
        if not isinstance(options, list):
            return options
        if options[0][0] == math.inf:
            # the lay's prior: the best held discard's (normal's judgement of the
            # two ways is left to the deals)
            options[0] = (max(v for v, _ in options[1:]), options[0][1])
        count = self.candidates or CANDIDATES.get(view.players, 3)
        chosen = options[:count]
        if knowledge.phase == "take" and all(a != DRAW for _, a in chosen):
            chosen += [(v, a) for v, a in options if a == DRAW]
        if len(chosen) == 1:
            return chosen[0][1]
        return self.search(view, knowledge, [a for _, a in chosen], [v for v, _ in chosen])

    def ranked(
        self,
        knowledge: Knowledge,
        ev: Evaluator,
        legal: list[Action],
        unborn_draw: bool,
        hold: int,
    ) -> Action | list[tuple[float, Action]]:
        """Normal's pick-ups or discards with its values, best first; or the
        move that needs no search: a spe-to shown for points (points for
        nothing), a knock's play, the last card; with ``unborn_draw``, normal's
        draw while not born.  A meld or layoff is searched against holding it
        back (normal's best ``hold`` discards) when ``hold``, else played."""
        if knowledge.phase == "take":
            if SHOW in legal and show_value(ev) > 0:
                return SHOW
            options = self.normal.take_values(ev, legal)
            if (
                unborn_draw
                and not knowledge.born[knowledge.seat]
                and max(options, key=lambda va: va[0])[1] == DRAW
            ):
                # Staying unborn keeps the dark knock (×2) open, which a lookahead
                # of one turn does not see: there it would only miss the pick-up's
                # points.  Searching these takes lost rounds, so normal's draw stands.
                # (Rollouts to the round's end see the dark knock.)
                return DRAW
        else:
            choice, knocking = self.normal.plan_play(ev, legal)
            if knocking or knowledge.hand.bit_count() == 1:
                return choice
            if not isinstance(choice, Discard):
                if not hold or not isinstance(choice, (Meld, LayOff)):
                    return choice
                held = discard_options(ev, legal)
                if not held:
                    return choice
                held.sort(key=lambda va: -va[0])
                # the lay first: a tie keeps it, as normal would
                return [(math.inf, choice), *held[:hold]]
            options = discard_options(ev, legal)
        options.sort(key=lambda va: -va[0])
        return options

    @property
    def per_option(self) -> int:
        """Rollouts an option gets on average at four players with
        ``long_stock`` cards of stock: 48 at the default 128 samples (and by
        the clock); fewer with more stock, more with less (:meth:`play_to_the_end`)."""
        return (self.samples or DUMMY_HARD_SAMPLES) * 3 // 8

    def work_limit(self, work: int | None) -> int | None:
        """The work a decision may spend (:mod:`dummy_tui.engine.work`):
        ``work`` at 128 deals, in proportion to the deals asked for (and by the
        clock, as at 128)."""
        if work is None:
            return None
        return work * (self.samples or DUMMY_HARD_SAMPLES) // DUMMY_HARD_SAMPLES

    def play_to_the_end(
        self, view: DummyView, knowledge: Knowledge, ev: Evaluator, legal: list[Action]
    ) -> Action:
        """Four players: normal's best pick-ups or discards, each
        played to the round's end on sampled deals (:func:`rollouts.halving`)."""
        options = self.ranked(knowledge, ev, legal, unborn_draw=False, hold=self.hold)
        if not isinstance(options, list):
            return options
        chosen = [a for _, a in options[: self.options]]
        if len(chosen) == 1:
            return chosen[0]
        rng = random.Random(f"{self.seed}:{view.seat}:{len(view.history)}:{view.phase}")
        per_option, work = self.per_option, self.work_limit(self.work)
        if self.long_stock:
            # rollouts in inverse proportion to the stock, about the same work
            # at any stock: fewer while they are long, more while they are
            # short, down to ``late_floor`` cards (none more below it)
            stock = max(view.stock_count, self.late_floor or self.long_stock)
            if stock < self.long_stock and work is not None:
                work = work * self.long_stock // stock
            per_option = max(2, per_option * self.long_stock // stock)
        begin = self.started if self.started is not None else time.perf_counter()
        deadline = None if self.samples is not None else begin + self.budget * 0.97
        evidence = self.evidence(view) if self.read_rollouts else None
        action, self.sampled = halving(
            view,
            knowledge,
            chosen,
            self.normal,
            rng,
            evidence,
            per_option,
            deadline,
            self.margin,
            work,
            self.decisive,
        )
        return action

    def search(
        self, view: DummyView, knowledge: Knowledge, candidates: list[Action], priors: list[float]
    ) -> Action:
        """The candidate chosen by :func:`choose_best` from sampled playouts."""
        rng = random.Random(f"{self.seed}:{view.seat}:{len(view.history)}:{view.phase}")
        rows: list[list[float]] = []
        timed = self.samples is None
        begin = self.started if self.started is not None else time.perf_counter()
        # stop before a sample that would end past the budget; drop one that runs over
        soft = begin + self.budget * 0.9
        hard = begin + self.budget * 0.97
        longest = 0.0
        done = 0
        limit = self.samples if self.samples is not None else 10_000
        evidence = self.evidence(view)
        finish = view.stock_count <= self.late
        # stop before a deal that would take the search past the work limit, and
        # give up a deal that takes it past twice the limit (one playout can cost
        # more than many deals: a long row late in a round of two)
        work = self.work_limit(self.search_work)
        spent = work_done()
        stop = None if work is None else spent + 2 * work
        heaviest = 0
        while done < limit:
            t0 = time.perf_counter()
            if timed and done and t0 + longest > soft:
                break
            w0 = work_done()
            if work is not None and done and w0 - spent + heaviest > work:
                break
            world = determinize(view, knowledge, rng, evidence)
            # a draw no deal uses; it keeps the deals that follow (seeded play) as they are
            rng.getrandbits(32)
            values = []
            for action in candidates:
                game = world.clone()
                game.apply_unchecked(action)
                if finish:
                    value = finish_round(game, view.seat, self.normal, stop=stop)
                else:
                    value = lookahead(game, view.seat, self.normal, stop=stop)
                if value is None:
                    break
                values.append(value)
                if timed and time.perf_counter() > hard:
                    break
            if len(values) < len(candidates):
                break
            rows.append(values)
            done += 1
            longest = max(longest, time.perf_counter() - t0)
            heaviest = max(heaviest, work_done() - w0)
        self.sampled = done
        if done == 0:
            return candidates[max(range(len(priors)), key=lambda i: (priors[i], -i))]
        return candidates[choose_best(rows, priors, self.prior)]

    def evidence(self, view: DummyView) -> Evidence | None:
        """What the opponents' play says of their hands, by :data:`INFERENCE`."""
        if self.inference is None:
            return None
        return view_evidence(view, self.inference)


def discard_options(ev: Evaluator, legal: list[Action]) -> list[tuple[float, Action]]:
    """Every legal discard with the normal player's value of it: the hand it
    leaves, less what the card gives away (in the order of ``legal``)."""
    knowledge = ev.situation.knowledge
    born = knowledge.born[knowledge.seat]
    _, _, discards = plays_of(legal)
    hand = knowledge.hand
    return [(ev.keep(hand & ~(1 << d.card), born) - ev.danger.cost(d.card), d) for d in discards]


def choose_best(rows: list[list[float]], priors: list[float], prior: float) -> int:
    """The candidate with the best playout mean, the heuristic's view as a prior.

    ``rows`` holds each sampled deal's outcome for every candidate.  Few
    deals say little, so the heuristic's judgement (its value difference to
    its best candidate) counts for less as deals add up.
    """
    n = len(rows)
    top = max(priors)
    shrink = prior / math.sqrt(n)
    scores = [sum(r[i] for r in rows) / n + (priors[i] - top) * shrink for i in range(len(priors))]
    return max(range(len(priors)), key=lambda i: (scores[i], -i))


# ---------------------------------------------------------------------------
# Lookahead: every seat plays the normal policy until this seat's next turn


def lookahead(
    game: DummyRound,
    seat: int,
    policy: HeuristicPlayer,
    max_actions: int = 80,
    stop: int | None = None,
) -> float | None:
    """Finish this seat's turn and the others' next turns; the position's value
    (None: the work counted passed ``stop`` first, :mod:`dummy_tui.engine.work`)."""
    n = 0
    while not game.is_over and game.seat == seat and n < max_actions:
        if stop is not None and work_done() > stop:
            return None
        game.apply_unchecked(counted_move(game, policy))
        n += 1
    while not game.is_over and game.seat != seat and n < max_actions:
        if stop is not None and work_done() > stop:
            return None
        game.apply_unchecked(counted_move(game, policy))
        n += 1
    if game.is_over:
        return outcome(game, seat, policy.weights)
    return static_value(game, seat, policy)


def finish_round(
    game: DummyRound,
    seat: int,
    policy: HeuristicPlayer,
    max_actions: int = 400,
    stop: int | None = None,
) -> float | None:
    """Play the round to its end by the normal policy for every seat; the outcome
    (None: the work counted passed ``stop`` first)."""
    n = 0
    while not game.is_over and n < max_actions:
        if stop is not None and work_done() > stop:
            return None
        game.apply_unchecked(counted_move(game, policy))
        n += 1
    if not game.is_over:
        return static_value(game, seat, policy)
    return outcome(game, seat, policy.weights)


def counted_move(game: DummyRound, policy: HeuristicPlayer) -> Action:
    """:func:`policy_action`, counted as work: :data:`MOVE_WORK` states for
    each card the mover holds."""
    add_work(MOVE_WORK * game.hands[game.seat].bit_count())
    return policy_action(game, policy)


def policy_action(game: DummyRound, policy: HeuristicPlayer) -> Action:
    legal = game.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return policy.decide(Knowledge.from_round(game, game.seat), legal)


def static_value(game: DummyRound, seat: int, policy: HeuristicPlayer) -> float:
    """The position's worth to ``seat``, in the units of :func:`outcome`
    (:mod:`position`: fit to how rounds from such positions ended)."""
    if has_weights(game.players):
        return position_value(game, seat, policy.weights)
    return hand_made_value(game, seat, policy)


def hand_made_value(game: DummyRound, seat: int, policy: HeuristicPlayer) -> float:
    """Table points less the hand as the round may still charge it; ours as normal sees it."""
    players = game.players
    points = card_points(game.rules, game.head)[0]
    table = table_points(game)
    ev = Evaluator(Knowledge.from_round(game, seat), policy.weights)
    situation = ev.situation
    values = []
    for s in range(players):
        mult = 1.0 if game.born[s] else situation.fall
        values.append(table[s] - situation.stuck * mult * mask_points(game.hands[s], points))
    values[seat] = table[seat] + ev.keep(game.hands[seat], game.born[seat])
    mine = values[seat]
    others = [v for s, v in enumerate(values) if s != seat]
    return mine - 0.5 * max(others) - 0.5 * sum(others) / len(others)


# ---------------------------------------------------------------------------
# Finished rounds


# A finished round is also won or lost: the top score alone wins it.  Points
# alone let one big score outweigh several narrow losses; this much more for a
# win (less for a loss) makes the search prefer the play that wins more often.
# Twice as much won no more rounds and cost points (more falls at dummy-house).
WIN_BONUS = 150.0


def outcome(game: DummyRound, seat: int, weights: Weights = NORMAL) -> float:
    """How good a finished round is for ``seat``: its score against the others',
    with :data:`WIN_BONUS` added for the top score alone (taken away when
    another seat has it).  Money scoring's units count ``weights.unit_points``
    each, as the normal player values them."""
    points = totals(game, weights.unit_points)
    mine = points[seat]
    others = [t for s, t in enumerate(points) if s != seat]
    top = max(others)
    won = WIN_BONUS if mine > top else -WIN_BONUS if mine < top else 0.0
    return mine - 0.5 * top - 0.5 * sum(others) / len(others) + won


__all__ = ["SearchPlayer", "discard_options", "outcome"]
