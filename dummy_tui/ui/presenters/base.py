"""What every family shows alike, and the hooks where one family differs.

A presenter turns the round in play (and, at the round end, the finished
round and its score) into the words, marks and tables of one family: the
seat panels, the top bar, the turn prompt, the row or pile, the hand's legend,
the meld area, the score breakdown.  :class:`~dummy_tui.ui.screens.table.TableScreen`
and :class:`~dummy_tui.ui.screens.round_end.RoundEndScreen` lay the screens
out and ask their presenter what goes in them; nothing above the presenters
tests a family's name.  A presenter reads its own family's round (``DummyRound``,
``GinRound``, ...) and, for everything else, the one round API.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from rich.style import Style
from rich.table import Table
from rich.text import Text

from dummy_tui.engine.actions import Action
from dummy_tui.engine.cards import cards_of, sort_key_suit, sort_key_suit_low
from dummy_tui.engine.errors import IllegalMoveError, MoveError
from dummy_tui.engine.round import Round
from dummy_tui.families import FAMILIES
from dummy_tui.i18n import preset_name, t
from dummy_tui.textwidth import ljust_cells
from dummy_tui.ui.common import signed
from dummy_tui.ui.session import Session, next_start
from dummy_tui.ui.widgets.hand import LAYOFF, MELD, meld_mark
from dummy_tui.ui.words import fmt, fmt_about, name_text, refusal_text, start_text

if TYPE_CHECKING:
    from dummy_tui.engine.match import RoundResult
    from dummy_tui.ui.cardtext import CardLook
    from dummy_tui.ui.coach import Coach
    from dummy_tui.ui.widgets.row import DiscardRow
    from dummy_tui.ui.widgets.table import MeldTable

G = TypeVar("G", bound=Round[Any])

TEAM_COLOURS = ("#4aa3df", "#e0a030")

BINDING_KINDS = {
    "draw": "draw",
    "pick": "pick",
    "take_top": "pick",
    "meld": "meld",
    "layoff": "layoff",
    "discard": "discard",
    "knock": "knock",
    "end_round": "end",
    "pass": "pass",
    "show": "show",
}
"""The kind of move (see ``Round.kinds``) each move key of the table makes, by binding id."""

StatusPart = Text | tuple[Text, Text]
"""A part of a seat panel's second line: a text, or (full, short) forms."""


def score_item(key: str) -> Text:
    """An item's name with its Thai term beside it (once, when the language is Thai)."""
    out = Text(t(f"item.{key}"))
    thai = t(f"term.{key}")
    if thai and thai not in out.plain:
        out.append(f" {thai}", Style(dim=True))
    return out


def score_table(columns: list[str]) -> Table:
    """The breakdown's table: a column of items, then one per seat or team.

    The items take five parts of the width to a seat's two: at 80 columns
    with four seats an item and its Thai term ("Fall (hand points ×) ตกตึก")
    still fit on one line, and a seat keeps room for a ten-letter name.  A
    longer item wraps rather than lose its end.
    """
    table = Table(expand=True, show_edge=False, pad_edge=False)
    table.add_column("", overflow="fold", ratio=5)
    for name in columns:
        table.add_column(name, justify="right", overflow="ellipsis", no_wrap=True, ratio=2)
    return table


def add_item(table: Table, key: str, cells: list[str], always: bool = False) -> None:
    """One item of the breakdown; left out when no seat has anything for it."""
    if always or any(c not in ("", "0", "—") for c in cells):
        table.add_row(score_item(key), *cells)


def add_total(table: Table, totals: Sequence[int], key: str = "round_total") -> None:
    table.add_section()
    table.add_row(
        Text(t(f"item.{key}"), Style(bold=True)),
        *(Text(signed(v), Style(bold=True)) for v in totals),
    )


