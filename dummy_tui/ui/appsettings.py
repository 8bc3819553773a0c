"""The app's settings, language and looks (theme, colours, suits): the base
the game's :class:`~dummy_tui.ui.app.DummyApp` is built on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import App

from dummy_tui.ui.common import describe_bindings
from dummy_tui.ui.i18n import set_language, t

if TYPE_CHECKING:
    from dummy_tui.config import Config
    from dummy_tui.ui.cardtext import CardLook
    from dummy_tui.ui.settings import GameSetup, Settings

THEMES = ("textual-dark", "textual-light")
"""The dark and the light theme Ctrl+T flips between."""


class SettingsApp(App[int]):
    """What the player chose and the game remembers, and how the table looks."""

    config: Config | None
    _settings: Settings | None
    _settings_data: dict[str, Any]
    _lang: str
    force_ascii: bool
    persist: bool

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
            elif type(screen).__name__ in ("RoundEndScreen", "StatsScreen", "ViewerScreen"):
                screen.refresh_language()  # type: ignore[attr-defined]
