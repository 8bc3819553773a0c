"""The table: the one owner of the game while a match is played.

Widgets show slices of :class:`Session` and post what the player asks for;
only this screen calls the engine (through the session).  AI players think in
a worker thread; their moves come back through ``call_from_thread``.
"""

from __future__ import annotations

import dataclasses
from itertools import combinations
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

from dummy_tui.engine.actions import (
    Action,
    Discard,
    Draw,
    End,
    Knock,
    LayOff,
    Meld,
    Pass,
    Pick,
    PickLayoff,
    TakeDiscard,
)
from dummy_tui.engine.cards import JOKER_BASE, cards_of
from dummy_tui.engine.errors import IllegalMoveError
from dummy_tui.engine.families.dummy import DummyRound
from dummy_tui.engine.round import TAKE
from dummy_tui.ui import family as fam
from dummy_tui.ui.common import US_LAYOUT, localize_bindings, signed
from dummy_tui.ui.i18n import t
from dummy_tui.ui.screens.modals import ChoiceScreen, PrivacyScreen
from dummy_tui.ui.session import HintTask, LogEntry, Session, choose_safely
from dummy_tui.ui.widgets.cards import CardStrip
from dummy_tui.ui.widgets.hand import Hand, meld_mark
from dummy_tui.ui.widgets.row import DiscardRow, head_mark
from dummy_tui.ui.widgets.table import GameLog, MeldTable, PlayerPanel, Scoreboard
from dummy_tui.ui.words import (
    action_text,
    fmt,
    gin_layout_text,
    log_lines,
    rule_text,
    why_not_pick,
)

if TYPE_CHECKING:
    from dummy_tui.ui.app import DummyApp

SPEEDS = (0.0, 0.3, 0.7, 1.2, 2.0)
TEAM_COLOURS = ("#4aa3df", "#e0a030")
NEVER: dict[str, tuple[str, ...]] = {
    "dummy": ("pass", "take_top"),
    "gin": ("meld", "layoff", "end_round"),
    "rummy": ("pass", "end_round"),
    "persian": ("knock", "end_round", "take_top"),
}
"""Keys that never apply in a family: the reason is the family's, whatever the moment."""


