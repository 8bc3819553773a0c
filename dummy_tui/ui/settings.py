"""Settings and saved games: pydantic models at the edge, read and written safely."""

from __future__ import annotations

import contextlib
import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from dummy_tui.i18n import ai_name, system_language
from dummy_tui.problems import NAME_LIMIT, json_problem, unwritable, validation_problem
from dummy_tui.storage import (
    SAVE_FORMAT,
    atomic_write,
    read_settings_data,
    records_dir,
    set_aside,
    settings_path,
)

__all__ = [
    "LANGS",
    "SAVE_FORMAT",
    "GameSetup",
    "SaveGame",
    "SeatSetup",
    "Settings",
    "load_settings",
    "quick_setup",
    "records_dir",
    "save_settings",
    "save_text",
    "set_aside",
    "settings_from",
    "settings_path",
]

LANGS = ("en", "th")

COACH_GAMES = 3
"""The coach is on for a person's first games: this many, unless set on or off."""


class SeatSetup(BaseModel):
    """One seat at the table."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(max_length=NAME_LIMIT)
    """The name shown at the table."""
    human: bool = False
    """A person at this keyboard (hot-seat) rather than an AI player."""
    level: str = "normal"
    """The AI level when not human."""


class GameSetup(BaseModel):
    """Everything needed to start the same match again."""

    model_config = ConfigDict(extra="forbid")

    seats: list[SeatSetup] = Field(min_length=2, max_length=4)
    """The seats in playing order; seat 0 starts the first round."""
    ruleset: str = "dummy"
    """The preset name from rulesets.toml."""
    options: dict[str, Any] = Field(default_factory=dict)
    """Options changed from the preset for this game (target_score included)."""
    seed: int | None = None
    """Seed of the deal and the AI; None draws a fresh one for each game."""
    secret_seed: bool = False
    """The seed was drawn for the match, not chosen: it is its secret key,
    from which each round's deal is drawn one way (no deal seen tells the
    next); it is kept in the save alone, and in the history once the match
    is over.  False for a seed the player chose (``--seed``) and for the
    saves of earlier versions: their deals follow from it as they always did."""
    lang: Literal["en", "th"] = "en"
    """The language the match was started in."""
    rules_path: str | None = None
    """A rulesets file given with --rules, or None for the packaged one."""


def quick_setup(name: str = "You") -> GameSetup:
    """You against three normal AI players, Dummy defaults."""
    return GameSetup(
        seats=[
            SeatSetup(name=name, human=True),
            *(SeatSetup(name=ai_name(i), level="normal") for i in range(3)),
        ]
    )


class Settings(BaseModel):
    """What the player chose last time; kept in the user config folder."""

    model_config = ConfigDict(extra="ignore")

    lang: Literal["en", "th"] = Field(default_factory=system_language)
    """Interface language: the locale's until the player switches (Ctrl+L)."""
    theme: str = "textual-dark"
    """A Textual theme name."""
    four_colour: bool = False
    """Four-colour deck: clubs green, diamonds blue, hearts red, spades plain."""
    ascii: bool = False
    """Suits as letters C D H S."""
    ai_delay: float = Field(default=0.7, ge=0.0, le=5.0)
    """Seconds each AI move stays highlighted."""
    sort: Literal["suit", "rank"] = "suit"
    """How the hand is sorted."""
    last_setup: GameSetup | None = None
    """The set-up of the last game started."""
    history: bool = True
    """Every finished round kept in the history (statistics, replays)."""
    coach: Literal["auto", "on", "off"] = "auto"
    """The coach at the table (what can be done, a question before a risky
    discard): on for the first :data:`COACH_GAMES` games (``auto``), or as
    the player set it (``c`` at the table, or the command palette)."""
    games: int = Field(default=0, ge=0)
    """Games started with a person at the table, counted for the coach."""
    lessons_done: list[str] = Field(default_factory=list)
    """The lessons of the guided first game played to their end (their ids)."""

    @model_validator(mode="before")
    @classmethod
    def _played_before(cls, data: Any) -> Any:
        """Settings of a version that did not count games, from a player who has
        played (a set-up is remembered): no first games left for the coach."""
        if isinstance(data, dict) and "games" not in data and data.get("last_setup"):
            return {**data, "games": COACH_GAMES}
        return data

    @property
    def coach_on(self) -> bool:
        """Is the coach on now?"""
        if self.coach == "auto":
            return self.games <= COACH_GAMES
        return self.coach == "on"


def load_settings() -> Settings:
    """The saved settings, or the defaults if there are none or they cannot be read."""
    return settings_from(read_settings_data())


def settings_problem(data: dict[str, Any]) -> str | None:
    """What is wrong with the settings file whose data :func:`read_settings_data` gave.

    Empty data is all that reading gives for a file that is missing, unreadable
    or not a JSON object: only then is the file looked at again, to say which.
    """
    if not data:
        path = settings_path()
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as exc:
            return f"cannot be read: {getattr(exc, 'strerror', None) or exc}"
        data, problem = json_problem(text)
        if problem is not None:
            return problem
        if not isinstance(data, dict):
            return "not a JSON object"
    problem = unwritable(data)  # settings that could not be saved again
    if problem is not None:
        return problem
    try:
        Settings.model_validate(data)
    except ValidationError as exc:
        return validation_problem(exc)
    return None


def settings_from(data: dict[str, Any]) -> Settings:
    """Settings checked from the file's JSON data; the defaults if they do not pass."""
    if unwritable(data) is not None:
        return Settings()
    try:
        return Settings.model_validate(data)
    except (ValueError, ValidationError):
        return Settings()


def save_settings(settings: Settings) -> None:
    # settings are a convenience: never stop the game over them (ValueError:
    # text UTF-8 cannot hold)
    with contextlib.suppress(OSError, ValueError):
        atomic_write(settings_path(), settings.model_dump_json(indent=2) + "\n")


class SaveGame(BaseModel):
    """A match in progress: its set-up, the finished rounds and the current one."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["dummy-tui-save/1", "dummy-tui-save/2"] = SAVE_FORMAT
    """Version 1 (the one save of earlier versions) is read as it is: it lacks
    ``recorded`` and ``totals``, whose defaults are right for it."""
    setup: GameSetup
    """The set-up, with the seed actually used."""
    first_starter: int = 0
    """The seat that started the first round."""
    rounds: list[dict[str, Any]] = Field(default_factory=list)
    """Each finished round as a game record (records.md)."""
    current: dict[str, Any] | None = None
    """The round being played, as a game record of the moves so far."""
    hand_orders: dict[int, list[int]] = Field(default_factory=dict)
    """Each person's own order of their hand (seat: card numbers), once they
    arranged it; cards no longer held are ignored."""
    history: str | None = Field(default=None, pattern="^[0-9a-f]{32}$")
    """The match's uid in the history, so that a resumed match goes on there."""
    recorded: int = Field(default=0, ge=0)
    """How many of ``rounds`` are known to be in the history: the others are
    written to it at the next chance (the history keeps each round once, so
    one written twice after a crash is kept once)."""
    ended: bool = False
    """The current round is over (saved after its last move): the match may be
    over too, which only replaying it tells."""
    totals: list[int] | None = None
    """Each seat's total so far, as the list of saved games shows it (None:
    not known without replaying the rounds)."""


def save_text(save: SaveGame) -> str:
    """The save as its file holds it."""
    return json.dumps(save.model_dump(mode="json"), ensure_ascii=False) + "\n"
