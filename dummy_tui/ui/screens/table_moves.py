"""The moves of the person at the keyboard: made from the keys, the row and the
melds, asked about in a dialog where there is a choice, explained in one line
where the rules refuse them; and the hint's move shown.

:class:`TableMoves` is a layer of the table screen (:mod:`.table`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from dummy_tui.engine import actions as act
from dummy_tui.engine.cards import JOKER_BASE, cards_of
from dummy_tui.engine.errors import IllegalMoveError, MoveError
from dummy_tui.ui.i18n import t
from dummy_tui.ui.presenters.base import BINDING_KINDS
from dummy_tui.ui.screens.modals import ChoiceScreen
from dummy_tui.ui.screens.table_turns import TableTurns
from dummy_tui.ui.words import action_text, fmt, refusal_text

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


class TableMoves(TableTurns):
    """The person's moves, checked and applied through the session."""

    def play(self, action: act.Action) -> bool:
        """Apply a move of the person at the keyboard; explain a refusal in one line."""
        if not self.my_turn:
            return False
        game = self.session.round
        before = game.hands[game.seat]
        try:
            entry = self.session.apply(action)
        except IllegalMoveError as exc:
            self.say(refusal_text(exc, self.dapp.look), error=True)
            return False
        new = self.session.round.hands[entry.seat] & ~before
        self.drawn = new.bit_length() - 1 if isinstance(action, act.Draw) and new else None
        if isinstance(action, TAKES):
            self.fresh[entry.seat] = set(cards_of(new))  # marked by the coach until the next take
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

    def move_possible(self, action: str) -> bool:
        """Could the person at the keyboard make the move of the action ``action`` now?"""
        if not self.my_turn or self.row.picking:
            return False
        binding = ACTION_BINDINGS[action]
        if binding == self.presenter.unused_binding:
            return False
        return self.presenter.can(BINDING_KINDS[binding])

    def unavailable(self, key: str, ids: list[str]) -> Text:
        """Why the key ``key`` (bound to ``ids``) does nothing now, in one line."""
        hand = self.hand
        return self.presenter.unavailable(
            key, ids, self.viewer, hand.selected, hand.chosen, self.dapp.look
        )

    def why_line(self, key: str, binding_id: str, refusal: MoveError | None) -> Text:
        """``key — what it does: why not``, for a refusal of the rules."""
        return self.presenter.why_line(key, binding_id, refusal, None, self.dapp.look)

    def action_draw(self) -> None:
        self.play(act.Draw())

    def action_end_round(self) -> None:
        self.play(act.End())

    def action_show(self) -> None:
        self.play(act.SHOW)

    def action_pass_turn(self) -> None:
        self.play(act.Pass())

    def action_take(self) -> None:
        game = self.session.round
        if game.row:
            self.play(act.TakeDiscard(game.row[-1]))

    def action_pick(self) -> None:
        if not self.my_turn:
            return
        game = self.session.round
        pickable = {
            a.card for a in game.legal_actions() if isinstance(a, act.Pick | act.PickLayoff)
        }
        if not pickable:
            self.say(self.unavailable("p", ["pick"]), error=True)
            return
        self.message = None
        hinted = self.hinted
        prefer = hinted.card if isinstance(hinted, act.Pick | act.PickLayoff) else None
        self.row.start_picking(pickable, prefer)
        self.refresh_status()
        self.refresh_bindings()

    def pick_from_row(self, card: int) -> None:
        """Pick up from ``card`` of the row (chosen there): the pick-ups it allows
        offered in a dialog, or why there is none; the pile's top taken (gin)."""
        if not self.my_turn:
            return
        game = self.session.round
        if self.presenter.pile:
            if self.move_possible("take"):
                self.action_take()
            else:
                self.say(self.unavailable("p", ["take_top"]), error=True)
            return
        picks = [a for a in game.legal_actions() if isinstance(a, act.Pick | act.PickLayoff)]
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
            self.say(self.why_line("p", "pick", game.refusal("pick", (card,))), error=True)
            return
        look = self.dapp.look
        taken = game.row[game.row.index(card) :]
        intro = fmt("pick.intro", card=look.text(card), n=len(taken), cards=look.cards(taken))
        hinted = self.hinted
        options.sort(key=lambda a: a != hinted)  # the hint's pick-up first, where Enter takes it
        choices: list[tuple[Text, act.Action]] = [(action_text(game, a, look), a) for a in options]
        self.clear_message()  # a refusal of another card no longer applies
        self.app.push_screen(
            ChoiceScreen[act.Action](t("pick.title"), intro, choices),
            callback=self._pick_chosen,
        )

    def _pick_chosen(self, action: act.Action | None) -> None:
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
            self.play(act.Meld(tuple(sorted(cards))))
            return
        melds = [a for a in game.legal_actions() if isinstance(a, act.Meld)]
        options = [a for a in melds if all(c in a.cards for c in cards)]
        if not options and not self.hand.selected:
            # nothing selected and no meld with the card under the cursor: any meld
            options = melds
        if not options:
            self.say(self.unavailable("m", ["meld"]), error=True)
        elif len(options) == 1:
            self.play(options[0])
        else:
            self.choose_move(t("meld.title"), options)

    def _chosen(self, action: act.Action | None) -> None:
        if action is not None:
            self.play(action)

    def choose_move(self, title: str, options: Sequence[act.Action]) -> None:
        """Ask which of ``options`` to make, in a dialog titled ``title``."""
        game, look = self.session.round, self.dapp.look
        choices = [(action_text(game, a, look), a) for a in options]
        self.app.push_screen(ChoiceScreen[act.Action](title, None, choices), callback=self._chosen)

    def one_card(self, refusal: str) -> int | None:
        """The one card chosen for a move of one card on the person's turn; None,
        with ``refusal`` (a catalog key) said on that turn, when not one is chosen."""
        if not self.my_turn:
            return None
        cards = self.hand.chosen
        if len(cards) != 1:
            self.say(t(refusal), error=True)
            return None
        return cards[0]

    def action_layoff(self) -> None:
        card = self.one_card("err.one_card_layoff")
        if card is None:
            return
        game = self.session.round
        targets = [a for a in game.legal_actions() if isinstance(a, act.LayOff) and a.card == card]
        if not targets:
            self.say(self.why_line("f", "layoff", game.refusal("layoff", (card,))), error=True)
            return
        if len(targets) == 1:
            self.play(targets[0])
            return
        self.choose_move(t("layoff.title"), targets)

    def action_discard(self) -> None:
        card = self.one_card("err.one_card_discard")
        if card is not None and not self.asked_first(act.Discard(card)):
            self.play(act.Discard(card))

    def asked_first(self, action: act.Action) -> bool:
        """With the coach on, a move it would warn about is asked about first,
        once for each card in a position: True when the question is up (its
        answer makes the move or not)."""
        if not self.coach_on:
            return False
        game = self.session.round
        asked = (game, len(game.history), action)
        if asked in self._asked:
            return False
        question = self.coach.question(action, self.dapp.look)
        if question is None:
            return False
        self._asked.append(asked)
        choices: list[tuple[Text, act.Action | None]] = [
            (question.anyway, action),
            (question.again, None),
        ]

        def answered(chosen: act.Action | None) -> None:
            self.hand.focus()
            if chosen is not None:
                self.play(chosen)

        self.app.push_screen(
            ChoiceScreen[act.Action | None](
                question.title, question.why, choices, help=t("coach.ask_help")
            ),
            callback=answered,
        )
        return True

    def action_knock(self) -> None:
        """Knock (go out): at once with the last card, or after choosing the discard (gin)."""
        if not self.my_turn:
            return
        game = self.session.round
        knocks = [a for a in game.legal_actions() if game.kind_of(a) == "knock"]
        if not knocks:
            self.say(self.unavailable("k", ["knock"]), error=True)
            return
        dialog = self.presenter.knock_dialog(knocks, self.hand.selected, self.dapp.look)
        if dialog is None:
            self.play(knocks[0])
            return
        title, intro, choices = dialog
        self.app.push_screen(ChoiceScreen[act.Action](title, intro, choices), callback=self._chosen)

    def action_undo(self) -> None:
        if not self.my_turn:
            return
        try:
            self.session.undo()
        except IllegalMoveError as exc:
            self.say(self.why_line("u", "undo", exc), error=True)
            return
        self.hand.clear_selection()
        self.message = None
        self.autosave()
        self.refresh_view()

    def show_hint(self, token: int, game: object, moves: int, action: act.Action | None) -> None:
        """Show the hint worked out for the position at ``moves``, if it is still that position."""
        current = self.session.round
        if token != self._hint_token or current is not game or len(current.history) != moves:
            return
        if not self.my_turn:
            return
        if action is None:
            self.say(t("hint.failed"), error=True)
            return
        if (
            isinstance(action, act.Discard | act.LayOff | act.Knock)
            and action.card in self.hand.cards
        ):
            self.hand.cursor = self.hand.cards.index(action.card)
            self.hand.refresh()
        elif isinstance(action, act.Meld) and set(action.cards) <= set(self.hand.cards):
            # the meld's cards selected: m then lays it down
            self.hand.selected = set(action.cards)
            self.hand.cursor = self.hand.cards.index(action.cards[0])
            self.hand.refresh()
        self._hinted = (current, moves, action)
        look = self.dapp.look
        move = action_text(current, action, look, self.presenter.key)
        why = self.coach.explain(action, look)  # every move says why
        self.say(fmt("hint.with_why", move=move, why=why) if why else fmt("hint.text", move=move))

    @property
    def hinted(self) -> act.Action | None:
        """The move the hint gave, while no move has been made since."""
        game = self.session.round
        if self._hinted is None:
            return None
        round_, moves, action = self._hinted
        return action if round_ is game and moves == len(game.history) else None
