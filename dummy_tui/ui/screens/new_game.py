"""The new-game screen: seats, preset and its options, target score, language."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Collapsible, Footer, Input, Label, Select, Static

from dummy_tui.rules import DummyRules, RulesetError, get_ruleset, load_rulesets
from dummy_tui.rules.loader import parse_option_assignment
from dummy_tui.rules.schema import Ruleset
from dummy_tui.ui.common import localize_bindings
from dummy_tui.ui.i18n import LANGS, t
from dummy_tui.ui.settings import GameSetup, SeatSetup, quick_setup

if TYPE_CHECKING:
    from dummy_tui.ui.app import DummyApp

AI_LEVELS = ("easy", "normal", "hard", "random")
HOUSE_OPTIONS = (
    "speto_points",
    "knock_points",
    "speto_knock_points",
    "dark_knock_multiplier",
    "one_suit_knock_multiplier",
    "layoff_knock_bonus",
    "unborn_hand_multiplier",
    "fool_penalty",
    "fool_reverses_direction",
    "head_card_points",
    "head_card_speto_points",
    "burn_two_player",
    "pickup_to_layoff",
    "first_turn_must_draw",
    "layoff_chain",
    "layoff_limit",
    "penalty_discard_layoff",
    "penalty_discard_row_meld",
    "penalty_feed_head",
    "penalty_feed_speto",
)
FAMILY_OPTIONS: dict[str, tuple[str, ...]] = {
    "dummy": HOUSE_OPTIONS,
    "rummy": ("melds_per_turn", "rummy_multiplier"),
    "gin": (
        "knock_limit",
        "gin_bonus",
        "undercut_bonus",
        "undercut_on_tie",
        "zero_sum_scores",
        "wall",
    ),
    "persian": ("joker_points", "out_bonus", "deals"),
}
"""The options each family's presets show on this screen, in this order."""
ALL_OPTIONS = tuple(dict.fromkeys(k for keys in FAMILY_OPTIONS.values() for k in keys))
DEFAULT_NAMES = ("Somchai", "Malee", "Niran", "Pim")


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    return json.dumps(value)


