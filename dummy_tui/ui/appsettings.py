"""The app's settings, language and looks (theme, colours, suits), its keys
and its command palette: the base the game's :class:`~dummy_tui.ui.app.DummyApp`
is built on."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from textual import events, on
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from dummy_tui.ui.common import describe_bindings
from dummy_tui.ui.i18n import has, key_name, language, set_language, t

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel
    from textual.theme import Theme

    from dummy_tui.config import Config
    from dummy_tui.ui.cardtext import CardLook
    from dummy_tui.ui.settings import GameSetup, Settings

THEMES = ("textual-dark", "textual-light")
"""The dark and the light theme Ctrl+T flips between."""


SCREENSHOT = "dummy-tui-screenshot"
"""The name of the game's own screenshot deliveries (Textual words its own
notice of a delivery named "screenshot", in English and with markup)."""


class SettingsApp(App[int]):
    """What the player chose and the game remembers, and how the table looks."""

    config: Config | None
    _settings: Settings | None
    _settings_data: dict[str, Any]
    _lang: str
    force_ascii: bool
    persist: bool
    keymap: dict[str, str]
    """The keymap given to Textual: the config file's, and the Thai layout's keys."""

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Textual's notice, its message taken as text: a player's name or a
        file's path in it (``[/]``, ``[bold]``) is data, never markup."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette's commands: those of the screen that apply now."""
        from dummy_tui.ui.commands import screen_commands

        return screen_commands(self, screen)

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """F12 and the palette: the screen as a picture (SVG) in the Downloads
        folder, or downloaded by the browser that plays the game."""
        import io
        import time

        name = filename or time.strftime("dummy-tui-%Y%m%d-%H%M%S.svg")
        self.deliver_text(
            io.StringIO(self.export_screenshot()),
            save_directory=path,
            save_filename=name,
            open_method="browser",
            mime_type="image/svg+xml",
            name=SCREENSHOT,
        )

    @on(events.DeliveryComplete)
    def _screenshot_saved(self, event: events.DeliveryComplete) -> None:
        if event.name == SCREENSHOT:
            where = str(event.path) if event.path is not None else t("shot.browser")
            self.notify(t("shot.saved", path=where), timeout=8)

    @on(events.DeliveryFailed)
    def _screenshot_failed(self, event: events.DeliveryFailed) -> None:
        if event.name == SCREENSHOT:
            self.notify(t("shot.failed", problem=str(event.exception)), severity="error")

    def action_command_palette(self) -> None:
        from textual.command import CommandPalette

        from dummy_tui.ui.commands import command_palette

        if self.use_command_palette and not isinstance(self.screen, CommandPalette):
            self.push_screen(command_palette())

    def action_change_theme(self) -> None:
        """Textual's theme picker, its search line in the language."""
        from dummy_tui.ui.commands import command_palette

        self.push_screen(command_palette(themes=True))

    def get_key_display(self, binding: Binding) -> str:
        """A key named by a word (space) in the language of the screen; in Thai
        every key as its key cap names it (Ctrl+L, Esc, Home), not as "^l"."""
        if binding.key_display:
            return binding.key_display
        if language() != "en":
            return key_name(binding.key)
        if has(f"keyname.{binding.key}"):
            return t(f"keyname.{binding.key}")
        return super().get_key_display(binding)

    @property
    def settings(self) -> Settings:
        """The checked settings (read from the file the first time they are needed)."""
        if self._settings is None:
            from dummy_tui.ui.settings import settings_from

            self._settings = settings_from(self._settings_data)
            self._settings.lang = "th" if self._lang == "th" else "en"
            self._settings.theme = self.theme
            self._configure(self._settings)
        return self._settings

    @property
    def ai_delay(self) -> float:
        """The seconds an AI move stays highlighted; before the settings are checked
        (the new-game screen's first frame), read from the file's data as it is,
        so that the first frame does not load pydantic for one number."""
        if self._settings is not None:
            return self._settings.ai_delay
        if self.config is not None and self.config.ai_speed is not None:
            return self.config.ai_speed
        value = self._settings_data.get("ai_delay")
        if isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 5:
            return float(value)
        return 0.7  # Settings.ai_delay's default

    def _configure(self, settings: Settings) -> None:
        """The config file's values over what the settings remember."""
        if self.config is not None and self.config.ai_speed is not None:
            settings.ai_delay = self.config.ai_speed

    @property
    def lang(self) -> str:
        """The interface language."""
        return self._lang

    def last_setup(self) -> GameSetup | dict[str, Any] | None:
        """The set-up last started: checked if the settings are, else the file's data."""
        if self._settings is not None:
            return self._settings.last_setup
        data = self._settings_data.get("last_setup")
        return data if isinstance(data, dict) else None

    @property
    def look(self) -> CardLook:
        from dummy_tui.ui.cardtext import CardLook

        return CardLook(
            ascii=self.settings.ascii or self.force_ascii,
            four_colour=self.settings.four_colour,
            dark=self.current_theme.dark,
        )

    def store_settings(self) -> None:
        if self.persist:
            from dummy_tui.ui.settings import save_settings

            save_settings(self.settings)

    def set_language(self, lang: str) -> None:
        self._lang = "th" if lang == "th" else "en"
        self.settings.lang = "th" if lang == "th" else "en"
        set_language(self._lang)
        self.set_class(self._lang == "th", "-thai")
        self.store_settings()
        describe_bindings(self)
        for screen in self.screen_stack:
            refresh = getattr(screen, "refresh_language", None)
            if refresh is not None:
                refresh()
        self.refresh_bindings()

    def toggle_language(self) -> None:
        self.set_language("en" if self._lang == "th" else "th")

    def action_toggle_language(self) -> None:
        self.toggle_language()

    def action_toggle_theme(self) -> None:
        # the quick flip between Textual's own dark and light, from any theme
        self.theme = THEMES[0] if not self.current_theme.dark else THEMES[1]
        self.settings.theme = self.theme
        self.store_settings()
        self._refresh_table()
        self._tell(t("look.light" if self.theme == THEMES[1] else "look.dark"))

    def theme_changed(self, theme: Theme) -> None:
        """A theme chosen (the picker, Ctrl+T): kept in the settings, the cards redrawn."""
        if self.settings.theme != theme.name:
            self.settings.theme = theme.name
            self.store_settings()
            self._refresh_table()

    def action_toggle_colours(self) -> None:
        self.settings.four_colour = not self.settings.four_colour
        self.store_settings()
        self._refresh_table()
        self._tell(t("look.four" if self.settings.four_colour else "look.two"))

    def action_toggle_ascii(self) -> None:
        # what the table shows now flips, --ascii included (the key is the player's choice)
        self.settings.ascii = not (self.settings.ascii or self.force_ascii)
        self.force_ascii = False
        self.store_settings()
        self._refresh_table()
        self._tell(t("look.letters" if self.settings.ascii else "look.symbols"))

    def _tell(self, text: str) -> None:
        """A look changed: say so briefly (some changes are hard to see at a glance)."""
        self.notify(text, timeout=2)

    def _refresh_table(self) -> None:
        for screen in self.screen_stack:
            if type(screen).__name__ == "TableScreen":
                screen.apply_look()  # type: ignore[attr-defined]
                screen.refresh_language()  # type: ignore[attr-defined]
            elif type(screen).__name__ in (
                "RoundEndScreen",
                "StatsScreen",
                "ViewerScreen",
                "HistoryListScreen",
                "MatchRoundsScreen",
            ):
                screen.refresh_language()  # type: ignore[attr-defined]
