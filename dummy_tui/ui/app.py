"""The Textual application: which screen is up, the start, the language and
the looks, Textual's own commands the game's way, help.

It holds what the player chose in a :class:`~dummy_tui.ui.appsettings.Preferences`
(``app.prefs``) and its saves and history in a
:class:`~dummy_tui.ui.saving.Saver` (``app.saver``)."""

from __future__ import annotations

import gc
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final
from weakref import WeakSet

from textual import events, on
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from dummy_tui.i18n import has, key_name, language, set_keys, set_language, system_language, t
from dummy_tui.storage import read_settings_data, set_aside, settings_path
from dummy_tui.ui.appsettings import Preferences
from dummy_tui.ui.cells import install as keep_thai_marks
from dummy_tui.ui.common import describe_bindings
from dummy_tui.ui.csscache import install as keep_parsed_css
from dummy_tui.ui.csscache import save as save_parsed_css
from dummy_tui.ui.gameapp import GameScreen
from dummy_tui.ui.keys import game_keymap
from dummy_tui.ui.saving import RecoveryDone, Saver, saved_line

if TYPE_CHECKING:
    from textual.dom import DOMNode
    from textual.notifications import SeverityLevel
    from textual.theme import Theme

    from dummy_tui.config import Config
    from dummy_tui.ui.cardtext import CardLook
    from dummy_tui.ui.configcheck import UserThemes
    from dummy_tui.ui.screens.new_game import NewGameScreen
    from dummy_tui.ui.session import Session
    from dummy_tui.ui.settings import GameSetup, Settings

# The new-game screen is drawn without the rules schema, the engine, the AI
# or pydantic: the settings are checked, and the table's modules loaded, when
# a game starts (or in the background just after the first frame).

MIN_WIDTH = 80
MIN_HEIGHT = 24

THEMES = ("textual-dark", "textual-light")
"""The dark and the light theme Ctrl+T flips between."""

SCREENSHOT = "dummy-tui-screenshot"
"""The name of the game's own screenshot deliveries (Textual words its own
notice of a delivery named "screenshot", in English and with markup)."""


RESUME_RESTYLES: Final = "refresh_styles" in vars(events.ScreenResume)
"""This Textual restyles a screen as it is shown, through ``update_styles``
(Textual 6 restyles it another way: nothing to leave out)."""


