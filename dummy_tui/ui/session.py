"""A match being played: the engine's round and match, the seats and the log.

This is plain Python (no Textual) so that saving, resuming and the AI set-up
can be tested on their own.  The game screen owns one ``Session`` and is the
only caller of :meth:`Session.apply`.
"""

from __future__ import annotations

import json
import secrets
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dummy_tui.engine import actions as act
from dummy_tui.engine.match import Match, RoundResult, derived_seed
from dummy_tui.families import FAMILIES
from dummy_tui.i18n import preset_name, shown_name, t
from dummy_tui.rules import get_ruleset
from dummy_tui.storage import log_failure
from dummy_tui.ui.settings import GameSetup, SaveGame

if TYPE_CHECKING:
    from dummy_tui.ai import Player
    from dummy_tui.engine.round import Round
    from dummy_tui.rules.schema import Ruleset

HINT_LEVEL = "hard"
# The hint thinks with a fixed number of sampled deals (Dummy) or read hands
# (gin), each family's ``hint_samples``, instead of a time budget: the same
# position always gets the same hint.


@dataclass(frozen=True, slots=True)
class HintTask:
    """All a hint needs, taken from the round at once: it can then think off
    the UI thread while the round goes on being drawn."""

    family: str
    seed: int
    moves: int  # moves made in the round when the hint was asked for
    view: Any
    legal: list[act.Action]

    def run(self) -> act.Action:
        """The hint level's move, except a discard the coach would ask about
        when a safer one is there (:func:`~dummy_tui.ai.advice.advised`: the
        best of those instead); :class:`~dummy_tui.ai.AIError` if that AI fails."""
        from dummy_tui.ai import checked_choice, make_player
        from dummy_tui.ai.advice import advised

        player = make_player(
            self.family, HINT_LEVEL, self.seed, samples=FAMILIES[self.family].hint_samples
        )
        return advised(self.view, self.legal, checked_choice(player, self.view, self.legal))


class SaveError(ValueError):
    """A saved game that cannot be rebuilt."""


class MatchOver(SaveError):
    """A saved match that is over: it can be finished, not played on."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the game log, kept as data so it can be shown in any language.

    ``kind`` is draw, take (the top of a pile), pass, pick (pick_head when
    the card chosen is Dummy's head card), pick_layoff,
    meld, layoff, discard, knock (a discard of the last card that ends the
    round: Dummy's knock, basic rummy's going out), gin_knock, end, undo,
    round, start (who starts the round and why: ``seat`` starts, ``cards``
    holds the direction of play, ``extra`` the seats fooled when a fool
    reversed it, ``reason`` the word of :meth:`Round.next_round_why`, or
    ``first``), restock (the pile turned over into a new stock) or ai_failed
    (the seat's AI failed and the normal AI plays it from then on).
    ``cards`` are the cards moved; ``extra`` the cards taken with a pick-up
    or the meld laid onto.
    """

    kind: str
    seat: int
    cards: tuple[int, ...] = ()
    extra: tuple[int, ...] = ()
    reason: str = ""


def start_entry(game: Round[Any], previous: Round[Any] | None) -> LogEntry:
    """Who starts ``game`` and why, after the round ``previous`` (None: the
    match's first round): the rule that chose the starter, and the seats
    fooled when a fool turned the direction of play round."""
    return next_start(game.starter, game.start_direction, previous)


def next_start(starter: int, direction: int, previous: Round[Any] | None) -> LogEntry:
    """:func:`start_entry` of a round that ``starter`` starts in ``direction``
    (the match's :attr:`~Match.starter` and :attr:`~Match.direction` once
    ``previous`` is recorded, before the round is dealt)."""
    if previous is None:
        return LogEntry("start", starter, (direction,), reason="first")
    fooled: tuple[int, ...] = ()
    if direction != previous.start_direction:
        fooled = tuple(s for s, tally in enumerate(previous.tallies()) if tally.fooled)
    return LogEntry("start", starter, (direction,), fooled, previous.next_round_why())


def match_log(finished: list[Round[Any]], current: Round[Any] | None) -> list[LogEntry]:
    """The log of a whole match rebuilt from its rounds: each finished round,
    then ``current`` (None: the match is over), each headed by its number and
    who starts it."""
    out: list[LogEntry] = []
    rounds = [*finished, *([current] if current is not None else [])]
    for i, game in enumerate(rounds):
        out.append(LogEntry("round", -1, (i + 1,)))
        out.append(start_entry(game, rounds[i - 1] if i else None))
        out.extend(history_log(game))
    return out


