"""The moves of the person at the keyboard: made from the keys, the row and the
melds, asked about in a dialog where there is a choice, explained in one line
where the rules refuse them; and the hint, worked out in a worker and shown.

:class:`Moves` is held by the table screen (:mod:`.table`) as ``screen.moves``;
a lesson (:mod:`.lesson`) holds its own kind, which checks each move against
the lesson first.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from rich.text import Text

from dummy_tui.engine import actions as act
from dummy_tui.engine.cards import JOKER_BASE, cards_of
from dummy_tui.engine.errors import IllegalMoveError, MoveError
from dummy_tui.i18n import t
from dummy_tui.ui.presenters.base import BINDING_KINDS
from dummy_tui.ui.screens.modals import ChoiceScreen
from dummy_tui.ui.words import action_text, fmt, refusal_text

if TYPE_CHECKING:
    from dummy_tui.ui.screens.table import TableScreen
    from dummy_tui.ui.session import HintTask

ACTION_BINDINGS = {
    "draw": "draw",
    "pick": "pick",
    "take": "take_top",
    "pass_turn": "pass",
    "meld": "meld",
    "layoff": "layoff",
    "discard": "discard",
    "knock": "knock",
    "end_round": "end_round",
    "show": "show",
}
"""The binding id of each move the table's keys make, by the action's name."""

TAKES = (act.Draw, act.Pick, act.PickLayoff, act.TakeDiscard)
"""The moves that bring cards into the hand (the coach marks them)."""


class Moves:
    """The person's moves, checked and applied through the session."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.asked: list[tuple[object, int, act.Action]] = []
        """The moves the coach asked about, each once (the round, its moves then, the move)."""
        self.hint_token = 0
        """The hint asked for last: an older one is not shown."""
        self._hinted: tuple[object, int, act.Action] | None = None
        """The last hint, with its round and the number of moves made then."""

    def forget_hint(self) -> None:
        """No hint shown any more, and none still thinking shown later."""
        self._hinted = None
        self.hint_token += 1

    def play(self, action: act.Action) -> bool:
        """Apply a move of the person at the keyboard; explain a refusal in one line."""
        screen = self.screen
        if not screen.my_turn:
            return False
        game = screen.session.round
        before = game.hands[game.seat]
        try:
            entry = screen.session.submit(action)
        except IllegalMoveError as exc:
            screen.say(refusal_text(exc, screen.dapp.look), error=True)
            return False
        if entry is None:  # sent to the table's host: its answer redraws the table
            screen.highlight = set()
            screen.message = None
            screen.hand.clear_selection()
            screen.refresh_view()
            return True
        new = screen.session.round.hands[entry.seat] & ~before
        screen.drawn = new.bit_length() - 1 if isinstance(action, act.Draw) and new else None
        if isinstance(action, TAKES):
            screen.fresh[entry.seat] = set(cards_of(new))  # marked by the coach until the next take
        screen.highlight = set()
        screen.message = None
        screen.hand.clear_selection()
        screen.turns.autosave()
        game = screen.session.round
        if game.is_over or game.seat != entry.seat:
            screen.turns.advance()
        else:
            screen.refresh_view()
        return True

    def move_possible(self, action: str) -> bool:
        """Could the person at the keyboard make the move of the action ``action`` now?"""
        screen = self.screen
        if not screen.my_turn or screen.row.picking:
            return False
        binding = ACTION_BINDINGS[action]
        if binding == screen.presenter.unused_binding:
            return False
        return screen.presenter.can(BINDING_KINDS[binding])

    def unavailable(self, key: str, ids: list[str]) -> Text:
        """Why the key ``key`` (bound to ``ids``) does nothing now, in one line."""
        screen = self.screen
        hand = screen.hand
        return screen.presenter.unavailable(
            key, ids, screen.viewer, hand.selected, hand.chosen, screen.dapp.look
        )

    def why_line(self, key: str, binding_id: str, refusal: MoveError | None) -> Text:
        """``key — what it does: why not``, for a refusal of the rules."""
        screen = self.screen
        return screen.presenter.why_line(key, binding_id, refusal, None, screen.dapp.look)

    def take(self) -> None:
        game = self.screen.session.round
        if game.discards:
            self.play(act.TakeDiscard(game.discards[-1]))

    def pick(self) -> None:
        screen = self.screen
        if not screen.my_turn:
            return
        game = screen.session.round
        pickable = {
            a.card for a in game.legal_actions() if isinstance(a, act.Pick | act.PickLayoff)
        }
        if not pickable:
            screen.say(self.unavailable("p", ["pick"]), error=True)
            return
        screen.message = None
        hinted = self.hinted
        prefer = hinted.card if isinstance(hinted, act.Pick | act.PickLayoff) else None
        screen.row.start_picking(pickable, prefer)
        screen.refresh_status()
        screen.refresh_bindings()

    def pick_from_row(self, card: int) -> None:
        """Pick up from ``card`` of the row (chosen there): the pick-ups it allows
        offered in a dialog, or why there is none; the pile's top taken (gin)."""
        screen = self.screen
        if not screen.my_turn:
            return
        game = screen.session.round
        if screen.presenter.pile:
            if self.move_possible("take"):
                self.take()
            else:
                screen.say(self.unavailable("p", ["take_top"]), error=True)
            return
        picks = [a for a in game.legal_actions() if isinstance(a, act.Pick | act.PickLayoff)]
        options = [a for a in picks if a.card == card]
        if not options and card >= JOKER_BASE:
            # the jokers are interchangeable: a joker meld is made with the joker nearest
            # the top that gives enough of them
            jokers = [a for a in picks if a.card >= JOKER_BASE]
            if jokers:
                depth = game.discards.index(card)
                card = min(jokers, key=lambda a: abs(game.discards.index(a.card) - depth)).card
                options = [a for a in jokers if a.card == card]
        if not options:
            screen.say(self.why_line("p", "pick", game.refusal("pick", (card,))), error=True)
            return
        look = screen.dapp.look
        taken = game.discards[game.discards.index(card) :]
        intro = fmt("pick.intro", card=look.text(card), n=len(taken), cards=look.cards(taken))
        hinted = self.hinted
        options.sort(key=lambda a: a != hinted)  # the hint's pick-up first, where Enter takes it
        choices: list[tuple[Text, act.Action]] = [(action_text(game, a, look), a) for a in options]
        screen.clear_message()  # a refusal of another card no longer applies
        screen.app.push_screen(
            ChoiceScreen[act.Action](t("pick.title"), intro, choices),
            callback=self._pick_chosen,
        )

    def _pick_chosen(self, action: act.Action | None) -> None:
        screen = self.screen
        screen.row.stop_picking()
        screen.hand.focus()
        if action is not None:
            self.play(action)
        else:
            screen.refresh_status()
            screen.refresh_bindings()

    def meld(self) -> None:
        screen = self.screen
        if not screen.my_turn:
            return
        game = screen.session.round
        cards = screen.hand.chosen
        if len(cards) >= 3:
            self.play(act.Meld(tuple(sorted(cards))))
            return
        melds = [a for a in game.legal_actions() if isinstance(a, act.Meld)]
        options = [a for a in melds if all(c in a.cards for c in cards)]
        if not options and not screen.hand.selected:
            # nothing selected and no meld with the card under the cursor: any meld
            options = melds
        if not options:
            screen.say(self.unavailable("m", ["meld"]), error=True)
        elif len(options) == 1:
            self.play(options[0])
        else:
            self.choose_move(t("meld.title"), options)

    def _chosen(self, action: act.Action | None) -> None:
        if action is not None:
            self.play(action)

    def choose_move(self, title: str, options: Sequence[act.Action]) -> None:
        """Ask which of ``options`` to make, in a dialog titled ``title``."""
        screen = self.screen
        game, look = screen.session.round, screen.dapp.look
        choices = [(action_text(game, a, look), a) for a in options]
        screen.app.push_screen(
            ChoiceScreen[act.Action](title, None, choices), callback=self._chosen
        )

    def one_card(self, refusal: str) -> int | None:
        """The one card chosen for a move of one card on the person's turn; None,
        with ``refusal`` (a catalog key) said on that turn, when not one is chosen."""
        screen = self.screen
        if not screen.my_turn:
            return None
        cards = screen.hand.chosen
        if len(cards) != 1:
            screen.say(t(refusal), error=True)
            return None
        return cards[0]

    def layoff(self) -> None:
        screen = self.screen
        card = self.one_card("err.one_card_layoff")
        if card is None:
            return
        game = screen.session.round
        targets = [a for a in game.legal_actions() if isinstance(a, act.LayOff) and a.card == card]
        if not targets:
            screen.say(self.why_line("f", "layoff", game.refusal("layoff", (card,))), error=True)
            return
        if len(targets) == 1:
            self.play(targets[0])
            return
        self.choose_move(t("layoff.title"), targets)

    def discard(self) -> None:
        card = self.one_card("err.one_card_discard")
        if card is not None and not self.asked_first(act.Discard(card)):
            self.play(act.Discard(card))

    def asked_first(self, action: act.Action) -> bool:
        """With the coach on, a move it would warn about is asked about first,
        once for each card in a position: True when the question is up (its
        answer makes the move or not)."""
        screen = self.screen
        if not screen.coach_on:
            return False
        game = screen.session.round
        asked = (game, len(game.history), action)
        if asked in self.asked:
            return False
        question = screen.coach.question(action, screen.dapp.look)
        if question is None:
            return False
        self.asked.append(asked)
        choices: list[tuple[Text, act.Action | None]] = [
            (question.anyway, action),
            (question.again, None),
        ]

        def answered(chosen: act.Action | None) -> None:
            screen.hand.focus()
            if chosen is not None:
                self.play(chosen)

        screen.app.push_screen(
            ChoiceScreen[act.Action | None](
                question.title, question.why, choices, help=t("coach.ask_help")
            ),
            callback=answered,
        )
        return True

    def knock(self) -> None:
        """Knock (go out): at once with the last card, or after choosing the discard (gin)."""
        screen = self.screen
        if not screen.my_turn:
            return
        game = screen.session.round
        knocks = [a for a in game.legal_actions() if game.kind_of(a) == "knock"]
        if not knocks:
            screen.say(self.unavailable("k", ["knock"]), error=True)
            return
        dialog = screen.presenter.knock_dialog(knocks, screen.hand.selected, screen.dapp.look)
        if dialog is None:
            self.play(knocks[0])
            return
        title, intro, choices = dialog
        screen.app.push_screen(
            ChoiceScreen[act.Action](title, intro, choices), callback=self._chosen
        )

    def undo(self) -> None:
        screen = self.screen
        if not screen.my_turn:
            return
        try:
            screen.session.undo()
        except IllegalMoveError as exc:
            screen.say(self.why_line("u", "undo", exc), error=True)
            return
        screen.hand.clear_selection()
        screen.message = None
        screen.turns.autosave()
        screen.refresh_view()

    def layoff_onto(self, index: int) -> None:
        """Lay off the chosen card onto the meld ``index`` of the table (clicked)."""
        card = self.one_card("err.one_card_layoff")
        if card is None:
            return
        # the legal layoff onto that meld; an ace onto a run 2…K may go at either
        # end (§14.1): the player says which
        game = self.screen.session.round
        onto = [
            a
            for a in game.legal_actions()
            if isinstance(a, act.LayOff) and a.card == card and a.target == index
        ]
        if len(onto) > 1:
            self.choose_move(t("layoff.title_end"), onto)
        else:
            self.play(onto[0] if onto else act.LayOff(card, index))

    def hint(self) -> None:
        """Work out the strongest AI's move for the person (in a worker) and show it."""
        screen = self.screen
        if not screen.my_turn:
            return
        task = screen.session.hint_task()
        if task is None:
            return
        self.hint_token += 1
        screen.say(t("hint.thinking"))
        think = partial(self._think_hint, self.hint_token, screen.session.round, task)
        screen.run_worker(think, thread=True, exclusive=True, group="hint")

    def _think_hint(self, token: int, game: object, task: HintTask) -> None:
        from dummy_tui.ai import AIError

        app = self.screen.app
        try:
            action = task.run()  # the strongest AI's move: it may think for a moment
        except AIError as exc:  # a bug of that AI: logged, and the hint says it has none
            self.screen.session.hint_failed(exc)
            app.call_from_thread(self.show_hint, token, game, task.moves, None)
            return
        app.call_from_thread(self.show_hint, token, game, task.moves, action)

    def show_hint(self, token: int, game: object, moves: int, action: act.Action | None) -> None:
        """Show the hint worked out for the position at ``moves``, if it is still that position."""
        screen = self.screen
        current = screen.session.round
        if token != self.hint_token or current is not game or len(current.history) != moves:
            return
        if not screen.my_turn:
            return
        if action is None:
            screen.say(t("hint.failed"), error=True)
            return
        if (
            isinstance(action, act.Discard | act.LayOff | act.Knock)
            and action.card in screen.hand.cards
        ):
            screen.hand.cursor = screen.hand.cards.index(action.card)
            screen.hand.refresh()
        elif isinstance(action, act.Meld) and set(action.cards) <= set(screen.hand.cards):
            # the meld's cards selected: m then lays it down
            screen.hand.selected = set(action.cards)
            screen.hand.cursor = screen.hand.cards.index(action.cards[0])
            screen.hand.refresh()
        self._hinted = (current, moves, action)
        look = screen.dapp.look
        move = action_text(current, action, look, screen.presenter.key)
        why = screen.coach.explain(action, look)  # every move says why
        screen.say(fmt("hint.with_why", move=move, why=why) if why else fmt("hint.text", move=move))

    @property
    def hinted(self) -> act.Action | None:
        """The move the hint gave, while no move has been made since."""
        game = self.screen.session.round
        if self._hinted is None:
            return None
        round_, moves, action = self._hinted
        return action if round_ is game and moves == len(game.history) else None
