"""The saved games: every match saved in the data folder, the last played
first, each with what it is (preset, seats and their totals, the round, when
it was last played); Enter resumes one, Delete deletes one once the player
says yes, Escape goes back.

A match another window is playing is shown as such, and can be neither
resumed nor deleted here (that window holds its lock); one saved by a newer
version of the game is shown, and left for that version.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from dummy_tui.i18n import preset_name, shown_name, t
from dummy_tui.ui.common import describe_bindings, signed
from dummy_tui.ui.gameapp import GameScreen
from dummy_tui.ui.widgets.footer import KeyFooter

if TYPE_CHECKING:
    from dummy_tui.ui.saved import SavedMatch


def played_text(moment: float) -> str:
    """When a match was last played, as the player's clock reads it, to the minute."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(moment))


def saved_text(match: SavedMatch) -> Text:
    """A saved match in the list: its preset, round and last play on the
    first line; its seats with their totals on the second; what stands in
    the way of resuming it, if anything, on a third."""
    out = Text()
    save = match.save
    if save is not None:
        out.append(preset_name(save.setup.ruleset), style="bold")
        out.append(" · " + t("saves.round", n=match.round))
    else:
        out.append(match.path.name, style="bold")
    out.append(" · " + t("saves.played", when=played_text(match.played)), style="dim")
    if save is not None:
        out.append("\n  ")
        totals = save.totals if save.totals is not None else [None] * len(save.setup.seats)
        for i, (seat, total) in enumerate(zip(save.setup.seats, totals, strict=False)):
            if i:
                out.append(" · ", style="dim")
            out.append(shown_name(seat.name, i))
            if total is not None:
                out.append(f" {signed(total)}")
    if match.busy:
        out.append("\n  " + t("saves.busy"), style="bold")
    elif match.newer:
        out.append("\n  " + t("saves.newer"), style="dim")
    elif match.problem is not None:
        out.append("\n  " + t("saves.damaged", problem=match.problem), style="dim")
    return out


class SavedGamesScreen(GameScreen):
    """The saved matches, to resume or delete one."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("delete,d", "delete", "Delete", id="delete_save"),
        Binding("escape", "back", "Back", id="back"),
        Binding("q", "back", "Back", id="back_q", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(id="saved-games")
        self.matches: list[SavedMatch] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="saves-box"):
            yield Static(id="saves-note")
            yield OptionList(id="saves-list")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.read()
        self.query_one(OptionList).focus()

    def read(self) -> None:
        """The saved matches as they are now (another window may have changed them)."""
        self.matches = self.dapp.saver.saved_matches()
        self.refresh_language()

    def saves_changed(self) -> None:
        # before the mount, on_mount reads them (the start may finish first); once the
        # app closes, the screen's widgets may already be gone
        if self.is_mounted and self.query("#saves-box"):
            self.read()

    def refresh_language(self) -> None:
        describe_bindings(self)
        box = self.query_one("#saves-box")
        box.border_title = t("saves.title", n=len(self.matches))
        note = self.query_one("#saves-note", Static)
        note.update(Text(t("saves.hint" if self.matches else "saves.empty"), style="dim"))
        options = self.query_one(OptionList)
        highlighted = options.highlighted
        options.clear_options()
        for i, match in enumerate(self.matches):
            if i:
                options.add_option(None)  # a line between two games
            options.add_option(Option(saved_text(match), id=match.uid))
        options.display = bool(self.matches)
        if self.matches:
            wanted = 0 if highlighted is None else min(highlighted, len(self.matches) - 1)
            options.highlighted = wanted
        self.refresh_bindings()

    def chosen(self) -> SavedMatch | None:
        options = self.query_one(OptionList)
        if options.highlighted is None:
            return None
        uid = options.get_option_at_index(options.highlighted).id
        return next((m for m in self.matches if m.uid == uid), None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "delete":
            return bool(self.matches)
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        match = self.chosen()
        if match is None:
            return
        if match.busy:
            self.notify(t("save.busy"), severity="warning")
        elif match.newer:
            self.notify(t("save.newer_here"), severity="warning")
        elif not self.dapp.resume(match.uid):
            self.read()  # set aside, finished or taken meanwhile: the list as it is now

    def action_delete(self) -> None:
        from dummy_tui.ui.screens.modals import ChoiceScreen

        match = self.chosen()
        if match is None:
            return
        if match.busy:
            self.notify(t("save.busy"), severity="warning")
            return
        intro = saved_text(match)
        if match.newer:
            intro.append("\n\n" + t("saves.delete_newer"))
        choices = [(Text(t("saves.delete_no")), False), (Text(t("saves.delete_yes")), True)]

        def answered(yes: bool | None) -> None:
            if yes and self.dapp.saver.delete_saved(match.uid):
                self.notify(t("save.deleted"))
            self.read()

        self.app.push_screen(
            ChoiceScreen[bool](t("saves.delete_title"), intro, choices), callback=answered
        )

    def action_back(self) -> None:
        self.dismiss(None)
        refresh = getattr(self.app.screen, "saves_changed", None)
        if callable(refresh):
            refresh()