def resolve_level(level: str) -> str:
    """``level`` if this build has it, else the strongest level it has."""
    from dummy_tui.ai import LEVELS

    if level in LEVELS:
        return level
    for fallback in ("normal", "easy", "hard"):
        if fallback in LEVELS:
            return fallback
    return LEVELS[-1]


def describe(game: Round[Any], action: act.Action) -> LogEntry:
    """The log entry for ``action`` by the seat to move, before it is applied."""
    seat = game.seat
    if isinstance(action, act.Draw):
        return LogEntry("draw", seat)
    if isinstance(action, act.End):
        return LogEntry("end", seat)
    if isinstance(action, act.Show):
        return LogEntry("show", seat, game.shown_cards())
    if isinstance(action, act.Pass):
        return LogEntry("pass", seat)
    if isinstance(action, act.TakeDiscard):
        return LogEntry("take", seat, (action.card,))
    if isinstance(action, act.Knock):
        return LogEntry("gin_knock", seat, (action.card,))
    if isinstance(action, act.Pick):
        i = game.discards.index(action.card)
        # the head card (Dummy's first card of the row): a Thai table says เกิดหัว
        kind = "pick_head" if i == 0 and action.card == getattr(game, "head", None) else "pick"
        return LogEntry(kind, seat, action.meld, tuple(game.discards[i:]))
    if isinstance(action, act.PickLayoff):
        i = game.discards.index(action.card)
        meld = tuple(game.melds[action.target].cards)
        return LogEntry("pick_layoff", seat, (action.card,), (*meld, *game.discards[i:]))
    if isinstance(action, act.Meld):
        return LogEntry("meld", seat, action.cards)
    if isinstance(action, act.LayOff):
        return LogEntry("layoff", seat, (action.card,), tuple(game.melds[action.target].cards))
    assert isinstance(action, act.Discard)
    # discarding the last card is a knock where the family says so (Dummy; basic
    # rummy's going out), a plain discard elsewhere (Persian rummy)
    return LogEntry(game.kind_of(action), seat, (action.card,))


