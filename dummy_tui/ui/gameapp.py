"""The one typed way a screen reaches the game's app (its settings, its saver,
its session): :class:`GameScreen`'s ``dapp``.

Screens never import ``dummy_tui.ui.app`` (which imports the screens): the
app's class is named for the type checker only, and the app is recognised at
run time by the mark it carries.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.screen import Screen

if TYPE_CHECKING:
    from dummy_tui.ui.app import DummyApp

APP_MARK = "dummy_tui_app"
"""The class attribute, true on the game's app, by which ``dapp`` knows it."""


class GameScreen(Screen[None]):
    """A screen of the game's own app."""

    def look_changed(self) -> None:
        """The cards' look changed (theme, colours, suits): a screen that shows
        cards draws them again."""

    def refresh_language(self) -> None:
        """The language changed: a screen with words of its own says them again."""

    @property
    def dapp(self) -> DummyApp:
        """The game's app, typed."""
        app = self.app
        if not getattr(app, APP_MARK, False):
            raise TypeError(f"{type(self).__name__} runs in {type(app).__name__}, not the game")
        return cast("DummyApp", app)


class CardScreen(GameScreen):
    """A game screen whose words name cards: a new look redraws it as a new
    language does."""

    def look_changed(self) -> None:
        self.refresh_language()
