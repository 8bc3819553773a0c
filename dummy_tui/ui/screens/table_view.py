"""The table's state and how it is shown: the seat panels, the row, the melds,
the hand, the side column (scores and game log), the top bar and the status line.

:class:`TableView` is the base of the table screen (:mod:`.table`): it holds
what the screen knows besides the game (whose cards are shown, what the status
line says) and draws the widgets from the session.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.timer import Timer
from textual.widgets import Static

from dummy_tui.engine.actions import Action, LayOff
from dummy_tui.engine.round import TAKE
from dummy_tui.ui.common import describe_bindings
from dummy_tui.ui.gameapp import GameScreen
from dummy_tui.ui.i18n import language, t
from dummy_tui.ui.presenters import presenter_for
from dummy_tui.ui.presenters.base import BINDING_KINDS
from dummy_tui.ui.session import LogEntry, Session
from dummy_tui.ui.widgets.cards import FRESH_COLOUR, CardStrip
from dummy_tui.ui.widgets.hand import Hand
from dummy_tui.ui.widgets.row import DiscardRow
from dummy_tui.ui.widgets.table import GameLog, MeldTable, PlayerPanel, Scoreboard
from dummy_tui.ui.words import fmt, log_lines

if TYPE_CHECKING:
    pass


class TableView(GameScreen):
    """The table's state, and the widgets drawn from it."""

    def __init__(self, session: Session) -> None:
        super().__init__(id="table")
        self.session = session
        self.presenter = presenter_for(session)
        self.coach = self.presenter.make_coach()
        """The coach's words (what can be done, the question before a risky
        discard, why a hint's move); shown while the coach is on."""
        self.fresh: dict[int, set[int]] = {}
        """Per seat, the cards its last take brought into the hand (marked by the coach)."""
        self.viewer: int | None = None
        self.highlight: set[int] = set()
        self.message: Text | None = None
        self.drawn: int | None = None  # the card the person just drew, told in the prompt
        self.message_is_error = False
        self._ai_token = 0
        self._hint_token = 0  # the hint asked for last: an older one is not shown
        # the moves the coach asked about, each once (the round, its moves then, the move)
        self._asked: list[tuple[object, int, Action]] = []
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
    def hand(self) -> Hand:
        return self.query_one("#hand", Hand)

    @property
    def row(self) -> DiscardRow:
        return self.query_one("#row", DiscardRow)

    @property
    def coach_on(self) -> bool:
        return self.dapp.settings.coach_on

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

    @property
    def shared(self) -> bool:
        """More than one person plays at this keyboard: a hand is shown only on
        its owner's turn (with one person, theirs stays in view)."""
        return len(self.session.human_seats) > 1

    def hide_hand(self) -> None:
        """No hand shown, and nothing said of one (a card drawn, a hint, a refusal)."""
        self.viewer = None
        self.drawn = None
        self.message = None
        self._hinted = None
        self._hint_token += 1  # a hint still thinking is for a turn that is over
        self.hand.clear_selection()

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
        wide = self.has_class("-wide")
        self.hand.large = self.row.large = wide  # four-line cards on a wide screen
        self.row.set_big(wide)

    def localize(self) -> None:
        """The keys' words in the current language, and in the family's own terms."""
        self._place_topbar()
        presenter = self.presenter

        def word(binding: Binding) -> str | None:  # the family's own word for a move
            return presenter.key_word(binding.id) if binding.id in BINDING_KINDS else None

        describe_bindings(self, word)
        describe_bindings(self.hand)
        describe_bindings(self.row)

    def _place_topbar(self) -> None:
        """The top bar on the first line, except in Thai: there it goes under the
        seat panels, as a terminal cannot draw the marks above a Thai line's
        vowels (ดัมมี่ รอบที่ กองจั่ว) on its very first line, and the panels'
        border line, with only the seats' names, takes that line instead."""
        topbar, players = self.query_one("#topbar"), self.query_one("#players")
        if language() == "th":
            self.move_child(topbar, after=players)
        else:
            self.move_child(topbar, before=players)

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
            session.log[self._log_shown : end], session.names, self.dapp.look, self.presenter.key
        )
        for line in lines:
            log.write(line)
        if lines and log.auto_scroll:
            # the newest line in view once the new lines are laid out (a line
            # wrapped at the write may take more room than was reckoned)
            self.call_after_refresh(log.scroll_end, animate=False)
        self._log_shown = end

    def refresh_view(self) -> None:
        session = self.session
        game = session.round
        look = self.dapp.look
        presenter = self.presenter
        totals = session.match.totals
        # the hand first: whenever the viewer changes, the old cards go before anything draws
        self.refresh_hand()
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
                session.names[seat],
                game.hands[seat].bit_count(),
                totals[seat],
                seat == game.to_move,
                kind,
                presenter.seat_status(seat, self.viewer),
                team=presenter.team(seat),
            )
        row = self.row
        presenter.show_row(row, look)
        row.highlight = self.highlight
        self.refresh_melds()
        scores = self.query_one(Scoreboard)
        scores.update_scores(
            session.names,
            [r.scores for r in session.match.results],
            totals,
            session.rules.target_score,
            teams=presenter.teams,
        )
        subtitle = presenter.scores_subtitle()
        if subtitle is not None:
            scores.border_subtitle = subtitle
        self.refresh_side()
        self.query_one("#topbar", Static).update(presenter.topbar())
        self.refresh_status()
        self.refresh_bindings()

    def refresh_melds(self) -> None:
        """The meld area (the melds the chosen card lays off on numbered bright)."""
        game = self.session.round
        targets: set[int] = set()
        card = self.hand.chosen
        if self.my_turn and len(card) == 1:
            targets = {
                a.target
                for a in game.legal_actions()
                if isinstance(a, LayOff) and a.card == card[0]
            }
        melds = self.query_one(MeldTable)
        self.presenter.show_melds(melds, self.dapp.look, self.viewer, self.highlight, targets)

    def refresh_hand(self) -> None:
        game = self.session.round
        hand = self.hand
        seat = self.viewer
        if seat is None:
            hand.fresh = set()  # nothing of the last hand shown stays on the widget
            hand.set_cards(None, [], {}, self.dapp.settings.sort, Text(t("hand.hidden")))
            hand.border_title = t("hand.title_hidden")
            hand.border_subtitle = ""
            return
        mask = game.hands[seat]
        hand.set_cards(
            seat,
            game.hand(seat),
            self.presenter.hand_marks(seat),
            self.dapp.settings.sort,
            Text(""),
            ace_low=game.ace_low,
            avoid=self.coach.avoid(seat),
        )
        # marked from the take to the seat's next turn
        fresh = self.coach_on and not (game.seat == seat and game.phase == TAKE)
        hand.fresh = self.fresh.get(seat, set()) & set(hand.cards) if fresh else set()
        hand.taken = game.taken if game.seat == seat else None
        hand.border_title = fmt("hand.title", name=self.session.names[seat], n=mask.bit_count())
        legend = self.presenter.hand_legend(seat, hand.taken, self.dapp.look)
        if hand.fresh:  # the coach's mark of the cards just taken, named first
            new = Text(f" {t('hand.new')} ", Style(bgcolor=FRESH_COLOUR, color="#ffffff"))
            hand.border_subtitle = Text.assemble(new, " · ", legend)
        else:
            hand.border_subtitle = legend

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
        return self.presenter.prompt(seat, self.dapp.look)

    def refresh_status(self) -> None:
        status = self.query_one("#status", Static)
        text = self.message if self.message is not None else self.turn_prompt()
        status.set_class(self.message is not None and self.message_is_error, "-error")
        status.update(text)
        self.refresh_coach()

    def refresh_coach(self) -> None:
        """The coach's line under the hand: what the person can do now (while
        the coach is on, on their turn)."""
        line = self.query_one("#coach", Static)
        said = None
        if self.coach_on and self.my_turn and not self.row.picking:
            said = self.coach.possible(self.dapp.look)
        line.display = said is not None
        if said is not None:
            line.update(said)

    def say(self, text: Text | str, error: bool = False) -> None:
        self.message = Text(text) if isinstance(text, str) else text
        self.message_is_error = error
        self.refresh_status()

    def clear_message(self) -> None:
        self.message = None
        self.refresh_status()

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
        return log_lines(moves, self.session.names, self.dapp.look, self.presenter.key)