PILE_WORDS = {
    # the coach's words on a card the next seat wants: from a pile it is taken
    # (the top card, at once), not picked up from the row with cards of a meld
    "coach.why_feeds_layoff": "coach.why_take_layoff",
    "coach.why_feeds_sure": "coach.why_take_sure",
    "coach.why_feeds": "coach.why_take",
}
"""The catalog keys a family whose discards are a pile (``pile``) words its own way."""


class Presenter(Generic[G]):
    """One family's words and marks; the shared ones are written here."""

    family: ClassVar[str] = ""
    pile: ClassVar[bool] = False
    """The discards are a pile of which only the top card can be taken (p takes it)."""
    teams: ClassVar[bool] = False
    """The seats play in teams: seats 0 and 2 against 1 and 3."""
    table_points: ClassVar[bool] = False
    """The points each seat laid on the table are shown (they count at the round end)."""
    melds_on_table: ClassVar[bool] = True
    """Melds are laid on the table as the round goes (gin's are laid only at the
    knock: its meld area shows one person's own hand arranged)."""
    WORDS: ClassVar[dict[str, str]] = {}
    """Catalog keys this family words its own way (basic rummy's knock goes out)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    @property
    def help_anchor(self) -> str | None:
        """Text in the heading of the family's section of the help: the name of
        the family's own preset in the language (None: the first section)."""
        return preset_name(self.family)

    @property
    def game(self) -> G:
        """The round in play."""
        return cast(G, self.session.round)

    def key(self, key: str) -> str:
        """The family's own catalog key for ``key``."""
        if key in self.WORDS:
            return self.WORDS[key]
        return PILE_WORDS.get(key, key) if self.pile else key

    def key_word(self, binding_id: str) -> str:
        """What a key of the table does, in words."""
        return t(self.key(f"key.{binding_id}"))

    def binding_for(self, ids: list[str]) -> str:
        """Of the bindings on one key, the one this family uses: p picks up from
        the row or takes the top of a pile; o ends the round or passes."""
        unused = self.unused_binding
        usable = [i for i in ids if i != unused] or ids
        for i in usable:
            if BINDING_KINDS.get(i) in self.game.kinds:
                return i
        return usable[0]

    @property
    def unused_binding(self) -> str:
        """The binding of p this family never uses."""
        return "pick" if self.pile else "take_top"

    def take_plan(self, card: int) -> int | None:
        """In how many turns the seat to move goes out by taking ``card`` from
        the pile, where its next draws are known and taking goes out sooner
        than drawing (None: the family never knows its draws, or it is not
        sooner)."""
        return None

    # ------------------------------------------------------------------
    # the seats

    def team(self, seat: int) -> int | None:
        """The team colour of ``seat``'s panel (None: no teams)."""
        return self.game.team_of(seat) if self.teams else None

    def seat_status(self, seat: int, viewer: int | None) -> list[StatusPart]:
        """The second line of a seat's panel, in parts (see ``PlayerPanel``)."""
        return []

    def laid(self) -> list[int]:
        """Points each seat has laid on the table, where the family shows them."""
        game = self.game
        return game.table_points() if self.table_points else [0] * game.players

    def meld_headings(self) -> list[Text]:
        """Each seat's heading over its melds: the name, the team, the points laid."""
        names = self.session.names
        laid = self.laid()
        out = []
        for seat, name in enumerate(names):
            heading = Text()
            heading.append(name, Style(bold=True))
            team = self.team(seat)
            if team is not None:
                heading.append(f" · {t(f'team.{team}')}", Style(color=TEAM_COLOURS[team]))
            if self.table_points:
                heading.append(f"  {t('table.points', points=laid[seat])}", Style(dim=True))
            out.append(heading)
        return out

    # ------------------------------------------------------------------
    # the table

    def topbar(self) -> Text:
        """The line over the table: the game by its preset's name (a money game
        says so: "Dummy for money"), the round, the stock, and the family's own."""
        bar = Text()
        bar.append(preset_name(self.session.setup.ruleset), Style(bold=True))
        bar.append("  ")
        bar.append(self.round_label())
        bar.append("  ·  ")
        bar.append(t("top.stock", n=len(self.game.stock)))
        for part in self.topbar_parts():
            bar.append("  ·  ")
            bar.append_text(part)
        return bar

    def round_label(self) -> str:
        return t("top.round", n=self.session.round_number)

    def topbar_parts(self) -> list[Text]:
        return []

    def scores_subtitle(self) -> str | None:
        """The scoreboard's subtitle when it is not the target score."""
        return None

    def show_melds(
        self,
        table: MeldTable,
        look: CardLook,
        viewer: int | None,
        highlight: set[int],
        targets: set[int],
    ) -> None:
        """The meld area: every meld on the table, under its owner's heading (or
        what the family's :meth:`show_layout` draws there instead)."""
        if self.show_layout(table, look, viewer):
            return
        table.border_title = t("table.title")
        names = self.session.names
        headings = self.meld_headings()
        table.update_table(
            self.game.melds, names, headings, look, highlight, targets, self.speto_cards()
        )

    def show_layout(self, table: MeldTable, look: CardLook, viewer: int | None) -> bool:
        """Fill the meld area with the family's own layout; False where it shows the melds."""
        return False

    def speto_cards(self) -> frozenset[int]:
        """Cards on the table marked as spe-to."""
        return frozenset()

    def show_row(self, row: DiscardRow, look: CardLook) -> None:
        """The discards: a pile of which the top shows, or the whole row."""
        game = self.game
        if self.pile:
            row.set_pile(game.discards)
            row.border_title = t("pile.title", n=len(game.discards))
            row.border_subtitle = t("pile.legend")
            return
        row.set_pile(None)
        row.set_cards(game.discards, None, set())
        words = FAMILIES[self.family].words
        row.border_title = t(words.row_title, n=len(game.discards))
        row.border_subtitle = t(words.row_legend)

    def hand_marks(self, seat: int) -> dict[int, set[str]]:
        """Cards of ``seat`` that make a meld in hand or lay off onto the table."""
        game = self.game
        mask = game.hands[seat]
        marks: dict[int, set[str]] = {}
        for m in game.hand_melds(mask):
            for c in cards_of(m):
                marks.setdefault(c, set()).add(MELD)
        for c in cards_of(mask):
            if game.fits_table(c, seat):
                marks.setdefault(c, set()).add(LAYOFF)
        return marks

    def hand_legend(self, seat: int, taken: int | None, look: CardLook) -> str:

        return t("hand.legend", meld=meld_mark(look.ascii))

    def unavailable(
        self,
        key: str,
        ids: list[str],
        viewer: int | None,
        selected: set[int],
        chosen: list[int],
        look: CardLook,
    ) -> Text:
        """Why the key ``key`` (bound to ``ids``) does nothing now, in one line,
        for the person at the keyboard (``viewer``) with these cards selected and
        chosen (the selection, or the card under the cursor).

        A move's reason is the rules' own (``Round.refusal``), for the cards it
        would move; what only the table knows (whose turn it is, that no AI move
        is being shown) is the table's.
        """
        game = self.game
        binding_id = self.binding_for(ids)
        kind = BINDING_KINDS.get(binding_id)
        refusal: MoveError | None = None
        why: Text | None = None
        if game.is_over or (kind is not None and kind not in game.kinds):
            # the round over, or a move the family does not have: whoever's turn it is
            refusal = game.refusal(kind or "draw")
        elif binding_id == "instant":
            why = Text(t("why.no_ai_move"))
        elif not self.session.is_human(game.seat) or game.seat != viewer:
            why = Text(t("why.not_your_turn", name=self.session.names[game.seat]))
        elif binding_id == "undo":
            refusal = game.undo_refusal()
        elif kind is not None:
            cards: tuple[int, ...] = ()
            if kind == "meld":  # the cards selected for it
                cards = tuple(sorted(selected))
            elif kind in ("layoff", "discard") and len(chosen) == 1:
                cards = tuple(chosen)
            refusal = game.refusal(kind, cards)
        return self.why_line(key, binding_id, refusal, why, look)

    def why_line(
        self,
        key: str,
        binding_id: str,
        refusal: MoveError | None,
        why: Text | None,
        look: CardLook,
    ) -> Text:
        """``key — what it does: why not``."""
        if refusal is not None:
            why = refusal_text(refusal, look)
        elif why is None:
            why = refusal_text(IllegalMoveError("not_now"), look)
        return fmt("why.line", k=key, what=self.key_word(binding_id), why=why)

    def can(self, kind: str) -> bool:
        """Is an action of ``kind`` legal now?"""
        game = self.game
        return any(game.kind_of(a) == kind for a in game.legal_actions())

    def play_moves(self) -> str:
        """The moves of the play phase that can be made now, in words with their
        keys ("Meld (m), lay off (f), discard (x)"): only those that can."""
        parts = [t(f"prompt.move_{kind}") for kind in ("meld", "layoff") if self.can(kind)]
        parts.append(t("prompt.move_discard_after" if parts else "prompt.move_discard"))
        text = t("prompt.move_join").join(parts)
        return text[:1].upper() + text[1:]

    def prompt(self, seat: int, look: CardLook) -> Text:
        """What the person at the keyboard, whose turn it is, should do now."""
        raise NotImplementedError

    def knock_dialog(
        self, knocks: list[Action], selected: set[int], look: CardLook
    ) -> tuple[str, Text, list[tuple[Text, Action]]] | None:
        """A dialog to choose among the knocks (title, intro, choices); None
        when the one knock is made at once."""
        return None

    def make_coach(self) -> Coach:
        """The family's coach (:mod:`dummy_tui.ui.coach`), reading this presenter's round."""
        from dummy_tui.ui.coach import Coach

        return Coach(self)

    def hint_why(self, action: Action) -> str | None:
        """Why the hint passes what the player may have expected (None: nothing to say)."""
        return None

    # ------------------------------------------------------------------
    # the round end

    def headline(self, game: G, result: RoundResult, look: CardLook) -> Text:
        """How the round ended, in a line or two."""
        raise NotImplementedError

    def breakdown(self, game: G, result: RoundResult) -> Table:
        """Every item of each seat's (or team's) score, then the round's total."""
        raise NotImplementedError

    shows_last_turn: ClassVar[bool] = True
    """The round end lists the moves of the knocker's last turn."""

    def layout(self, game: G, look: CardLook) -> Text | None:
        """What was laid out at the end, before the hands (gin's knock)."""
        return None

    def hands_heading(self, game: G) -> str:
        return t("end.hands")

    def hand_cards(self, game: G, seat: int, look: CardLook) -> Text:
        """The cards ``seat`` holds at the end, in the family's order."""
        key = sort_key_suit_low if game.ace_low else sort_key_suit
        return look.cards(sorted(cards_of(game.hands[seat]), key=key))

    def totals(self, over: bool) -> Text:
        """The match totals, highest first, and what the keys do next."""
        match = self.session.match
        names = self.session.names
        out = Text(t("end.totals", target=self.session.rules.target_score), Style(bold=True))
        order = sorted(range(len(names)), key=lambda s: -match.totals[s])
        for seat in order:
            out.append(f"\n  {ljust_cells(names[seat], 16)} {signed(match.totals[seat]):>6}")
        out.append("\n\n")
        if not over:
            # who starts the next round, and why (the rule; a fool's reversal)
            session = self.session
            previous = session.finished[-1] if session.finished else session.round
            entry = next_start(match.starter, match.direction, previous)
            out.append_text(fmt("end.next", why=start_text(entry, names, self.key)))
            out.append("\n")
        out.append(t("end.after_match") if over else t(self.key("end.continue")))
        return out

    def match_result(self) -> Text:
        """Who won the match, once it is over."""
        names = self.session.names
        winner = self.session.match.winner
        if winner is None:
            return fmt("end.tie")
        return fmt_about("end.winner", names[winner], name=name_text(names[winner]))