class NewGameScreen(Screen[None]):
    """Set up a match, or start the quick game with one key."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("g", "quick", "Quick game", id="quick"),
        Binding("ctrl+s", "start", "Start", id="start"),
        Binding("r", "resume", "Resume", id="resume"),
        Binding("ctrl+l", "language", "ไทย / English", id="language"),
        Binding("escape", "quit", "Quit", id="quit"),
    ]

    def __init__(self, setup: GameSetup | None = None, rules_path: Path | None = None) -> None:
        super().__init__(id="new-game")
        self.setup = setup or quick_setup()
        self.rules_path = rules_path
        try:
            self.presets: dict[str, Ruleset] = dict(load_rulesets(rules_path))
        except RulesetError:
            self.presets = {"dummy": DummyRules()}
        self._kind_wanted = {
            i: ("human" if s.human else s.level) for i, s in enumerate(self.setup.seats)
        }
        if self.setup.ruleset not in self.presets:
            self.setup = self.setup.model_copy(update={"ruleset": next(iter(self.presets))})

    @property
    def dapp(self) -> DummyApp:
        from dummy_tui.ui.app import DummyApp

        assert isinstance(self.app, DummyApp)
        return self.app

    # ------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        setup = self.setup
        with VerticalScroll(id="ng-scroll"):
            yield Static(id="ng-title")
            with Horizontal(id="ng-buttons"):
                yield Button(id="quick", variant="primary", compact=True)
                yield Button(id="start", variant="success", compact=True)
                yield Button(id="resume", compact=True)
            yield Static(id="ng-error")
            with Horizontal(classes="ng-line"):
                yield Label(id="players-label", classes="ng-label")
                counts = self.presets[setup.ruleset].player_counts
                yield Select(
                    [(str(n), n) for n in counts],
                    value=len(setup.seats) if len(setup.seats) in counts else counts[0],
                    allow_blank=False,
                    compact=True,
                    id="players",
                )
            for i in range(4):
                seat = setup.seats[i] if i < len(setup.seats) else None
                with Horizontal(classes="ng-line seat", id=f"seat-row-{i}"):
                    yield Label(classes="ng-label seat-label")
                    yield Select(
                        kind_options(),
                        value=self._kind_wanted.get(i, "normal"),
                        allow_blank=False,
                        compact=True,
                        id=f"kind-{i}",
                        classes="kind",
                    )
                    yield Input(
                        value=seat.name if seat else DEFAULT_NAMES[i - 1 if i else 0],
                        id=f"name-{i}",
                        classes="name",
                        max_length=16,
                        compact=True,
                    )
            with Horizontal(classes="ng-line"):
                yield Label(id="ruleset-label", classes="ng-label")
                yield Select(
                    [(name, name) for name in self.presets],
                    value=setup.ruleset,
                    allow_blank=False,
                    compact=True,
                    id="ruleset",
                )
            yield Static(id="ruleset-desc")
            yield Static(id="family-desc")
            with Horizontal(classes="ng-line"):
                yield Label(id="target-label", classes="ng-label")
                yield Input(id="target", type="integer", max_length=6, compact=True)
            with Horizontal(classes="ng-line"):
                yield Label(id="lang-label", classes="ng-label")
                yield Select(
                    [("English", "en"), ("ไทย", "th")],
                    value=self.dapp.settings.lang,
                    allow_blank=False,
                    compact=True,
                    id="lang",
                )
            with Collapsible(id="house", collapsed=True):
                for key in ALL_OPTIONS:
                    with Horizontal(classes="opt-line", id=f"optline-{key}"):
                        yield Input(id=f"opt-{key}", classes="opt-value", compact=True)
                        with Vertical(classes="opt-text"):
                            yield Static(key, classes="opt-key")
                            yield Static(classes="opt-doc", id=f"doc-{key}")
        yield Footer()

    def on_mount(self) -> None:
        self.fill_options(self.setup.ruleset, self.setup.options)
        self.refresh_language()
        self.show_seats(self.player_count())
        self.query_one("#quick", Button).focus()

    def refresh_language(self) -> None:
        localize_bindings(self)
        self.query_one("#ng-title", Static).update(Text(t("ng.title"), style="bold"))
        self.query_one("#quick", Button).label = t("ng.quick")
        self.query_one("#start", Button).label = t("ng.start")
        self.query_one("#resume", Button).label = t("ng.resume")
        self.query_one("#resume", Button).display = self.dapp.has_save()
        self.query_one("#players-label", Label).update(t("ng.players"))
        self.query_one("#ruleset-label", Label).update(t("ng.ruleset"))
        self.query_one("#target-label", Label).update(t("ng.target"))
        self.query_one("#lang-label", Label).update(t("ng.language"))
        family = self.family()
        self.query_one("#house", Collapsible).title = t(
            "ng.house_rules" if family == "dummy" else "ng.options"
        )
        options = kind_options()
        for i in range(4):
            row = self.query_one(f"#seat-row-{i}")
            label = (
                t("ng.seat_team", n=i + 1, team=t(f"team.{i % 2}"))
                if family == "persian"
                else t("ng.seat", n=i + 1)
            )
            row.query_one(".seat-label", Label).update(label)
            select = self.query_one(f"#kind-{i}", Select)
            current = select.value
            select.set_options(options)
            select.value = current
        for key in ALL_OPTIONS:
            self.query_one(f"#doc-{key}", Static).update(t(f"opt.{key}"))
        self.show_description()
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return self.dapp.has_save()
        return True

    def family(self) -> str:
        name = str(self.query_one("#ruleset", Select).value)
        preset = self.presets.get(name)
        return str(preset.family) if preset is not None else "dummy"

    def player_count(self) -> int:
        value = self.query_one("#players", Select).value
        return value if isinstance(value, int) else 4

    def show_description(self) -> None:
        name = self.query_one("#ruleset", Select).value
        family = self.family()
        counts = self.presets[str(name)].player_counts
        about = Text(t(f"family.{family}"))
        if len(counts) == 1:
            about.append("  ")
            about.append(
                t("ng.players_fixed", family=t(f"top.game_{family}"), counts=counts[0]),
                style="bold",
            )
        self.query_one("#family-desc", Static).update(about)
        self.query_one("#ruleset-desc", Static).update(
            Text(
                t(f"preset.{name}")
                if f"preset.{name}" in _preset_keys()
                else str(self.presets[str(name)].description),
                style="dim",
            )
        )

    def fill_options(self, ruleset: str, overrides: dict[str, Any]) -> None:
        preset = self.presets[ruleset]
        values = preset.model_dump()
        values.update(overrides)
        keys = FAMILY_OPTIONS.get(str(preset.family), ())
        for key in ALL_OPTIONS:
            self.query_one(f"#optline-{key}").display = key in keys
            if key in keys and key in values:
                self.query_one(f"#opt-{key}", Input).value = _shown(values[key])
        self.query_one("#target", Input).value = str(values["target_score"])

    def show_seats(self, count: int) -> None:
        for i in range(4):
            self.query_one(f"#seat-row-{i}").display = i < count

    @on(Select.Changed, "#players")
    def players_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self.show_seats(event.value)

    @on(Select.Changed, "#ruleset")
    def ruleset_changed(self, event: Select.Changed) -> None:
        name = str(event.value)
        self.fill_options(name, {})
        counts = self.presets[name].player_counts
        players = self.query_one("#players", Select)
        current = self.player_count()
        players.set_options([(str(n), n) for n in counts])
        players.value = current if current in counts else counts[-1]
        self.show_seats(self.player_count())
        self.refresh_language()

    @on(Select.Changed, "#lang")
    def lang_changed(self, event: Select.Changed) -> None:
        if event.value in LANGS and event.value != self.dapp.settings.lang:
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
        count = self.query_one("#players", Select).value
        assert isinstance(count, int)
        seats = []
        for i in range(count):
            kind = self.query_one(f"#kind-{i}", Select).value
            name = self.query_one(f"#name-{i}", Input).value.strip() or t("ng.seat", n=i + 1)
            if kind == "human":
                seats.append(SeatSetup(name=name, human=True))
            else:
                seats.append(SeatSetup(name=name, level=str(kind)))
        ruleset = str(self.query_one("#ruleset", Select).value)
        preset = self.presets[ruleset].model_dump(mode="json")
        options: dict[str, Any] = {}
        for key in FAMILY_OPTIONS.get(self.family(), ()):
            text = self.query_one(f"#opt-{key}", Input).value.strip()
            try:
                _, value = parse_option_assignment(f"{key}={text}")
            except RulesetError as exc:
                raise ValueError(str(exc)) from None
            if value != preset[key]:
                options[key] = value
        target_text = self.query_one("#target", Input).value.strip()
        try:
            target = int(target_text)
        except ValueError:
            raise ValueError(t("ng.bad_target", value=target_text)) from None
        if target != preset["target_score"]:
            options["target_score"] = target
        try:
            get_ruleset(ruleset, self.rules_path, overrides=options, source=t("ng.ruleset"))
        except RulesetError as exc:
            raise ValueError(str(exc)) from None
        lang = str(self.query_one("#lang", Select).value)
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
            self.query_one("#ng-error", Static).update(Text(str(exc), style="bold red"))
            return
        self.dapp.start_game(setup)

    def action_quick(self) -> None:
        setup = quick_setup(t("seat.you"))
        setup = setup.model_copy(
            update={
                "lang": self.dapp.settings.lang,
                "seed": self.dapp.fixed_seed,
                "rules_path": str(self.rules_path) if self.rules_path else None,
            }
        )
        self.dapp.start_game(setup)

    def action_resume(self) -> None:
        if self.dapp.has_save():
            self.dapp.resume()

    def action_language(self) -> None:
        self.dapp.toggle_language()

    def action_quit(self) -> None:
        self.app.exit()


def kind_options() -> list[tuple[str, str]]:
    return [(t("ng.kind_human"), "human")] + [
        (t("ng.kind_ai", level=t(f"level.{lvl}")), lvl) for lvl in AI_LEVELS
    ]


def _preset_keys() -> set[str]:
    from dummy_tui.ui.i18n import catalog

    return {k for k in catalog("en") if k.startswith("preset.")}