class TableScreen(Screen[None]):
    """The game table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("d", "draw", "Draw", id="draw"),
        Binding("p", "pick", "Pick up", id="pick"),
        Binding("p", "take", "Take", id="take_top"),
        Binding("m", "meld", "Meld", id="meld"),
        Binding("f", "layoff", "Lay off", id="layoff"),
        Binding("x", "discard", "Discard", id="discard"),
        Binding("k", "knock", "Knock", id="knock"),
        Binding("o", "end_round", "End round", id="end_round"),
        Binding("o", "pass_turn", "Pass", id="pass"),
        Binding("u", "undo", "Undo", id="undo"),
        Binding("h", "hint", "Hint", id="hint"),
        Binding("s", "sort", "Sort", id="sort"),
        Binding("t", "toggle_scores", "Scores", id="scores", show=False),
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
        self.drawn: int | None = None  # the card the person just drew, told in the prompt
        self.message_is_error = False
        self._ai_token = 0
        self._hint_token = 0  # the hint asked for last: an older one is not shown
        self._timer: Timer | None = None
        self._fast = False
        self._log_shown = 0
        self._log_width: int | None = None  # the screen width the log was last wrapped at
        self._busy = False  # a privacy or round-end screen is up
        # the last hint, with its round and the number of moves made then
        self._hinted: tuple[object, int, Action] | None = None
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
        self.hand.orders = self.session.hand_orders  # kept with the game, saved with it
        self.localize()
        self.apply_look()
        self.refresh_view()
        self.call_after_refresh(self.advance)

    SHORT_HEIGHT = 28
    """Below this height the side column shows the game log or the scores, not both:
    the log beside a four-seat scoreboard would keep only two or three lines, and
    the seat panels above already show every total."""

    NARROW_WIDTH = 100
    """Below this width the footer packs its keys closer and leaves out space
    (select), which the hand's legend names, so that every move offered and
    the last key (the language switch, ^l ไทย) still show at 80 columns."""

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._log_width:
            # the log's lines were wrapped at the old width: wrap them again at
            # the new one (narrower, they would need a horizontal scrollbar)
            if self._log_width is not None:
                self.call_after_refresh(self.rewrite_log)
            self._log_width = event.size.width
        narrow = event.size.width < self.NARROW_WIDTH
        if narrow != self.hand.narrow:
            self.query_one(Footer).compact = narrow
            self.hand.narrow = narrow
            self.refresh_bindings()
        wide = event.size.width >= 140 and event.size.height >= 44
        if wide != self.has_class("-wide"):
            self.set_class(wide, "-wide")
            self.apply_look()
        short = event.size.height < self.SHORT_HEIGHT
        if short != self.has_class("-short"):
            self.set_class(short, "-short")
            self.refresh_bindings()
            self.call_after_refresh(self.refresh_side)

    def refresh_side(self) -> None:
        """The side column: the titles of the log and the scores (a short screen
        names the key that swaps them), and the moves not yet in the log."""
        session = self.session
        log = self.query_one(GameLog)
        short = self.has_class("-short")
        log.border_title = t("log.title")
        log.border_subtitle = t("log.show_scores") if short else ""
        scores = self.query_one(Scoreboard)
        scores.border_title = t("score.title_short" if short else "score.title")
        if self.log_hidden:
            return  # written when shown: a hidden log would wrap them at no width
        end = len(session.log)
        if end > self._log_shown and session.log[-1].kind == "draw":
            end -= 1  # held back: the discard that follows shares its line
        lines = log_lines(
            session.log[self._log_shown : end], session.names, self.dapp.look, session.family
        )
        for line in lines:
            log.write(line)
        self._log_shown = end

    @property
    def log_hidden(self) -> bool:
        """The scores are shown in place of the game log (a short screen, ``t``)."""
        return self.has_class("-short") and self.has_class("-scores")

    def apply_look(self) -> None:
        look = self.dapp.look
        accent = self.app.current_theme.primary or "#3a6ea5"
        strips: list[CardStrip] = [self.hand, self.row]
        for strip in strips:
            strip.look = look
            strip.accent = accent
            strip.refresh(layout=True)
        self.hand.big = self.has_class("-wide")
        self.row.set_big(self.has_class("-wide"))

    @property
    def hand(self) -> Hand:
        return self.query_one("#hand", Hand)

    @property
    def row(self) -> DiscardRow:
        return self.query_one("#row", DiscardRow)

    # ------------------------------------------------------------------
    # showing the state

    def localize(self) -> None:
        """The keys' words in the current language, and in the family's own terms."""
        localize_bindings(self)
        localize_bindings(self.hand)
        localize_bindings(self.row)
        bindings = self._bindings.key_to_bindings
        bindings["k"] = [
            dataclasses.replace(b, description=self.key_word(b.id or ""))
            for b in bindings.get("k", [])
        ]

    def key_word(self, binding_id: str) -> str:
        """What a key does, in words: basic rummy's k goes out rather than knocks."""
        if binding_id == "knock" and self.session.family == "rummy":
            return t("key.go_out")
        return t(f"key.{binding_id}")

    def refresh_language(self) -> None:
        self.localize()
        self.query_one(GameLog).clear()
        self._log_shown = 0
        self.message = None
        self.refresh_view()

    def rewrite_log(self) -> None:
        """Write the whole log again (at the log's width now)."""
        self.query_one(GameLog).clear()
        self._log_shown = 0
        self.refresh_side()

    def refresh_view(self) -> None:
        session = self.session
        game = session.round
        look = self.dapp.look
        names = session.names
        totals = session.match.totals
        family = session.family
        laid = fam.laid_points(game)
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
                totals[seat],
                seat == to_move,
                kind,
                self.seat_status(seat, laid),
                team=fam.team_of(game, seat) if fam.has_teams(game) else None,
            )
        self.refresh_row()
        melds = self.query_one(MeldTable)
        if family == "gin":
            melds.border_title = t("gin.layout_title")
            mask = game.hands[self.viewer] if self.viewer is not None else None
            melds.update_gin(mask, look, game.rules.knock_limit)
        else:
            melds.border_title = t("table.title")
            targets: set[int] = set()
            card = self.hand.chosen
            if self.my_turn and len(card) == 1:
                targets = {
                    a.target
                    for a in game.legal_actions()
                    if isinstance(a, LayOff) and a.card == card[0]
                }
            speto: frozenset[int] = frozenset()
            if isinstance(game, DummyRound):
                speto = frozenset(c for m in game.melds for c in m.cards if game.is_speto(c))
            melds.update_table(
                game.melds, names, self.meld_headings(laid), look, self.highlight, targets, speto
            )
        scores = self.query_one(Scoreboard)
        scores.update_scores(
            names,
            [r.scores for r in session.match.results],
            totals,
            session.rules.target_score,
            teams=fam.has_teams(game),
        )
        if family == "persian":
            scores.border_subtitle = t("score.deals", n=getattr(session.rules, "deals", 2))
        self.refresh_side()
        self.refresh_topbar()
        self.refresh_status()
        self.refresh_bindings()

    def seat_status(self, seat: int, laid: list[int]) -> list[Text | tuple[Text, Text]]:
        """The second line of a seat's panel, in parts: what matters in this family.

        The points on the table come last: a narrow panel drops parts from the front.
        """
        game = self.session.round
        family = self.session.family
        table = [Text(t("panel.table", table=laid[seat]))] if laid[seat] else []
        if isinstance(game, DummyRound):
            if game.born[seat]:
                return [Text(t("panel.born"), Style(bold=True, color="#5fbf5f")), *table]
            return [Text(t("panel.not_born"), Style(dim=True)), *table]
        if family == "persian":
            team = fam.team_of(game, seat)
            style = Style(bold=True, color=TEAM_COLOURS[team])
            parts: list[Text | tuple[Text, Text]] = [
                (Text(t(f"team.{team}"), style), Text(t(f"team.short{team}"), style))
            ]
            if self.viewer is not None and fam.partner_of(game, self.viewer) == seat:
                # the partner mark outlasts the points, which the meld table also shows
                parts.append(Text(t("panel.partner"), Style(bold=True)))
                return parts + [(text, Text()) for text in table]
            return parts + table
        if family == "gin":
            dealer = getattr(game, "dealer", None)
            if seat == dealer:
                return [Text(t("panel.dealer"), Style(dim=True))]
            return [Text(t("panel.non_dealer"), Style(dim=True))]
        laid_cards = getattr(game, "laid", [0] * game.players)[seat]
        if laid_cards:
            return [Text(t("panel.laid", n=laid_cards))]
        return [Text(t("panel.nothing_laid"), Style(dim=True))]

    def meld_headings(self, laid: list[int]) -> list[Text]:
        game = self.session.round
        names = self.session.names
        out = []
        for seat, name in enumerate(names):
            heading = Text()
            heading.append(name, Style(bold=True))
            if fam.has_teams(game):
                team = fam.team_of(game, seat)
                heading.append(f" · {t(f'team.{team}')}", Style(color=TEAM_COLOURS[team]))
            if self.session.family in ("dummy", "persian"):
                heading.append(f"  {t('table.points', points=laid[seat])}", Style(dim=True))
            out.append(heading)
        return out

    def refresh_row(self) -> None:
        game = self.session.round
        row = self.row
        family = self.session.family
        if fam.is_pile(game):
            row.set_pile(game.row)
            row.border_title = t("pile.title", n=len(game.row))
            row.border_subtitle = t("pile.legend")
        elif isinstance(game, DummyRound):
            row.set_pile(None)
            head = game.head if game.head_in_row else None
            row.set_cards(game.row, head, {c for c in game.row if game.is_speto(c)})
            row.border_title = t("row.title", n=len(game.row))
            # the head card's one mark is H: say so when it is a spe-to as well;
            # once it has been picked up, no card carries an H
            if head is None:
                key = "row.legend_no_head"
            elif game.is_speto(head):
                key = "row.legend_head_speto"
            else:
                key = "row.legend"
            row.border_subtitle = t(key, head=head_mark(self.dapp.look.ascii))
        else:
            row.set_pile(None)
            row.set_cards(game.row, None, set())
            row.border_title = t(f"row.title_{family}", n=len(game.row))
            row.border_subtitle = t(f"row.legend_{family}")
        row.highlight = self.highlight

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
        marks = fam.hand_marks(game, seat)
        hand.set_cards(
            seat,
            cards_of(mask),
            marks,
            self.dapp.settings.sort,
            Text(""),
            ace_low=self.session.family in fam.PILE_FAMILIES,
        )
        hand.taken = fam.taken_card(game) if game.seat == seat else None
        hand.border_title = t("hand.title", name=self.session.names[seat], n=mask.bit_count())
        if self.session.family == "gin":
            key = "hand.legend_gin"
            if mask.bit_count() == 11:  # the ^ marks a card taken from the pile, not a draw
                key = "hand.legend_gin_11" if hand.taken is not None else "hand.legend_gin_drawn"
            hand.border_subtitle = t(key, deadwood=fam.gin_deadwood(mask))
        else:
            key = "hand.legend_dummy" if self.session.family == "dummy" else "hand.legend"
            hand.border_subtitle = t(key, meld=meld_mark(self.dapp.look.ascii))

    def refresh_topbar(self) -> None:
        session = self.session
        game = session.round
        family = session.family
        bar = Text()
        bar.append(t(f"top.game_{family}"), Style(bold=True))
        bar.append("  ")
        if family == "persian":
            deals = getattr(session.rules, "deals", 2)
            bar.append(t("top.deal", n=session.round_number, of=deals))
        else:
            bar.append(t("top.round", n=session.round_number))
        bar.append("  ·  ")
        bar.append(t("top.stock", n=len(game.stock)))
        if family == "dummy":
            bar.append("  ·  ")
            seats = [str(i + 1) for i in range(game.players)]
            order = "→".join(seats if game.direction == 1 else seats[::-1])
            key = "top.direction_cw" if game.direction == 1 else "top.direction_ccw"
            bar.append(t(key, order=order))
        elif family == "gin":
            bar.append("  ·  ")
            bar.append(t("top.knock_limit", limit=getattr(session.rules, "knock_limit", 10)))
        elif family == "persian":
            totals = session.match.totals
            for team in (0, 1):
                bar.append("  ·  ")
                bar.append(
                    t(f"team.{team}") + f" {signed(totals[team]) if team < len(totals) else 0}",
                    Style(bold=True, color=TEAM_COLOURS[team]),
                )
        self.query_one("#topbar", Static).update(bar)

    def turn_prompt(self) -> Text:
        """What the player at the table should do now; after a draw, which card it was."""
        prompt = self._turn_prompt()
        game = self.session.round
        card = self.drawn
        if (
            card is not None
            and not game.is_over
            and game.seat == self.viewer
            and game.phase != TAKE
            and game.hands[game.seat] >> card & 1
        ):
            return Text.assemble(fmt("prompt.drew", card=self.dapp.look.text(card)), " ", prompt)
        return prompt

    def _turn_prompt(self) -> Text:
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
        family = session.family
        look = self.dapp.look
        if not isinstance(game, DummyRound):
            top = look.text(game.row[-1]) if game.row else Text("—")
            if family == "gin":
                if game.phase == TAKE:
                    if getattr(game, "offer_stage", 3) < 2:
                        return fmt("prompt.gin_offer", card=top)
                    if getattr(game, "offer_stage", 3) == 2:
                        return fmt("prompt.gin_draw")
                    return fmt("prompt.pile_take", card=top)
                limit = getattr(session.rules, "knock_limit", 10)
                if any(isinstance(a, Knock) for a in game.legal_actions()):
                    return fmt("prompt.gin_knock", limit=limit)
                return fmt("prompt.gin_play", limit=limit)
            if family == "rummy":
                if game.phase == TAKE:
                    return fmt("prompt.pile_take", card=top)
                if game.hands[seat].bit_count() == 1:
                    return fmt("prompt.rummy_last")
                return fmt("prompt.rummy_play")
            if game.phase == TAKE:
                if not game.stock:
                    return fmt("prompt.persian_stock_out")
                if not self.move_possible("pick"):
                    return fmt("prompt.persian_draw")
                return fmt("prompt.persian_take")
            return fmt("prompt.persian_play")
        if game.phase == TAKE:
            if not game.stock:
                return fmt("prompt.take_stock_out")
            if not self.move_possible("pick"):
                if self.first_turn_refusal() is not None:
                    return fmt("prompt.take_first_turn")
                return fmt("prompt.take_draw")
            return fmt("prompt.take")
        if game.must_knock:
            if game.knock_possible(seat):
                return fmt("prompt.must_knock")
            return fmt("prompt.knock_lost")
        if game.hands[seat].bit_count() == 1:
            return fmt("prompt.knock")
        if not game.born[seat]:
            if game.knock_possible(seat):
                return fmt("prompt.play_unborn_knock")
            return fmt("prompt.play_unborn")
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
            if self.message is not None and self.message_is_error:
                self.message = None  # a key refused while others moved: the turn's prompt now
            if seat != self.viewer:
                if len(session.human_seats) > 1:
                    # hide the cards before anything else can be drawn
                    self.viewer = None
                    self.refresh_view()
                    self._busy = True
                    self.app.push_screen(
                        PrivacyScreen(
                            lambda: self.session.names[seat], lambda: self.since_last_turn(seat)
                        ),
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
        self.think(self._ai_token, seat, game.view(seat), game.legal_actions(), len(game.history))

    @work(thread=True, exclusive=True, group="ai")
    def think(self, token: int, seat: int, view: object, legal: list[Action], moves: int) -> None:
        player = self.session.player(seat)  # the AI module loads here, off the UI thread
        action = choose_safely(player, view, legal, moves)
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
        if entry.kind in ("draw", "undo", "end", "round", "pass"):
            return set()
        return set(entry.cards)

    # ------------------------------------------------------------------
    # human moves

    def play(self, action: Action) -> bool:
        """Apply a move of the person at the keyboard; explain a refusal in one line."""
        if not self.my_turn:
            return False
        game = self.session.round
        before = game.hands[game.seat]
        try:
            entry = self.session.apply(action)
        except IllegalMoveError as exc:
            self.say(Text(rule_text(exc, self.dapp.look.ascii)), error=True)
            return False
        new = self.session.round.hands[entry.seat] & ~before
        self.drawn = new.bit_length() - 1 if isinstance(action, Draw) and new else None
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

    MOVES = (
        "draw", "pick", "take", "pass_turn", "meld", "layoff", "discard", "knock", "end_round",
    )  # fmt: skip

    def move_possible(self, action: str) -> bool:
        """Could the person at the keyboard make this kind of move now?"""
        game = self.session.round
        if not self.my_turn or self.row.picking:
            return False
        legal = game.legal_actions()
        pile = fam.is_pile(game)
        if action == "draw":
            return any(isinstance(a, Draw) for a in legal)
        if action == "pick":
            return not pile and any(isinstance(a, Pick | PickLayoff) for a in legal)
        if action == "take":
            return pile and any(isinstance(a, TakeDiscard) for a in legal)
        if action == "pass_turn":
            return any(isinstance(a, Pass) for a in legal)
        if action == "meld":
            return any(isinstance(a, Meld) for a in legal)
        if action == "layoff":
            return any(isinstance(a, LayOff) for a in legal)
        if action == "end_round":
            return any(isinstance(a, End) for a in legal)
        if game.phase == TAKE:
            return False
        n = game.hands[game.seat].bit_count()
        family = self.session.family
        if action == "knock":
            if family == "gin":
                return any(isinstance(a, Knock) for a in legal)
            return family in ("dummy", "rummy") and n == 1
        if family == "dummy":
            return n > 1
        if family == "rummy":
            return n > 1 and any(isinstance(a, Discard) for a in legal)
        return any(isinstance(a, Discard) for a in legal)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        game = self.session.round
        mine = self.my_turn
        if action in self.MOVES:
            return self.move_possible(action)
        if action == "undo":
            return mine and game.can_undo()
        if action == "hint":
            return mine and not self.row.picking
        if action == "sort":
            return self.viewer is not None
        if action == "toggle_scores":
            return self.has_class("-short")
        if action == "instant":
            return not game.is_over and not self.session.is_human(game.seat)
        return True

    QUIET = ("undo", "hint", "instant", "sort")

    def on_key(self, event: events.Key) -> None:
        """A game key that is not available now: say why in one line instead of nothing."""
        if self._busy or self.row.picking:
            return
        found: list[str] = []
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            name = binding.action.split("(")[0]
            if name in self.MOVES or name in self.QUIET:
                if self.check_action(name, ()) is not False:
                    return  # handled by the binding
                found.append(binding.id or name)
        if found:
            event.stop()
            # the key as printed on it ("."), not its name ("full_stop"); with the
            # Thai layout on, the key's own letter ("d", not "ก")
            char = US_LAYOUT.get(event.key, event.character)
            shown = char if char and char.isprintable() and not char.isspace() else event.key
            self.say(self.unavailable(shown, found), error=True)
        elif event.key == "enter" and self.my_turn and not self.session.round.is_over:
            # a player new to the keys may expect Enter to play the chosen card
            event.stop()
            self.say(t("err.enter"))

    SINCE_LINES = 10
    """The most moves the hand-over screen lists."""

    def since_last_turn(self, seat: int) -> list[Text]:
        """What the others did since ``seat``'s last move this round, in words
        (the newest :attr:`SINCE_LINES` moves)."""
        moves: list[LogEntry] = []
        for entry in reversed(self.session.log):
            if entry.kind == "round" or entry.seat == seat or len(moves) == self.SINCE_LINES:
                break
            moves.append(entry)
        moves.reverse()
        return log_lines(moves, self.session.names, self.dapp.look, self.session.family)

    def unavailable(self, key: str, ids: list[str]) -> str:
        """Why the key ``key`` does nothing now (one line)."""
        game = self.session.round
        family = self.session.family
        # the binding this family would use for the key
        binding_id = ids[0]
        for i in ids:
            if (i == "take_top" and fam.is_pile(game)) or (i == "pick" and not fam.is_pile(game)):
                binding_id = i
            if (i == "pass" and family != "dummy") or (i == "end_round" and family == "dummy"):
                binding_id = i
        what = self.key_word(binding_id)
        never = NEVER.get(family, ())
        if binding_id in never:
            why = t(f"why.{family}.{binding_id}")
        elif game.is_over:
            why = t("why.over")
        elif not self.session.is_human(game.seat) or game.seat != self.viewer:
            why = t("why.not_your_turn", name=self.session.names[game.seat])
        elif binding_id == "undo":
            drew = len(game.history) > game.turn_start and isinstance(game.history[-1][1], Draw)
            why = t("why.undo_draw" if drew else "why.nothing_to_undo")
        elif binding_id == "instant":
            why = t("why.no_ai_move")
        elif binding_id in ("meld", "layoff", "discard", "knock") and game.phase == TAKE:
            why = t("why.take_first")
        elif binding_id in ("draw", "pick", "take_top", "pass", "end_round") and game.phase != TAKE:
            why = t("why.already_taken")
        elif binding_id == "draw" and not game.stock:
            why = t("why.stock_empty")
        elif (
            binding_id in ("meld", "layoff")
            and isinstance(game, DummyRound)
            and not game.born[game.seat]
        ):
            why = t("why.dummy.unborn")
        elif (refusal := self.rule_refusal(binding_id)) is not None:
            why = refusal
        else:
            key_name = f"why.{family}.{binding_id}"
            why = t(key_name, limit=getattr(self.session.rules, "knock_limit", 10))
            if why == key_name:
                why = t("why.not_now")
        return t("why.line", k=key, what=what, why=why)

    def rule_refusal(self, binding_id: str) -> str | None:
        """The rule's own reason, where it says more than "not possible now"."""
        if binding_id == "meld":
            return self.meld_refusal()
        if binding_id == "pick":
            return self.first_turn_refusal()
        if binding_id == "layoff":
            return self.layoff_refusal()
        return None

    def layoff_refusal(self) -> str | None:
        """Why the chosen card may not be laid off, when a rule other than the fit refuses."""
        cards = self.hand.chosen
        if len(cards) != 1 or self.session.round.phase == TAKE:
            return None
        targets, refusal = self.layoff_targets(cards[0])
        if targets or refusal is None or refusal.rule == "no_fit":
            return None
        return rule_text(refusal, self.dapp.look.ascii)

    def layoff_targets(self, card: int) -> tuple[list[LayOff], IllegalMoveError | None]:
        """The layoffs of ``card`` the rules allow; with none, the refusal that says most.

        A rule other than the fit (the layoff limit, the layoff chain) says
        more than "does not fit", so it is preferred.
        """
        game = self.session.round
        targets: list[LayOff] = []
        refusals: list[IllegalMoveError] = []
        for target in range(len(game.melds)):
            try:
                game.check(LayOff(card, target))
            except IllegalMoveError as exc:
                refusals.append(exc)
            else:
                targets.append(LayOff(card, target))
        special = [exc for exc in refusals if exc.rule != "no_fit"]
        told = special or refusals
        return targets, told[0] if told else None

    def first_turn_refusal(self) -> str | None:
        """The rule that keeps the round's first turn from picking up, when it applies."""
        game = self.session.round
        if not isinstance(game, DummyRound) or not game.row:
            return None
        try:
            game.check(Pick(game.row[0], ()))
        except IllegalMoveError as exc:
            if exc.rule == "first_turn_must_draw":
                return rule_text(exc, self.dapp.look.ascii)
        return None

    def meld_refusal(self) -> str | None:
        """Why the selected cards cannot be melded, in the rules' words.

        Three or more selected: the rule that refuses them.  Fewer: when the
        hand does hold a meld with them, the rule that refuses it (a limit of
        melds a turn, say), since "no meld in your hand" would be untrue; when
        it does not, that no meld holds the chosen cards.
        """
        cards = sorted(self.hand.selected)
        game = self.session.round
        if len(cards) >= 3:
            tries = [tuple(cards)]
        else:
            rest = [c for c in cards_of(game.hands[game.seat]) if c not in cards]
            tries = [tuple(sorted((*cards, *more))) for more in combinations(rest, 3 - len(cards))]
        for meld in tries:
            try:
                game.check(Meld(meld))
            except IllegalMoveError as exc:
                if len(cards) >= 3 or exc.rule != "not_a_meld":
                    return rule_text(exc, self.dapp.look.ascii)
        if cards:  # one or two chosen, and no meld of the hand holds them
            return t("why.meld_with", cards=self.dapp.look.cards(cards).plain)
        return None

    def action_draw(self) -> None:
        self.play(Draw())

    def action_end_round(self) -> None:
        self.play(End())

    def action_pass_turn(self) -> None:
        self.play(Pass())

    def action_take(self) -> None:
        game = self.session.round
        if game.row:
            self.play(TakeDiscard(game.row[-1]))

    def action_pick(self) -> None:
        if not self.my_turn:
            return
        game = self.session.round
        pickable = {a.card for a in game.legal_actions() if isinstance(a, Pick | PickLayoff)}
        if not pickable:
            self.say(t("err.no_pick"), error=True)
            return
        self.message = None
        hinted = self.hinted
        prefer = hinted.card if isinstance(hinted, Pick | PickLayoff) else None
        self.row.start_picking(pickable, prefer)
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
        if fam.is_pile(game):
            if self.move_possible("take"):
                self.action_take()
            elif self.my_turn:
                self.say(self.unavailable("p", ["take_top"]), error=True)
            return
        if not self.my_turn or game.phase != TAKE:
            if self.my_turn:
                self.say(
                    rule_text(IllegalMoveError("already_taken", t("rule.already_taken"))), True
                )
            return
        card = message.card
        picks = [a for a in game.legal_actions() if isinstance(a, Pick | PickLayoff)]
        options = [a for a in picks if a.card == card]
        if not options and card >= JOKER_BASE:
            # the jokers are interchangeable: a joker meld is made with the joker nearest
            # the top that gives enough of them
            jokers = [a for a in picks if a.card >= JOKER_BASE]
            if jokers:
                depth = game.row.index(card)
                card = min(jokers, key=lambda a: abs(game.row.index(a.card) - depth)).card
                options = [a for a in jokers if a.card == card]
        if not options:
            refusal = game.refusal("pick", (card,))
            if refusal is None:
                self.say(fmt("err.no_pick_card", card=self.dapp.look.text(card)), error=True)
            else:
                self.say(rule_text(refusal, self.dapp.look.ascii), error=True)
            return
        look = self.dapp.look
        taken = game.row[game.row.index(card) :]
        intro = fmt("pick.intro", card=look.text(card), n=len(taken), cards=look.cards(taken))
        hinted = self.hinted
        options.sort(key=lambda a: a != hinted)  # the hint's pick-up first, where Enter takes it
        choices: list[tuple[Text, Action]] = [(action_text(game, a, look), a) for a in options]
        self.clear_message()  # a refusal of another card no longer applies
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
        melds = [a for a in game.legal_actions() if isinstance(a, Meld)]
        options = [a for a in melds if all(c in a.cards for c in cards)]
        if not options and not self.hand.selected:
            # nothing selected and no meld with the card under the cursor: any meld
            options = melds
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
        refusal: IllegalMoveError | None = None
        if not targets:
            targets, refusal = self.layoff_targets(card)
        if not targets:
            if refusal is None:  # no meld on the table
                self.say(rule_text(IllegalMoveError("no_meld", t("rule.no_meld"))), error=True)
            elif refusal.rule == "no_fit":  # no meld at all takes it ("that meld" would puzzle)
                self.say(fmt("err.fits_no_meld", card=self.dapp.look.text(card)), error=True)
            else:
                self.say(rule_text(refusal, self.dapp.look.ascii), error=True)
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
        if self.session.family == "gin":
            self.gin_knock()
            return
        cards = cards_of(self.session.round.hands[self.session.round.seat])
        if len(cards) != 1:
            self.say(t("err.knock_cards"), error=True)
            return
        self.play(Discard(cards[0]))

    def gin_knock(self) -> None:
        """Knock in gin: each possible discard with the deadwood it leaves; confirm one."""
        game = self.session.round
        knocks = [a for a in game.legal_actions() if isinstance(a, Knock)]
        if not knocks:
            return
        hand = game.hands[game.seat]
        look = self.dapp.look
        options: list[tuple[int, Knock]] = []
        for a in knocks:
            dw = fam.gin_deadwood(hand & ~(1 << a.card))
            options.append((dw, a))
        # the least deadwood first, where Enter takes it (a gin above all); among
        # equals, a card the player selected
        picked = self.hand.selected
        options.sort(key=lambda o: (o[0], o[1].card not in picked, o[1].card))
        choices: list[tuple[Text, Action]] = []
        for dw, a in options:
            key = "act.gin_gin" if dw == 0 else "act.gin_knock"
            label = fmt(key, card=look.text(a.card), deadwood=dw)
            label.append("  ")
            label.append_text(gin_layout_text(hand & ~(1 << a.card), look))
            choices.append((label, a))
        self.app.push_screen(
            ChoiceScreen[Action](t("gin.knock_title"), fmt("gin.knock_intro"), choices),
            callback=self._chosen,
        )

    def action_undo(self) -> None:
        if not self.my_turn:
            return
        try:
            self.session.undo()
        except IllegalMoveError as exc:
            self.say(rule_text(exc, self.dapp.look.ascii), error=True)
            return
        self.hand.clear_selection()
        self.message = None
        self.autosave()
        self.refresh_view()

    def action_hint(self) -> None:
        if not self.my_turn:
            return
        task = self.session.hint_task()
        if task is None:
            return
        self._hint_token += 1
        self.say(t("hint.thinking"))
        self.think_hint(self._hint_token, self.session.round, task)

    @work(thread=True, exclusive=True, group="hint")
    def think_hint(self, token: int, game: object, task: HintTask) -> None:
        action = task.run()  # the strongest AI's move: it may think for a moment
        self.app.call_from_thread(self.show_hint, token, game, task.moves, action)

    def show_hint(self, token: int, game: object, moves: int, action: Action) -> None:
        """Show the hint worked out for the position at ``moves``, if it is still that position."""
        current = self.session.round
        if token != self._hint_token or current is not game or len(current.history) != moves:
            return
        if not self.my_turn:
            return
        if isinstance(action, Discard | LayOff | Knock) and action.card in self.hand.cards:
            self.hand.cursor = self.hand.cards.index(action.card)
            self.hand.refresh()
        elif isinstance(action, Meld) and set(action.cards) <= set(self.hand.cards):
            # the meld's cards selected: m then lays it down
            self.hand.selected = set(action.cards)
            self.hand.cursor = self.hand.cards.index(action.cards[0])
            self.hand.refresh()
        self._hinted = (current, moves, action)
        move = action_text(current, action, self.dapp.look)
        why = why_not_pick(current) if isinstance(action, Draw) else None
        self.say(fmt("hint.with_why", move=move, why=why) if why else fmt("hint.text", move=move))

    @property
    def hinted(self) -> Action | None:
        """The move the hint gave, while no move has been made since."""
        game = self.session.round
        if self._hinted is None:
            return None
        round_, moves, action = self._hinted
        return action if round_ is game and moves == len(game.history) else None

    def action_toggle_scores(self) -> None:
        """On a short screen: the scores in place of the game log, or back."""
        self.toggle_class("-scores")
        self.call_after_refresh(self.refresh_side)  # the moves made while the log was hidden

    def action_sort(self) -> None:
        settings = self.dapp.settings
        if not self.hand.forget_order():  # from the person's own order: sorted as before
            settings.sort = "rank" if settings.sort == "suit" else "suit"
            self.dapp.store_settings()
        self.refresh_hand()
        self.say(t(f"sort.{settings.sort}"))

    @on(Hand.Arranged)
    def arranged(self) -> None:
        self.say(t("sort.own"))

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
        self.say(t(fam.export_done_key(self.session.family), path=str(path)))

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
