"""What the player chose and the game remembers (the settings file, the
config file's values over it, the interface's language), held by the app as
its :class:`Preferences` (``app.prefs``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from dummy_tui.config import Config
    from dummy_tui.ui.app import DummyApp
    from dummy_tui.ui.settings import GameSetup, Settings


class Preferences:
    """The settings, read from their file the first time they are needed."""

    def __init__(
        self,
        app: DummyApp,
        settings: Settings | None,
        data: dict[str, Any],
        lang: str,
        config: Config | None,
        force_ascii: bool,
    ) -> None:
        self.app = app
        self._settings = settings
        self.data = data
        """The settings file's data as read (checked when the settings are first needed)."""
        self._lang: Literal["en", "th"] = "th" if lang == "th" else "en"
        self.config = config
        """The config file's values (None: no config file is read for this window)."""
        self.force_ascii = force_ascii
        """--ascii: letters for the suits in this run (not stored)."""

    @property
    def settings(self) -> Settings:
        """The checked settings (read from the file the first time they are needed)."""
        if self._settings is None:
            from dummy_tui.ui.settings import settings_from

            self._settings = settings_from(self.data)
            self._settings.lang = "th" if self._lang == "th" else "en"
            self._settings.theme = self.app.theme
            self.configure(self._settings)
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
        value = self.data.get("ai_delay")
        if isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 5:
            return float(value)
        return 0.7  # Settings.ai_delay's default

    def configure(self, settings: Settings) -> None:
        """The config file's values over what the settings remember."""
        if self.config is not None and self.config.ai_speed is not None:
            settings.ai_delay = self.config.ai_speed

    @property
    def lang(self) -> Literal["en", "th"]:
        """The interface language."""
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        self._lang = "th" if lang == "th" else "en"
        self.settings.lang = self._lang

    def last_setup(self) -> GameSetup | dict[str, Any] | None:
        """The set-up last started: checked if the settings are, else the file's data."""
        if self._settings is not None:
            return self._settings.last_setup
        data = self.data.get("last_setup")
        return data if isinstance(data, dict) else None

    def store(self) -> None:
        """Write the settings to their file (unless this window writes no files)."""
        if self.app.persist:
            from dummy_tui.ui.settings import save_settings

            save_settings(self.settings)
