"""The table: the one owner of the game while a match is played.

Widgets show slices of :class:`Session` and post what the player asks for;
only this screen calls the engine (through the session).  AI players think in
a worker thread; their moves come back through ``call_from_thread``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.style import Style
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from dummy_tui.ai import Player
from dummy_tui.engine.actions import (
    Action,
    Discard,
    Draw,
    End,
    LayOff,
    Meld,
    Pick,
    PickLayoff,
)
from dummy_tui.engine.cards import cards_of
from dummy_tui.engine.errors import IllegalMoveError
from dummy_tui.engine.melds import melds_in
from dummy_tui.engine.scoring import table_cards
from dummy_tui.engine.state import TAKE, PlayerView
from dummy_tui.ui.common import localize_bindings
from dummy_tui.ui.i18n import t
from dummy_tui.ui.screens.modals import ChoiceScreen, PrivacyScreen
from dummy_tui.ui.session import LogEntry, Session
from dummy_tui.ui.widgets.cards import CardStrip
from dummy_tui.ui.widgets.hand import LAYOFF, MELD, Hand
from dummy_tui.ui.widgets.row import DiscardRow
from dummy_tui.ui.widgets.table import GameLog, MeldTable, PlayerPanel, Scoreboard
from dummy_tui.ui.words import action_text, entry_text, fmt, rule_text

if TYPE_CHECKING:
    from dummy_tui.ui.app import DummyApp

SPEEDS = (0.0, 0.3, 0.7, 1.2, 2.0)


class TableScreen(Screen[None]):
    """The game table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "draw", "Draw", id="draw"),
        Binding("p", "pick", "Pick up", id="pick"),
        Binding("m", "meld", "Meld", id="meld"),
        Binding("f", "layoff", "Lay off", id="layoff"),
        Binding("x", "discard", "Discard", id="discard"),
        Binding("k", "knock", "Knock", id="knock"),
        Binding("o", "end_round", "End round", id="end_round"),
        Binding("u", "undo", "Undo", id="undo"),
        Binding("h", "hint", "Hint", id="hint"),
        Binding("s", "sort", "Sort", id="sort"),
        Binding("full_stop", "instant", "Skip", id="instant"),
        Binding("plus,equals_sign", "speed(-1)", "Faster", id="faster", show=False),
        Binding("minus", "speed(1)", "Slower", id="slower", show=False),
        Binding("e", "export", "Export", id="export", show=False),
        Binding("q", "quit_game", "Quit", id="quit"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(id="table")
        self.session = session
        self.viewer: int | None = None
        self.highlight: set[int] = set()
        self.message: Text | None = None
        self.message_is_error = False
        self._ai_token = 0
        self._timer: Timer | None = None
        self._fast = False
        self._log_shown = 0
        self._busy = False  # a privacy or round-end screen is up
        humans = session.human_seats
        if len(humans) == 1:
            self.viewer = humans[0]

    @property
    def dapp(self) -> DummyApp:
        from dummy_tui.ui.app import DummyApp

        assert isinstance(self.app, DummyApp)
        return self.app

    # ------------------------------------------------------------------
    # layout

    def compose(self) -> ComposeResult:
        yield Static(id="topbar")
        with Horizontal(id="players"):
            for seat in range(self.session.players):
                yield PlayerPanel(id=f"seat-{seat}", classes="player")
        yield DiscardRow(id="row")
        with Horizontal(id="middle"):
            yield MeldTable(id="melds")
            with Vertical(id="side"):
                yield Scoreboard(id="scores")
                yield GameLog(id="log", wrap=True, markup=False, min_width=10)
        yield Hand(id="hand")
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        localize_bindings(self)
        localize_bindings(self.hand)
        localize_bindings(self.row)
        self.apply_look()
        self.refresh_view()
        self.call_after_refresh(self.advance)

    def on_resize(self, event: events.Resize) -> None:
        wide = event.size.width >= 140 and event.size.height >= 44
        if wide != self.has_class("-wide"):
            self.set_class(wide, "-wide")
            self.apply_look()

    def apply_look(self) -> None:
        look = self.dapp.look
        accent = self.app.current_theme.primary or "#3a6ea5"
        strips: list[CardStrip] = [self.hand, self.row]
        for strip in strips:
            strip.look = look
            strip.accent = accent
            strip.big = self.has_class("-wide")
            strip.refresh(layout=True)

    @property
    def hand(self) -> Hand:
        return self.query_one("#hand", Hand)

    @property
    def row(self) -> DiscardRow:
        return self.query_one("#row", DiscardRow)

    # ------------------------------------------------------------------
    # showing the state

    def refresh_language(self) -> None:
        localize_bindings(self)
        localize_bindings(self.hand)
        localize_bindings(self.row)
        log = self.query_one(GameLog)
        log.clear()
        self._log_shown = 0
        self.message = None
        self.refresh_view()

    def refresh_view(self) -> None:
        session = self.session
        game = session.round
        look = self.dapp.look
        names = session.names
        totals = session.match.totals
        table_points = [
            sum(game.card_points(c) for c in table_cards(game, s)) for s in range(game.players)
        ]
        # the hand first: whenever the viewer changes, the old cards go before anything draws
        self.refresh_hand()
        to_move = game.to_move
        for seat in range(game.players):
            panel = self.query_one(f"#seat-{seat}", PlayerPanel)
            seat_setup = session.setup.seats[seat]
            if seat == self.viewer:
                kind = t("panel.you")
            elif seat_setup.human:
                kind = t("panel.human")
            else:
                kind = t("panel.ai", level=t(f"level.{seat_setup.level}"))
            panel.update_panel(
                names[seat],
                game.hands[seat].bit_count(),
                game.born[seat],
                totals[seat],
                table_points[seat],
                seat == to_move,
                kind,
            )
        head = game.head if game.head_in_row else None
        self.row.set_cards(game.row, head, {c for c in game.row if game.is_speto(c)})
        self.row.highlight = self.highlight
        self.row.border_title = t("row.title", n=len(game.row))
        self.row.border_subtitle = t("row.legend")
        melds = self.query_one(MeldTable)
        melds.border_title = t("table.title")
        targets: set[int] = set()
        card = self.hand.chosen
        if self.my_turn and len(card) == 1:
            targets = {
                a.target
                for a in game.legal_actions()
                if isinstance(a, LayOff) and a.card == card[0]
            }
        melds.update_table(game.melds, names, table_points, look, self.highlight, targets)
        scores = self.query_one(Scoreboard)
        scores.border_title = t("score.title")
        scores.update_scores(
            names,
            [r.scores for r in session.match.results],
            totals,
            session.rules.target_score,
        )
        log = self.query_one(GameLog)
        log.border_title = t("log.title")
        for entry in session.log[self._log_shown :]:
            log.write(entry_text(entry, names, look))
        self._log_shown = len(session.log)
        self.refresh_topbar()
        self.refresh_status()
        self.refresh_bindings()

    def refresh_hand(self) -> None:
        game = self.session.round
        hand = self.hand
        seat = self.viewer
        if seat is None:
            hand.set_cards(None, [], {}, self.dapp.settings.sort, Text(t("hand.hidden")))
            hand.border_title = t("hand.title_hidden")
            hand.border_subtitle = ""
            return
        mask = game.hands[seat]
        marks: dict[int, set[str]] = {}
        for m in melds_in(mask):
            for c in cards_of(m):
                marks.setdefault(c, set()).add(MELD)
        for c in cards_of(mask):
            if game.fits_table(c, seat):
                marks.setdefault(c, set()).add(LAYOFF)
        hand.set_cards(seat, cards_of(mask), marks, self.dapp.settings.sort, Text(""))
        hand.border_title = t("hand.title", name=self.session.names[seat], n=mask.bit_count())
        hand.border_subtitle = t("hand.legend")

    def refresh_topbar(self) -> None:
        session = self.session
        game = session.round
        bar = Text()
        bar.append(t("top.game"), Style(bold=True))
        bar.append("  ")
        bar.append(t("top.round", n=session.round_number))
        bar.append("  ·  ")
        bar.append(t("top.stock", n=len(game.stock)))
        bar.append("  ·  ")
        bar.append(t("top.direction_cw" if game.direction == 1 else "top.direction_ccw"))
        self.query_one("#topbar", Static).update(bar)

    def turn_prompt(self) -> Text:
        session = self.session
        game = session.round
        if game.is_over:
            return fmt("prompt.over")
        seat = game.seat
        name = session.names[seat]
        if not session.is_human(seat):
            return fmt("prompt.ai", name=Text(name, Style(bold=True)))
        if seat != self.viewer:
            return fmt("prompt.waiting", name=Text(name, Style(bold=True)))
        if self.row.picking:
            return fmt("prompt.choose_row")
        if game.phase == TAKE:
            if not game.stock:
                return fmt("prompt.take_stock_out")
            return fmt("prompt.take")
        if game.must_knock:
            if game.knock_possible(seat):
                return fmt("prompt.must_knock")
            return fmt("prompt.knock_lost")
        if game.hands[seat].bit_count() == 1:
            return fmt("prompt.knock")
        return fmt("prompt.play")

    def refresh_status(self) -> None:
        status = self.query_one("#status", Static)
        text = self.message if self.message is not None else self.turn_prompt()
        status.set_class(self.message is not None and self.message_is_error, "-error")
        status.update(text)

    def say(self, text: Text | str, error: bool = False) -> None:
        self.message = Text(text) if isinstance(text, str) else text
        self.message_is_error = error
        self.refresh_status()

    def clear_message(self) -> None:
        self.message = None
        self.refresh_status()

    # ------------------------------------------------------------------
    # whose turn

    @property
    def my_turn(self) -> bool:
        game = self.session.round
        return (
            not game.is_over
            and not self._busy
            and self.viewer is not None
            and game.seat == self.viewer
            and self.session.is_human(game.seat)
        )

    def advance(self) -> None:
        """Hand the turn to whoever moves next: a person (maybe via privacy) or an AI."""
        self._timer = None
        if self._busy or not self.is_attached:
            return
        session = self.session
        game = session.round
        if game.is_over:
            self.round_over()
            return
        seat = game.seat
        if session.is_human(seat):
            self._fast = False
            if seat != self.viewer:
                if len(session.human_seats) > 1:
                    # hide the cards before anything else can be drawn
                    self.viewer = None
                    self.refresh_view()
                    self._busy = True
                    self.app.push_screen(
                        PrivacyScreen(session.names[seat]),
                        callback=lambda _: self._privacy_done(seat),
                    )
                    return
                self.viewer = seat
            self.refresh_view()
            self.hand.focus()
            return
        self.refresh_view()
        self.start_ai()

    def _privacy_done(self, seat: int) -> None:
        self._busy = False
        self.viewer = seat
        self.message = None
        self.refresh_view()
        self.hand.focus()

    # ------------------------------------------------------------------
    # AI turns

    def start_ai(self) -> None:
        game = self.session.round
        seat = game.seat
        self._ai_token += 1
        player = self.session.ai[seat]
        self.think(self._ai_token, seat, player, game.view(seat), game.legal_actions())

    @work(thread=True, exclusive=True, group="ai")
    def think(
        self, token: int, seat: int, player: Player, view: PlayerView, legal: list[Action]
    ) -> None:
        action = player.choose(view, legal)
        self.app.call_from_thread(self.ai_chose, token, seat, action)

    def ai_chose(self, token: int, seat: int, action: Action) -> None:
        game = self.session.round
        if token != self._ai_token or game.is_over or game.seat != seat or self._busy:
            return
        try:
            entry = self.session.apply(action)
        except IllegalMoveError:
            legal = game.legal_actions()
            entry = self.session.apply(legal[0])
        self.highlight = self._moved_cards(entry)
        self.autosave()
        self.refresh_view()
        delay = 0.0 if self._fast else self.dapp.settings.ai_delay
        if game.is_over or delay <= 0:
            self.call_later(self.advance)
        else:
            self._timer = self.set_timer(delay, self.advance)

    @staticmethod
    def _moved_cards(entry: LogEntry) -> set[int]:
        if entry.kind in ("draw", "undo", "end", "round"):
            return set()
        return set(entry.cards)

    # ------------------------------------------------------------------
    # human moves

    def play(self, action: Action) -> bool:
        """Apply a move of the person at the keyboard; explain a refusal in one line."""
        if not self.my_turn:
            return False
        try:
            entry = self.session.apply(action)
        except IllegalMoveError as exc:
            self.say(Text(rule_text(exc)), error=True)
            return False
        self.highlight = set()
        self.message = None
        self.hand.clear_selection()
        self.autosave()
        game = self.session.round
        if game.is_over or game.seat != entry.seat:
            self.advance()
        else:
            self.refresh_view()
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        game = self.session.round
        mine = self.my_turn
        if action in ("draw", "pick", "meld", "layoff", "discard", "knock", "end_round"):
            if not mine or self.row.picking:
                return False
            legal = game.legal_actions()
            if action == "draw":
                return any(isinstance(a, Draw) for a in legal)
            if action == "pick":
                return any(isinstance(a, Pick | PickLayoff) for a in legal)
            if action == "meld":
                return any(isinstance(a, Meld) for a in legal)
            if action == "layoff":
                return any(isinstance(a, LayOff) for a in legal)
            if action == "end_round":
                return any(isinstance(a, End) for a in legal)
            n = game.hands[game.seat].bit_count()
            if action == "knock":
                return game.phase != TAKE and n == 1
            return game.phase != TAKE and n > 1
        if action == "undo":
            return mine and game.can_undo()
        if action == "hint":
            return mine and not self.row.picking
        if action == "sort":
            return self.viewer is not None
        if action == "instant":
            return not game.is_over and not self.session.is_human(game.seat)
        return True

    def action_draw(self) -> None:
        self.play(Draw())

    def action_end_round(self) -> None:
        self.play(End())

    def action_pick(self) -> None:
        if not self.my_turn:
            return
        game = self.session.round
        pickable = {a.card for a in game.legal_actions() if isinstance(a, Pick | PickLayoff)}
        if not pickable:
            self.say(t("err.no_pick"), error=True)
            return
        self.message = None
        self.row.start_picking(pickable)
        self.refresh_status()
        self.refresh_bindings()

    @on(DiscardRow.Cancelled)
    def row_cancelled(self) -> None:
        self.row.stop_picking()
        self.hand.focus()
        self.refresh_status()
        self.refresh_bindings()

    @on(DiscardRow.Chosen)
    def row_chosen(self, message: DiscardRow.Chosen) -> None:
        game = self.session.round
        if not self.my_turn or game.phase != TAKE:
            if self.my_turn:
                self.say(
                    rule_text(IllegalMoveError("already_taken", t("rule.already_taken"))), True
                )
            return
        card = message.card
        options = [
            a for a in game.legal_actions() if isinstance(a, Pick | PickLayoff) and a.card == card
        ]
        if not options:
            from dummy_tui.engine.record import check_pick_start

            try:
                check_pick_start(game, card)
                self.say(t("err.no_pick_card"), error=True)
            except IllegalMoveError as exc:
                self.say(rule_text(exc), error=True)
            return
        look = self.dapp.look
        taken = game.row[game.row.index(card) :]
        intro = fmt("pick.intro", card=look.text(card), n=len(taken), cards=look.cards(taken))
        choices: list[tuple[Text, Action]] = [(action_text(game, a, look), a) for a in options]
        self.app.push_screen(
            ChoiceScreen[Action](t("pick.title"), intro, choices),
            callback=self._pick_chosen,
        )

    def _pick_chosen(self, action: Action | None) -> None:
        self.row.stop_picking()
        self.hand.focus()
        if action is not None:
            self.play(action)
        else:
            self.refresh_status()
            self.refresh_bindings()

    def action_meld(self) -> None:
        if not self.my_turn:
            return
        game = self.session.round
        cards = self.hand.chosen
        if len(cards) >= 3:
            self.play(Meld(tuple(sorted(cards))))
            return
        options = [
            a
            for a in game.legal_actions()
            if isinstance(a, Meld) and all(c in a.cards for c in cards)
        ]
        if not options:
            self.say(t("err.no_meld"), error=True)
        elif len(options) == 1:
            self.play(options[0])
        else:
            look = self.dapp.look
            self.app.push_screen(
                ChoiceScreen[Action](
                    t("meld.title"), None, [(action_text(game, a, look), a) for a in options]
                ),
                callback=self._chosen,
            )

    def _chosen(self, action: Action | None) -> None:
        if action is not None:
            self.play(action)

    def action_layoff(self) -> None:
        if not self.my_turn:
            return
        cards = self.hand.chosen
        if len(cards) != 1:
            self.say(t("err.one_card_layoff"), error=True)
            return
        card = cards[0]
        game = self.session.round
        targets = [a for a in game.legal_actions() if isinstance(a, LayOff) and a.card == card]
        if not targets:
            for i in range(len(game.melds)):
                try:
                    game.check(LayOff(card, i))
                    targets.append(LayOff(card, i))
                except IllegalMoveError:
                    continue
        if not targets:
            if not game.melds:
                self.say(rule_text(IllegalMoveError("no_meld", t("rule.no_meld"))), error=True)
                return
            try:
                game.check(LayOff(card, 0))
            except IllegalMoveError as exc:
                self.say(rule_text(exc), error=True)
            return
        if len(targets) == 1:
            self.play(targets[0])
            return
        look = self.dapp.look
        self.app.push_screen(
            ChoiceScreen[Action](
                t("layoff.title"), None, [(action_text(game, a, look), a) for a in targets]
            ),
            callback=self._chosen,
        )

    @on(MeldTable.Clicked)
    def meld_clicked(self, message: MeldTable.Clicked) -> None:
        if not self.my_turn:
            return
        cards = self.hand.chosen
        if len(cards) != 1:
            self.say(t("err.one_card_layoff"), error=True)
            return
        self.play(LayOff(cards[0], message.index))

    @on(Hand.Changed)
    def hand_changed(self) -> None:
        if self.message is not None and not self.message_is_error:
            self.message = None
        self.refresh_view()

    def action_discard(self) -> None:
        if not self.my_turn:
            return
        cards = self.hand.chosen
        if len(cards) != 1:
            self.say(t("err.one_card_discard"), error=True)
            return
        self.play(Discard(cards[0]))

    def action_knock(self) -> None:
        if not self.my_turn:
            return
        cards = cards_of(self.session.round.hands[self.session.round.seat])
        if len(cards) != 1:
            self.say(t("err.knock_cards"), error=True)
            return
        self.play(Discard(cards[0]))

    def action_undo(self) -> None:
        if not self.my_turn:
            return
        try:
            self.session.undo()
        except IllegalMoveError as exc:
            self.say(rule_text(exc), error=True)
            return
        self.hand.clear_selection()
        self.message = None
        self.autosave()
        self.refresh_view()

    def action_hint(self) -> None:
        if not self.my_turn:
            return
        action = self.session.hint()
        if action is None:
            return
        game = self.session.round
        if isinstance(action, Discard | LayOff) and action.card in self.hand.cards:
            self.hand.cursor = self.hand.cards.index(action.card)
            self.hand.refresh()
        self.say(fmt("hint.text", move=action_text(game, action, self.dapp.look)))

    def action_sort(self) -> None:
        settings = self.dapp.settings
        settings.sort = "rank" if settings.sort == "suit" else "suit"
        self.dapp.store_settings()
        self.refresh_hand()
        self.say(t(f"sort.{settings.sort}"))

    def action_instant(self) -> None:
        self._fast = True
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            self.advance()

    def action_speed(self, step: int) -> None:
        settings = self.dapp.settings
        current = min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i] - settings.ai_delay))
        settings.ai_delay = SPEEDS[max(0, min(len(SPEEDS) - 1, current + step))]
        self.dapp.store_settings()
        self.say(t("speed.text", seconds=f"{settings.ai_delay:.1f}"))

    def action_export(self) -> None:
        try:
            path = self.dapp.export_record(self.session)
        except OSError as exc:
            self.say(t("export.failed", error=str(exc)), error=True)
            return
        self.say(t("export.done", path=str(path)))

    def action_quit_game(self) -> None:
        self.autosave()
        self.app.exit()

    # ------------------------------------------------------------------
    # saving and the end of a round

    def autosave(self) -> None:
        self.dapp.autosave(self.session)

    def round_over(self) -> None:
        from dummy_tui.ui.screens.round_end import RoundEndScreen

        if self._busy:
            return
        session = self.session
        finished = session.round
        result = session.finish_round()
        over = session.match.is_over
        if over:
            self.dapp.drop_save()
        else:
            session.start_next_round()
            self.autosave()
        self._busy = True
        self._ai_token += 1
        self.app.push_screen(
            RoundEndScreen(session, finished, result, over), callback=self._round_end_done
        )

    def _round_end_done(self, _: None) -> None:
        self._busy = False
        self.highlight = set()
        self.message = None
        if self.session.match.is_over:
            return
        if len(self.session.human_seats) > 1:
            self.viewer = None  # the next person to move passes through the privacy screen
        self.refresh_view()
        self.advance()
