"""The game's binding ids with their default keys, and how a text names a key.

Kept apart from :mod:`dummy_tui.ui.keys` (which builds Textual's keymap) so
that the catalog can name the keys a prompt speaks of ("draw (d)") without
loading Textual: a player who moved draw to j reads "draw (j)".
"""

from __future__ import annotations

DEFAULT_KEYS: dict[str, str] = {
    # the app, on every screen
    "help": "f1",
    "theme": "ctrl+t",
    "language": "ctrl+l",
    "colours": "ctrl+k",
    "ascii": "ctrl+a",
    "app_quit": "ctrl+q",
    "command_palette": "ctrl+p",
    "screenshot": "f12",
    # the table
    "draw": "d",
    "pick": "p",
    "take_top": "p",
    "meld": "m",
    "layoff": "f",
    "discard": "x",
    "knock": "k",
    "show": "w",
    "end_round": "o",
    "pass": "o",
    "undo": "u",
    "hint": "h",
    "sort": "s",
    "scores": "t",
    "coach": "c",
    "instant": "full_stop",
    "faster": "plus,equals_sign",
    "slower": "minus",
    "export": "e",
    "melds_up": "pageup",
    "melds_down": "pagedown",
    "quit": "q",
    "chat": "slash",
    # the hand and the discard row
    "select": "space",
    "move_left": "shift+left,less_than_sign",
    "move_right": "shift+right,greater_than_sign",
    "take": "enter",
    "back": "escape",
    # the new-game screen
    "quick": "g",
    "start": "ctrl+s",
    "resume": "r",
    "statistics": "s",
    "history": "h",
    "leave": "escape",
    "learn": "l",
    "host_table": "o",
    "join_table": "j",
    # a lesson (dummy-tui learn): the table's keys, and these
    "lessons": "escape",
    "next_lesson": "enter",
    "again": "r",
    # the round end
    "next_round": "enter",
    "new_game": "n",
    "review": "r",
    # the replay viewer and the statistics
    "step_back": "left",
    "step_on": "right",
    "to_deal": "home",
    "to_end": "end",
    "back_q": "q",
    # the history list
    "next_page": "n",
    "prev_page": "p",
    # the saved games
    "delete_save": "delete,d",
    # the dialogs
    "cancel": "escape",
    "show_cards": "enter",
    "small_quit": "q",
    "close": "escape",
    "close_f1": "f1",
    "close_q": "q",
}
"""Every binding id and its keys, as the screens bind them."""

_TABLE_IDS = (
    "draw", "pick", "take_top", "meld", "layoff", "discard", "knock", "show",
    "end_round", "pass", "undo", "hint", "sort", "scores", "coach", "instant", "faster",
    "slower", "export", "melds_up", "melds_down", "quit",
    "select", "move_left", "move_right", "take", "back",
)  # fmt: skip
"""The ids of the table screen, its hand and its row."""

KEY_GROUPS: dict[str, tuple[str, ...]] = {
    "table": _TABLE_IDS,
    "remote_table": (*_TABLE_IDS, "chat"),
    "new_game": (
        "quick", "start", "resume", "statistics", "history", "leave", "language", "learn",
        "host_table", "join_table",
    ),
    "lesson": (*_TABLE_IDS, "lessons"),
    "lesson_end": ("next_lesson", "again", "lessons"),
    "lessons": ("back",),
    "round_end": ("next_round", "new_game", "review", "statistics", "export", "quit"),
    "statistics": ("history", "back", "back_q"),
    "viewer": ("step_back", "step_on", "to_deal", "to_end", "back", "back_q"),
    "history": ("next_page", "prev_page", "back", "back_q"),
    "saved_games": ("delete_save", "back", "back_q"),
    "choice": ("cancel",),
    "help": ("close", "close_f1", "close_q"),
    "privacy": ("show_cards",),
    "too_small": ("small_quit",),
}  # fmt: skip
"""The ids that answer on one screen together (besides the app's own, which
answer everywhere): two of them on one key would take it from each other."""
APP_IDS = (
    "help",
    "theme",
    "language",
    "colours",
    "ascii",
    "app_quit",
    "command_palette",
    "screenshot",
)

SYMBOLS = {
    "full_stop": ".",
    "plus": "+",
    "minus": "−",
    "equals_sign": "=",
    "less_than_sign": "<",
    "greater_than_sign": ">",
    "slash": "/",
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
}
"""Keys Textual names by a word that a text writes as their sign."""

# how an English text writes a key that Textual names by a word
_SHOWN = {"full_stop": ".", "plus": "+", "minus": "−", "escape": "Esc", "enter": "Enter"}


def shown_key(keys: str) -> str:
    """The first of ``keys`` ("x,ฉ", "ctrl+s") as a prompt writes it ("x", "^s")."""
    first = keys.split(",")[0].strip()
    if first.startswith("ctrl+"):
        return "^" + _SHOWN.get(first[5:], first[5:])
    return _SHOWN.get(first, first)
