"""The new-game screen: seats, preset and its options, target score, language.

Here: the layout, the keys and buttons, the way to the saved games, the texts
in the current language.  The form itself, its option
lines and the set-up read from it, is :mod:`.new_game_form`'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, get_args

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Button, Collapsible, Input, Static

from dummy_tui.families import FAMILIES
from dummy_tui.i18n import LANGS, ai_name, option_name, shown_name, t
from dummy_tui.ui.common import AI_SPEEDS, describe_bindings, nearest_speed
from dummy_tui.ui.screens.form import (
    FormScroll,
    family_options,
    kind_options,
    on_off,
    speed_options,
    value_words,
)
from dummy_tui.ui.screens.new_game_form import NewGameForm
from dummy_tui.ui.widgets.choice import Choice
from dummy_tui.ui.widgets.field import TextField
from dummy_tui.ui.widgets.footer import KeyFooter
from dummy_tui.ui.widgets.number import NumberInput

if TYPE_CHECKING:
    pass


class NewGameScreen(NewGameForm):
    """Set up a match, or start the quick game with one key."""

    AUTO_FOCUS = "#quick"

    # the keys its buttons name (g, Ctrl+S, r) are left out of the footer, so
    # that the others show whole at 80 columns
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("g", "quick", "Quick game", id="quick", show=False),
        Binding("ctrl+s", "start", "Start", id="start", show=False),
        Binding("r", "resume", "Saved games", id="resume", show=False),
        Binding("s", "statistics", "Statistics", id="statistics"),
        Binding("h", "history", "History", id="history"),
        Binding("l", "learn", "Learn to play", id="learn", show=False),
        Binding("o", "host_table", "Host a table", id="host_table", show=False),
        Binding("j", "join_table", "Join a table", id="join_table", show=False),
        Binding("ctrl+l", "language", "ไทย / English", id="language"),
        Binding("escape", "quit", "Quit", id="leave"),
    ]

    def compose(self) -> ComposeResult:
        with FormScroll(id="ng-scroll", can_focus=False):
            yield Static(id="ng-title")
            with Horizontal(id="ng-buttons"):
                # first when there are saved games: it has the focus, so Enter lists them
                yield Button(id="resume", action="screen.resume", variant="warning", compact=True)
                yield Button(id="quick", action="screen.quick", variant="primary", compact=True)
                yield Button(id="start", action="screen.start", variant="success", compact=True)
            # more ways in (a lesson, ...) go in this row, each a button naming its key
            with Horizontal(id="ng-entries"):
                yield Button(id="learn", action="screen.learn", variant="default", compact=True)
                yield Button(
                    id="host-table", action="screen.host_table", variant="default", compact=True
                )
                yield Button(
                    id="join-table", action="screen.join_table", variant="default", compact=True
                )
            yield Static(id="ng-error")
            counts = self.presets[self.ruleset].player_counts
            yield Choice(
                [(str(n), n) for n in counts],
                value=len(self.seats) if len(self.seats) in counts else counts[0],
                label="",
                id="players",
                classes="ng-line",
            )
            for i in range(4):
                name, kind = self.seats[i] if i < len(self.seats) else (None, "normal")
                shown = shown_name(name, i) if name is not None else ai_name(i - 1 if i else 0)
                with Horizontal(classes="ng-line seat", id=f"seat-row-{i}"):
                    yield Choice(
                        kind_options(self.facts.levels),
                        value=kind,
                        label="",
                        id=f"kind-{i}",
                        classes="kind",
                    )
                    yield TextField(
                        value=shown,
                        id=f"name-{i}",
                        classes="name",
                        max_length=16,
                        compact=True,
                    )
            yield Choice(
                self.preset_options(),
                value=self.ruleset,
                label="",
                id="ruleset",
                classes="ng-line",
            )
            yield Static(id="ruleset-desc")
            yield Static(id="family-desc")
            with Horizontal(classes="ng-line"):
                yield Static(id="target-label", classes="ng-label")
                yield NumberInput(id="target", max_length=6, compact=True)
            yield Choice(
                speed_options(),
                value=nearest_speed(self.dapp.prefs.ai_delay),
                label="",
                id="speed",
                classes="ng-line",
            )
            yield Choice(
                [("English", "en"), ("ไทย", "th")],
                value=self.dapp.prefs.lang,
                label="",
                id="lang",
                classes="ng-line",
            )
        yield KeyFooter(show_command_palette=False)

    def on_mount(self) -> None:
        info = self.presets[self.ruleset]
        self.query_one("#target", Input).value = str(
            self.overrides.get(info.length_key, info.length)
        )
        self.refresh_language()
        self.show_seats(self.player_count())
        if self.saved:
            self.set_focus(self.query_one("#resume", Button))  # Enter lists the saved games
        # the options section (below the fold at 80×24) comes a frame later
        self.call_after_refresh(self.add_options_section)

    def saves_changed(self) -> None:
        """The saved games changed (the start finished one, the list deleted one)."""
        before = self.saved
        self.saved = self.dapp.saver.saved_count()
        # not mounted yet (the start finished first): on_mount shows the count
        if self.saved != before and self.is_mounted:
            self.refresh_language()
            resume = self.query_one("#resume", Button)
            if not self.saved and self.focused is resume:
                self.set_focus(self.query_one("#quick", Button))

    def resumable(self) -> bool:
        """There are saved games to list."""
        return self.saved > 0

    def add_options_section(self) -> None:
        """Add the collapsed options section; its lines are made when it is first opened."""
        scroll = self.query_one("#ng-scroll")
        if scroll.is_attached and not self.query("#house"):  # not while the app closes
            scroll.mount(Collapsible(id="house", collapsed=True, title=self.options_title()))

    def refresh_language(self) -> None:
        describe_bindings(self)
        self.query_one("#ng-title", Static).update(Text(t("ng.title"), style="bold"))
        self.query_one("#quick", Button).label = t("ng.quick")
        self.query_one("#learn", Button).label = t("ng.learn")
        self.query_one("#host-table", Button).label = t("ng.host_table")
        self.query_one("#join-table", Button).label = t("ng.join_table")
        self.query_one("#start", Button).label = t("ng.start")
        self.query_one("#resume", Button).label = t("ng.saved_games", n=self.saved)
        self.query_one("#resume", Button).display = self.resumable()
        for button in self.query("#ng-buttons Button, #ng-entries Button").results(Button):
            button.refresh(layout=True)  # a label of another length: the width follows
        self.query_one("#players", Choice).label = t("ng.players")
        ruleset = self.query_one("#ruleset", Choice)
        ruleset.label = t("ng.ruleset")
        current = ruleset.value
        ruleset.set_options(self.preset_options())
        ruleset.value = current
        # the match's length: a target score, or (Persian rummy) a number of deals
        self.query_one("#target-label", Static).update(
            t("ng.deals" if self.presets[self.ruleset].length_key == "deals" else "ng.target")
        )
        speed = self.query_one("#speed", Choice)
        speed.label = t("ng.speed")
        current = speed.value
        speed.set_options(speed_options())
        speed.value = current
        lang = self.query_one("#lang", Choice)
        lang.label = t("ng.language")
        if (
            lang.value != self.dapp.prefs.lang
        ):  # changed with ctrl+l: the row shows the language in use
            lang.value = self.dapp.prefs.lang
        family = self.family()
        for house in self.query("#house").results(Collapsible):
            house.title = self.options_title()
        options = kind_options(self.facts.levels)
        for i in range(4):
            name = self.query_one(f"#name-{i}", Input)
            name.value = shown_name(name.value, i)  # the game's own names only
            select = self.query_one(f"#kind-{i}", Choice)
            # a family played in teams names each seat's team (ng.seat_persian)
            seat = FAMILIES[family].words.seat
            select.label = t(seat, n=i + 1, team=t(f"team.{i % 2}"))
            current = select.value
            select.set_options(options)
            select.value = current
        for doc in self.query(".opt-doc").results(Static):
            doc.update(t(f"opt.{doc.name}"))
        for title in self.query(".opt-name").results(Static):
            title.update(option_name(title.name or ""))
        for heading in self.query(".opt-group").results(Static):
            heading.update(t(f"optgroup.{heading.name}"))
        for switch in self.query(".opt-bool").results(Choice):
            switch.set_options(on_off())
        kinds = family_options(self.family()) if self._lines_for else {}
        for field in self.query(".opt-words").results(Choice):
            key = (field.id or "").removeprefix("opt-")
            if key in kinds:
                current = field.value
                field.set_options(value_words(key, get_args(kinds[key])))
                field.value = current
        self.show_description()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return self.resumable()
        return True

    @on(Collapsible.Expanded, "#house")
    async def house_opened(self, event: Collapsible.Expanded) -> None:
        await self.show_options()
        # An opened Collapsible scrolls itself into view after the next refresh, which
        # can come before its lines are mounted (then only its title is shown); once
        # they are, its top comes into view whatever the timing was.
        event.collapsible.call_after_refresh(event.collapsible.scroll_visible)

    @on(Choice.Changed, "#players")
    def players_changed(self, event: Choice.Changed) -> None:
        if isinstance(event.value, int):
            if event.by_player:
                self.wanted_players = event.value  # what browsing the presets comes back to
            self.show_seats(event.value)
            self.follow_kinds()

    @on(Choice.Changed, ".kind")
    def kind_changed(self, event: Choice.Changed) -> None:
        seat = event.choice.id or ""
        self.follow_kinds(int(seat[5:]) if seat.startswith("kind-") else None)

    @on(Choice.Changed, "#speed")
    def speed_changed(self, event: Choice.Changed) -> None:
        """How long an AI move stays on screen: a setting of the game, kept at once."""
        index = event.value if isinstance(event.value, int) else 2
        self.dapp.prefs.settings.ai_delay = AI_SPEEDS[index]
        self.dapp.prefs.store()

    @on(Choice.Changed, "#ruleset")
    async def ruleset_changed(self, event: Choice.Changed) -> None:
        name = str(event.value)
        if name == self.ruleset:
            return
        self.ruleset = name
        self.overrides = {}
        self.query_one("#target", Input).value = str(self.presets[name].length)
        self.query_one("#target-label", Static).update(
            t("ng.deals" if self.presets[name].length_key == "deals" else "ng.target")
        )
        house = self.query("#house").results(Collapsible)
        section = next(house, None)
        if section is None or section.collapsed:
            self._lines_for = None
            if section is not None:
                await section.query_one(Collapsible.Contents).remove_children()
        else:
            await self.show_options()
        # the seats the player set up stay (hidden, with their kinds and names):
        # a preset for fewer shows fewer, and one that allows them all shows them again
        counts = self.presets[name].player_counts
        players = self.query_one("#players", Choice)
        wanted = self.wanted_players
        players.set_options([(str(n), n) for n in counts])
        players.value = wanted if wanted in counts else min(counts, key=lambda n: abs(n - wanted))
        self.show_seats(self.player_count())
        self.refresh_language()

    @on(Choice.Changed, "#lang")
    def lang_changed(self, event: Choice.Changed) -> None:
        if event.value in LANGS and event.value != self.dapp.prefs.lang:
            self.dapp.set_language(str(event.value))

    def action_start(self) -> None:
        setup = self.checked_setup()
        if setup is not None:
            self.dapp.start_game(setup)

    def action_quick(self) -> None:
        from dummy_tui.ui.settings import quick_setup

        setup = quick_setup(t("seat.you"))
        setup = setup.model_copy(
            update={
                "lang": self.dapp.prefs.lang,
                "seed": self.dapp.fixed_seed,
                "rules_path": str(self.rules_path) if self.rules_path else None,
            }
        )
        self.dapp.start_game(setup)

    def action_resume(self) -> None:
        if self.resumable():
            self.dapp.show_saved()

    def action_statistics(self) -> None:
        self.dapp.show_stats()

    def action_learn(self) -> None:
        """The guided first game: its lessons over this screen (Escape comes back)."""
        self.dapp.show_lessons()

    def action_host_table(self) -> None:
        """Host this set-up's table from this window (see :mod:`online`)."""
        from dummy_tui.ui.screens.modals import ChoiceScreen
        from dummy_tui.ui.screens.online import host_here

        setup = self.checked_setup()
        if setup is None:
            return
        choices = [
            (Text(t("online.this_machine_only")), False),
            (Text(t("online.my_network")), True),
        ]

        def chosen(everyone: bool | None) -> None:
            if everyone is not None:
                self.run_worker(host_here(self.dapp, setup, everyone), group="online")

        self.app.push_screen(
            ChoiceScreen(t("online.host_title"), Text(t("online.host_intro")), choices), chosen
        )

    def action_join_table(self) -> None:
        """Join a friend's table from this window (see :mod:`online`)."""
        from dummy_tui.net.remote import parse_address
        from dummy_tui.ui.screens.online import JoinScreen, sit_at

        def chosen(answer: tuple[str, str] | None) -> None:
            if answer is None:
                return
            address, name = answer
            try:
                url, code = parse_address(address)
            except ValueError:
                self.show_error(t("online.bad_address", address=address), None)
                return
            self.run_worker(sit_at(self.dapp, url, code, name or t("seat.you")), group="online")

        self.app.push_screen(JoinScreen(t("seat.you")), chosen)

    def action_history(self) -> None:
        self.dapp.show_history()

    def action_language(self) -> None:
        self.dapp.toggle_language()

    def action_quit(self) -> None:
        self.app.exit()
