"""Every rummy family the game plays, registered once.

As python-chess lists its variants and OpenSpiel registers its games, each
family is one :class:`Family` entry below, naming everything the game needs
of it: its ruleset model, its round, its AI players, its presenter, the
account ``replay`` gives of its rounds, and its words in the catalogs.  The
engine's, the AI's and the interface's registries, the commands and the
tests all iterate :data:`FAMILIES`; nothing else lists the families.

Modules are named, not imported: a family's modules load the first time it
is played (a game of Dummy never imports gin's), and this module imports
nothing of the game, so every layer may read it.  Adding a family is adding
an entry here, its modules, its ruleset model to ``rules/schema.py``'s union
(pydantic needs the types written out; a test holds it to this list) and the
catalog entries its :class:`Words` name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal


@dataclass(frozen=True, slots=True)
class Words:
    """A family's entries in the catalogs (``dummy_tui/i18n/*.toml``), written
    out whole so that a search for a key finds where it is used."""

    name: str
    """The family's name (``top.game_dummy``: "Dummy")."""
    about: str
    """One line on how it is played, on the new-game screen."""
    row_title: str = "row.title"
    """The title of the discards spread out (``{n}``: how many)."""
    row_legend: str = "row.legend"
    """Their legend (Dummy's presenter words its own, by the head card)."""
    options: str = "ng.options"
    """The new-game screen's heading of the preset's options."""
    seat: str = "ng.seat"
    """A seat's label on the new-game screen (``{n}``, ``{team}``)."""


@dataclass(frozen=True, slots=True)
class Family:
    """One rummy family: where each part of it lives."""

    name: str
    """The ``family`` of its rulesets, and the name of its module in each
    layer: ``engine/families/<name>.py``, ``ai/<name>/``,
    ``ui/presenters/<name>.py``."""
    rules: str
    """Its ruleset model, a class of ``dummy_tui.rules.schema``."""
    round_class: str
    """Its :class:`~dummy_tui.engine.round.Round`, in its engine module."""
    presenter_class: str
    """Its presenter on the table screen, in its presenter module."""
    words: Words
    account: tuple[str, str] = ("dummy_tui.replay", "Account")
    """(module, class) of the account ``replay`` gives of a round."""
    round_won_by: Literal["knock", "going_out"] = "knock"
    """What ending a round is called: a knock, or going out (the history's words)."""
    hint_samples: int | None = None
    """The hint's fixed number of sampled deals or read hands (the ``hard``
    player's ``samples``): the same position always gets the same hint."""
    hard_samples: int | None = None
    """The ``hard`` player's sampled deals per decision unless told otherwise:
    its play is then the same on any machine (None: it thinks by the clock)."""

    @property
    def round(self) -> tuple[str, str]:
        """(module, class) of its round."""
        return f"dummy_tui.engine.families.{self.name}", self.round_class

    @property
    def players(self) -> str:
        """The module of its AI players: ``player(level, seed, budget_ms, samples)``."""
        return f"dummy_tui.ai.{self.name}"

    @property
    def presenter(self) -> tuple[str, str]:
        """(module, class) of its presenter."""
        return f"dummy_tui.ui.presenters.{self.name}", self.presenter_class


DUMMY_HARD_SAMPLES: Final = 128
"""Dummy's ``hard_samples``: the deals of a ``hard`` decision (its search is
sized on them when it thinks by the clock)."""

GIN_READ_SAMPLES: Final = 300
"""Gin's ``hard_samples`` and ``hint_samples``: the opponent hands a ``hard``
decision reads (at most as many when it thinks by the clock)."""

FAMILIES: Final[dict[str, Family]] = {
    f.name: f
    for f in (
        Family(
            name="dummy",
            rules="DummyRules",
            round_class="DummyRound",
            presenter_class="DummyPresenter",
            words=Words(
                name="top.game_dummy",
                about="family.dummy",
                options="ng.options_dummy",
            ),
            account=("dummy_tui.replay", "DummyAccount"),
            hint_samples=16,
            hard_samples=DUMMY_HARD_SAMPLES,
        ),
        Family(
            name="rummy",
            rules="RummyRules",
            round_class="RummyRound",
            presenter_class="RummyPresenter",
            words=Words(name="top.game_rummy", about="family.rummy"),
            round_won_by="going_out",
        ),
        Family(
            name="gin",
            rules="GinRules",
            round_class="GinRound",
            presenter_class="GinPresenter",
            words=Words(name="top.game_gin", about="family.gin"),
            account=("dummy_tui.replay", "GinAccount"),
            hint_samples=GIN_READ_SAMPLES,
            hard_samples=GIN_READ_SAMPLES,
        ),
        Family(
            name="persian",
            rules="PersianRules",
            round_class="PersianRound",
            presenter_class="PersianPresenter",
            words=Words(
                name="top.game_persian",
                about="family.persian",
                row_title="row.title_persian",
                row_legend="row.legend_persian",
                seat="ng.seat_persian",
            ),
            round_won_by="going_out",
        ),
    )
}
"""Every family, by name, in the order the game lists them."""


HOME: Final = "dummy"
"""The family the game is named for: its lessons come first, its words are the
table's own (the others' presenters translate them)."""


def family(name: str) -> Family:
    """The family ``name``; ValueError for a name no family has."""
    found = FAMILIES.get(name)
    if found is None:
        raise ValueError(f"no rummy family named {name!r}")
    return found


__all__ = ["FAMILIES", "HOME", "Family", "Words", "family"]