class DummyApp(App[int]):
    """Dummy (ดัมมี่) in the terminal."""

    CSS_PATH = "dummy.tcss"
    TITLE = "dummy-tui"
    dummy_tui_app: ClassVar[bool] = True  # gameapp.APP_MARK: the screens' dapp knows it
    ENABLE_COMMAND_PALETTE = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help", id="help"),
        Binding("ctrl+t", "toggle_theme", "Theme", id="theme", show=False),
        Binding("ctrl+l", "toggle_language", "ไทย / English", id="language"),
        Binding("ctrl+k", "toggle_colours", "Four colours", id="colours", show=False),
        Binding("ctrl+a", "toggle_ascii", "ASCII suits", id="ascii", show=False),
        Binding("ctrl+q", "quit", "Quit", id="app_quit", show=False, priority=True),
        Binding("ctrl+p", "command_palette", "Commands", id="command_palette", show=False),
        Binding("f12", "screenshot", "Screenshot", id="screenshot", show=False),
    ]

    def __init__(
        self,
        *,
        settings: Settings | None = None,
        setup: GameSetup | None = None,
        resume: bool = False,
        ascii: bool | None = None,
        lang: str | None = None,
        seed: int | None = None,
        rules_path: Path | None = None,
        persist: bool = True,
        session: Session | None = None,
        history: bool | None = None,
        review: Screen[None] | None = None,
        config: Config | None = None,
        lessons: bool = False,
        table: Screen[None] | None = None,
    ) -> None:
        keep_thai_marks()  # a cut between screen regions keeps a letter's marks
        if persist:  # the stylesheets parsed at an earlier start, from the cache folder
            keep_parsed_css()
        self._first_shown: WeakSet[Screen[Any]] = WeakSet()
        super().__init__()
        # nothing the game draws is markup: a string in a rich renderable (a
        # player's name in a table, "[/]" or "[bold]") is drawn as it is
        self.console._markup = False
        self.review = review
        """The replay viewer the app opens with (``replay FILE --view``)."""
        self.lessons = lessons
        """The app opens with the lessons (``dummy-tui learn``)."""
        self.remote_table = table
        """The table the app opens on, played elsewhere (``join``: a hosted table)."""
        data: dict[str, Any] = {} if settings is not None else read_settings_data()
        self._from_file = settings is None  # the settings file is checked after the first frame
        if lang is None:
            lang = settings.lang if settings is not None else str(data.get("lang", ""))
            if settings is None and lang not in ("en", "th"):  # not chosen yet
                lang = system_language()
        self.prefs = Preferences(self, settings, data, lang, config, bool(ascii))
        """What the player chose and the game remembers."""
        if settings is not None:
            settings.lang = self.prefs.lang
        theme = settings.theme if settings is not None else data.get("theme")
        self.user_themes: UserThemes | None = None
        if config is not None:  # the player's own themes (themes/*.toml), offered with Textual's
            from dummy_tui.ui.configcheck import load_user_themes

            self.user_themes = load_user_themes()
            for own in self.user_themes.themes:
                self.register_theme(own)
            if config.theme is not None:
                theme = config.theme
        self.start_setup = setup
        self.want_resume = resume
        self.fixed_seed = seed
        self.rules_path = rules_path
        self.persist = persist
        self.saver = Saver(self, persist if history is None else history)
        """The saves, the history and the records this window writes."""
        self.session: Session | None = session
        self.keymap: dict[str, str] = {}
        """The keymap given to Textual: the config file's, and the Thai layout's keys."""
        set_language(self.prefs.lang)
        self.set_class(self.prefs.lang == "th", "-thai")
        if isinstance(theme, str) and theme in self.available_themes:
            self.theme = theme
        if settings is not None:
            settings.theme = self.theme
            self.prefs.configure(settings)

    # ------------------------------------------------------------------
    # Textual's own, the game's way: notices, the palette, screenshots, key names

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

    def update_styles(self, node: DOMNode, *args: Any, **kwargs: Any) -> None:
        """Textual's restyling of a node whose classes changed, for a node in
        the app's tree only.  Textual styles a widget when it is mounted; before
        that each class it gets (a Button its variant, an Input its validity)
        restyled it for nothing: on the first screen, two dozen times.  (Its
        other arguments are passed on as they come: Textual 6 has none.)"""
        if node is not self and not node.is_attached:
            return
        if (
            RESUME_RESTYLES
            and isinstance(node, Screen)
            and node.stack_updates == 1
            and node not in self._first_shown
        ):
            # a screen's first showing restyles it whole (the restyle its
            # ScreenResume asks for): it was styled as its widgets were mounted,
            # a moment ago (a tenth of the first frame)
            self._first_shown.add(node)
            return
        super().update_styles(node, *args, **kwargs)

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette's commands: those of the screen that apply now."""
        from dummy_tui.ui.commands import screen_commands

        return screen_commands(self, screen)

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        """F12 and the palette: the screen as a picture (SVG) in the Downloads
        folder, or downloaded by the browser that plays the game."""
        import io

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

    # ------------------------------------------------------------------
    # how the cards look, the language

    @property
    def look(self) -> CardLook:
        from dummy_tui.ui.cardtext import CardLook

        return CardLook(
            ascii=self.prefs.settings.ascii or self.prefs.force_ascii,
            four_colour=self.prefs.settings.four_colour,
            dark=self.current_theme.dark,
        )

    def set_language(self, lang: str) -> None:
        prefs = self.prefs
        prefs.lang = "th" if lang == "th" else "en"
        set_language(prefs.lang)
        self.set_class(prefs.lang == "th", "-thai")  # restyles the screen on top
        prefs.store()
        describe_bindings(self)
        for screen in self.screen_stack:
            if screen is not self.screen:  # those under it, shown again without restyling
                self.update_styles(screen)
            refresh = getattr(screen, "refresh_language", None)
            if refresh is not None:
                refresh()
        self.refresh_bindings()

    def toggle_language(self) -> None:
        self.set_language("en" if self.prefs.lang == "th" else "th")

    def action_toggle_language(self) -> None:
        self.toggle_language()

    def action_toggle_theme(self) -> None:
        # the quick flip between Textual's own dark and light, from any theme
        self.theme = THEMES[0] if not self.current_theme.dark else THEMES[1]
        self.prefs.settings.theme = self.theme
        self.prefs.store()
        self._refresh_table()
        self._tell(t("look.light" if self.theme == THEMES[1] else "look.dark"))

    def theme_changed(self, theme: Theme) -> None:
        """A theme chosen (the picker, Ctrl+T): kept in the settings, the cards redrawn."""
        if self.prefs.settings.theme != theme.name:
            self.prefs.settings.theme = theme.name
            self.prefs.store()
            self._refresh_table()

    def action_toggle_colours(self) -> None:
        self.prefs.settings.four_colour = not self.prefs.settings.four_colour
        self.prefs.store()
        self._refresh_table()
        self._tell(t("look.four" if self.prefs.settings.four_colour else "look.two"))

    def action_toggle_ascii(self) -> None:
        # what the table shows now flips, --ascii included (the key is the player's choice)
        self.prefs.settings.ascii = not (self.prefs.settings.ascii or self.prefs.force_ascii)
        self.prefs.force_ascii = False
        self.prefs.store()
        self._refresh_table()
        self._tell(t("look.letters" if self.prefs.settings.ascii else "look.symbols"))

    def _tell(self, text: str) -> None:
        """A look changed: say so briefly (some changes are hard to see at a glance)."""
        self.notify(text, timeout=2)

    def _refresh_table(self) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.look_changed()

    # ------------------------------------------------------------------
    # start-up

    def on_mount(self) -> None:
        remaps = self._apply_config(self.prefs.config) if self.prefs.config is not None else {}
        self.keymap = game_keymap(remaps)
        self.set_keymap(self.keymap)
        set_keys(self.keymap)  # the prompts name the keys as mapped
        describe_bindings(self)
        self.theme_changed_signal.subscribe(self, self.theme_changed)
        # once the first screen is drawn, so that it never competes with it
        self.call_after_refresh(self._first_frame_drawn)
        if self.review is not None:
            self._replace_all(self.review)
        elif self.remote_table is not None:
            self._replace_all(self.remote_table)
        elif self.lessons:
            self.show_lessons()
        elif self.session is not None:
            from dummy_tui.ui.screens.table import TableScreen

            self.saver.hold(self.session)
            self._replace_all(TableScreen(self.session))
        elif self.want_resume:
            self.saver.start_recovery(wait=True)  # a match stopped at its end is finished first
            if not self.resume(said=True):
                self.show_new_game()
        elif self.start_setup is not None:
            self.start_game(self.start_setup)
        elif type(self.screen).__name__ != "NewGameScreen":
            self.show_new_game()
        self.call_after_refresh(self.check_size)

    def _apply_config(self, config: Config) -> dict[str, str]:
        """What the config file says that the app checks; what in the file (and in
        the player's theme files) cannot be used is said once, in the interface's
        language.  Returns the keymap (of known ids and keys only)."""
        from dummy_tui.ui.configcheck import check_config

        for problem in check_config(config, self.user_themes):
            from dummy_tui.logs import logger

            text = problem.text()
            logger.warning("config: %s", text)
            self.notify(text, title=t("config.problem"), severity="warning", timeout=12)
        return dict(config.keymap)

    def _first_frame_drawn(self) -> None:
        gc.enable()  # held off by the command line while the start built it
        self.set_timer(0.2, self._warm)

    def _warm(self) -> None:
        self.run_worker(_warm_imports, thread=True, group="warm")
        if self.review is None:  # a game's start, not the replay viewer's
            self.saver.start_recovery()
        if self.persist and self._from_file:
            self._check_settings()

    def _check_settings(self) -> None:
        """A settings file that cannot be used whole is set aside, and the player told."""
        from dummy_tui.ui.settings import settings_problem

        problem = settings_problem(self.prefs.data)
        if problem is None:
            return
        try:
            moved: Path | str = set_aside(settings_path())
        except OSError:
            moved = settings_path()
        self.notify(
            t("settings.damaged", path=str(moved), problem=problem[:200]),
            severity="warning",
            timeout=12,
        )

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int | None = None, height: int | None = None) -> None:
        width = self.size.width if width is None else width
        height = self.size.height if height is None else height
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        showing = type(self.screen).__name__ == "TooSmallScreen"
        if small and not showing:
            from dummy_tui.ui.screens.modals import TooSmallScreen

            self.push_screen(TooSmallScreen())
        elif not small and showing:
            self.pop_screen()

    def get_default_screen(self) -> Screen[Any]:
        # The new-game screen, when it is what the app opens with, is the base
        # screen itself: no blank screen is made and drawn before it.
        if (
            self.session is None
            and self.review is None
            and not self.lessons
            and not self.want_resume
            and self.start_setup is None
        ):
            return self._new_game_screen()
        return super().get_default_screen()

    def _new_game_screen(self, shown: GameSetup | None = None) -> NewGameScreen:
        """The new-game screen, its form filled in with ``shown`` (else the last set-up)."""
        from dummy_tui.ui.screens.new_game import NewGameScreen

        return NewGameScreen(shown or self.prefs.last_setup(), self.rules_path)

    def show_new_game(self) -> None:
        """A fresh new-game screen in place of every screen (but the base one)."""
        self.session = None
        self.saver.let_go()
        self._replace_all(self._new_game_screen())

    def show_lessons(self) -> None:
        """The guided first game's lessons, over the screen that asked for them."""
        from dummy_tui.ui.screens.lessons import LessonListScreen

        if type(self.screen).__name__ != "LessonListScreen":
            self.push_screen(LessonListScreen())

    def _replace_all(self, screen: Screen[None]) -> None:
        # leave only the base screen below, then show the new one
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)

    def start_game(self, setup: GameSetup) -> None:
        from dummy_tui.ui.screens.table import TableScreen
        from dummy_tui.ui.session import Session

        if self.persist:
            self.prefs.settings.last_setup = setup.model_copy(
                update={"seed": None, "secret_seed": False}
            )
        if any(seat.human for seat in setup.seats):
            self.prefs.settings.games += 1  # the coach's first games (kept with the settings)
        if setup.seed is None and self.fixed_seed is not None:
            setup = setup.model_copy(update={"seed": self.fixed_seed})
        try:
            session = Session.new(setup)
        except Exception as exc:  # a set-up that cannot be played: say so on the form
            self.notify(str(exc), severity="error")
            if type(self.screen).__name__ != "NewGameScreen":
                self.show_new_game()
            return
        self.session = session
        self.saver.hold(session)  # a new match: no other window has it
        self._replace_all(TableScreen(session))
        # the settings (this set-up remembered) and the first save (the seed and
        # the deal) a moment after the table is up: the first frame needs neither
        # the disk writes nor the record module the save loads
        self.call_after_refresh(self.set_timer, 0.3, lambda: self._first_save(session))

    def on_recovery_done(self, message: RecoveryDone) -> None:
        self.saver.recovery_done(message)

    def _first_save(self, session: Session) -> None:
        self.prefs.store()
        self.saver.autosave(session)

    # ------------------------------------------------------------------
    # saving

    def action_help_quit(self) -> None:
        """Ctrl+C leaves, as in any terminal program: the game is saved after every move.

        (In a text field with text selected, Ctrl+C copies it instead.)
        """
        leave = getattr(self.screen, "action_quit_game", None)
        if callable(leave):
            leave()  # saves once more, then exits
        else:
            self.exit()

    def resume(self, uid: str | None = None, said: bool = False) -> bool:
        """Continue saved match ``uid`` (None: the last played that no other
        window plays; ``said``: say which); a damaged save is set aside and
        reported, a match another window plays is not taken."""
        from dummy_tui.ui.screens.table import TableScreen

        session = self.saver.open_saved(uid)
        if session is None:
            return False
        self.session = session
        self._replace_all(TableScreen(session))
        if said:
            self.notify(t("save.resumed", line=saved_line(session.to_save())), timeout=8)
        if session.history_rounds < len(session.finished):
            self.call_after_refresh(self._catch_up, session)
        return True

    def _catch_up(self, session: Session) -> None:
        """A resumed match's finished rounds that a kill or a busy history kept
        from the history: written now, and said."""
        if not self.saver.recording or session is not self.session:
            return
        written = self.saver.recorder.catch_up(session)
        if written:
            self.notify(t("history.caught_up", n=written), timeout=8)
        self.saver.tell_history()

    def show_saved(self) -> None:
        """The list of saved matches over the current screen (Escape goes back)."""
        from dummy_tui.ui.screens.saved_games import SavedGamesScreen

        if type(self.screen).__name__ != "SavedGamesScreen":
            self.push_screen(SavedGamesScreen())

    # ------------------------------------------------------------------
    # the history

    def show_stats(self, session: Session | None = None) -> None:
        """The Statistics screen over the current one (Escape goes back); with the
        ``session`` of a match just over, the chart of its totals first."""
        from dummy_tui.ui.screens.stats import StatsScreen

        if type(self.screen).__name__ == "StatsScreen":
            return
        match = None
        if session is not None:
            match = (session.names, [r.scores for r in session.match.results])
        self.push_screen(StatsScreen(match))

    def show_history(self) -> None:
        """The list of past matches over the current screen (Escape goes back)."""
        from dummy_tui.ui.screens.history_list import HistoryListScreen

        if type(self.screen).__name__ != "HistoryListScreen":
            self.push_screen(HistoryListScreen())

    def on_unmount(self) -> None:
        # the start's tidying uses the history and the saves: it ends before the
        # window lets go of them, never working on after the window has gone
        self.saver.wait_for_recovery()
        self.saver.close_history()
        self.saver.let_go()
        if self.persist:
            save_parsed_css()

    def action_help(self) -> None:
        from dummy_tui.ui.screens.modals import HelpScreen, TooSmallScreen

        if not isinstance(self.screen, HelpScreen | TooSmallScreen):
            # the table and the round end open the help at their game's section
            presenter = getattr(self.screen, "presenter", None)
            section = presenter.help_anchor if presenter else None
            # one help screen, kept: laying the markdown out takes a second or
            # more, so only the first F1 waits for it
            if not self.is_screen_installed("help"):
                self.install_screen(HelpScreen(section), "help")
            else:
                help_screen = self.get_screen("help")
                assert isinstance(help_screen, HelpScreen)
                help_screen.open_at(section)
            self.push_screen("help")


def _warm_imports() -> None:
    """Load what a game needs (the table, the engine, the rules, the AI) off the UI thread."""
    import dummy_tui.ai
    import dummy_tui.engine.record
    import dummy_tui.rules
    import dummy_tui.ui.screens.new_game
    import dummy_tui.ui.screens.table
    import dummy_tui.ui.settings  # noqa: F401
    from dummy_tui.ui.screens.modals import help_markdown, help_sections, help_text

    # F1: the help's markdown parser and its first section, parsed once here
    for part in help_sections(help_text(language()))[:1]:
        help_markdown(part)

    _freeze_once()


_frozen = False


def _freeze_once() -> None:
    """Leave what is loaded by now (the modules loaded after the start, for a
    game: the engine, the rules, the AI, the table) out of every later garbage
    collection, as the entry (:func:`run_app`) does with what the start loads.
    A full collection walks every object still tracked: walking these took
    30–40 ms now and then, a stutter in the middle of a move.  Once a process,
    so that what becomes garbage later (a closed screen) is collected as ever;
    what this keeps is the first screen at most."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.freeze()
