"""The new-game screen's form: the seats, the preset and its options, read
into a set-up and checked; where a value cannot be used, the field at fault.

:class:`NewGameForm` is the base of the new-game screen (:mod:`.new_game`),
which lays the fields out and answers the buttons and keys.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Collapsible, Input, Static

from dummy_tui.families import FAMILIES, HOME
from dummy_tui.i18n import names_for_seats, preset_name, ruleset_problem, t
from dummy_tui.saves import saved_count
from dummy_tui.storage import data_dir
from dummy_tui.ui.gameapp import GameScreen
from dummy_tui.ui.presets import PresetInfo, StartFacts, start_facts
from dummy_tui.ui.screens.form import (
    FormError,
    family_options,
    form_of,
    option_groups,
    option_line,
    preset_keys,
)
from dummy_tui.ui.widgets.choice import Choice

if TYPE_CHECKING:
    from dummy_tui.ui.settings import GameSetup

# This screen is the first one drawn: it reads the presets and the AI levels
# from the start-up cache (see presets.py) and the last set-up as plain data.
# The schema (pydantic) lists the options only when the options section is
# opened, and checks the set-up when a game is started.


class NewGameForm(GameScreen):
    """The form's state, the option lines of a preset, and the set-up read from the fields."""

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
        self.saved = saved_count(data_dir())
        """How many saved games there are (the list of them is a key away)."""
        self._lines_for: str | None = None  # the preset the option lines show
        if ruleset not in self.presets:
            ruleset = next(iter(self.presets))
            self.overrides = {}
        self.ruleset = ruleset
        self.wanted_players = len(self.seats) or 4
        """The number of seats the player chose: browsing the presets keeps it."""

    def preset_options(self) -> list[tuple[str, Hashable]]:
        """The presets, each by its name in the current language."""
        return [(preset_name(name), name) for name in self.presets]

    def family(self) -> str:
        name = str(self.query_one("#ruleset", Choice).value)
        preset = self.presets.get(name)
        return str(preset.family) if preset is not None else HOME

    def player_count(self) -> int:
        value = self.query_one("#players", Choice).value
        return value if isinstance(value, int) else 4

    def options_title(self) -> str:
        """The options section's title: Dummy's are house rules."""
        return t(FAMILIES[self.family()].words.options)

    def show_description(self) -> None:
        name = self.query_one("#ruleset", Choice).value
        family = self.family()
        counts = self.presets[str(name)].player_counts
        words = FAMILIES[family].words
        about = Text(t(words.about))
        # a preset that keeps a family to one number of players it does not
        # already name (gin is for two, Persian for four)
        if len(counts) == 1 and counts != self.facts.family_counts.get(family):
            about.append("  ")
            about.append(
                t("ng.players_fixed", family=t(words.name), counts=counts[0]),
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
            from dummy_tui.rules import RULESET_TYPES, RulesetError, load_rulesets

            try:
                presets = dict(load_rulesets(self.rules_path))
            except RulesetError:
                presets = {HOME: RULESET_TYPES[HOME]()}  # starting says what is wrong
            self._checked = {k: v.model_dump(mode="json") for k, v in presets.items()}
        found = self._checked.get(ruleset)
        if found is None:
            family = self.presets[ruleset].family if ruleset in self.presets else HOME
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
                lines.append(option_line(key, kinds[key], values[key]))
        self._lines_for = ruleset
        await contents.mount_all(lines)

    def show_seats(self, count: int) -> None:
        for i in range(4):
            self.query_one(f"#seat-row-{i}").display = i < count

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

    def collect(self) -> GameSetup:
        """The set-up on the screen; raises ValueError with a message for the player."""
        from dummy_tui.rules import (
            RulesetError,
            apply_overrides,
            get_ruleset,
            parse_option_assignment,
        )
        from dummy_tui.ui.settings import GameSetup, SeatSetup

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
                    raise FormError(ruleset_problem(exc, named=True), f"opt-{key}") from None
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
            raise FormError(ruleset_problem(exc, named=True), at) from None
        lang = str(self.query_one("#lang", Choice).value)
        return GameSetup(
            seats=seats,
            ruleset=ruleset,
            options=options,
            seed=None,
            lang="th" if lang == "th" else "en",
            rules_path=str(self.rules_path) if self.rules_path else None,
        )

    def checked_setup(self) -> GameSetup | None:
        """The set-up on the screen, or None once the player has been told what
        is wrong with it."""
        try:
            return self.collect()
        except ValueError as exc:
            self.show_error(str(exc), exc.field if isinstance(exc, FormError) else None)
            return None

    def show_error(self, message: str, field: str | None) -> None:
        """Say what stops the game from starting, where the player will see it:
        above the buttons, and at the field at fault (focused, so the form
        scrolls to it: at 80×24 the house rules are far below the message)."""
        error = self.query_one("#ng-error", Static)
        error.update(Text(message, style="bold red"))
        error.display = True
        found = self.query(f"#{field}") if field else None
        if found:
            target = found.first()
            target.focus()  # focusing scrolls the field into view …
            # … as the form was laid out: once the message above has its new
            # height, bring the field into view again (at once when it is)
            self.set_timer(0.05, lambda: target.scroll_visible(animate=False))
            self.notify(message, severity="error", timeout=8)
        else:
            self.query_one("#ng-scroll").scroll_home(animate=False)
