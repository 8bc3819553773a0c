"""The new-game screen: seats, preset and its options, target score, language."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, get_args

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Collapsible, Footer, Input, Static
from textual.worker import get_current_worker

from dummy_tui.ui.common import AI_SPEEDS, describe_bindings, nearest_speed
from dummy_tui.ui.i18n import (
    LANGS,
    ai_name,
    has,
    names_for_seats,
    option_name,
    preset_name,
    shown_name,
    t,
)
from dummy_tui.ui.presets import PresetInfo, StartFacts, start_facts
from dummy_tui.ui.screens.form import (
    FormError,
    FormScroll,
    family_options,
    form_of,
    kind_options,
    on_off,
    option_field,
    option_groups,
    preset_keys,
    speed_options,
    value_words,
)
from dummy_tui.ui.storage import save_path
from dummy_tui.ui.widgets.choice import Choice
from dummy_tui.ui.widgets.number import NumberInput

if TYPE_CHECKING:
    from dummy_tui.ui.app import DummyApp
    from dummy_tui.ui.settings import GameSetup

# This screen is the first one drawn: it reads the presets and the AI levels
# from the start-up cache (see presets.py) and the last set-up as plain data.
# The schema (pydantic) lists the options only when the options section is
# opened, and checks the set-up when a game is started.


class NewGameScreen(Screen[None]):
    """Set up a match, or start the quick game with one key."""

    AUTO_FOCUS = "#quick"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("g", "quick", "Quick game", id="quick"),
        Binding("ctrl+s", "start", "Start", id="start"),
        Binding("r", "resume", "Resume", id="resume"),
        Binding("s", "statistics", "Statistics", id="statistics"),
        Binding("h", "history", "History", id="history"),
        Binding("ctrl+l", "language", "ไทย / English", id="language"),
        Binding("escape", "quit", "Quit", id="leave"),
    ]

    def __init__(
        self,
        setup: GameSetup | Mapping[str, Any] | None = None,
        rules_path: Path | None = None,
    ) -> None:
        super().__init__()
        self.facts: StartFacts = start_facts(rules_path)
        self.seats, ruleset, self.overrides = form_of(setup, self.facts.levels)
        self.rules_path = rules_path
        self.presets: dict[str, PresetInfo] = self.facts.presets
        self._checked: dict[str, dict[str, Any]] | None = None
        self.save_problem: str | None = None
        """Why the saved game cannot be resumed, once a check found it damaged."""
        self._save_checked = False  # the whole check (the match rebuilt) has answered
        self._lines_for: str | None = None  # the preset the option lines show
        if ruleset not in self.presets:
            ruleset = next(iter(self.presets))
            self.overrides = {}
        self.ruleset = ruleset

    @property
    def dapp(self) -> DummyApp:
        from dummy_tui.ui.app import DummyApp

        assert isinstance(self.app, DummyApp)
        return self.app

    # ------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with FormScroll(id="ng-scroll", can_focus=False):
            yield Static(id="ng-title")
            with Horizontal(id="ng-buttons"):
                # first when there is a saved game: it has the focus, so Enter resumes
                yield Button(id="resume", variant="warning", compact=True)
                yield Button(id="quick", variant="primary", compact=True)
                yield Button(id="start", variant="success", compact=True)
            yield Static(id="ng-save")  # a saved game that cannot be resumed
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
                    yield Input(
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
                value=nearest_speed(self.dapp.settings.ai_delay),
                label="",
                id="speed",
                classes="ng-line",
            )
            yield Choice(
                [("English", "en"), ("ไทย", "th")],
                value=self.dapp.lang,
                label="",
                id="lang",
                classes="ng-line",
            )
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        info = self.presets[self.ruleset]
        self.query_one("#target", Input).value = str(
            self.overrides.get(info.length_key, info.length)
        )
        self.refresh_language()
        self.show_seats(self.player_count())
        if self.dapp.has_save():
            # A save that is not even a save of this version is told at once; one
            # that is, is rebuilt in the background, as resuming would rebuild it.
            problem = self.dapp.quick_save_problem()
            if problem is not None:
                self.show_damaged_save(problem)
            else:
                self.set_focus(self.query_one("#resume", Button))  # Enter resumes the saved game
                self.run_worker(self._check_save, thread=True, group="save", exit_on_error=False)
        # the options section (below the fold at 80×24) comes a frame later
        self.call_after_refresh(self.add_options_section)

    def _check_save(self) -> None:
        problem = self.dapp.save_problem()
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(self.save_checked, problem)

    def save_checked(self, problem: str | None) -> None:
        """The saved game was rebuilt: resumable (None), or not and why."""
        self._save_checked = True
        if problem is not None and self.is_attached:
            self.show_damaged_save(problem)

    def show_damaged_save(self, problem: str) -> None:
        """Say that the saved game cannot be resumed and what a new game does
        with it, instead of offering it."""
        self.save_problem = problem
        resume = self.query_one("#resume", Button)
        if self.focused is resume:
            self.set_focus(self.query_one("#quick", Button))
        resume.display = False
        line = self.query_one("#ng-save", Static)
        line.update(self._damaged_text())
        line.display = True
        self.refresh_bindings()

    def _damaged_text(self) -> Text:
        path = str(save_path())
        return Text(t("ng.save_damaged", problem=self.save_problem or "", path=path))

    def resumable(self) -> bool:
        """A saved game is there, and no check found it damaged."""
        return self.save_problem is None and self.dapp.has_save()

    def add_options_section(self) -> None:
        """Add the collapsed options section; its lines are made when it is first opened."""
        scroll = self.query_one("#ng-scroll")
        if scroll.is_attached and not self.query("#house"):  # not while the app closes
            scroll.mount(Collapsible(id="house", collapsed=True, title=self.options_title()))

    def options_title(self) -> str:
        """The options section's title: Dummy's are house rules."""
        own = f"ng.options_{self.family()}"
        return t(own if has(own) else "ng.options")

    def refresh_language(self) -> None:
        describe_bindings(self)
        self.query_one("#ng-title", Static).update(Text(t("ng.title"), style="bold"))
        self.query_one("#quick", Button).label = t("ng.quick")
        self.query_one("#start", Button).label = t("ng.start")
        self.query_one("#resume", Button).label = t("ng.resume")
        self.query_one("#resume", Button).display = self.resumable()
        if self.save_problem is not None:
            self.query_one("#ng-save", Static).update(self._damaged_text())
        for button in self.query("#ng-buttons Button").results(Button):
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
        if lang.value != self.dapp.lang:  # changed with ctrl+l: the row shows the language in use
            lang.value = self.dapp.lang
        family = self.family()
        for house in self.query("#house").results(Collapsible):
            house.title = self.options_title()
        options = kind_options(self.facts.levels)
        for i in range(4):
            name = self.query_one(f"#name-{i}", Input)
            name.value = shown_name(name.value, i)  # the game's own names only
            select = self.query_one(f"#kind-{i}", Choice)
            # a family played in teams names each seat's team (ng.seat_persian)
            own = f"ng.seat_{family}"
            select.label = t(own if has(own) else "ng.seat", n=i + 1, team=t(f"team.{i % 2}"))
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

    def preset_options(self) -> list[tuple[str, Hashable]]:
        """The presets, each by its name in the current language."""
        return [(preset_name(name), name) for name in self.presets]

    def family(self) -> str:
        name = str(self.query_one("#ruleset", Choice).value)
        preset = self.presets.get(name)
        return str(preset.family) if preset is not None else "dummy"

    def player_count(self) -> int:
        value = self.query_one("#players", Choice).value
        return value if isinstance(value, int) else 4

    def show_description(self) -> None:
        name = self.query_one("#ruleset", Choice).value
        family = self.family()
        counts = self.presets[str(name)].player_counts
        about = Text(t(f"family.{family}"))
        # a preset that keeps a family to one number of players it does not
        # already name (gin is for two, Persian for four)
        if len(counts) == 1 and counts != self.facts.family_counts.get(family):
            about.append("  ")
            about.append(
                t("ng.players_fixed", family=t(f"top.game_{family}"), counts=counts[0]),
                style="bold",
            )
        self.query_one("#family-desc", Static).update(about)
        self.query_one("#ruleset-desc", Static).update(
            Text(
                t(f"preset.{name}")
                if f"preset.{name}" in preset_keys()
                else str(self.presets[str(name)].description),
                style="dim",
            )
        )

    def preset_values(self, ruleset: str) -> dict[str, Any]:
        """Every option of a preset, checked by the schema (its defaults filled in)."""
        if self._checked is None:
            from dummy_tui.rules import DummyRules, RulesetError, load_rulesets

            try:
                presets = dict(load_rulesets(self.rules_path))
            except RulesetError:
                presets = {"dummy": DummyRules()}  # starting says what is wrong
            self._checked = {k: v.model_dump(mode="json") for k, v in presets.items()}
        found = self._checked.get(ruleset)
        if found is None:
            from dummy_tui.rules import RULESET_TYPES

            family = self.presets[ruleset].family if ruleset in self.presets else "dummy"
            found = RULESET_TYPES[family]().model_dump(mode="json")
        return dict(found)

    async def show_options(self) -> None:
        """Make the option lines of the chosen preset (once the section is open)."""
        ruleset = str(self.query_one("#ruleset", Choice).value)
        if self._lines_for == ruleset:
            return
        contents = self.query_one("#house", Collapsible).query_one(Collapsible.Contents)
        await contents.remove_children()
        values = {**self.preset_values(ruleset), **self.overrides}
        family = self.presets[ruleset].family
        kinds = family_options(family)
        lines: list[Widget] = []
        for group, keys in option_groups(family):
            shown = [k for k in keys if k in values]
            if group is not None and shown:
                lines.append(Static(t(f"optgroup.{group}"), classes="opt-group", name=group))
            for key in shown:
                doc = Static(t(f"opt.{key}"), classes="opt-doc", id=f"doc-{key}", name=key)
                lines.append(
                    Horizontal(
                        option_field(key, kinds[key], values[key]),
                        Vertical(
                            Horizontal(
                                Static(option_name(key), classes="opt-name", name=key),
                                # the key only where a person types it
                                Static(f"--options {key}=…", classes="opt-key"),
                                classes="opt-head",
                            ),
                            doc,
                            classes="opt-text",
                        ),
                        classes="opt-line",
                        id=f"optline-{key}",
                    )
                )
        self._lines_for = ruleset
        await contents.mount_all(lines)

    @on(Collapsible.Expanded, "#house")
    async def house_opened(self) -> None:
        await self.show_options()

    def show_seats(self, count: int) -> None:
        for i in range(4):
            self.query_one(f"#seat-row-{i}").display = i < count

    @on(Choice.Changed, "#players")
    def players_changed(self, event: Choice.Changed) -> None:
        if isinstance(event.value, int):
            self.show_seats(event.value)
            self.follow_kinds()

    @on(Choice.Changed, ".kind")
    def kind_changed(self, event: Choice.Changed) -> None:
        seat = event.choice.id or ""
        self.follow_kinds(int(seat[5:]) if seat.startswith("kind-") else None)

    def follow_kinds(self, changed: int | None = None) -> None:
        """The names the game gave follow the seats' kinds: an AI is never "You"."""
        inputs = [self.query_one(f"#name-{i}", Input) for i in range(4)]
        humans = [self.query_one(f"#kind-{i}", Choice).value == "human" for i in range(4)]
        names = names_for_seats(
            [x.value.strip() for x in inputs], humans, self.player_count(), changed
        )
        for box, name in zip(inputs, names, strict=True):
            if box.value.strip() != name:
                box.value = name

    @on(Choice.Changed, "#speed")
    def speed_changed(self, event: Choice.Changed) -> None:
        """How long an AI move stays on screen: a setting of the game, kept at once."""
        index = event.value if isinstance(event.value, int) else 2
        self.dapp.settings.ai_delay = AI_SPEEDS[index]
        self.dapp.store_settings()

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
        counts = self.presets[name].player_counts
        players = self.query_one("#players", Choice)
        current = self.player_count()
        players.set_options([(str(n), n) for n in counts])
        players.value = current if current in counts else counts[-1]
        self.show_seats(self.player_count())
        self.refresh_language()

    @on(Choice.Changed, "#lang")
    def lang_changed(self, event: Choice.Changed) -> None:
        if event.value in LANGS and event.value != self.dapp.lang:
            self.dapp.set_language(str(event.value))

    @on(Button.Pressed, "#quick")
    def quick_pressed(self) -> None:
        self.action_quick()

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#resume")
    def resume_pressed(self) -> None:
        self.action_resume()

    # ------------------------------------------------------------------

    def collect(self) -> GameSetup:
        """The set-up on the screen; raises ValueError with a message for the player."""
        from dummy_tui.rules import (
            RulesetError,
            apply_overrides,
            get_ruleset,
            parse_option_assignment,
        )
        from dummy_tui.ui.settings import GameSetup, SeatSetup
        from dummy_tui.ui.words import ruleset_problem

        count = self.query_one("#players", Choice).value
        assert isinstance(count, int)
        seats: list[SeatSetup] = []
        for i in range(count):
            kind = self.query_one(f"#kind-{i}", Choice).value
            name = self.query_one(f"#name-{i}", Input).value.strip() or t("ng.seat", n=i + 1)
            if any(s.name.casefold() == name.casefold() for s in seats):
                # the log and the scores would not tell them apart
                raise FormError(t("ng.same_name", name=name, n=i + 1), f"name-{i}")
            if kind == "human":
                seats.append(SeatSetup(name=name, human=True))
            else:
                seats.append(SeatSetup(name=name, level=str(kind)))
        ruleset = str(self.query_one("#ruleset", Choice).value)
        preset = self.preset_values(ruleset)
        options: dict[str, Any] = {}
        shown = self._lines_for == ruleset
        for key in family_options(self.family()):
            found = self.query(f"#opt-{key}") if shown else None
            field = found.first() if found else None
            if isinstance(field, Choice):
                value = field.value
            elif isinstance(field, Input):
                text = field.value.strip()
                try:
                    _, value = parse_option_assignment(f"{key}={text}")
                except RulesetError as exc:
                    raise FormError(ruleset_problem(exc), f"opt-{key}") from None
            elif key in self.overrides:
                value = self.overrides[key]
            else:
                continue
            if value != preset.get(key):
                options[key] = value
        target_text = self.query_one("#target", Input).value.strip()
        length = self.presets[ruleset].length_key
        try:
            target = int(target_text)
        except ValueError:
            bad = "ng.bad_deals" if length == "deals" else "ng.bad_target"
            raise FormError(t(bad, value=target_text), "target") from None
        if target != preset.get(length):
            options[length] = target
        try:
            preset_rules = get_ruleset(ruleset, self.rules_path)
        except RulesetError as exc:
            raise ValueError(str(exc)) from None  # the rules file: its name, key and fault
        try:
            apply_overrides(preset_rules, options, source=t("ng.ruleset"))
        except RulesetError as exc:
            # this form's house rules (or the target score): the field at fault
            at = {None: "", length: "target"}.get(exc.option, f"opt-{exc.option}")
            raise FormError(ruleset_problem(exc), at) from None
        lang = str(self.query_one("#lang", Choice).value)
        return GameSetup(
            seats=seats,
            ruleset=ruleset,
            options=options,
            seed=None,
            lang="th" if lang == "th" else "en",
            rules_path=str(self.rules_path) if self.rules_path else None,
        )

    def action_start(self) -> None:
        try:
            setup = self.collect()
        except ValueError as exc:
            self.show_error(str(exc), exc.field if isinstance(exc, FormError) else None)
            return
        self.replace_save_then_start(setup)

    def show_error(self, message: str, field: str | None) -> None:
        """Say what stops the game from starting, where the player will see it:
        above the buttons, and at the field at fault (focused, so the form
        scrolls to it: at 80×24 the house rules are far below the message)."""
        self.query_one("#ng-error", Static).update(Text(message, style="bold red"))
        found = self.query(f"#{field}") if field else None
        if found:
            found.first().focus()  # focusing scrolls the field into view
            self.notify(message, severity="error", timeout=8)
        else:
            self.query_one("#ng-scroll").scroll_home(animate=False)

    def replace_save_then_start(self, setup: GameSetup) -> None:
        """Start ``setup``; with a match saved, first ask: the new game takes its place.

        A saved match that cannot be resumed is set aside (kept under another
        name), not asked about and written over.
        """
        if not self.dapp.has_save():
            self.dapp.start_game(setup)
            return
        problem = self.save_problem
        if problem is None and not self._save_checked:  # the check has not answered yet
            problem = self.dapp.save_problem()
        if problem is not None:
            self.dapp.set_damaged_save_aside(problem)
            self.dapp.start_game(setup)
            return
        from dummy_tui.ui.screens.modals import ChoiceScreen

        summary = self.dapp.save_summary()
        intro = Text(t("ng.replace_intro"))
        if summary is not None:
            intro = Text.assemble((summary, "bold"), "\n", intro)
        choices = [
            (Text(t("ng.replace_resume")), "resume"),
            (Text(t("ng.replace_new")), "new"),
            (Text(t("ng.replace_back")), "back"),
        ]

        def answered(answer: str | None) -> None:
            if answer == "new":
                self.dapp.start_game(setup)
            elif answer == "resume":
                self.dapp.resume()

        self.app.push_screen(
            ChoiceScreen[str](t("ng.replace_title"), intro, choices), callback=answered
        )

    def action_quick(self) -> None:
        from dummy_tui.ui.settings import quick_setup

        setup = quick_setup(t("seat.you"))
        setup = setup.model_copy(
            update={
                "lang": self.dapp.lang,
                "seed": self.dapp.fixed_seed,
                "rules_path": str(self.rules_path) if self.rules_path else None,
            }
        )
        self.replace_save_then_start(setup)

    def action_resume(self) -> None:
        if self.resumable():
            self.dapp.resume()

    def action_statistics(self) -> None:
        self.dapp.show_stats()

    def action_history(self) -> None:
        self.dapp.show_history()

    def action_language(self) -> None:
        self.dapp.toggle_language()

    def action_quit(self) -> None:
        self.app.exit()