class Session:
    """The match, the round in play and who sits where."""

    def __init__(
        self,
        setup: GameSetup,
        rules: Ruleset,
        base_rules: Ruleset,
        match: Match,
        game: Round[Any],
    ) -> None:
        self.setup = setup
        self.rules = rules
        self.base_rules = base_rules
        self.match = match
        self.round: Round[Any] = game
        self.rounds: list[dict[str, Any]] = []
        self.log: list[LogEntry] = []
        self.hand_orders: dict[int, list[int]] = {}  # the hands people arranged themselves
        self.ai: dict[int, Player[Any]] = {}  # built at each AI seat's first turn
        self.recorded = False  # the finished round is in the match's results
        self.history_uid = uuid.uuid4().hex
        """The match's uid in the history (kept in the save; the name of its file)."""
        self.finished: list[Round[Any]] = []
        """The match's finished rounds, in order (a resumed match's rebuilt from the save)."""
        self.history_rounds = 0
        """How many of the finished rounds are known to be in the history (kept
        in the save): the rounds after them are written at the next chance,
        each once whatever was written before (the history keeps a round of a
        match once)."""

    def player(self, seat: int) -> Player[Any]:
        """The AI player of ``seat`` (made, with its own seed, when first asked for)."""
        found = self.ai.get(seat)
        if found is None:
            level = self.setup.seats[seat].level
            found = self.ai[seat] = self._make(self.family, level, self.seat_seed(seat))
        return found

    def seat_seed(self, seat: int) -> int:
        """The seed of ``seat``'s AI player."""
        return self.derived_seed(f"ai:{seat}")

    def derived_seed(self, label: str) -> int:
        """A 32-bit seed for one use of the match's seed (see :func:`derived_seed`)."""
        return derived_seed(self.setup.seed or 0, label, 32, self.setup.secret_seed)

    def stand_in(self, seat: int) -> Player[Any]:
        """The player that takes over a seat whose AI failed: the normal level."""
        from dummy_tui.ai import make_player

        return make_player(self.family, "normal", self.seat_seed(seat))

    def ai_failed(self, seat: int, error: Exception, position: str, stand_in: Player[Any]) -> None:
        """``seat``'s AI raised or answered with an illegal move: a bug.  It is
        written to the log file, with its traceback and the position as a
        record, and said once in the game log; ``stand_in`` plays the seat from
        now on."""

        log_failure(error, position)
        self.ai[seat] = stand_in
        self.log.append(LogEntry("ai_failed", seat))

    def hint_failed(self, error: Exception) -> None:
        """The hint's AI failed: a bug, written to the log file with the position."""

        log_failure(error, self.record_text())

    @staticmethod
    def _make(family: str, level: str, seed: int) -> Player[Any]:
        from dummy_tui.ai import make_player

        try:
            return make_player(family, level, seed)
        except (ValueError, KeyError):
            return make_player(family, resolve_level(level), seed)

    # ------------------------------------------------------------------
    # building

    @property
    def rules_path(self) -> Path | None:
        return Path(self.setup.rules_path) if self.setup.rules_path else None

    @classmethod
    def new(cls, setup: GameSetup) -> Session:
        """A fresh match; draws a secret seed if the set-up has none (see
        :attr:`GameSetup.secret_seed`: 63 bits, as many as the history keeps)."""
        if setup.seed is None:
            setup = setup.model_copy(update={"seed": secrets.randbits(63), "secret_seed": True})
        assert setup.seed is not None
        path = Path(setup.rules_path) if setup.rules_path else None
        rules, base = _rules(setup, path)
        players = len(setup.seats)
        if players not in rules.hand_size:
            raise ValueError(t("err.players_for", ruleset=preset_name(setup.ruleset), n=players))
        match = Match(rules, players, setup.seed, first_starter=0, secret=setup.secret_seed)
        session = cls(setup, rules, base, match, match.new_round())
        session.log = match_log([], session.round)
        return session

    @classmethod
    def from_save(cls, save: SaveGame, over: bool = False) -> Session:
        """Rebuild a saved match exactly; raises :class:`SaveError` if it cannot be.

        A save made after the match's last move is a match that is over: it
        cannot be played on, only finished (written to the history): that is
        a :class:`MatchOver` error unless ``over`` is True, which rebuilds it
        with its last round ended (``session.match.is_over``).
        """
        setup = save.setup
        if setup.seed is None:
            raise SaveError("the save has no seed")
        path = Path(setup.rules_path) if setup.rules_path else None
        finished: list[Round[Any]] = []
        game: Round[Any] | None = None
        try:
            rules, base = _rules(setup, path)
            match = Match(
                rules, len(setup.seats), setup.seed, save.first_starter, secret=setup.secret_seed
            )
            for i, record in enumerate(save.rounds):
                if match.is_over:
                    raise SaveError(f"round {i + 1} of the save comes after the match was over")
                played = _replayed(record, path, f"round {i + 1}")
                if not played.is_over:
                    raise SaveError(f"round {i + 1} of the save is not finished")
                match.record(played)
                finished.append(played)
            if save.current is not None:
                if match.is_over:
                    raise SaveError("the current round of the save comes after the match was over")
                game = _replayed(save.current, path, "the current round")
            elif not match.is_over:
                game = match.new_round()
        except SaveError:
            raise
        except Exception as exc:  # any damage at all is reported, never a crash
            raise SaveError(str(exc) or type(exc).__name__) from None
        if game is not None and game.players != len(setup.seats):
            raise SaveError("the current round has the wrong number of players")
        last = game if game is not None else finished[-1]
        session = cls(setup, rules, base, match, last)
        session.rounds = list(save.rounds)
        session.finished = finished
        session.history_rounds = min(save.recorded, len(finished))
        if save.history is not None:
            session.history_uid = save.history
        session.hand_orders = {s: list(o) for s, o in save.hand_orders.items() if s < last.players}
        if game is None:  # saved whole once over (a match kept for the history)
            session.recorded = True
        elif game.is_over:  # saved at the very end of a round: count it, deal the next
            session.finish_round()
            if not match.is_over:
                session.start_next_round()
        if match.is_over and not over:
            raise MatchOver("the saved match is over")
        # the whole match's log, every round's moves (a save keeps them all)
        session.log = match_log(session.finished, None if session.recorded else session.round)
        return session

    def to_save(self) -> SaveGame:
        return SaveGame(
            setup=self.setup,
            first_starter=self.match.first_starter,
            rounds=self.rounds,
            current=None if self.recorded else self.record(),
            hand_orders=self.hand_orders,
            history=self.history_uid,
            recorded=self.history_rounds,
            ended=self.round.is_over,
            totals=self.match.totals,
        )

    # ------------------------------------------------------------------
    # seats

    @property
    def players(self) -> int:
        return len(self.setup.seats)

    @property
    def names(self) -> list[str]:
        """The seats' names as shown, in the current language (see
        :func:`shown_name`), unless that would show two seats alike."""
        shown = [shown_name(s.name, i) for i, s in enumerate(self.setup.seats)]
        return shown if len(set(shown)) == len(shown) else self.seat_names

    @property
    def seat_names(self) -> list[str]:
        """The seats' names as set up: what records and saves keep."""
        return [s.name for s in self.setup.seats]

    def is_human(self, seat: int) -> bool:
        return self.setup.seats[seat].human

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.setup.seats) if s.human]

    @property
    def round_number(self) -> int:
        return len(self.match.results) + (0 if self.recorded else 1)

    # ------------------------------------------------------------------
    # playing

    def apply(self, action: act.Action) -> LogEntry:
        """Apply a move of the seat to move (checked); log it."""
        entry = describe(self.round, action)
        stock = len(self.round.stock)
        seat = self.round.seat
        self.round.apply(action)
        self.log.append(entry)
        self._log_move(seat)
        if len(self.round.stock) > stock:
            # the discard pile was turned over into a new stock (basic rummy):
            # say so, since when it runs out a second time the hand is void
            self.log.append(LogEntry("restock", -1))
        return entry

    def _log_move(self, seat: int) -> None:
        """The move just made, in the notation of records, to the log file (INFO):
        public moves only (a draw names no card), as a record's moves are."""
        from dummy_tui.logs import logger, writing

        if not writing():  # no log file asked for: nothing to word the move for
            return
        who = self.setup.seats[seat]
        kind = "person" if who.human else f"{who.level} AI"
        words = "; ".join(self.round.move_words(len(self.round.history) - 1))
        number = self.round_number
        logger.info(
            "round %d, seat %d (%s, %s): %s", number, seat, self.seat_names[seat], kind, words
        )

    def submit(self, action: act.Action) -> LogEntry | None:
        """A move of the person at this screen: applied (checked) and its log
        entry returned; a session whose round is played elsewhere sends it and
        returns None (the new position comes back later)."""
        return self.apply(action)

    def undo(self) -> act.Action:
        seat = self.round.seat
        action = self.round.undo()
        self.log.append(LogEntry("undo", seat))
        return action

    def finish_round(self) -> RoundResult:
        """Record the finished round in the match."""
        result = self.match.record(self.round)
        self.rounds.append(self.record())
        self.finished.append(self.round)
        self.recorded = True
        return result

    def start_next_round(self) -> None:
        previous = self.round
        self.round = self.match.new_round()
        self.recorded = False
        # a new deal: an order the people gave last round's cards is over
        self.hand_orders.clear()
        self.log.append(LogEntry("round", -1, (len(self.match.results) + 1,)))
        self.log.append(start_entry(self.round, previous))

    def record(self) -> dict[str, Any]:
        from dummy_tui.engine.record import record_of

        return record_of(self.round, self.seat_names, self.setup.ruleset, self.base_rules)

    def record_text(self) -> str:
        from dummy_tui.engine.record import dumps_record

        return dumps_record(self.record())

    @property
    def family(self) -> str:
        return str(self.rules.family)

    def hint_task(self) -> HintTask | None:
        """The hint for the seat to move, ready to be worked out (None when the round is over)."""
        game = self.round
        if game.is_over:
            return None
        legal = game.legal_actions()
        if not legal:
            return None
        moves = len(game.history)
        seed = self.derived_seed(f"hint:{moves}")
        return HintTask(self.family, seed, moves, game.view(game.seat), legal)

    def hint(self) -> act.Action | None:
        """What the hint level's AI would do for the seat to move."""
        task = self.hint_task()
        return None if task is None else task.run()


def history_log(game: Round[Any]) -> list[LogEntry]:
    """The log entries of a round's moves so far."""
    fresh = game.fresh()
    out = []
    for _, action in game.history:
        out.append(describe(fresh, action))
        fresh.apply_unchecked(action)
    return out


def _rules(setup: GameSetup, path: Path | None) -> tuple[Ruleset, Ruleset]:
    rules = get_ruleset(setup.ruleset, path, overrides=dict(setup.options), source="set-up")
    base = get_ruleset(setup.ruleset, path)
    return rules, base


def _replayed(record: dict[str, Any], path: Path | None, what: str) -> Round[Any]:
    from dummy_tui.engine.record import apply_moves, parse_record

    loaded = parse_record(json.loads(json.dumps(record)), source=what, rules_path=path)
    _, error, pending = apply_moves(loaded.game, list(loaded.model.moves))
    if error is not None:
        raise SaveError(f"{what}: move {error['index'] + 1} ({error['move']}): {error['message']}")
    if pending is not None:
        raise SaveError(f"{what}: ends with an unfinished pick-up")
    return loaded.game
